package semcheck_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/semcheck"
)

func init() {
	// test-gpu-drop-barriers miscompiles: it erases every gpu.barrier.
	pass.Register(pass.Registration{Argument: "test-gpu-drop-barriers", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "test-gpu-drop-barriers"}, RunFunc: func(op *ir.Operation, st *pass.State) error {
			var barriers []*ir.Operation
			op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if o.Name() == "gpu.barrier" {
					barriers = append(barriers, o)
				}
				return true
			})
			for _, b := range barriers {
				b.Erase()
			}
			return nil
		}}
	}})
}

// TestGPUKernels validates passes on a program whose kernel exchanges
// values through shared memory between barriers: the interpreter runs
// the kernel before and after each pass (on the SIMT model), and a pass
// that drops the barriers is caught, the kernel racing on shared memory.
func TestGPUKernels(t *testing.T) {
	src, err := os.ReadFile("../interp/gpu/testdata/ok/shared.mlir")
	if err != nil {
		t.Fatal(err)
	}
	ctx, m := parseAll(t, string(src))
	r, err := semcheck.Validate(ctx, m, "canonicalize, cse, convert-scf-to-cf", "main")
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure != nil || r.PassError != nil {
		t.Fatalf("failure %v, pass error %v", r.Failure, r.PassError)
	}
	if diff := cmp.Diff([]string{"canonicalize", "cse", "convert-scf-to-cf"}, r.Validated); diff != "" {
		t.Errorf("validated (-want +got):\n%s", diff)
	}

	r = caughtMiscompile(t, string(src), "canonicalize, test-gpu-drop-barriers", "test-gpu-drop-barriers")
	var notes []string
	for _, n := range r.Failure.Notes {
		notes = append(notes, n.Message)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "data race") {
		t.Errorf("failure: %v, notes %q", r.Failure, notes)
	}
}

// TestKernelOutlining validates gpu-kernel-outlining on kernels written
// with gpu.launch: collectives, reductions with regions, shared memory,
// TMA, mbarriers and wgmma run the same in the launch's region and in
// the outlined gpu.func.
func TestKernelOutlining(t *testing.T) {
	for _, file := range []string{"../interp/gpu/testdata/ok/reduce.mlir", "../interp/nvvm/testdata/collectives.mlir", "../interp/nvgpu/testdata/wgmma.mlir"} {
		t.Run(file, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ctx, m := parseAll(t, string(src))
			r, err := semcheck.Validate(ctx, m, "gpu-kernel-outlining, canonicalize", "main")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil || r.PassError != nil {
				t.Fatalf("failure %v, pass error %v", r.Failure, r.PassError)
			}
			if diff := cmp.Diff([]string{"gpu-kernel-outlining", "canonicalize"}, r.Validated); diff != "" {
				t.Errorf("validated (-want +got):\n%s", diff)
			}
			launches := 0
			m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if o.Name() == "gpu.launch_func" {
					launches++
				}
				return true
			})
			if launches == 0 {
				t.Error("nothing was outlined")
			}
		})
	}
}
