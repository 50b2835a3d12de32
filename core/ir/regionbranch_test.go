package ir_test

import (
	"strings"
	"testing"

	// The printer spells the types of the diagnostics.
	_ "github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// scopeModel is the region-branch model of t.scope, an operation of a
// dialect that is not scf: control enters its one region, whose t.give
// terminator returns to the operation with the operation's results.
type scopeModel struct{}

func (scopeModel) SuccessorRegions(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	if from == nil {
		return []ir.RegionSuccessor{{Region: op.Region(0), Inputs: []ir.Value{op.Region(0).First().Argument(0)}}}
	}
	return []ir.RegionSuccessor{{Inputs: op.Results()}}
}

func (scopeModel) EntrySuccessorOperands(op *ir.Operation, _ *ir.Region) []ir.Value {
	return op.Operands()
}

// TestRegionBranchVerifier checks that the verifier checks the edges of
// every operation that implements RegionBranchOpInterface, whatever its
// dialect.
func TestRegionBranchVerifier(t *testing.T) {
	ctx := newCtx()
	scope := &ir.OpDef{Name: "t.scope"}
	ir.RegionBranchOp.Attach(scope, scopeModel{})
	ctx.RegisterOp(scope)
	give := &ir.OpDef{Name: "t.give", Traits: ir.IsTerminator | ir.ReturnLike}
	ir.RegionBranchTerminator.Attach(give, ir.SuccessorOperandsFunc(func(op *ir.Operation, _ *ir.Region) []ir.Value {
		return op.Operands()
	}))
	ctx.RegisterOp(give)
	i32, f32 := ctx.I(32), ctx.FloatType(ir.F32)
	// build makes `%r = t.scope(%x) ({ ^bb0(%a: argType): t.give(values) })`
	// with operand type inType and result type resType.
	build := func(inType, argType, resType ir.Type, give func(arg ir.Value, x ir.Value) []ir.Value) *ir.Operation {
		b := ir.NewBuilder(ctx)
		outer := b.Create(&ir.OperationState{Name: ctx.OpName("t.outer"), NumRegions: 1})
		b.CreateBlock(outer.Region(0))
		x := b.CreateOp("t.v", nil, []ir.Type{inType}).Result(0)
		s := b.Create(&ir.OperationState{Name: ctx.OpName("t.scope"), Operands: []ir.Value{x}, ResultTypes: []ir.Type{resType}, NumRegions: 1})
		body := b.CreateBlock(s.Region(0), argType)
		b.CreateOp("t.give", give(body.Argument(0), x), nil)
		return outer
	}
	tests := []struct {
		name string
		op   *ir.Operation
		want string
	}{
		{"ok", build(i32, i32, i32, func(a, _ ir.Value) []ir.Value { return []ir.Value{a} }), ""},
		{"entry type", build(f32, i32, i32, func(a, _ ir.Value) []ir.Value { return []ir.Value{a} }),
			"'t.scope' op along control flow edge from parent to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'"},
		{"yield count", build(i32, i32, i32, func(a, _ ir.Value) []ir.Value { return []ir.Value{a, a} }),
			"'t.scope' op along control flow edge from Operation t.give to parent: region branch point has 2 operands, but region successor needs 1 inputs"},
		{"yield type", build(i32, i32, f32, func(a, _ ir.Value) []ir.Value { return []ir.Value{a} }),
			"'t.scope' op along control flow edge from Operation t.give to parent: successor operand type #0 'i32' should match successor input type #0 'f32'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := ir.Verify(tc.op)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
