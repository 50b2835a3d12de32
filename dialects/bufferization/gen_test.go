package bufferization_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/builtin"
)

// TestGeneratedFresh checks that bufferization_gen.go is what
// strata-tblgen makes of bufferization.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "bufferization.irdl", "bufferization_gen.go", "bufferization")
}

// TestEffects checks the memory effects that decide whether the
// operations may be removed or merged.
func TestEffects(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	bufferization.Register(ctx)
	loc := ctx.UnknownLoc()
	module := ir.NewModule(ctx, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(module.Region(0).First())
	f32 := ctx.FloatType(ir.F32)
	mt := ctx.MemRefType([]int64{4}, f32, nil, nil)
	tt := ctx.RankedTensorType([]int64{4}, f32, nil)
	alloc := bufferization.BuildAllocTensor(b, loc, nil, tt)
	buf := bufferization.BuildToBuffer(b, loc, alloc.Result(), mt)
	back := bufferization.BuildToTensor(b, loc, buf.Buffer(), tt)
	clone := bufferization.BuildClone(b, loc, buf.Buffer(), mt)
	toTensor := bufferization.BuildMaterializeInDestination(b, loc, back.Result(), alloc.Result(), bufferization.MaterializeInDestinationOptions{ResultType: tt})
	toBuffer := bufferization.BuildMaterializeInDestination(b, loc, back.Result(), clone.Output(), bufferization.MaterializeInDestinationOptions{Writable: true})
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		op   *ir.Operation
		dead bool
	}{
		{"alloc_tensor", alloc.Operation, false},
		{"to_buffer", buf.Operation, true},
		{"to_tensor", back.Operation, true},
		{"clone", clone.Operation, true},
		{"materialize_in_destination into a tensor", toTensor.Operation, true},
		{"materialize_in_destination into a buffer", toBuffer.Operation, false},
	} {
		if got := c.op.WouldBeTriviallyDead(); got != c.dead {
			t.Errorf("%s: WouldBeTriviallyDead = %v, want %v", c.name, got, c.dead)
		}
	}
	var out strings.Builder
	if err := asm.Print(&out, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "bufferization.materialize_in_destination %2 in writable %3 : (tensor<4xf32>, memref<4xf32>) -> ()"; !strings.Contains(out.String(), want) {
		t.Errorf("printed module lacks %q:\n%s", want, out.String())
	}
}
