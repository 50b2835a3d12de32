package tiletonvgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
)

// staticIndex returns the value of an index computed from constants, the
// static sizes of views and the ceiling quotients, sums and products of
// such values.
func staticIndex(v ir.Value) (int64, bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, false
	}
	if c, ok := arith.AsConstantOp(def); ok {
		a, ok := c.Value().(*ir.IntegerAttr)
		if !ok {
			return 0, false
		}
		return a.Int64(), true
	}
	two := func() (int64, int64, bool) {
		if def.NumOperands() != 2 {
			return 0, 0, false
		}
		a, okA := staticIndex(def.Operand(0))
		b, okB := staticIndex(def.Operand(1))
		return a, b, okA && okB
	}
	switch {
	case isOp(def, arith.AsCeildivuiOp):
		if a, b, ok := two(); ok && b > 0 {
			return (a + b - 1) / b, true
		}
	case isOp(def, arith.AsAddiOp):
		if a, b, ok := two(); ok {
			return a + b, true
		}
	case isOp(def, arith.AsMuliOp):
		if a, b, ok := two(); ok {
			return a * b, true
		}
	case isOp(def, tile.AsNumBlocksOp):
		n, _ := tile.AsNumBlocksOp(def)
		if size, ok := viewSize(n.View(), n.Dim()); ok && n.Block() > 0 {
			return (size + n.Block() - 1) / n.Block(), true
		}
	case isOp(def, tile.AsDimOp):
		d, _ := tile.AsDimOp(def)
		return viewSize(d.View(), d.Index())
	}
	return 0, false
}

// viewSize returns the static size of dimension d of a view of a whole
// memref.
func viewSize(view ir.Value, d int64) (int64, bool) {
	v, ok := tile.AsViewOp(ir.DefiningOp(view))
	if !ok || v.Offset() != nil || len(v.Sizes()) != 0 {
		return 0, false
	}
	mt, ok := v.Source().Type().(*ir.MemRefType)
	if !ok || int(d) >= len(mt.Shape) || mt.Shape[d] < 0 {
		return 0, false
	}
	return mt.Shape[d], true
}

// singleTrip reports whether loop f runs its body exactly once.
func singleTrip(f scf.ForOp) bool {
	lb, ok1 := staticIndex(f.LowerBound())
	ub, ok2 := staticIndex(f.UpperBound())
	st, ok3 := staticIndex(f.Step())
	return ok1 && ok2 && ok3 && st > 0 && ub > lb && lb+st >= ub
}

// inlineSingleTrip lowers the body of a loop that runs once in place:
// a row that fits one block is then read once, its later loads reusing
// the first (see loadKey).
func (k *kernel) inlineSingleTrip(op *ir.Operation) error {
	f, _ := scf.AsForOp(op)
	body := f.Region().First()
	k.vals[body.Argument(0)] = k.get(f.LowerBound())
	for i, init := range f.InitArgs() {
		k.vals[body.Argument(i+1)] = k.get(init)
		if l, ok := k.layouts[init]; ok {
			k.layouts[body.Argument(i+1)] = l
		}
	}
	yield := body.Last()
	for o := body.First(); o != nil && o != yield; o = o.Next() {
		k.b.Loc = o.Loc()
		if err := k.lowerOp(o); err != nil {
			return err
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		k.vals[op.Result(i)] = k.get(yield.Operand(i))
	}
	return nil
}

// loadKey identifies the registers a tile.load produces: the memref, the
// lowered indices, the layout and the pad. Two loads with one key between
// which nothing stores read the same registers.
func (k *kernel) loadKey(op *ir.Operation, l *Layout) string {
	ld, _ := tile.AsLoadOp(op)
	key := fmt.Sprintf("%p|%s|%v|%v", k.get(ld.View()), l, op.InherentAttr("pad"), ld.At())
	for _, x := range ld.Indices() {
		key += fmt.Sprintf("|%p", k.get(x))
	}
	if ld.Mask() != nil {
		key += fmt.Sprintf("|m%p", k.get(ld.Mask()))
	}
	return key
}
