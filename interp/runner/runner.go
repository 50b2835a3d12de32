// Package runner implements the runtime functions of MLIR's runner
// utilities (libmlir_runner_utils and libmlir_c_runner_utils) as external
// functions of the interpreter, printing exactly what they print:
//
//	printMemrefF32, printMemrefF64, printMemrefF16, printMemrefBF16,
//	printMemrefI8, printMemrefI16, printMemrefI32, printMemrefI64,
//	printMemrefInd, printMemrefC32, printMemrefC64 (an unranked memref
//	argument),
//	printF32, printF64, printF16, printBF16, printI64, printU64,
//	printNewline, printComma, printOpen, printClose
//
// Output goes to the interpreter's Out writer. Memref base addresses are
// the interpreter's fake addresses, not real heap addresses.
package runner

import (
	"bufio"
	"fmt"
	"math"
	"strconv"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// Register adds the runner utilities to reg.
func Register(reg *interp.Registry) {
	for _, n := range []string{"F32", "F64", "F16", "BF16", "I8", "I16", "I32", "I64", "Ind", "C32", "C64"} {
		reg.RegisterExternal("printMemref"+n, printMemref)
		reg.RegisterExternal("_mlir_ciface_printMemref"+n, printMemref)
	}
	reg.RegisterExternal("printF32", printScalar(func(v interp.Value) string { return FormatG(v.Float()) }))
	reg.RegisterExternal("printF64", printScalar(func(v interp.Value) string { return FormatG(v.Float()) }))
	reg.RegisterExternal("printF16", printScalar(func(v interp.Value) string { return FormatG(v.Float()) }))
	reg.RegisterExternal("printBF16", printScalar(func(v interp.Value) string { return FormatG(v.Float()) }))
	reg.RegisterExternal("printI64", printScalar(func(v interp.Value) string { return strconv.FormatInt(v.Int(), 10) }))
	reg.RegisterExternal("printU64", printScalar(func(v interp.Value) string { return strconv.FormatUint(v.Uint(), 10) }))
	reg.RegisterExternal("printNewline", printText("\n"))
	reg.RegisterExternal("printComma", printText(", "))
	reg.RegisterExternal("printOpen", printText("( "))
	reg.RegisterExternal("printClose", printText(" )"))
}

// FormatG formats a float as C's printf("%g") and C++'s ostream do with
// their default precision of 6: "0.1", "1.5e-07", "1e+06", "-0", "nan",
// "-inf".
func FormatG(f float64) string {
	switch {
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

func printText(s string) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		_, err := fmt.Fprint(f.Interpreter().Out, s)
		return nil, err
	}
}

func printScalar(format func(interp.Value) string) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if len(args) != 1 || args[0].MemRef() != nil || args[0].Dense() != nil {
			return nil, interp.Errorf(call, "expected one scalar argument")
		}
		_, err := fmt.Fprint(f.Interpreter().Out, format(args[0]))
		return nil, err
	}
}

// formatElem formats one element as the C++ runner prints it.
func formatElem(t ir.Type, bits uint64) string {
	v := interp.FromBits(t, bits)
	if interp.IsComplex(t) {
		return FormatComplex(v.Complex())
	}
	if v.IsFloat() {
		return FormatG(v.Float())
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 8 {
		// int8_t prints as a character.
		return string([]byte{byte(bits)})
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
		return strconv.FormatUint(bits, 10)
	}
	if _, ok := t.(*ir.IndexType); ok {
		// The runner utilities' index type is unsigned (uint64_t).
		return strconv.FormatUint(bits, 10)
	}
	return strconv.FormatInt(v.Int(), 10)
}

func printMemref(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 || args[0].MemRef() == nil && args[0].Dense() == nil {
		return nil, interp.Errorf(call, "expected one memref argument")
	}
	m := args[0].MemRef()
	if d := args[0].Dense(); d != nil {
		// A tensor argument (before bufferization) prints as the memref
		// bufferization would make of it.
		m = interp.NewMemRef(interp.ElementType(args[0].Type), d.Shape)
		copy(m.Buf.Data, d.Data)
	}
	w := bufio.NewWriter(f.Interpreter().Out)
	WriteMemref(w, m)
	return nil, w.Flush()
}

// WriteMemref prints a memref as printMemref* of MLIR's runner utilities:
// the descriptor line, then the elements nested in brackets.
func WriteMemref(w *bufio.Writer, m *interp.MemRef) {
	WriteMemrefElems(w, m.Buf.Addr, m.Offset, m.Sizes, m.Strides, func(off int64) string {
		if off < 0 || off >= int64(len(m.Buf.Data)) {
			return formatElem(m.Buf.Elem, 0)
		}
		return formatElem(m.Buf.Elem, m.Buf.Data[off])
	})
}

// FormatComplex formats a complex number as C++'s ostream prints a
// std::complex: "(re,im)", each part as FormatG.
func FormatComplex(re, im float64) string {
	return "(" + FormatG(re) + "," + FormatG(im) + ")"
}

// WriteMemrefElems prints a memref of base address addr, offset, sizes
// and strides as printMemref* does, elem formatting the element at a
// linear position of the buffer (the offset plus the indices times the
// strides).
func WriteMemrefElems(w *bufio.Writer, addr uint64, offset int64, sizes, strides []int64, elem func(off int64) string) {
	fmt.Fprintf(w, "Unranked Memref base@ = 0x%x rank = %d offset = %d sizes = [", addr, len(sizes), offset)
	writeList(w, sizes)
	w.WriteString("] strides = [")
	writeList(w, strides)
	w.WriteString("] data = \n")
	rank := len(sizes)
	if rank == 0 {
		w.WriteString("[" + elem(offset) + "]\n")
		return
	}
	var print func(dim int, off int64, sizes, strides []int64)
	space := func(n int) {
		for i := 0; i < n; i++ {
			w.WriteByte(' ')
		}
	}
	print = func(dim int, off int64, sizes, strides []int64) {
		if dim == 0 {
			w.WriteString(elem(off))
			return
		}
		// printFirst
		w.WriteByte('[')
		print(dim-1, off, sizes[1:], strides[1:])
		if sizes[0] <= 1 {
			w.WriteByte(']')
			return
		}
		sep := ", "
		if dim > 1 {
			sep = ", \n"
		}
		w.WriteString(sep)
		for i := int64(1); i+1 < sizes[0]; i++ {
			space(rank - dim + 1)
			print(dim-1, off+i*strides[0], sizes[1:], strides[1:])
			w.WriteString(sep)
		}
		space(rank - dim + 1)
		print(dim-1, off+strides[0]*(sizes[0]-1), sizes[1:], strides[1:])
		w.WriteByte(']')
	}
	print(rank, offset, sizes, strides)
	w.WriteByte('\n')
}

func writeList(w *bufio.Writer, xs []int64) {
	for i, x := range xs {
		if i > 0 {
			w.WriteString(", ")
		}
		w.WriteString(strconv.FormatInt(x, 10))
	}
}
