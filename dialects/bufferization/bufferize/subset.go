package bufferize

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// materializeInsertion is the bufferization.SubsetInsertionOpInterface of
// bufferization.materialize_in_destination: the source goes into the
// whole destination.
type materializeInsertion struct{}

// SourceOperand implements bufferization.SubsetInsertionOpInterface.
func (materializeInsertion) SourceOperand(*ir.Operation) int { return 0 }

// DestinationOperand implements bufferization.SubsetInsertionOpInterface.
func (materializeInsertion) DestinationOperand(*ir.Operation) int { return 1 }

// EquivalentSubset implements bufferization.SubsetInsertionOpInterface:
// the subset is the whole destination.
func (materializeInsertion) EquivalentSubset(op *ir.Operation, v ir.Value, equiv func(a, b ir.Value) bool) bool {
	return op.NumOperands() > 1 && equiv(op.Operand(1), v)
}

// ValuesNeededToBuildSubsetExtraction implements
// bufferization.SubsetInsertionOpInterface: the destination.
func (materializeInsertion) ValuesNeededToBuildSubsetExtraction(op *ir.Operation) []ir.Value {
	if op.NumOperands() < 2 {
		return nil
	}
	return []ir.Value{op.Operand(1)}
}

// BuildSubsetExtraction implements
// bufferization.SubsetInsertionOpInterface: a tensor destination itself;
// for a memref destination marked `restrict`, a
// `bufferization.to_tensor restrict` of it, which takes the mark over
// from op (two such to_tensor of one buffer are not allowed), writable
// when op is; nil for a memref destination without the mark.
func (materializeInsertion) BuildSubsetExtraction(op *ir.Operation, b *ir.Builder, loc ir.Location) ir.Value {
	m, ok := bufferization.AsMaterializeInDestinationOp(op)
	if !ok {
		return nil
	}
	dest := m.Dest()
	if bufferization.IsTensor(dest.Type()) {
		return dest
	}
	mt, ok := dest.Type().(*ir.MemRefType)
	if !ok || !m.Restrict() {
		return nil
	}
	tt := b.Ctx.RankedTensorType(mt.Shape, mt.Elem, nil)
	t := bufferization.BuildToTensor(b, loc, dest, tt, bufferization.ToTensorOptions{Restrict: true, Writable: m.Writable()})
	if t.Operation == nil {
		return nil
	}
	if props, ok := op.Properties().(*ir.DictionaryAttr); ok {
		var kept []ir.NamedAttr
		for _, e := range props.Entries {
			if e.Name != "restrict" {
				kept = append(kept, e)
			}
		}
		op.SetProperties(b.Ctx.DictionaryAttr(kept))
	}
	return t.Result()
}
