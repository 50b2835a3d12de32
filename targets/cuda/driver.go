// Package cuda drives NVIDIA GPUs through the CUDA driver API
// (libcuda.so.1), loaded at run time with purego: no cgo, so programs
// that use it build with CGO_ENABLED=0 and run where no driver is
// installed (Open then fails with ErrNoDriver).
//
// The driver binds a context to an OS thread, so every call runs on one
// goroutine locked to its thread (runtime.LockOSThread); a Device's
// methods may be called from any goroutine.
//
// On top of the driver calls, Runtime implements upstream MLIR's GPU
// runtime functions (mgpuModuleLoad, mgpuModuleGetFunction,
// mgpuLaunchKernel, mgpuMemAlloc, mgpuMemFree, mgpuMemcpy, mgpuMemset32,
// mgpuStreamCreate, mgpuStreamSynchronize, mgpuStreamDestroy,
// mgpuTensorMapEncodeTiled) with their semantics, for engines that run the
// host side of a GPU program.
package cuda

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// ErrNoDriver is returned by Open when libcuda.so.1 cannot be loaded.
var ErrNoDriver = errors.New("no CUDA driver: libcuda.so.1 cannot be loaded")

// Error is a failed driver call.
type Error struct {
	// Call names the driver function.
	Call string
	// Code is its CUresult.
	Code int
	// Name is the driver's name of the code (CUDA_ERROR_...).
	Name string
	// Log is the JIT compiler's error log, for module loads.
	Log string
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s failed: %s (%d)", e.Call, e.Name, e.Code)
	if e.Log != "" {
		s += ":\n" + strings.TrimRight(e.Log, "\n")
	}
	return s
}

// symbols are the driver functions used, by their exported names.
var symbols = []string{
	"cuInit", "cuDeviceGet", "cuDeviceGetCount", "cuDeviceGetName", "cuDeviceGetAttribute",
	"cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRelease_v2", "cuCtxSetCurrent", "cuCtxSynchronize",
	"cuModuleLoadDataEx", "cuModuleGetFunction", "cuModuleUnload", "cuFuncSetAttribute", "cuFuncGetAttribute",
	"cuMemAlloc_v2", "cuMemFree_v2", "cuMemcpyHtoD_v2", "cuMemcpyDtoH_v2", "cuMemcpyDtoD_v2", "cuMemsetD32_v2",
	"cuMemcpyHtoDAsync_v2", "cuMemcpyDtoHAsync_v2",
	"cuLaunchKernel", "cuLaunchKernelEx", "cuStreamCreate", "cuStreamSynchronize", "cuStreamDestroy_v2",
	"cuGetErrorName", "cuGetErrorString", "cuTensorMapEncodeTiled", "cuDriverGetVersion",
	"cuEventCreate", "cuEventRecord", "cuEventSynchronize", "cuEventElapsedTime", "cuEventDestroy_v2",
}

// Device is one GPU with its primary context, and the locked thread that
// makes every driver call.
type Device struct {
	fns     map[string]uintptr
	fflush  uintptr // libc's fflush, 0 when it cannot be found
	dev     int32
	ctx     uintptr
	calls   chan func()
	done    chan struct{}
	closeMu sync.Once
	// Name is the device's name; Major and Minor its compute capability.
	Name         string
	Major, Minor int
	// DriverVersion is the CUDA version the driver supports (13000 for
	// 13.0).
	DriverVersion int
}

// Open loads the driver, initializes it and makes the primary context of
// device ordinal current on the Device's thread.
func Open(ordinal int) (*Device, error) {
	d := &Device{fns: map[string]uintptr{}, calls: make(chan func()), done: make(chan struct{})}
	ready := make(chan error, 1)
	go d.loop(ordinal, ready)
	if err := <-ready; err != nil {
		return nil, err
	}
	return d, nil
}

// loop is the Device's thread: it opens the driver and then runs the
// calls sent to it.
func (d *Device) loop(ordinal int, ready chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := d.init(ordinal); err != nil {
		ready <- err
		return
	}
	ready <- nil
	for fn := range d.calls {
		fn()
	}
	if d.ctx != 0 {
		d.call("cuDevicePrimaryCtxRelease_v2", uintptr(d.dev))
	}
	close(d.done)
}

func (d *Device) init(ordinal int) error {
	lib, err := purego.Dlopen("libcuda.so.1", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrNoDriver, err)
	}
	for _, s := range symbols {
		p, err := purego.Dlsym(lib, s)
		if err != nil {
			return fmt.Errorf("the CUDA driver lacks %s: %v", s, err)
		}
		d.fns[s] = p
	}
	// Kernels print (vprintf) through the C library's stdout, which
	// the driver fills at each synchronization: Synchronize flushes it.
	if libc, err := purego.Dlopen("libc.so.6", purego.RTLD_NOW|purego.RTLD_GLOBAL); err == nil {
		if p, err := purego.Dlsym(libc, "fflush"); err == nil {
			d.fflush = p
		}
	}
	if err := d.call("cuInit", 0); err != nil {
		return err
	}
	var ver int32
	if err := d.call("cuDriverGetVersion", ptr(&ver)); err != nil {
		return err
	}
	d.DriverVersion = int(ver)
	var count int32
	if err := d.call("cuDeviceGetCount", ptr(&count)); err != nil {
		return err
	}
	if ordinal < 0 || ordinal >= int(count) {
		return fmt.Errorf("no CUDA device %d (the driver sees %d)", ordinal, count)
	}
	if err := d.call("cuDeviceGet", ptr(&d.dev), uintptr(ordinal)); err != nil {
		return err
	}
	name := make([]byte, 256)
	if err := d.call("cuDeviceGetName", uintptr(unsafe.Pointer(&name[0])), uintptr(len(name)), uintptr(d.dev)); err != nil {
		return err
	}
	d.Name = cString(name)
	const major, minor = 75, 76
	var v int32
	if err := d.call("cuDeviceGetAttribute", ptr(&v), major, uintptr(d.dev)); err != nil {
		return err
	}
	d.Major = int(v)
	if err := d.call("cuDeviceGetAttribute", ptr(&v), minor, uintptr(d.dev)); err != nil {
		return err
	}
	d.Minor = int(v)
	if err := d.call("cuDevicePrimaryCtxRetain", ptr(&d.ctx), uintptr(d.dev)); err != nil {
		return err
	}
	return d.call("cuCtxSetCurrent", d.ctx)
}

// Close releases the context and ends the Device's thread.
func (d *Device) Close() {
	d.closeMu.Do(func() {
		close(d.calls)
		<-d.done
	})
}

// do runs fn on the Device's thread.
func (d *Device) do(fn func() error) error {
	var err error
	ch := make(chan struct{})
	d.calls <- func() {
		err = fn()
		close(ch)
	}
	<-ch
	return err
}

// call calls the driver function name with args (on the current
// thread) and turns a CUresult other than CUDA_SUCCESS into an *Error.
func (d *Device) call(name string, args ...uintptr) error {
	r, _, _ := purego.SyscallN(d.fns[name], args...)
	if code := int32(r); code != 0 {
		return d.errorOf(name, int(code))
	}
	return nil
}

func (d *Device) errorOf(call string, code int) *Error {
	e := &Error{Call: call, Code: code, Name: fmt.Sprintf("CUresult %d", code)}
	if p := d.fns["cuGetErrorName"]; p != 0 {
		var s *byte
		if r, _, _ := purego.SyscallN(p, uintptr(code), ptr(&s)); r == 0 && s != nil {
			e.Name = goString(s)
		}
	}
	return e
}

func ptr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

// goString copies the C string at p (a string of the driver's).
func goString(p *byte) string {
	var b []byte
	for i := 0; i < 4096; i++ {
		c := *(*byte)(unsafe.Add(unsafe.Pointer(p), i))
		if c == 0 {
			break
		}
		b = append(b, c)
	}
	return string(b)
}

// Module is a loaded module (PTX compiled by the driver's JIT, or a
// cubin).
type Module struct{ h uintptr }

// Function is a kernel of a loaded module.
type Function struct{ h uintptr }

// Stream is a CUDA stream; the zero Stream is the default stream.
type Stream struct{ h uintptr }

// Ptr is a device address.
type Ptr uint64

// JIT option codes (CUjit_option).
const (
	jitInfoLogBuffer          = 3
	jitInfoLogBufferSizeBytes = 4
	jitErrorLogBuffer         = 5
	jitErrorLogBufferSizeByte = 6
	jitLogVerbose             = 12
	jitGenerateLineInfo       = 13
)

// LoadResult carries what the JIT compiler said about a module.
type LoadResult struct {
	// InfoLog is the compiler's information log (register usage, ...).
	InfoLog string
}

// LoadModule compiles PTX (NUL-terminated by LoadModule) or loads a cubin
// with the driver's JIT, with line information for the PTX's .loc
// directives. A compilation error is an *Error whose Log is the JIT's
// error log.
func (d *Device) LoadModule(image []byte) (*Module, LoadResult, error) {
	var m *Module
	var res LoadResult
	err := d.do(func() error {
		data := append(append([]byte(nil), image...), 0)
		infoLog := make([]byte, 1<<16)
		errLog := make([]byte, 1<<16)
		opts := []uint32{jitInfoLogBuffer, jitInfoLogBufferSizeBytes, jitErrorLogBuffer, jitErrorLogBufferSizeByte, jitLogVerbose, jitGenerateLineInfo}
		vals := []uintptr{uintptr(unsafe.Pointer(&infoLog[0])), uintptr(len(infoLog)), uintptr(unsafe.Pointer(&errLog[0])), uintptr(len(errLog)), 1, 1}
		var h uintptr
		r, _, _ := purego.SyscallN(d.fns["cuModuleLoadDataEx"], ptr(&h), uintptr(unsafe.Pointer(&data[0])),
			uintptr(len(opts)), uintptr(unsafe.Pointer(&opts[0])), uintptr(unsafe.Pointer(&vals[0])))
		runtime.KeepAlive(data)
		runtime.KeepAlive(infoLog)
		runtime.KeepAlive(errLog)
		res.InfoLog = cString(infoLog)
		if code := int32(r); code != 0 {
			e := d.errorOf("cuModuleLoadDataEx", int(code))
			e.Log = cString(errLog)
			return e
		}
		m = &Module{h: h}
		return nil
	})
	return m, res, err
}

// Unload unloads a module.
func (d *Device) Unload(m *Module) error {
	return d.do(func() error { return d.call("cuModuleUnload", m.h) })
}

// Function returns the kernel name of a module.
func (d *Device) Function(m *Module, name string) (*Function, error) {
	var f *Function
	err := d.do(func() error {
		b := append([]byte(name), 0)
		var h uintptr
		err := d.call("cuModuleGetFunction", ptr(&h), m.h, uintptr(unsafe.Pointer(&b[0])))
		runtime.KeepAlive(b)
		if err != nil {
			return err
		}
		f = &Function{h: h}
		return nil
	})
	return f, err
}

// Alloc allocates n bytes of device memory.
func (d *Device) Alloc(n int64) (Ptr, error) {
	var p Ptr
	err := d.do(func() error {
		if n == 0 {
			n = 1
		}
		return d.call("cuMemAlloc_v2", ptr(&p), uintptr(n))
	})
	return p, err
}

// Free frees device memory.
func (d *Device) Free(p Ptr) error {
	return d.do(func() error { return d.call("cuMemFree_v2", uintptr(p)) })
}

// CopyToDevice copies src to the device at dst (on stream s, waiting for
// the copy).
func (d *Device) CopyToDevice(dst Ptr, src []byte, s Stream) error {
	if len(src) == 0 {
		return nil
	}
	return d.do(func() error {
		err := d.call("cuMemcpyHtoDAsync_v2", uintptr(dst), uintptr(unsafe.Pointer(&src[0])), uintptr(len(src)), s.h)
		if err == nil {
			err = d.call("cuStreamSynchronize", s.h)
		}
		runtime.KeepAlive(src)
		return err
	})
}

// CopyFromDevice copies len(dst) bytes at src on the device into dst (on
// stream s, waiting for the copy).
func (d *Device) CopyFromDevice(dst []byte, src Ptr, s Stream) error {
	if len(dst) == 0 {
		return nil
	}
	return d.do(func() error {
		err := d.call("cuMemcpyDtoHAsync_v2", uintptr(unsafe.Pointer(&dst[0])), uintptr(src), uintptr(len(dst)), s.h)
		if err == nil {
			err = d.call("cuStreamSynchronize", s.h)
		}
		runtime.KeepAlive(dst)
		return err
	})
}

// CopyDevice copies n bytes between device addresses.
func (d *Device) CopyDevice(dst, src Ptr, n int64) error {
	return d.do(func() error { return d.call("cuMemcpyDtoD_v2", uintptr(dst), uintptr(src), uintptr(n)) })
}

// Memset32 sets n 32-bit words at p to v.
func (d *Device) Memset32(p Ptr, v uint32, n int64) error {
	return d.do(func() error { return d.call("cuMemsetD32_v2", uintptr(p), uintptr(v), uintptr(n)) })
}

// NewStream creates a stream.
func (d *Device) NewStream() (Stream, error) {
	var s Stream
	err := d.do(func() error { return d.call("cuStreamCreate", ptr(&s.h), 0) })
	return s, err
}

// Synchronize waits for the work of a stream, then flushes what its
// kernels printed to the process's standard output.
func (d *Device) Synchronize(s Stream) error {
	return d.do(func() error {
		err := d.call("cuStreamSynchronize", s.h)
		d.flushStdio()
		return err
	})
}

// flushStdio flushes the C library's output streams, where the driver
// writes what kernels print.
func (d *Device) flushStdio() {
	if d.fflush != 0 {
		purego.SyscallN(d.fflush, 0)
	}
}

// DestroyStream destroys a stream.
func (d *Device) DestroyStream(s Stream) error {
	if s.h == 0 {
		return nil
	}
	return d.do(func() error { return d.call("cuStreamDestroy_v2", s.h) })
}

// SynchronizeAll waits for all the context's work.
func (d *Device) SynchronizeAll() error {
	return d.do(func() error {
		err := d.call("cuCtxSynchronize")
		d.flushStdio()
		return err
	})
}

// Launch describes a kernel launch.
type Launch struct {
	Grid, Block [3]uint32
	// Cluster, when not zero, is the cluster shape (cuLaunchKernelEx);
	// a cluster of more than 8 blocks is allowed first (cuFuncSetAttribute).
	Cluster [3]uint32
	// SharedBytes is the dynamic shared memory; above 48 KB the kernel's
	// limit is raised first (cuFuncSetAttribute).
	SharedBytes uint32
	Stream      Stream
	// Params are the kernel's arguments, each as the bytes of its value.
	Params [][]byte
}

const (
	funcAttrMaxDynamicShared = 8
	// funcAttrNonPortableCluster is
	// CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED.
	funcAttrNonPortableCluster = 14
	// maxPortableCluster is the most blocks a cluster has without it.
	maxPortableCluster   = 8
	launchAttrClusterDim = 4
	defaultSharedLimit   = 48 << 10
)

// launchAttribute is CUlaunchAttribute: an id and a 64-byte value union.
type launchAttribute struct {
	id  uint32
	_   uint32
	val [64]byte
}

// launchConfig is CUlaunchConfig.
type launchConfig struct {
	grid     [3]uint32
	block    [3]uint32
	shared   uint32
	stream   uintptr
	attrs    uintptr
	numAttrs uint32
	_        uint32
}

// LaunchKernel launches f.
func (d *Device) LaunchKernel(f *Function, l Launch) error {
	return d.do(func() error { return d.launch(f, l) })
}

// TimeLaunches launches f n times on l's stream, each between two CUDA
// events, and returns the milliseconds of each launch.
func (d *Device) TimeLaunches(f *Function, l Launch, n int) ([]float64, error) {
	var ms []float64
	err := d.do(func() error {
		events := make([]uintptr, 2*n)
		defer func() {
			for _, e := range events {
				if e != 0 {
					_ = d.call("cuEventDestroy_v2", e)
				}
			}
		}()
		for i := range events {
			if err := d.call("cuEventCreate", ptr(&events[i]), 0); err != nil {
				return err
			}
		}
		for i := 0; i < n; i++ {
			if err := d.call("cuEventRecord", events[2*i], l.Stream.h); err != nil {
				return err
			}
			if err := d.launch(f, l); err != nil {
				return err
			}
			if err := d.call("cuEventRecord", events[2*i+1], l.Stream.h); err != nil {
				return err
			}
		}
		if err := d.call("cuEventSynchronize", events[2*n-1]); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			var t float32
			if err := d.call("cuEventElapsedTime", ptr(&t), events[2*i], events[2*i+1]); err != nil {
				return err
			}
			ms = append(ms, float64(t))
		}
		return nil
	})
	return ms, err
}

// launch launches f on the driver's thread.
func (d *Device) launch(f *Function, l Launch) error {
	if l.SharedBytes > defaultSharedLimit {
		if err := d.call("cuFuncSetAttribute", f.h, funcAttrMaxDynamicShared, uintptr(l.SharedBytes)); err != nil {
			return err
		}
	}
	// The arguments live in one buffer; the array of their addresses
	// is what the driver reads.
	size := 0
	for _, p := range l.Params {
		size += (len(p) + 15) &^ 15
	}
	buf := make([]byte, size+16)
	addrs := make([]uintptr, len(l.Params)+1)
	off := 0
	for i, p := range l.Params {
		copy(buf[off:], p)
		addrs[i] = uintptr(unsafe.Pointer(&buf[off]))
		off += (len(p) + 15) &^ 15
	}
	var params uintptr
	if len(l.Params) > 0 {
		params = uintptr(unsafe.Pointer(&addrs[0]))
	}
	var err error
	if l.Cluster != [3]uint32{} {
		// A cluster of more than 8 blocks (up to 16 on Hopper) must be
		// allowed first, as upstream's mgpuLaunchClusterKernel does.
		if uint64(l.Cluster[0])*uint64(l.Cluster[1])*uint64(l.Cluster[2]) > maxPortableCluster {
			if err := d.call("cuFuncSetAttribute", f.h, funcAttrNonPortableCluster, 1); err != nil {
				return err
			}
		}
		attr := launchAttribute{id: launchAttrClusterDim}
		for i, v := range l.Cluster {
			*(*uint32)(unsafe.Pointer(&attr.val[4*i])) = v
		}
		cfg := launchConfig{grid: l.Grid, block: l.Block, shared: l.SharedBytes, stream: l.Stream.h,
			attrs: uintptr(unsafe.Pointer(&attr)), numAttrs: 1}
		err = d.call("cuLaunchKernelEx", uintptr(unsafe.Pointer(&cfg)), f.h, params, 0)
		runtime.KeepAlive(&attr)
		runtime.KeepAlive(&cfg)
	} else {
		err = d.call("cuLaunchKernel", f.h, uintptr(l.Grid[0]), uintptr(l.Grid[1]), uintptr(l.Grid[2]),
			uintptr(l.Block[0]), uintptr(l.Block[1]), uintptr(l.Block[2]), uintptr(l.SharedBytes), l.Stream.h, params, 0)
	}
	runtime.KeepAlive(buf)
	runtime.KeepAlive(addrs)
	return err
}

// TensorMap is a CUtensorMap: 128 bytes, 64-byte aligned when passed.
type TensorMap [128]byte

// TensorMapTiled describes cuTensorMapEncodeTiled's arguments.
type TensorMapTiled struct {
	// DataType is a CUtensorMapDataType (0 uint8 ... 7 float32, 9
	// bfloat16, 6 float16).
	DataType uint32
	Address  Ptr
	// Dims and Strides (bytes, one fewer than Dims) are innermost first.
	Dims, Strides, Box, ElementStrides []uint64
	// Interleave, Swizzle, L2Promotion and OOBFill are the enums'
	// values (0 for none).
	Interleave, Swizzle, L2Promotion, OOBFill uint32
}

// EncodeTiled makes a tensor map for the bulk tensor copies of Hopper.
func (d *Device) EncodeTiled(t TensorMapTiled) (TensorMap, error) {
	var m TensorMap
	rank := len(t.Dims)
	if rank < 1 || rank > 5 || len(t.Box) != rank || len(t.Strides) != rank-1 {
		return m, fmt.Errorf("cuTensorMapEncodeTiled: rank %d with %d strides and %d box sizes", rank, len(t.Strides), len(t.Box))
	}
	es := t.ElementStrides
	if len(es) == 0 {
		es = make([]uint64, rank)
		for i := range es {
			es[i] = 1
		}
	}
	box := make([]uint32, rank)
	elem := make([]uint32, rank)
	for i := range box {
		box[i], elem[i] = uint32(t.Box[i]), uint32(es[i])
	}
	strides := append([]uint64(nil), t.Strides...)
	strides = append(strides, 0)
	err := d.do(func() error {
		aligned := make([]byte, 128+64)
		off := (64 - int(uintptr(unsafe.Pointer(&aligned[0]))%64)) % 64
		err := d.call("cuTensorMapEncodeTiled", uintptr(unsafe.Pointer(&aligned[off])), uintptr(t.DataType), uintptr(rank),
			uintptr(t.Address), uintptr(unsafe.Pointer(&t.Dims[0])), uintptr(unsafe.Pointer(&strides[0])),
			uintptr(unsafe.Pointer(&box[0])), uintptr(unsafe.Pointer(&elem[0])),
			uintptr(t.Interleave), uintptr(t.Swizzle), uintptr(t.L2Promotion), uintptr(t.OOBFill))
		copy(m[:], aligned[off:off+128])
		runtime.KeepAlive(aligned)
		runtime.KeepAlive(t.Dims)
		runtime.KeepAlive(strides)
		runtime.KeepAlive(box)
		runtime.KeepAlive(elem)
		return err
	})
	return m, err
}

// SharedLimit returns the most dynamic shared memory a block may opt in
// to.
func (d *Device) SharedLimit() (int, error) {
	const optin = 97
	var v int32
	err := d.do(func() error { return d.call("cuDeviceGetAttribute", ptr(&v), optin, uintptr(d.dev)) })
	return int(v), err
}
