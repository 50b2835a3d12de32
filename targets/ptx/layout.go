package ptx

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// typeString prints a type as the IR does.
func typeString(t ir.Type) string { return asm.TypeString(t) }

// layout returns the size and alignment in bytes of a type in NVPTX's
// data layout (natural alignment, 64-bit pointers, C struct layout).
func layout(t ir.Type) (size, align int64, err error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		n := int64(t.Width+7) / 8
		switch {
		case n <= 1:
			return 1, 1, nil
		case n <= 2:
			return 2, 2, nil
		case n <= 4:
			return 4, 4, nil
		case n <= 8:
			return 8, 8, nil
		}
		return (n + 7) &^ 7, 8, nil
	case *ir.IndexType, *llvm.PointerType:
		return 8, 8, nil
	case *ir.FloatType:
		n := int64(ir.IntOrFloatBitWidth(t) / 8)
		return n, n, nil
	case *llvm.ArrayType:
		s, a, err := layout(t.Elem)
		return s * int64(t.Len), a, err
	case *ir.VectorType:
		if len(t.Shape) != 1 {
			break
		}
		s, _, err := layout(t.Elem)
		n := s * t.Shape[0]
		// Vectors are aligned to their size rounded up to a power of two.
		a := int64(1)
		for a < n {
			a *= 2
		}
		return a, a, err
	case *llvm.StructType:
		var off, maxAlign int64 = 0, 1
		for _, fld := range t.Fields {
			s, a, err := layout(fld)
			if err != nil {
				return 0, 0, err
			}
			if t.Packed {
				a = 1
			}
			off = (off + a - 1) / a * a
			off += s
			if a > maxAlign {
				maxAlign = a
			}
		}
		return (off + maxAlign - 1) / maxAlign * maxAlign, maxAlign, nil
	}
	return 0, 0, fmt.Errorf("type '%s' has no layout in PTX", typeString(t))
}

// leafOffsets returns the byte offset of each leaf of a type (see
// Leaves).
func leafOffsets(t ir.Type) ([]int64, error) {
	switch t := t.(type) {
	case *llvm.StructType:
		var out []int64
		var off int64
		for _, fld := range t.Fields {
			s, a, err := layout(fld)
			if err != nil {
				return nil, err
			}
			if t.Packed {
				a = 1
			}
			off = (off + a - 1) / a * a
			sub, err := leafOffsets(fld)
			if err != nil {
				return nil, err
			}
			for _, o := range sub {
				out = append(out, off+o)
			}
			off += s
		}
		return out, nil
	case *llvm.ArrayType:
		s, _, err := layout(t.Elem)
		if err != nil {
			return nil, err
		}
		sub, err := leafOffsets(t.Elem)
		if err != nil {
			return nil, err
		}
		var out []int64
		for i := uint64(0); i < t.Len; i++ {
			for _, o := range sub {
				out = append(out, int64(i)*s+o)
			}
		}
		return out, nil
	case *ir.VectorType:
		s, _, err := layout(t.Elem)
		if err != nil {
			return nil, err
		}
		var out []int64
		for i := int64(0); i < t.Shape[0]; i++ {
			out = append(out, i*s)
		}
		return out, nil
	}
	return []int64{0}, nil
}

// leafRange returns the first leaf and the number of leaves of the
// element at position pos of an aggregate type, and the element's type.
func leafRange(t ir.Type, pos []int64) (first, n int, elem ir.Type, err error) {
	for _, p := range pos {
		switch a := t.(type) {
		case *llvm.StructType:
			if p < 0 || p >= int64(len(a.Fields)) {
				return 0, 0, nil, fmt.Errorf("position %d out of bounds in '%s'", p, typeString(t))
			}
			for _, fld := range a.Fields[:p] {
				l, err := Leaves(fld)
				if err != nil {
					return 0, 0, nil, err
				}
				first += len(l)
			}
			t = a.Fields[p]
		case *llvm.ArrayType:
			if p < 0 || uint64(p) >= a.Len {
				return 0, 0, nil, fmt.Errorf("position %d out of bounds in '%s'", p, typeString(t))
			}
			l, err := Leaves(a.Elem)
			if err != nil {
				return 0, 0, nil, err
			}
			first += int(p) * len(l)
			t = a.Elem
		default:
			return 0, 0, nil, fmt.Errorf("position into '%s', which is not an aggregate", typeString(t))
		}
	}
	l, err := Leaves(t)
	return first, len(l), t, err
}

// constantBytes returns the bytes of a global's initial value.
func constantBytes(a ir.Attribute, t ir.Type) ([]byte, error) {
	size, _, err := layout(t)
	if err != nil {
		return nil, err
	}
	out := make([]byte, size)
	switch a := a.(type) {
	case *ir.IntegerAttr:
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], a.Lo)
		copy(out, b[:])
		return out, nil
	case *ir.FloatAttr:
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], a.Bits[0])
		copy(out, b[:])
		return out, nil
	case *ir.DenseElementsAttr:
		if a.Splat {
			n := int64(len(a.Data))
			for i := int64(0); i+n <= size; i += n {
				copy(out[i:], a.Data)
			}
			return out, nil
		}
		if int64(len(a.Data)) != size {
			return nil, fmt.Errorf("initial value of %d bytes for a global of %d bytes", len(a.Data), size)
		}
		copy(out, a.Data)
		return out, nil
	case *ir.StringAttr:
		copy(out, a.Value)
		return out, nil
	}
	return nil, fmt.Errorf("cannot emit the initial value %s to PTX", asm.AttrString(a))
}
