package asm_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden parses the `input.mlir` section of every archive in
// testdata/golden and compares the custom, generic and debug-info printings
// with the archive's other sections. Run with -update to regenerate them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	modes := []struct {
		section string
		opts    asm.PrintOptions
	}{
		{"custom", asm.PrintOptions{}},
		{"generic", asm.PrintOptions{Generic: true}},
		{"debuginfo", asm.PrintOptions{Generic: true, DebugInfo: true}},
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			for _, fl := range ar.Files {
				if fl.Name == "input.mlir" {
					input = fl.Data
				}
			}
			if input == nil {
				t.Fatal("no input.mlir section")
			}
			ctx := ir.NewContext()
			ctx.AllowUnregisteredDialects = true
			builtin.Register(ctx)
			mod, res, err := asm.ParseModule(ctx, input, asm.Config{Filename: "input.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(mod); err != nil {
				t.Fatal(err)
			}
			got := map[string][]byte{}
			for _, m := range modes {
				var buf bytes.Buffer
				opts := m.opts
				opts.Resources = res
				if err := asm.Print(&buf, mod, opts); err != nil {
					t.Fatal(err)
				}
				got[m.section] = buf.Bytes()
			}
			if *update {
				out := &txtar.Archive{Comment: ar.Comment, Files: []txtar.File{{Name: "input.mlir", Data: input}}}
				for _, m := range modes {
					out.Files = append(out.Files, txtar.File{Name: m.section, Data: got[m.section]})
				}
				if err := os.WriteFile(f, txtar.Format(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, fl := range ar.Files {
				if fl.Name == "input.mlir" {
					continue
				}
				if diff := cmp.Diff(string(fl.Data), string(got[fl.Name])); diff != "" {
					t.Errorf("%s differs (-golden +got):\n%s", fl.Name, diff)
				}
			}
			compareWithMLIROpt(t, input, got)
		})
	}
}

// compareWithMLIROpt checks the golden outputs against mlir-opt-22 when it
// is installed (under CI=true it must be).
func compareWithMLIROpt(t *testing.T, input []byte, got map[string][]byte) {
	tool := testutil.LookTool("mlir-opt-22")
	if tool == "" {
		if testutil.InCI() {
			t.Fatal("mlir-opt-22 is required under CI=true")
		}
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "input.mlir")
	if err := os.WriteFile(in, input, 0o644); err != nil {
		t.Fatal(err)
	}
	for section, flags := range map[string][]string{
		"custom":    nil,
		"generic":   {"--mlir-print-op-generic"},
		"debuginfo": {"--mlir-print-op-generic", "--mlir-print-debuginfo"},
	} {
		cmd := exec.Command(tool, append([]string{"--allow-unregistered-dialect", "input.mlir"}, flags...)...)
		cmd.Dir = dir
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("mlir-opt-22 %v: %v", flags, err)
		}
		if diff := cmp.Diff(string(want), string(got[section])); diff != "" {
			t.Errorf("%s differs from mlir-opt-22 (-mlir-opt +strata):\n%s", section, diff)
		}
	}
}
