package llvmir

import (
	"fmt"
	"strconv"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// The translation builds its module with llir/llvm, whose pointer types
// have an element type (LLVM up to version 16). LLVM 17 and later read
// only opaque pointers: `ptr` and `ptr addrspace(N)`. opaquePointers
// rewrites a translated module into that form before it is printed:
//
//   - every type that holds a pointer type is rebuilt with opaquePtr in
//     its place (function signatures, parameters, globals' contents,
//     instructions' result and element types, constants);
//   - a bitcast whose source and result types are then equal is a no-op
//     and disappears: its uses take its source (instructions and
//     constant expressions alike);
//   - a global, a function or an alloca, whose llir type is fixed to a
//     typed pointer, is used through a reference of the opaque type;
//     a function called directly keeps its own (printed) signature.
//
// Nothing in the module is matched as text: the rewrite walks the
// module's structure, and a construct it does not know (an instruction
// or constant of a kind the translation never produces) is an error
// rather than output LLVM would reject.

// opaquePtr is LLVM's opaque pointer type, `ptr` or `ptr addrspace(N)`.
type opaquePtr struct {
	addrSpace types.AddrSpace
}

func (t *opaquePtr) String() string { return t.LLString() }

// LLString returns the type as LLVM writes it.
func (t *opaquePtr) LLString() string {
	if t.addrSpace == 0 {
		return "ptr"
	}
	return "ptr addrspace(" + strconv.FormatUint(uint64(t.addrSpace), 10) + ")"
}

// Equal reports whether u is the opaque pointer of the same address space.
func (t *opaquePtr) Equal(u types.Type) bool {
	o, ok := u.(*opaquePtr)
	return ok && o.addrSpace == t.addrSpace
}

// Name returns "": an opaque pointer type has no name.
func (t *opaquePtr) Name() string { return "" }

// SetName does nothing: an opaque pointer type has no name.
func (t *opaquePtr) SetName(string) {}

// opaqueNull is the null pointer constant of an opaque pointer type
// (llir's constant.Null holds a typed pointer type).
type opaqueNull struct{ typ *opaquePtr }

func (c *opaqueNull) String() string   { return c.typ.String() + " null" }
func (c *opaqueNull) Type() types.Type { return c.typ }
func (c *opaqueNull) Ident() string    { return "null" }
func (c *opaqueNull) IsConstant()      {}

// constRef is a use of a global or a function as a constant of an opaque
// pointer type.
type constRef struct {
	constant.Constant
	typ types.Type
}

func (r *constRef) String() string   { return r.typ.String() + " " + r.Ident() }
func (r *constRef) Type() types.Type { return r.typ }

// valueRef is a use of an alloca as a value of an opaque pointer type.
type valueRef struct {
	value.Value
	typ types.Type
}

func (r *valueRef) String() string   { return r.typ.String() + " " + r.Ident() }
func (r *valueRef) Type() types.Type { return r.typ }

// opaquer holds the state of one rewrite.
type opaquer struct {
	ptrs   map[types.AddrSpace]*opaquePtr
	types  map[types.Type]types.Type
	consts map[constant.Constant]constant.Constant
	// removed maps each no-op bitcast to the value its uses take.
	removed map[value.Value]value.Value
	refs    map[value.Value]value.Value
}

// opaquePointers rewrites m to opaque pointers (see above).
func opaquePointers(m *ir.Module) error {
	o := &opaquer{
		ptrs:    map[types.AddrSpace]*opaquePtr{},
		types:   map[types.Type]types.Type{},
		consts:  map[constant.Constant]constant.Constant{},
		removed: map[value.Value]value.Value{},
		refs:    map[value.Value]value.Value{},
	}
	// Find the no-op bitcasts while the operands still have their
	// original types.
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			kept := b.Insts[:0]
			for _, inst := range b.Insts {
				if c, ok := inst.(*ir.InstBitCast); ok && o.typ(c.From.Type()).Equal(o.typ(c.To)) {
					o.removed[c] = c.From
					continue
				}
				kept = append(kept, inst)
			}
			b.Insts = kept
		}
	}
	for _, g := range m.Globals {
		g.ContentType = o.typ(g.ContentType)
		if g.Init != nil {
			c, err := o.constant(g.Init)
			if err != nil {
				return fmt.Errorf("global @%s: %v", g.Name(), err)
			}
			g.Init = c
		}
	}
	for _, f := range m.Funcs {
		sig, _ := o.typ(f.Sig).(*types.FuncType)
		f.Sig = sig
		for _, p := range f.Params {
			p.Typ = o.typ(p.Typ)
		}
		f.Typ = types.NewPointer(f.Sig)
		f.Typ.AddrSpace = f.AddrSpace
	}
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				if err := o.instruction(inst); err != nil {
					return fmt.Errorf("function @%s: %v", f.Name(), err)
				}
			}
			if b.Term != nil {
				if err := o.operands(b.Term, b.Term.Operands()); err != nil {
					return fmt.Errorf("function @%s: %v", f.Name(), err)
				}
			}
		}
	}
	return nil
}

// ptr returns the opaque pointer type of address space as.
func (o *opaquer) ptr(as types.AddrSpace) *opaquePtr {
	p, ok := o.ptrs[as]
	if !ok {
		p = &opaquePtr{addrSpace: as}
		o.ptrs[as] = p
	}
	return p
}

// typ returns t with opaque pointers in place of its pointer types; a
// type that holds none is returned as it is.
func (o *opaquer) typ(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if r, ok := o.types[t]; ok {
		return r
	}
	r := t
	switch x := t.(type) {
	case *types.PointerType:
		r = o.ptr(x.AddrSpace)
	case *types.VectorType:
		if e := o.typ(x.ElemType); e != x.ElemType {
			v := types.NewVector(x.Len, e)
			v.Scalable = x.Scalable
			r = v
		}
	case *types.ArrayType:
		if e := o.typ(x.ElemType); e != x.ElemType {
			r = types.NewArray(x.Len, e)
		}
	case *types.StructType:
		fields, changed := make([]types.Type, len(x.Fields)), false
		for i, f := range x.Fields {
			fields[i] = o.typ(f)
			changed = changed || fields[i] != f
		}
		if changed {
			s := types.NewStruct(fields...)
			s.Packed, s.Opaque, s.TypeName = x.Packed, x.Opaque, x.TypeName
			r = s
		}
	case *types.FuncType:
		params, changed := make([]types.Type, len(x.Params)), false
		for i, p := range x.Params {
			params[i] = o.typ(p)
			changed = changed || params[i] != p
		}
		ret := o.typ(x.RetType)
		if changed || ret != x.RetType {
			f := types.NewFunc(ret, params...)
			f.Variadic, f.TypeName = x.Variadic, x.TypeName
			r = f
		}
	}
	o.types[t] = r
	return r
}

// value returns the value a use of v takes in the rewritten module.
func (o *opaquer) value(v value.Value) (value.Value, error) {
	for {
		src, ok := o.removed[v]
		if !ok {
			break
		}
		v = src
	}
	switch x := v.(type) {
	case *ir.InstAlloca:
		if r, ok := o.refs[x]; ok {
			return r, nil
		}
		r := &valueRef{Value: x, typ: o.typ(x.Type())}
		o.refs[x] = r
		return r, nil
	case constant.Constant:
		return o.constant(x)
	}
	return v, nil
}

// operands rewrites the operands of an instruction or a terminator. The
// callee of a call stays the function itself, whose signature the call
// prints.
func (o *opaquer) operands(user any, ops []*value.Value) error {
	for i, p := range ops {
		if i == 0 {
			if _, ok := user.(*ir.InstCall); ok {
				if _, ok := (*p).(*ir.Func); ok {
					continue
				}
			}
		}
		v, err := o.value(*p)
		if err != nil {
			return err
		}
		*p = v
	}
	return nil
}

// instruction rewrites the types and the operands of inst.
func (o *opaquer) instruction(inst ir.Instruction) error {
	user, ok := inst.(value.User)
	if !ok {
		return fmt.Errorf("instruction %T without operands", inst)
	}
	// The result type, computed from the original operands when llir
	// computes it, is taken before the operands change.
	switch x := inst.(type) {
	case *ir.InstAlloca:
		x.ElemType = o.typ(x.ElemType)
	case *ir.InstLoad:
		x.ElemType = o.typ(x.ElemType)
	case *ir.InstGetElementPtr:
		x.Typ = o.typ(x.Type())
		x.ElemType = o.typ(x.ElemType)
	case *ir.InstAtomicRMW:
		x.Typ = o.typ(x.Type())
	case *ir.InstCmpXchg:
		st, _ := o.typ(x.Type()).(*types.StructType)
		x.Typ = st
	case *ir.InstCall:
		x.Typ = o.typ(x.Type())
		// The inputs of operand bundles are not among llir's operands.
		for _, ob := range x.OperandBundles {
			for i := range ob.Inputs {
				v, err := o.value(ob.Inputs[i])
				if err != nil {
					return err
				}
				ob.Inputs[i] = v
			}
		}
	case *ir.InstPhi:
		x.Typ = o.typ(x.Type())
	case *ir.InstSelect:
		x.Typ = o.typ(x.Type())
	case *ir.InstFreeze:
		x.Typ = o.typ(x.Type())
	case *ir.InstExtractValue:
		x.Typ = o.typ(x.Type())
	case *ir.InstInsertValue:
		x.Typ = o.typ(x.Type())
	case *ir.InstExtractElement:
		x.Typ = o.typ(x.Type())
	case *ir.InstInsertElement:
		vt, _ := o.typ(x.Type()).(*types.VectorType)
		x.Typ = vt
	case *ir.InstShuffleVector:
		vt, _ := o.typ(x.Type()).(*types.VectorType)
		x.Typ = vt
	case *ir.InstICmp:
		x.Typ = o.typ(x.Type())
	case *ir.InstFCmp:
		x.Typ = o.typ(x.Type())
	case *ir.InstBitCast:
		x.To = o.typ(x.To)
	case *ir.InstAddrSpaceCast:
		x.To = o.typ(x.To)
	case *ir.InstPtrToInt:
		x.To = o.typ(x.To)
	case *ir.InstIntToPtr:
		x.To = o.typ(x.To)
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt, *ir.InstFPToUI, *ir.InstFPToSI,
		*ir.InstUIToFP, *ir.InstSIToFP, *ir.InstStore, *ir.InstFence,
		*ir.InstAdd, *ir.InstFAdd, *ir.InstSub, *ir.InstFSub, *ir.InstMul, *ir.InstFMul, *ir.InstUDiv, *ir.InstSDiv,
		*ir.InstFDiv, *ir.InstURem, *ir.InstSRem, *ir.InstFRem, *ir.InstShl, *ir.InstLShr, *ir.InstAShr, *ir.InstAnd,
		*ir.InstOr, *ir.InstXor, *ir.InstFNeg:
		// Integer and float results: no pointer in their types.
	default:
		return fmt.Errorf("no opaque-pointer form for instruction %T", inst)
	}
	return o.operands(inst, user.Operands())
}

// constant returns c with opaque pointer types; a use of a global or a
// function becomes a reference of the opaque type, and a bitcast between
// types that are then equal its operand.
func (o *opaquer) constant(c constant.Constant) (constant.Constant, error) {
	if r, ok := o.consts[c]; ok {
		return r, nil
	}
	r, err := o.newConstant(c)
	if err != nil {
		return nil, err
	}
	o.consts[c] = r
	return r, nil
}

func (o *opaquer) constants(cs []constant.Constant) ([]constant.Constant, error) {
	out := make([]constant.Constant, len(cs))
	for i, c := range cs {
		r, err := o.constant(c)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

func (o *opaquer) newConstant(c constant.Constant) (constant.Constant, error) {
	switch x := c.(type) {
	case *ir.Global, *ir.Func:
		return &constRef{Constant: x, typ: o.typ(x.Type())}, nil
	case *constant.Null:
		return &opaqueNull{typ: o.ptr(x.Typ.AddrSpace)}, nil
	case *constant.Undef:
		return constant.NewUndef(o.typ(x.Typ)), nil
	case *constant.Poison:
		return constant.NewPoison(o.typ(x.Typ)), nil
	case *constant.ZeroInitializer:
		return constant.NewZeroInitializer(o.typ(x.Typ)), nil
	case *constant.Int, *constant.Float, *constant.CharArray, *bfloatConst:
		return c, nil
	case *constant.Array:
		elems, err := o.constants(x.Elems)
		if err != nil {
			return nil, err
		}
		at, _ := o.typ(x.Typ).(*types.ArrayType)
		return &constant.Array{Typ: at, Elems: elems}, nil
	case *constant.Vector:
		elems, err := o.constants(x.Elems)
		if err != nil {
			return nil, err
		}
		vt, _ := o.typ(x.Typ).(*types.VectorType)
		return &constant.Vector{Typ: vt, Elems: elems}, nil
	case *constant.Struct:
		fields, err := o.constants(x.Fields)
		if err != nil {
			return nil, err
		}
		st, _ := o.typ(x.Typ).(*types.StructType)
		return &constant.Struct{Typ: st, Fields: fields}, nil
	case *constant.ExprBitCast:
		from, err := o.constant(x.From)
		if err != nil {
			return nil, err
		}
		to := o.typ(x.To)
		if from.Type().Equal(to) {
			return from, nil
		}
		return &constant.ExprBitCast{From: from, To: to}, nil
	case *constant.ExprAddrSpaceCast:
		from, err := o.constant(x.From)
		if err != nil {
			return nil, err
		}
		return &constant.ExprAddrSpaceCast{From: from, To: o.typ(x.To)}, nil
	case *constant.ExprPtrToInt:
		from, err := o.constant(x.From)
		if err != nil {
			return nil, err
		}
		return &constant.ExprPtrToInt{From: from, To: x.To}, nil
	case *constant.ExprIntToPtr:
		from, err := o.constant(x.From)
		if err != nil {
			return nil, err
		}
		return &constant.ExprIntToPtr{From: from, To: o.typ(x.To)}, nil
	case *constant.ExprGetElementPtr:
		src, err := o.constant(x.Src)
		if err != nil {
			return nil, err
		}
		idx, err := o.constants(x.Indices)
		if err != nil {
			return nil, err
		}
		return &constant.ExprGetElementPtr{ElemType: o.typ(x.ElemType), Src: src, Indices: idx,
			Typ: o.typ(x.Type()), InBounds: x.InBounds}, nil
	}
	return nil, fmt.Errorf("no opaque-pointer form for constant %T", c)
}
