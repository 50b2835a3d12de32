package llvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
)

// The lowering to the llvm dialect runs pass by pass, and between two
// passes values cross between the levels through
// builtin.unrealized_conversion_cast: index and i64, a memref and its
// descriptor struct (or its unpacked fields), an unranked memref and its
// (rank, pointer) pair. The casts keep the run-time value: a memref's
// buffer becomes an allocation of the llvm memory model, and a descriptor
// whose pointer points into memory becomes a memref view of it.

// unrealizedCast is the semantics of builtin.unrealized_conversion_cast.
func unrealizedCast(f *interp.Frame, op *ir.Operation) error {
	ins, err := f.Operands(op)
	if err != nil {
		return err
	}
	outs := make([]ir.Type, op.NumResults())
	for i := range outs {
		outs[i] = op.Result(i).Type()
	}
	res, err := Cast(f.Interpreter(), op, ins, outs)
	if err != nil {
		return err
	}
	for i, v := range res {
		f.SetResult(op, i, v)
	}
	return nil
}

// Cast converts the values ins to the types outs as
// builtin.unrealized_conversion_cast does in the interpreter in: one to
// one (index and integers, a memref and its descriptor struct, an
// unranked memref and its (rank, pointer) pair), many to one (unpacked
// descriptor fields to a descriptor or a memref) or one to many. Errors
// are located at at.
func Cast(in *interp.Interpreter, at *ir.Operation, ins []interp.Value, outs []ir.Type) ([]interp.Value, error) {
	m := memIn(in)
	switch {
	case len(ins) == len(outs):
		res := make([]interp.Value, len(ins))
		for i, v := range ins {
			r, err := m.convert(at, v, outs[i])
			if err != nil {
				return nil, err
			}
			res[i] = r
		}
		return res, nil
	case len(outs) == 1:
		// Unpacked descriptor fields to a memref or descriptor.
		d, err := m.pack(at, ins, outs[0])
		if err != nil {
			return nil, err
		}
		return []interp.Value{d}, nil
	case len(ins) == 1:
		// A memref or descriptor to its unpacked fields.
		return m.unpack(at, ins[0], outs)
	}
	return nil, interp.Errorf(at, "the interpreter cannot convert these values")
}

func castError(op *ir.Operation, v interp.Value, to ir.Type) error {
	return interp.Errorf(op, fmt.Sprintf("the interpreter cannot convert a value of type %s to %s", asm.TypeString(v.Type), asm.TypeString(to)))
}

// convert converts one value to type to.
func (m *memory) convert(op *ir.Operation, v interp.Value, to ir.Type) (interp.Value, error) {
	if v.Type == to {
		return v, nil
	}
	if r, ok, err := convertVector(op, v, to); ok {
		return r, err
	}
	if p := poisonOf(v); p != nil {
		return makePoison(to, p.op, p.why), nil
	}
	switch to := to.(type) {
	case *ir.IntegerType, *ir.IndexType:
		if interp.IntWidth(v.Type) > 0 && v.Object() == nil {
			return interp.MakeInt(to, v.Uint()), nil
		}
	case *ir.FloatType:
		if v.IsFloat() && ir.IntOrFloatBitWidth(v.Type) == to.Width() {
			return interp.FromBits(to, v.Bits()), nil
		}
	case *lt.StructType:
		if mr := v.MemRef(); mr != nil {
			if _, ok := v.Type.(*ir.UnrankedMemRefType); ok {
				return m.unrankedDescriptor(op, to, mr)
			}
			if vmr, err := vectorMemRefAsDescriptor(op, v.Type, mr); err != nil || vmr != mr {
				if err != nil {
					return interp.Value{}, err
				}
				return m.descriptor(op, to, vmr)
			}
			return m.descriptor(op, to, mr)
		}
		if fs := fields(v); fs != nil && len(fs) == len(to.Fields) {
			return v.WithType(to), nil
		}
	case *ir.MemRefType:
		if _, ok := v.Type.(*lt.StructType); ok {
			return m.memrefFromDescriptor(op, to, v)
		}
		if v.MemRef() != nil {
			return v.WithType(to), nil
		}
	case *ir.UnrankedMemRefType:
		if st, ok := v.Type.(*lt.StructType); ok && len(st.Fields) == 2 {
			return m.memrefFromUnranked(op, to, v)
		}
		if v.MemRef() != nil {
			return v.WithType(to), nil
		}
	case *lt.PointerType:
		if _, ok := v.Type.(*lt.PointerType); ok {
			return v.WithType(to), nil
		}
	}
	// A host object without an llvm form (a tensor map) is an opaque
	// pointer to it, and back.
	if v.Object() != nil && v.MemRef() == nil {
		_, toPtr := to.(*lt.PointerType)
		_, fromPtr := v.Type.(*lt.PointerType)
		if toPtr != fromPtr {
			return interp.MakeObject(to, 0, v.Object()), nil
		}
	}
	return interp.Value{}, castError(op, v, to)
}

// descriptor builds the descriptor struct of type dt of a ranked memref:
// (allocated pointer, aligned pointer, offset, sizes, strides).
func (m *memory) descriptor(op *ir.Operation, dt *lt.StructType, mr *interp.MemRef) (interp.Value, error) {
	r := mr.Rank()
	if len(dt.Fields) != 3 && len(dt.Fields) != 5 || len(dt.Fields) == 3 && r != 0 {
		return interp.Value{}, interp.Errorf(op, "the interpreter expects a memref descriptor struct of "+fmt.Sprint(r)+" dimensions, got "+asm.TypeString(dt))
	}
	a, err := m.bufferAlloc(mr.Buf)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	fs := []interp.Value{pointer(dt.Fields[0], a, 0), pointer(dt.Fields[1], a, 0), interp.MakeInt(dt.Fields[2], uint64(mr.Offset))}
	if len(dt.Fields) == 5 {
		for k, xs := range [][]int64{mr.Sizes, mr.Strides} {
			at, ok := dt.Fields[3+k].(*lt.ArrayType)
			if !ok || at.Len != uint64(r) {
				return interp.Value{}, interp.Errorf(op, "the interpreter expects a memref descriptor struct of "+fmt.Sprint(r)+" dimensions, got "+asm.TypeString(dt))
			}
			es := make([]interp.Value, r)
			for i, x := range xs {
				es[i] = interp.MakeInt(at.Elem, uint64(x))
			}
			fs = append(fs, makeAggregate(at, es))
		}
	}
	return makeAggregate(dt, fs), nil
}

// unrankedDescriptor stores the ranked descriptor of mr in a new stack
// slot and returns the pair (rank, pointer to it), of type dt.
func (m *memory) unrankedDescriptor(op *ir.Operation, dt *lt.StructType, mr *interp.MemRef) (interp.Value, error) {
	if len(dt.Fields) != 2 {
		return interp.Value{}, interp.Errorf(op, "the interpreter expects an unranked memref descriptor (i64, ptr), got "+asm.TypeString(dt))
	}
	ctx := op.Context()
	rdt := rankedDescriptorType(ctx, mr.Rank())
	d, err := m.descriptor(op, rdt, mr)
	if err != nil {
		return interp.Value{}, err
	}
	size, err := sizeOf(rdt)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	a := m.alloc(size, "stack")
	if err := m.storeValue(op, d, a, 0); err != nil {
		return interp.Value{}, err
	}
	return makeAggregate(dt, []interp.Value{interp.MakeInt(dt.Fields[0], uint64(mr.Rank())), pointer(dt.Fields[1], a, 0)}), nil
}

// rankedDescriptorType is the descriptor struct of a memref of rank r.
func rankedDescriptorType(ctx *ir.Context, r int) *lt.StructType {
	ptr := lt.Ptr(ctx, 0)
	i64 := ctx.I(64)
	fs := []ir.Type{ptr, ptr, i64}
	if r > 0 {
		arr := lt.Array(ctx, uint64(r), i64)
		fs = append(fs, arr, arr)
	}
	return lt.LiteralStruct(ctx, fs, false)
}

// memrefFromDescriptor returns the memref of type t that a descriptor
// describes: a view of the allocation its aligned pointer points into.
func (m *memory) memrefFromDescriptor(op *ir.Operation, t *ir.MemRefType, d interp.Value) (interp.Value, error) {
	fs := fields(d)
	r := len(t.Shape)
	if len(fs) < 3 {
		return interp.Value{}, castError(op, d, t)
	}
	var sizes, strides []int64
	if r > 0 {
		if len(fs) != 5 || len(fields(fs[3])) != r || len(fields(fs[4])) != r {
			return interp.Value{}, castError(op, d, t)
		}
		for _, x := range fields(fs[3]) {
			sizes = append(sizes, x.Int())
		}
		for _, x := range fields(fs[4]) {
			strides = append(strides, x.Int())
		}
	}
	if vt, ok := t.Elem.(*ir.VectorType); ok {
		// A memref of vectors is a memref of their elements with the
		// vector's dimensions last (see interp/memref).
		n, err := vectorElementCount(op, vt)
		if err != nil {
			return interp.Value{}, err
		}
		for i := range strides {
			strides[i] *= n
		}
		sizes = append(sizes, vt.Shape...)
		strides = append(strides, interp.IdentityStrides(vt.Shape)...)
		if p := poisonOf(fs[2]); p != nil {
			return interp.Value{}, p.errorAt(op, "a field of the memref descriptor")
		}
		off := interp.MakeInt(fs[2].Type, uint64(fs[2].Int()*n))
		return m.view(op, t, fs[1], off, sizes, strides)
	}
	return m.view(op, t, fs[1], fs[2], sizes, strides)
}

// vectorElementCount is the number of elements of the vector element type
// of a memref, which the interpreter stores flat. It is an error when
// LLVM's layout of the vector pads it (its last dimension's store size
// is not its allocation size), as the flat storage would then disagree
// with the llvm dialect's accesses.
func vectorElementCount(op *ir.Operation, vt *ir.VectorType) (int64, error) {
	n := interp.NumElements(vt.Shape)
	if len(vt.Shape) == 0 {
		return 1, nil
	}
	last := vt.Shape[len(vt.Shape)-1]
	inner := op.Context().VectorType([]int64{last}, nil, vt.Elem)
	store, err := storeSize(inner)
	if err != nil {
		return 0, interp.Errorf(op, err.Error())
	}
	alloc, err := sizeOf(inner)
	if err != nil {
		return 0, interp.Errorf(op, err.Error())
	}
	if store != alloc || laneBits(vt.Elem)%8 != 0 {
		return 0, interp.Errorf(op, "the interpreter cannot pass a memref of "+asm.TypeString(vt)+" between the memref and llvm levels: LLVM pads its vectors")
	}
	return n, nil
}

// vectorMemRefAsDescriptor returns the view of a memref of vectors that
// its descriptor describes: the flat storage's trailing vector dimensions
// dropped, offset and strides counted in vectors. Other memrefs are
// returned as they are.
func vectorMemRefAsDescriptor(op *ir.Operation, t ir.Type, mr *interp.MemRef) (*interp.MemRef, error) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return mr, nil
	}
	vt, ok := mt.Elem.(*ir.VectorType)
	if !ok {
		return mr, nil
	}
	n, err := vectorElementCount(op, vt)
	if err != nil {
		return nil, err
	}
	r := len(mt.Shape)
	if mr.Rank() != r+len(vt.Shape) || mr.Offset%n != 0 {
		return nil, interp.Errorf(op, "the memref of vectors is not stored as the interpreter expects")
	}
	out := &interp.MemRef{Buf: mr.Buf, Offset: mr.Offset / n, Sizes: append([]int64{}, mr.Sizes[:r]...), Strides: make([]int64, r)}
	for i := 0; i < r; i++ {
		if mr.Strides[i]%n != 0 {
			return nil, interp.Errorf(op, "the memref of vectors is not stored as the interpreter expects")
		}
		out.Strides[i] = mr.Strides[i] / n
	}
	return out, nil
}

// view makes a memref of type t from an aligned pointer, an offset (in
// elements), sizes and strides.
func (m *memory) view(op *ir.Operation, t ir.Type, aligned, offset interp.Value, sizes, strides []int64) (interp.Value, error) {
	if p := poisonOf(aligned, offset); p != nil {
		return interp.Value{}, p.errorAt(op, "a field of the memref descriptor")
	}
	a, off := target(aligned)
	if a == nil {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("the memref descriptor's pointer 0x%x is not in any allocation", aligned.Bits()))
	}
	elem := interp.ElementType(t)
	if vt, ok := elem.(*ir.VectorType); ok {
		// Memrefs of vectors are stored flat (memrefFromDescriptor).
		elem = vt.Elem
	}
	buf, err := m.retype(a, elem)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	if off%a.esize != 0 {
		return interp.Value{}, interp.Errorf(op, "the memref descriptor's pointer is not aligned to its elements")
	}
	mr := &interp.MemRef{Buf: buf, Offset: off/a.esize + offset.Int(), Sizes: sizes, Strides: strides}
	if mr.Sizes == nil {
		mr.Sizes, mr.Strides = []int64{}, []int64{}
	}
	return interp.MakeMemRef(t, mr), nil
}

// memrefFromUnranked reads the ranked descriptor a (rank, pointer) pair
// points to.
func (m *memory) memrefFromUnranked(op *ir.Operation, t *ir.UnrankedMemRefType, d interp.Value) (interp.Value, error) {
	fs := fields(d)
	if p := poisonOf(fs...); p != nil {
		return interp.Value{}, p.errorAt(op, "the unranked memref descriptor")
	}
	rank := fs[0].Int()
	if rank < 0 || rank > 1<<16 {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("invalid memref rank %d", rank))
	}
	rdt := rankedDescriptorType(op.Context(), int(rank))
	size, err := sizeOf(rdt)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	a, off, err := access(op, fs[1], size, false)
	if err != nil {
		return interp.Value{}, err
	}
	rd, err := m.loadValue(rdt, a, off)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	rfs := fields(rd)
	var sizes, strides []int64
	if rank > 0 {
		for _, x := range fields(rfs[3]) {
			sizes = append(sizes, x.Int())
		}
		for _, x := range fields(rfs[4]) {
			strides = append(strides, x.Int())
		}
	}
	return m.view(op, t, rfs[1], rfs[2], sizes, strides)
}

// flatten returns the scalar leaves of a value (the unpacked fields of a
// descriptor).
func flatten(v interp.Value) []interp.Value {
	fs := fields(v)
	if fs == nil {
		return []interp.Value{v}
	}
	var out []interp.Value
	for _, x := range fs {
		out = append(out, flatten(x)...)
	}
	return out
}

// pack builds a value of type t from the scalar leaves ins: a descriptor
// struct, or a memref through its descriptor.
func (m *memory) pack(op *ir.Operation, ins []interp.Value, t ir.Type) (interp.Value, error) {
	ctx := op.Context()
	st, isStruct := t.(*lt.StructType)
	switch mt := t.(type) {
	case *ir.MemRefType:
		st = rankedDescriptorType(ctx, len(mt.Shape))
	case *ir.UnrankedMemRefType:
		st = lt.LiteralStruct(ctx, []ir.Type{ctx.I(64), lt.Ptr(ctx, 0)}, false)
	default:
		if !isStruct {
			return interp.Value{}, interp.Errorf(op, "the interpreter cannot pack these values into "+asm.TypeString(t))
		}
	}
	rest := ins
	var build func(t ir.Type) (interp.Value, error)
	build = func(t ir.Type) (interp.Value, error) {
		switch t := t.(type) {
		case *lt.StructType, *lt.ArrayType:
			var fs []interp.Value
			for i := int64(0); ; i++ {
				ft, ok := memberType(t, i)
				if !ok {
					break
				}
				v, err := build(ft)
				if err != nil {
					return interp.Value{}, err
				}
				fs = append(fs, v)
			}
			return makeAggregate(t, fs), nil
		}
		if len(rest) == 0 {
			return interp.Value{}, interp.Errorf(op, "too few values to pack into "+asm.TypeString(st))
		}
		v := rest[0]
		rest = rest[1:]
		return m.convert(op, v, t)
	}
	d, err := build(st)
	if err != nil {
		return interp.Value{}, err
	}
	if len(rest) != 0 {
		return interp.Value{}, interp.Errorf(op, "too many values to pack into "+asm.TypeString(st))
	}
	if st == t {
		return d, nil
	}
	return m.convert(op, d, t)
}

// unpack returns the scalar leaves of v's descriptor, converted to outs.
func (m *memory) unpack(op *ir.Operation, v interp.Value, outs []ir.Type) ([]interp.Value, error) {
	ctx := op.Context()
	switch t := v.Type.(type) {
	case *ir.MemRefType:
		d, err := m.convert(op, v, rankedDescriptorType(ctx, len(t.Shape)))
		if err != nil {
			return nil, err
		}
		v = d
	case *ir.UnrankedMemRefType:
		d, err := m.convert(op, v, lt.LiteralStruct(ctx, []ir.Type{ctx.I(64), lt.Ptr(ctx, 0)}, false))
		if err != nil {
			return nil, err
		}
		v = d
	}
	leaves := flatten(v)
	if len(leaves) != len(outs) {
		return nil, interp.Errorf(op, fmt.Sprintf("cannot unpack %d values into %d", len(leaves), len(outs)))
	}
	res := make([]interp.Value, len(outs))
	for i, x := range leaves {
		r, err := m.convert(op, x, outs[i])
		if err != nil {
			return nil, err
		}
		res[i] = r
	}
	return res, nil
}
