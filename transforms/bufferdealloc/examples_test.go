package bufferdealloc_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	iall "github.com/strata-ir/strata/interp/all"
	"github.com/strata-ir/strata/semcheck"
)

const (
	bufferize = "one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops}"
	pipeline  = bufferize + ",buffer-deallocation-pipeline"
)

func parse(t *testing.T, path string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

func runPipeline(t *testing.T, ctx *ir.Context, m *ir.Operation, text string) {
	t.Helper()
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(" + text + ")"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
}

// leaks interprets @main with leak checking and returns the allocations
// still live when it returns.
func leaks(t *testing.T, m *ir.Operation) []*ir.Operation {
	t.Helper()
	reg := interp.NewRegistry()
	iall.Register(reg)
	in := interp.New(reg)
	in.CheckLeaks = true
	res, err := in.Call(nil, interp.LookupFunction(m, "main"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return in.Leaks(res)
}

// examples returns the programs of examples/ (and of testdata) that have
// a @main, but for those written at the tile level (tile.func kernels and
// their memref host code, as examples/mixed-levels): they are past
// bufferization, and mlir-opt-22 has no tile dialect.
func examples(t *testing.T) []string {
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", "*", "*.mlir"))
	more, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	bufferized, _ := filepath.Glob(filepath.Join("..", "bufferize", "testdata", "*.mlir"))
	more = append(more, bufferized...)
	var out []string
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "func.func @main(") && !strings.Contains(string(src), "tile.func @") {
			out = append(out, f)
		}
	}
	if len(out) < 7 {
		t.Fatalf("found only %d programs with a @main: %v", len(out), out)
	}
	return out
}

// TestExamplesFreeEveryBuffer bufferizes every example, runs the
// deallocation pipeline under translation validation (a double free or a
// use after free changes what @main does) and checks that no buffer is
// left allocated when @main returns — and that buffers were leaked before
// the deallocation pipeline ran, so that the check is not vacuous.
func TestExamplesFreeEveryBuffer(t *testing.T) {
	leakyBefore := 0
	for _, f := range examples(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ctx, m := parse(t, f)
			if err := semcheck.CheckPipeline(ctx, m, pipeline, "main"); err != nil {
				t.Fatal(err)
			}
			if l := leaks(t, m); len(l) > 0 {
				t.Errorf("%d buffers leak, the first allocated at %s", len(l), asm.LocationString(l[0].Loc()))
			}
			var deallocs int
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				switch op.Name() {
				case "bufferization.dealloc":
					t.Errorf("bufferization.dealloc left after the pipeline")
				case "memref.dealloc":
					deallocs++
				}
				return true
			})
			ctx, before := parse(t, f)
			runPipeline(t, ctx, before, bufferize)
			if l := leaks(t, before); len(l) > 0 {
				leakyBefore++
				if deallocs == 0 {
					t.Errorf("buffers leak after bufferization but the pipeline inserted no memref.dealloc")
				}
			}
		})
	}
	if leakyBefore == 0 {
		t.Error("no example leaks buffers after bufferization alone: the leak check sees nothing")
	}
}

// TestPassesAloneFreeEveryBuffer runs ownership-based deallocation and the
// lowering without the canonicalizations of the pipeline, which would
// otherwise hide mistakes (merged blocks, removed clones).
func TestPassesAloneFreeEveryBuffer(t *testing.T) {
	for _, f := range examples(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ctx, m := parse(t, f)
			if err := semcheck.CheckPipeline(ctx, m, bufferize+",expand-realloc{emit-deallocs=false},ownership-based-buffer-deallocation,bufferization-lower-deallocations", "main"); err != nil {
				t.Fatal(err)
			}
			if l := leaks(t, m); len(l) > 0 {
				t.Errorf("%d buffers leak, the first allocated at %s", len(l), asm.LocationString(l[0].Loc()))
			}
		})
	}
}
