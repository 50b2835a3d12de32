package amdgpu

import (
	"math"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
	"github.com/strata-ir/strata/dialects/memref"
)

// bufferAccess is what the out-of-bounds patterns read of a raw buffer
// operation.
type bufferAccess struct {
	memref      ir.Value
	indices     []ir.Value
	sgprOffset  ir.Value
	boundsCheck bool
	indexOffset int64
}

func accessOf(op *ir.Operation) (bufferAccess, bool) {
	var a bufferAccess
	switch x := op.Name(); x {
	case RawBufferLoadOpName:
		o := RawBufferLoadOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	case RawBufferStoreOpName:
		o := RawBufferStoreOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	case RawBufferAtomicCmpswapOpName:
		o := RawBufferAtomicCmpswapOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	case RawBufferAtomicFaddOpName:
		o := RawBufferAtomicFaddOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	case RawBufferAtomicFmaxOpName:
		o := RawBufferAtomicFmaxOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	case RawBufferAtomicSmaxOpName:
		o := RawBufferAtomicSmaxOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	case RawBufferAtomicUminOpName:
		o := RawBufferAtomicUminOp{op}
		a = bufferAccess{o.Memref(), o.Indices(), o.SgprOffset(), o.BoundsCheck(), 0}
	default:
		return a, false
	}
	if ia, ok := op.InherentAttr("indexOffset").(*ir.IntegerAttr); ok {
		a.indexOffset = ia.Int64()
	}
	return a, true
}

// constantUint32 returns the value of an i32 constant as an unsigned
// number.
func constantUint32(v ir.Value) (int64, bool) {
	it, ok := v.Type().(*ir.IntegerType)
	if !ok || it.Width != 32 {
		return 0, false
	}
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, false
	}
	c, ok := rewrite.ConstantValue(def)
	if !ok {
		return 0, false
	}
	ia, ok := c.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return int64(uint32(ia.Int64())), true
}

// staticallyOutOfBounds reports whether a bounds-checked access is known
// to fall outside its static memref.
func staticallyOutOfBounds(a bufferAccess) bool {
	if !a.boundsCheck {
		return false
	}
	m, ok := a.memref.Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	n := int64(1)
	for _, d := range m.Shape {
		if d == ir.Dynamic {
			return false
		}
		n *= d
	}
	strides, offset, ok := viewlike.StridesAndOffset(m)
	if !ok {
		return false
	}
	result := offset + a.indexOffset
	if a.sgprOffset != nil {
		v, ok := constantUint32(a.sgprOffset)
		if !ok {
			return false
		}
		result += v
	}
	if len(strides) != len(a.indices) {
		return false
	}
	for i, idx := range a.indices {
		v, ok := constantUint32(idx)
		if !ok {
			return false
		}
		result += strides[i] * v
	}
	if result > math.MaxUint32 {
		return false
	}
	return result >= n
}

// zeroAttr is the zero of t (upstream's Builder::getZeroAttr).
func zeroAttr(ctx *ir.Context, t ir.Type) ir.Attribute {
	switch t := t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return ctx.IntegerAttr(t, 0)
	case *ir.FloatType:
		return ctx.FloatAttrBits(t, 0, 0)
	case ir.ShapedType:
		w := ir.IntOrFloatBitWidth(t.ElementType())
		if w <= 0 {
			return nil
		}
		return ctx.DenseElementsAttr(t, true, make([]byte, (w+7)/8))
	}
	return nil
}

// removeOOBLoad replaces a load known to be out of bounds by zero.
func removeOOBLoad(root string) rewrite.Pattern {
	return &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: "RemoveStaticallyOobBufferLoads",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			a, ok := accessOf(op)
			if !ok || !staticallyOutOfBounds(a) {
				return false
			}
			t := op.Result(0).Type()
			z := zeroAttr(r.Ctx, t)
			if z == nil {
				return false
			}
			r.SetInsertionPoint(op)
			c := r.Create(&ir.OperationState{Name: r.Ctx.OpName("arith.constant"), Loc: op.Loc(), ResultTypes: []ir.Type{t},
				Properties: r.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: z}})})
			r.ReplaceOp(op, c.Results())
			return true
		}}
}

// removeOOBWrite erases a write known to be out of bounds.
func removeOOBWrite(root string) rewrite.Pattern {
	return &rewrite.Func{RootName: root, BenefitValue: 1, PatternName: "RemoveStaticallyOobBufferWrites",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			a, ok := accessOf(op)
			if !ok || !staticallyOutOfBounds(a) {
				return false
			}
			r.EraseOp(op)
			return true
		}}
}

func rawBufferLoadCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBLoad(RawBufferLoadOpName)}
}

func rawBufferStoreCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBWrite(RawBufferStoreOpName)}
}

func rawBufferAtomicCmpswapCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBLoad(RawBufferAtomicCmpswapOpName)}
}

func rawBufferAtomicFaddCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBWrite(RawBufferAtomicFaddOpName)}
}

func rawBufferAtomicFmaxCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBWrite(RawBufferAtomicFmaxOpName)}
}

func rawBufferAtomicSmaxCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBWrite(RawBufferAtomicSmaxOpName)}
}

func rawBufferAtomicUminCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{removeOOBWrite(RawBufferAtomicUminOpName)}
}

// gatherToLdsCanonicalizationPatterns folds a memref.cast that only
// erases static information into the source or destination of
// gather_to_lds.
func gatherToLdsCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: GatherToLdsOpName, BenefitValue: 1, PatternName: "FoldGatherToLDSOfCast",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			g := GatherToLdsOp{op}
			changed := false
			fold := func(idx int, v ir.Value) {
				def := ir.DefiningOp(v)
				if def == nil {
					return
				}
				c, ok := memref.AsCastOp(def)
				if !ok || !memref.CanFoldCastIntoConsumer(c.Source().Type(), c.Dest().Type()) {
					return
				}
				r.ModifyInPlace(op, func() { op.SetOperand(idx, c.Source()) })
				changed = true
			}
			fold(0, g.Src())
			fold(1+len(g.SrcIndices()), g.Dst())
			return changed
		}}}
}

// ldsBarrierCanonicalizationPatterns erases an lds_barrier directly
// followed by another.
func ldsBarrierCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: LdsBarrierOpName, BenefitValue: 1, PatternName: "eraseRedundantLDSBarrierOps",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			if _, ok := AsLdsBarrierOp(op.Next()); !ok {
				return false
			}
			r.EraseOp(op)
			return true
		}}}
}

// memoryCounterWaitCounters are the counters of memory_counter_wait.
var memoryCounterWaitCounters = []string{"load", "store", "ds", "exp", "tensor"}

// memoryCounterWaitCanonicalizationPatterns fuses a memory_counter_wait
// with the one directly after it, waiting for the smaller count of each
// counter.
func memoryCounterWaitCanonicalizationPatterns() []rewrite.Pattern {
	return []rewrite.Pattern{&rewrite.Func{RootName: MemoryCounterWaitOpName, BenefitValue: 1, PatternName: "FuseMemoryCounterWaitOp",
		Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
			next, ok := AsMemoryCounterWaitOp(op.Next())
			if !ok {
				return false
			}
			r.ModifyInPlace(op, func() {
				for _, name := range memoryCounterWaitCounters {
					lhs, lok := op.InherentAttr(name).(*ir.IntegerAttr)
					rhs, rok := next.Operation.InherentAttr(name).(*ir.IntegerAttr)
					switch {
					case lok && rok && rhs.Int64() < lhs.Int64():
						op.SetAttr(name, rhs)
					case !lok && rok:
						op.SetAttr(name, rhs)
					}
				}
			})
			r.EraseOp(next.Operation)
			return true
		}}}
}
