package nvvm

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/gpu"
	"github.com/strata-ir/strata/interp/llvm"
)

// vprintf is CUDA's device printf, which gpu.printf lowers to: the format
// string and a buffer of the arguments laid out as a struct (integers of
// 32 bits, or 64 with an l or ll length; floats promoted to double;
// strings and pointers as 64-bit addresses), each at its natural
// alignment. It returns the number of bytes printed.
func vprintf(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ctx := call.Context()
	if len(args) != 2 {
		return nil, interp.Errorf(call, "vprintf takes a format and an argument buffer")
	}
	format, err := cString(call, args[0])
	if err != nil {
		return nil, err
	}
	var vals []interp.Value
	off := int64(0)
	read := func(size int64) (uint64, error) {
		off = (off + size - 1) / size * size
		b, err := llvm.LoadBytes(call, llvm.Offset(args[1], off), size)
		if err != nil {
			return 0, err
		}
		off += size
		if size == 4 {
			return uint64(binary.LittleEndian.Uint32(b)), nil
		}
		return binary.LittleEndian.Uint64(b), nil
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		if j < len(format) && format[j] == '%' {
			i = j
			continue
		}
		long := false
		for j < len(format) && strings.IndexByte("-+ #0123456789.hlLqjzt", format[j]) >= 0 {
			if strings.IndexByte("lLqjzt", format[j]) >= 0 {
				long = true
			}
			j++
		}
		if j >= len(format) {
			break
		}
		i = j
		switch format[j] {
		case 'd', 'i', 'u', 'x', 'X', 'o', 'c':
			size, t := int64(4), ctx.I(32)
			if long {
				size, t = 8, ctx.I(64)
			}
			bits, err := read(size)
			if err != nil {
				return nil, err
			}
			vals = append(vals, interp.MakeInt(t, bits))
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			bits, err := read(8)
			if err != nil {
				return nil, err
			}
			vals = append(vals, interp.MakeFloat(ctx.FloatType(ir.F64), math.Float64frombits(bits)))
		default:
			return nil, interp.Errorf(call, fmt.Sprintf("vprintf: the interpreter does not print the conversion %%%c", format[j]))
		}
	}
	s, err := gpu.FormatC(format, vals)
	if err != nil {
		return nil, interp.Errorf(call, "vprintf: "+err.Error())
	}
	if _, err := io.WriteString(f.Interpreter().Out, s); err != nil {
		return nil, err
	}
	return []interp.Value{interp.MakeInt(ctx.I(32), uint64(len(s)))}, nil
}

// cString reads the NUL-terminated string at the pointer p.
func cString(op *ir.Operation, p interp.Value) (string, error) {
	var b strings.Builder
	for i := int64(0); ; i++ {
		c, err := llvm.LoadBytes(op, llvm.Offset(p, i), 1)
		if err != nil {
			return "", err
		}
		if c[0] == 0 {
			return b.String(), nil
		}
		b.WriteByte(c[0])
	}
}
