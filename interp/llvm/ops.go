package llvm

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
)

// ret returns from an llvm.func, whose stack slots die.
func ret(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if _, ok := lt.AsFuncOp(f.Function()); ok {
		memOf(f).popSlots(f, 0)
	}
	f.Return(vs)
	return nil
}

// stackMark is the value of llvm.intr.stacksave: how many stack slots the
// call had.
type stackMark struct {
	f *interp.Frame
	n int
}

func stackSave(f *interp.Frame, op *ir.Operation) error {
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, &stackMark{f, len(memOf(f).stack[f])}))
	return nil
}

func stackRestore(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	s, ok := v.Object().(*stackMark)
	if !ok || s.f != f {
		return interp.Errorf(op, "llvm.intr.stackrestore of a value that llvm.intr.stacksave of this call did not return")
	}
	memOf(f).popSlots(f, s.n)
	return nil
}

func unreachable(f *interp.Frame, op *ir.Operation) error {
	return interp.Errorf(op, "execution reached llvm.unreachable")
}

func br(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	f.Branch(op.Successor(0), vs)
	return nil
}

func condBr(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if p := poisonOf(c); p != nil {
		return p.errorAt(op, "the branch condition")
	}
	i, succ := 2, op.Successor(1)
	if c.Bool() {
		i, succ = 1, op.Successor(0)
	}
	args, err := f.SegmentValues(op, i)
	if err != nil {
		return err
	}
	f.Branch(succ, args)
	return nil
}

func switchOp(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if p := poisonOf(v); p != nil {
		return p.errorAt(op, "the switch value")
	}
	return f.Switch(op, v)
}

func call(f *interp.Frame, op *ir.Operation) error {
	var args []interp.Value
	var err error
	if _, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok {
		args, err = f.SegmentValues(op, 0)
	} else {
		args, err = f.Operands(op)
	}
	if err != nil {
		return err
	}
	in := f.Interpreter()
	var callee *ir.Operation
	if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		callee = in.LookupSymbol(op, ref)
		if callee == nil {
			return interp.Errorf(op, "'"+ref.Root+"' does not reference a valid LLVM function")
		}
	} else {
		// An indirect call: the first operand is the function pointer.
		if len(args) == 0 {
			return interp.Errorf(op, "indirect call without a function pointer")
		}
		if p := poisonOf(args[0]); p != nil {
			return p.errorAt(op, "the called function pointer")
		}
		a, off := target(args[0])
		if a == nil || a.kind != "function" || off != 0 {
			return interp.Errorf(op, fmt.Sprintf("indirect call of address 0x%x, which is not a function", args[0].Bits()))
		}
		callee, args = a.fn, args[1:]
	}
	res, err := in.Call(op, callee, args)
	if err != nil {
		return err
	}
	if len(res) != op.NumResults() {
		return interp.Errorf(op, fmt.Sprintf("callee returned %d values, the call expects %d", len(res), op.NumResults()))
	}
	for i, r := range res {
		f.SetResult(op, i, r)
	}
	return nil
}

// constValue converts a constant attribute to a value of type t.
func constValue(t ir.Type, a ir.Attribute) (interp.Value, error) {
	if hasVector(t) {
		if vt, ok := t.(*ir.VectorType); ok && interp.IsWide(vt.Elem) {
			return interp.Value{}, fmt.Errorf("the interpreter does not support vectors of integers wider than 64 bits")
		}
		return vectorConst(t, a)
	}
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if !interp.SupportedType(t) {
			break
		}
		if _, isFloat := t.(*ir.FloatType); isFloat {
			break
		}
		if a.Big != nil {
			return interp.MakeBig(t, a.Big), nil
		}
		return interp.MakeInt(t, a.Lo), nil
	case *ir.FloatAttr:
		if _, ok := t.(*ir.FloatType); ok && interp.SupportedType(t) {
			return interp.FromBits(t, a.Bits[0]), nil
		}
	case *ir.DenseElementsAttr:
		return denseValue(t, a)
	case *ir.StringAttr:
		if at, ok := t.(*lt.ArrayType); ok && interp.IntWidth(at.Elem) == 8 {
			fs := make([]interp.Value, at.Len)
			for i := range fs {
				var c uint64
				if i < len(a.Value) {
					c = uint64(a.Value[i])
				}
				fs[i] = interp.MakeInt(at.Elem, c)
			}
			return makeAggregate(t, fs), nil
		}
	}
	return interp.Value{}, fmt.Errorf("the interpreter does not support this constant of this type")
}

// denseValue lays the elements of a dense attribute out in a (nested)
// array type, row-major.
func denseValue(t ir.Type, a *ir.DenseElementsAttr) (interp.Value, error) {
	d, err := interp.DenseFromAttr(a)
	if err != nil {
		return interp.Value{}, err
	}
	et := a.Type.ElementType()
	pos := 0
	var build func(t ir.Type) (interp.Value, error)
	build = func(t ir.Type) (interp.Value, error) {
		if at, ok := t.(*lt.ArrayType); ok {
			fs := make([]interp.Value, at.Len)
			for i := range fs {
				v, err := build(at.Elem)
				if err != nil {
					return interp.Value{}, err
				}
				fs[i] = v
			}
			return makeAggregate(t, fs), nil
		}
		if pos >= len(d.Data) {
			return interp.Value{}, fmt.Errorf("dense constant has fewer elements than its type")
		}
		v := interp.FromBits(et, d.Data[pos])
		pos++
		if ct, ok := et.(*ir.ComplexType); ok {
			// complex<T> is !llvm.struct<(T, T)>, the real part first.
			st, ok := t.(*lt.StructType)
			if !ok || len(st.Fields) != 2 || st.Fields[0] != ct.Elem || st.Fields[1] != ct.Elem {
				return interp.Value{}, fmt.Errorf("dense constant elements do not match the element type")
			}
			re, im := v.ComplexBits()
			return makeAggregate(t, []interp.Value{interp.FromBits(ct.Elem, re), interp.FromBits(ct.Elem, im)}), nil
		}
		if ir.IntOrFloatBitWidth(t) != ir.IntOrFloatBitWidth(et) || ir.IntOrFloatBitWidth(t) < 0 {
			return interp.Value{}, fmt.Errorf("dense constant elements do not match the element type")
		}
		return interp.FromBits(t, v.Bits()), nil
	}
	v, err := build(t)
	if err != nil {
		return interp.Value{}, err
	}
	if pos != len(d.Data) {
		return interp.Value{}, fmt.Errorf("dense constant has more elements than its type")
	}
	return v, nil
}

func constant(f *interp.Frame, op *ir.Operation) error {
	v, err := constValue(op.Result(0).Type(), op.Attr("value"))
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, v)
	return nil
}

func zeroOp(f *interp.Frame, op *ir.Operation) error {
	v, err := zeroValue(op.Result(0).Type())
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, v)
	return nil
}

func poisonOp(f *interp.Frame, op *ir.Operation) error {
	f.SetResult(op, 0, makePoison(op.Result(0).Type(), op, "llvm.mlir.poison"))
	return nil
}

func addressOf(f *interp.Frame, op *ir.Operation) error {
	ref, ok := op.Attr("global_name").(*ir.SymbolRefAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'global_name' symbol reference")
	}
	in := f.Interpreter()
	g := in.LookupSymbol(op, ref)
	if g == nil {
		return interp.Errorf(op, "'@"+ref.Root+"' does not reference a global or a function")
	}
	a, err := globalAlloc(f, g)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, pointer(op.Result(0).Type(), a, 0))
	return nil
}

// globalAlloc returns the memory of a global (initialized on first use)
// or the address of a function.
func globalAlloc(f *interp.Frame, g *ir.Operation) (*allocation, error) {
	m := memOf(f)
	if a, ok := m.globals[g]; ok {
		return a, nil
	}
	if ir.CallableOp.Implements(g) {
		a := m.alloc(0, "function")
		a.fn = g
		m.globals[g] = a
		return a, nil
	}
	if _, ok := lt.AsMlirGlobalOp(g); !ok {
		return nil, interp.Errorf(g, "the interpreter cannot take the address of '"+g.Name()+"'")
	}
	ta, ok := g.Attr("global_type").(*ir.TypeAttr)
	if !ok {
		return nil, interp.Errorf(g, "requires a 'global_type'")
	}
	size, err := sizeOf(ta.Type)
	if err != nil {
		return nil, interp.Errorf(g, err.Error())
	}
	if as, ok := g.Attr("addr_space").(*ir.IntegerAttr); ok && as.Int64() == sharedAddrSpace {
		if t := simt.Current(f.Interpreter()); t != nil {
			return sharedGlobal(m, t.Block, g, size)
		}
	}
	a := m.alloc(size, "global")
	m.globals[g] = a
	var init interp.Value
	switch {
	case g.Attr("value") != nil:
		init, err = constValue(ta.Type, g.Attr("value"))
		if err != nil {
			return nil, interp.Errorf(g, err.Error())
		}
	case g.NumRegions() > 0 && !g.Region(0).Empty():
		res, err := f.Interpreter().Call(nil, g, nil)
		if err != nil {
			return nil, err
		}
		if len(res) != 1 {
			return nil, interp.Errorf(g, "the initializer must return one value")
		}
		init = res[0]
	}
	if init.Type != nil {
		if err := m.storeValue(g, init, a, 0); err != nil {
			return nil, err
		}
	}
	_, a.readOnly = g.Attr("constant").(*ir.UnitAttr)
	return a, nil
}

// sharedAddrSpace is NVVM's address space of shared memory.
const sharedAddrSpace = 3

// sharedWindowSize is the span of a block's shared memory window: the
// shared state space of a CTA is below 256 KiB, so its addresses are the
// window's base plus 18 bits, as the 14-bit address field (>> 4) of
// wgmma's matrix descriptors holds them.
const sharedWindowSize = 1 << 18

// sharedWindow is the shared memory of one block: its base address
// (aligned to the window's size), where the next global goes, and the
// globals placed so far. The dynamic shared memory comes first.
type sharedWindow struct {
	base    uint64
	next    int64
	globals map[any]*allocation
}

type sharedWindowKey struct{}

// dynamicShared keys the dynamic shared memory of a block.
type dynamicShared struct{}

// windowOf returns the shared memory window of block b, reserving its
// addresses on first use.
func windowOf(m *memory, b *simt.Block) *sharedWindow {
	return b.Data(sharedWindowKey{}, func() any {
		m.next = uint64(alignTo(int64(m.next), sharedWindowSize))
		w := &sharedWindow{base: m.next, globals: map[any]*allocation{}}
		m.next += sharedWindowSize
		if n := b.Launch.DynamicShared; n > 0 {
			w.place(m, dynamicShared{}, n, 1024)
		}
		return w
	}).(*sharedWindow)
}

// place allocates size bytes of the window, aligned to align, for key.
func (w *sharedWindow) place(m *memory, key any, size, align int64) *allocation {
	off := alignTo(w.next, align)
	a := &allocation{base: w.base + uint64(off), size: size, data: make([]byte, size), kind: "shared"}
	w.next = off + size
	m.insert(a)
	w.globals[key] = a
	return a
}

// sharedGlobal returns the memory of a global in shared memory inside a
// kernel: each block has its own, in its window, and the globals of no
// size (a kernel's extern shared array) all are the block's dynamic
// shared memory.
func sharedGlobal(m *memory, b *simt.Block, g *ir.Operation, size int64) (*allocation, error) {
	w := windowOf(m, b)
	var key any = g
	if size == 0 {
		key = dynamicShared{}
	}
	if a, ok := w.globals[key]; ok {
		return a, nil
	}
	if size == 0 {
		return m.allocAligned(0, 16, "shared"), nil
	}
	if w.next+size > sharedWindowSize {
		return nil, interp.Errorf(g, fmt.Sprintf("the block's shared memory exceeds %d bytes", sharedWindowSize))
	}
	return w.place(m, key, size, 1024), nil
}

// SharedPointer returns a pointer of type t to byte off of the shared
// memory window of block b (an address as a wgmma descriptor gives it).
func SharedPointer(in *interp.Interpreter, b *simt.Block, t ir.Type, off int64) interp.Value {
	m := memIn(in)
	w := windowOf(m, b)
	addr := w.base + uint64(off)
	if a := m.find(addr); a != nil && a.kind == "shared" {
		return pointer(t, a, int64(addr-a.base))
	}
	return interp.MakeObject(t, addr, nil)
}

func allocaOp(f *interp.Frame, op *ir.Operation) error {
	n, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if p := poisonOf(n); p != nil {
		return p.errorAt(op, "the allocation size")
	}
	ta, ok := op.Attr("elem_type").(*ir.TypeAttr)
	if !ok {
		return interp.Errorf(op, "requires an 'elem_type'")
	}
	es, err := sizeOf(ta.Type)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	count := n.Int()
	if count < 0 || es > 0 && count > math.MaxInt32/es {
		return interp.Errorf(op, fmt.Sprintf("cannot allocate %d elements of %d bytes on the stack", count, es))
	}
	m := memOf(f)
	a := m.alloc(count*es, "stack")
	m.pushSlot(f, a)
	f.SetResult(op, 0, pointer(op.Result(0).Type(), a, 0))
	return nil
}

func load(f *interp.Frame, op *ir.Operation) error {
	p, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	n, err := storeSize(rt)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	a, off, err := access(op, p, n, false)
	if err != nil {
		return err
	}
	v, err := memOf(f).loadValue(rt, a, off)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, v)
	return nil
}

func store(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	p, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	n, err := storeSize(v.Type)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	a, off, err := access(op, p, n, true)
	if err != nil {
		return err
	}
	return memOf(f).storeValue(op, v, a, off)
}

// GEP no-wrap flags.
const (
	gepInbounds = 1
	gepNUW      = 4
)

// dynamicIndex marks a rawConstantIndices entry taken from the dynamic
// indices (LLVM::GEPOp::kDynamicIndex).
const dynamicIndex = math.MinInt32

// gep is llvm.getelementptr. When the result is a vector of pointers,
// each lane is the GEP of the lanes of the vector operands with the
// scalar operands (splat to every lane), as LLVM defines vector GEPs.
func gep(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	ta, ok := op.Attr("elem_type").(*ir.TypeAttr)
	if !ok {
		return interp.Errorf(op, "requires an 'elem_type'")
	}
	vt, isVec := rt.(*ir.VectorType)
	if !isVec {
		r, err := gepLane(op, ta.Type, rt, vs)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, r)
		return nil
	}
	if len(vt.Shape) != 1 || len(vt.Scalable) == 1 && vt.Scalable[0] {
		return interp.Errorf(op, "the interpreter supports vectors of pointers of one fixed dimension only")
	}
	n := int(vt.Shape[0])
	// Each vector operand as its lanes, scalar ones as nil.
	vecs := make([][]interp.Value, len(vs))
	for i, v := range vs {
		if _, ok := v.Type.(*ir.VectorType); !ok {
			continue
		}
		var ls []interp.Value
		if i == 0 {
			ls, err = pointerLanesOf(v)
		} else {
			ls, err = scalarLanes(v)
		}
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		if len(ls) != n {
			return interp.Errorf(op, fmt.Sprintf("operand %d has %d lanes, the result %d", i, len(ls), n))
		}
		vecs[i] = ls
	}
	out := make([]interp.Value, n)
	lane := make([]interp.Value, len(vs))
	for l := range out {
		for i, v := range vs {
			lane[i] = v
			if vecs[i] != nil {
				lane[i] = vecs[i][l]
			}
		}
		if out[l], err = gepLane(op, ta.Type, vt.Elem, lane); err != nil {
			return err
		}
	}
	f.SetResult(op, 0, interp.MakeObject(rt, 0, &pointerLanes{out}))
	return nil
}

// gepLane is the scalar GEP of getelementptr op with element type et on
// the base pointer and dynamic indices vs: a pointer of type rt, poison
// when an operand is or when a no-wrap flag is violated.
func gepLane(op *ir.Operation, et, rt ir.Type, vs []interp.Value) (interp.Value, error) {
	base := vs[0]
	raw := interp.DenseArray(op.Attr("rawConstantIndices"))
	dyn := len(vs) - 1
	next := 1
	indices := make([]int64, len(raw))
	for i, c := range raw {
		if c != dynamicIndex {
			indices[i] = c
			continue
		}
		if next > dyn {
			return interp.Value{}, interp.Errorf(op, "more dynamic indices expected")
		}
		v := vs[next]
		next++
		if p := poisonOf(v); p != nil {
			return interp.MakeObject(rt, 0, p), nil
		}
		indices[i] = v.Int()
	}
	if p := poisonOf(base); p != nil {
		return interp.MakeObject(rt, 0, p), nil
	}
	flags := intAttr(op, "noWrapFlags")
	offset, negative, err := gepOffset(et, indices)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	addr := base.Bits() + uint64(offset)
	a, off := target(base)
	switch {
	case flags&gepNUW != 0 && negative:
		return makePoison(rt, op, "negative offset with the nuw flag"), nil
	case flags&gepInbounds != 0 && offset != 0 && (a == nil || off+offset < 0 || off+offset > a.size):
		return makePoison(rt, op, "inbounds offset outside the allocation"), nil
	}
	return interp.MakeObject(rt, addr, a), nil
}

// gepOffset returns the byte offset of the GEP indices into element type
// t, and whether some step of it is negative.
func gepOffset(t ir.Type, indices []int64) (int64, bool, error) {
	var offset int64
	negative := false
	for i, idx := range indices {
		var step int64
		if i == 0 {
			es, err := sizeOf(t)
			if err != nil {
				return 0, false, err
			}
			step = idx * es
		} else {
			switch st := t.(type) {
			case *lt.StructType:
				l, err := layoutOf(st)
				if err != nil {
					return 0, false, err
				}
				if idx < 0 || idx >= int64(len(st.Fields)) {
					return 0, false, fmt.Errorf("struct field index %d out of range", idx)
				}
				step = l.offsets[idx]
				t = st.Fields[idx]
			case *lt.ArrayType:
				es, err := sizeOf(st.Elem)
				if err != nil {
					return 0, false, err
				}
				step = idx * es
				t = st.Elem
			default:
				return 0, false, fmt.Errorf("getelementptr indexes into a type that is not an aggregate")
			}
		}
		if step < 0 {
			negative = true
		}
		offset += step
	}
	return offset, negative, nil
}

func positions(op *ir.Operation) []int64 { return interp.DenseArray(op.Attr("position")) }

func extractValue(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	for _, p := range positions(op) {
		fs := fields(v)
		if p < 0 || p >= int64(len(fs)) {
			return interp.Errorf(op, fmt.Sprintf("position %d out of range", p))
		}
		v = fs[p]
	}
	f.SetResult(op, 0, v)
	return nil
}

func insertValue(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	v, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	var insert func(c interp.Value, pos []int64) (interp.Value, error)
	insert = func(c interp.Value, pos []int64) (interp.Value, error) {
		if len(pos) == 0 {
			return v, nil
		}
		fs := fields(c)
		if pos[0] < 0 || pos[0] >= int64(len(fs)) {
			return interp.Value{}, interp.Errorf(op, fmt.Sprintf("position %d out of range", pos[0]))
		}
		nf := append([]interp.Value(nil), fs...)
		x, err := insert(fs[pos[0]], pos[1:])
		if err != nil {
			return interp.Value{}, err
		}
		nf[pos[0]] = x
		return makeAggregate(c.Type, nf), nil
	}
	r, err := insert(c, positions(op))
	if err != nil {
		return err
	}
	f.SetResult(op, 0, r)
	return nil
}

// prefetch is llvm.intr.prefetch: a hint with no observable effect (the
// address need not be valid).
func prefetch(f *interp.Frame, op *ir.Operation) error {
	_, err := f.Operand(op, 0)
	return err
}

// sincos is llvm.intr.sincos of a scalar float: the literal struct
// {sin, cos}.
func sincos(f *interp.Frame, op *ir.Operation) error {
	a, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	ft, ok := a.Type.(*ir.FloatType)
	if !ok {
		return unsupported(op, a.Type)
	}
	if p := poisonOf(a); p != nil {
		f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
		return nil
	}
	x := a.Float()
	s, c := math.Sin(x), math.Cos(x)
	if ft.Kind == ir.F32 {
		s, c = float64(float32(math.Sin(float64(float32(x))))), float64(float32(math.Cos(float64(float32(x)))))
	}
	f.SetResult(op, 0, makeAggregate(rt, []interp.Value{interp.MakeFloat(ft, s), interp.MakeFloat(ft, c)}))
	return nil
}

// memTransfer is llvm.intr.memcpy and memmove: (dst, src, len).
func memTransfer(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if len(vs) < 3 {
		return interp.Errorf(op, "expected destination, source and length")
	}
	if p := poisonOf(vs[2]); p != nil {
		return p.errorAt(op, "the length")
	}
	n := vs[2].Int()
	if n == 0 {
		return nil
	}
	src, soff, err := access(op, vs[1], n, false)
	if err != nil {
		return err
	}
	dst, doff, err := access(op, vs[0], n, true)
	if err != nil {
		return err
	}
	b := make([]byte, n)
	src.readBytes(soff, b)
	dst.writeBytes(doff, b)
	return nil
}

// memSet is llvm.intr.memset: (dst, byte, len).
func memSet(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if len(vs) < 3 {
		return interp.Errorf(op, "expected destination, value and length")
	}
	if p := poisonOf(vs[1], vs[2]); p != nil {
		return p.errorAt(op, "an operand")
	}
	n := vs[2].Int()
	if n == 0 {
		return nil
	}
	dst, doff, err := access(op, vs[0], n, true)
	if err != nil {
		return err
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(vs[1].Uint())
	}
	dst.writeBytes(doff, b)
	return nil
}

func assume(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	if p := poisonOf(c); p != nil {
		return p.errorAt(op, "the assumed condition")
	}
	if !c.Bool() {
		return interp.Errorf(op, "llvm.intr.assume of a false condition")
	}
	return nil
}

// readInt reads an n-byte little-endian integer at p.
func readInt(op *ir.Operation, p interp.Value, n int64) (uint64, error) {
	a, off, err := access(op, p, n, false)
	if err != nil {
		return 0, err
	}
	var b [8]byte
	a.readBytes(off, b[:n])
	return binary.LittleEndian.Uint64(b[:]), nil
}

// SharedOwner returns the block of blocks whose shared memory window
// holds the address of p, or nil.
func SharedOwner(in *interp.Interpreter, p interp.Value, blocks []*simt.Block) *simt.Block {
	addr := p.Bits()
	for _, b := range blocks {
		if v, ok := b.Lookup(sharedWindowKey{}); ok {
			if w := v.(*sharedWindow); addr >= w.base && addr < w.base+sharedWindowSize {
				return b
			}
		}
	}
	return nil
}

// MapShared returns a pointer of p's type to the place in the shared
// memory of block peer that the pointer p has in the shared memory of
// block owner (the distributed shared memory of a cluster). The peer
// must have allocated the memory there.
func MapShared(in *interp.Interpreter, op *ir.Operation, p interp.Value, owner, peer *simt.Block) (interp.Value, error) {
	m := memIn(in)
	ow, pw := windowOf(m, owner), windowOf(m, peer)
	addr := pw.base + (p.Bits() - ow.base)
	a := m.find(addr)
	if a == nil || a.kind != "shared" || addr >= a.base+uint64(a.size) {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("block %v of the cluster has not allocated this shared memory yet", peer.ID))
	}
	return pointer(p.Type, a, int64(addr-a.base)), nil
}
