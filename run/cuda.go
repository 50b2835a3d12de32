package run

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/targets/cuda"
	"github.com/strata-ir/strata/targets/ptx"
)

// EngineCUDA interprets the host side of a program and runs its
// gpu.modules on an NVIDIA GPU: each is emitted to PTX (targets/ptx) and
// loaded by the CUDA driver (targets/cuda).
const EngineCUDA = "cuda"

// GPUModulePipeline lowers a gpu.module whose kernels are still gpu.func
// operations to the llvm and nvvm dialects.
const GPUModulePipeline = "gpu.module(convert-nvgpu-to-nvvm,convert-vector-to-scf{full-unroll=true},expand-strided-metadata,lower-affine,convert-vector-to-llvm,convert-scf-to-cf,convert-gpu-to-nvvm,reconcile-unrealized-casts)"

// ErrNoCUDA is the error of the CUDA engine where no driver is installed.
var ErrNoCUDA = errors.New("--engine=cuda: no CUDA driver on this machine (libcuda.so.1 cannot be loaded)")

// ExecuteCUDA runs opts.Entry in module with the CUDA engine. The host
// side is interpreted; the gpu dialect's host operations are served by
// the driver as upstream's GPU runtime serves them (mgpuMemAlloc,
// mgpuMemcpy, mgpuModuleLoad, mgpuModuleGetFunction, mgpuLaunchKernel,
// mgpuStreamCreate, mgpuStreamSynchronize, ...):
//
//   - gpu.alloc and gpu.dealloc allocate and free device memory; the
//     memref they make can be copied, set, passed to kernels and freed, not
//     read by host code;
//   - gpu.memcpy copies between host and device memrefs (contiguous ones),
//     gpu.memset sets a device memref of 32-bit elements;
//   - gpu.launch_func launches the kernel, its operands unpacked as the
//     kernel's llvm.func expects them (a memref as its descriptor's fields,
//     or as its pointer for the bare-pointer convention); dynamic shared
//     memory above 48 KB is opted into, cluster sizes launch through
//     cuLaunchKernelEx;
//   - gpu.wait async creates a stream (its token), gpu.wait synchronizes
//     and destroys the streams of its dependencies; operations with async
//     dependencies run on the first one's stream;
//   - a memref in host memory passed to a kernel is mirrored in device
//     memory: copied there before the launch and back after it, so that
//     programs lowered from tensors (tile-to-nvgpu's launches) run as
//     they are;
//   - nvgpu.tma.create.descriptor is mgpuTensorMapEncodeTiledMemref: the
//     tensor map of the memref's device memory (cuTensorMapEncodeTiled),
//     copied into device memory, whose address the kernel receives.
//
// With opts.TimeKernels > 0, every launch is then repeated that many times
// between CUDA events (its operands left on the device) and the median
// milliseconds are written to opts.Err.
func ExecuteCUDA(module *ir.Operation, opts Options) error {
	dev, err := cuda.Open(0)
	if err != nil {
		if errors.Is(err, cuda.ErrNoDriver) {
			return ErrNoCUDA
		}
		return fmt.Errorf("--engine=cuda: %v", err)
	}
	defer dev.Close()
	h := &cudaHost{dev: dev, chip: chipOf(dev), modules: map[string]*cuda.Module{},
		kernels: map[string]*cuda.Function{}, allocs: map[*interp.Buffer]cuda.Ptr{},
		mirrors: map[*interp.Buffer]cuda.Ptr{}, shared: map[*interp.Buffer]*sharedBuffer{}, timeRuns: opts.TimeKernels, timeOut: opts.Err}
	defer h.release()
	defer h.releaseRuntime()
	if err := h.load(module); err != nil {
		return err
	}
	h.output = captureDeviceOutput(opts.Out)
	defer h.output.close()
	return interpret(module, opts, h.register)
}

// chipOf returns the PTX target of a device: sm_90a for Hopper, else the
// newest target the emitter knows that the device runs.
func chipOf(d *cuda.Device) string {
	sm := d.Major*10 + d.Minor
	if sm == 90 {
		return "sm_90a"
	}
	best := "sm_80"
	for _, name := range []string{"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"} {
		if c, _ := ptx.LookupChip(name); c.SM <= sm {
			best = name
		}
	}
	return best
}

type cudaHost struct {
	dev *cuda.Device
	// rt is the state of the GPU runtime functions (cudaruntime.go).
	rt      runtimeState
	chip    string
	modules map[string]*cuda.Module
	kernels map[string]*cuda.Function
	gpuMods map[string]*ir.Operation
	allocs  map[*interp.Buffer]cuda.Ptr
	// output forwards what kernels print, nil where it reaches the
	// standard output directly.
	output *deviceOutput
	// mirrors are the device copies of host buffers passed to kernels;
	// maps the device memory of tensor maps.
	mirrors map[*interp.Buffer]cuda.Ptr
	// shared are the buffers of gpu.alloc host_shared.
	shared map[*interp.Buffer]*sharedBuffer
	maps   []cuda.Ptr
	// timeRuns is the number of timed launches of each kernel launch,
	// reported to timeOut.
	timeRuns int
	timeOut  io.Writer
}

// sharedBuffer is the device side of a gpu.alloc host_shared memref,
// whose host side is an interpreter buffer. Its contents move to the
// device at the first launch that takes it after a synchronization, and
// back to the host at the next synchronization (gpu.wait, a synchronous
// launch), so that kernels running concurrently on several streams share
// it as managed memory.
type sharedBuffer struct {
	ptr      cuda.Ptr
	onDevice bool
}

// syncShared copies the host_shared buffers that kernels hold back to
// the host; the streams that use them are synchronized.
func (h *cudaHost) syncShared(op *ir.Operation) error {
	for b, sb := range h.shared {
		if !sb.onDevice {
			continue
		}
		eb := elemBytes(b.Elem)
		data := make([]byte, len(b.Data)*eb)
		if err := h.dev.CopyFromDevice(data, sb.ptr, cuda.Stream{}); err != nil {
			return interp.Errorf(op, err.Error())
		}
		copy(b.Data, fromBytes(data, eb))
		sb.onDevice = false
	}
	return nil
}

// deviceTensorMap is the value of a tensor map made on the host: the
// device memory that holds it.
type deviceTensorMap struct{ ptr cuda.Ptr }

// load lowers, emits and loads every gpu.module of module, after moving
// the bodies of gpu.launch operations into kernels of their own
// (gpu-kernel-outlining), so that every kernel runs on the device.
func (h *cudaHost) load(module *ir.Operation) error {
	if err := LowerForCUDA(module); err != nil {
		return err
	}
	h.gpuMods = map[string]*ir.Operation{}
	for _, m := range ptx.GPUModules(module) {
		name := gpu.ModuleOp{Operation: m}.SymName()
		h.gpuMods[name] = m
		text, err := ptx.Emit(m, ptx.Options{Chip: h.chip})
		if err != nil {
			return err
		}
		mod, err := h.loadImage(m, []byte(text), fmt.Sprintf("the PTX of gpu.module @%s (%s)", name, h.chip))
		if err != nil {
			return err
		}
		h.modules[name] = mod
	}
	return nil
}

// loadImage loads a module image (PTX, a cubin or a fat binary) with the
// driver; a failure is a diagnostic at op with the JIT's log as notes.
func (h *cudaHost) loadImage(op *ir.Operation, image []byte, what string) (*cuda.Module, error) {
	mod, _, err := h.dev.LoadModule(image)
	if err == nil {
		return mod, nil
	}
	d := ir.NewError(op.Loc(), "the CUDA driver could not load "+what)
	var ce *cuda.Error
	if errors.As(err, &ce) {
		d.Note(op.Loc(), fmt.Sprintf("%s: %s", ce.Call, ce.Name))
		for _, line := range strings.Split(strings.TrimSpace(ce.Log), "\n") {
			if line != "" {
				d.Note(op.Loc(), "ptxas: "+line)
			}
		}
	} else {
		d.Note(op.Loc(), err.Error())
	}
	return nil, d
}

// LowerForCUDA prepares module as --engine=cuda does before emitting the
// PTX of its gpu.modules: the bodies of gpu.launch operations become
// kernels of their own (gpu-kernel-outlining) and the gpu.modules that
// hold gpu.func kernels are lowered with GPUModulePipeline.
func LowerForCUDA(module *ir.Operation) error {
	if err := outlineLaunches(module); err != nil {
		return err
	}
	for _, m := range ptx.GPUModules(module) {
		if err := lowerGPUModule(module, m); err != nil {
			return err
		}
	}
	return nil
}

// outlineLaunches runs gpu-kernel-outlining on a module that holds
// gpu.launch operations.
func outlineLaunches(module *ir.Operation) error {
	var launch *ir.Operation
	module.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if _, ok := gpu.AsLaunchOp(op); ok && launch == nil {
			launch = op
		}
		return launch == nil
	})
	if launch == nil {
		return nil
	}
	pm := pass.NewManager(module.Context(), "builtin.module")
	if err := pm.Parse("builtin.module(gpu-kernel-outlining)"); err != nil {
		return ir.NewError(launch.Loc(), fmt.Sprintf("the gpu.launch bodies cannot be outlined into kernels (%v)", err))
	}
	return pm.Run(module)
}

// lowerGPUModule runs GPUModulePipeline when the gpu.module still holds
// gpu.func operations.
func lowerGPUModule(module, m *ir.Operation) error {
	var fn *ir.Operation
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if _, ok := gpu.AsFuncOp(op); ok && fn == nil {
			fn = op
		}
		return fn == nil
	})
	if fn == nil {
		return nil
	}
	pm := pass.NewManager(module.Context(), "builtin.module")
	if err := pm.Parse("builtin.module(" + GPUModulePipeline + ")"); err != nil {
		return ir.NewError(fn.Loc(), fmt.Sprintf("the gpu.module holds gpu.func kernels, which must be lowered to the llvm and nvvm dialects first (%v)", err))
	}
	return pm.Run(module)
}

func (h *cudaHost) release() {
	for _, ptr := range h.allocs {
		_ = h.dev.Free(ptr)
	}
	for _, ptr := range h.mirrors {
		_ = h.dev.Free(ptr)
	}
	for _, sb := range h.shared {
		_ = h.dev.Free(sb.ptr)
	}
	for _, ptr := range h.maps {
		_ = h.dev.Free(ptr)
	}
	for _, m := range h.modules {
		_ = h.dev.Unload(m)
	}
}

// register adds the gpu host operations' semantics.
func (h *cudaHost) register(reg *interp.Registry) {
	reg.Register("gpu.alloc", h.alloc)
	reg.Register("gpu.dealloc", h.dealloc)
	reg.Register("gpu.memcpy", h.memcpy)
	reg.Register("gpu.memset", h.memset)
	reg.Register("gpu.launch_func", h.launch)
	reg.Register("gpu.wait", h.wait)
	reg.Register("gpu.module", func(*interp.Frame, *ir.Operation) error { return nil })
	reg.Register("nvgpu.tma.create.descriptor", h.tensorMap)
	h.registerRuntime(reg)
}

// mirror returns the device copy of the host buffer of m, allocating it
// on first use (its contents are copied by the launches).
func (h *cudaHost) mirror(op *ir.Operation, m *interp.MemRef) (cuda.Ptr, error) {
	if p, ok := h.mirrors[m.Buf]; ok {
		return p, nil
	}
	eb := elemBytes(m.Buf.Elem)
	if eb == 0 {
		return 0, interp.Errorf(op, "a memref of elements of type "+typeName(m.Buf.Elem)+" cannot be passed to a kernel by --engine=cuda")
	}
	p, err := h.dev.Alloc(max(1, int64(len(m.Buf.Data))*int64(eb)))
	if err != nil {
		return 0, interp.Errorf(op, err.Error())
	}
	h.mirrors[m.Buf] = p
	return p, nil
}

// devicePtr returns the device address of the first element of m, a
// gpu.alloc memref or a mirrored host memref.
func (h *cudaHost) devicePtr(op *ir.Operation, m *interp.MemRef) (cuda.Ptr, error) {
	if p, ok := h.device(m); ok {
		return p, nil
	}
	p, err := h.mirror(op, m)
	if err != nil {
		return 0, err
	}
	return p + cuda.Ptr(m.Offset*int64(elemBytes(m.Buf.Elem))), nil
}

// tensorMapDataTypes are the CUtensorMapDataType of element types (the
// 8-bit floats, which TMA copies as bytes, as UINT8).
var tensorMapDataTypes = map[string]uint32{"ui8": 0, "ui16": 1, "ui32": 2, "i32": 3, "ui64": 4, "i64": 5,
	"f16": 6, "f32": 7, "f64": 8, "bf16": 9, "f8E4M3FN": 0, "f8E5M2": 0}

// tensorMap is nvgpu.tma.create.descriptor: cuTensorMapEncodeTiled of the
// memref's device memory (sizes and strides innermost first, strides in
// bytes), with the box sizes and the swizzle, L2 promotion, fill and
// interleave of the result type, copied into device memory.
func (h *cudaHost) tensorMap(f *interp.Frame, op *ir.Operation) error {
	c, _ := nvgpu.AsTmaCreateDescriptorOp(op)
	tv, err := f.Get(op, c.Tensor())
	if err != nil {
		return err
	}
	m := tv.MemRef()
	if m == nil {
		return interp.Errorf(op, "expected a memref")
	}
	box, err := f.Ints(op, c.BoxDimensions())
	if err != nil {
		return err
	}
	tt, ok := nvgpu.AsTensormapDescriptorType(op.Result(0).Type())
	if !ok {
		return interp.Errorf(op, "expected a tensor map result")
	}
	dt, ok := tensorMapDataTypes[ir.TypeString(m.Buf.Elem)]
	if !ok {
		return interp.Errorf(op, "no tensor map of elements of type "+typeName(m.Buf.Elem))
	}
	r := m.Rank()
	if len(box) != r {
		return interp.Errorf(op, fmt.Sprintf("%d box sizes for a memref of rank %d", len(box), r))
	}
	p, err := h.devicePtr(op, m)
	if err != nil {
		return err
	}
	eb := uint64(elemBytes(m.Buf.Elem))
	t := cuda.TensorMapTiled{DataType: dt, Address: p,
		Interleave: uint32(tt.Interleave()), Swizzle: uint32(tt.Swizzle()), L2Promotion: uint32(tt.L2promo()), OOBFill: uint32(tt.Oob())}
	for d := r - 1; d >= 0; d-- {
		t.Dims = append(t.Dims, uint64(m.Sizes[d]))
		t.Box = append(t.Box, uint64(box[d]))
		if d < r-1 {
			t.Strides = append(t.Strides, uint64(m.Strides[d])*eb)
		}
	}
	tm, err := h.dev.EncodeTiled(t)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	dp, err := h.dev.Alloc(int64(len(tm)))
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	h.maps = append(h.maps, dp)
	if err := h.dev.CopyToDevice(dp, tm[:], cuda.Stream{}); err != nil {
		return interp.Errorf(op, err.Error())
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, &deviceTensorMap{ptr: dp}))
	return nil
}

// stream returns the stream of the first async dependency of op.
func (h *cudaHost) stream(f *interp.Frame, op *ir.Operation, deps []ir.Value) (cuda.Stream, error) {
	if len(deps) == 0 {
		return cuda.Stream{}, nil
	}
	v, err := f.Get(op, deps[0])
	if err != nil {
		return cuda.Stream{}, err
	}
	s, _ := v.Object().(cuda.Stream)
	return s, nil
}

// token sets the async token result of op (the stream s) if it has one.
func setToken(f *interp.Frame, tok ir.Value, s cuda.Stream) {
	if tok != nil {
		f.Set(tok, interp.MakeObject(tok.Type(), 0, s))
	}
}

func (h *cudaHost) wait(f *interp.Frame, op *ir.Operation) error {
	w := gpu.WaitOp{Operation: op}
	if tok := w.AsyncToken(); tok != nil {
		// gpu.wait async: a new stream (mgpuStreamCreate), after the
		// dependencies.
		for _, d := range w.AsyncDependencies() {
			s, err := h.stream(f, op, []ir.Value{d})
			if err != nil {
				return err
			}
			if err := h.dev.Synchronize(s); err != nil {
				return interp.Errorf(op, err.Error())
			}
			h.output.forward()
		}
		s, err := h.dev.NewStream()
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		setToken(f, tok, s)
		return nil
	}
	// gpu.wait: mgpuStreamSynchronize and mgpuStreamDestroy of each
	// dependency, or the whole device without dependencies.
	deps := w.AsyncDependencies()
	if len(deps) == 0 {
		if err := h.dev.SynchronizeAll(); err != nil {
			return interp.Errorf(op, err.Error())
		}
		h.output.forward()
		return h.syncShared(op)
	}
	seen := map[cuda.Stream]bool{}
	for _, d := range deps {
		s, err := h.stream(f, op, []ir.Value{d})
		if err != nil {
			return err
		}
		if seen[s] {
			continue
		}
		seen[s] = true
		if err := h.dev.Synchronize(s); err != nil {
			return interp.Errorf(op, err.Error())
		}
		h.output.forward()
		if err := h.dev.DestroyStream(s); err != nil {
			return interp.Errorf(op, err.Error())
		}
	}
	return h.syncShared(op)
}

// elemBytes returns the size of a memref element in device memory.
func elemBytes(t ir.Type) int {
	if _, ok := t.(*ir.IndexType); ok {
		return 8
	}
	w := ir.IntOrFloatBitWidth(t)
	if w <= 0 {
		return 0
	}
	return (w + 7) / 8
}

func (h *cudaHost) alloc(f *interp.Frame, op *ir.Operation) error {
	a := gpu.AllocOp{Operation: op}
	dyn, err := f.Ints(op, a.DynamicSizes())
	if err != nil {
		return err
	}
	mt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return interp.Errorf(op, "gpu.alloc of a type other than a ranked memref")
	}
	sizes := make([]int64, len(mt.Shape))
	k := 0
	n := int64(1)
	for i, s := range mt.Shape {
		if s == ir.Dynamic {
			if k >= len(dyn) {
				return interp.Errorf(op, "missing dynamic size")
			}
			s = dyn[k]
			k++
		}
		if s < 0 {
			return interp.Errorf(op, fmt.Sprintf("negative size %d", s))
		}
		sizes[i] = s
		n *= s
	}
	eb := elemBytes(mt.Elem)
	if eb == 0 {
		return interp.Errorf(op, "gpu.alloc of elements of type "+typeName(mt.Elem)+" is not supported by --engine=cuda")
	}
	s, err := h.stream(f, op, a.AsyncDependencies())
	if err != nil {
		return err
	}
	p, err := h.dev.Alloc(max(1, n*int64(eb)))
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	if a.HostShared() {
		// Host code reads and writes the buffer; kernels its device side.
		m := interp.NewMemRef(mt.Elem, sizes)
		h.shared[m.Buf] = &sharedBuffer{ptr: p}
		f.SetResult(op, 0, interp.MakeMemRef(mt, m))
		setToken(f, a.AsyncToken(), s)
		return nil
	}
	// The memref's buffer has no host elements: host code cannot read
	// device memory.
	m := interp.NewMemRef(mt.Elem, sizes)
	m.Buf.Data = nil
	h.allocs[m.Buf] = p
	f.SetResult(op, 0, interp.MakeMemRef(mt, m))
	setToken(f, a.AsyncToken(), s)
	return nil
}

func typeName(t ir.Type) string { return fmt.Sprint(t) }

// device returns the device address of a device memref's first element.
func (h *cudaHost) device(m *interp.MemRef) (cuda.Ptr, bool) {
	p, ok := h.allocs[m.Buf]
	if !ok {
		return 0, false
	}
	return p + cuda.Ptr(m.Offset*int64(elemBytes(m.Buf.Elem))), true
}

func (h *cudaHost) dealloc(f *interp.Frame, op *ir.Operation) error {
	d := gpu.DeallocOp{Operation: op}
	v, err := f.Get(op, d.Memref())
	if err != nil {
		return err
	}
	m := v.MemRef()
	if m == nil {
		return interp.Errorf(op, "gpu.dealloc of a value that is not a memref")
	}
	p, ok := h.allocs[m.Buf]
	if sb, shared := h.shared[m.Buf]; shared {
		if err := h.syncShared(op); err != nil {
			return err
		}
		p, ok = sb.ptr, true
		delete(h.shared, m.Buf)
	}
	if !ok {
		return interp.Errorf(op, "gpu.dealloc of memory that gpu.alloc did not allocate")
	}
	s, err := h.stream(f, op, d.AsyncDependencies())
	if err != nil {
		return err
	}
	if err := h.dev.Synchronize(s); err != nil {
		return interp.Errorf(op, err.Error())
	}
	if err := h.dev.Free(p); err != nil {
		return interp.Errorf(op, err.Error())
	}
	delete(h.allocs, m.Buf)
	m.Buf.Freed = true
	setToken(f, d.AsyncToken(), s)
	return nil
}

// toBytes packs elements of eb bytes each.
func toBytes(data []uint64, eb int) []byte {
	return interp.AppendLE(make([]byte, 0, len(data)*eb), data, eb)
}

// fromBytes unpacks elements of eb bytes each.
func fromBytes(b []byte, eb int) []uint64 {
	out := make([]uint64, len(b)/eb)
	interp.DecodeLE(out, b, eb)
	return out
}

func (h *cudaHost) memcpy(f *interp.Frame, op *ir.Operation) error {
	c := gpu.MemcpyOp{Operation: op}
	dv, err := f.Get(op, c.Dst())
	if err != nil {
		return err
	}
	sv, err := f.Get(op, c.Src())
	if err != nil {
		return err
	}
	dst, src := dv.MemRef(), sv.MemRef()
	if dst == nil || src == nil {
		return interp.Errorf(op, "gpu.memcpy of values that are not memrefs")
	}
	if dst.NumElements() != src.NumElements() {
		return interp.Errorf(op, fmt.Sprintf("gpu.memcpy of %d elements into %d", src.NumElements(), dst.NumElements()))
	}
	s, err := h.stream(f, op, c.AsyncDependencies())
	if err != nil {
		return err
	}
	eb := elemBytes(src.Buf.Elem)
	n := src.NumElements() * int64(eb)
	dp, dDev := h.device(dst)
	sp, sDev := h.device(src)
	if dDev && !dst.IsContiguous() || sDev && !src.IsContiguous() {
		return interp.Errorf(op, "gpu.memcpy of a non-contiguous device memref is not supported by --engine=cuda")
	}
	switch {
	case dDev && sDev:
		err = h.dev.CopyDevice(dp, sp, n)
	case dDev:
		err = h.dev.CopyToDevice(dp, toBytes(src.Load(), eb), s)
	case sDev:
		b := make([]byte, n)
		if err = h.dev.CopyFromDevice(b, sp, s); err == nil {
			dst.Store(fromBytes(b, eb))
		}
	default:
		dst.Store(src.Load())
	}
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	setToken(f, c.AsyncToken(), s)
	return nil
}

func (h *cudaHost) memset(f *interp.Frame, op *ir.Operation) error {
	c := gpu.MemsetOp{Operation: op}
	dv, err := f.Get(op, c.Dst())
	if err != nil {
		return err
	}
	v, err := f.Get(op, c.Value())
	if err != nil {
		return err
	}
	dst := dv.MemRef()
	if dst == nil {
		return interp.Errorf(op, "gpu.memset of a value that is not a memref")
	}
	dp, ok := h.device(dst)
	if !ok || !dst.IsContiguous() {
		return interp.Errorf(op, "gpu.memset of memory that is not a contiguous gpu.alloc")
	}
	if elemBytes(dst.Buf.Elem) != 4 {
		return interp.Errorf(op, "gpu.memset of elements other than 32-bit ones is not supported by --engine=cuda")
	}
	s, err := h.stream(f, op, c.AsyncDependencies())
	if err != nil {
		return err
	}
	if err := h.dev.Memset32(dp, uint32(v.Bits()), dst.NumElements()); err != nil {
		return interp.Errorf(op, err.Error())
	}
	setToken(f, c.AsyncToken(), s)
	return nil
}

// kernelFunc returns the llvm.func of a kernel reference @module::@name.
func (h *cudaHost) kernelFunc(op *ir.Operation, ref ir.Attribute) (*ir.Operation, string, string, error) {
	r, ok := ref.(*ir.SymbolRefAttr)
	if !ok || len(r.Nested) != 1 {
		return nil, "", "", interp.Errorf(op, "gpu.launch_func needs a kernel @module::@function")
	}
	m, ok := h.gpuMods[r.Root]
	if !ok {
		return nil, "", "", interp.Errorf(op, "no gpu.module @"+r.Root)
	}
	for fn := m.Region(0).First().First(); fn != nil; fn = fn.Next() {
		if lf, ok := llvm.AsFuncOp(fn); ok && lf.SymName() == r.Nested[0] {
			return fn, r.Root, r.Nested[0], nil
		}
	}
	return nil, "", "", interp.Errorf(op, fmt.Sprintf("no kernel @%s in gpu.module @%s", r.Nested[0], r.Root))
}

// launchShape reads a gpu.launch_func's grid, block and cluster sizes
// (a cluster size left out stays 0) and its dynamic shared memory size.
func launchShape(f *interp.Frame, l gpu.LaunchFuncOp) (dims [3][3]uint32, shared uint32, err error) {
	op := l.Operation
	for i, vs := range [][]ir.Value{{l.GridSizeX(), l.GridSizeY(), l.GridSizeZ()}, {l.BlockSizeX(), l.BlockSizeY(), l.BlockSizeZ()},
		{l.ClusterSizeX(), l.ClusterSizeY(), l.ClusterSizeZ()}} {
		for j, v := range vs {
			if v == nil {
				continue
			}
			x, err := f.Get(op, v)
			if err != nil {
				return dims, 0, err
			}
			if x.Int() <= 0 || x.Int() > 1<<31 {
				return dims, 0, interp.Errorf(op, fmt.Sprintf("invalid launch dimension %d", x.Int()))
			}
			dims[i][j] = uint32(x.Int())
		}
	}
	if v := l.DynamicSharedMemorySize(); v != nil {
		x, err := f.Get(op, v)
		if err != nil {
			return dims, 0, err
		}
		shared = uint32(x.Int())
	}
	return dims, shared, nil
}

// paramBytes returns the size of a kernel parameter of type t.
func paramBytes(t ir.Type) int {
	switch t := t.(type) {
	case *llvm.PointerType, *ir.IndexType:
		return 8
	case *ir.IntegerType:
		return max(1, (int(t.Width)+7)/8)
	}
	return elemBytes(t)
}

func (h *cudaHost) launch(f *interp.Frame, op *ir.Operation) error {
	if bin, name, ok := gpu.LaunchedBinary(op); ok {
		return h.launchBinary(f, op, bin, name)
	}
	l := gpu.LaunchFuncOp{Operation: op}
	fn, modName, name, err := h.kernelFunc(op, l.Kernel())
	if err != nil {
		return err
	}
	ft, ok := llvm.FuncOp{Operation: fn}.FunctionType().(*llvm.FuncType)
	if !ok {
		return ir.NewError(fn.Loc(), "kernel function without an llvm function type")
	}
	dims, shared, err := launchShape(f, l)
	if err != nil {
		return err
	}
	// Unpack the operands: memrefs as their descriptors' fields, or as
	// their pointers when the kernel takes as many parameters as there
	// are operands.
	operands := l.KernelOperands()
	expanded := 0
	for _, v := range operands {
		if mt, ok := v.Type().(*ir.MemRefType); ok {
			expanded += 3 + 2*len(mt.Shape)
		} else {
			expanded++
		}
	}
	bare := len(ft.Params) == len(operands) && expanded != len(operands)
	if !bare && expanded != len(ft.Params) {
		return interp.Errorf(op, fmt.Sprintf("kernel @%s::@%s takes %d parameters, but its %d operands unpack to %d (or %d bare pointers)",
			modName, name, len(ft.Params), len(operands), expanded, len(operands)))
	}
	var params [][]byte
	word := func(v uint64, n int) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		params = append(params, append([]byte(nil), b[:n]...))
	}
	// The host buffers the kernel reads and writes, copied in and out.
	var mirrored, toDevice []*interp.Buffer
	for _, v := range operands {
		x, err := f.Get(op, v)
		if err != nil {
			return err
		}
		if tm, ok := x.Object().(*deviceTensorMap); ok {
			word(uint64(tm.ptr), 8)
			continue
		}
		if m := x.MemRef(); m != nil {
			p, ok := h.allocs[m.Buf]
			if sb, shared := h.shared[m.Buf]; shared {
				p, ok = sb.ptr, true
				if !sb.onDevice && !slices.Contains(toDevice, m.Buf) {
					toDevice = append(toDevice, m.Buf)
				}
			}
			if !ok {
				if p, err = h.mirror(op, m); err != nil {
					return err
				}
				if !slices.Contains(mirrored, m.Buf) {
					mirrored = append(mirrored, m.Buf)
				}
			}
			if bare {
				word(uint64(p)+uint64(m.Offset*int64(elemBytes(m.Buf.Elem))), 8)
				continue
			}
			word(uint64(p), 8)
			word(uint64(p), 8)
			word(uint64(m.Offset), 8)
			for _, s := range m.Sizes {
				word(uint64(s), 8)
			}
			for _, s := range m.Strides {
				word(uint64(s), 8)
			}
			continue
		}
		word(x.Bits(), paramBytes(ft.Params[len(params)]))
	}
	kernel, err := h.function(modName, name)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	s, err := h.stream(f, op, l.AsyncDependencies())
	if err != nil {
		return err
	}
	launch := cuda.Launch{Grid: dims[0], Block: dims[1], SharedBytes: shared, Stream: s, Params: params}
	if l.ClusterSizeX() != nil {
		launch.Cluster = dims[2]
	}
	for _, b := range mirrored {
		eb := elemBytes(b.Elem)
		if err := h.dev.CopyToDevice(h.mirrors[b], toBytes(b.Data, eb), s); err != nil {
			return interp.Errorf(op, err.Error())
		}
	}
	for _, b := range toDevice {
		sb := h.shared[b]
		if err := h.dev.CopyToDevice(sb.ptr, toBytes(b.Data, elemBytes(b.Elem)), s); err != nil {
			return interp.Errorf(op, err.Error())
		}
		sb.onDevice = true
	}
	if err := h.dev.LaunchKernel(kernel, launch); err != nil {
		return interp.Errorf(op, err.Error())
	}
	if h.timeRuns > 0 {
		ms, err := h.dev.TimeLaunches(kernel, launch, h.timeRuns)
		if err != nil {
			return interp.Errorf(op, "kernel @"+modName+"::@"+name+": "+err.Error())
		}
		sort.Float64s(ms)
		if h.timeOut != nil {
			fmt.Fprintf(h.timeOut, "kernel @%s::@%s: median %.4f ms, min %.4f ms of %d launches (grid %v, block %v, %d bytes of dynamic shared memory)\n",
				modName, name, ms[len(ms)/2], ms[0], len(ms), dims[0], dims[1], shared)
		}
	}
	if len(mirrored) > 0 {
		if err := h.dev.Synchronize(s); err != nil {
			return interp.Errorf(op, "kernel @"+modName+"::@"+name+": "+err.Error())
		}
		for _, b := range mirrored {
			eb := elemBytes(b.Elem)
			data := make([]byte, len(b.Data)*eb)
			if err := h.dev.CopyFromDevice(data, h.mirrors[b], s); err != nil {
				return interp.Errorf(op, err.Error())
			}
			copy(b.Data, fromBytes(data, eb))
		}
	}
	if l.AsyncToken() == nil {
		// A synchronous launch completes before the next operation.
		if err := h.dev.Synchronize(s); err != nil {
			return interp.Errorf(op, "kernel @"+modName+"::@"+name+": "+err.Error())
		}
		h.output.forward()
		if err := h.syncShared(op); err != nil {
			return err
		}
	}
	setToken(f, l.AsyncToken(), s)
	return nil
}

// function returns the loaded kernel (mgpuModuleGetFunction).
func (h *cudaHost) function(mod, name string) (*cuda.Function, error) {
	key := mod + "::" + name
	if k, ok := h.kernels[key]; ok {
		return k, nil
	}
	m, ok := h.modules[mod]
	if !ok {
		return nil, fmt.Errorf("gpu.module @%s is not loaded", mod)
	}
	k, err := h.dev.Function(m, name)
	if err != nil {
		return nil, err
	}
	h.kernels[key] = k
	return k, nil
}
