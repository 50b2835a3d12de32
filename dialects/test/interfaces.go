package test

import "github.com/strata-ir/strata/core/ir"

// terminatorInterfaces gives the ReturnLike terminators test.region_yield,
// test.region_if_yield and test.return MLIR's implied
// RegionBranchTerminatorOpInterface: every operand goes to the successor.
func terminatorInterfaces(d *ir.OpDef) {
	ir.RegionBranchTerminator.Attach(d, ir.SuccessorOperandsFunc(func(op *ir.Operation, _ *ir.Region) []ir.Value {
		return op.Operands()
	}))
}

// regionIfModel is test.region_if's RegionBranchOpInterface: the parent
// enters the then or the else region with its operands, both continue in
// the join region, and the join region returns to the parent.
type regionIfModel struct{}

func (regionIfModel) SuccessorRegions(op *ir.Operation, from *ir.Region, _ []ir.Attribute) []ir.RegionSuccessor {
	r := RegionIfOp{op}
	join := r.JoinRegion()
	switch from {
	case nil:
		return []ir.RegionSuccessor{
			{Region: r.ThenRegion(), Inputs: entryArgs(r.ThenRegion())},
			{Region: r.ElseRegion(), Inputs: entryArgs(r.ElseRegion())},
		}
	case join:
		return []ir.RegionSuccessor{{Inputs: op.Results()}}
	}
	return []ir.RegionSuccessor{{Region: join, Inputs: entryArgs(join)}}
}

func (regionIfModel) EntrySuccessorOperands(op *ir.Operation, _ *ir.Region) []ir.Value {
	return op.Operands()
}

// entryArgs returns the arguments of r's entry block (none when r is
// empty).
func entryArgs(r *ir.Region) []ir.Value {
	b := r.First()
	if b == nil {
		return nil
	}
	vs := make([]ir.Value, b.NumArguments())
	for i := range vs {
		vs[i] = b.Argument(i)
	}
	return vs
}

func regionIfInterfaces(d *ir.OpDef) { ir.RegionBranchOp.Attach(d, regionIfModel{}) }

// sideEffectOpInterfaces gives test.side_effect_op the effects its
// `effects` attribute lists, as TestOpDefs.cpp reads them: an array of
// dictionaries whose `effect` is "allocate", "free", "read" or "write",
// on the op's result when the dictionary has `on_result`, else on no
// value (Strata's effects name no resources and no symbols, so
// `test_resource` and `on_reference` effects are on the default resource
// and no value). Without the attribute the op has no effects. An entry
// that is not such a dictionary, which upstream cannot interpret, counts
// as a write of unknown memory.
func sideEffectOpInterfaces(d *ir.OpDef) {
	ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(func(op *ir.Operation) []ir.MemoryEffect {
		list, ok := op.Attr("effects").(*ir.ArrayAttr)
		if !ok {
			return nil
		}
		var effects []ir.MemoryEffect
		for _, e := range list.Elems {
			effects = append(effects, listedEffect(op, e))
		}
		return effects
	}))
}

// effectKinds maps the names test.side_effect_op's entries use to effect
// kinds.
var effectKinds = map[string]ir.EffectKind{
	"allocate": ir.EffectAllocate,
	"free":     ir.EffectFree,
	"read":     ir.EffectRead,
	"write":    ir.EffectWrite,
}

// listedEffect returns the effect one entry of test.side_effect_op's
// `effects` attribute describes.
func listedEffect(op *ir.Operation, entry ir.Attribute) ir.MemoryEffect {
	unknown := ir.MemoryEffect{Kind: ir.EffectWrite}
	dict, ok := entry.(*ir.DictionaryAttr)
	if !ok {
		return unknown
	}
	name, ok := dict.Get("effect").(*ir.StringAttr)
	if !ok {
		return unknown
	}
	kind, ok := effectKinds[name.Value]
	if !ok {
		return unknown
	}
	e := ir.MemoryEffect{Kind: kind}
	if dict.Get("on_result") != nil && op.NumResults() > 0 {
		e.Value = op.Result(0)
	}
	return e
}
