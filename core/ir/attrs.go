package ir

import (
	"math/big"
	"sort"
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/apfloat"
)

// Attribute is an interned MLIR attribute. Equal attributes are the same
// pointer, so attributes compare with ==.
type Attribute interface {
	// ID is the identity of the attribute within its Context.
	ID() uint64
	isAttr()
}

// TypedAttr is implemented by attributes that carry a type.
type TypedAttr interface {
	Attribute
	AttrType() Type
}

// UnitAttr is `unit`.
type UnitAttr struct{ storage }

// IntegerAttr is an integer or index constant. The value is kept as the raw
// two's complement bit pattern of the type's width: in Lo for widths up to
// 64 bits, in Big (non-negative) above.
type IntegerAttr struct {
	storage
	Type Type
	Lo   uint64
	Big  *big.Int
}

// FloatAttr is a floating point constant, kept as the bit pattern of its type
// (Bits[0] holds the low 64 bits, Bits[1] the rest for f80 and f128).
type FloatAttr struct {
	storage
	Type *FloatType
	Bits [2]uint64
}

// StringAttr is a string with an optional type (nil means none).
type StringAttr struct {
	storage
	Value string
	Type  Type
}

// ArrayAttr is [a, b, ...].
type ArrayAttr struct {
	storage
	Elems []Attribute
}

// NamedAttr is one entry of a dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// DictionaryAttr is {k = v, ...} with entries sorted by name and unique.
type DictionaryAttr struct {
	storage
	Entries []NamedAttr
}

// TypeAttr wraps a type as an attribute.
type TypeAttr struct {
	storage
	Type Type
}

// SymbolRefAttr is @root::@nested::@...
type SymbolRefAttr struct {
	storage
	Root   string
	Nested []string
}

// AffineMapAttr is affine_map<...>.
type AffineMapAttr struct {
	storage
	Map affine.Map
}

// IntegerSetAttr is affine_set<...>.
type IntegerSetAttr struct {
	storage
	Set affine.Set
}

// StridedLayoutAttr is strided<[s0, s1], offset: o>; Dynamic marks `?`.
type StridedLayoutAttr struct {
	storage
	Offset  int64
	Strides []int64
}

// DenseElementsAttr is dense<...> over integer, index, float or complex
// elements. Data holds the elements little-endian, each in ceil(bits/8)
// bytes (complex elements as two consecutive values); a splat holds one
// element.
type DenseElementsAttr struct {
	storage
	Type  ShapedType
	Splat bool
	Data  []byte
}

// DenseStringElementsAttr is dense<"a", ...> over string elements.
type DenseStringElementsAttr struct {
	storage
	Type  ShapedType
	Splat bool
	Strs  []string
}

// DenseArrayAttr is array<i32: 1, 2>. Data holds the elements as in
// DenseElementsAttr (i1 elements use one byte).
type DenseArrayAttr struct {
	storage
	Elem Type
	Size int
	Data []byte
}

// DenseResourceAttr is dense_resource<key> : type.
type DenseResourceAttr struct {
	storage
	Type ShapedType
	Key  string
}

// SparseElementsAttr is sparse<indices, values> : type.
type SparseElementsAttr struct {
	storage
	Type    ShapedType
	Indices Attribute // *DenseElementsAttr of i64
	Values  Attribute // *DenseElementsAttr or *DenseStringElementsAttr
}

// DistinctAttr is distinct[N]<attr>: an attribute that is unique by identity
// rather than by value. Parsing the same N twice in one file yields the same
// attribute.
type DistinctAttr struct {
	storage
	Ref Attribute
}

// OpaqueAttr is an attribute of an unregistered dialect, kept as text:
// #dialect.data or #dialect<data>, with an optional type.
type OpaqueAttr struct {
	storage
	Dialect string
	Data    string
	Type    Type
}

func (*UnitAttr) isAttr()                {}
func (*IntegerAttr) isAttr()             {}
func (*FloatAttr) isAttr()               {}
func (*StringAttr) isAttr()              {}
func (*ArrayAttr) isAttr()               {}
func (*DictionaryAttr) isAttr()          {}
func (*TypeAttr) isAttr()                {}
func (*SymbolRefAttr) isAttr()           {}
func (*AffineMapAttr) isAttr()           {}
func (*IntegerSetAttr) isAttr()          {}
func (*StridedLayoutAttr) isAttr()       {}
func (*DenseElementsAttr) isAttr()       {}
func (*DenseStringElementsAttr) isAttr() {}
func (*DenseArrayAttr) isAttr()          {}
func (*DenseResourceAttr) isAttr()       {}
func (*SparseElementsAttr) isAttr()      {}
func (*DistinctAttr) isAttr()            {}
func (*OpaqueAttr) isAttr()              {}

// AttrType returns the integer type.
func (a *IntegerAttr) AttrType() Type { return a.Type }

// AttrType returns the float type.
func (a *FloatAttr) AttrType() Type { return a.Type }

// AttrType returns the string's type, or nil for none.
func (a *StringAttr) AttrType() Type { return a.Type }

// AttrType returns the shaped type.
func (a *DenseElementsAttr) AttrType() Type { return a.Type }

// AttrType returns the shaped type.
func (a *DenseStringElementsAttr) AttrType() Type { return a.Type }

// AttrType returns the shaped type.
func (a *DenseResourceAttr) AttrType() Type { return a.Type }

// AttrType returns the shaped type.
func (a *SparseElementsAttr) AttrType() Type { return a.Type }

// AttrType returns the attribute's type, or nil.
func (a *OpaqueAttr) AttrType() Type { return a.Type }

// Unit returns `unit`.
func (c *Context) Unit() *UnitAttr { return c.unit }

// Bool returns true or false as an i1 IntegerAttr.
func (c *Context) Bool(v bool) *IntegerAttr {
	if v {
		return c.boolT
	}
	return c.boolF
}

// IntegerAttrBits returns an integer attribute from its bit pattern; lo is
// masked to the type's width. For widths above 64 use IntegerAttrBig.
func (c *Context) IntegerAttrBits(t Type, lo uint64) *IntegerAttr {
	var kb [128]byte
	w := IntOrFloatBitWidth(t)
	if w < 64 && w >= 0 {
		lo &= 1<<uint(w) - 1
	}
	if it, ok := t.(*IntegerType); ok && it.Width == 1 && it.Signedness == Signless {
		return c.Bool(lo != 0)
	}
	k := keyBuf(kb[:0])
	k = append(k, 'I')
	k = k.ty(t)
	k = k.u64(lo)
	return intern(c, k, func(st storage) *IntegerAttr { return &IntegerAttr{storage: st, Type: t, Lo: lo} })
}

// IntegerAttr returns an integer attribute holding v (truncated to the
// type's width).
func (c *Context) IntegerAttr(t Type, v int64) *IntegerAttr { return c.IntegerAttrBits(t, uint64(v)) }

// IntegerAttrBig returns an integer attribute from a bit pattern given as a
// non-negative big integer, for any width.
func (c *Context) IntegerAttrBig(t Type, bits *big.Int) *IntegerAttr {
	var kb [128]byte
	w := IntOrFloatBitWidth(t)
	if w <= 64 {
		return c.IntegerAttrBits(t, bits.Uint64())
	}
	k := keyBuf(kb[:0])
	k = append(k, 'J')
	k = k.ty(t)
	k = append(k, bits.Bytes()...)
	return intern(c, k, func(st storage) *IntegerAttr {
		return &IntegerAttr{storage: st, Type: t, Big: new(big.Int).Set(bits)}
	})
}

// Int64 returns the value sign-extended (or zero-extended for unsigned types)
// to 64 bits; for wider values it returns the low 64 bits.
func (a *IntegerAttr) Int64() int64 {
	if a.Big != nil {
		return int64(a.Big.Uint64())
	}
	w := IntOrFloatBitWidth(a.Type)
	if it, ok := a.Type.(*IntegerType); ok && it.Signedness == Unsigned {
		return int64(a.Lo)
	}
	if w <= 0 || w >= 64 {
		return int64(a.Lo)
	}
	sh := uint(64 - w)
	return int64(a.Lo<<sh) >> sh
}

// FloatAttrBits returns a float attribute from its bit pattern.
func (c *Context) FloatAttrBits(t *FloatType, lo, hi uint64) *FloatAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'F')
	k = k.ty(t)
	k = k.u64(lo)
	k = k.u64(hi)
	return intern(c, k, func(st storage) *FloatAttr { return &FloatAttr{storage: st, Type: t, Bits: [2]uint64{lo, hi}} })
}

// FloatAttr returns the float attribute of type t nearest to v (rounded
// to nearest-even as MLIR's APFloat conversion does).
func (c *Context) FloatAttr(t *FloatType, v float64) *FloatAttr {
	f, _ := apfloat.FromFloat64(apfloat.ByName(t.Kind.String()), v)
	lo, hi := f.Bits()
	return c.FloatAttrBits(t, lo, hi)
}

// Float64 returns the value of a as the nearest float64.
func (a *FloatAttr) Float64() float64 {
	return apfloat.FromBits(apfloat.ByName(a.Type.Kind.String()), a.Bits[0], a.Bits[1]).Float64()
}

// StringAttr returns the string attribute; t may be nil (none).
func (c *Context) StringAttr(s string, t Type) *StringAttr {
	var kb [128]byte
	if _, ok := t.(*NoneType); ok {
		t = nil
	}
	k := keyBuf(kb[:0])
	k = append(k, 'S')
	k = k.ty(t)
	k = append(k, s...)
	return intern(c, k, func(st storage) *StringAttr { return &StringAttr{storage: st, Value: strings.Clone(s), Type: t} })
}

// Str returns an untyped string attribute.
func (c *Context) Str(s string) *StringAttr { return c.StringAttr(s, nil) }

// ArrayAttr returns [elems...].
func (c *Context) ArrayAttr(elems []Attribute) *ArrayAttr {
	var kb [128]byte
	if len(elems) == 0 {
		return c.emptyA
	}
	k := keyBuf(kb[:0])
	k = append(k, 'A')
	for _, e := range elems {
		k = k.attr(e)
	}
	return intern(c, k, func(st storage) *ArrayAttr {
		return &ArrayAttr{storage: st, Elems: append([]Attribute(nil), elems...)}
	})
}

// DictionaryAttr returns the dictionary of the given entries, which are
// sorted by name. Duplicate names keep the last value; callers that must
// diagnose duplicates check first with HasDuplicateNames.
func (c *Context) DictionaryAttr(entries []NamedAttr) *DictionaryAttr {
	var kb [128]byte
	if len(entries) == 0 {
		return c.emptyD
	}
	sorted := true
	for i := 1; i < len(entries); i++ {
		if entries[i-1].Name >= entries[i].Name {
			sorted = false
			break
		}
	}
	if !sorted {
		entries = append([]NamedAttr(nil), entries...)
		sort.SliceStable(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
		out := entries[:0]
		for _, e := range entries {
			if len(out) > 0 && out[len(out)-1].Name == e.Name {
				out[len(out)-1] = e
				continue
			}
			out = append(out, e)
		}
		entries = out
	}
	k := keyBuf(kb[:0])
	k = append(k, 'D')
	for _, e := range entries {
		k = k.str(e.Name)
		k = k.attr(e.Value)
	}
	return intern(c, k, func(st storage) *DictionaryAttr {
		return &DictionaryAttr{storage: st, Entries: append([]NamedAttr(nil), entries...)}
	})
}

// HasDuplicateNames returns the first name that appears twice, if any.
func HasDuplicateNames(entries []NamedAttr) (string, bool) {
	seen := make(map[string]struct{}, len(entries))
	for _, e := range entries {
		if _, ok := seen[e.Name]; ok {
			return e.Name, true
		}
		seen[e.Name] = struct{}{}
	}
	return "", false
}

// Get returns the value of the named entry, or nil.
func (d *DictionaryAttr) Get(name string) Attribute {
	if d == nil {
		return nil
	}
	i := sort.Search(len(d.Entries), func(i int) bool { return d.Entries[i].Name >= name })
	if i < len(d.Entries) && d.Entries[i].Name == name {
		return d.Entries[i].Value
	}
	return nil
}

// TypeAttr returns the attribute wrapping t.
func (c *Context) TypeAttr(t Type) *TypeAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'Y')
	k = k.ty(t)
	return intern(c, k, func(st storage) *TypeAttr { return &TypeAttr{storage: st, Type: t} })
}

// SymbolRefAttr returns @root::@nested...
func (c *Context) SymbolRefAttr(root string, nested []string) *SymbolRefAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, '@')
	k = k.str(root)
	for _, n := range nested {
		k = k.str(n)
	}
	return intern(c, k, func(st storage) *SymbolRefAttr {
		n := make([]string, len(nested))
		for i, x := range nested {
			n[i] = strings.Clone(x)
		}
		return &SymbolRefAttr{storage: st, Root: strings.Clone(root), Nested: n}
	})
}

// AffineMapAttr returns affine_map<m>.
func (c *Context) AffineMapAttr(m affine.Map) *AffineMapAttr {
	var kb [128]byte
	k := keyBuf(append(kb[:0], 'a'))
	k = append(k, m.Key()...)
	return intern(c, k, func(st storage) *AffineMapAttr { return &AffineMapAttr{storage: st, Map: m} })
}

// IntegerSetAttr returns affine_set<s>.
func (c *Context) IntegerSetAttr(s affine.Set) *IntegerSetAttr {
	var kb [128]byte
	k := keyBuf(append(kb[:0], 's'))
	k = append(k, s.Key()...)
	return intern(c, k, func(st storage) *IntegerSetAttr { return &IntegerSetAttr{storage: st, Set: s} })
}

// StridedLayoutAttr returns strided<[strides], offset: offset>.
func (c *Context) StridedLayoutAttr(offset int64, strides []int64) *StridedLayoutAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'L')
	k = k.u64(uint64(offset))
	k = shapeKey(k, strides)
	return intern(c, k, func(st storage) *StridedLayoutAttr {
		return &StridedLayoutAttr{storage: st, Offset: offset, Strides: append([]int64(nil), strides...)}
	})
}

// DenseElementsAttr returns dense<...> : t from raw element data (see the
// type's documentation); splat means data holds a single element.
func (c *Context) DenseElementsAttr(t ShapedType, splat bool, data []byte) *DenseElementsAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'E')
	k = k.ty(t)
	if splat {
		k = append(k, 1)
	} else {
		k = append(k, 0)
	}
	k = append(k, data...)
	return intern(c, k, func(st storage) *DenseElementsAttr {
		return &DenseElementsAttr{storage: st, Type: t, Splat: splat, Data: append([]byte(nil), data...)}
	})
}

// DenseStringElementsAttr returns dense<"..."> : t.
func (c *Context) DenseStringElementsAttr(t ShapedType, splat bool, strs []string) *DenseStringElementsAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'e')
	k = k.ty(t)
	if splat {
		k = append(k, 1)
	} else {
		k = append(k, 0)
	}
	for _, s := range strs {
		k = k.str(s)
	}
	return intern(c, k, func(st storage) *DenseStringElementsAttr {
		return &DenseStringElementsAttr{storage: st, Type: t, Splat: splat, Strs: append([]string(nil), strs...)}
	})
}

// DenseArrayAttr returns array<elem: ...> from raw element data.
func (c *Context) DenseArrayAttr(elem Type, size int, data []byte) *DenseArrayAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'R')
	k = k.ty(elem)
	k = k.u64(uint64(size))
	k = append(k, data...)
	return intern(c, k, func(st storage) *DenseArrayAttr {
		return &DenseArrayAttr{storage: st, Elem: elem, Size: size, Data: append([]byte(nil), data...)}
	})
}

// DenseI32Array returns array<i32: vals...>.
func (c *Context) DenseI32Array(vals ...int32) *DenseArrayAttr {
	data := make([]byte, 0, 4*len(vals))
	for _, v := range vals {
		data = append(data, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return c.DenseArrayAttr(c.I(32), len(vals), data)
}

// DenseI64Array returns array<i64: vals...>.
func (c *Context) DenseI64Array(vals ...int64) *DenseArrayAttr {
	data := make([]byte, 0, 8*len(vals))
	for _, v := range vals {
		data = keyBuf(data).u64(uint64(v))
	}
	return c.DenseArrayAttr(c.I(64), len(vals), data)
}

// DenseResourceAttr returns dense_resource<key> : t.
func (c *Context) DenseResourceAttr(t ShapedType, key string) *DenseResourceAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'r')
	k = k.ty(t)
	k = append(k, key...)
	return intern(c, k, func(st storage) *DenseResourceAttr { return &DenseResourceAttr{storage: st, Type: t, Key: key} })
}

// SparseElementsAttr returns sparse<indices, values> : t.
func (c *Context) SparseElementsAttr(t ShapedType, indices, values Attribute) *SparseElementsAttr {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'p')
	k = k.ty(t)
	k = k.attr(indices)
	k = k.attr(values)
	return intern(c, k, func(st storage) *SparseElementsAttr {
		return &SparseElementsAttr{storage: st, Type: t, Indices: indices, Values: values}
	})
}

// NewDistinctAttr returns a new distinct attribute referencing ref; every
// call returns a different attribute.
func (c *Context) NewDistinctAttr(ref Attribute) *DistinctAttr {
	return &DistinctAttr{storage: c.newStorage(), Ref: ref}
}

// OpaqueAttr returns #dialect.data (with an optional type).
func (c *Context) OpaqueAttr(dialect, data string, t Type) *OpaqueAttr {
	var kb [128]byte
	if _, ok := t.(*NoneType); ok {
		t = nil
	}
	k := keyBuf(kb[:0])
	k = append(k, 'o')
	k = k.ty(t)
	k = k.str(dialect)
	k = append(k, data...)
	return intern(c, k, func(st storage) *OpaqueAttr {
		return &OpaqueAttr{storage: st, Dialect: strings.Clone(dialect), Data: strings.Clone(data), Type: t}
	})
}

// InternAttr interns a dialect-defined attribute by key.
func InternAttr[T Attribute](c *Context, key string, mk func(id uint64) T) T {
	k := keyBuf(make([]byte, 0, len(key)+2))
	k = append(k, 'D', 1)
	k = append(k, key...)
	return intern(c, k, func(st storage) T { return mk(st.id) })
}

// NewStorageID returns a fresh identity for a dialect-defined type or
// attribute built outside the interning tables (for example a mutable one).
func (c *Context) NewStorageID() uint64 { return c.newStorage().id }
