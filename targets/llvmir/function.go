package llvmir

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

var icmpPreds = []enum.IPred{enum.IPredEQ, enum.IPredNE, enum.IPredSLT, enum.IPredSLE, enum.IPredSGT,
	enum.IPredSGE, enum.IPredULT, enum.IPredULE, enum.IPredUGT, enum.IPredUGE}

var fcmpPreds = []enum.FPred{enum.FPredFalse, enum.FPredOEQ, enum.FPredOGT, enum.FPredOGE, enum.FPredOLT,
	enum.FPredOLE, enum.FPredONE, enum.FPredORD, enum.FPredUEQ, enum.FPredUGT, enum.FPredUGE,
	enum.FPredULT, enum.FPredULE, enum.FPredUNE, enum.FPredUNO, enum.FPredTrue}

func (t *ModuleTranslation) function(op *sir.Operation) error {
	fn := t.funcs[llvm.FuncOp{Operation: op}.SymName()]
	t.fn = fn
	t.values = map[sir.Value]value.Value{}
	t.blocks = map[*sir.Block]*ir.Block{}
	t.phis = map[*sir.Block][]*ir.InstPhi{}
	region := op.Region(0)
	entry := region.First()
	for i, a := range entry.Arguments() {
		t.values[a] = fn.Params[i]
	}
	for b := region.First(); b != nil; b = b.Next() {
		lb := fn.NewBlock("")
		t.blocks[b] = lb
		if b == entry {
			continue
		}
		for _, a := range b.Arguments() {
			at, err := t.typ(a.Type())
			if err != nil {
				return errorf(op, "%v", err)
			}
			phi := &ir.InstPhi{Typ: at}
			lb.Insts = append(lb.Insts, phi)
			t.phis[b] = append(t.phis[b], phi)
			t.values[a] = phi
		}
	}
	for b := region.First(); b != nil; b = b.Next() {
		lb := t.blocks[b]
		for o := b.First(); o != nil; o = o.Next() {
			if err := t.op(o, lb); err != nil {
				return err
			}
		}
	}
	return nil
}

// edge returns the block a branch of 'from' jumps to for an edge to dest
// with operands, and records the values passed to dest's phi nodes. A
// second edge of one branch to a block with arguments goes through a new
// block of its own, since a phi node has one entry per predecessor.
func (t *ModuleTranslation) edge(from *ir.Block, dest *sir.Block, operands []sir.Value, seen map[*sir.Block]bool) (*ir.Block, error) {
	target := t.blocks[dest]
	if len(t.phis[dest]) > 0 && seen[dest] {
		split := t.fn.NewBlock("")
		split.NewBr(target)
		if err := t.addIncoming(split, dest, operands); err != nil {
			return nil, err
		}
		return split, nil
	}
	seen[dest] = true
	if err := t.addIncoming(from, dest, operands); err != nil {
		return nil, err
	}
	return target, nil
}

// addIncoming records the values a branch from 'from' passes to dest.
func (t *ModuleTranslation) addIncoming(from *ir.Block, dest *sir.Block, operands []sir.Value) error {
	phis := t.phis[dest]
	for i, v := range operands {
		lv, err := t.value(v)
		if err != nil {
			return err
		}
		phis[i].Incs = append(phis[i].Incs, ir.NewIncoming(lv, from))
	}
	return nil
}

func (t *ModuleTranslation) value(v sir.Value) (value.Value, error) {
	if lv, ok := t.values[v]; ok {
		return lv, nil
	}
	var owner *sir.Operation
	if r, ok := v.(*sir.OpResult); ok {
		owner = r.Owner()
	}
	if owner != nil {
		return nil, errorf(owner, "use of a value that was not translated")
	}
	return nil, sir.NewError(nil, "use of a value that was not translated")
}

func (t *ModuleTranslation) operands(o *sir.Operation) ([]value.Value, error) {
	out := make([]value.Value, o.NumOperands())
	for i, v := range o.Operands() {
		lv, err := t.value(v)
		if err != nil {
			return nil, err
		}
		out[i] = lv
	}
	return out, nil
}

// ptrTo bitcasts an i8* pointer to a pointer to elem in the same address
// space.
func ptrTo(b *ir.Block, p value.Value, elem types.Type) value.Value {
	pt, ok := p.Type().(*types.PointerType)
	if !ok {
		return p
	}
	to := types.NewPointer(elem)
	to.AddrSpace = pt.AddrSpace
	if to.Equal(pt) {
		return p
	}
	return b.NewBitCast(p, to)
}

// vectorPtrTo casts the vector of pointers p to a vector of pointers to
// elem in the same address space, as ptrTo does for one pointer.
func vectorPtrTo(b *ir.Block, p value.Value, elem types.Type) value.Value {
	vt, ok := p.Type().(*types.VectorType)
	if !ok {
		return p
	}
	pt, ok := vt.ElemType.(*types.PointerType)
	if !ok {
		return p
	}
	to := types.NewPointer(elem)
	to.AddrSpace = pt.AddrSpace
	if to.Equal(pt) {
		return p
	}
	return b.NewBitCast(p, types.NewVector(vt.Len, to))
}

func intrinsicSuffix(t types.Type) string {
	switch x := t.(type) {
	case *types.FloatType:
		switch x.Kind {
		case types.FloatKindHalf:
			return "f16"
		case types.FloatKindFloat:
			return "f32"
		case types.FloatKindDouble:
			return "f64"
		case types.FloatKindX86_FP80:
			return "f80"
		case types.FloatKindFP128:
			return "f128"
		}
	case *bfloatType:
		return "bf16"
	case *types.IntType:
		return "i" + itoa(x.BitSize)
	case *types.VectorType:
		return "v" + itoa(x.Len) + intrinsicSuffix(x.ElemType)
	}
	return ""
}

func itoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// intrinsic declares (once) the overloaded intrinsic llvm.<name>.<suffix>.
func (t *ModuleTranslation) intrinsic(name string, ret types.Type, params []types.Type) *ir.Func {
	overloaded := params[0]
	if name == "vector.reduce.fadd" || name == "vector.reduce.fmul" {
		// Overloaded on the vector, after the scalar start value.
		overloaded = params[1]
	}
	full := "llvm." + name + "." + intrinsicSuffix(overloaded)
	if name == "powi" {
		full += "." + intrinsicSuffix(params[1])
	}
	if t.intrs == nil {
		t.intrs = map[string]*ir.Func{}
	}
	if f, ok := t.intrs[full]; ok {
		return f
	}
	ps := make([]*ir.Param, len(params))
	for i, p := range params {
		ps[i] = ir.NewParam("", p)
	}
	f := t.m.NewFunc(full, ret, ps...)
	t.intrs[full] = f
	return f
}

// op translates o at the end of b through the translation registered for
// its dialect.
func (t *ModuleTranslation) op(o *sir.Operation, b *ir.Block) error {
	tr, ok := LookupDialectTranslation(o.OpName().DialectNamespace())
	if !ok {
		return errorf(o, "unsupported operation '%s' in LLVM IR translation", o.Name())
	}
	return tr.ConvertOperation(o, b, t)
}

// atomicOps maps llvm.atomicrmw operations to LLVM's (those LLVM 16's
// text format has).
var atomicOps = map[llvm.AtomicBinOp]enum.AtomicOp{
	llvm.AtomicBinOpXchg: enum.AtomicOpXChg, llvm.AtomicBinOpAdd: enum.AtomicOpAdd, llvm.AtomicBinOpSub: enum.AtomicOpSub,
	llvm.AtomicBinOpAnd: enum.AtomicOpAnd, llvm.AtomicBinOpNand: enum.AtomicOpNAnd, llvm.AtomicBinOpOr: enum.AtomicOpOr,
	llvm.AtomicBinOpXor: enum.AtomicOpXor, llvm.AtomicBinOpMax: enum.AtomicOpMax, llvm.AtomicBinOpMin: enum.AtomicOpMin,
	llvm.AtomicBinOpUmax: enum.AtomicOpUMax, llvm.AtomicBinOpUmin: enum.AtomicOpUMin, llvm.AtomicBinOpFadd: enum.AtomicOpFAdd,
	llvm.AtomicBinOpFsub: enum.AtomicOpFSub,
}

func rawIndices(o *sir.Operation) []int32 {
	d, ok := llvm.GetelementptrOp{Operation: o}.RawConstantIndices().(*sir.DenseArrayAttr)
	if !ok {
		return nil
	}
	var out []int32
	for i := 0; i+4 <= len(d.Data); i += 4 {
		out = append(out, int32(uint32(d.Data[i])|uint32(d.Data[i+1])<<8|uint32(d.Data[i+2])<<16|uint32(d.Data[i+3])<<24))
	}
	return out
}

func caseGroups(o *sir.Operation) []int {
	d, ok := llvm.SwitchOp{Operation: o}.CaseOperandSegments().(*sir.DenseArrayAttr)
	if !ok {
		return nil
	}
	var out []int
	for i := 0; i+4 <= len(d.Data); i += 4 {
		out = append(out, int(int32(uint32(d.Data[i])|uint32(d.Data[i+1])<<8|uint32(d.Data[i+2])<<16|uint32(d.Data[i+3])<<24)))
	}
	return out
}

// position is the position of an llvm.extractvalue or llvm.insertvalue.
func position(o *sir.Operation) []uint64 {
	var pos sir.Attribute
	if e, ok := llvm.AsExtractvalueOp(o); ok {
		pos = e.Position()
	} else if i, ok := llvm.AsInsertvalueOp(o); ok {
		pos = i.Position()
	}
	d, ok := pos.(*sir.DenseArrayAttr)
	if !ok {
		return nil
	}
	var out []uint64
	for i := 0; i+8 <= len(d.Data); i += 8 {
		var v uint64
		for j := 0; j < 8; j++ {
			v |= uint64(d.Data[i+j]) << (8 * j)
		}
		out = append(out, v)
	}
	return out
}

// specialIntrinsic translates the intrinsics that are not a plain call of
// an overloaded intrinsic named after their first operand's type, and
// reports whether o was one of them.
func (t *ModuleTranslation) specialIntrinsic(o *sir.Operation, b *ir.Block, ops []value.Value) (bool, error) {
	name := strings.TrimPrefix(o.Name(), "llvm.intr.")
	switch name {
	case "memcpy", "memmove":
		// llvm.memcpy.p0i8.p0i8.i64(i8* dst, i8* src, i64 len, i1 volatile)
		vol := false
		if a, ok := o.InherentAttr("isVolatile").(*sir.IntegerAttr); ok {
			vol = a.Lo != 0
		}
		it, ok := ops[2].Type().(*types.IntType)
		if !ok {
			return true, errorf(o, "expected an integer length")
		}
		dst, src := ptrTo(b, ops[0], types.I8), ptrTo(b, ops[1], types.I8)
		full := "llvm." + name + "." + t.pointerSuffix(dst.Type()) + "." + t.pointerSuffix(src.Type()) + "." + intrinsicSuffix(it)
		f := t.declareIntrinsic(full, types.Void, dst.Type(), src.Type(), it, types.I1)
		b.NewCall(f, dst, src, ops[2], constant.NewBool(vol))
		return true, nil
	case "masked.load", "masked.store":
		// llvm.masked.load.v4f32.p0(ptr, i32 align, <4 x i1> mask, <4 x
		// float> passthru) and llvm.masked.store.v4f32.p0(<4 x float>
		// value, ptr, i32 align, <4 x i1> mask).
		a, ok := o.InherentAttr("alignment").(*sir.IntegerAttr)
		if !ok {
			return true, errorf(o, "expected the 'alignment' property")
		}
		align := constant.NewInt(types.I32, a.Int64())
		if name == "masked.store" {
			if len(ops) != 3 {
				return true, errorf(o, "expected a value, an address and a mask")
			}
			full := "llvm.masked.store." + intrinsicSuffix(ops[0].Type()) + "." + t.pointerSuffix(ops[1].Type())
			f := t.declareIntrinsic(full, types.Void, ops[0].Type(), ops[1].Type(), types.I32, ops[2].Type())
			b.NewCall(f, ops[0], ops[1], align, ops[2])
			return true, nil
		}
		rt, err := t.typ(o.Result(0).Type())
		if err != nil {
			return true, err
		}
		if len(ops) < 2 {
			return true, errorf(o, "expected an address and a mask")
		}
		pass := value.Value(constant.NewPoison(rt))
		if len(ops) > 2 {
			pass = ops[2]
		}
		full := "llvm.masked.load." + intrinsicSuffix(rt) + "." + t.pointerSuffix(ops[0].Type())
		f := t.declareIntrinsic(full, rt, ops[0].Type(), types.I32, ops[1].Type(), rt)
		t.values[o.Result(0)] = b.NewCall(f, ops[0], align, ops[1], pass)
		return true, nil
	case "masked.gather", "masked.scatter":
		// llvm.masked.gather.v4f32.v4p0f32(<4 x float*> ptrs, i32 align,
		// <4 x i1> mask, <4 x float> passthru) and
		// llvm.masked.scatter.v4f32.v4p0f32(<4 x float> value, <4 x
		// float*> ptrs, i32 align, <4 x i1> mask): the vector of i8*
		// pointers is cast to pointers to the element type.
		a, ok := o.InherentAttr("alignment").(*sir.IntegerAttr)
		if !ok {
			return true, errorf(o, "expected the 'alignment' property")
		}
		align := constant.NewInt(types.I32, a.Int64())
		if name == "masked.scatter" {
			if len(ops) != 3 {
				return true, errorf(o, "expected a value, a vector of addresses and a mask")
			}
			vt, ok := ops[0].Type().(*types.VectorType)
			if !ok {
				return true, errorf(o, "expected a vector value")
			}
			ptrs := vectorPtrTo(b, ops[1], vt.ElemType)
			full := "llvm.masked.scatter." + intrinsicSuffix(vt) + "." + t.vectorPointerSuffix(ptrs.Type())
			f := t.declareIntrinsic(full, types.Void, vt, ptrs.Type(), types.I32, ops[2].Type())
			b.NewCall(f, ops[0], ptrs, align, ops[2])
			return true, nil
		}
		rt, err := t.typ(o.Result(0).Type())
		if err != nil {
			return true, err
		}
		vt, ok := rt.(*types.VectorType)
		if !ok || len(ops) < 2 {
			return true, errorf(o, "expected a vector of addresses and a mask, and a vector result")
		}
		ptrs := vectorPtrTo(b, ops[0], vt.ElemType)
		pass := value.Value(constant.NewPoison(rt))
		if len(ops) > 2 {
			pass = ops[2]
		}
		full := "llvm.masked.gather." + intrinsicSuffix(rt) + "." + t.vectorPointerSuffix(ptrs.Type())
		f := t.declareIntrinsic(full, rt, ptrs.Type(), types.I32, ops[1].Type(), rt)
		t.values[o.Result(0)] = b.NewCall(f, ptrs, align, ops[1], pass)
		return true, nil
	case "ctlz", "cttz", "abs", "is.fpclass":
		// llvm.ctlz.i32(i32 x, i1 is_zero_poison), llvm.abs.i32(i32 x, i1
		// is_int_min_poison), llvm.is.fpclass.f32(float x, i32 mask).
		rt, err := t.typ(o.Result(0).Type())
		if err != nil {
			return true, err
		}
		var extra value.Value
		switch name {
		case "ctlz", "cttz":
			extra = constant.NewBool(boolProp(o, "is_zero_poison"))
		case "abs":
			extra = constant.NewBool(boolProp(o, "is_int_min_poison"))
		default:
			a, ok := o.InherentAttr("bit").(*sir.IntegerAttr)
			if !ok {
				return true, errorf(o, "expected the 'bit' property")
			}
			extra = constant.NewInt(types.I32, a.Int64())
		}
		f := t.intrinsic(name, rt, []types.Type{ops[0].Type(), extra.Type()})
		t.values[o.Result(0)] = b.NewCall(f, ops[0], extra)
		return true, nil
	case "assume":
		// llvm.assume(i1 cond) [ "tag"(operands...), ... ].
		f := t.declareIntrinsic("llvm.assume", types.Void, types.I1)
		call := b.NewCall(f, ops[0])
		tags, _ := o.InherentAttr("op_bundle_tags").(*sir.ArrayAttr)
		sizes, _ := o.InherentAttr("op_bundle_sizes").(*sir.DenseArrayAttr)
		rest := ops[1:]
		if tags != nil && sizes != nil {
			for i, tag := range tags.Elems {
				s, ok := tag.(*sir.StringAttr)
				if !ok || 4*i+4 > len(sizes.Data) {
					return true, errorf(o, "malformed operand bundles")
				}
				d := sizes.Data[4*i:]
				n := int(int32(uint32(d[0]) | uint32(d[1])<<8 | uint32(d[2])<<16 | uint32(d[3])<<24))
				if n < 0 || n > len(rest) {
					return true, errorf(o, "malformed operand bundles")
				}
				call.OperandBundles = append(call.OperandBundles, ir.NewOperandBundle(s.Value, rest[:n]...))
				rest = rest[n:]
			}
		}
		return true, nil
	case "sincos":
		// llvm.sincos is newer than LLVM 16: call the C library's sin and
		// cos and pair the results.
		ft, ok := ops[0].Type().(*types.FloatType)
		if !ok {
			return true, errorf(o, "llvm.intr.sincos is translated on scalar floats only")
		}
		suffix := ""
		switch ft.Kind {
		case types.FloatKindFloat:
			suffix = "f"
		case types.FloatKindDouble:
		default:
			return true, errorf(o, "llvm.intr.sincos is translated on f32 and f64 only")
		}
		rt, err := t.typ(o.Result(0).Type())
		if err != nil {
			return true, err
		}
		var agg value.Value = constant.NewUndef(rt)
		for i, fn := range []string{"sin", "cos"} {
			f, ok := t.funcs[fn+suffix]
			if !ok {
				f = t.declareIntrinsic(fn+suffix, ft, ft)
			}
			agg = b.NewInsertValue(agg, b.NewCall(f, ops[0]), uint64(i))
		}
		t.values[o.Result(0)] = agg
		return true, nil
	case "prefetch":
		// llvm.prefetch.p0i8(i8* addr, i32 rw, i32 locality, i32 cache).
		args := []value.Value{ptrTo(b, ops[0], types.I8)}
		for _, n := range []string{"rw", "hint", "cache"} {
			a, ok := o.InherentAttr(n).(*sir.IntegerAttr)
			if !ok {
				return true, errorf(o, "expected the '%s' property", n)
			}
			args = append(args, constant.NewInt(types.I32, a.Int64()))
		}
		f := t.declareIntrinsic("llvm.prefetch."+t.pointerSuffix(args[0].Type()), types.Void, args[0].Type(), types.I32, types.I32, types.I32)
		b.NewCall(f, args...)
		return true, nil
	case "stacksave":
		f := t.declareIntrinsic("llvm.stacksave", i8ptr)
		t.values[o.Result(0)] = b.NewCall(f)
		return true, nil
	case "stackrestore":
		f := t.declareIntrinsic("llvm.stackrestore", types.Void, i8ptr)
		b.NewCall(f, ptrTo(b, ops[0], types.I8))
		return true, nil
	case "tanh", "tan", "asin", "acos", "atan", "sinh", "cosh", "atan2", "exp10":
		// Intrinsics newer than LLVM 16: call the C library's function.
		ft, ok := ops[0].Type().(*types.FloatType)
		if !ok {
			return false, nil
		}
		fn := name
		switch ft.Kind {
		case types.FloatKindFloat:
			fn += "f"
		case types.FloatKindDouble:
		default:
			return false, nil
		}
		params := make([]types.Type, len(ops))
		for i, v := range ops {
			params[i] = v.Type()
		}
		f, ok := t.funcs[fn]
		if !ok {
			f = t.declareIntrinsic(fn, ft, params...)
		}
		t.values[o.Result(0)] = b.NewCall(f, ops...)
		return true, nil
	case "maximum", "minimum":
		// LLVM 16 cannot select llvm.maximum/minimum on every target:
		// expand them (NaN if either operand is NaN, +0 > -0).
		// Vectors expand lane by lane alike.
		x, y := ops[0], ops[1]
		et, lanes := x.Type(), uint64(0)
		if vt, ok := et.(*types.VectorType); ok {
			et, lanes = vt.ElemType, vt.Len
		}
		ft, ok := et.(*types.FloatType)
		if !ok {
			return false, nil
		}
		width := map[types.FloatKind]uint64{types.FloatKindHalf: 16, types.FloatKindFloat: 32, types.FloatKindDouble: 64}[ft.Kind]
		if width == 0 {
			return false, nil
		}
		pred, bitop := enum.FPredOGT, "and"
		if name == "minimum" {
			pred, bitop = enum.FPredOLT, "or"
		}
		var it types.Type = types.NewInt(width)
		if lanes > 0 {
			it = types.NewVector(lanes, it)
		}
		pick := b.NewSelect(b.NewFCmp(pred, x, y), x, y)
		xi, yi := b.NewBitCast(x, it), b.NewBitCast(y, it)
		var bits value.Value
		if bitop == "and" {
			bits = b.NewAnd(xi, yi)
		} else {
			bits = b.NewOr(xi, yi)
		}
		eq := b.NewSelect(b.NewFCmp(enum.FPredOEQ, x, y), b.NewBitCast(bits, x.Type()), pick)
		nan := b.NewFAdd(x, y)
		t.values[o.Result(0)] = b.NewSelect(b.NewFCmp(enum.FPredUNO, x, y), nan, eq)
		return true, nil
	}
	return false, nil
}

// boolProp is the value of o's boolean property name (false when absent).
func boolProp(o *sir.Operation, name string) bool {
	a, ok := o.InherentAttr(name).(*sir.IntegerAttr)
	return ok && a.Lo != 0
}

// pointerSuffix is the mangling of pointer type pt in the name of an
// overloaded intrinsic: p0i8 for typed pointers, p0 for opaque ones.
func (t *ModuleTranslation) pointerSuffix(pt types.Type) string {
	p, ok := pt.(*types.PointerType)
	if !ok {
		return ""
	}
	if t.opaque {
		return "p" + itoa(uint64(p.AddrSpace))
	}
	return "p" + itoa(uint64(p.AddrSpace)) + intrinsicSuffix(p.ElemType)
}

// vectorPointerSuffix is the intrinsic name suffix of a vector of
// pointers: v4p0f32 (v4p0 with opaque pointers).
func (t *ModuleTranslation) vectorPointerSuffix(vt types.Type) string {
	v, ok := vt.(*types.VectorType)
	if !ok {
		return ""
	}
	return "v" + itoa(v.Len) + t.pointerSuffix(v.ElemType)
}

// declareIntrinsic declares (once) the function full.
func (t *ModuleTranslation) declareIntrinsic(full string, ret types.Type, params ...types.Type) *ir.Func {
	if t.intrs == nil {
		t.intrs = map[string]*ir.Func{}
	}
	if f, ok := t.intrs[full]; ok {
		return f
	}
	ps := make([]*ir.Param, len(params))
	for i, p := range params {
		ps[i] = ir.NewParam("", p)
	}
	f := t.m.NewFunc(full, ret, ps...)
	t.intrs[full] = f
	return f
}
