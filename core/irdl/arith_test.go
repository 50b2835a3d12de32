package irdl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
)

// arithDefs is empty: the arith dialect (dialects/arith/arith.irdl) is
// registered by all.Register, so these tests exercise the shipped
// definitions.
var arithDefs []string

// TestArithSlice checks that the arith slice defined in arith.irdl prints
// exactly what mlir-opt-22 prints (testdata/arith.{custom,generic}.mlir
// hold mlir-opt-22's output), and that mlir-opt-22 still does.
func TestArithSlice(t *testing.T) {
	in := filepath.Join("testdata", "arith.mlir")
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"arith.custom.mlir", nil},
		{"arith.generic.mlir", []string{"--mlir-print-op-generic"}},
		{"arith.generic.mlir", []string{"--mlir-print-op-generic", filepath.Join("testdata", "arith.custom.mlir")}},
	} {
		args := c.args
		if len(args) < 2 {
			args = append(args, in)
		}
		got := mustRun(t, arithDefs, args...)
		want, err := os.ReadFile(filepath.Join("testdata", c.golden))
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("strata-opt %v differs from %s:\n%s", args, c.golden, got)
		}
	}
	if testutil.LookTool("mlir-opt-22") != "" {
		for _, g := range []struct {
			golden string
			args   []string
		}{{"arith.custom.mlir", nil}, {"arith.generic.mlir", []string{"--mlir-print-op-generic"}}} {
			out, errs, code := mlirOpt(t, append(g.args, in)...)
			want, _ := os.ReadFile(filepath.Join("testdata", g.golden))
			if code != 0 || out != string(want) {
				t.Errorf("mlir-opt-22 no longer prints %s (%s)", g.golden, errs)
			}
		}
	}
}

// TestArithDiagnostics checks the slice's errors against the texts of
// mlir-opt-22, which passes the same file.
func TestArithDiagnostics(t *testing.T) {
	path := filepath.Join("testdata", "arith-invalid.mlir")
	_, errs, code := strata(t, arithDefs, "--verify-diagnostics", "--split-input-file", path)
	if code != 0 {
		t.Fatalf("diagnostics differ:\n%s", errs)
	}
	if testutil.LookTool("mlir-opt-22") != "" {
		if _, errs, code := mlirOpt(t, "--verify-diagnostics", "--split-input-file", path); code != 0 {
			t.Errorf("mlir-opt-22 disagrees with arith-invalid.mlir:\n%s", errs)
		}
	}
}

// arithCorpus are upstream test inputs whose operations are all in the
// arith slice, func, builtin, or unregistered dialects. cse marks those
// whose recorded pass output (cse) depends only on these operations.
var arithCorpus = []struct {
	name string
	cse  bool
}{
	{"Dialect/Func/duplicate-function-elimination.001", false},
	{"Transforms/cse.000", true}, {"Transforms/cse.002", true}, {"Transforms/cse.003", true},
	{"Transforms/cse.005", true}, {"Transforms/cse.012", true}, {"Transforms/cse.014", false},
	{"Transforms/cse.015", false}, {"Transforms/cse.016", true}, {"Transforms/cse.026", true},
	{"Transforms/cse.027", false}, {"Transforms/cse.028", true}, {"Transforms/cse.029", true},
	{"Transforms/cse.030", true},
}

// TestArithCorpus compares strata-opt with the arith slice loaded against
// mlir-opt-22's recorded output for upstream inputs: custom form, generic
// form, and the output of the cse pass.
func TestArithCorpus(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	for _, entry := range arithCorpus {
		name := entry.name
		t.Run(name, func(t *testing.T) {
			in := filepath.Join(root, name+".input.mlir")
			for _, c := range []struct {
				suffix string
				args   []string
			}{
				{".custom.mlir", nil},
				{".generic.mlir", []string{"--mlir-print-op-generic"}},
				{".pass.mlir", []string{"--pass-pipeline=builtin.module(func.func(cse))"}},
			} {
				if c.suffix == ".pass.mlir" && !entry.cse {
					continue
				}
				want, err := os.ReadFile(filepath.Join(root, name+c.suffix))
				if err != nil {
					t.Fatal(err)
				}
				args := append([]string{"--allow-unregistered-dialect"}, c.args...)
				got := mustRun(t, arithDefs, append(args, in)...)
				if strings.TrimSpace(got) != strings.TrimSpace(string(want)) {
					t.Errorf("%s differs:\n--- strata\n%s\n--- mlir-opt-22\n%s", c.suffix, got, want)
				}
			}
		})
	}
}
