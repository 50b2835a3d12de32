package llvm

import (
	"bufio"
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/runner"
)

// The C functions the lowering calls: the allocator, memrefCopy and the
// runner utilities called with their C arguments (an unranked memref is
// passed as its rank and a pointer to its ranked descriptor).

func resultType(call *ir.Operation) (ir.Type, error) {
	if call == nil || call.NumResults() != 1 {
		return nil, fmt.Errorf("expected a call with one result")
	}
	return call.Result(0).Type(), nil
}

func where(f *interp.Frame, call *ir.Operation) *ir.Operation {
	if call != nil {
		return call
	}
	return f.Function()
}

func checkArgs(f *interp.Frame, call *ir.Operation, args []interp.Value, n int) error {
	if len(args) != n {
		return interp.Errorf(where(f, call), fmt.Sprintf("expected %d arguments, got %d", n, len(args)))
	}
	if p := poisonOf(args...); p != nil {
		return p.errorAt(where(f, call), "an argument")
	}
	return nil
}

func malloc(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := checkArgs(f, call, args, 1); err != nil {
		return nil, err
	}
	return allocate(f, call, args[0].Int(), 16)
}

func alignedAlloc(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := checkArgs(f, call, args, 2); err != nil {
		return nil, err
	}
	align := args[0].Int()
	if align <= 0 || align&(align-1) != 0 || align > 1<<20 {
		return nil, interp.Errorf(where(f, call), fmt.Sprintf("aligned_alloc: invalid alignment %d", align))
	}
	return allocate(f, call, args[1].Int(), align)
}

func allocate(f *interp.Frame, call *ir.Operation, size, align int64) ([]interp.Value, error) {
	rt, err := resultType(call)
	if err != nil {
		return nil, interp.Errorf(where(f, call), err.Error())
	}
	if size < 0 || size > 1<<32 {
		return nil, interp.Errorf(where(f, call), fmt.Sprintf("cannot allocate %d bytes", size))
	}
	a := memOf(f).allocAligned(size, align, "heap")
	return []interp.Value{pointer(rt, a, 0)}, nil
}

func free(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := checkArgs(f, call, args, 1); err != nil {
		return nil, err
	}
	at := where(f, call)
	if args[0].Bits() == 0 {
		return nil, nil
	}
	a, off := target(args[0])
	switch {
	case a == nil:
		return nil, interp.Errorf(at, fmt.Sprintf("free of address 0x%x, which is not in any allocation", args[0].Bits()))
	case a.isFreed():
		return nil, interp.Errorf(at, "double free of a "+a.describe())
	case off != 0 || a.kind != "heap" && a.kind != "memref":
		return nil, interp.Errorf(at, fmt.Sprintf("free of a pointer %d bytes into a %s, which malloc did not return", off, a.describe()))
	}
	a.freed = true
	if a.buf != nil {
		a.buf.Freed = true
	}
	return nil, nil
}

// puts prints the C string at its argument and a newline.
func puts(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	b, err := cString(f, call, args, "puts")
	if err != nil {
		return nil, err
	}
	if _, err := fmt.Fprintf(f.Interpreter().Out, "%s\n", b); err != nil {
		return nil, err
	}
	if call == nil || call.NumResults() == 0 {
		return nil, nil
	}
	// puts returns a non-negative number on success.
	return []interp.Value{interp.MakeInt(call.Result(0).Type(), uint64(len(b)+1))}, nil
}

// cString reads the NUL-terminated string that the only argument of a
// call of the C function fn points to.
func cString(f *interp.Frame, call *ir.Operation, args []interp.Value, fn string) ([]byte, error) {
	if err := checkArgs(f, call, args, 1); err != nil {
		return nil, err
	}
	at := where(f, call)
	a, off, err := access(at, args[0], 0, false)
	if err != nil {
		return nil, err
	}
	var b []byte
	var c [1]byte
	for ; ; off++ {
		if off >= a.size {
			return nil, interp.Errorf(at, fn+": the string is not terminated within its "+a.describe())
		}
		a.readBytes(off, c[:])
		if c[0] == 0 {
			return b, nil
		}
		b = append(b, c[0])
	}
}

// abort ends the program with an error.
func abort(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	return nil, interp.Errorf(where(f, call), "the program called abort")
}

// poisonThrough wraps a runtime function without side effects so that a
// poison argument makes its result poison.
func poisonThrough(fn interp.ExternalFunc) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if p := poisonOf(args...); p != nil && call != nil && call.NumResults() == 1 {
			return []interp.Value{interp.MakeObject(call.Result(0).Type(), 0, p)}, nil
		}
		return fn(f, call, args)
	}
}

// noPoison wraps a runtime function whose arguments must not be poison.
func noPoison(fn interp.ExternalFunc) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if p := poisonOf(args...); p != nil {
			return nil, p.errorAt(where(f, call), "an argument")
		}
		return fn(f, call, args)
	}
}

// rankedView reads the ranked descriptor of rank rank at pointer p and
// returns the memref of element type elem it describes, without retyping
// the memory: a buffer whose elements have the size of elem is viewed in
// place, other memory is decoded into a copy.
func rankedView(f *interp.Frame, at *ir.Operation, p interp.Value, rank int64, elem ir.Type) (*interp.MemRef, error) {
	if rank < 0 || rank > 1<<16 {
		return nil, interp.Errorf(at, fmt.Sprintf("invalid memref rank %d", rank))
	}
	words := 3 + 2*rank
	a, off, err := access(at, p, 8*words, false)
	if err != nil {
		return nil, err
	}
	w := make([]int64, words)
	var b [8]byte
	for i := range w {
		a.readBytes(off+8*int64(i), b[:])
		w[i] = int64(binary.LittleEndian.Uint64(b[:]))
	}
	m := memOf(f)
	aligned := uint64(w[1])
	da := m.find(aligned)
	if da == nil {
		return nil, interp.Errorf(at, fmt.Sprintf("the memref descriptor's pointer 0x%x is not in any allocation", aligned))
	}
	if da.isFreed() {
		return nil, interp.Errorf(at, "the memref descriptor points to a freed "+da.describe())
	}
	es, err := sizeOf(elem)
	if err != nil {
		return nil, interp.Errorf(at, err.Error())
	}
	doff := int64(aligned - da.base)
	mr := &interp.MemRef{Offset: w[2], Sizes: w[3 : 3+rank], Strides: w[3+rank:]}
	if da.buf != nil && da.esize == es && doff%es == 0 {
		mr.Buf = da.buf
		mr.Offset += doff / es
	} else {
		n := (da.size - doff) / es
		if n < 0 {
			n = 0
		}
		buf := &interp.Buffer{Data: make([]uint64, n), Elem: elem, Addr: aligned}
		for i := range buf.Data {
			b = [8]byte{}
			da.readBytes(doff+int64(i)*es, b[:es])
			buf.Data[i] = interp.FromBits(elem, binary.LittleEndian.Uint64(b[:])).Bits()
		}
		mr.Buf = buf
	}
	if err := mr.Check(); err != nil {
		return nil, interp.Errorf(at, err.Error())
	}
	return mr, nil
}

// unrankedArg returns the (rank, pointer) pair of an unranked memref
// passed as two arguments, as one struct, or as a pointer to the pair
// (the _mlir_ciface_ convention).
func unrankedArg(f *interp.Frame, at *ir.Operation, args []interp.Value) (int64, interp.Value, error) {
	switch {
	case len(args) == 2:
		return args[0].Int(), args[1], nil
	case len(args) == 1 && len(fields(args[0])) == 2:
		fs := fields(args[0])
		if p := poisonOf(fs...); p != nil {
			return 0, interp.Value{}, p.errorAt(at, "the unranked memref descriptor")
		}
		return fs[0].Int(), fs[1], nil
	case len(args) == 1:
		return derefUnranked(f, at, args[0])
	}
	return 0, interp.Value{}, interp.Errorf(at, "expected an unranked memref argument")
}

// readDescriptor reads the ranked memref descriptor of the given rank at
// p (allocated and aligned pointers, offset, sizes, strides, one word
// each) and finds the allocation its aligned pointer points into, nil
// when there is none.
func readDescriptor(f *interp.Frame, at *ir.Operation, rank int64, p interp.Value) ([]int64, *allocation, error) {
	if rank < 0 || rank > 1<<16 {
		return nil, nil, interp.Errorf(at, fmt.Sprintf("invalid memref rank %d", rank))
	}
	words := 3 + 2*rank
	da, off, err := access(at, p, 8*words, false)
	if err != nil {
		return nil, nil, err
	}
	w := make([]int64, words)
	var b [8]byte
	for i := range w {
		da.readBytes(off+8*int64(i), b[:])
		w[i] = int64(binary.LittleEndian.Uint64(b[:]))
	}
	return w, memOf(f).find(uint64(w[1])), nil
}

// derefUnranked reads the (rank, pointer) pair at p.
func derefUnranked(f *interp.Frame, at *ir.Operation, p interp.Value) (int64, interp.Value, error) {
	rank, err := readInt(at, p, 8)
	if err != nil {
		return 0, interp.Value{}, err
	}
	a, off, err := access(at, p, 16, false)
	if err != nil {
		return 0, interp.Value{}, err
	}
	var b [8]byte
	a.readBytes(off+8, b[:])
	addr := binary.LittleEndian.Uint64(b[:])
	return int64(rank), interp.MakeObject(p.Type, addr, memOf(f).find(addr)), nil
}

// isMemRefArg reports whether an argument list is the memref (or tensor)
// form that interp/runner handles.
func isMemRefArg(args []interp.Value) bool {
	return len(args) == 1 && (args[0].MemRef() != nil || args[0].Dense() != nil)
}

// printMemref is printMemref<T> at the llvm level, falling back to prev
// (interp/runner) for a memref argument.
func printMemref(elem func(*ir.Context) ir.Type, prev interp.ExternalFunc) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if isMemRefArg(args) && prev != nil {
			return prev(f, call, args)
		}
		at := where(f, call)
		rank, p, err := unrankedArg(f, at, args)
		if err != nil {
			return nil, err
		}
		mr, err := rankedView(f, at, p, rank, elem(at.Context()))
		if err != nil {
			return nil, err
		}
		w := bufio.NewWriter(f.Interpreter().Out)
		runner.WriteMemref(w, mr)
		return nil, w.Flush()
	}
}

// memrefCopy is the runtime's memrefCopy(elemSize, src, dst), whose
// memrefs are pointers to unranked descriptors.
func memrefCopy(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if isMemRefArg(args[len(args)-1:]) {
		return nil, interp.Errorf(where(f, call), "memrefCopy expects descriptors, not memrefs")
	}
	if err := checkArgs(f, call, args, 3); err != nil {
		return nil, err
	}
	at := where(f, call)
	es := args[0].Int()
	if es <= 0 || es > 1<<20 {
		return nil, interp.Errorf(at, fmt.Sprintf("memrefCopy: invalid element size %d", es))
	}
	var views [2]struct {
		a              *allocation
		off            int64
		sizes, strides []int64
	}
	for k, arg := range args[1:] {
		rank, p, err := derefUnranked(f, at, arg)
		if err != nil {
			return nil, err
		}
		w, a, err := readDescriptor(f, at, rank, p)
		if err != nil {
			return nil, err
		}
		aligned := uint64(w[1])
		if a == nil {
			return nil, interp.Errorf(at, fmt.Sprintf("memrefCopy: pointer 0x%x is not in any allocation", aligned))
		}
		views[k].a, views[k].off = a, int64(aligned-a.base)+w[2]*es
		views[k].sizes, views[k].strides = w[3:3+rank], w[3+rank:]
	}
	src, dst := views[0], views[1]
	if fmt.Sprint(src.sizes) != fmt.Sprint(dst.sizes) {
		return nil, interp.Errorf(at, fmt.Sprintf("memrefCopy between memrefs of sizes %v and %v", src.sizes, dst.sizes))
	}
	n := interp.NumElements(src.sizes)
	if n == 0 {
		return nil, nil
	}
	rank := len(src.sizes)
	idx := make([]int64, rank)
	buf := make([]byte, es)
	for i := int64(0); i < n; i++ {
		so, do := src.off, dst.off
		for d, x := range idx {
			so += x * src.strides[d] * es
			do += x * dst.strides[d] * es
		}
		sp := pointer(nil, src.a, so)
		dp := pointer(nil, dst.a, do)
		sa, soff, err := access(at, sp, es, false)
		if err != nil {
			return nil, err
		}
		da, doff, err := access(at, dp, es, true)
		if err != nil {
			return nil, err
		}
		sa.readBytes(soff, buf)
		da.writeBytes(doff, buf)
		for d := rank - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < src.sizes[d] {
				break
			}
			idx[d] = 0
		}
	}
	return nil, nil
}
