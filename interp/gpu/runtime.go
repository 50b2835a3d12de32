package gpu

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dgpu "github.com/strata-ir/strata/dialects/gpu"
	dnvgpu "github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/nvgpu"
)

// The host side after gpu-to-llvm and gpu-module-to-binary: calls of
// upstream's GPU runtime functions (mgpuStreamCreate, mgpuMemAlloc,
// mgpuMemcpy, ...) and gpu.launch_func of a kernel of a gpu.binary. On
// the SIMT model device memory is host memory and the launches run the
// kernels of objects of the offload format (the gpu.module's IR) on the
// interpreter; a launch on a stream is queued and runs, with the others
// queued, when a runtime function that may observe it is called.

// runtimeFuncs are the runtime functions with their semantics; those
// marked observe first run the queued kernels.
var runtimeFuncs = []struct {
	name    string
	observe bool
	fn      interp.ExternalFunc
}{
	{"mgpuStreamCreate", false, newHandle},
	{"mgpuEventCreate", false, newHandle},
	{"mgpuStreamDestroy", true, none},
	{"mgpuEventDestroy", true, none},
	{"mgpuStreamSynchronize", true, none},
	{"mgpuEventSynchronize", true, none},
	{"mgpuEventRecord", false, none},
	{"mgpuStreamWaitEvent", false, none},
	{"mgpuSetDefaultDevice", false, none},
	{"mgpuMemHostRegisterMemRef", false, registerMemRef(true)},
	{"mgpuMemHostUnregisterMemRef", true, registerMemRef(false)},
	{"mgpuMemAlloc", true, memAlloc},
	{"mgpuMemFree", true, memFree},
	{"mgpuMemcpy", true, memCopy},
	{"mgpuMemset32", true, memSet(4)},
	{"mgpuMemset16", true, memSet(2)},
	{"mgpuTensorMapEncodeTiledMemref", false, tensorMapEncode},
}

func registerRuntime(reg *interp.Registry) {
	for _, r := range runtimeFuncs {
		fn := r.fn
		if r.observe {
			fn = flushing(fn)
		}
		reg.RegisterExternal(r.name, fn)
	}
}

// flushing runs the queued kernels before fn.
func flushing(fn interp.ExternalFunc) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if err := flush(f.Interpreter()); err != nil {
			return nil, err
		}
		return fn(f, call, args)
	}
}

// handle is the object of a stream or an event.
type handle struct{ id uint64 }

type handleKey struct{}

func newHandle(f *interp.Frame, call *ir.Operation, _ []interp.Value) ([]interp.Value, error) {
	if err := oneResult(call); err != nil {
		return nil, err
	}
	in := f.Interpreter()
	n, _ := in.Data(handleKey{}).(uint64)
	n++
	in.SetData(handleKey{}, n)
	// Handles are small odd addresses that no allocation has.
	return []interp.Value{interp.MakeObject(call.Result(0).Type(), n<<4|1, handle{n})}, nil
}

func none(*interp.Frame, *ir.Operation, []interp.Value) ([]interp.Value, error) { return nil, nil }

// oneResult reports a call of a runtime function that returns a value
// without exactly one result.
func oneResult(call *ir.Operation) error {
	if call == nil || call.NumResults() != 1 {
		return interp.Errorf(call, "expected a call with one result")
	}
	return nil
}

func argCount(call *ir.Operation, args []interp.Value, n int) error {
	if len(args) != n {
		return interp.Errorf(call, fmt.Sprintf("expected %d arguments, got %d", n, len(args)))
	}
	return nil
}

// memAlloc is mgpuMemAlloc(size, stream, isHostShared): device memory,
// which is host memory here.
func memAlloc(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := argCount(call, args, 3); err != nil {
		return nil, err
	}
	if err := oneResult(call); err != nil {
		return nil, err
	}
	size := args[0].Int()
	if size < 0 || size > 1<<32 {
		return nil, interp.Errorf(call, fmt.Sprintf("cannot allocate %d bytes of device memory", size))
	}
	p := llvm.Allocate(f.Interpreter(), call.Result(0).Type(), size, 256, "device")
	base, _, _, _ := llvm.Allocation(p)
	visible(f.Interpreter())[base] = true
	return []interp.Value{p}, nil
}

// visibleKey keys, in the interpreter's data, the allocations that
// kernels may access (by their first address): device memory and
// registered host memory. A kernel given a pointer into other host
// memory would fault on a GPU; the interpreter reports it.
type visibleKey struct{}

func visible(in *interp.Interpreter) map[uint64]bool {
	m, _ := in.Data(visibleKey{}).(map[uint64]bool)
	if m == nil {
		m = map[uint64]bool{}
		in.SetData(visibleKey{}, m)
	}
	return m
}

// registerMemRef returns mgpuMemHostRegisterMemRef (on) or
// mgpuMemHostUnregisterMemRef (rank, descriptor, element size): the
// allocation that the descriptor's aligned pointer points into becomes
// visible to kernels, or stops being.
func registerMemRef(on bool) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if err := argCount(call, args, 3); err != nil {
			return nil, err
		}
		b, err := llvm.LoadBytes(call, args[1], 16)
		if err != nil {
			return nil, err
		}
		aligned := binary.LittleEndian.Uint64(b[8:])
		p, ok := llvm.PointerAt(f.Interpreter(), args[1].Type, aligned)
		if !ok {
			return nil, interp.Errorf(call, fmt.Sprintf("the memref points to 0x%x, which is not host memory", aligned))
		}
		base, _, _, _ := llvm.Allocation(p)
		if on {
			visible(f.Interpreter())[base] = true
		} else {
			delete(visible(f.Interpreter()), base)
		}
		return nil, nil
	}
}

// memFree is mgpuMemFree(ptr, stream).
func memFree(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := argCount(call, args, 2); err != nil {
		return nil, err
	}
	return nil, llvm.Free(call, args[0])
}

// memCopy is mgpuMemcpy(dst, src, size, stream).
func memCopy(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := argCount(call, args, 4); err != nil {
		return nil, err
	}
	n := args[2].Int()
	if n == 0 {
		return nil, nil
	}
	data, err := llvm.LoadBytes(call, args[1], n)
	if err != nil {
		return nil, err
	}
	return nil, llvm.StoreBytes(call, args[0], data)
}

// memSet returns mgpuMemset32 or mgpuMemset16 (dst, value, count, stream).
func memSet(width int) interp.ExternalFunc {
	return func(_ *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if err := argCount(call, args, 4); err != nil {
			return nil, err
		}
		count := args[2].Int()
		if count < 0 || count > 1<<30 {
			return nil, interp.Errorf(call, fmt.Sprintf("invalid element count %d", count))
		}
		data := make([]byte, count*int64(width))
		for i := int64(0); i < count; i++ {
			if width == 4 {
				binary.LittleEndian.PutUint32(data[i*4:], uint32(args[1].Bits()))
			} else {
				binary.LittleEndian.PutUint16(data[i*2:], uint16(args[1].Bits()))
			}
		}
		return nil, llvm.StoreBytes(call, args[0], data)
	}
}

// offloadKey keys, in the interpreter's data, the gpu.module parsed from
// the selected object of a gpu.binary.
type offloadKey struct{ bin *ir.Operation }

// binaryKernel returns the llvm.func kernel of a launch of a gpu.binary's
// kernel: the binary's selected object must be of the offload format.
func binaryKernel(in *interp.Interpreter, op *ir.Operation, bin dgpu.BinaryOp, name string) (*ir.Operation, error) {
	mod, _ := in.Data(offloadKey{bin.Operation}).(*ir.Operation)
	if mod == nil {
		obj, err := bin.SelectedObject()
		if err != nil {
			return nil, interp.Errorf(op, "gpu.binary @"+bin.SymName()+": "+err.Error())
		}
		if obj.Format != dgpu.FormatOffload {
			return nil, interp.Errorf(op, fmt.Sprintf("gpu.binary @%s holds an object of the %s format, which the interpreter cannot run: make it with gpu-module-to-binary{format=llvm} (gpu-lower-to-nvvm-pipeline{cubin-format=llvm})", bin.SymName(), obj.Format))
		}
		if mod, err = dgpu.OffloadModule(op.Context(), obj); err != nil {
			return nil, interp.Errorf(op, "gpu.binary @"+bin.SymName()+": "+err.Error())
		}
		in.SetData(offloadKey{bin.Operation}, mod)
	}
	fn := ir.NewSymbolTable(mod).Lookup(name)
	if fn == nil || fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, interp.Errorf(op, fmt.Sprintf("gpu.binary @%s has no kernel @%s", bin.SymName(), name))
	}
	return fn, nil
}

// launchBinary runs a gpu.launch_func of a kernel of a gpu.binary, its
// operands of the kernel's llvm types; with an async object (a stream)
// it is queued.
func launchBinary(f *interp.Frame, op *ir.Operation, bin dgpu.BinaryOp, name string, cfg simt.Config) error {
	in := f.Interpreter()
	l, _ := dgpu.AsLaunchFuncOp(op)
	fn, err := binaryKernel(in, op, bin, name)
	if err != nil {
		return err
	}
	args, err := f.Values(op, l.KernelOperands())
	if err != nil {
		return err
	}
	params := fn.Region(0).First().Arguments()
	if len(params) != len(args) {
		return interp.Errorf(op, fmt.Sprintf("kernel @%s::@%s takes %d parameters, %d given", bin.SymName(), name, len(params), len(args)))
	}
	for i, a := range args {
		if a.Type != params[i].Type() {
			return interp.Errorf(op, fmt.Sprintf("operand %d of the launch is a '%s', the kernel's parameter a '%s'", i, ir.TypeString(a.Type), ir.TypeString(params[i].Type())))
		}
		if base, _, _, ok := llvm.Allocation(a); ok && !visible(in)[base] {
			return interp.Errorf(op, fmt.Sprintf("operand %d of the launch points into host memory that is not registered with the device (gpu.host_register)", i))
		}
	}
	cfg.WarpSize = waveSize(fn)
	k := simt.Kernel{Config: cfg, Body: func(t *simt.Thread) error {
		_, err := t.In.Call(op, fn, args)
		return err
	}}
	if l.AsyncObject() != nil {
		p, _ := in.Data(pendingKey{}).(*pending)
		if p == nil {
			p = &pending{}
			in.SetData(pendingKey{}, p)
		}
		p.kernels = append(p.kernels, k)
		return nil
	}
	if err := flush(in); err != nil {
		return err
	}
	return simt.Run(in, k.Config, k.Setup, k.Body)
}

// tensorMapElem returns the element type of a CUtensorMapDataType
// (mgpuTensorMapEncodeTiledMemref's data type argument), nil for those
// the interpreter does not copy (the TFLOAT32 and 12-byte kinds).
func tensorMapElem(ctx *ir.Context, dt int64) ir.Type {
	switch dt {
	case 0:
		return ctx.IntegerType(8, ir.Unsigned)
	case 1:
		return ctx.IntegerType(16, ir.Unsigned)
	case 2:
		return ctx.IntegerType(32, ir.Unsigned)
	case 3:
		return ctx.I(32)
	case 4:
		return ctx.IntegerType(64, ir.Unsigned)
	case 5:
		return ctx.I(64)
	case 6:
		return ctx.FloatType(ir.F16)
	case 7:
		return ctx.FloatType(ir.F32)
	case 8:
		return ctx.FloatType(ir.F64)
	case 9:
		return ctx.FloatType(ir.BF16)
	}
	return nil
}

// tensorMapEncode is mgpuTensorMapEncodeTiledMemref(rank, descriptor,
// data type, interleave, swizzle, l2 promotion, oob fill, box sizes):
// the tensor map of the ranked memref descriptor's data (its aligned
// pointer; the runtime ignores the offset), sizes and strides with the
// box of the first rank of the five i64 at box sizes. Its pointer is
// what the kernel's tensor copies read (the object of the value; no
// memory of the interpreter's holds it).
func tensorMapEncode(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := argCount(call, args, 8); err != nil {
		return nil, err
	}
	if err := oneResult(call); err != nil {
		return nil, err
	}
	in := f.Interpreter()
	rank := args[0].Int()
	if rank < 1 || rank > 5 {
		return nil, interp.Errorf(call, fmt.Sprintf("a tensor map of rank %d: the rank must be in [1, 5]", rank))
	}
	elem := tensorMapElem(call.Context(), args[2].Int())
	if elem == nil {
		return nil, interp.Errorf(call, fmt.Sprintf("the interpreter has no tensor maps of CUtensorMapDataType %d", args[2].Int()))
	}
	if args[3].Int() != 0 {
		return nil, interp.Errorf(call, "the interpreter has no tensor maps with an interleaved layout")
	}
	swizzle := dnvgpu.TensorMapSwizzleKind(args[4].Int())
	if swizzle.String() == "" {
		return nil, interp.Errorf(call, fmt.Sprintf("invalid CUtensorMapSwizzle %d", args[4].Int()))
	}
	desc, err := llvm.LoadBytes(call, args[1], 24+16*rank)
	if err != nil {
		return nil, err
	}
	word := func(i int64) int64 { return int64(binary.LittleEndian.Uint64(desc[8*i:])) }
	t := nvgpu.RawTensor{Elem: elem, Sizes: make([]int64, rank), Strides: make([]int64, rank)}
	for d := range rank {
		t.Sizes[d] = word(3 + d)
		t.Strides[d] = word(3 + rank + d)
	}
	data, ok := llvm.PointerAt(in, call.Result(0).Type(), uint64(word(1)))
	if !ok {
		return nil, interp.Errorf(call, fmt.Sprintf("the memref's data at 0x%x is not memory of the program", uint64(word(1))))
	}
	if base, _, _, _ := llvm.Allocation(data); !visible(in)[base] {
		return nil, interp.Errorf(call, "the memref's data is host memory that is not registered with the device (gpu.host_register)")
	}
	t.Load = func(op *ir.Operation, off, n int64) (uint64, error) {
		b, err := llvm.LoadBytes(op, llvm.Offset(data, off), n)
		if err != nil {
			return 0, err
		}
		var full [8]byte
		copy(full[:], b)
		return binary.LittleEndian.Uint64(full[:]), nil
	}
	t.Store = func(op *ir.Operation, off int64, bits uint64, n int64) error {
		var full [8]byte
		binary.LittleEndian.PutUint64(full[:], bits)
		return llvm.StoreBytes(op, llvm.Offset(data, off), full[:n])
	}
	boxBytes, err := llvm.LoadBytes(call, args[7], 8*rank)
	if err != nil {
		return nil, err
	}
	box := make([]int64, rank)
	for d := range box {
		box[d] = int64(binary.LittleEndian.Uint64(boxBytes[8*d:]))
	}
	tm, err := nvgpu.NewRawTensorMap(t, box, swizzle, args[6].Int() != 0)
	if err != nil {
		return nil, interp.Errorf(call, err.Error())
	}
	n, _ := in.Data(handleKey{}).(uint64)
	n++
	in.SetData(handleKey{}, n)
	return []interp.Value{interp.MakeObject(call.Result(0).Type(), n<<4|1, tm)}, nil
}
