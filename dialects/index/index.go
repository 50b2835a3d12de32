// Package index defines MLIR's index dialect: integer arithmetic,
// comparisons, casts and constants on values of type index, whose width
// is the target's (64 or 32 bits). The operations are declared in
// index.irdl; this file adds the casts' verifier, the folders and the
// names of constants' results (%idx42, %true).
//
// A folder folds only where the result does not depend on the width of
// index: the operation is computed on 64 and on 32 bits and folded when
// the 64-bit result truncated to 32 bits is the 32-bit one, as upstream
// folds.
package index

import (
	_ "embed"
	"fmt"
	"strconv"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/bareenum"
)

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o index_gen.go index.irdl

//go:embed index.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/index/index.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var once sync.Once

// Register adds the index dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		irdl.RegisterResultNamer("index", constantNames)
		cmpPredicate.Register("IndexCmpPredicate")
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("index: loading index.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("index")
	d.MaterializeConstant = materializeConstant
	d.ParseAttr = bareenum.ParseAttr("index", []bareenum.Enum{cmpPredicate}, d.ParseAttr)
}

// cmpPredicate is the attribute #index<cmp_predicate case> of index.cmp.
var cmpPredicate = bareenum.Enum{Dialect: "index", Mnemonic: "cmp_predicate", What: "::mlir::index::IndexCmpPredicate",
	Cases: []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}}

// Predicate returns the predicate of an index.cmp ("slt").
func Predicate(op CmpOp) string {
	v, _ := bareenum.Value(op.Pred(), "index", "cmp_predicate")
	return v
}

// PredicateAttr returns the attribute #index<cmp_predicate pred>.
func PredicateAttr(ctx *ir.Context, pred string) (ir.Attribute, error) {
	return cmpPredicate.Attr(ctx, pred)
}

// materializeConstant builds index.constant for an index attribute and
// index.bool.constant for an i1 one.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	a, ok := value.(*ir.IntegerAttr)
	if !ok || a.Type != t {
		return nil
	}
	if _, ok := t.(*ir.IndexType); ok {
		return BuildConstant(b, loc, a.Int64()).Operation
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 && it.Signedness == ir.Signless {
		return BuildBoolConstant(b, loc, a.Lo != 0).Operation
	}
	return nil
}

// constantNames names the result of index.constant %idx<value> and that
// of index.bool.constant %true or %false.
func constantNames(op *ir.Operation, set func(int, string)) {
	a, ok := op.InherentAttr("value").(*ir.IntegerAttr)
	if !ok {
		return
	}
	if _, isIndex := a.Type.(*ir.IndexType); isIndex {
		set(0, "idx"+strconv.FormatInt(a.Int64(), 10))
		return
	}
	if a.Lo != 0 {
		set(0, "true")
	} else {
		set(0, "false")
	}
}

func isIndex(t ir.Type) bool {
	_, ok := t.(*ir.IndexType)
	return ok
}

// verifyCast checks that exactly one side of index.casts or index.castu
// is an index (CastOpInterface's areCastCompatible).
func verifyCast(op *ir.Operation) error {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if isIndex(in) == isIndex(out) {
		return ir.OpError(op, fmt.Sprintf("operand type '%s' and result type '%s' are cast incompatible", ir.TypeString(in), ir.TypeString(out)))
	}
	return nil
}

// foldConstant folds index.constant and index.bool.constant to their value.
func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	v := op.InherentAttr("value")
	if v == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: v}}, true
}

// constantInterfaces lets matchers read index.constant's value without
// folding it.
func constantInterfaces(d *ir.OpDef) {
	ir.ConstantValueOp.Attach(d, ir.ConstantValueFunc(func(op *ir.Operation) ir.Attribute {
		return ConstantOp{op}.ValueAttr()
	}))
}

// boolConstantInterfaces lets matchers read index.bool.constant's value
// without folding it.
func boolConstantInterfaces(d *ir.OpDef) {
	ir.ConstantValueOp.Attach(d, ir.ConstantValueFunc(func(op *ir.Operation) ir.Attribute {
		return BoolConstantOp{op}.ValueAttr()
	}))
}

// constInt returns the value of a constant integer operand.
func constInt(a ir.Attribute) (uint64, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok || ia.Big != nil {
		return 0, false
	}
	return ia.Lo, true
}

// sext sign-extends the low w bits of v.
func sext(v uint64, w uint) uint64 {
	if w >= 64 {
		return v
	}
	return uint64(int64(v<<(64-w)) >> (64 - w))
}

// trunc keeps the low w bits of v.
func trunc(v uint64, w uint) uint64 {
	if w >= 64 {
		return v
	}
	return v & (1<<w - 1)
}

// Compute returns the result of the binary operation name ("add", "divs")
// on the w-bit values a and b (w is 32 or 64), and false where the
// operation has no result (a division by zero, a shift by the width or
// more).
func Compute(name string, a, b uint64, w uint) (uint64, bool) {
	a, b = trunc(a, w), trunc(b, w)
	sa, sb := int64(sext(a, w)), int64(sext(b, w))
	minS := int64(sext(1<<(w-1), w))
	var r uint64
	switch name {
	case "add":
		r = a + b
	case "sub":
		r = a - b
	case "mul":
		r = a * b
	case "and":
		r = a & b
	case "or":
		r = a | b
	case "xor":
		r = a ^ b
	case "divs", "ceildivs", "floordivs", "rems":
		if b == 0 || sa == minS && sb == -1 {
			return 0, false
		}
		q, m := sa/sb, sa%sb
		switch name {
		case "divs":
			r = uint64(q)
		case "rems":
			r = uint64(m)
		case "ceildivs":
			if m != 0 && (m < 0) == (sb < 0) {
				q++
			}
			r = uint64(q)
		case "floordivs":
			if m != 0 && (m < 0) != (sb < 0) {
				q--
			}
			r = uint64(q)
		}
	case "divu", "ceildivu", "remu":
		if b == 0 {
			return 0, false
		}
		switch name {
		case "divu":
			r = a / b
		case "remu":
			r = a % b
		case "ceildivu":
			r = a / b
			if a%b != 0 {
				r++
			}
		}
	case "maxs":
		r = uint64(max(sa, sb))
	case "mins":
		r = uint64(min(sa, sb))
	case "maxu":
		r = max(a, b)
	case "minu":
		r = min(a, b)
	case "shl", "shrs", "shru":
		if b >= uint64(w) {
			return 0, false
		}
		switch name {
		case "shl":
			r = a << b
		case "shrs":
			r = uint64(sa >> b)
		case "shru":
			r = a >> b
		}
	default:
		return 0, false
	}
	return trunc(r, w), true
}

// foldBinary folds a binary operation of constant operands where its 64-
// and 32-bit results agree.
func foldBinary(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if len(operands) != 2 {
		return nil, false
	}
	a, ok1 := constInt(operands[0])
	b, ok2 := constInt(operands[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	name := op.Name()[len("index."):]
	r64, ok64 := Compute(name, a, b, 64)
	r32, ok32 := Compute(name, a, b, 32)
	if !ok64 || !ok32 || trunc(r64, 32) != r32 {
		return nil, false
	}
	return []ir.FoldResult{{Attr: op.Context().IntegerAttrBits(op.Result(0).Type(), r64)}}, true
}

// Compare returns the predicate pred ("slt") of the w-bit values a and b.
func Compare(pred string, a, b uint64, w uint) (bool, bool) {
	a, b = trunc(a, w), trunc(b, w)
	sa, sb := int64(sext(a, w)), int64(sext(b, w))
	switch pred {
	case "eq":
		return a == b, true
	case "ne":
		return a != b, true
	case "slt":
		return sa < sb, true
	case "sle":
		return sa <= sb, true
	case "sgt":
		return sa > sb, true
	case "sge":
		return sa >= sb, true
	case "ult":
		return a < b, true
	case "ule":
		return a <= b, true
	case "ugt":
		return a > b, true
	case "uge":
		return a >= b, true
	}
	return false, false
}

// foldCmp folds index.cmp of constant operands where the 64- and 32-bit
// comparisons agree, and of an operand with itself.
func foldCmp(op CmpOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	pred := Predicate(op)
	ctx := op.Context()
	if op.Lhs() == op.Rhs() {
		switch pred {
		case "eq", "sle", "sge", "ule", "uge":
			return []ir.FoldResult{{Attr: ctx.Bool(true)}}, true
		case "ne", "slt", "sgt", "ult", "ugt":
			return []ir.FoldResult{{Attr: ctx.Bool(false)}}, true
		}
	}
	if len(operands) != 2 {
		return nil, false
	}
	a, ok1 := constInt(operands[0])
	b, ok2 := constInt(operands[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	r64, ok64 := Compare(pred, a, b, 64)
	r32, ok32 := Compare(pred, a, b, 32)
	if !ok64 || !ok32 || r64 != r32 {
		return nil, false
	}
	return []ir.FoldResult{{Attr: ctx.Bool(r64)}}, true
}

// Cast returns the value v of type in cast to type out by index.casts
// (signed) or index.castu, with index of width w.
func Cast(v uint64, in, out ir.Type, signed bool, w uint) uint64 {
	from, to := width(in, w), width(out, w)
	if from < to && signed {
		return trunc(sext(v, from), to)
	}
	return trunc(trunc(v, from), to)
}

func width(t ir.Type, indexWidth uint) uint {
	if isIndex(t) {
		return indexWidth
	}
	return uint(ir.IntOrFloatBitWidth(t))
}

// foldCast folds a cast of a constant where its result does not depend on
// the width of index.
func foldCast(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if len(operands) != 1 {
		return nil, false
	}
	v, ok := constInt(operands[0])
	if !ok {
		return nil, false
	}
	signed := op.Name() == CastsOpName
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if ir.IntOrFloatBitWidth(in) > 64 || ir.IntOrFloatBitWidth(out) > 64 {
		return nil, false
	}
	r64 := Cast(v, in, out, signed, 64)
	if !isIndex(out) {
		// From index: the result must not depend on the high half.
		if Cast(trunc(v, 32), in, out, signed, 32) != r64 {
			return nil, false
		}
	}
	return []ir.FoldResult{{Attr: op.Context().IntegerAttrBits(out, r64)}}, true
}
