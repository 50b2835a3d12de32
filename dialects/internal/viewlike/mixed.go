package viewlike

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// MixedValues merges static values and dynamic SSA values into one list
// (MLIR's getMixedValues): a static entry becomes an index IntegerAttr in
// FoldResult.Attr, an ir.Dynamic entry the next dynamic value in
// FoldResult.Value. Missing dynamic values are left nil.
func MixedValues(ctx *ir.Context, static []int64, dynamic []ir.Value) []ir.FoldResult {
	out := make([]ir.FoldResult, len(static))
	d := 0
	for i, s := range static {
		if s == ir.Dynamic {
			if d < len(dynamic) {
				out[i].Value = dynamic[d]
			}
			d++
			continue
		}
		out[i].Attr = ctx.IntegerAttr(ctx.IndexType(), s)
	}
	return out
}

// DecomposeMixedValues is the inverse of MixedValues (MLIR's
// decomposeMixedValues): attributes become static entries, values
// dynamic ones.
func DecomposeMixedValues(mixed []ir.FoldResult) (static []int64, dynamic []ir.Value) {
	static = make([]int64, len(mixed))
	for i, m := range mixed {
		if ia, ok := m.Attr.(*ir.IntegerAttr); ok && m.Value == nil {
			static[i] = ia.Int64()
			continue
		}
		static[i] = ir.Dynamic
		dynamic = append(dynamic, m.Value)
	}
	return static, dynamic
}

// ConstantIndex returns the value of a mixed entry when it is a constant:
// an attribute, or a value defined by a constant-like operation with an
// integer value.
func ConstantIndex(m ir.FoldResult) (int64, bool) {
	if ia, ok := m.Attr.(*ir.IntegerAttr); ok {
		return ia.Int64(), true
	}
	if m.Value == nil {
		return 0, false
	}
	return ConstantIntValue(m.Value)
}

// ConstantIntValue returns the integer a value holds when it is the result
// of a constant-like operation whose value is an IntegerAttr.
func ConstantIntValue(v ir.Value) (int64, bool) {
	r, ok := v.(*ir.OpResult)
	if !ok {
		return 0, false
	}
	op := r.Owner()
	if op.Def() == nil || !op.Def().HasTrait(ir.ConstantLike) {
		return 0, false
	}
	ia, ok := op.InherentAttr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ia.Int64(), true
}

// OffsetSizeStride is the view of an operation implementing MLIR's
// OffsetSizeAndStrideOpInterface: dynamic and static offsets, sizes and
// strides, and the number of entries each list must have.
type OffsetSizeStride struct {
	Offsets, Sizes, Strides                   []ir.Value
	StaticOffsets, StaticSizes, StaticStrides []int64
	// MaxRanks are the required numbers of offsets, sizes and strides
	// (getArrayAttrMaxRanks); a single offset is also accepted when
	// MaxRanks[0] is 1.
	MaxRanks [3]int
}

// FromOperation reads an OffsetSizeStride from op's operand groups and
// properties named as upstream's ops name them (offsets, sizes, strides,
// static_offsets, static_sizes, static_strides); groups reads an operand
// group by name. MaxRanks is left for the caller to fill.
func FromOperation(op *ir.Operation, groups func(name string) []ir.Value) OffsetSizeStride {
	return OffsetSizeStride{
		Offsets:       groups("offsets"),
		Sizes:         groups("sizes"),
		Strides:       groups("strides"),
		StaticOffsets: I64s(op.InherentAttr("static_offsets")),
		StaticSizes:   I64s(op.InherentAttr("static_sizes")),
		StaticStrides: I64s(op.InherentAttr("static_strides")),
	}
}

// MixedOffsets returns the offsets as mixed values (getMixedOffsets).
func (o OffsetSizeStride) MixedOffsets(ctx *ir.Context) []ir.FoldResult {
	return MixedValues(ctx, o.StaticOffsets, o.Offsets)
}

// MixedSizes returns the sizes as mixed values (getMixedSizes).
func (o OffsetSizeStride) MixedSizes(ctx *ir.Context) []ir.FoldResult {
	return MixedValues(ctx, o.StaticSizes, o.Sizes)
}

// MixedStrides returns the strides as mixed values (getMixedStrides).
func (o OffsetSizeStride) MixedStrides(ctx *ir.Context) []ir.FoldResult {
	return MixedValues(ctx, o.StaticStrides, o.Strides)
}

// Verify checks the interface's invariants with upstream's messages
// (verifyOffsetSizeAndStrideOp), reported on op without the "op" prefix
// as upstream emits them.
func (o OffsetSizeStride) Verify(op *ir.Operation) error {
	nOff, nSize, nStride := len(o.StaticOffsets), len(o.StaticSizes), len(o.StaticStrides)
	if !(nOff == 1 && o.MaxRanks[0] == 1) && nOff != nSize {
		return ir.EmitError(op, fmt.Sprintf("expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", nOff, nSize))
	}
	if nSize != nStride {
		return ir.EmitError(op, fmt.Sprintf("expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", nSize, nStride))
	}
	if err := VerifyListOfOperandsOrIntegers(op, "offset", o.MaxRanks[0], o.StaticOffsets, o.Offsets); err != nil {
		return err
	}
	if err := VerifyListOfOperandsOrIntegers(op, "size", o.MaxRanks[1], o.StaticSizes, o.Sizes); err != nil {
		return err
	}
	if err := VerifyListOfOperandsOrIntegers(op, "stride", o.MaxRanks[2], o.StaticStrides, o.Strides); err != nil {
		return err
	}
	for _, v := range o.StaticOffsets {
		if v < 0 && v != ir.Dynamic {
			return ir.EmitError(op, fmt.Sprintf("expected offsets to be non-negative, but got %d", v))
		}
	}
	for _, v := range o.StaticSizes {
		if v < 0 && v != ir.Dynamic {
			return ir.EmitError(op, fmt.Sprintf("expected sizes to be non-negative, but got %d", v))
		}
	}
	return nil
}

// VerifyListOfOperandsOrIntegers checks that static has n entries and that
// values has one value per ir.Dynamic entry (MLIR's
// verifyListOfOperandsOrIntegers); name is "offset", "size" or "stride".
func VerifyListOfOperandsOrIntegers(op *ir.Operation, name string, n int, static []int64, values []ir.Value) error {
	if len(static) != n {
		return ir.EmitError(op, fmt.Sprintf("expected %d %s values, got %d", n, name, len(static)))
	}
	dyn := 0
	for _, v := range static {
		if v == ir.Dynamic {
			dyn++
		}
	}
	if len(values) != dyn {
		return ir.EmitError(op, fmt.Sprintf("expected the number of '%ss' to match the number of dynamic entries in 'static_%ss' (%d vs %d)", name, name, len(values), dyn))
	}
	return nil
}
