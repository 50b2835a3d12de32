// Package gpucommon holds the lowerings of gpu operations to the llvm
// dialect that convert-gpu-to-nvvm and convert-gpu-to-rocdl share, as
// upstream's GPUCommon: gpu.func (with its workgroup attributions) and
// the identifiers read from a target's special registers.
package gpucommon

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/strata-ir/strata/conversion/functollvm"
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// IndexOp describes the lowering of a gpu identifier or size to a
// target's read of it.
type IndexOp struct {
	Read string // the target operation, without its dimension suffix
	Kind string // which known size bounds it: "block", "grid", "cluster" or ""
	Dim  bool   // a size (range [1, bound]) rather than an id ([0, bound))
}

// IndexReader creates a target's read of a gpu identifier (name is
// IndexOp.Read with the dimension suffix) with the range [lo, hi) when
// ranged, widened to the index width.
type IndexReader func(r *rewrite.ConversionRewriter, loc ir.Location, name string, lo, hi int64, ranged bool) ir.Value

// IndexPatterns lowers the gpu identifiers of ops (keyed by operation
// name) with read, as upstream's GPUIndexIntrinsicOpLowering: the range
// comes from the operation's upper_bound or from the launch sizes known
// to the enclosing function. suffix names the patterns ("to-nvvm").
func IndexPatterns(ops map[string]IndexOp, suffix string, read IndexReader) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for name, io := range ops {
		io := io
		ps = append(ps, &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-" + suffix,
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				d, ok := Dimension(op)
				if !ok {
					return false
				}
				bound, has := KnownBound(op, io.Kind, d)
				if ub, ok := op.InherentAttr("upper_bound").(*ir.IntegerAttr); ok {
					bound, has = ub.Int64(), true
				}
				lo, hi := int64(0), bound
				if io.Dim {
					lo, hi = 1, bound+1
				}
				suffix := [3]string{"x", "y", "z"}[d]
				r.ReplaceOp(op, []ir.Value{read(r, op.Loc(), io.Read+"."+suffix, lo, hi, has && io.Kind != "")})
				return true
			}})
	}
	return ps
}

// Dimension returns the dimension (0 for x, 1 for y, 2 for z) of a gpu
// identifier operation.
func Dimension(op *ir.Operation) (int, bool) {
	switch ir.AttrString(op.InherentAttr("dimension")) {
	case "#gpu<dim x>":
		return 0, true
	case "#gpu<dim y>":
		return 1, true
	case "#gpu<dim z>":
		return 2, true
	}
	return 0, false
}

// KnownBound returns the launch size bounding an identifier of kind
// ("block", "grid" or "cluster") in dimension dim from the enclosing
// function: gpu.func's known_*_size, or else the nearest
// gpu.known_*_size attribute of another enclosing operation.
func KnownBound(op *ir.Operation, kind string, dim int) (int64, bool) {
	if kind == "" {
		return 0, false
	}
	var bound int64
	found := false
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := gpu.AsFuncOp(p); ok {
			if v, ok := I32At(p.InherentAttr("known_"+kind+"_size"), dim); ok {
				return v, true
			}
		}
		if v, ok := I32At(p.Attr("gpu.known_"+kind+"_size"), dim); ok && !found {
			bound, found = v, true
		}
		if p.HasTrait(ir.IsolatedFromAbove) {
			break
		}
	}
	return bound, found
}

// I32At returns element i of an array<i32: ...> attribute.
func I32At(a ir.Attribute, i int) (int64, bool) {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || i >= d.Size || len(d.Data) < 4*d.Size {
		return 0, false
	}
	if it, ok := d.Elem.(*ir.IntegerType); !ok || it.Width != 32 {
		return 0, false
	}
	return int64(int32(binary.LittleEndian.Uint32(d.Data[4*i:]))), true
}

// FuncLowering is the target's part of the gpu.func lowering.
type FuncLowering struct {
	// KernelAttrs returns the target's attributes of the kernel op
	// (nvvm.kernel, rocdl.kernel and the launch bounds), appended after
	// the gpu.func's own; false fails the lowering.
	KernelAttrs func(ctx *ir.Context, op *ir.Operation) ([]ir.NamedAttr, bool)
	// WorkgroupAttributions lowers the workgroup attributions to
	// shared-memory globals; without it a function that has some does
	// not lower.
	WorkgroupAttributions bool
	// BarePtr passes memref arguments as bare pointers
	// (use-bare-ptr-memref-call-conv); memrefs of dynamic shape or with
	// a layout do not lower.
	BarePtr bool
}

// FuncPattern returns upstream's GPUFuncOpLowering for one target: an
// llvm.func with the gpu.func's discardable attributes, its known sizes
// as gpu.known_*_size, and for a kernel the target's attributes.
func FuncPattern(tc *rewrite.TypeConverter, l FuncLowering) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: "gpu.func", BenefitValue: 1, PatternName: "gpu.func-to-llvm",
		Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
			return lowerFunc(op, r, tc, l)
		}}
}

func lowerFunc(op *ir.Operation, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter, l FuncLowering) bool {
	ctx := r.Builder.Ctx
	fop, ok := gpu.AsFuncOp(op)
	if !ok {
		return false
	}
	nw := int64(0)
	if n, ok := op.Attr("workgroup_attributions").(*ir.IntegerAttr); ok {
		nw = n.Int64()
	}
	if nw != 0 && !l.WorkgroupAttributions {
		return false
	}
	ta, ok := fop.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return false
	}
	ft, ok := ta.Type.(*ir.FunctionType)
	if !ok {
		return false
	}
	if entry := op.Region(0).First(); entry != nil && int64(entry.NumArguments()) != int64(len(ft.Inputs))+nw {
		return false
	}
	if nw != 0 {
		if !lowerWorkgroupAttributions(op, r, tc, len(ft.Inputs)) {
			return false
		}
		r.SetInsertionPoint(op)
	}
	funcType := functollvm.LLVMFuncType
	if l.BarePtr {
		funcType = functollvm.LLVMFuncTypeBarePtr
	}
	lft, ok := funcType(ctx, tc, ft)
	if !ok {
		return false
	}
	name, _ := ir.SymbolName(op)
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: ctx.Str(name)},
		{Name: "function_type", Value: ctx.TypeAttr(lft)},
	}
	var attrs []ir.NamedAttr
	kernel := false
	if d := op.Attrs(); d != nil {
		for _, e := range d.Entries {
			switch e.Name {
			case "sym_name", "workgroup_attributions", "function_type":
				continue
			case "gpu.kernel":
				kernel = true
			}
			attrs = append(attrs, e)
		}
	}
	for _, k := range []string{"block", "grid", "cluster"} {
		if a := op.InherentAttr("known_" + k + "_size"); a != nil {
			attrs = append(attrs, ir.NamedAttr{Name: "gpu.known_" + k + "_size", Value: a})
		}
	}
	if kernel && l.KernelAttrs != nil {
		ka, ok := l.KernelAttrs(ctx, op)
		if !ok {
			return false
		}
		attrs = append(attrs, ka...)
	}
	st := &ir.OperationState{Name: ctx.OpName("llvm.func"), Loc: op.Loc(), NumRegions: 1,
		Properties: ctx.DictionaryAttr(props)}
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	nf := r.Builder.Create(st)
	llvmcommon.DropProperty(ctx, nf, "unnamed_addr")
	body := op.Region(0)
	for b := body.First(); b != nil; {
		next := b.Next()
		body.Remove(b)
		nf.Region(0).Append(b)
		b = next
	}
	if entry := nf.Region(0).First(); entry != nil {
		if l.BarePtr {
			functollvm.ConvertEntryArgumentsBarePtr(r, entry, tc)
		} else {
			functollvm.ConvertEntryArguments(r, entry, tc)
		}
	}
	r.ReplaceOp(op, nil)
	return true
}

// lowerWorkgroupAttributions gives each workgroup attribution of a
// gpu.func (the entry block's arguments after its inputs) an
// llvm.mlir.global of its size in shared memory (address space 3), as
// upstream's GPUFuncOpLowering does: the function's body sees a memref
// descriptor of the global's address in place of the argument.
func lowerWorkgroupAttributions(op *ir.Operation, r *rewrite.ConversionRewriter, tc *rewrite.TypeConverter, inputs int) bool {
	ctx := r.Builder.Ctx
	entry := op.Region(0).First()
	module := op.ParentOp()
	if entry == nil || module == nil || module.Region(0).First() == nil {
		return false
	}
	fname, _ := ir.SymbolName(op)
	type attribution struct {
		arg  *ir.BlockArgument
		mt   *ir.MemRefType
		dt   *llvm.StructType
		name string
		gt   ir.Type
	}
	var as []attribution
	for i := inputs; i < entry.NumArguments(); i++ {
		a := entry.Argument(i)
		mt, ok := a.Type().(*ir.MemRefType)
		if !ok || mt.Layout != nil || !staticShape(mt.Shape) {
			return false
		}
		dt, ok := tc.Convert(mt).(*llvm.StructType)
		if !ok {
			return false
		}
		n := int64(1)
		for _, d := range mt.Shape {
			n *= d
		}
		gt := llvm.Array(ctx, uint64(n), tc.Convert(mt.Elem))
		as = append(as, attribution{a, mt, dt, fmt.Sprintf("__wg_%s_%d", fname, i-inputs), gt})
	}
	r.SetInsertionPointToStart(entry)
	for _, at := range as {
		gb := ir.NewBuilder(ctx)
		gb.SetInsertionPoint(op)
		g := llvm.BuildMlirGlobal(gb, op.Loc(), at.gt, at.name, llvm.LinkageInternal, llvm.MlirGlobalOptions{AddrSpace: 3})
		// Upstream's global has no unnamed_addr.
		llvmcommon.DropProperty(ctx, g.Operation, "unnamed_addr")
		loc := op.Loc()
		ptr := llvm.Ptr(ctx, 3)
		addr := llvmcommon.Create(r, "llvm.mlir.addressof", loc, nil, []ir.Type{ptr},
			[]ir.NamedAttr{{Name: "global_name", Value: ctx.SymbolRefAttr(at.name, nil)}}).Result(0)
		zero := int32(0)
		base := llvm.BuildGetelementptr(r.Builder, loc, addr, nil, ctx.DenseI32Array(zero, zero), at.gt, ptr).Operation.Result(0)
		d := llvmcommon.Poison(r, loc, at.dt)
		d = llvmcommon.Insert(r, loc, d, base, 0)
		d = llvmcommon.Insert(r, loc, d, base, 1)
		d = llvmcommon.Insert(r, loc, d, llvmcommon.Const(r, loc, 0), 2)
		strides := make([]int64, len(at.mt.Shape))
		stride := int64(1)
		for k := len(at.mt.Shape) - 1; k >= 0; k-- {
			strides[k] = stride
			stride *= at.mt.Shape[k]
		}
		for k, n := range at.mt.Shape {
			d = llvmcommon.Insert(r, loc, d, llvmcommon.Const(r, loc, n), 3, int64(k))
			d = llvmcommon.Insert(r, loc, d, llvmcommon.Const(r, loc, strides[k]), 4, int64(k))
		}
		// The body's memrefs are in address space 3 from here on.
		mt := ctx.MemRefType(at.mt.Shape, at.mt.Elem, nil, ctx.IntegerAttr(ctx.I(64), 3))
		cast := r.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: loc,
			Operands: []ir.Value{d}, ResultTypes: []ir.Type{mt}}).Result(0)
		ir.ReplaceAllUsesWith(at.arg, cast)
	}
	for entry.NumArguments() > inputs {
		entry.EraseArgument(entry.NumArguments() - 1)
	}
	return true
}

func staticShape(shape []int64) bool {
	for _, d := range shape {
		if d < 0 {
			return false
		}
	}
	return true
}

// DeclareFunc declares the llvm.func name of type ft at the start of
// module unless a symbol of that name is visible from it (upstream's
// getOrDefineFunction).
func DeclareFunc(ctx *ir.Context, module *ir.Operation, loc ir.Location, name string, ft *llvm.FuncType) {
	for t := module; t != nil; t = t.ParentOp() {
		if t.HasTrait(ir.SymbolTableTrait) && t.NumRegions() > 0 && t.Region(0).First() != nil &&
			ir.NewSymbolTable(t).Lookup(name) != nil {
			return
		}
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(module.Region(0).First())
	f := llvm.BuildFunc(b, loc, name, ft)
	if f.Operation != nil {
		llvmcommon.DropProperty(ctx, f.Operation, "unnamed_addr")
	}
}

// PrintfModule returns the gpu.module that holds a gpu.printf op, whose
// converted operands are operands, when the printf lowerings can take it:
// the module has a body and every argument is an integer or a float.
func PrintfModule(op *ir.Operation, operands []ir.Value) (*ir.Operation, bool) {
	var module *ir.Operation
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := gpu.AsModuleOp(p); ok {
			module = p
			break
		}
	}
	if module == nil || module.Region(0).First() == nil {
		return nil, false
	}
	for _, v := range operands {
		switch v.Type().(type) {
		case *ir.IntegerType, *ir.FloatType:
		default:
			return nil, false
		}
	}
	return module, true
}

// FormatGlobal returns the name and type of the internal constant global
// of module that holds format with a terminating NUL, creating
// @printfFormat_N at the start of module unless an equal one exists
// (upstream's getOrCreateStringConstant).
func FormatGlobal(ctx *ir.Context, module *ir.Operation, loc ir.Location, format string) (string, ir.Type) {
	s := format + "\x00"
	gt := llvm.Array(ctx, uint64(len(s)), ctx.I(8))
	value := ctx.Str(s)
	body := module.Region(0).First()
	for o := body.First(); o != nil; o = o.Next() {
		g, ok := llvm.AsMlirGlobalOp(o)
		if !ok || g.GlobalType() != gt || o.InherentAttr("constant") == nil || o.InherentAttr("value") != value {
			continue
		}
		if a, ok := o.InherentAttr("alignment").(*ir.IntegerAttr); ok && a.Int64() != 0 {
			continue
		}
		if a, ok := o.InherentAttr("addr_space").(*ir.IntegerAttr); ok && a.Int64() != 0 {
			continue
		}
		return g.SymName(), gt
	}
	table := ir.NewSymbolTable(module)
	name := ""
	for n := 0; ; n++ {
		name = "printfFormat_" + strconv.Itoa(n)
		if table.Lookup(name) == nil {
			break
		}
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	g := llvm.BuildMlirGlobal(b, loc, gt, name, llvm.LinkageInternal, llvm.MlirGlobalOptions{Constant: true, Value: value})
	if g.Operation != nil {
		llvmcommon.DropProperty(ctx, g.Operation, "unnamed_addr")
	}
	return name, gt
}
