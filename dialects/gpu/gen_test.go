package gpu_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/gpu"
)

// TestGeneratedFresh checks that gpu_gen.go is what strata-tblgen makes of
// gpu.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "gpu.irdl", "gpu_gen.go", "gpu")
}

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	gpu.Register(ctx)
	return ctx
}

// TestDiagnostics checks the errors of invalid gpu operations.
func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"dimension", `gpu.module @m {
  gpu.func @f() {
    %0 = gpu.thread_id w
    gpu.return
  }
}`, "expected one of [x, y, z] for a dimension for GPU launches"},
		{"shuffle mode", `func.func @f(%a: f32, %o: i32) {
  %0, %1 = gpu.shuffle left %a, %o, %o : f32
  return
}`, "expected one of [xor, up, down, idx] for the shuffle mode"},
		{"kernel result", `gpu.module @m {
  gpu.func @f(%a: f32) -> f32 kernel {
    gpu.return %a : f32
  }
}`, "'gpu.func' op expected void return type for kernel function"},
		{"launch keyword", `func.func @f(%s: index) {
  gpu.launch threads(%a, %b, %c) in (%d = %s, %e = %s, %g = %s) {
    gpu.terminator
  }
  return
}`, "expected 'blocks'"},
		{"return parent", `func.func @f() {
  gpu.return
}`, "'gpu.return' op expects parent op 'gpu.func'"},
		{"unnamed arguments", `gpu.module @m {
  gpu.func @f(f32) {
    gpu.return
  }
}`, "gpu.func requires named arguments"},
		{"mixed arguments", `gpu.module @m {
  gpu.func @f(%a: f32, f32) {
    gpu.return
  }
}`, "expected SSA identifier"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "test.mlir"})
			if err == nil {
				err = ir.Verify(m)
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err.Error(), tc.want)
			}
		})
	}
}

// TestGeneratedAccessors reads a parsed launch through the generated
// wrappers.
func TestGeneratedAccessors(t *testing.T) {
	ctx := newContext()
	src := `func.func @f(%s: index, %shm: i32) {
  gpu.launch blocks(%a, %b, %c) in (%d = %s, %e = %s, %g = %s) threads(%h, %i, %j) in (%k = %s, %l = %s, %n = %s) dynamic_shared_memory_size %shm {
    gpu.terminator
  }
  return
}`
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	found := false
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if l, ok := gpu.AsLaunchOp(op); ok {
			found = true
			if l.DynamicSharedMemorySize() == nil || l.ClusterSizeX() != nil || len(l.AsyncDependencies()) != 0 {
				t.Errorf("accessors: shm %v cluster %v deps %v", l.DynamicSharedMemorySize(), l.ClusterSizeX(), l.AsyncDependencies())
			}
			if n := l.Body().First().NumArguments(); n != 12 {
				t.Errorf("launch body has %d arguments, want 12", n)
			}
		}
		return true
	})
	if !found {
		t.Fatal("no gpu.launch")
	}
}

// TestSegmentsThatDoNotVerify reads gpu.launch_func through the generated
// wrappers with segment sizes that do not verify: negative, past the
// operands, or too few. The groups come out empty or shortened, never out
// of range, since the gpu.container_module verifier reads a launch before
// the launch itself is verified; verification then fails with a located
// error. The parser rejects segment sizes of the wrong length, so the
// sizes are set on the parsed operation.
func TestSegmentsThatDoNotVerify(t *testing.T) {
	const kernel = `gpu.module @k {
    gpu.func @k(%a: f32, %b: f32) kernel {
      gpu.return
    }
  }`
	tests := []struct {
		sizes string
		// kernel operand count read through the wrapper
		kernelOperands int
		want           string
	}{
		{"0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, -1, 0", 0, "got 0 kernel operands but expected 2"},
		{"0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 3, -1", 2, "'operandSegmentSizes' attribute cannot have negative elements"},
		{"0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 9, 0", 2, "operand count (8) does not match with the total size (15) specified in attribute 'operandSegmentSizes'"},
		{"0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2", 2, "'operandSegmentSizes' attribute for specifying operand segments must have 13 elements, but got 12"},
		{"0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0", 0, "got 0 kernel operands but expected 2"},
	}
	for _, tc := range tests {
		t.Run(tc.sizes, func(t *testing.T) {
			src := `module attributes {gpu.container_module} {
  func.func @f(%s: index, %x: f32) {
    "gpu.launch_func"(%s, %s, %s, %s, %s, %s, %x, %x) <{kernel = @k::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 0>}> : (index, index, index, index, index, index, f32, f32) -> ()
    return
  }
  ` + kernel + `
}`
			ctx := newContext()
			m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "test.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			var sizes []int32
			for _, f := range strings.Split(tc.sizes, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					t.Fatal(err)
				}
				sizes = append(sizes, int32(n))
			}
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if l, ok := gpu.AsLaunchFuncOp(op); ok {
					op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(sizes...))
					if n := len(l.KernelOperands()); n != tc.kernelOperands {
						t.Errorf("%d kernel operands, want %d", n, tc.kernelOperands)
					}
					_, _ = l.AsyncDependencies(), l.AsyncObject()
				}
				return true
			})
			err = ir.Verify(m)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("verify: %v, want %q", err, tc.want)
			}
		})
	}
}
