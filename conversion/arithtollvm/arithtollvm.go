// Package arithtollvm is convert-arith-to-llvm: arith operations on
// scalars and vectors become their llvm dialect counterparts, with index
// converted to i64.
package arithtollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/rewrite"
)

// direct maps arith operations to llvm operations of the same shape.
var direct = map[string]string{
	"arith.addi": "llvm.add", "arith.subi": "llvm.sub", "arith.muli": "llvm.mul",
	"arith.divsi": "llvm.sdiv", "arith.divui": "llvm.udiv", "arith.remsi": "llvm.srem", "arith.remui": "llvm.urem",
	"arith.andi": "llvm.and", "arith.ori": "llvm.or", "arith.xori": "llvm.xor",
	"arith.shli": "llvm.shl", "arith.shrui": "llvm.lshr", "arith.shrsi": "llvm.ashr",
	"arith.addf": "llvm.fadd", "arith.subf": "llvm.fsub", "arith.mulf": "llvm.fmul",
	"arith.divf": "llvm.fdiv", "arith.remf": "llvm.frem", "arith.negf": "llvm.fneg",
	"arith.extsi": "llvm.sext", "arith.extui": "llvm.zext", "arith.trunci": "llvm.trunc",
	"arith.sitofp": "llvm.sitofp", "arith.uitofp": "llvm.uitofp", "arith.fptosi": "llvm.fptosi",
	"arith.fptoui": "llvm.fptoui", "arith.extf": "llvm.fpext", "arith.truncf": "llvm.fptrunc",
	"arith.bitcast": "llvm.bitcast", "arith.select": "llvm.select",
	"arith.maxsi": "llvm.intr.smax", "arith.minsi": "llvm.intr.smin",
	"arith.maxui": "llvm.intr.umax", "arith.minui": "llvm.intr.umin",
	"arith.maxnumf": "llvm.intr.maxnum", "arith.minnumf": "llvm.intr.minnum",
	"arith.maximumf": "llvm.intr.maximum", "arith.minimumf": "llvm.intr.minimum",
}

// withOverflow are the llvm operations that keep arith's overflow flags.
var withOverflow = map[string]bool{"llvm.add": true, "llvm.sub": true, "llvm.mul": true, "llvm.shl": true, "llvm.trunc": true}

// withFastmath are the llvm operations that keep arith's fast-math flags.
var withFastmath = map[string]bool{"llvm.fadd": true, "llvm.fsub": true, "llvm.fmul": true, "llvm.fdiv": true,
	"llvm.frem": true, "llvm.fneg": true, "llvm.select": false, "llvm.intr.maxnum": true, "llvm.intr.minnum": true,
	"llvm.intr.maximum": true, "llvm.intr.minimum": true}

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
	for from, to := range direct {
		to := to
		ps = append(ps, &rewrite.ConversionFunc{RootName: from, BenefitValue: 1, PatternName: from + "-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				var props []ir.NamedAttr
				if withOverflow[to] {
					if a := op.InherentAttr("overflowFlags"); a != nil {
						props = append(props, ir.NamedAttr{Name: "overflowFlags", Value: ctx.IntegerAttr(ctx.I(32), int64(enumValue(a)))})
					}
				}
				if withFastmath[to] {
					if a := op.InherentAttr("fastmath"); a != nil {
						if fm := Fastmath(ctx, a); fm != nil {
							props = append(props, ir.NamedAttr{Name: "fastmathFlags", Value: fm})
						}
					}
				}
				rt := tc.Convert(op.Result(0).Type())
				n := llvmcommon.Create(r, to, op.Loc(), operands, []ir.Type{rt}, props)
				r.ReplaceOp(op, []ir.Value{n.Result(0)})
				return true
			}})
	}
	ps = append(ps,
		&rewrite.ConversionFunc{RootName: "arith.constant", BenefitValue: 1, PatternName: "constant-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				v := op.InherentAttr("value")
				rt := tc.Convert(op.Result(0).Type())
				switch v.(type) {
				case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
				default:
					return false
				}
				n := llvmcommon.Create(r, "llvm.mlir.constant", op.Loc(), nil, []ir.Type{rt}, []ir.NamedAttr{{Name: "value", Value: v}})
				r.ReplaceOp(op, []ir.Value{n.Result(0)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "arith.cmpi", BenefitValue: 1, PatternName: "cmpi-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				p := enumValue(op.InherentAttr("predicate"))
				n := llvmcommon.Create(r, "llvm.icmp", op.Loc(), operands, []ir.Type{op.Result(0).Type()},
					[]ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), icmpPreds[p])}})
				r.ReplaceOp(op, []ir.Value{n.Result(0)})
				return true
			}},
		&rewrite.ConversionFunc{RootName: "arith.cmpf", BenefitValue: 1, PatternName: "cmpf-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				p := enumValue(op.InherentAttr("predicate"))
				props := []ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), int64(p))}}
				if a := op.InherentAttr("fastmath"); a != nil {
					if fm := Fastmath(ctx, a); fm != nil {
						props = append(props, ir.NamedAttr{Name: "fastmathFlags", Value: fm})
					}
				}
				n := llvmcommon.Create(r, "llvm.fcmp", op.Loc(), operands, []ir.Type{op.Result(0).Type()}, props)
				r.ReplaceOp(op, []ir.Value{n.Result(0)})
				return true
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
	return append(ps, expansions()...)
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

// indexCast converts index casts: same width is a no-op, wider extends
// with ext, narrower truncates.
func indexCast(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter, ext string) bool {
	rt := tc.Convert(op.Result(0).Type())
	in := operands[0]
	wi, wo := width(in.Type()), width(rt)
	if wi == 0 || wo == 0 {
		return false
	}
	switch {
	case wi == wo:
		r.ReplaceOp(op, []ir.Value{in})
	case wi < wo:
		r.ReplaceOp(op, []ir.Value{llvmcommon.Create(r, ext, op.Loc(), []ir.Value{in}, []ir.Type{rt}, nil).Result(0)})
	default:
		r.ReplaceOp(op, []ir.Value{llvmcommon.Create(r, "llvm.trunc", op.Loc(), []ir.Value{in}, []ir.Type{rt}, nil).Result(0)})
	}
	return true
}

// Run converts the arith operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	foldFirst(ctx, op)
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalDialect("arith")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}
