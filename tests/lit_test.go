// Package tests runs Strata's lit-style tests: .mlir files whose `// RUN:`
// lines invoke strata-opt (in process) and whose CHECK lines are matched
// with internal/filecheck. Each RUN line whose output is checked is also
// run through mlir-opt-22 and the outputs compared, so every test input
// doubles as a differential test against the reference.
package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// runLine is one parsed RUN line: `[not] strata-opt ARGS %s [2>&1]
// [| FileCheck %s [--check-prefix=P]]`.
type runLine struct {
	args        []string
	expectFail  bool
	mergeStderr bool
	check       bool
	prefix      string
}

func parseRunLines(t *testing.T, src, path string) []runLine {
	var runs []runLine
	var cont string
	for _, l := range strings.Split(src, "\n") {
		i := strings.Index(l, "// RUN:")
		if i < 0 {
			continue
		}
		text := strings.TrimSpace(l[i+len("// RUN:"):])
		if strings.HasSuffix(text, "\\") {
			cont += strings.TrimSuffix(text, "\\") + " "
			continue
		}
		text = cont + text
		cont = ""
		var r runLine
		stages := strings.Split(text, "|")
		fields := testutil.ShellSplit(stages[0])
		if len(fields) > 0 && fields[0] == "not" {
			r.expectFail = true
			fields = fields[1:]
		}
		if len(fields) == 0 || fields[0] != "strata-opt" {
			t.Fatalf("%s: unsupported RUN line %q", path, text)
		}
		for _, f := range fields[1:] {
			switch f {
			case "%s":
				r.args = append(r.args, path)
			case "2>&1":
				r.mergeStderr = true
			default:
				r.args = append(r.args, f)
			}
		}
		if len(stages) > 1 {
			fc := strings.Fields(stages[1])
			if len(fc) == 0 || fc[0] != "FileCheck" {
				t.Fatalf("%s: unsupported pipe stage %q", path, stages[1])
			}
			r.check = true
			r.prefix = "CHECK"
			for _, f := range fc[1:] {
				if p, ok := strings.CutPrefix(f, "--check-prefix="); ok {
					r.prefix = p
				}
			}
		}
		runs = append(runs, r)
	}
	return runs
}

func newContext() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	return ctx
}

func TestLit(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("*", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	mlirOpt := testutil.LookTool("mlir-opt-22")
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			runs := parseRunLines(t, src, path)
			if len(runs) == 0 {
				t.Fatalf("%s has no RUN line", path)
			}
			for _, r := range runs {
				var out, errb bytes.Buffer
				code := opt.Run(newContext(), r.args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
				if (code != 0) != r.expectFail {
					t.Fatalf("strata-opt %v: exit %d\nstderr:\n%s", r.args, code, errb.String())
				}
				got := out.String()
				if r.mergeStderr {
					got += errb.String()
				}
				if r.check {
					if err := filecheck.Match(got, filecheck.Parse(src, r.prefix)); err != nil {
						t.Errorf("strata-opt %v: %v\noutput:\n%s", r.args, err, got)
					}
				}
				if !r.check || r.mergeStderr || strings.Contains(src, "// NO-DIFF") {
					continue
				}
				if mlirOpt == "" {
					if testutil.InCI() {
						t.Fatal("mlir-opt-22 is required under CI=true")
					}
					continue
				}
				cmd := exec.Command(mlirOpt, r.args...)
				var want bytes.Buffer
				cmd.Stdout = &want
				cmd.Stderr = &bytes.Buffer{}
				_ = cmd.Run()
				if diff := cmp.Diff(want.String(), out.String()); diff != "" {
					t.Errorf("strata-opt %v differs from mlir-opt-22 (-mlir-opt +strata-opt):\n%s", r.args, diff)
				}
			}
		})
	}
}
