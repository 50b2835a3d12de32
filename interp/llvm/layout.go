package llvm

import (
	"fmt"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
)

// typeLayout is the size and alignment in bytes of a type in memory, and
// the offsets of a struct's fields.
type typeLayout struct {
	size, align int64
	offsets     []int64
}

var layouts sync.Map // ir.Type -> *typeLayout

// layoutOf returns the layout of t under the data layout the lowering
// assumes (x86-64: 64-bit pointers, natural alignment of scalars, C
// struct layout, little endian).
func layoutOf(t ir.Type) (*typeLayout, error) {
	if l, ok := layouts.Load(t); ok {
		return l.(*typeLayout), nil
	}
	l, err := computeLayout(t)
	if err != nil {
		return nil, err
	}
	layouts.Store(t, l)
	return l, nil
}

func pow2Bytes(bits int) int64 {
	n := int64(1)
	for n*8 < int64(bits) {
		n *= 2
	}
	return n
}

func computeLayout(t ir.Type) (*typeLayout, error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		if t.Width > 64 {
			// x86-64's i128:128: wider integers are 16-byte aligned and
			// take their store size rounded up to that.
			return &typeLayout{size: alignTo(wideStoreSize(t), 16), align: 16}, nil
		}
		n := pow2Bytes(int(t.Width))
		return &typeLayout{size: n, align: n}, nil
	case *ir.IndexType:
		return &typeLayout{size: 8, align: 8}, nil
	case *ir.FloatType:
		n := pow2Bytes(t.Width())
		return &typeLayout{size: n, align: n}, nil
	case *lt.PointerType:
		return &typeLayout{size: 8, align: 8}, nil
	case *ir.VectorType:
		return vectorLayout(t)
	case *lt.ArrayType:
		e, err := layoutOf(t.Elem)
		if err != nil {
			return nil, err
		}
		return &typeLayout{size: e.size * int64(t.Len), align: e.align}, nil
	case *lt.StructType:
		if t.Opaque {
			return nil, fmt.Errorf("opaque struct type %s has no layout", asm.TypeString(t))
		}
		l := &typeLayout{align: 1}
		for _, ft := range t.Fields {
			fl, err := layoutOf(ft)
			if err != nil {
				return nil, err
			}
			a := fl.align
			if t.Packed {
				a = 1
			}
			l.size = alignTo(l.size, a)
			l.offsets = append(l.offsets, l.size)
			l.size += fl.size
			if a > l.align {
				l.align = a
			}
		}
		l.size = alignTo(l.size, l.align)
		return l, nil
	}
	return nil, fmt.Errorf("the interpreter has no memory layout for values of type %s", asm.TypeString(t))
}

func alignTo(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// sizeOf returns the allocation size of t in bytes.
func sizeOf(t ir.Type) (int64, error) {
	l, err := layoutOf(t)
	if err != nil {
		return 0, err
	}
	return l.size, nil
}
