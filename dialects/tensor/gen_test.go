package tensor_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/tensor"
)

// TestGeneratedFresh checks that tensor_gen.go is what strata-tblgen makes
// of tensor.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "tensor.irdl", "tensor_gen.go", "tensor")
}

// TestGeneratedAPI builds tensor ops with the generated builders, reads
// them back through the accessors, verifies and prints the module.
func TestGeneratedAPI(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	tensor.Register(ctx)
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	f32 := ctx.FloatType(ir.F32)
	t4x8 := ctx.RankedTensorType([]int64{4, 8}, f32, nil)
	empty := tensor.BuildEmpty(b, loc, nil, t4x8)
	slice := tensor.BuildExtractSlice(b, loc, empty.Result(), nil, nil, nil,
		ctx.DenseI64Array(0, 2), ctx.DenseI64Array(4, 4), ctx.DenseI64Array(1, 1),
		ctx.RankedTensorType([]int64{4, 4}, f32, nil))
	ins := tensor.BuildInsertSlice(b, loc, slice.Result(), empty.Result(), nil, nil, nil,
		ctx.DenseI64Array(0, 4), ctx.DenseI64Array(4, 4), ctx.DenseI64Array(1, 1))
	if ins.Source() != slice.Result() || ins.Dest() != empty.Result() {
		t.Errorf("insert_slice operands: got %v, %v", ins.Source(), ins.Dest())
	}
	if dps, ok := ir.DestinationStyleOp.Of(ins.Operation); !ok {
		t.Error("insert_slice does not implement DestinationStyleOpInterface")
	} else if first, n := dps.DPSInits(ins.Operation); first != 1 || n != 1 {
		t.Errorf("DPSInits = %d, %d; want 1, 1", first, n)
	}
	if _, ok := tensor.AsExtractSliceOp(ins.Operation); ok {
		t.Error("AsExtractSliceOp accepts tensor.insert_slice")
	}
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"%0 = tensor.empty() : tensor<4x8xf32>",
		"%extracted_slice = tensor.extract_slice %0[0, 2] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>",
		"%inserted_slice = tensor.insert_slice %extracted_slice into %0[0, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x8xf32>",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed module lacks %q:\n%s", want, out.String())
		}
	}
}
