package gputollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/memreftollvm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
)

// lowering carries the state of one conversion.
type lowering struct {
	tc            *rewrite.TypeConverter
	kernelBarePtr bool
	intersperse   bool
	// ends maps the value through which the users of a converted async
	// token reach it to the last operation of its producer's lowering:
	// an event recorded on its stream goes there, right after the work
	// that the token stands for (upstream inserts it after the producing
	// operation, which its conversion driver keeps until the end).
	ends map[ir.Value]*ir.Operation
}

// isModule reports whether op is where runtime functions are declared, as
// upstream's getParentOfType<ModuleOp>: a builtin.module, or a top-level
// symbol table.
func isModule(op *ir.Operation) bool {
	if _, ok := builtin.AsModuleOp(op); ok {
		return true
	}
	return op.HasTrait(ir.SymbolTableTrait) && op.ParentOp() == nil
}

// call emits an llvm.call of the runtime function name with type
// (result, params), declaring the function at the end of the module on
// first use, as upstream's FunctionCallBuilder.
func call(r *rewrite.ConversionRewriter, op *ir.Operation, name string, result ir.Type, params []ir.Type, args []ir.Value) *ir.Operation {
	ctx := r.Builder.Ctx
	module := op.ParentOp()
	for module != nil && !isModule(module) {
		module = module.ParentOp()
	}
	if module != nil && ir.NewSymbolTable(module).Lookup(name) == nil {
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointToEnd(module.Region(0).First())
		f := llvm.BuildFunc(b, op.Loc(), name, llvm.Func(ctx, result, params, false))
		if f.Operation != nil {
			llvmcommon.DropProperty(ctx, f.Operation, "unnamed_addr")
		}
	}
	var results []ir.Type
	if _, void := result.(*llvm.VoidType); !void {
		results = []ir.Type{result}
	}
	return llvmcommon.Create(r, "llvm.call", op.Loc(), args, results, llvmcommon.CallProps(ctx, name, len(args)))
}

// types of the runtime's signatures.
func ptrT(ctx *ir.Context) ir.Type  { return llvm.Ptr(ctx, 0) }
func voidT(ctx *ir.Context) ir.Type { return llvm.Void(ctx) }
func intPtr(ctx *ir.Context) ir.Type {
	return ctx.I(llvmcommon.IndexBitwidth)
}

func (l *lowering) pattern(name string, fn func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool) rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: name, BenefitValue: 1, PatternName: name + "-to-gpu-runtime-call", Fn: fn}
}

// patterns are the lowerings of the gpu dialect's host operations.
func (l *lowering) patterns() []rewrite.ConversionPattern {
	return []rewrite.ConversionPattern{
		l.pattern(gpu.WaitOpName, l.wait),
		l.pattern(gpu.AllocOpName, l.alloc),
		l.pattern(gpu.DeallocOpName, l.dealloc),
		l.pattern(gpu.MemcpyOpName, l.memcpy),
		l.pattern(gpu.MemsetOpName, l.memset),
		l.pattern(gpu.HostRegisterOpName, l.hostRegister),
		l.pattern(gpu.HostUnregisterOpName, l.hostUnregister),
		l.pattern(gpu.LaunchFuncOpName, l.launchFunc),
	}
}

// allLLVM reports whether every operand is of an LLVM type.
func allLLVM(operands []ir.Value) bool {
	for _, v := range operands {
		if v == nil || !llvmcommon.IsLLVMType(v.Type()) {
			return false
		}
	}
	return true
}

// replaceToken replaces op, whose result token becomes stream (and whose
// other results become values), noting last as the end of its lowering
// for the events recorded after it.
func (l *lowering) replaceToken(r *rewrite.ConversionRewriter, op *ir.Operation, with []ir.Value, token ir.Value, last *ir.Operation) {
	type use struct {
		owner *ir.Operation
		index int
	}
	var uses []use
	if token != nil {
		for u := token.FirstUse(); u != nil; u = u.Next() {
			uses = append(uses, use{u.Owner(), u.Index()})
		}
	}
	r.ReplaceOp(op, with)
	for _, u := range uses {
		l.ends[u.owner.Operand(u.index)] = last
	}
}

// calledFunction returns the callee of the llvm.call that defines v, or
// "".
func calledFunction(v ir.Value) string {
	d := ir.DefiningOp(v)
	if d == nil {
		return ""
	}
	c, ok := llvm.AsCallOp(d)
	if !ok {
		return ""
	}
	if s, ok := c.CalleeAttr().(*ir.SymbolRefAttr); ok {
		return s.Root
	}
	return ""
}

// wait lowers gpu.wait: without a result, the host waits for each stream
// (synchronized and destroyed) or event (likewise); with one, a new
// stream waits for the events of its dependencies (an event recorded
// after the work of each stream dependency), which are destroyed.
func (l *lowering) wait(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	w, _ := gpu.AsWaitOp(op)
	if !allLLVM(operands) {
		return false
	}
	ctx := r.Builder.Ctx
	p := ptrT(ctx)
	if w.AsyncToken() == nil {
		for _, v := range operands {
			if calledFunction(v) == "mgpuStreamCreate" {
				call(r, op, "mgpuStreamSynchronize", voidT(ctx), []ir.Type{p}, []ir.Value{v})
				call(r, op, "mgpuStreamDestroy", voidT(ctx), []ir.Type{p}, []ir.Value{v})
			} else {
				call(r, op, "mgpuEventSynchronize", voidT(ctx), []ir.Type{p}, []ir.Value{v})
				call(r, op, "mgpuEventDestroy", voidT(ctx), []ir.Type{p}, []ir.Value{v})
			}
		}
		r.EraseOp(op)
		return true
	}
	var events []ir.Value
	for i, v := range operands {
		if calledFunction(v) != "mgpuStreamCreate" {
			events = append(events, v)
			continue
		}
		if end, ok := l.ends[op.Operand(i)]; ok && end.Block() != nil {
			r.Builder.SetInsertionPointAfter(end)
		} else {
			r.Builder.SetInsertionPointAfter(ir.DefiningOp(v))
		}
		e := call(r, op, "mgpuEventCreate", p, nil, nil).Result(0)
		call(r, op, "mgpuEventRecord", voidT(ctx), []ir.Type{p, p}, []ir.Value{e, v})
		r.Builder.SetInsertionPoint(op)
		events = append(events, e)
	}
	stream := call(r, op, "mgpuStreamCreate", p, nil, nil)
	last := stream
	for _, e := range events {
		last = call(r, op, "mgpuStreamWaitEvent", voidT(ctx), []ir.Type{p, p}, []ir.Value{stream.Result(0), e})
	}
	for _, e := range events {
		last = call(r, op, "mgpuEventDestroy", voidT(ctx), []ir.Type{p}, []ir.Value{e})
	}
	l.replaceToken(r, op, []ir.Value{stream.Result(0)}, w.AsyncToken(), last)
	return true
}

// oneDependency reports whether an async operation has exactly one
// dependency and a token.
func oneDependency(deps []ir.Value, token ir.Value) bool {
	return len(deps) == 1 && token != nil
}

// identityMemRef returns t as a memref type whose layout is the identity
// and whose memory space converts, or nil.
func identityMemRef(t ir.Type) *ir.MemRefType {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return nil
	}
	if m.Layout != nil {
		return nil
	}
	if _, ok := llvmcommon.AddressSpace(m.MemorySpace); !ok {
		return nil
	}
	return m
}

// alloc lowers gpu.alloc (with one async dependency, or host_shared
// without any) to mgpuMemAlloc(size in bytes, stream, host-shared flag)
// and the descriptor of the buffer (allocated and aligned pointers the
// same).
func (l *lowering) alloc(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	a, _ := gpu.AsAllocOp(op)
	if !allocLowers(op) || !allLLVM(operands) {
		return false
	}
	shared := a.HostShared()
	m := identityMemRef(a.Memref().Type())
	ctx := r.Builder.Ctx
	nDeps := len(a.AsyncDependencies())
	dyn := operands[nDeps : nDeps+len(a.DynamicSizes())]
	sizes, strides, bytes := memreftollvm.AllocSizes(r, op.Loc(), l.tc, m, dyn)
	null := llvmcommon.Create(r, "llvm.mlir.zero", op.Loc(), nil, []ir.Type{ptrT(ctx)}, nil).Result(0)
	var stream ir.Value = null
	if nDeps > 0 {
		stream = operands[0]
	}
	flag := int64(0)
	if shared {
		flag = 1
	}
	i8 := ctx.I(8)
	isShared := llvmcommon.Create(r, "llvm.mlir.constant", op.Loc(), nil, []ir.Type{i8},
		[]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i8, flag)}}).Result(0)
	c := call(r, op, "mgpuMemAlloc", ptrT(ctx), []ir.Type{intPtr(ctx), ptrT(ctx), i8}, []ir.Value{bytes, stream, isShared})
	ptr := c.Result(0)
	if as, _ := llvmcommon.AddressSpace(m.MemorySpace); as != 0 {
		ptr = llvmcommon.Create(r, "llvm.addrspacecast", op.Loc(), []ir.Value{ptr}, []ir.Type{llvm.Ptr(ctx, as)}, nil).Result(0)
	}
	desc := memreftollvm.Descriptor(r, op.Loc(), l.tc.Convert(m), ptr, ptr, sizes, strides)
	if a.AsyncToken() != nil {
		l.replaceToken(r, op, []ir.Value{desc, stream}, a.AsyncToken(), ir.DefiningOp(desc))
	} else {
		r.ReplaceOp(op, []ir.Value{desc})
	}
	return true
}

// dealloc lowers gpu.dealloc with one async dependency to
// mgpuMemFree(allocated pointer, stream).
func (l *lowering) dealloc(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	d, _ := gpu.AsDeallocOp(op)
	if !deallocLowers(op) || !allLLVM(operands) {
		return false
	}
	ctx := r.Builder.Ctx
	desc := operands[len(operands)-1]
	if llvmcommon.DescriptorRank(desc.Type()) < 0 {
		return false
	}
	pt := descriptorPtrType(desc)
	ptr := llvmcommon.Extract(r, op.Loc(), desc, pt, 0)
	// The runtime takes a generic pointer, as alloc casts the one it
	// returns to the memref's address space (where upstream leaves the
	// descriptor and the call mistyped).
	if pp, ok := pt.(*llvm.PointerType); ok && pp.AddrSpace != 0 {
		ptr = llvmcommon.Create(r, "llvm.addrspacecast", op.Loc(), []ir.Value{ptr}, []ir.Type{ptrT(ctx)}, nil).Result(0)
	}
	stream := operands[0]
	c := call(r, op, "mgpuMemFree", voidT(ctx), []ir.Type{ptrT(ctx), ptrT(ctx)}, []ir.Value{ptr, stream})
	l.replaceToken(r, op, []ir.Value{stream}, d.AsyncToken(), c)
	return true
}

// descriptorPtrType returns the pointer type of a ranked descriptor.
func descriptorPtrType(desc ir.Value) ir.Type {
	return desc.Type().(*llvm.StructType).Fields[0]
}

// genericPtr returns the aligned pointer of descriptor desc, cast to the
// generic address space.
func genericPtr(r *rewrite.ConversionRewriter, loc ir.Location, desc ir.Value) ir.Value {
	ctx := r.Builder.Ctx
	pt := descriptorPtrType(desc)
	p := llvmcommon.Extract(r, loc, desc, pt, 1)
	if pp, ok := pt.(*llvm.PointerType); ok && pp.AddrSpace != 0 {
		p = llvmcommon.Create(r, "llvm.addrspacecast", loc, []ir.Value{p}, []ir.Type{ptrT(ctx)}, nil).Result(0)
	}
	return p
}

// numElements returns the number of elements of a memref of type m with
// descriptor desc: a constant for a static shape, else the product of
// its sizes.
func numElements(r *rewrite.ConversionRewriter, loc ir.Location, m *ir.MemRefType, desc ir.Value) ir.Value {
	if staticShape(m) {
		n := int64(1)
		for _, d := range m.Shape {
			n *= d
		}
		return llvmcommon.Const(r, loc, n)
	}
	ctx := r.Builder.Ctx
	i64 := ctx.I(llvmcommon.IndexBitwidth)
	n := llvmcommon.Extract(r, loc, desc, i64, 3, 0)
	for k := 1; k < len(m.Shape); k++ {
		size := llvmcommon.Extract(r, loc, desc, i64, 3, int64(k))
		n = llvmcommon.Create(r, "llvm.mul", loc, []ir.Value{n, size}, []ir.Type{i64}, nil).Result(0)
	}
	return n
}

// memcpy lowers gpu.memcpy with one async dependency to mgpuMemcpy(dst,
// src, size in bytes, stream).
func (l *lowering) memcpy(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	c, _ := gpu.AsMemcpyOp(op)
	if !memcpyLowers(op) || !allLLVM(operands) {
		return false
	}
	m := identityMemRef(c.Src().Type())
	ctx := r.Builder.Ctx
	loc := op.Loc()
	dst, src := operands[len(operands)-2], operands[len(operands)-1]
	if llvmcommon.DescriptorRank(dst.Type()) < 0 || llvmcommon.DescriptorRank(src.Type()) < 0 {
		return false
	}
	n := numElements(r, loc, m, src)
	as, _ := llvmcommon.AddressSpace(m.MemorySpace)
	elemPtr := llvm.Ptr(ctx, as)
	null := llvmcommon.Create(r, "llvm.mlir.zero", loc, nil, []ir.Type{elemPtr}, nil).Result(0)
	gep := llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{null, n}, []ir.Type{elemPtr}, []ir.NamedAttr{
		{Name: "rawConstantIndices", Value: ctx.DenseI32Array(-1 << 31)},
		{Name: "elem_type", Value: ctx.TypeAttr(l.tc.Convert(m.Elem))},
		{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), 0)}}).Result(0)
	size := llvmcommon.Create(r, "llvm.ptrtoint", loc, []ir.Value{gep}, []ir.Type{intPtr(ctx)}, nil).Result(0)
	s := genericPtr(r, loc, src)
	d := genericPtr(r, loc, dst)
	stream := operands[0]
	last := call(r, op, "mgpuMemcpy", voidT(ctx), []ir.Type{ptrT(ctx), ptrT(ctx), intPtr(ctx), ptrT(ctx)}, []ir.Value{d, s, size, stream})
	l.replaceToken(r, op, []ir.Value{stream}, c.AsyncToken(), last)
	return true
}

// memset lowers gpu.memset of 16- or 32-bit elements with one async
// dependency to mgpuMemset16 or mgpuMemset32(dst, value bitcast to an
// integer, number of elements, stream).
func (l *lowering) memset(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	s, _ := gpu.AsMemsetOp(op)
	if !memsetLowers(op) || !allLLVM(operands) {
		return false
	}
	m := identityMemRef(s.Dst().Type())
	ctx := r.Builder.Ctx
	loc := op.Loc()
	value := operands[len(operands)-1]
	width := ir.IntOrFloatBitWidth(value.Type())
	dst := operands[len(operands)-2]
	if llvmcommon.DescriptorRank(dst.Type()) < 0 {
		return false
	}
	n := numElements(r, loc, m, dst)
	it := ctx.I(uint32(width))
	value = llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{value}, []ir.Type{it}, nil).Result(0)
	d := genericPtr(r, loc, dst)
	name := "mgpuMemset32"
	if width == 16 {
		name = "mgpuMemset16"
	}
	stream := operands[0]
	last := call(r, op, name, voidT(ctx), []ir.Type{ptrT(ctx), it, intPtr(ctx), ptrT(ctx)}, []ir.Value{d, value, n, stream})
	l.replaceToken(r, op, []ir.Value{stream}, s.AsyncToken(), last)
	return true
}

// hostRegister lowers gpu.host_register of an unranked memref to
// mgpuMemHostRegisterMemRef(rank, descriptor, element size).
func (l *lowering) hostRegister(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	return l.hostMemRef(op, operands, r, "mgpuMemHostRegisterMemRef")
}

// hostUnregister lowers gpu.host_unregister of an unranked memref to
// mgpuMemHostUnregisterMemRef(rank, descriptor, element size).
func (l *lowering) hostUnregister(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	return l.hostMemRef(op, operands, r, "mgpuMemHostUnregisterMemRef")
}

// hostMemRef replaces op, of one unranked memref operand, with a call of
// the runtime function fn(rank, descriptor, element size).
func (l *lowering) hostMemRef(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter, fn string) bool {
	if op.NumOperands() != 1 || len(operands) != 1 {
		return false
	}
	u, ok := op.Operand(0).Type().(*ir.UnrankedMemRefType)
	if !ok || !allLLVM(operands) {
		return false
	}
	ctx := r.Builder.Ctx
	loc := op.Loc()
	elem := l.tc.Convert(u.Elem)
	if elem == nil {
		return false
	}
	null := llvmcommon.Create(r, "llvm.mlir.zero", loc, nil, []ir.Type{ptrT(ctx)}, nil).Result(0)
	gep := llvmcommon.Create(r, "llvm.getelementptr", loc, []ir.Value{null}, []ir.Type{ptrT(ctx)}, []ir.NamedAttr{
		{Name: "rawConstantIndices", Value: ctx.DenseI32Array(1)},
		{Name: "elem_type", Value: ctx.TypeAttr(elem)},
		{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.I(32), 0)}}).Result(0)
	size := llvmcommon.Create(r, "llvm.ptrtoint", loc, []ir.Value{gep}, []ir.Type{intPtr(ctx)}, nil).Result(0)
	rank := llvmcommon.Extract(r, loc, operands[0], intPtr(ctx), 0)
	desc := llvmcommon.Extract(r, loc, operands[0], ptrT(ctx), 1)
	call(r, op, fn, voidT(ctx), []ir.Type{intPtr(ctx), ptrT(ctx), intPtr(ctx)}, []ir.Value{rank, desc, size})
	r.EraseOp(op)
	return true
}

// launchFunc rebuilds gpu.launch_func with its kernel operands lowered as
// the kernel takes them (ranked memref descriptors unpacked into their
// fields, or their aligned pointers with bare pointers; unranked ones into
// rank and descriptor pointer) and its async dependency, or a new stream
// when it has none, as the stream it is launched on.
func (l *lowering) launchFunc(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	f, _ := gpu.AsLaunchFuncOp(op)
	deps := f.AsyncDependencies()
	if !allLLVM(operands) || len(deps) > 1 || f.AsyncToken() == nil && len(deps) > 0 {
		return false
	}
	ctx := r.Builder.Ctx
	loc := op.Loc()
	i := len(deps)
	next := func() ir.Value { v := operands[i]; i++; return v }
	var stream ir.Value
	if len(deps) == 1 {
		stream = operands[0]
	} else if f.AsyncToken() != nil {
		stream = call(r, op, "mgpuStreamCreate", ptrT(ctx), nil, nil).Result(0)
	}
	gx, gy, gz, bx, by, bz := next(), next(), next(), next(), next(), next()
	var opts gpu.LaunchFuncOptions
	if f.ClusterSizeX() != nil {
		opts.ClusterSizeX, opts.ClusterSizeY, opts.ClusterSizeZ = next(), next(), next()
	}
	if f.DynamicSharedMemorySize() != nil {
		opts.DynamicSharedMemorySize = next()
	}
	var args []ir.Value
	for _, orig := range f.KernelOperands() {
		v := next()
		switch t := orig.Type().(type) {
		case *ir.MemRefType:
			if l.kernelBarePtr {
				if !staticShape(t) {
					return false
				}
				args = append(args, llvmcommon.Extract(r, loc, v, descriptorPtrType(v), 1))
				continue
			}
			st, ok := v.Type().(*llvm.StructType)
			if !ok {
				return false
			}
			i64 := ctx.I(llvmcommon.IndexBitwidth)
			args = append(args, llvmcommon.Extract(r, loc, v, st.Fields[0], 0), llvmcommon.Extract(r, loc, v, st.Fields[1], 1),
				llvmcommon.Extract(r, loc, v, i64, 2))
			for k := range t.Shape {
				args = append(args, llvmcommon.Extract(r, loc, v, i64, 3, int64(k)))
			}
			for k := range t.Shape {
				args = append(args, llvmcommon.Extract(r, loc, v, i64, 4, int64(k)))
			}
		case *ir.UnrankedMemRefType:
			if l.kernelBarePtr {
				return false
			}
			args = append(args, llvmcommon.Extract(r, loc, v, ctx.I(llvmcommon.IndexBitwidth), 0), llvmcommon.Extract(r, loc, v, ptrT(ctx), 1))
		default:
			args = append(args, v)
		}
	}
	if l.intersperse {
		if args = intersperseSizes(r, loc, f.KernelOperands(), args); args == nil {
			return false
		}
	}
	opts.AsyncObject = stream
	nf := gpu.BuildLaunchFunc(r.Builder, loc, nil, gx, gy, gz, bx, by, bz, args, f.Kernel(), opts)
	if nf.Operation == nil {
		return false
	}
	if f.AsyncToken() != nil {
		l.replaceToken(r, op, []ir.Value{stream}, f.AsyncToken(), nf.Operation)
	} else {
		r.EraseOp(op)
	}
	return true
}

// intersperseSizes returns the kernel's arguments args, one for each of
// the operands orig, each followed by the size in bytes of its memref;
// nil when an operand is not a memref of static shape with elements of
// whole bytes, or became several arguments, as upstream refuses them.
func intersperseSizes(r *rewrite.ConversionRewriter, loc ir.Location, orig, args []ir.Value) []ir.Value {
	if len(orig) != len(args) {
		return nil
	}
	out := make([]ir.Value, 0, 2*len(args))
	for i, v := range orig {
		m, ok := v.Type().(*ir.MemRefType)
		if !ok || !staticShape(m) {
			return nil
		}
		bits := 0
		switch e := m.Elem.(type) {
		case *ir.IntegerType, *ir.FloatType:
			bits = ir.IntOrFloatBitWidth(e)
		}
		if bits == 0 || bits%8 != 0 {
			return nil
		}
		n := int64(bits / 8)
		for _, d := range m.Shape {
			n *= d
		}
		out = append(out, args[i], llvmcommon.Const(r, loc, n))
	}
	return out
}

// staticShape reports whether every dimension of m is static.
func staticShape(m *ir.MemRefType) bool {
	for _, d := range m.Shape {
		if d == ir.Dynamic {
			return false
		}
	}
	return true
}

// The operations the patterns lower, as the conversion target asks: an
// operation they do not lower stays, as upstream's partial conversion
// leaves it.

func allocLowers(op *ir.Operation) bool {
	a, _ := gpu.AsAllocOp(op)
	if len(a.SymbolOperands()) > 0 || identityMemRef(a.Memref().Type()) == nil {
		return false
	}
	if a.HostShared() {
		return a.AsyncToken() == nil
	}
	return oneDependency(a.AsyncDependencies(), a.AsyncToken())
}

func deallocLowers(op *ir.Operation) bool {
	d, _ := gpu.AsDeallocOp(op)
	_, ranked := d.Memref().Type().(*ir.MemRefType)
	return ranked && oneDependency(d.AsyncDependencies(), d.AsyncToken())
}

func memcpyLowers(op *ir.Operation) bool {
	c, _ := gpu.AsMemcpyOp(op)
	_, ranked := c.Dst().Type().(*ir.MemRefType)
	return ranked && identityMemRef(c.Src().Type()) != nil && oneDependency(c.AsyncDependencies(), c.AsyncToken())
}

func memsetLowers(op *ir.Operation) bool {
	s, _ := gpu.AsMemsetOp(op)
	w := ir.IntOrFloatBitWidth(s.Value().Type())
	return (w == 16 || w == 32) && identityMemRef(s.Dst().Type()) != nil && oneDependency(s.AsyncDependencies(), s.AsyncToken())
}

// hostRegisterLowers is true of gpu.host_register and
// gpu.host_unregister of an unranked memref.
func hostRegisterLowers(op *ir.Operation) bool {
	if op.NumOperands() != 1 {
		return false
	}
	_, ok := op.Operand(0).Type().(*ir.UnrankedMemRefType)
	return ok
}

// lowers maps the operations the patterns lower to the test of whether
// they do.
var lowers = map[string]func(*ir.Operation) bool{
	gpu.WaitOpName:           func(*ir.Operation) bool { return true },
	gpu.AllocOpName:          allocLowers,
	gpu.DeallocOpName:        deallocLowers,
	gpu.MemcpyOpName:         memcpyLowers,
	gpu.MemsetOpName:         memsetLowers,
	gpu.HostRegisterOpName:   hostRegisterLowers,
	gpu.HostUnregisterOpName: hostRegisterLowers,
}
