package irdl_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// update rewrites the golden files that Strata itself produces (the toy
// dialect's); goldens produced by mlir-opt-22 are never rewritten here.
var update = os.Getenv("STRATA_UPDATE_GOLDEN") == "1"

// newContext returns a context like strata-opt's with the definition
// files loaded.
func newContext(t testing.TB, defs ...string) *ir.Context {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, d := range defs {
		src, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		if err := irdl.Load(ctx, d, src); err != nil {
			t.Fatalf("loading %s: %v", d, err)
		}
	}
	return ctx
}

// strata runs the driver in process with the definition files loaded.
func strata(t testing.TB, defs []string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := opt.Run(newContext(t, defs...), args, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

func mlirOpt(t testing.TB, args ...string) (string, string, int) {
	t.Helper()
	return testutil.Run(t, testutil.Tool(t, "mlir-opt-22"), args...)
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func mustRun(t *testing.T, defs []string, args ...string) string {
	t.Helper()
	out, errs, code := strata(t, defs, args...)
	if code != 0 {
		t.Fatalf("strata-opt %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	return out
}

var toyDefs = []string{filepath.Join("testdata", "toy.irdl")}

// TestToyRoundTrip parses the toy dialect's custom syntax, prints it back
// (custom and generic), and checks both forms parse to the same output.
func TestToyRoundTrip(t *testing.T) {
	in := filepath.Join("testdata", "toy.mlir")
	custom := mustRun(t, toyDefs, in)
	golden(t, filepath.Join("testdata", "toy.custom.mlir"), custom)
	generic := mustRun(t, toyDefs, "--mlir-print-op-generic", in)
	golden(t, filepath.Join("testdata", "toy.generic.mlir"), generic)
	// The printed forms read back to the same IR.
	if again := mustRun(t, toyDefs, filepath.Join("testdata", "toy.custom.mlir")); again != custom {
		t.Errorf("custom form does not round-trip:\n%s", again)
	}
	if again := mustRun(t, toyDefs, "--mlir-print-op-generic", filepath.Join("testdata", "toy.generic.mlir")); again != generic {
		t.Errorf("generic form does not round-trip:\n%s", again)
	}
	if again := mustRun(t, toyDefs, filepath.Join("testdata", "toy.generic.mlir")); again != custom {
		t.Errorf("generic input does not print the custom form:\n%s", again)
	}
}

// TestToyGenericMatchesMLIR checks that the generic form Strata prints
// for the toy operations is what mlir-opt-22 prints for the same
// operations, which it treats as unregistered.
func TestToyGenericMatchesMLIR(t *testing.T) {
	path := filepath.Join("testdata", "toy.generic.mlir")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--mlir-print-debuginfo"}} {
		args := append([]string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}, extra...)
		got, errs, code := mlirOpt(t, append(args, path)...)
		if code != 0 {
			t.Fatalf("mlir-opt-22: %s", errs)
		}
		ours := mustRun(t, toyDefs, append(args, path)...)
		if len(extra) == 0 && got != string(want) {
			t.Errorf("mlir-opt-22 prints the toy generic form differently:\n%s", got)
		}
		if ours != got {
			t.Errorf("strata-opt %v differs from mlir-opt-22:\n--- strata\n%s\n--- mlir-opt\n%s", extra, ours, got)
		}
	}
}

// TestToyDiagnostics checks constraint, trait and syntax errors with
// --verify-diagnostics.
func TestToyDiagnostics(t *testing.T) {
	_, errs, code := strata(t, toyDefs, "--verify-diagnostics", "--split-input-file", filepath.Join("testdata", "toy-invalid.mlir"))
	if code != 0 {
		t.Fatalf("diagnostics differ:\n%s", errs)
	}
}

// TestLoadDialectFlag runs the --load-dialect flag of the driver.
func TestLoadDialectFlag(t *testing.T) {
	var out, errb bytes.Buffer
	ctx := ir.NewContext()
	all.Register(ctx)
	code := opt.Run(ctx, []string{"--load-dialect=" + toyDefs[0],
		filepath.Join("testdata", "toy.mlir")}, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want, _ := os.ReadFile(filepath.Join("testdata", "toy.custom.mlir"))
	if out.String() != string(want) {
		t.Errorf("output differs:\n%s", out.String())
	}
	// A bad definition file is reported with its location.
	bad := filepath.Join(t.TempDir(), "bad.irdl")
	os.WriteFile(bad, []byte("dialect d {\n  op x { traits [Frob] }\n}\n"), 0o644)
	errb.Reset()
	code = opt.Run(ir.NewContext(), []string{"--load-dialect=" + bad, "-"}, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code == 0 || !strings.Contains(errb.String(), "bad.irdl:2:18: error: unknown trait 'Frob'") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// TestToyEffects checks the memory effects declared with `effects`.
func TestToyEffects(t *testing.T) {
	ctx := newContext(t, toyDefs...)
	src := `func.func @f(%m: memref<4xf32>, %n: memref<4xf32>, %a: f32) {
  %t = toy.copy_async %m[] to %n : memref<4xf32>, memref<4xf32>
  %s = toy.add %a, %a : f32
  toy.wait %t
  return
}`
	s, err := asm.Parse(ctx, []byte(src), asm.Config{Filename: "e.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	fn := s.Block.First()
	body := fn.Region(0).First()
	copyOp := body.First()
	effs, known := copyOp.Effects()
	if !known || len(effs) != 2 || effs[0].Kind != ir.EffectRead || effs[0].Value != body.Argument(0) ||
		effs[1].Kind != ir.EffectWrite || effs[1].Value != body.Argument(1) {
		t.Errorf("copy_async effects: %v %v", effs, known)
	}
	if effs, known := copyOp.Next().Effects(); !known || len(effs) != 0 {
		t.Errorf("add (Pure) effects: %v %v", effs, known)
	}
	if _, known := copyOp.Next().Next().Effects(); known {
		t.Errorf("wait should have unknown effects")
	}
}
