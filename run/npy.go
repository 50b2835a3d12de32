package run

import (
	"encoding/binary"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// NPYDescr returns the NumPy dtype descriptor of an element type (bf16
// and the 8-bit floats as their bit patterns, which NumPy has no type
// for).
func NPYDescr(t ir.Type) (string, bool) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return "<f2", true
		case ir.F32:
			return "<f4", true
		case ir.F64:
			return "<f8", true
		case ir.BF16:
			// NumPy has no bfloat16: its 16-bit patterns.
			return "<u2", true
		case ir.F8E4M3FN, ir.F8E5M2:
			// Nor 8-bit floats: their 8-bit patterns.
			return "|u1", true
		}
	case *ir.IndexType:
		return "<i8", true
	case *ir.IntegerType:
		kind := "i"
		if t.Signedness == ir.Unsigned {
			kind = "u"
		}
		switch t.Width {
		case 1:
			return "|b1", true
		case 8:
			return "|" + kind + "1", true
		case 16, 32, 64:
			return "<" + kind + strconv.Itoa(int(t.Width)/8), true
		}
	}
	return "", false
}

var (
	descrRE   = regexp.MustCompile(`'descr'\s*:\s*'([^']*)'`)
	fortranRE = regexp.MustCompile(`'fortran_order'\s*:\s*(True|False)`)
	shapeRE   = regexp.MustCompile(`'shape'\s*:\s*\(([^)]*)\)`)
)

// ReadNPY decodes a .npy array (format version 1 to 3, C order) as a value
// of type t: a memref (in a new buffer), a tensor, or a scalar from a 0-d
// array. The array's dtype and shape must match t.
func ReadNPY(data []byte, t ir.Type) (interp.Value, error) {
	if len(data) < 10 || string(data[:6]) != "\x93NUMPY" {
		return interp.Value{}, fmt.Errorf("not a .npy file")
	}
	var hlen, start int
	switch data[6] {
	case 1:
		hlen, start = int(binary.LittleEndian.Uint16(data[8:10])), 10
	case 2, 3:
		if len(data) < 12 {
			return interp.Value{}, fmt.Errorf("truncated .npy header")
		}
		hlen, start = int(binary.LittleEndian.Uint32(data[8:12])), 12
	default:
		return interp.Value{}, fmt.Errorf("unsupported .npy version %d", data[6])
	}
	if start+hlen > len(data) {
		return interp.Value{}, fmt.Errorf("truncated .npy header")
	}
	header := string(data[start : start+hlen])
	body := data[start+hlen:]
	dm, fm, sm := descrRE.FindStringSubmatch(header), fortranRE.FindStringSubmatch(header), shapeRE.FindStringSubmatch(header)
	if dm == nil || fm == nil || sm == nil {
		return interp.Value{}, fmt.Errorf("malformed .npy header %q", header)
	}
	if fm[1] == "True" {
		return interp.Value{}, fmt.Errorf("arrays in Fortran order are not supported")
	}
	var shape []int64
	for _, f := range strings.Split(sm[1], ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 0 {
			return interp.Value{}, fmt.Errorf("malformed .npy shape %q", sm[1])
		}
		shape = append(shape, n)
	}
	elem := t
	st, shaped := t.(ir.ShapedType)
	if shaped {
		elem = st.ElementType()
		want, ranked := st.ShapeDims()
		if !ranked || len(want) != len(shape) {
			return interp.Value{}, fmt.Errorf("array of shape %v does not fit %s", shape, asm.TypeString(t))
		}
		for i, w := range want {
			if w != ir.Dynamic && w != shape[i] {
				return interp.Value{}, fmt.Errorf("array of shape %v does not fit %s", shape, asm.TypeString(t))
			}
		}
	} else if len(shape) != 0 {
		return interp.Value{}, fmt.Errorf("array of shape %v passed for scalar %s", shape, asm.TypeString(t))
	}
	descr, ok := NPYDescr(elem)
	if !ok {
		return interp.Value{}, fmt.Errorf("no NumPy dtype for %s", asm.TypeString(elem))
	}
	got := dm[1]
	if strings.HasPrefix(got, "=") {
		got = "<" + got[1:]
	}
	if got != descr && !(len(descr) == 3 && descr[0] == '|' && got[1:] == descr[1:]) {
		return interp.Value{}, fmt.Errorf("array of dtype %s passed for elements of type %s (want %s)", dm[1], asm.TypeString(elem), descr)
	}
	size, _ := strconv.Atoi(descr[2:])
	n := interp.NumElements(shape)
	if int64(len(body)) < n*int64(size) {
		return interp.Value{}, fmt.Errorf("truncated .npy data")
	}
	switch t.(type) {
	case *ir.MemRefType:
		m := interp.NewMemRef(elem, shape)
		decodeElements(m.Buf.Data, body, size, elem)
		return interp.MakeMemRef(t, m), nil
	case *ir.RankedTensorType:
		vals := make([]uint64, n)
		decodeElements(vals, body, size, elem)
		return interp.MakeDense(t, &interp.Dense{Shape: shape, Data: vals}), nil
	}
	if shaped {
		return interp.Value{}, fmt.Errorf("cannot pass an array as %s", asm.TypeString(t))
	}
	var one [1]uint64
	decodeElements(one[:], body, size, elem)
	return interp.FromBits(t, one[0]), nil
}

// decodeElements fills dst with the little-endian elements of size bytes
// at the start of body, in the interpreter's bit patterns of elem. Floats
// and integers as wide as their NumPy dtype are their bytes; any other
// element goes through interp.FromBits.
func decodeElements(dst []uint64, body []byte, size int, elem ir.Type) {
	interp.DecodeLE(dst, body, size)
	if rawBits(elem, size) {
		return
	}
	for i, v := range dst {
		dst[i] = interp.FromBits(elem, v).Bits()
	}
}

// rawBits reports whether elements of type elem stored in size bytes are
// their own bit patterns in the interpreter.
func rawBits(elem ir.Type, size int) bool {
	switch elem := elem.(type) {
	case *ir.FloatType:
		return ir.IntOrFloatBitWidth(elem) == 8*size
	case *ir.IntegerType:
		return int(elem.Width) == 8*size
	}
	return false
}

// ReadNPYFile reads a .npy file as a value of type t.
func ReadNPYFile(path string, t ir.Type) (interp.Value, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return interp.Value{}, err
	}
	v, err := ReadNPY(data, t)
	if err != nil {
		return interp.Value{}, fmt.Errorf("%s: %v", path, err)
	}
	return v, nil
}

// WriteNPY encodes a memref, tensor or scalar value as a .npy array
// (format version 1.0, C order).
func WriteNPY(v interp.Value) ([]byte, error) {
	var shape []int64
	var data []uint64
	elem := v.Type
	switch {
	case v.MemRef() != nil:
		m := v.MemRef()
		if err := m.Check(); err != nil {
			return nil, err
		}
		shape, data, elem = m.Sizes, m.Load(), m.Buf.Elem
	case v.IsDense():
		if s, _ := v.Shape(); interp.NumElements(s) < 0 || interp.NumElements(s) > interp.ElementLimit() {
			return nil, &interp.AllocationError{Elements: max(interp.NumElements(s), -1)}
		}
		shape, data, elem = v.Dense().Shape, v.Dense().Data, interp.ElementType(v.Type)
	default:
		data = []uint64{v.Bits()}
	}
	descr, ok := NPYDescr(elem)
	if !ok {
		return nil, fmt.Errorf("no NumPy dtype for %s", asm.TypeString(elem))
	}
	size, _ := strconv.Atoi(descr[2:])
	hdr := NPYHeader(descr, shape)
	out := make([]byte, len(hdr), len(hdr)+size*len(data))
	copy(out, hdr)
	return interp.AppendLE(out, data, size), nil
}

// NPYHeader is the version 1.0 .npy header of a C-order array of dtype
// descr and shape, padded so that the data starts on a multiple of 64
// bytes.
func NPYHeader(descr string, shape []int64) []byte {
	dims := make([]string, len(shape))
	for i, s := range shape {
		dims[i] = strconv.FormatInt(s, 10)
	}
	sh := strings.Join(dims, ", ")
	if len(shape) == 1 {
		sh += ","
	}
	h := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, sh)
	total := 10 + len(h) + 1
	h += strings.Repeat(" ", (64-total%64)%64) + "\n"
	out := []byte("\x93NUMPY\x01\x00")
	out = binary.LittleEndian.AppendUint16(out, uint16(len(h)))
	return append(out, h...)
}

// WriteNPYFile writes v to path as a .npy array.
func WriteNPYFile(path string, v interp.Value) error {
	data, err := WriteNPY(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
