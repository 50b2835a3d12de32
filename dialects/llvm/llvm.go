// Package llvm defines MLIR's llvm dialect: the LLVM IR types
// (!llvm.ptr, !llvm.struct, !llvm.array, !llvm.func, ...) and the
// operations a CPU lowering produces (functions, globals, calls, memory,
// integer and float arithmetic, comparisons, casts, branches and the math
// intrinsics). The operations are declared in llvm.irdl; this file adds
// what the declarations cannot say: the type parser, the custom syntax of
// llvm.func, llvm.mlir.global, llvm.call and llvm.switch, the directives of
// the comparison predicates, GEP indices and insert/extractvalue, and
// verifiers.
package llvm

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o llvm_gen.go llvm.irdl

import (
	_ "embed"
	"github.com/strata-ir/strata/dialects/ub"
	"math"
	"slices"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed llvm.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/llvm/llvm.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var directives sync.Once

// Register adds the llvm dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	directives.Do(registerDirectives)
	d := ctx.Dialect("llvm")
	if d == nil {
		d = &ir.Dialect{Name: "llvm"}
		ctx.RegisterDialect(d)
	}
	d.ParseTypeBody = parseTypeBody
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("llvm: loading llvm.irdl: " + err.Error())
	}
	d = ctx.Dialect("llvm")
	d.Summary = "The LLVM IR dialect"
	d.Inlinable = true
	d.MaterializeConstant = materializeConstant
	registerHooks(ctx)
	registerMMRA(ctx)
	if on := ctx.LookupOpName("llvm.func"); on != nil && on.Def != nil {
		ir.CallableOp.Attach(on.Def, ir.CallableRegionFunc(func(op *ir.Operation) *ir.Region {
			if op.Region(0).Empty() {
				return nil
			}
			return op.Region(0)
		}))
	}
	if on := ctx.LookupOpName("llvm.call"); on != nil && on.Def != nil {
		ir.CallOp.Attach(on.Def, ir.CallTargetFunc(func(op *ir.Operation) *ir.SymbolRefAttr {
			s, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
			return s
		}))
	}
}

// foldConstant folds llvm.mlir.constant to its value.
func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: op.InherentAttr("value")}}, true
}

// foldPoison folds llvm.mlir.poison to #ub.poison, as upstream's does.
func foldPoison(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: ub.PoisonAttr(op.Context())}}, true
}

// ZeroAttr returns #llvm.zero, the folded value of llvm.mlir.zero.
func ZeroAttr(ctx *ir.Context) ir.Attribute { return ctx.OpaqueAttr("llvm", "zero", nil) }

// foldZero folds llvm.mlir.zero to #llvm.zero, as upstream's does, so
// that the greedy driver hoists and deduplicates it as a constant.
func foldZero(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: ZeroAttr(op.Context())}}, true
}

// foldBitcast folds a bitcast to its own type, and a bitcast of a bitcast
// back to the first one's operand type, to that operand.
func foldBitcast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	b, ok := AsBitcastOp(op)
	if !ok {
		return nil, false
	}
	if b.Arg().Type() == b.Res().Type() {
		return []ir.FoldResult{{Value: b.Arg()}}, true
	}
	if prev, ok := AsBitcastOp(ir.DefiningOp(b.Arg())); ok && prev.Arg().Type() == b.Res().Type() {
		return []ir.FoldResult{{Value: prev.Arg()}}, true
	}
	return nil, false
}

// foldAddressOf folds llvm.mlir.addressof to its symbol, as upstream's
// does: the address of a global is a constant, which folding hoists and
// deduplicates.
func foldAddressOf(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Attr: op.InherentAttr("global_name")}}, true
}

// foldGEP is upstream's GEPOp::fold: a getelementptr of the single index 0
// that keeps the base's type folds to the base, and dynamic indices whose
// value is a constant that fits 32 bits become constant indices (in
// place).
func foldGEP(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	idx := i32s(op.InherentAttr("rawConstantIndices"))
	// The value of each index: a constant, or that of its operand.
	consts := make([]*ir.IntegerAttr, len(idx))
	dyn := 1
	for i, c := range idx {
		if c != dynamicIndex {
			continue
		}
		if dyn < len(operands) {
			consts[i], _ = operands[dyn].(*ir.IntegerAttr)
		}
		dyn++
	}
	if op.Operand(0).Type() == op.Result(0).Type() && len(idx) == 1 {
		if idx[0] == 0 || consts[0] != nil && consts[0].Big == nil && consts[0].Int64() == 0 {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
	}
	changed := false
	newRaw := make([]int32, len(idx))
	var newDyn []ir.Value
	dyn = 1
	for i, c := range idx {
		if c != dynamicIndex {
			newRaw[i] = c
			continue
		}
		if k := consts[i]; k != nil && fitsI32(k) {
			newRaw[i] = int32(k.Int64())
			changed = true
		} else {
			newRaw[i] = dynamicIndex
			newDyn = append(newDyn, op.Operand(dyn))
		}
		dyn++
	}
	if !changed {
		return nil, false
	}
	ctx := op.Context()
	props, _ := op.Properties().(*ir.DictionaryAttr)
	var entries []ir.NamedAttr
	if props != nil {
		for _, e := range props.Entries {
			if e.Name == "rawConstantIndices" {
				e.Value = ctx.DenseI32Array(newRaw...)
			}
			entries = append(entries, e)
		}
	}
	op.SetProperties(ctx.DictionaryAttr(entries))
	op.SetOperands(append([]ir.Value{op.Operand(0)}, newDyn...))
	return nil, true
}

// fitsI32 reports whether the integer k is a signed 32-bit value other
// than the one that marks a dynamic index.
func fitsI32(k *ir.IntegerAttr) bool {
	v := k.Int64()
	return k.Big == nil && v > math.MinInt32 && v <= math.MaxInt32
}

// foldExtractValue is upstream's ExtractValueOp::fold: an extractvalue of
// an extractvalue extracts from the first one's container at the joined
// position (in place); one of an insertvalue chain folds to the value
// inserted at its position, looking into an inserted aggregate whose
// position is a prefix of its own and past the insertions at disjoint
// positions, which it then extracts from the container of (in place)
// when the value is not found; an insertion at a position that is a
// prefix of its own, or that its own is a prefix of, stops the search.
func foldExtractValue(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	e, ok := AsExtractvalueOp(op)
	if !ok {
		return nil, false
	}
	ctx := op.Context()
	pos := i64s(op.InherentAttr("position"))
	if prev, ok := AsExtractvalueOp(ir.DefiningOp(e.Container())); ok {
		joined := append(append([]int64{}, i64s(prev.InherentAttr("position"))...), pos...)
		op.SetProperties(ctx.DictionaryAttr([]ir.NamedAttr{{Name: "position", Value: ctx.DenseI64Array(joined...)}}))
		op.SetOperand(0, prev.Container())
		return nil, true
	}
	ins, ok := AsInsertvalueOp(ir.DefiningOp(e.Container()))
	inPlace := false
	switched := false
	extract := pos
	for ok {
		at := i64s(ins.InherentAttr("position"))
		if slices.Equal(extract, at) {
			return []ir.FoldResult{{Value: ins.Value()}}, true
		}
		if len(extract) > len(at) && slices.Equal(extract[:len(at)], at) {
			ins, ok = AsInsertvalueOp(ir.DefiningOp(ins.Value()))
			extract = extract[len(at):]
			switched = true
			continue
		}
		n := min(len(extract), len(at))
		if slices.Equal(extract[:n], at[:n]) {
			break
		}
		if !switched {
			op.SetOperand(0, ins.Container())
			inPlace = true
		}
		ins, ok = AsInsertvalueOp(ir.DefiningOp(ins.Container()))
	}
	return nil, inPlace
}

// materializeConstant builds llvm.mlir.constant for folded values,
// llvm.mlir.poison for #ub.poison and llvm.mlir.addressof for a symbol.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if s, ok := value.(*ir.SymbolRefAttr); ok {
		if _, ptr := t.(*PointerType); ptr && len(s.Nested) == 0 {
			return BuildMlirAddressof(b, loc, s.Root, t).Operation
		}
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		if ub.IsPoisonAttr(value) {
			return BuildMlirPoison(b, loc, t).Operation
		}
		if value == ZeroAttr(b.Ctx) {
			return BuildMlirZero(b, loc, t).Operation
		}
		return nil
	}
	return BuildMlirConstant(b, loc, value, t).Operation
}
