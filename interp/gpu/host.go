package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dgpu "github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/interp/memref"
)

func registerHost(reg *interp.Registry) {
	reg.Register("gpu.launch", launch)
	reg.Register("gpu.launch_func", launchFunc)
	reg.Register("gpu.alloc", synchronized(alloc))
	reg.Register("gpu.dealloc", synchronized(dealloc))
	reg.Register("gpu.memcpy", synchronized(memcpy))
	reg.Register("gpu.memset", synchronized(memset))
	reg.Register("gpu.wait", synchronized(token))
	reg.Register("gpu.host_register", synchronized(token))
	reg.Register("gpu.host_unregister", synchronized(token))
	// The interpreter has one device, which every index selects, as its
	// mgpuSetDefaultDevice (what the operation lowers to) has.
	reg.Register("gpu.set_default_device", func(f *interp.Frame, op *ir.Operation) error {
		_, err := f.Operand(op, 0)
		return err
	})
	// The device view of host-registered memory, from MLIR's ROCm
	// runtime wrappers (hipHostGetDevicePointer): the interpreter's host
	// and device memory are one, so it is the same memref.
	for _, n := range []string{"Float", "Int32"} {
		reg.RegisterExternal("mgpuMemGetDeviceMemRef1d"+n, deviceMemRef)
	}
	registerRuntime(reg)
}

// deviceMemRef returns its memref argument, as the runtime wrappers'
// mgpuMemGetDeviceMemRef1d* return a descriptor of the same memory.
func deviceMemRef(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 || args[0].MemRef() == nil {
		return nil, interp.Errorf(call, "expected one memref argument")
	}
	return []interp.Value{args[0]}, nil
}

// pendingKey keeps, in the interpreter's data, the kernels launched
// asynchronously that have not run yet.
type pendingKey struct{}

// pending is the list of kernels launched asynchronously.
type pending struct{ kernels []simt.Kernel }

// queued is the object of the async token of a kernel that has not run.
type queued struct{}

// submit runs k, or, when op (a launch) has an async token, queues it:
// the kernels queued run together, as kernels of different streams do,
// when the next gpu operation other than an independent asynchronous
// launch executes (gpu.wait, a memcpy, a launch that depends on a queued
// kernel, ...). deps are the launch's async dependencies.
func submit(f *interp.Frame, op *ir.Operation, deps []ir.Value, k simt.Kernel) error {
	in := f.Interpreter()
	for _, d := range deps {
		v, err := f.Get(op, d)
		if err != nil {
			return err
		}
		if _, ok := v.Object().(queued); ok {
			if err := flush(in); err != nil {
				return err
			}
			break
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if t := op.Result(i).Type(); isToken(t) {
			p, _ := in.Data(pendingKey{}).(*pending)
			if p == nil {
				p = &pending{}
				in.SetData(pendingKey{}, p)
			}
			p.kernels = append(p.kernels, k)
			f.SetResult(op, i, interp.MakeObject(t, 0, queued{}))
			return nil
		}
	}
	if err := flush(in); err != nil {
		return err
	}
	return simt.Run(in, k.Config, k.Setup, k.Body)
}

// flush runs the kernels launched asynchronously.
func flush(in *interp.Interpreter) error {
	p, _ := in.Data(pendingKey{}).(*pending)
	if p == nil || len(p.kernels) == 0 {
		return nil
	}
	ks := p.kernels
	p.kernels = nil
	return simt.RunConcurrent(in, ks)
}

// synchronized makes fn wait for the kernels launched asynchronously
// before it executes.
func synchronized(fn interp.OpFunc) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		if err := flush(f.Interpreter()); err != nil {
			return err
		}
		return fn(f, op)
	}
}

// token sets op's async token result, if it has one: every operation
// has completed when the next one that may observe it starts, so a token
// is an event that has completed.
func token(f *interp.Frame, op *ir.Operation) error {
	for i := 0; i < op.NumResults(); i++ {
		if t := op.Result(i).Type(); isToken(t) {
			f.SetResult(op, i, interp.MakeObject(t, 0, nil))
		}
	}
	return nil
}

// isToken reports whether t is an async token type.
func isToken(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		return false
	}
	return true
}

// dim3 reads three launch sizes.
func dim3(f *interp.Frame, op *ir.Operation, vs ...ir.Value) (simt.Dim3, error) {
	var d [3]int64
	for i, v := range vs {
		x, err := f.Get(op, v)
		if err != nil {
			return simt.Dim3{}, err
		}
		d[i] = x.Int()
	}
	return simt.Dim3{X: d[0], Y: d[1], Z: d[2]}, nil
}

// config reads a launch's sizes.
func config(f *interp.Frame, op *ir.Operation, grid, block, cluster []ir.Value, dyn ir.Value) (simt.Config, error) {
	cfg := simt.Config{Op: op}
	var err error
	if cfg.Grid, err = dim3(f, op, grid...); err != nil {
		return cfg, err
	}
	if cfg.Block, err = dim3(f, op, block...); err != nil {
		return cfg, err
	}
	if cluster[0] != nil {
		if cfg.Cluster, err = dim3(f, op, cluster...); err != nil {
			return cfg, err
		}
	}
	if dyn != nil {
		v, err := f.Get(op, dyn)
		if err != nil {
			return cfg, err
		}
		cfg.DynamicShared = v.Int()
	}
	return cfg, nil
}

// attributions allocates the workgroup attributions (block arguments
// args[:nw], shared by the block) and private attributions (args[nw:],
// one per thread) of a kernel for thread t.
func attributions(op *ir.Operation, t *simt.Thread, args []*ir.BlockArgument, nw int) ([]interp.Value, error) {
	out := make([]interp.Value, 0, len(args))
	for i, a := range args {
		if i < nw {
			v, err := workgroupBuffer(op, t.Block, a)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			continue
		}
		m, err := newMemRef(op, a.Type(), interp.NewBuffer)
		if err != nil {
			return nil, err
		}
		out = append(out, interp.MakeMemRef(a.Type(), m))
	}
	return out, nil
}

// numWorkgroup returns the number of workgroup attributions of a
// gpu.func or gpu.launch.
func numWorkgroup(op *ir.Operation) int {
	if a, ok := op.Attr("workgroup_attributions").(*ir.IntegerAttr); ok {
		return int(a.Int64())
	}
	return 0
}

// launch runs the region of gpu.launch on every thread of the grid, each
// in its own copy of the launching frame. The region's arguments are the
// block and thread ids, the grid and block sizes, with clusters the
// cluster ids and sizes, then the attributions.
func launch(f *interp.Frame, op *ir.Operation) error {
	l, _ := dgpu.AsLaunchOp(op)
	cfg, err := config(f, op, []ir.Value{l.GridSizeX(), l.GridSizeY(), l.GridSizeZ()},
		[]ir.Value{l.BlockSizeX(), l.BlockSizeY(), l.BlockSizeZ()},
		[]ir.Value{l.ClusterSizeX(), l.ClusterSizeY(), l.ClusterSizeZ()}, l.DynamicSharedMemorySize())
	if err != nil {
		return err
	}
	body := l.Body()
	entry := body.First()
	if entry == nil {
		return interp.Errorf(op, "gpu.launch has an empty body")
	}
	nIDs := 12
	if l.ClusterSizeX() != nil {
		nIDs = 18
	}
	if entry.NumArguments() < nIDs {
		return interp.Errorf(op, fmt.Sprintf("the body of gpu.launch takes %d arguments, expected at least %d", entry.NumArguments(), nIDs))
	}
	attrs := entry.Arguments()[nIDs:]
	nw := numWorkgroup(op)
	if nw > len(attrs) {
		return interp.Errorf(op, "more workgroup attributions than arguments")
	}
	idx := entry.Argument(0).Type()
	// The threads run in copies of the frame as it is now (the launch
	// may be queued while the host goes on).
	snap := f.Fork(f.Interpreter())
	return submit(f, op, l.AsyncDependencies(), simt.Kernel{Config: cfg, Body: func(t *simt.Thread) error {
		ids := []simt.Dim3{t.Block.ID, t.ID, cfg.Grid, cfg.Block}
		if nIDs == 18 {
			ids = append(ids, t.Block.ClusterID, cfg.Cluster)
		}
		args := make([]interp.Value, 0, entry.NumArguments())
		for _, d := range ids {
			args = append(args, interp.MakeInt(idx, uint64(d.X)), interp.MakeInt(idx, uint64(d.Y)), interp.MakeInt(idx, uint64(d.Z)))
		}
		as, err := attributions(op, t, attrs, nw)
		if err != nil {
			return err
		}
		args = append(args, as...)
		_, err = snap.Fork(t.In).RunRegion(body, args)
		return err
	}})
}

// launchFunc calls a gpu.func on every thread of the grid.
func launchFunc(f *interp.Frame, op *ir.Operation) error {
	l, _ := dgpu.AsLaunchFuncOp(op)
	cfg, err := config(f, op, []ir.Value{l.GridSizeX(), l.GridSizeY(), l.GridSizeZ()},
		[]ir.Value{l.BlockSizeX(), l.BlockSizeY(), l.BlockSizeZ()},
		[]ir.Value{l.ClusterSizeX(), l.ClusterSizeY(), l.ClusterSizeZ()}, l.DynamicSharedMemorySize())
	if err != nil {
		return err
	}
	if bin, name, ok := dgpu.LaunchedBinary(op); ok {
		return launchBinary(f, op, bin, name, cfg)
	}
	ref, ok := l.Kernel().(*ir.SymbolRefAttr)
	if !ok {
		return interp.Errorf(op, "expected a kernel symbol")
	}
	in := f.Interpreter()
	fn := in.LookupSymbol(op, ref)
	if fn == nil {
		return interp.Errorf(op, "kernel '"+asm.AttrString(ref)+"' not found")
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return interp.Errorf(op, "kernel '"+asm.AttrString(ref)+"' has no body")
	}
	args, err := f.Values(op, l.KernelOperands())
	if err != nil {
		return err
	}
	cfg.WarpSize = waveSize(fn)
	entry := fn.Region(0).First()
	if _, isGPU := dgpu.AsFuncOp(fn); !isGPU {
		if args, err = llvmKernelArgs(in, op, entry.Arguments(), args); err != nil {
			return err
		}
	}
	if entry.NumArguments() < len(args) {
		return interp.Errorf(op, fmt.Sprintf("kernel '%s' takes %d arguments, %d given", asm.AttrString(ref), entry.NumArguments(), len(args)))
	}
	attrs := entry.Arguments()[len(args):]
	nw := numWorkgroup(fn)
	if nw > len(attrs) {
		return interp.Errorf(op, fmt.Sprintf("kernel '%s' takes %d arguments, %d given", asm.AttrString(ref), entry.NumArguments()-nw, len(args)))
	}
	return submit(f, op, l.AsyncDependencies(), simt.Kernel{Config: cfg, Body: func(t *simt.Thread) error {
		as, err := attributions(fn, t, attrs, nw)
		if err != nil {
			return err
		}
		_, err = t.In.Call(op, fn, append(append([]interp.Value(nil), args...), as...))
		return err
	}})
}

// segments returns op's operands of each segment (operandSegmentSizes).
func segments(op *ir.Operation) [][]ir.Value {
	a, ok := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok {
		return [][]ir.Value{op.Operands()}
	}
	var out [][]ir.Value
	i := 0
	for _, n := range interp.DenseArray(a) {
		if i+int(n) > op.NumOperands() {
			break
		}
		out = append(out, op.Operands()[i:i+int(n)])
		i += int(n)
	}
	return out
}

// alloc allocates device memory: a memref of the result type (device
// memory is host memory).
func alloc(f *interp.Frame, op *ir.Operation) error {
	seg := segments(op)
	var dynOps []ir.Value
	if len(seg) > 1 {
		dynOps = seg[1]
	}
	dyn, err := f.Ints(op, dynOps)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	sizes, err := memref.ShapeOf(op, t, dyn)
	if err != nil {
		return err
	}
	if mt, ok := t.(*ir.MemRefType); !ok {
		return interp.Errorf(op, "expected a memref result")
	} else if _, strided := mt.Layout.(*ir.StridedLayoutAttr); strided {
		return interp.Errorf(op, "the interpreter supports gpu.alloc of memrefs with the identity layout only")
	}
	elem := interp.ElementType(t)
	if !interp.SupportedElementType(elem) {
		return interp.Errorf(op, "the interpreter does not support memrefs of this element type")
	}
	m := interp.NewMemRef(elem, sizes)
	f.Interpreter().TrackAllocation(m.Buf, op)
	f.SetResult(op, 0, interp.MakeMemRef(t, m))
	return token(f, op)
}

func dealloc(f *interp.Frame, op *ir.Operation) error {
	seg := segments(op)
	mv := op.Operand(op.NumOperands() - 1)
	if len(seg) > 1 && len(seg[1]) == 1 {
		mv = seg[1][0]
	}
	v, err := f.Get(op, mv)
	if err != nil {
		return err
	}
	m := v.MemRef()
	if m == nil {
		return interp.Errorf(op, "expected a memref")
	}
	if m.Buf.Freed {
		return interp.Errorf(op, "double deallocation of a memref")
	}
	m.Buf.Freed = true
	return token(f, op)
}

// memrefs returns the memref operands of op after its async dependencies.
func memrefs(f *interp.Frame, op *ir.Operation) ([]interp.Value, error) {
	var out []interp.Value
	for i := 0; i < op.NumOperands(); i++ {
		v, err := f.Operand(op, i)
		if err != nil {
			return nil, err
		}
		if v.MemRef() != nil || !isToken(v.Type) {
			out = append(out, v)
		}
	}
	return out, nil
}

func memcpy(f *interp.Frame, op *ir.Operation) error {
	vs, err := memrefs(f, op)
	if err != nil {
		return err
	}
	if len(vs) != 2 || vs[0].MemRef() == nil || vs[1].MemRef() == nil {
		return interp.Errorf(op, "expected a destination and a source memref")
	}
	dst, src := vs[0].MemRef(), vs[1].MemRef()
	if src.NumElements() != dst.NumElements() {
		return interp.Errorf(op, fmt.Sprintf("copy of %d elements into %d", src.NumElements(), dst.NumElements()))
	}
	if err := src.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	if err := dst.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	dst.Store(src.Load())
	return token(f, op)
}

func memset(f *interp.Frame, op *ir.Operation) error {
	vs, err := memrefs(f, op)
	if err != nil {
		return err
	}
	if len(vs) != 2 || vs[0].MemRef() == nil {
		return interp.Errorf(op, "expected a memref and a value")
	}
	dst := vs[0].MemRef()
	if err := dst.Check(); err != nil {
		return interp.Errorf(op, err.Error())
	}
	bits := vs[1].Bits()
	dst.ForEach(func(_, p int64) { dst.Buf.Data[p] = bits })
	return token(f, op)
}

// waveSizer is a target attribute of a gpu.module that fixes the number
// of threads of a warp (#rocdl.target: a wavefront of 64 lanes on CDNA).
type waveSizer interface{ WaveSize() int64 }

// waveSize returns the warp size of kernel fn: the one its gpu.module's
// targets give (the first that does), else 0 (the default, 32).
func waveSize(fn *ir.Operation) int {
	m := fn.ParentOp()
	if m == nil {
		return 0
	}
	if mo, ok := dgpu.AsModuleOp(m); ok {
		if ts, ok := mo.Targets().(*ir.ArrayAttr); ok {
			for _, t := range ts.Elems {
				if w, ok := t.(waveSizer); ok {
					return int(w.WaveSize())
				}
			}
		}
	}
	return 0
}
