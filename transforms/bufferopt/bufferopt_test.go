package bufferopt_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/transforms/bufferopt"
)

func parse(t *testing.T, src string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

func funcs(m *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for op := m.Region(0).Blocks()[0].First(); op != nil; op = op.Next() {
		out = append(out, op)
	}
	return out
}

func print(t *testing.T, m *ir.Operation) string {
	t.Helper()
	var b strings.Builder
	if err := asm.Print(&b, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestInputsMLIRCannotRun covers inputs on which mlir-opt-22 crashes, so
// that the lit tests cannot compare with it: element types without a
// default data layout size, element counts that overflow, and
// allocations in blocks no branch reaches. Each pass must leave valid IR,
// as newer upstream versions do.
func TestInputsMLIRCannotRun(t *testing.T) {
	tests := []struct {
		name, in, want string
		run            func(*ir.Operation)
	}{{
		name: "promote unsized elements",
		in: `func.func @f() {
  %0 = memref.alloc() : memref<1xmemref<2xf32>>
  %1 = memref.alloc() : memref<3090540x3090540x3090540xi32>
  %2 = memref.alloc() : memref<2xvector<[4]xf32>>
  %3 = memref.alloc() : memref<2xf32>
  "test.use"(%0, %1, %2, %3) : (memref<1xmemref<2xf32>>, memref<3090540x3090540x3090540xi32>, memref<2xvector<[4]xf32>>, memref<2xf32>) -> ()
  return
}
`,
		want: `module {
  func.func @f() {
    %alloc = memref.alloc() : memref<1xmemref<2xf32>>
    %alloc_0 = memref.alloc() : memref<3090540x3090540x3090540xi32>
    %alloc_1 = memref.alloc() : memref<2xvector<[4]xf32>>
    %alloca = memref.alloca() : memref<2xf32>
    "test.use"(%alloc, %alloc_0, %alloc_1, %alloca) : (memref<1xmemref<2xf32>>, memref<3090540x3090540x3090540xi32>, memref<2xvector<[4]xf32>>, memref<2xf32>) -> ()
    return
  }
}
`,
		run: func(fn *ir.Operation) {
			bufferopt.Promote(fn, bufferopt.PromoteOptions{MaxAllocSizeInBytes: 1024, MaxRankOfAllocatedMemRef: 1})
		},
	}, {
		name: "loop hoisting into an unreachable block",
		in: `func.func @f(%c: i1) {
  return
^dead:
  scf.while : () -> () {
    %b = memref.alloc() : memref<1xindex>
    "test.use"(%b) : (memref<1xindex>) -> ()
    scf.condition(%c)
  } do {
    scf.yield
  }
  cf.br ^dead
}
`,
		want: `module {
  func.func @f(%arg0: i1) {
    return
  ^bb1:  // pred: ^bb1
    %alloc = memref.alloc() : memref<1xindex>
    scf.while : () -> () {
      "test.use"(%alloc) : (memref<1xindex>) -> ()
      scf.condition(%arg0)
    } do {
      scf.yield
    }
    cf.br ^bb1
  }
}
`,
		run: bufferopt.HoistFromLoops,
	}, {
		name: "block hoisting leaves unreachable blocks alone",
		in: `func.func @f(%c: i1) {
  return
^a:
  cf.cond_br %c, ^b, ^a
^b:
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^d(%0 : memref<2xf32>)
^d(%x: memref<2xf32>):
  "test.use"(%x) : (memref<2xf32>) -> ()
  cf.br ^a
}
`,
		want: `module {
  func.func @f(%arg0: i1) {
    return
  ^bb1:  // 2 preds: ^bb1, ^bb3
    cf.cond_br %arg0, ^bb2, ^bb1
  ^bb2:  // pred: ^bb1
    %alloc = memref.alloc() : memref<2xf32>
    cf.br ^bb3(%alloc : memref<2xf32>)
  ^bb3(%0: memref<2xf32>):  // pred: ^bb2
    "test.use"(%0) : (memref<2xf32>) -> ()
    cf.br ^bb1
  }
}
`,
		run: bufferopt.Hoist,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, m := parse(t, tc.in)
			for _, fn := range funcs(m) {
				tc.run(fn)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(print(t, m)); got != strings.TrimSpace(tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
