package pass_test

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/pass"
)

func TestCLOptions(t *testing.T) {
	tests := []struct {
		args     []string
		pipeline string // "" when Configure fails
		err      string
	}{
		{[]string{"--test-count", "--test-func-only", "--test-count=remark=true"},
			"builtin.module(test-count{remark=false},test.func(test-func-only),test-count{remark=true})", ""},
		{[]string{"-canonicalize=max-iterations=3 top-down=false", "--cse"},
			"builtin.module(canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false},cse)", ""},
		{[]string{"--test-cleanup"}, "builtin.module(test-rename,test-erase)", ""},
		{[]string{"-p", "builtin.module(test.func(test-rename))"}, "builtin.module(test.func(test-rename))", ""},
		{[]string{"--pass-pipeline=builtin.module(cse)", "--cse"}, "", "'-pass-pipeline' option can't be used with individual pass options"},
		{[]string{"--test-count=foo=3"}, "", "<Pass-Options-Parser>: no such option foo"},
		{[]string{"--mlir-timing-display=flat"}, "", "for the --mlir-timing-display option: Cannot find option named 'flat'!"},
	}
	for _, tc := range tests {
		var o pass.CLOptions
		fs := flag.NewFlagSet("strata-opt", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		o.Register(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		pm := pass.NewManager(newContext(), "builtin.module")
		err := o.Configure(pm)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%v: error %v, want %s", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		if got := pm.String(); got != tc.pipeline {
			t.Errorf("%v:\n got %s\nwant %s", tc.args, got, tc.pipeline)
		}
	}

	// The IR printing, threading and timing flags.
	var o pass.CLOptions
	fs := flag.NewFlagSet("strata-opt", flag.ContinueOnError)
	o.Register(fs)
	args := []string{"--mlir-print-ir-after=test-rename", "--mlir-print-ir-after", "test-erase", "--mlir-disable-threading",
		"--verify-each=false", "--mlir-timing", "--mlir-timing-display=list", "--mlir-pass-statistics-display=list",
		"-p", "builtin.module(test.func(test-rename,test-erase,test-count))"}
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	ctx := newContext()
	pm := pass.NewManager(ctx, "builtin.module")
	if err := o.Configure(pm); err != nil {
		t.Fatal(err)
	}
	if !pm.DisableThreading || pm.VerifyEach || o.NewTiming().Display != pass.TimingList || o.StatisticsMode() != pass.StatisticsList {
		t.Errorf("flags not applied: %+v", o)
	}
	var out bytes.Buffer
	pm.Output = &out
	if err := pm.Run(parse(t, ctx, funcs(1))); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); strings.Count(got, "IR Dump After") != 2 || !strings.Contains(got, "IR Dump After TestErase (test-erase)") {
		t.Errorf("IR dumps:\n%s", got)
	}
}

func TestHelp(t *testing.T) {
	var b bytes.Buffer
	pass.WriteHelp(&b, 40)
	// The '-' of every description is at column 40, as mlir-opt aligns
	// them; enum values sit 6 columns left.
	for _, want := range []string{
		"    Passes:\n",
		fmt.Sprintf("%-40s-   Canonicalize operations\n", "      --canonicalize"),
		fmt.Sprintf("%-39s - Max. iterations between applying patterns / simplifying regions\n", "        --max-iterations=<long>"),
		fmt.Sprintf("%-39s - Perform control flow optimizations to the region tree\n", "        --region-simplify=<value>"),
		fmt.Sprintf("%-33s -   Don't run any control-flow simplification.\n", "    =disabled"),
		"    Pass Pipelines:\n",
		fmt.Sprintf("%-40s-   Rename and erase\n", "      --test-cleanup"),
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, b.String())
		}
	}
	if w := pass.HelpWidth(); w < len("        --inlining-threshold=<ulong>") {
		t.Errorf("HelpWidth = %d", w)
	}
	r, ok := pass.Lookup("canonicalize")
	if !ok || len(r.Options()) != 7 || r.Summary != "Canonicalize operations" {
		t.Errorf("Lookup(canonicalize) = %+v", r)
	}
	if _, ok := pass.LookupPipeline("test-cleanup"); !ok {
		t.Error("LookupPipeline(test-cleanup) failed")
	}
}
