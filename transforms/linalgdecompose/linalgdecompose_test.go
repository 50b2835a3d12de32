package linalgdecompose_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/semcheck"
	"github.com/strata-ir/strata/transforms/linalgdecompose"
)

// inputs are programs with aggregated operations; each is decomposed and
// compared with mlir-opt-22 applying transform.structured.decompose_interface.
var inputs = []struct{ name, src string }{
	{"static-2d", `func.func @f(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %init = tensor.empty() : tensor<3x5xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x5xf32>) outs(%init : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}`},
	{"dynamic-f16-dim0", `func.func @f(%x: tensor<?x?x?xf16>, %o: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %r = linalg.softmax dimension(0) ins(%x : tensor<?x?x?xf16>) outs(%o : tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  return %r : tensor<?x?x?xf16>
}`},
	{"mixed-f64-bf16", `func.func @f(%x: tensor<2x?x4x?xf64>, %o: tensor<2x?x4x?xf64>, %y: tensor<7xbf16>, %p: tensor<7xbf16>) -> (tensor<2x?x4x?xf64>, tensor<7xbf16>) {
  %r = linalg.softmax dimension(2) ins(%x : tensor<2x?x4x?xf64>) outs(%o : tensor<2x?x4x?xf64>) -> tensor<2x?x4x?xf64>
  %s = linalg.softmax dimension(0) ins(%y : tensor<7xbf16>) outs(%p : tensor<7xbf16>) -> tensor<7xbf16>
  return %r, %s : tensor<2x?x4x?xf64>, tensor<7xbf16>
}`},
	{"nested-and-chained", `func.func @f(%x: tensor<4x4xf32>, %c: i1) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %r = scf.if %c -> tensor<4x4xf32> {
    %a = linalg.softmax dimension(0) ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %b = linalg.softmax dimension(1) ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %b : tensor<4x4xf32>
  } else {
    scf.yield %x : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}`},
}

func run(t *testing.T, src string, generic bool) string {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "input.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	linalgdecompose.Run(ctx, m)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("the decomposition does not verify: %v", err)
	}
	var sb strings.Builder
	if err := asm.Print(&sb, m, asm.PrintOptions{Generic: generic}); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// TestMatchesTransformInterpreter compares the pass's output, custom and
// generic, with mlir-opt-22 running the decompose_interface script of
// run/testdata/decompose.mlir.
func TestMatchesTransformInterpreter(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	script := filepath.Join(testutil.RepoRoot(), "run", "testdata", "decompose.mlir")
	dir := t.TempDir()
	for _, in := range inputs {
		for _, generic := range []bool{false, true} {
			t.Run(in.name+map[bool]string{false: "/custom", true: "/generic"}[generic], func(t *testing.T) {
				got := run(t, in.src, generic)
				if strings.Contains(got, "linalg.softmax") {
					t.Errorf("linalg.softmax left:\n%s", got)
				}
				f := filepath.Join(dir, in.name+".mlir")
				if err := os.WriteFile(f, []byte(in.src), 0o644); err != nil {
					t.Fatal(err)
				}
				args := []string{"--transform-preload-library=transform-library-paths=" + script, "--transform-interpreter", f}
				if generic {
					args = append(args, "--mlir-print-op-generic")
				}
				want, err := exec.Command(mlirOpt, args...).Output()
				if err != nil {
					t.Fatalf("mlir-opt-22: %v", err)
				}
				if diff := cmp.Diff(string(want), got); diff != "" {
					t.Errorf("differs from mlir-opt-22 (-mlir-opt +strata):\n%s", diff)
				}
			})
		}
	}
}

// TestLeavesOthersAlone checks that a softmax on buffers (which upstream's
// decomposition, written for tensors, does not handle) is kept.
func TestLeavesOthersAlone(t *testing.T) {
	src := `func.func @f(%x: memref<3x5xf32>, %o: memref<3x5xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf32>) outs(%o : memref<3x5xf32>)
  return
}
`
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "input.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var before strings.Builder
	if err := asm.Print(&before, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	got := run(t, src, false)
	if diff := cmp.Diff(before.String(), got); diff != "" {
		t.Errorf("a softmax on buffers changed (-want +got):\n%s", diff)
	}
}

// TestKeepsSemantics runs the pass under translation validation on the
// softmax and attention examples: @main prints the same before and after.
func TestKeepsSemantics(t *testing.T) {
	for _, e := range []string{"softmax", "attention"} {
		t.Run(e, func(t *testing.T) {
			path := filepath.Join(testutil.RepoRoot(), "examples", e, e+".mlir")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
			if err != nil {
				t.Fatal(err)
			}
			r, err := semcheck.Validate(ctx, m, "func.func("+linalgdecompose.Argument+")", "main")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil {
				t.Fatalf("%v\n%v", r.Failure, r.Failure.Notes)
			}
			if r.PassError != nil {
				t.Fatal(r.PassError)
			}
			if diff := cmp.Diff([]string{linalgdecompose.Argument}, r.Validated); diff != "" {
				t.Errorf("validated passes (-want +got):\n%s", diff)
			}
		})
	}
}
