// Package arithtollvm is convert-arith-to-llvm: arith operations on
// scalars and vectors become their llvm dialect counterparts, with index
// converted to i64.
package arithtollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/llvm"
)

// flags says which of arith's flags an llvm counterpart keeps.
type flags uint8

const (
	keepOverflow flags = 1 << iota
	keepFastmath
)

// direct pairs arith operations with the llvm operations of the same
// shape that they become (upstream's VectorConvertToLLVMPattern list),
// and the flags that carry over.
var direct = []struct {
	from, to string
	keep     flags
}{
	{arith.AddiOpName, llvm.AddOpName, keepOverflow}, {arith.SubiOpName, llvm.SubOpName, keepOverflow},
	{arith.MuliOpName, llvm.MulOpName, keepOverflow}, {arith.ShliOpName, llvm.ShlOpName, keepOverflow},
	{arith.DivsiOpName, llvm.SdivOpName, 0}, {arith.DivuiOpName, llvm.UdivOpName, 0},
	{arith.RemsiOpName, llvm.SremOpName, 0}, {arith.RemuiOpName, llvm.UremOpName, 0},
	{arith.AndiOpName, llvm.AndOpName, 0}, {arith.OriOpName, llvm.OrOpName, 0}, {arith.XoriOpName, llvm.XorOpName, 0},
	{arith.ShruiOpName, llvm.LshrOpName, 0}, {arith.ShrsiOpName, llvm.AshrOpName, 0},
	{arith.AddfOpName, llvm.FaddOpName, keepFastmath}, {arith.SubfOpName, llvm.FsubOpName, keepFastmath},
	{arith.MulfOpName, llvm.FmulOpName, keepFastmath}, {arith.DivfOpName, llvm.FdivOpName, keepFastmath},
	{arith.RemfOpName, llvm.FremOpName, keepFastmath}, {arith.NegfOpName, llvm.FnegOpName, keepFastmath},
	{arith.ExtsiOpName, llvm.SextOpName, 0}, {arith.ExtuiOpName, llvm.ZextOpName, 0},
	{arith.TrunciOpName, llvm.TruncOpName, keepOverflow},
	{arith.SitofpOpName, llvm.SitofpOpName, 0}, {arith.UitofpOpName, llvm.UitofpOpName, 0},
	{arith.FptosiOpName, llvm.FptosiOpName, 0}, {arith.FptouiOpName, llvm.FptouiOpName, 0},
	{arith.ExtfOpName, llvm.FpextOpName, 0}, {arith.TruncfOpName, llvm.FptruncOpName, 0},
	{arith.BitcastOpName, llvm.BitcastOpName, 0}, {arith.SelectOpName, llvm.SelectOpName, 0},
	{arith.MaxsiOpName, llvm.IntrSmaxOpName, 0}, {arith.MinsiOpName, llvm.IntrSminOpName, 0},
	{arith.MaxuiOpName, llvm.IntrUmaxOpName, 0}, {arith.MinuiOpName, llvm.IntrUminOpName, 0},
	{arith.MaxnumfOpName, llvm.IntrMaxnumOpName, keepFastmath}, {arith.MinnumfOpName, llvm.IntrMinnumOpName, keepFastmath},
	{arith.MaximumfOpName, llvm.IntrMaximumOpName, keepFastmath}, {arith.MinimumfOpName, llvm.IntrMinimumOpName, keepFastmath},
}

// arith's fast-math bits in the order of llvm's (nnan, ninf, nsz, arcp,
// contract, afn, reassoc).
var arithFastmathBits = []uint64{2, 4, 8, 16, 32, 64, 1}

func enumValue(a ir.Attribute) uint64 {
	switch x := a.(type) {
	case *irdl.DynAttr:
		v, _ := x.Param("value").(uint64)
		return v
	case *ir.IntegerAttr:
		return x.Lo
	}
	return 0
}

// Fastmath converts arith's fast-math flags attribute a to llvm's, or
// returns nil.
func Fastmath(ctx *ir.Context, a ir.Attribute) ir.Attribute {
	v := enumValue(a)
	var out uint64
	for i, bit := range arithFastmathBits {
		if v&bit != 0 {
			out |= 1 << i
		}
	}
	names := []string{"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}
	body := "none"
	if out == 127 {
		body = "fast"
	} else if out != 0 {
		body = ""
		for i, n := range names {
			if out&(1<<i) != 0 {
				if body != "" {
					body += ", "
				}
				body += n
			}
		}
	}
	attr, err := ctx.Dialect("llvm").ParseAttr(ctx, "fastmath<"+body+">")
	if err != nil {
		return nil
	}
	return attr
}

var icmpPreds = map[uint64]int64{0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9}

// Patterns returns the conversion patterns of convert-arith-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, d := range direct {
		to, keep := d.to, d.keep
		ps = append(ps, &rewrite.ConversionFunc{RootName: d.from, BenefitValue: 1, PatternName: d.from + "-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				var props []ir.NamedAttr
				if keep&keepOverflow != 0 {
					if a := op.InherentAttr("overflowFlags"); a != nil {
						props = append(props, ir.NamedAttr{Name: "overflowFlags", Value: ctx.IntegerAttr(ctx.I(32), int64(enumValue(a)))})
					}
				}
				if keep&keepFastmath != 0 {
					if a := op.InherentAttr("fastmath"); a != nil {
						if fm := Fastmath(ctx, a); fm != nil {
							props = append(props, ir.NamedAttr{Name: "fastmathFlags", Value: fm})
						}
					}
				}
				return llvmcommon.VectorOneToOne(r, op, to, operands, props, tc)
			}})
	}
	ps = append(ps,
		&rewrite.ConversionFunc{RootName: arith.ConstantOpName, BenefitValue: 1, PatternName: "constant-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				c, _ := arith.AsConstantOp(op)
				v := c.Value()
				rt := tc.Convert(op.Result(0).Type())
				switch v.(type) {
				case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
				default:
					return false
				}
				if !llvmcommon.IsCompatible(rt) {
					return false
				}
				n := llvmcommon.Create(r, "llvm.mlir.constant", op.Loc(), nil, []ir.Type{rt}, []ir.NamedAttr{{Name: "value", Value: v}})
				r.ReplaceOp(op, []ir.Value{n.Result(0)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "arith.cmpi", BenefitValue: 1, PatternName: "cmpi-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				cmp, _ := arith.AsCmpiOp(op)
				p := uint64(cmp.Predicate())
				return compare(r, op, operands, tc, "llvm.icmp",
					[]ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), icmpPreds[p])}})
			}},
		&rewrite.ConversionFunc{RootName: "arith.cmpf", BenefitValue: 1, PatternName: "cmpf-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				cmp, _ := arith.AsCmpfOp(op)
				p := uint64(cmp.Predicate())
				props := []ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), int64(p))}}
				if a := cmp.FastmathAttr(); a != nil {
					if fm := Fastmath(ctx, a); fm != nil {
						props = append(props, ir.NamedAttr{Name: "fastmathFlags", Value: fm})
					}
				}
				return compare(r, op, operands, tc, "llvm.fcmp", props)
			}},
		&rewrite.ConversionFunc{RootName: "arith.index_cast", BenefitValue: 1, PatternName: "index-cast-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				return indexCast(op, operands, r, tc, "llvm.sext")
			}},
		&rewrite.ConversionFunc{RootName: "arith.index_castui", BenefitValue: 1, PatternName: "index-castui-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				return indexCast(op, operands, r, tc, "llvm.zext")
			}},
	)
	return append(ps, expansions(tc)...)
}

func width(t ir.Type) int {
	if v, ok := t.(*ir.VectorType); ok {
		t = v.Elem
	}
	if it, ok := t.(*ir.IntegerType); ok {
		return int(it.Width)
	}
	return 0
}

// compare converts arith.cmpi and arith.cmpf to name (llvm.icmp or
// llvm.fcmp) with props; comparisons of n-D vectors are unrolled over
// their outer dimensions.
func compare(r *rewrite.ConversionRewriter, op *ir.Operation, operands []ir.Value, tc *rewrite.TypeConverter, name string,
	props []ir.NamedAttr) bool {
	if len(operands) != 2 {
		return false
	}
	if _, nd := operands[0].Type().(*llvm.ArrayType); nd {
		return llvmcommon.UnrollNDVector(r, op, operands, tc, func(t ir.Type, parts []ir.Value) ir.Value {
			return llvmcommon.Create(r, name, op.Loc(), parts, []ir.Type{t}, props).Result(0)
		})
	}
	rt := tc.Convert(op.Result(0).Type())
	if !llvmcommon.IsCompatible(rt) {
		return false
	}
	r.ReplaceOp(op, []ir.Value{llvmcommon.Create(r, name, op.Loc(), operands, []ir.Type{rt}, props).Result(0)})
	return true
}

// elementWidth returns the width of the integer (or index, converted)
// elements of t, or 0.
func elementWidth(tc *rewrite.TypeConverter, t ir.Type) int {
	if v, ok := t.(*ir.VectorType); ok {
		t = v.Elem
	}
	return width(tc.Convert(t))
}

// indexCast converts index casts: same width is a no-op, wider extends
// with ext, narrower truncates; casts of n-D vectors are unrolled over
// their outer dimensions.
func indexCast(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter, ext string) bool {
	if len(operands) != 1 {
		return false
	}
	in := operands[0]
	wi, wo := elementWidth(tc, op.Operand(0).Type()), elementWidth(tc, op.Result(0).Type())
	if wi == 0 || wo == 0 {
		return false
	}
	name := ext
	if wi > wo {
		name = "llvm.trunc"
	}
	switch {
	case wi == wo:
		r.ReplaceOp(op, []ir.Value{in})
		return true
	case !llvmcommon.IsCompatible(in.Type()):
		return false
	}
	if _, nd := in.Type().(*llvm.ArrayType); nd {
		return llvmcommon.UnrollNDVector(r, op, operands, tc, func(t ir.Type, parts []ir.Value) ir.Value {
			return llvmcommon.Create(r, name, op.Loc(), parts, []ir.Type{t}, nil).Result(0)
		})
	}
	rt := tc.Convert(op.Result(0).Type())
	r.ReplaceOp(op, []ir.Value{llvmcommon.Create(r, name, op.Loc(), []ir.Value{in}, []ir.Type{rt}, nil).Result(0)})
	return true
}

// Run converts the arith operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	foldFirst(ctx, op)
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddDynamicallyLegalDialect("arith", func(o *ir.Operation) bool { return declined(tc, o) })
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}

// declined reports whether upstream's patterns leave op as it is: an
// operand or result type does not convert to an LLVM-compatible type
// (tensors, vectors scalable in an outer dimension), or it is
// an extended multiplication of n-D vectors. Such operations stay, as
// upstream's partial conversion leaves them; every other arith operation
// must be converted.
func declined(tc *rewrite.TypeConverter, op *ir.Operation) bool {
	for i := 0; i < op.NumOperands(); i++ {
		if !llvmcommon.IsCompatible(tc.Convert(op.Operand(i).Type())) {
			return true
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if !llvmcommon.IsCompatible(tc.Convert(op.Result(i).Type())) {
			return true
		}
	}
	if _, ok := arith.AsMulsiExtendedOp(op); !ok {
		if _, ok := arith.AsMuluiExtendedOp(op); !ok {
			return false
		}
	}
	v, ok := op.Result(0).Type().(*ir.VectorType)
	return ok && len(v.Shape) > 1
}
