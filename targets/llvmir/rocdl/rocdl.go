// Package rocdl is the LLVM IR translation of the rocdl dialect (MLIR's
// ROCDLToLLVMIRTranslation): rocdl operations become calls of the
// llvm.amdgcn.* intrinsics, and the rocdl attributes of functions the
// amdgpu_kernel calling convention and the AMDGPU function attributes.
// The IR is LLVM 16's (typed pointers, see targets/llvmir): buffer
// resources, which later LLVMs make with llvm.amdgcn.make.buffer.rsrc as
// pointers in address space 8, are LLVM 16's <4 x i32> descriptors built
// from their fields, and the buffer loads and stores through them call
// llvm.amdgcn.raw.buffer.load and store (bfloat data moves as i16); the
// operations whose intrinsics LLVM 16 lacks (gfx950 transposing loads and
// lane swaps, direct-to-LDS loads) are located errors here.
package rocdl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/rocdl"
	"github.com/strata-ir/strata/targets/llvmir"
)

func init() { llvmir.RegisterDialectTranslation("rocdl", translation{}) }

type translation struct{}

func errorf(op *sir.Operation, format string, args ...any) error {
	return sir.NewError(op.Loc(), "'"+op.Name()+"' "+fmt.Sprintf(format, args...))
}

// plain maps rocdl operations to the intrinsic they call with their
// operands and properties (in order) as arguments.
var plain = map[string]string{
	"workitem.id.x": "llvm.amdgcn.workitem.id.x", "workitem.id.y": "llvm.amdgcn.workitem.id.y",
	"workitem.id.z": "llvm.amdgcn.workitem.id.z", "workgroup.id.x": "llvm.amdgcn.workgroup.id.x",
	"workgroup.id.y": "llvm.amdgcn.workgroup.id.y", "workgroup.id.z": "llvm.amdgcn.workgroup.id.z",
	"wavefrontsize": "llvm.amdgcn.wavefrontsize",
	"mbcnt.lo":      "llvm.amdgcn.mbcnt.lo", "mbcnt.hi": "llvm.amdgcn.mbcnt.hi",
	"ds_bpermute": "llvm.amdgcn.ds.bpermute", "ds_swizzle": "llvm.amdgcn.ds.swizzle",
	"readlane": "llvm.amdgcn.readlane", "readfirstlane": "llvm.amdgcn.readfirstlane",
	"s.barrier": "llvm.amdgcn.s.barrier", "s.waitcnt": "llvm.amdgcn.s.waitcnt",
	"s.setprio": "llvm.amdgcn.s.setprio", "sched.barrier": "llvm.amdgcn.sched.barrier",
	"sched.group.barrier": "llvm.amdgcn.sched.group.barrier", "iglp.opt": "llvm.amdgcn.iglp.opt",
	"cvt.f32.fp8": "llvm.amdgcn.cvt.f32.fp8", "cvt.f32.bf8": "llvm.amdgcn.cvt.f32.bf8",
	"cvt.pk.f32.fp8": "llvm.amdgcn.cvt.pk.f32.fp8", "cvt.pk.f32.bf8": "llvm.amdgcn.cvt.pk.f32.bf8",
	"cvt.pk.fp8.f32": "llvm.amdgcn.cvt.pk.fp8.f32", "cvt.pk.bf8.f32": "llvm.amdgcn.cvt.pk.bf8.f32",
	"cvt.sr.fp8.f32": "llvm.amdgcn.cvt.sr.fp8.f32", "cvt.sr.bf8.f32": "llvm.amdgcn.cvt.sr.bf8.f32",
}

// props are the properties passed as trailing immediate arguments, in
// the intrinsic's order.
var props = map[string][]string{
	"s.waitcnt": {"bitfield"}, "s.setprio": {"priority"}, "sched.barrier": {"mask"},
	"sched.group.barrier": {"mask", "size", "groupId"}, "iglp.opt": {"variant"},
	"cvt.f32.fp8": {"byteSel"}, "cvt.f32.bf8": {"byteSel"}, "cvt.pk.f32.fp8": {"wordSel"}, "cvt.pk.f32.bf8": {"wordSel"},
	"cvt.pk.fp8.f32": {"wordSel"}, "cvt.pk.bf8.f32": {"wordSel"}, "cvt.sr.fp8.f32": {"byteSel"}, "cvt.sr.bf8.f32": {"byteSel"},
}

// ConvertOperation translates one rocdl operation.
func (translation) ConvertOperation(op *sir.Operation, b *ir.Block, mt *llvmir.ModuleTranslation) error {
	name := strings.TrimPrefix(op.Name(), "rocdl.")
	args, err := mt.LookupOperands(op)
	if err != nil {
		return err
	}
	var ret types.Type = types.Void
	if op.NumResults() == 1 {
		if ret, err = mt.ConvertType(op.Result(0).Type()); err != nil {
			return errorf(op, "%v", err)
		}
	}
	call := func(intr string, args []value.Value) value.Value {
		params := make([]types.Type, len(args))
		for i, a := range args {
			params[i] = a.Type()
		}
		return b.NewCall(mt.DeclareIntrinsic(intr, ret, params...), args...)
	}
	imm := func(names []string) ([]value.Value, error) {
		var out []value.Value
		for _, n := range names {
			a, ok := op.InherentAttr(n).(*sir.IntegerAttr)
			if !ok {
				return nil, errorf(op, "requires the integer property '%s'", n)
			}
			it, ok := a.Type.(*sir.IntegerType)
			if !ok {
				return nil, errorf(op, "requires the integer property '%s'", n)
			}
			out = append(out, constant.NewInt(types.NewInt(uint64(it.Width)), a.Int64()))
		}
		return out, nil
	}
	var res value.Value
	switch {
	case plain[name] != "":
		extra, err := imm(props[name])
		if err != nil {
			return err
		}
		res = call(plain[name], append(args, extra...))
	case strings.HasPrefix(name, "mfma.") || strings.HasPrefix(name, "smfmac."):
		res = call("llvm.amdgcn."+name, args)
	case name == "barrier":
		// A workgroup barrier with release/acquire fences of workgroup
		// memory, as upstream translates it.
		f := b.NewFence(enum.AtomicOrderingRelease)
		f.SyncScope = "workgroup"
		call("llvm.amdgcn.s.barrier", nil)
		f = b.NewFence(enum.AtomicOrderingAcquire)
		f.SyncScope = "workgroup"
	case strings.HasPrefix(name, "workgroup.dim.") || strings.HasPrefix(name, "grid.dim."):
		// The device library reads the dispatch packet, as upstream's
		// translation does.
		fn := "__ockl_get_local_size"
		if strings.HasPrefix(name, "grid.") {
			fn = "__ockl_get_num_groups"
		}
		dim := int64(strings.IndexByte("xyz", name[len(name)-1]))
		v := b.NewCall(mt.DeclareIntrinsic(fn, types.I64, types.I32), constant.NewInt(types.I32, dim))
		res = b.NewTrunc(v, ret)
	case name == "make.buffer.rsrc":
		res = bufferResource(b, args)
	case name == "raw.ptr.buffer.load" || name == "raw.ptr.buffer.store":
		data := 0
		if name == "raw.ptr.buffer.store" {
			data = 1
		}
		if len(args) != data+4 || !types.Equal(args[data].Type(), rsrcType) {
			return errorf(op, "needs a buffer resource made by rocdl.make.buffer.rsrc in this function")
		}
		args = append([]value.Value(nil), args...)
		if data == 1 {
			// bfloat data is stored as i16.
			if t := asInt16(args[0].Type()); t != nil {
				args[0] = b.NewBitCast(args[0], t)
			}
			intr := "llvm.amdgcn.raw.buffer.store." + llvmir.IntrinsicSuffix(args[0].Type())
			params := []types.Type{args[0].Type(), rsrcType, types.I32, types.I32, types.I32}
			b.NewCall(mt.DeclareIntrinsic(intr, types.Void, params...), args...)
			break
		}
		lt := ret
		if t := asInt16(ret); t != nil {
			lt = t
		}
		intr := "llvm.amdgcn.raw.buffer.load." + llvmir.IntrinsicSuffix(lt)
		res = b.NewCall(mt.DeclareIntrinsic(intr, lt, rsrcType, types.I32, types.I32, types.I32), args...)
		if lt != ret {
			res = b.NewBitCast(res, ret)
		}
	case name == "update.dpp":
		extra, err := imm([]string{"dppCtrl", "rowMask", "bankMask", "boundCtrl"})
		if err != nil {
			return err
		}
		if ret != types.I32 {
			return errorf(op, "of type %s is not supported by the LLVM 16 IR of this translation (i32 only)", ret)
		}
		res = call("llvm.amdgcn.update.dpp.i32", append(args, extra...))
	default:
		return errorf(op, "has no translation to the LLVM 16 IR this translation writes")
	}
	if op.NumResults() == 1 {
		mt.MapValue(op.Result(0), res)
	}
	return nil
}

// rsrcType is LLVM 16's buffer resource, four dwords.
var rsrcType = types.NewVector(4, types.I32)

// bufferResource builds the descriptor (V#) of rocdl.make.buffer.rsrc's
// base pointer, stride, number of records and flags: dwords 0 and 1 hold
// the 48-bit base address, the stride in bits 16 to 29 of dword 1, then
// the number of records and the flags.
func bufferResource(b *ir.Block, args []value.Value) value.Value {
	base := b.NewPtrToInt(args[0], types.I64)
	lo := b.NewTrunc(base, types.I32)
	hi := b.NewTrunc(b.NewLShr(base, constant.NewInt(types.I64, 32)), types.I32)
	hi16 := b.NewAnd(hi, constant.NewInt(types.I32, 0xffff))
	stride := b.NewShl(b.NewZExt(args[1], types.I32), constant.NewInt(types.I32, 16))
	w1 := b.NewOr(hi16, stride)
	n := b.NewTrunc(args[2], types.I32)
	var v value.Value = constant.NewUndef(rsrcType)
	for i, x := range []value.Value{lo, w1, n, args[3]} {
		v = b.NewInsertElement(v, x, constant.NewInt(types.I32, int64(i)))
	}
	return v
}

// asInt16 returns the type of i16 elements that bfloat data of type t
// moves as (nil when t holds no bfloat).
func asInt16(t types.Type) types.Type {
	if llvmir.IsBFloat(t) {
		return types.I16
	}
	if v, ok := t.(*types.VectorType); ok && llvmir.IsBFloat(v.ElemType) {
		return types.NewVector(v.Len, types.I16)
	}
	return nil
}

// AmendFunction translates the rocdl attributes of an llvm.func.
func (translation) AmendFunction(op *sir.Operation, attr sir.NamedAttr, fn *ir.Func, _ *llvmir.ModuleTranslation) error {
	str := func() (string, bool) {
		s, ok := attr.Value.(*sir.StringAttr)
		if !ok {
			return "", false
		}
		return s.Value, true
	}
	setAttr := func(key, value string) {
		for i, a := range fn.FuncAttrs {
			if p, ok := a.(ir.AttrPair); ok && p.Key == key {
				fn.FuncAttrs[i] = ir.AttrPair{Key: key, Value: value}
				return
			}
		}
		fn.FuncAttrs = append(fn.FuncAttrs, ir.AttrPair{Key: key, Value: value})
	}
	switch attr.Name {
	case rocdl.KernelAttrName:
		fn.CallingConv = enum.CallingConvAMDGPUKernel
		if !hasAttr(fn, "amdgpu-flat-work-group-size") && op.Attr(rocdl.FlatWorkGroupSizeAttrName) == nil &&
			op.Attr(rocdl.MaxFlatWorkGroupSizeAttrName) == nil {
			setAttr("amdgpu-flat-work-group-size", "1,256")
		}
	case rocdl.FlatWorkGroupSizeAttrName:
		s, ok := str()
		if !ok {
			return sir.NewError(op.Loc(), "'"+attr.Name+"' must be a string attribute")
		}
		setAttr("amdgpu-flat-work-group-size", s)
	case rocdl.MaxFlatWorkGroupSizeAttrName:
		ia, ok := attr.Value.(*sir.IntegerAttr)
		if !ok {
			return sir.NewError(op.Loc(), "'"+attr.Name+"' must be an integer attribute")
		}
		setAttr("amdgpu-flat-work-group-size", "1,"+strconv.FormatInt(ia.Int64(), 10))
	case rocdl.WavesPerEUAttrName:
		ia, ok := attr.Value.(*sir.IntegerAttr)
		if !ok {
			return sir.NewError(op.Loc(), "'"+attr.Name+"' must be an integer attribute")
		}
		setAttr("amdgpu-waves-per-eu", strconv.FormatInt(ia.Int64(), 10))
	}
	return nil
}

func hasAttr(fn *ir.Func, key string) bool {
	for _, a := range fn.FuncAttrs {
		if p, ok := a.(ir.AttrPair); ok && p.Key == key {
			return true
		}
	}
	return false
}
