package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// DimensionAttr returns #gpu<dim d> for d one of x, y and z.
func DimensionAttr(ctx *ir.Context, d string) (ir.Attribute, error) {
	return enumAttr(ctx, "dim", d)
}

// ShuffleModeAttr returns #gpu<shuffle_mode m> for m one of xor, up, down
// and idx.
func ShuffleModeAttr(ctx *ir.Context, m string) (ir.Attribute, error) {
	return enumAttr(ctx, "shuffle_mode", m)
}

// ReductionKind returns the name of an #gpu<all_reduce_op ...> attribute
// (add, mul, minsi, ..., maximumf).
func ReductionKind(a ir.Attribute) (string, bool) {
	return enumValue(a, "all_reduce_op")
}

// WorkgroupAddressSpace returns #gpu.address_space<workgroup>, the memory
// space of memory shared by the invocations of a workgroup.
func WorkgroupAddressSpace(ctx *ir.Context) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#gpu.address_space<workgroup>", nil)
}

// AddWorkgroupAttribution gives the function a new workgroup attribution
// of type t: an entry block argument after the function's arguments and
// its other workgroup attributions (upstream's addWorkgroupAttribution).
func (op FuncOp) AddWorkgroupAttribution(t ir.Type, loc ir.Location) (*ir.BlockArgument, error) {
	ft, ok := op.FunctionType().(*ir.FunctionType)
	if !ok || op.Body().First() == nil {
		return nil, fmt.Errorf("%s has no function type or no body", FuncOpName)
	}
	nw := numAttributions(op.Operation)
	at := len(ft.Inputs) + nw
	entry := op.Body().First()
	if at > entry.NumArguments() {
		return nil, fmt.Errorf("%s has fewer entry block arguments than arguments and attributions", FuncOpName)
	}
	a := entry.InsertArgument(at, t, loc)
	ctx := op.Context()
	op.SetAttr("workgroup_attributions", ctx.IntegerAttr(ctx.IntegerType(64, ir.Signless), int64(nw+1)))
	return a, nil
}

// TargetAttr is an attribute that can be a target of a gpu.module
// (upstream's GPUTargetAttrInterface): #nvvm.target, #rocdl.target.
type TargetAttr interface {
	ir.Attribute
	GPUTarget()
}

// isTargetArray is upstream's GPUTargetArrayAttr constraint: a non-empty
// array of target attributes.
func isTargetArray(a ir.Attribute) bool {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || len(arr.Elems) == 0 {
		return false
	}
	for _, e := range arr.Elems {
		if _, ok := e.(TargetAttr); !ok {
			return false
		}
	}
	return true
}
