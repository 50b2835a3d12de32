package allocationliveness_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/transforms/allocationliveness"
)

// opNames lists the operations of block by name, a memref.dealloc with
// the name names gives the buffer it frees.
func opNames(block *ir.Block, names map[ir.Value]string) string {
	var out []string
	for o := block.First(); o != nil; o = o.Next() {
		s := o.Name()
		if d, ok := memref.AsDeallocOp(o); ok {
			s += "(" + names[d.Memref()] + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestRun checks where the deallocations end up in the block of the
// allocation they free, including the cases mlir-opt-22 does not handle
// (it crashes on a buffer used outside the block of its allocation).
func TestRun(t *testing.T) {
	tests := []struct {
		name, src string
		// path picks the block: indices of the operations from the
		// function body down, each into its first region's first block.
		path []int
		want string
	}{
		{
			name: "moves up to the last use",
			src: `func.func @f(%i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %x = memref.load %a[%i] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  memref.dealloc %a : memref<4xf32>
  return %y : f32
}`,
			want: "memref.alloc memref.load memref.dealloc(a) arith.addf func.return",
		},
		{
			name: "a buffer yielded out of its block keeps its deallocation",
			src: `func.func @f(%lb: index, %ub: index, %s: index, %m: memref<4xf32>) -> memref<4xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%arg = %m) -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    memref.copy %arg, %b : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}`,
			path: []int{0},
			want: "memref.alloc memref.alloc memref.dealloc(a) memref.copy scf.yield",
		},
		{
			name: "an unregistered user is a use",
			src: `func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  "x.use"(%a) : (memref<4xf32>) -> ()
  return
}`,
			want: "memref.alloc x.use memref.dealloc(a) func.return",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			ctx.AllowUnregisteredDialects = true
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "test.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			fn, ok := function.AsFuncOp(m.Region(0).First().First())
			if !ok {
				t.Fatal("no func.func")
			}
			names := map[ir.Value]string{}
			block := fn.Body().First()
			for _, i := range tc.path {
				o := block.First()
				for ; i > 0; i-- {
					o = o.Next()
				}
				block = o.Region(0).First()
			}
			for o := block.First(); o != nil; o = o.Next() {
				if a, ok := memref.AsAllocOp(o); ok {
					names[a.Memref()] = string(rune('a' + len(names)))
				}
			}
			allocationliveness.Run(fn.Operation)
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			if got := opNames(block, names); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
