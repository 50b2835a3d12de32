package linalg_test

import (
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/semcheck"
)

// TestCompiledBodies runs generic operations whose bodies the
// interpreter compiles (casts, multiply-accumulates of mixed types,
// linalg.index, arith.select, constants inside and values from outside
// the body, integer and float operations, several inits) and checks them
// against the loops convert-linalg-to-loops makes of them, where every
// operation of the body runs through its registered semantics.
func TestCompiledBodies(t *testing.T) {
	const src = `
#mk = affine_map<(i, j, k) -> (i, k)>
#kn = affine_map<(i, j, k) -> (k, j)>
#mn = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
func.func @main(%a: tensor<5x7xbf16>, %b: tensor<7x6xbf16>, %x: tensor<5x6xi32>) -> (tensor<5x6xf32>, tensor<5x6xf16>, tensor<5x6xi32>, tensor<5x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<5x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %s = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<5x7xbf16>, tensor<7x6xbf16>) outs(%z : tensor<5x6xf32>) {
  ^bb0(%p: bf16, %q: bf16, %c: f32):
    %pe = arith.extf %p : bf16 to f32
    %qe = arith.extf %q : bf16 to f32
    %m = arith.mulf %pe, %qe : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<5x6xf32>
  %h0 = tensor.empty() : tensor<5x6xf16>
  %i0 = tensor.empty() : tensor<5x6xi32>
  %masked, %h, %n = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s, %x : tensor<5x6xf32>, tensor<5x6xi32>) outs(%e, %h0, %i0 : tensor<5x6xf32>, tensor<5x6xf16>, tensor<5x6xi32>) {
  ^bb0(%v: f32, %w: i32, %o: f32, %oh: f16, %oi: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %three = arith.constant 3 : i32
    %y = arith.mulf %v, %scale : f32
    %after = arith.cmpi ugt, %j, %i : index
    %r = arith.select %after, %ninf, %y : f32
    %t = arith.truncf %y : f32 to f16
    %ji = arith.index_cast %j : index to i32
    %k = arith.muli %w, %three : i32
    %l = arith.addi %k, %ji : i32
    %d = arith.divsi %l, %three : i32
    linalg.yield %r, %t, %d : f32, f16, i32
  } -> (tensor<5x6xf32>, tensor<5x6xf16>, tensor<5x6xi32>)
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<5x6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = math.exp %v : f32
    %q = arith.maximumf %m, %v : f32
    linalg.yield %q : f32
  } -> tensor<5x6xf32>
  return %masked, %h, %n, %sq : tensor<5x6xf32>, tensor<5x6xf16>, tensor<5x6xi32>, tensor<5x6xf32>
}
`
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "bodies.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	const pipeline = "one-shot-bufferize{bufferize-function-boundaries}, func.func(convert-linalg-to-loops)"
	r, err := semcheck.Validate(ctx, m, pipeline, "main")
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure != nil {
		t.Fatal(r.Failure)
	}
	if r.PassError != nil {
		t.Fatal(r.PassError)
	}
	if len(r.Validated) != 2 {
		t.Fatalf("validated %v", r.Validated)
	}
}
