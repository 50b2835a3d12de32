package arithtollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// expander builds the llvm operations of an expanded arith operation.
type expander struct {
	r   *rewrite.ConversionRewriter
	loc ir.Location
	// index is set when the operation works on index values (lowered to
	// i64): its constants are then index attributes of i64 results.
	index bool
}

func (e *expander) op(name string, t ir.Type, operands ...ir.Value) ir.Value {
	return llvmcommon.Create(e.r, name, e.loc, operands, []ir.Type{t}, nil).Result(0)
}

func (e *expander) cst(t ir.Type, v int64) ir.Value {
	ctx := e.r.Builder.Ctx
	at := t
	if e.index {
		at = ctx.IndexType()
	}
	return llvmcommon.Create(e.r, "llvm.mlir.constant", e.loc, nil, []ir.Type{t},
		[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(at, v)}}).Result(0)
}

func (e *expander) icmp(pred int64, a, b ir.Value) ir.Value {
	ctx := e.r.Builder.Ctx
	return llvmcommon.Create(e.r, "llvm.icmp", e.loc, []ir.Value{a, b}, []ir.Type{ctx.I(1)},
		[]ir.NamedAttr{{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), pred)}}).Result(0)
}

const (
	predEQ  = 0
	predNE  = 1
	predSLT = 2
)

// scalarInt returns the integer type of a scalar integer operation.
func scalarInt(op *ir.Operation) (*ir.IntegerType, bool) {
	it, ok := op.Result(0).Type().(*ir.IntegerType)
	return it, ok
}

// expansions are upstream's ceil/floor division expansions
// (populateCeilFloorDivExpandOpsPatterns, which convert-arith-to-llvm
// applies) and the extended multiplications, on scalar integers.
func expansions() []rewrite.ConversionPattern {
	mk := func(name string, fn func(e *expander, t *ir.IntegerType, a, b ir.Value) []ir.Value) rewrite.ConversionPattern {
		return &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				e := &expander{r: r, loc: op.Loc()}
				t, ok := scalarInt(op)
				if _, isIndex := op.Result(0).Type().(*ir.IndexType); isIndex && op.NumResults() == 1 {
					t, ok, e.index = r.Builder.Ctx.I(64), true, true
				}
				if !ok {
					return false
				}
				r.ReplaceOp(op, fn(e, t, operands[0], operands[1]))
				return true
			}}
	}
	return []rewrite.ConversionPattern{
		mk("arith.ceildivsi", func(e *expander, t *ir.IntegerType, a, b ir.Value) []ir.Value {
			zero, one := e.cst(t, 0), e.cst(t, 1)
			q := e.op("llvm.sdiv", t, a, b)
			p := e.op("llvm.mul", t, q, b)
			inexact := e.icmp(predNE, a, p)
			aNeg, bNeg := e.icmp(predSLT, a, zero), e.icmp(predSLT, b, zero)
			same := e.icmp(predEQ, aNeg, bNeg)
			cond := e.op("llvm.and", inexact.Type(), inexact, same)
			up := e.op("llvm.add", t, q, one)
			return []ir.Value{e.op("llvm.select", t, cond, up, q)}
		}),
		mk("arith.ceildivui", func(e *expander, t *ir.IntegerType, a, b ir.Value) []ir.Value {
			zero := e.cst(t, 0)
			isZero := e.icmp(predEQ, a, zero)
			one := e.cst(t, 1)
			m := e.op("llvm.sub", t, a, one)
			q := e.op("llvm.udiv", t, m, b)
			up := e.op("llvm.add", t, q, one)
			return []ir.Value{e.op("llvm.select", t, isZero, zero, up)}
		}),
		mk("arith.floordivsi", func(e *expander, t *ir.IntegerType, a, b ir.Value) []ir.Value {
			q := e.op("llvm.sdiv", t, a, b)
			p := e.op("llvm.mul", t, q, b)
			inexact := e.icmp(predNE, a, p)
			zero := e.cst(t, 0)
			aNeg, bNeg := e.icmp(predSLT, a, zero), e.icmp(predSLT, b, zero)
			differ := e.icmp(predNE, aNeg, bNeg)
			cond := e.op("llvm.and", inexact.Type(), inexact, differ)
			down := e.op("llvm.add", t, q, e.cst(t, -1))
			return []ir.Value{e.op("llvm.select", t, cond, down, q)}
		}),
		mk("arith.mulsi_extended", func(e *expander, t *ir.IntegerType, a, b ir.Value) []ir.Value {
			return extendedMul(e, t, a, b, "llvm.sext")
		}),
		mk("arith.mului_extended", func(e *expander, t *ir.IntegerType, a, b ir.Value) []ir.Value {
			return extendedMul(e, t, a, b, "llvm.zext")
		}),
	}
}

// extendedMul multiplies in twice the width and splits the product into
// its low and high halves.
func extendedMul(e *expander, t *ir.IntegerType, a, b ir.Value, ext string) []ir.Value {
	wide := e.r.Builder.Ctx.I(2 * t.Width)
	x, y := e.op(ext, wide, a), e.op(ext, wide, b)
	p := e.op("llvm.mul", wide, x, y)
	low := e.op("llvm.trunc", t, p)
	shift := e.cst(wide, int64(t.Width))
	high := e.op("llvm.trunc", t, e.op("llvm.lshr", wide, p, shift))
	return []ir.Value{low, high}
}
