package run

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
	illvm "github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/targets/cuda"
	"github.com/strata-ir/strata/targets/ptx"
)

// The host side after gpu-to-llvm and gpu-module-to-binary on the CUDA
// engine: the interpreter runs the llvm dialect and the calls of
// upstream's GPU runtime functions do what its CUDA runtime wrappers do,
// through the driver:
//
//   - mgpuMemAlloc, mgpuMemFree, mgpuMemcpy, mgpuMemset32/16 on device
//     memory, whose addresses the host code holds but cannot dereference
//     (a located error); copies synchronize the device first, since the
//     interpreter's host memory is not visible to the driver;
//   - mgpuMemHostRegisterMemRef (gpu.host_register) gives the host
//     allocation of the memref a device mirror: a kernel operand that
//     points into it points into the mirror, which is copied to the
//     device before a launch and back at the next synchronization
//     (a synchronous launch, mgpuStreamSynchronize, mgpuEventSynchronize,
//     a copy); mgpuMemAlloc of host-shared memory is such a mirrored
//     allocation;
//   - streams are CUDA streams; an event records the stream it was
//     recorded on, and waiting for it synchronizes that stream;
//   - mgpuTensorMapEncodeTiledMemref encodes the tensor map of a memref
//     in device memory (or in the mirror of registered host memory) with
//     cuTensorMapEncodeTiled and returns the device memory it is copied
//     to;
//   - gpu.launch_func of a kernel of a gpu.binary loads the binary's
//     selected object once (mgpuModuleLoad: PTX, a cubin or a fat binary;
//     an object of the offload format is emitted to PTX here) and
//     launches the kernel with its operands as they are (mgpuLaunchKernel).
//     A pointer into host memory that is not registered is an error
//     located at the launch, not a fault on the device.

// runtimeState is what the runtime functions keep.
type runtimeState struct {
	devAllocs map[uint64]int64 // device allocations: address, size
	mirrors   map[uint64]*hostMirror
	binaries  map[*ir.Operation]*cuda.Module
	events    map[uint64]cuda.Stream
	nextEvent uint64
}

// hostMirror is the device copy of a registered host allocation.
type hostMirror struct {
	ptr      cuda.Ptr
	size     int64
	onDevice bool
	shared   bool
	host     interp.Value // a pointer to the allocation's start
}

// devicePointer marks the pointer values of device memory.
type devicePointer struct{}

// streamObject is the object of a stream's pointer value.
type streamObject struct{ s cuda.Stream }

// eventObject is the object of an event's pointer value.
type eventObject struct{ id uint64 }

func (h *cudaHost) registerRuntime(reg *interp.Registry) {
	h.rt = runtimeState{devAllocs: map[uint64]int64{}, mirrors: map[uint64]*hostMirror{},
		binaries: map[*ir.Operation]*cuda.Module{}, events: map[uint64]cuda.Stream{}}
	for name, fn := range map[string]interp.ExternalFunc{
		"mgpuStreamCreate":               h.streamCreate,
		"mgpuStreamDestroy":              h.streamDestroy,
		"mgpuStreamSynchronize":          h.streamSynchronize,
		"mgpuEventCreate":                h.eventCreate,
		"mgpuEventDestroy":               noResult(2, 1),
		"mgpuEventRecord":                h.eventRecord,
		"mgpuEventSynchronize":           h.eventSynchronize,
		"mgpuStreamWaitEvent":            h.streamWaitEvent,
		"mgpuSetDefaultDevice":           noResult(1, 1),
		"mgpuMemAlloc":                   h.memAlloc,
		"mgpuMemFree":                    h.memFree,
		"mgpuMemcpy":                     h.memcpyRT,
		"mgpuMemset32":                   h.memsetRT(4),
		"mgpuMemset16":                   h.memsetRT(2),
		"mgpuMemHostRegisterMemRef":      h.hostRegisterMemRef,
		"mgpuMemHostUnregisterMemRef":    h.hostUnregisterMemRef,
		"mgpuTensorMapEncodeTiledMemref": h.tensorMapEncode,
	} {
		reg.RegisterExternal(name, fn)
	}
}

// releaseRuntime frees the device memory the runtime functions hold.
func (h *cudaHost) releaseRuntime() {
	for _, m := range h.rt.mirrors {
		h.dev.Free(m.ptr)
	}
	for p := range h.rt.devAllocs {
		h.dev.Free(cuda.Ptr(p))
	}
	for _, m := range h.rt.binaries {
		h.dev.Unload(m)
	}
}

// noResult is a runtime function with n arguments and nothing to do
// here (want is the count to check).
func noResult(_, want int) interp.ExternalFunc {
	return func(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		return nil, rtArgs(call, args, want)
	}
}

func rtArgs(call *ir.Operation, args []interp.Value, n int) error {
	if len(args) != n {
		return interp.Errorf(call, fmt.Sprintf("expected %d arguments, got %d", n, len(args)))
	}
	return nil
}

func rtResult(call *ir.Operation) (ir.Type, error) {
	if call == nil || call.NumResults() != 1 {
		return nil, interp.Errorf(call, "expected a call with one result")
	}
	return call.Result(0).Type(), nil
}

// streamOf returns the stream of a stream pointer value (a null one is
// the default stream).
func streamOf(call *ir.Operation, v interp.Value) (cuda.Stream, error) {
	if s, ok := v.Object().(streamObject); ok {
		return s.s, nil
	}
	if v.Bits() == 0 {
		return cuda.Stream{}, nil
	}
	return cuda.Stream{}, interp.Errorf(call, fmt.Sprintf("0x%x is not a stream that mgpuStreamCreate made", v.Bits()))
}

func (h *cudaHost) streamCreate(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	t, err := rtResult(call)
	if err != nil {
		return nil, err
	}
	s, err := h.dev.NewStream()
	if err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	h.rt.nextEvent++
	return []interp.Value{interp.MakeObject(t, h.rt.nextEvent<<4|3, streamObject{s})}, nil
}

func (h *cudaHost) streamDestroy(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 1); err != nil {
		return nil, err
	}
	s, err := streamOf(call, args[0])
	if err != nil {
		return nil, err
	}
	if err := h.syncStream(call, s); err != nil {
		return nil, err
	}
	if err := h.dev.DestroyStream(s); err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	return nil, nil
}

// syncStream waits for s and brings the mirrors back to the host.
func (h *cudaHost) syncStream(call *ir.Operation, s cuda.Stream) error {
	if err := h.dev.Synchronize(s); err != nil {
		return interp.Errorf(call, err.Error())
	}
	h.output.forward()
	return h.mirrorsToHost(call)
}

// syncAll waits for the device and brings the mirrors back to the host.
func (h *cudaHost) syncAll(call *ir.Operation) error {
	if err := h.dev.SynchronizeAll(); err != nil {
		return interp.Errorf(call, err.Error())
	}
	h.output.forward()
	return h.mirrorsToHost(call)
}

func (h *cudaHost) streamSynchronize(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 1); err != nil {
		return nil, err
	}
	s, err := streamOf(call, args[0])
	if err != nil {
		return nil, err
	}
	return nil, h.syncStream(call, s)
}

func (h *cudaHost) eventCreate(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	t, err := rtResult(call)
	if err != nil {
		return nil, err
	}
	h.rt.nextEvent++
	return []interp.Value{interp.MakeObject(t, h.rt.nextEvent<<4|5, eventObject{h.rt.nextEvent})}, nil
}

// eventStream returns the stream an event was recorded on. Where a
// token crosses an async.execute, upstream's lowering yields the stream
// itself, which the other side takes as an event: waiting for it waits
// for that stream.
func (h *cudaHost) eventStream(call *ir.Operation, v interp.Value) (cuda.Stream, error) {
	if s, ok := v.Object().(streamObject); ok {
		return s.s, nil
	}
	e, ok := v.Object().(eventObject)
	if !ok {
		return cuda.Stream{}, interp.Errorf(call, fmt.Sprintf("0x%x is not an event that mgpuEventCreate made", v.Bits()))
	}
	return h.rt.events[e.id], nil
}

func (h *cudaHost) eventRecord(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 2); err != nil {
		return nil, err
	}
	e, ok := args[0].Object().(eventObject)
	if !ok {
		return nil, interp.Errorf(call, "expected an event that mgpuEventCreate made")
	}
	s, err := streamOf(call, args[1])
	if err != nil {
		return nil, err
	}
	h.rt.events[e.id] = s
	return nil, nil
}

func (h *cudaHost) eventSynchronize(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 1); err != nil {
		return nil, err
	}
	s, err := h.eventStream(call, args[0])
	if err != nil {
		return nil, err
	}
	return nil, h.syncStream(call, s)
}

// streamWaitEvent waits on the host for the event's stream: stronger
// than the device-side wait it stands for, never weaker.
func (h *cudaHost) streamWaitEvent(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 2); err != nil {
		return nil, err
	}
	s, err := h.eventStream(call, args[1])
	if err != nil {
		return nil, err
	}
	return nil, h.syncStream(call, s)
}

// memAlloc is mgpuMemAlloc(size, stream, isHostShared).
func (h *cudaHost) memAlloc(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 3); err != nil {
		return nil, err
	}
	t, err := rtResult(call)
	if err != nil {
		return nil, err
	}
	size := args[0].Int()
	if size < 0 || size > 1<<36 {
		return nil, interp.Errorf(call, fmt.Sprintf("cannot allocate %d bytes of device memory", size))
	}
	if args[2].Bits()&1 != 0 {
		p := illvm.Allocate(f.Interpreter(), t, size, 256, "host-shared")
		if err := h.addMirror(call, p, true); err != nil {
			return nil, err
		}
		return []interp.Value{p}, nil
	}
	d, err := h.dev.Alloc(max(size, 1))
	if err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	h.rt.devAllocs[uint64(d)] = size
	return []interp.Value{interp.MakeObject(t, uint64(d), devicePointer{})}, nil
}

// deviceAddress returns the device address a pointer value holds, and
// false for host memory.
func (h *cudaHost) deviceAddress(v interp.Value) (cuda.Ptr, bool) {
	if _, _, _, host := illvm.Allocation(v); host {
		if m := h.mirrorOf(v); m != nil {
			_, _, off, _ := illvm.Allocation(v)
			return m.ptr + cuda.Ptr(off), true
		}
		return 0, false
	}
	return cuda.Ptr(v.Bits()), true
}

// mirrorOf returns the mirror of the host allocation v points into.
func (h *cudaHost) mirrorOf(v interp.Value) *hostMirror {
	base, _, _, ok := illvm.Allocation(v)
	if !ok {
		return nil
	}
	return h.rt.mirrors[base]
}

func (h *cudaHost) memFree(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 2); err != nil {
		return nil, err
	}
	if err := h.syncAll(call); err != nil {
		return nil, err
	}
	if m := h.mirrorOf(args[0]); m != nil && m.shared {
		base, _, _, _ := illvm.Allocation(args[0])
		delete(h.rt.mirrors, base)
		h.dev.Free(m.ptr)
		return nil, illvm.Free(call, args[0])
	}
	p := uint64(args[0].Bits())
	if _, ok := h.rt.devAllocs[p]; !ok {
		return nil, interp.Errorf(call, fmt.Sprintf("mgpuMemFree of 0x%x, which mgpuMemAlloc did not return", p))
	}
	delete(h.rt.devAllocs, p)
	if err := h.dev.Free(cuda.Ptr(p)); err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	return nil, nil
}

// memcpyRT is mgpuMemcpy(dst, src, size, stream).
func (h *cudaHost) memcpyRT(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 4); err != nil {
		return nil, err
	}
	n := args[2].Int()
	if n <= 0 {
		return nil, nil
	}
	if err := h.syncAll(call); err != nil {
		return nil, err
	}
	dst, src := args[0], args[1]
	dd, dDev := h.deviceOnly(dst)
	sd, sDev := h.deviceOnly(src)
	switch {
	case dDev && sDev:
		if err := h.dev.CopyDevice(dd, sd, n); err != nil {
			return nil, interp.Errorf(call, err.Error())
		}
	case dDev:
		data, err := illvm.LoadBytes(call, src, n)
		if err != nil {
			return nil, err
		}
		if err := h.dev.CopyToDevice(dd, data, cuda.Stream{}); err != nil {
			return nil, interp.Errorf(call, err.Error())
		}
	case sDev:
		data := make([]byte, n)
		if err := h.dev.CopyFromDevice(data, sd, cuda.Stream{}); err != nil {
			return nil, interp.Errorf(call, err.Error())
		}
		if err := illvm.StoreBytes(call, dst, data); err != nil {
			return nil, err
		}
	default:
		data, err := illvm.LoadBytes(call, src, n)
		if err != nil {
			return nil, err
		}
		if err := illvm.StoreBytes(call, dst, data); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// deviceOnly returns the device address of a pointer into memory that
// lives on the device only (mgpuMemAlloc's), and false for host memory
// (registered or not: the host copy is current after a synchronization).
func (h *cudaHost) deviceOnly(v interp.Value) (cuda.Ptr, bool) {
	if _, _, _, host := illvm.Allocation(v); host {
		return 0, false
	}
	return cuda.Ptr(v.Bits()), true
}

func (h *cudaHost) memsetRT(width int) interp.ExternalFunc {
	return func(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if err := rtArgs(call, args, 4); err != nil {
			return nil, err
		}
		count := args[2].Int()
		if count < 0 || count > 1<<34 {
			return nil, interp.Errorf(call, fmt.Sprintf("invalid element count %d", count))
		}
		if err := h.syncAll(call); err != nil {
			return nil, err
		}
		if p, dev := h.deviceOnly(args[0]); dev && width == 4 {
			if err := h.dev.Memset32(p, uint32(args[1].Bits()), count); err != nil {
				return nil, interp.Errorf(call, err.Error())
			}
			return nil, nil
		}
		data := make([]byte, count*int64(width))
		for i := int64(0); i < count; i++ {
			if width == 4 {
				binary.LittleEndian.PutUint32(data[i*4:], uint32(args[1].Bits()))
			} else {
				binary.LittleEndian.PutUint16(data[i*2:], uint16(args[1].Bits()))
			}
		}
		if p, dev := h.deviceOnly(args[0]); dev {
			if err := h.dev.CopyToDevice(p, data, cuda.Stream{}); err != nil {
				return nil, interp.Errorf(call, err.Error())
			}
			return nil, nil
		}
		return nil, illvm.StoreBytes(call, args[0], data)
	}
}

// registeredAllocation reads the aligned pointer of the ranked memref
// descriptor that desc points to (mgpuMemHostRegisterMemRef's argument)
// and returns a pointer to the host allocation it points into.
func (h *cudaHost) registeredAllocation(f *interp.Frame, call *ir.Operation, desc interp.Value) (interp.Value, error) {
	b, err := illvm.LoadBytes(call, desc, 16)
	if err != nil {
		return interp.Value{}, err
	}
	aligned := binary.LittleEndian.Uint64(b[8:])
	p, ok := illvm.PointerAt(f.Interpreter(), desc.Type, aligned)
	if !ok {
		return interp.Value{}, interp.Errorf(call, fmt.Sprintf("the memref to register points to 0x%x, which is not host memory", aligned))
	}
	return p, nil
}

// addMirror gives the host allocation p points into a device mirror.
func (h *cudaHost) addMirror(call *ir.Operation, p interp.Value, shared bool) error {
	base, size, off, ok := illvm.Allocation(p)
	if !ok {
		return interp.Errorf(call, "expected a pointer into host memory")
	}
	if _, done := h.rt.mirrors[base]; done {
		return nil
	}
	d, err := h.dev.Alloc(max(size, 1))
	if err != nil {
		return interp.Errorf(call, err.Error())
	}
	h.rt.mirrors[base] = &hostMirror{ptr: d, size: size, shared: shared, host: illvm.Offset(p, -off)}
	return nil
}

func (h *cudaHost) hostRegisterMemRef(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 3); err != nil {
		return nil, err
	}
	p, err := h.registeredAllocation(f, call, args[1])
	if err != nil {
		return nil, err
	}
	return nil, h.addMirror(call, p, false)
}

func (h *cudaHost) hostUnregisterMemRef(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 3); err != nil {
		return nil, err
	}
	p, err := h.registeredAllocation(f, call, args[1])
	if err != nil {
		return nil, err
	}
	if err := h.syncAll(call); err != nil {
		return nil, err
	}
	base, _, _, _ := illvm.Allocation(p)
	if m := h.rt.mirrors[base]; m != nil {
		delete(h.rt.mirrors, base)
		h.dev.Free(m.ptr)
	}
	return nil, nil
}

// mirrorsToHost copies the mirrors that kernels hold back to the host.
func (h *cudaHost) mirrorsToHost(call *ir.Operation) error {
	for _, m := range h.rt.mirrors {
		if !m.onDevice {
			continue
		}
		data := make([]byte, m.size)
		if err := h.dev.CopyFromDevice(data, m.ptr, cuda.Stream{}); err != nil {
			return interp.Errorf(call, err.Error())
		}
		if err := illvm.StoreBytes(call, m.host, data); err != nil {
			return err
		}
		m.onDevice = false
	}
	return nil
}

// mirrorsToDevice copies the mirrors that the host holds to the device.
func (h *cudaHost) mirrorsToDevice(call *ir.Operation, s cuda.Stream) error {
	for _, m := range h.rt.mirrors {
		if m.onDevice {
			continue
		}
		data, err := illvm.LoadBytes(call, m.host, m.size)
		if err != nil {
			return err
		}
		if err := h.dev.CopyToDevice(m.ptr, data, s); err != nil {
			return interp.Errorf(call, err.Error())
		}
		m.onDevice = true
	}
	return nil
}

// binaryModule loads the selected object of a gpu.binary once.
func (h *cudaHost) binaryModule(op *ir.Operation, bin gpu.BinaryOp) (*cuda.Module, error) {
	if m, ok := h.rt.binaries[bin.Operation]; ok {
		return m, nil
	}
	obj, err := bin.SelectedObject()
	if err != nil {
		return nil, interp.Errorf(op, "gpu.binary @"+bin.SymName()+": "+err.Error())
	}
	image := []byte(obj.Object)
	what := fmt.Sprintf("the %s object of gpu.binary @%s", obj.Format, bin.SymName())
	if obj.Format == gpu.FormatOffload {
		mod, err := gpu.OffloadModule(op.Context(), obj)
		if err != nil {
			return nil, interp.Errorf(op, "gpu.binary @"+bin.SymName()+": "+err.Error())
		}
		text, err := ptx.Emit(mod, ptx.Options{Chip: h.chip})
		if err != nil {
			return nil, err
		}
		image = []byte(text)
		what = fmt.Sprintf("the PTX of the offload object of gpu.binary @%s (%s)", bin.SymName(), h.chip)
	}
	m, err := h.loadImage(bin.Operation, image, what)
	if err != nil {
		return nil, err
	}
	h.rt.binaries[bin.Operation] = m
	return m, nil
}

// launchBinary is gpu.launch_func of a kernel of a gpu.binary, its
// operands already of the kernel's llvm types.
func (h *cudaHost) launchBinary(f *interp.Frame, op *ir.Operation, bin gpu.BinaryOp, name string) error {
	l := gpu.LaunchFuncOp{Operation: op}
	mod, err := h.binaryModule(op, bin)
	if err != nil {
		return err
	}
	key := bin.SymName() + "::" + name
	kernel, ok := h.kernels[key]
	if !ok {
		if kernel, err = h.dev.Function(mod, name); err != nil {
			return interp.Errorf(op, fmt.Sprintf("gpu.binary @%s: kernel @%s: %v", bin.SymName(), name, err))
		}
		h.kernels[key] = kernel
	}
	dims, shared, err := launchShape(f, l)
	if err != nil {
		return err
	}
	var params [][]byte
	for i, v := range l.KernelOperands() {
		x, err := f.Get(op, v)
		if err != nil {
			return err
		}
		bits := x.Bits()
		if _, isPtr := v.Type().(*llvm.PointerType); isPtr && bits != 0 {
			d, ok := h.deviceAddress(x)
			if !ok {
				return interp.Errorf(op, fmt.Sprintf("operand %d of the launch points into host memory that is not registered with the device (gpu.host_register)", i))
			}
			bits = uint64(d)
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], bits)
		params = append(params, append([]byte(nil), b[:paramBytes(v.Type())]...))
	}
	var s cuda.Stream
	if a := l.AsyncObject(); a != nil {
		x, err := f.Get(op, a)
		if err != nil {
			return err
		}
		if s, err = streamOf(op, x); err != nil {
			return err
		}
	}
	if err := h.mirrorsToDevice(op, s); err != nil {
		return err
	}
	launch := cuda.Launch{Grid: dims[0], Block: dims[1], SharedBytes: shared, Stream: s, Params: params}
	if l.ClusterSizeX() != nil {
		launch.Cluster = dims[2]
	}
	if err := h.dev.LaunchKernel(kernel, launch); err != nil {
		return interp.Errorf(op, err.Error())
	}
	if l.AsyncObject() == nil {
		// mgpuLaunchKernel on a stream of its own, then
		// mgpuStreamSynchronize: the launch completes here.
		return h.syncStream(op, s)
	}
	return nil
}

// tensorMapElemBytes are the element sizes of CUtensorMapDataType's
// values, as upstream's runtime reads them.
var tensorMapElemBytes = []uint64{1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4}

// tensorMapEncode is mgpuTensorMapEncodeTiledMemref(rank, descriptor,
// data type, interleave, swizzle, l2 promotion, oob fill, box sizes), as
// upstream's runtime does it: the tensor map of the ranked memref
// descriptor's data pointer (its offset ignored), sizes and strides,
// innermost first, with the box of the first rank of the five i64 at
// box sizes, copied into device memory whose address it returns.
func (h *cudaHost) tensorMapEncode(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := rtArgs(call, args, 8); err != nil {
		return nil, err
	}
	t, err := rtResult(call)
	if err != nil {
		return nil, err
	}
	rank := args[0].Int()
	if rank < 1 || rank > 5 {
		return nil, interp.Errorf(call, fmt.Sprintf("a tensor map of rank %d: the rank must be in [1, 5]", rank))
	}
	dt := args[2].Int()
	if dt < 0 || dt >= int64(len(tensorMapElemBytes)) {
		return nil, interp.Errorf(call, fmt.Sprintf("invalid CUtensorMapDataType %d", dt))
	}
	desc, err := illvm.LoadBytes(call, args[1], 24+16*rank)
	if err != nil {
		return nil, err
	}
	word := func(i int64) uint64 { return binary.LittleEndian.Uint64(desc[8*i:]) }
	box, err := illvm.LoadBytes(call, args[7], 8*rank)
	if err != nil {
		return nil, err
	}
	addr := cuda.Ptr(word(1))
	if p, host := illvm.PointerAt(f.Interpreter(), t, word(1)); host && !h.inDeviceAlloc(word(1)) {
		d, ok := h.deviceAddress(p)
		if !ok {
			return nil, interp.Errorf(call, "the memref's data is host memory that is not registered with the device (gpu.host_register)")
		}
		addr = d
	}
	m := cuda.TensorMapTiled{DataType: uint32(dt), Address: addr, Interleave: uint32(args[3].Int()),
		Swizzle: uint32(args[4].Int()), L2Promotion: uint32(args[5].Int()), OOBFill: uint32(args[6].Int())}
	for i := int64(0); i < rank; i++ {
		m.Dims = append(m.Dims, word(3+rank-1-i))
		m.Box = append(m.Box, binary.LittleEndian.Uint64(box[8*(rank-1-i):]))
		if i < rank-1 {
			m.Strides = append(m.Strides, word(3+rank+rank-2-i)*tensorMapElemBytes[dt])
		}
	}
	tm, err := h.dev.EncodeTiled(m)
	if err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	dp, err := h.dev.Alloc(int64(len(tm)))
	if err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	h.maps = append(h.maps, dp)
	if err := h.dev.CopyToDevice(dp, tm[:], cuda.Stream{}); err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	return []interp.Value{interp.MakeObject(t, uint64(dp), devicePointer{})}, nil
}

// inDeviceAlloc reports whether addr is in memory that mgpuMemAlloc
// allocated on the device.
func (h *cudaHost) inDeviceAlloc(addr uint64) bool {
	for base, size := range h.rt.devAllocs {
		if addr >= base && addr < base+uint64(max(size, 1)) {
			return true
		}
	}
	return false
}
