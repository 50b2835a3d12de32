package tiletonvgpu

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
)

// access is the addressing of a tile.load or tile.store: the memref, the
// element coordinates of the block's first element and the sizes of the
// memref.
type access struct {
	mem   ir.Value
	base  []ir.Value
	sizes []ir.Value
	elem  ir.Type
}

func (k *kernel) access(view ir.Value, idx []ir.Value, at bool, shape []int64) *access {
	m := k.get(view)
	a := &access{mem: m, elem: m.Type().(*ir.MemRefType).Elem}
	for d, x := range idx {
		x = k.get(x)
		if !at {
			x = k.mul(x, shape[d])
		}
		a.base = append(a.base, x)
		a.sizes = append(a.sizes, k.dim(m, int64(d)))
	}
	return a
}

// element returns the coordinates of register r of layout l and whether
// they lie inside the memref.
func (k *kernel) element(a *access, l *Layout, r int) ([]ir.Value, ir.Value) {
	th := k.threadCoords(l)
	rc := l.RegCoord(r)
	coords := make([]ir.Value, len(a.base))
	var inb ir.Value
	for d := range coords {
		coords[d] = k.add(k.add(a.base[d], th[d]), k.c(rc[d]))
		c := k.cmp(6, coords[d], a.sizes[d])
		if inb == nil {
			inb = c
		} else {
			inb = k.and(inb, c)
		}
	}
	return coords, inb
}

// padValue returns the scalar that a masked-off load element takes.
func (k *kernel) padValue(op *ir.Operation, elem ir.Type) (ir.Value, error) {
	var attr ir.Attribute
	switch p := op.InherentAttr("pad").(type) {
	case nil:
		attr = zeroAttr(k.ctx, elem)
	case *ir.FloatAttr, *ir.IntegerAttr:
		attr = p
	case *ir.StringAttr:
		if p.Value == "zero" {
			attr = zeroAttr(k.ctx, elem)
			break
		}
		bits, known := specialFloats[p.Value][ir.TypeString(elem)]
		if !known {
			return nil, k.errorf(op, "tile-to-nvgpu: unsupported pad %s for %s", p.Value, ir.TypeString(elem))
		}
		attr = k.parsed(bits + " : " + ir.TypeString(elem))
	default:
		return nil, k.errorf(op, "tile-to-nvgpu: unsupported pad")
	}
	return k.val("arith.constant", nil, elem, ir.NamedAttr{Name: "value", Value: attr}), nil
}

// specialFloats are the bit patterns of the special pad values by width.
var specialFloats = map[string]map[string]string{
	"nan":     {"f16": "0x7E00", "bf16": "0x7FC0", "f32": "0x7FC00000", "f64": "0x7FF8000000000000"},
	"neg_inf": {"f16": "0xFC00", "bf16": "0xFF80", "f32": "0xFF800000", "f64": "0xFFF0000000000000"},
	"pos_inf": {"f16": "0x7C00", "bf16": "0x7F80", "f32": "0x7F800000", "f64": "0x7FF0000000000000"},
}

func zeroAttr(ctx *ir.Context, t ir.Type) ir.Attribute {
	if f, ok := t.(*ir.FloatType); ok {
		return ctx.FloatAttrBits(f, 0, 0)
	}
	return ctx.IntegerAttr(t, 0)
}

// lowerLoad loads each thread's registers of a tile: element by element,
// addresses clamped into the memref and masked-off elements replaced by
// the pad value.
func lowerLoad(k *kernel, op *ir.Operation) error {
	if feedsDot(op) || (k.flash != nil && k.flash.skips(op)) || (k.hopper != nil && k.hopper.skipped[op]) {
		// Staged into shared memory by the product (see lowerDot).
		return nil
	}
	if v, ok := k.prefetched[op]; ok {
		// Issued ahead by the persistent grid's loop.
		rt, _, err := k.regType(op.Result(0))
		if err != nil {
			return k.errorf(op, "tile without a layout")
		}
		k.vals[op.Result(0)] = k.packedWords(v, rt)
		return nil
	}
	l, ok := k.layouts[op.Result(0)]
	if !ok {
		return k.errorf(op, "tile without a layout")
	}
	key := k.loadKey(op, l)
	if v, ok := k.loaded[key]; ok && k.b.InsertionBlock() == k.loadedBlock[key] {
		k.vals[op.Result(0)] = v
		return nil
	}
	v, err := k.loadRegs(op, l)
	if err != nil {
		return err
	}
	k.loaded[key] = v
	k.loadedBlock[key] = k.b.InsertionBlock()
	k.vals[op.Result(0)] = v
	return nil
}

// loadRegs loads the registers of layout l of the tile that op loads.
func (k *kernel) loadRegs(op *ir.Operation, l *Layout) (ir.Value, error) {
	ld, _ := tile.AsLoadOp(op)
	_, elem, _ := tileShape(op.Result(0))
	rt := k.vec(l.RegShape, elem)
	a := k.access(ld.View(), ld.Indices(), ld.At(), l.Shape)
	pad, err := k.padValue(op, a.elem)
	if err != nil {
		return nil, err
	}
	var mask ir.Value
	if ld.Mask() != nil {
		mask = k.get(ld.Mask())
	}
	guarded := ld.Pad() != nil || mask != nil
	v := k.val("vector.broadcast", []ir.Value{pad}, rt)
	// one loads element r into x (clamped and padded when guarded).
	one := func(x ir.Value, r int, at []int64) ir.Value {
		p := unflatten(r, rt.Shape)
		coords, inb := k.element(a, l, r)
		if mask != nil {
			inb = k.and(inb, k.extract(mask, k.ctx.I(1), p))
		}
		if !guarded {
			e := k.val("memref.load", append([]ir.Value{a.mem}, coords...), a.elem)
			return k.insert(e, x, at)
		}
		safe := make([]ir.Value, len(coords))
		for d := range coords {
			safe[d] = k.sel(inb, coords[d], k.c(0))
		}
		e := k.val("memref.load", append([]ir.Value{a.mem}, safe...), a.elem)
		return k.insert(k.sel(inb, e, pad), x, at)
	}
	vec := int64(1)
	if mask == nil && k.contiguous(a.mem, l.innerVector()) && zeroBits(l.Reg)&(l.innerVector()-1) == 0 {
		vec = l.innerVector()
	}
	if vec == 1 {
		for r := 0; r < l.NumRegs(); r++ {
			v = one(v, r, unflatten(r, rt.Shape))
		}
		return v, nil
	}
	// A whole vector inside the memref is one load (16 bytes for the
	// blocked layout); at the edges, its elements are loaded one by one.
	vt := k.vec([]int64{vec}, a.elem)
	// Loads issued ahead keep 16-bit elements as the 32-bit words they
	// were loaded in (see packedWords).
	packed := k.packAhead && bitWidth(a.elem) == 16 && vec%2 == 0
	var wt *ir.VectorType
	if packed {
		wt = k.vec([]int64{vec / 2}, k.ctx.I(32))
		ws := append([]int64(nil), rt.Shape...)
		ws[len(ws)-1] /= 2
		v = k.val("arith.constant", nil, k.vec(ws, k.ctx.I(32)), ir.NamedAttr{Name: "value",
			Value: k.ctx.DenseElementsAttr(k.vec(ws, k.ctx.I(32)), true, []byte{0, 0, 0, 0})})
	}
	for r := 0; r < l.NumRegs(); r += int(vec) {
		coords, full := k.groupInBounds(a, l, r, vec)
		p := unflatten(r, rt.Shape)
		word := func(x ir.Value) ir.Value {
			if packed {
				return k.val("vector.bitcast", []ir.Value{x}, wt)
			}
			return x
		}
		gt := ir.Type(vt)
		if packed {
			gt = wt
		}
		g := k.ifValue(full, gt, func() ir.Value {
			return word(k.val("vector.load", append([]ir.Value{a.mem}, coords...), vt))
		}, func() ir.Value {
			x := k.val("vector.broadcast", []ir.Value{pad}, vt)
			for i := 0; i < int(vec); i++ {
				x = one(x, r+i, []int64{int64(i)})
			}
			return word(x)
		})
		v = k.insert(g, v, p[:len(p)-1])
	}
	return v, nil
}

// packedWords returns registers of type rt from v, their 16-bit
// elements held two to a 32-bit word (the last dimension halved), one
// bitcast per row of words.
func (k *kernel) packedWords(v ir.Value, rt *ir.VectorType) ir.Value {
	vt := v.Type().(*ir.VectorType)
	if vt == rt {
		return v
	}
	n := vt.Shape[len(vt.Shape)-1]
	row := k.vec([]int64{2 * n}, rt.Elem)
	if len(vt.Shape) == 1 {
		return k.val("vector.bitcast", []ir.Value{v}, row)
	}
	lead := vt.Shape[:len(vt.Shape)-1]
	count := int64(1)
	for _, d := range lead {
		count *= d
	}
	var out ir.Value
	for i := int64(0); i < count; i++ {
		p := unflatten(int(i), lead)
		x := k.val("vector.bitcast", []ir.Value{k.extract(v, k.vec([]int64{n}, vt.Elem), p)}, row)
		if out == nil {
			out = k.val("vector.broadcast", []ir.Value{k.extract(x, rt.Elem, []int64{0})}, rt)
		}
		out = k.insert(x, out, p)
	}
	return out
}

// ifValue emits scf.if cond yielding a value of type t from then or els.
func (k *kernel) ifValue(cond ir.Value, t ir.Type, then, els func() ir.Value) ir.Value {
	ifOp := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.if"), Operands: []ir.Value{cond}, NumRegions: 2,
		ResultTypes: []ir.Type{t}})
	saved := *k.b
	k.b.CreateBlock(ifOp.Region(0))
	k.op("scf.yield", []ir.Value{then()}, nil)
	k.b.CreateBlock(ifOp.Region(1))
	k.op("scf.yield", []ir.Value{els()}, nil)
	*k.b = saved
	return ifOp.Result(0)
}

// lowerStore stores each thread's registers of a tile, those in bounds
// (and in the mask), once per element: registers and threads that repeat
// another's elements do not store.
func lowerStore(k *kernel, op *ir.Operation) error {
	// A store may overwrite what earlier loads read.
	k.loaded = map[string]ir.Value{}
	k.loadedBlock = map[string]*ir.Block{}
	st, _ := tile.AsStoreOp(op)
	l, ok := k.layouts[st.Value()]
	if !ok {
		return k.errorf(op, "tile without a layout")
	}
	rt, _, _ := k.regType(st.Value())
	a := k.access(st.View(), st.Indices(), st.At(), l.Shape)
	v := k.get(st.Value())
	var mask ir.Value
	if st.Mask() != nil {
		mask = k.get(st.Mask())
	}
	owner := k.ownerPred(l)
	vec := int64(1)
	if mask == nil && k.contiguous(a.mem, l.innerVector()) {
		vec = l.innerVector()
	}
	if k.wholeBlockStores && mask == nil {
		// One test for the block; the stores of a whole block test
		// nothing else.
		k.ifElse(k.blockInside(a, l.Shape), func() {
			k.storeRegs(a, l, rt, v, nil, owner, vec, false)
		}, func() {
			k.storeRegs(a, l, rt, v, nil, owner, vec, true)
		})
		return nil
	}
	k.storeRegs(a, l, rt, v, mask, owner, vec, true)
	return nil
}

// storeRegs stores the registers v of a tile of layout l at a, vec
// elements at a time, each once (owner and the layout's repeated
// registers decide which thread stores it); checked tests each element
// against the memref's sizes and the mask.
func (k *kernel) storeRegs(a *access, l *Layout, rt *ir.VectorType, v, mask, owner ir.Value, vec int64, checked bool) {
	dupRegs := zeroBits(l.Reg)
	elementwise := func(r int, inb ir.Value) {
		p := unflatten(r, rt.Shape)
		coords, in := k.element(a, l, r)
		if inb == nil {
			inb = in
		} else {
			inb = k.and(inb, in)
		}
		if mask != nil {
			inb = k.and(inb, k.extract(mask, k.ctx.I(1), p))
		}
		x := k.extract(v, a.elem, p)
		k.guarded(inb, func() {
			k.op("memref.store", append([]ir.Value{x, a.mem}, coords...), nil)
		})
	}
	store := func(x ir.Value, coords []ir.Value, name string) {
		if owner == nil {
			k.op(name, append([]ir.Value{x, a.mem}, coords...), nil)
			return
		}
		k.guarded(owner, func() { k.op(name, append([]ir.Value{x, a.mem}, coords...), nil) })
	}
	for r := 0; r < l.NumRegs(); r += int(vec) {
		if int64(r)&dupRegs != 0 {
			continue
		}
		p := unflatten(r, rt.Shape)
		if !checked {
			coords, _ := k.element(a, l, r)
			if vec == 1 {
				store(k.extract(v, a.elem, p), coords, "memref.store")
			} else {
				store(k.extract(v, k.vec([]int64{vec}, a.elem), p[:len(p)-1]), coords, "vector.store")
			}
			continue
		}
		if vec == 1 {
			elementwise(r, owner)
			continue
		}
		// A whole vector inside the memref is one store; at the edges, its
		// elements are stored one by one.
		coords, full := k.groupInBounds(a, l, r, vec)
		if owner != nil {
			full = k.and(full, owner)
		}
		x := k.extract(v, k.vec([]int64{vec}, a.elem), p[:len(p)-1])
		k.ifElse(full, func() {
			k.op("vector.store", append([]ir.Value{x, a.mem}, coords...), nil)
		}, func() {
			for i := 0; i < int(vec); i++ {
				elementwise(r+i, owner)
			}
		})
	}
}

// blockInside returns whether the whole block of shape at a lies inside
// the memref.
func (k *kernel) blockInside(a *access, shape []int64) ir.Value {
	var in ir.Value
	for d := range a.base {
		c := k.cmp(7, k.add(a.base[d], k.c(shape[d])), a.sizes[d])
		if in == nil {
			in = c
		} else {
			in = k.and(in, c)
		}
	}
	return in
}

// contiguous reports whether vectors of vec elements along the last
// dimension of memref m start aligned to their size: a static innermost
// size that vec divides, rows one after the other.
func (k *kernel) contiguous(m ir.Value, vec int64) bool {
	return vec > 1 && k.rowMajor(m, vec)
}

// groupInBounds returns the coordinates of register r (the first of a
// vector of vec) and whether the whole vector lies inside the memref.
func (k *kernel) groupInBounds(a *access, l *Layout, r int, vec int64) ([]ir.Value, ir.Value) {
	coords, _ := k.element(a, l, r)
	var full ir.Value
	last := len(coords) - 1
	for d := range coords {
		c := coords[d]
		if d == last {
			c = k.add(c, k.c(vec-1))
		}
		in := k.cmp(6, c, a.sizes[d])
		if full == nil {
			full = in
		} else {
			full = k.and(full, in)
		}
	}
	return coords, full
}

// ifElse emits scf.if cond with then and else bodies.
func (k *kernel) ifElse(cond ir.Value, then, els func()) {
	ifOp := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.if"), Operands: []ir.Value{cond}, NumRegions: 2})
	saved := *k.b
	k.b.CreateBlock(ifOp.Region(0))
	then()
	k.op("scf.yield", nil, nil)
	k.b.CreateBlock(ifOp.Region(1))
	els()
	k.op("scf.yield", nil, nil)
	*k.b = saved
}

// guarded emits body under scf.if cond.
func (k *kernel) guarded(cond ir.Value, body func()) {
	ifOp := k.b.Create(&ir.OperationState{Name: k.ctx.OpName("scf.if"), Operands: []ir.Value{cond}, NumRegions: 2})
	saved := *k.b
	k.b.CreateBlock(ifOp.Region(0))
	body()
	k.op("scf.yield", nil, nil)
	*k.b = saved
}
