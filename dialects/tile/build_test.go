package tile_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/tile"
)

// TestBuild builds a kernel through the generated builders, as a lowering
// to tile does, and checks that it verifies and prints as written.
func TestBuild(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	loc := ctx.UnknownLoc()
	b := ir.NewBuilder(ctx)
	mod := builtin.BuildModule(b, loc)
	b.SetInsertionPointToEnd(b.CreateBlock(mod.BodyRegion()))
	f32 := ctx.FloatType(ir.F32)
	mt := ctx.MemRefType([]int64{ir.Dynamic, ir.Dynamic}, f32, nil, nil)
	k := tile.BuildFunc(b, loc, "copy", ctx.FunctionType([]ir.Type{mt, mt}, nil),
		tile.GridAttr(ctx, tile.Parallel, tile.Arbitrary))
	body := b.CreateBlock(k.Body(), mt, mt)
	b.SetInsertionPointToEnd(body)
	vt, err := tile.GetViewType(ctx, []int64{ir.Dynamic, ir.Dynamic}, f32, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := tile.BuildView(b, loc, body.Argument(0), nil, nil, vt.DynType)
	dst := tile.BuildView(b, loc, body.Argument(1), nil, nil, vt.DynType)
	i := tile.BuildProgramId(b, loc, 0, ctx.IndexType())
	j := tile.BuildProgramId(b, loc, 1, ctx.IndexType())
	tt := ctx.RankedTensorType([]int64{32, 64}, f32, nil)
	x := tile.BuildLoad(b, loc, src.Result(), []ir.Value{i.Result(), j.Result()}, tt, tile.LoadOptions{Pad: tile.PadAttr(ctx, "zero")})
	tile.BuildStore(b, loc, x.Result(), dst.Result(), []ir.Value{i.Result(), j.Result()}, tile.StoreOptions{BoundsCheck: true})
	tile.BuildReturn(b, loc)
	if err := ir.Verify(mod.Operation); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, mod.Operation, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"tile.func @copy(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>) grid [parallel, arbitrary] {",
		"%2 = tile.program_id 0 : index",
		"%4 = tile.load %0[%2, %3] pad zero : !tile.view<?x?xf32> -> tensor<32x64xf32>",
		"tile.store %4, %1[%2, %3] bounds_check : tensor<32x64xf32>, !tile.view<?x?xf32>",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
}
