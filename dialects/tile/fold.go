package tile

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/arith"
)

// splatOf returns the constant splat of type t holding the single value of
// a constant scalar or splat attribute, or nil.
func splatOf(ctx *ir.Context, a ir.Attribute, t ir.Type) ir.Attribute {
	if a == nil {
		return nil
	}
	c := arith.AsConst(a)
	if c == nil || !c.Splat || len(c.Vals) != 1 {
		return nil
	}
	return arith.MakeConst(ctx, t, c.Vals)
}

// foldReshaping folds a shape operation (broadcast, expand_dims, squeeze,
// reshape) to its input when the types agree and to a constant splat of
// the result type when the input is one.
func foldReshaping(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if s := splatOf(op.Context(), operands[0], op.Result(0).Type()); s != nil {
		return []ir.FoldResult{{Attr: s}}, true
	}
	return nil, false
}

// foldSplat folds the splat of a constant into a constant splat.
func foldSplat(op SplatOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	if s := splatOf(op.Context(), operands[0], op.Result().Type()); s != nil {
		return []ir.FoldResult{{Attr: s}}, true
	}
	return nil, false
}

func foldBroadcast(op BroadcastOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldReshaping(op.Operation, operands)
}

func foldExpandDims(op ExpandDimsOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldReshaping(op.Operation, operands)
}

func foldSqueeze(op SqueezeOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldReshaping(op.Operation, operands)
}

func foldReshape(op ReshapeOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return foldReshaping(op.Operation, operands)
}

// foldTranspose folds an identity permutation, the transpose of a splat,
// and a transpose of a transpose whose permutations compose to the
// identity.
func foldTranspose(op TransposeOp, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	perm := Permutation(op)
	identity := func(p []int64) bool {
		for i, v := range p {
			if v != int64(i) {
				return false
			}
		}
		return true
	}
	if identity(perm) && op.Input().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Input()}}, true
	}
	if s := splatOf(op.Context(), operands[0], op.Result().Type()); s != nil {
		return []ir.FoldResult{{Attr: s}}, true
	}
	inner, ok := AsTransposeOp(ir.DefiningOp(op.Input()))
	if !ok {
		return nil, false
	}
	ip := Permutation(inner)
	if len(ip) != len(perm) {
		return nil, false
	}
	// result[i] = input[perm[i]] = inner.input[ip[perm[i]]].
	comp := make([]int64, len(perm))
	for i, p := range perm {
		comp[i] = ip[p]
	}
	if identity(comp) && inner.Input().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: inner.Input()}}, true
	}
	return nil, false
}

// foldCast folds a cast to the same type.
func foldCast(op CastOp, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.Input().Type() == op.Result().Type() {
		return []ir.FoldResult{{Value: op.Input()}}, true
	}
	return nil, false
}

// splatThrough rewrites a shape operation (broadcast, expand_dims,
// squeeze, reshape, transpose) of a tile.splat into a splat of the result
// type: every element is the same scalar whatever the shape.
func splatThrough(name string) rewrite.Pattern {
	return &rewrite.Func{RootName: name, PatternName: "tile-shape-of-splat", BenefitValue: 1,
		Fn: func(op *ir.Operation, rw *rewrite.Rewriter) bool {
			s, ok := AsSplatOp(ir.DefiningOp(op.Operand(0)))
			if !ok {
				return false
			}
			rw.SetInsertionPoint(op)
			n := BuildSplat(rw.Builder, op.Loc(), s.Input(), op.Result(0).Type())
			rw.ReplaceOp(op, []ir.Value{n.Result()})
			return true
		}}
}

func broadcastCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{splatThrough("tile.broadcast")}
}

func expandDimsCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{splatThrough("tile.expand_dims")}
}

func squeezeCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{splatThrough("tile.squeeze")}
}

// reshapeCanonicalizationPatterns: the splat rule, and a reshape of a
// reshape, expand_dims or squeeze is one reshape of the inner input.
func reshapeCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{splatThrough("tile.reshape"), &rewrite.Func{RootName: "tile.reshape", PatternName: "tile-reshape-of-reshape", BenefitValue: 1,
		Fn: func(op *ir.Operation, rw *rewrite.Rewriter) bool {
			inner := ir.DefiningOp(op.Operand(0))
			_, r := AsReshapeOp(inner)
			_, e := AsExpandDimsOp(inner)
			_, q := AsSqueezeOp(inner)
			if !r && !e && !q {
				return false
			}
			rw.SetInsertionPoint(op)
			n := BuildReshape(rw.Builder, op.Loc(), inner.Operand(0), op.Result(0).Type())
			rw.ReplaceOp(op, []ir.Value{n.Result()})
			return true
		}}}
}

// transposeCanonicalizationPatterns: the splat rule, and a transpose of a
// transpose is one transpose by the composed permutation.
func transposeCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{splatThrough("tile.transpose"), &rewrite.Func{RootName: "tile.transpose", PatternName: "tile-transpose-of-transpose", BenefitValue: 1,
		Fn: func(op *ir.Operation, rw *rewrite.Rewriter) bool {
			t, _ := AsTransposeOp(op)
			inner, ok := AsTransposeOp(ir.DefiningOp(t.Input()))
			if !ok {
				return false
			}
			perm, ip := Permutation(t), Permutation(inner)
			if len(perm) != len(ip) {
				return false
			}
			comp := make([]int64, len(perm))
			for i, p := range perm {
				if p < 0 || p >= int64(len(ip)) {
					return false
				}
				comp[i] = ip[p]
			}
			rw.SetInsertionPoint(op)
			n := BuildTranspose(rw.Builder, op.Loc(), inner.Input(), rw.Ctx.DenseI64Array(comp...), op.Result(0).Type())
			rw.ReplaceOp(op, []ir.Value{n.Result()})
			return true
		}}}
}
