package ir

import "strings"

// Type is an interned MLIR type. Equal types are the same pointer, so types
// compare with ==.
type Type interface {
	// ID is the identity of the type within its Context.
	ID() uint64
	isType()
}

// Signedness is the signedness semantics of an IntegerType.
type Signedness uint8

// The signedness kinds of integer types: iN, siN, uiN.
const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// MaxIntegerWidth is the largest integer bit width MLIR accepts.
const MaxIntegerWidth = 1<<24 - 1

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	storage
	Width      uint32
	Signedness Signedness
}

// IndexType is the target-sized `index` type.
type IndexType struct{ storage }

// NoneType is the unit type `none`.
type NoneType struct{ storage }

// FloatKind enumerates the builtin floating point types.
type FloatKind uint8

// The builtin float types.
const (
	F16 FloatKind = iota
	BF16
	F32
	F64
	F80
	F128
	TF32
	F8E5M2
	F8E4M3
	F8E4M3FN
	F8E5M2FNUZ
	F8E4M3FNUZ
	F8E4M3B11FNUZ
	F8E3M4
	F8E8M0FNU
	F6E2M3FN
	F6E3M2FN
	F4E2M1FN
	numFloatKinds
)

var floatNames = [numFloatKinds]string{"f16", "bf16", "f32", "f64", "f80", "f128", "tf32",
	"f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4",
	"f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"}

var floatWidths = [numFloatKinds]int{16, 16, 32, 64, 80, 128, 19, 8, 8, 8, 8, 8, 8, 8, 8, 6, 6, 4}

// String returns the MLIR keyword of the float kind, e.g. "bf16".
func (k FloatKind) String() string { return floatNames[k] }

// FloatKindByName maps an MLIR float type keyword to its kind.
func FloatKindByName(name string) (FloatKind, bool) {
	for k, n := range floatNames {
		if n == name {
			return FloatKind(k), true
		}
	}
	return 0, false
}

// FloatType is one of the builtin floating point types.
type FloatType struct {
	storage
	Kind FloatKind
}

// Width returns the bit width of the float type.
func (t *FloatType) Width() int { return floatWidths[t.Kind] }

// ComplexType is complex<T>.
type ComplexType struct {
	storage
	Elem Type
}

// TupleType is tuple<T1, T2, ...>.
type TupleType struct {
	storage
	Types []Type
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	storage
	Inputs  []Type
	Results []Type
}

// Dynamic marks a dynamic dimension or offset (`?`) in shapes and strides.
const Dynamic int64 = -1 << 63

// RankedTensorType is tensor<4x?xf32, #encoding>.
type RankedTensorType struct {
	storage
	Shape    []int64
	Elem     Type
	Encoding Attribute
}

// UnrankedTensorType is tensor<*xT>.
type UnrankedTensorType struct {
	storage
	Elem Type
}

// MemRefType is memref<4x?xf32, layout, memspace>. Layout is nil for the
// identity layout; MemorySpace is nil for the default memory space. An
// identity map with symbols, such as affine_map<(d0)[s0] -> (d0)>, is kept
// as the layout of a type of its own, as in MLIR, and printed like the
// identity layout (see HasIdentityLayout).
type MemRefType struct {
	storage
	Shape       []int64
	Elem        Type
	Layout      Attribute
	MemorySpace Attribute
}

// UnrankedMemRefType is memref<*xT, memspace>.
type UnrankedMemRefType struct {
	storage
	Elem        Type
	MemorySpace Attribute
}

// VectorType is vector<2x[4]xf32>; Scalable is nil or has one flag per dim.
type VectorType struct {
	storage
	Shape    []int64
	Scalable []bool
	Elem     Type
}

// OpaqueType is a type of a dialect that is not registered (or that keeps
// its types as text): `!dialect.data` or `!dialect<data>`. Data is the text
// after the namespace, without the dot or the angle brackets.
type OpaqueType struct {
	storage
	Dialect string
	Data    string
}

// DialectType is implemented by types that registered dialects define.
type DialectType interface {
	Type
	// DialectName returns the namespace of the dialect.
	DialectName() string
	// Body returns the text printed after `!namespace.`.
	Body() string
}

// VectorElementType is implemented by dialect types that may be elements
// of a builtin vector (MLIR's VectorElementTypeInterface), such as
// `!llvm.ptr`.
type VectorElementType interface {
	DialectType
	// IsVectorElementType marks the type; it does nothing.
	IsVectorElementType()
}

func (*IntegerType) isType()        {}
func (*IndexType) isType()          {}
func (*NoneType) isType()           {}
func (*FloatType) isType()          {}
func (*ComplexType) isType()        {}
func (*TupleType) isType()          {}
func (*FunctionType) isType()       {}
func (*RankedTensorType) isType()   {}
func (*UnrankedTensorType) isType() {}
func (*MemRefType) isType()         {}
func (*UnrankedMemRefType) isType() {}
func (*VectorType) isType()         {}
func (*OpaqueType) isType()         {}

// IntegerType returns the integer type of the given width and signedness.
func (c *Context) IntegerType(width uint32, s Signedness) *IntegerType {
	var kb [128]byte
	if width <= 128 {
		return c.ints[s][width]
	}
	k := keyBuf(kb[:0])
	k = append(k, 'i', byte(s))
	k = k.u64(uint64(width))
	return intern(c, k, func(st storage) *IntegerType {
		return &IntegerType{storage: st, Width: width, Signedness: s}
	})
}

// I returns the signless integer type of the given width.
func (c *Context) I(width uint32) *IntegerType { return c.IntegerType(width, Signless) }

// IndexType returns `index`.
func (c *Context) IndexType() *IndexType { return c.index }

// NoneType returns `none`.
func (c *Context) NoneType() *NoneType { return c.none }

// FloatType returns the float type of the given kind.
func (c *Context) FloatType(k FloatKind) *FloatType { return c.floats[k] }

func typesKey(k keyBuf, ts []Type) keyBuf {
	k = k.u64(uint64(len(ts)))
	for _, t := range ts {
		k = k.ty(t)
	}
	return k
}

func shapeKey(k keyBuf, s []int64) keyBuf {
	k = k.u64(uint64(len(s)))
	for _, d := range s {
		k = k.u64(uint64(d))
	}
	return k
}

// ComplexType returns complex<elem>.
func (c *Context) ComplexType(elem Type) *ComplexType {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'c')
	k = k.ty(elem)
	return intern(c, k, func(st storage) *ComplexType { return &ComplexType{storage: st, Elem: elem} })
}

// TupleType returns tuple<types...>.
func (c *Context) TupleType(types []Type) *TupleType {
	var kb [128]byte
	k := typesKey(keyBuf(append(kb[:0], 't')), types)
	return intern(c, k, func(st storage) *TupleType {
		return &TupleType{storage: st, Types: append([]Type(nil), types...)}
	})
}

// FunctionType returns (inputs) -> results.
func (c *Context) FunctionType(inputs, results []Type) *FunctionType {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'f')
	k = typesKey(k, inputs)
	k = typesKey(k, results)
	return intern(c, k, func(st storage) *FunctionType {
		return &FunctionType{storage: st, Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...)}
	})
}

// RankedTensorType returns tensor<shape x elem, encoding>; encoding may be nil.
func (c *Context) RankedTensorType(shape []int64, elem Type, encoding Attribute) *RankedTensorType {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'T')
	k = shapeKey(k, shape)
	k = k.ty(elem)
	k = k.attr(encoding)
	return intern(c, k, func(st storage) *RankedTensorType {
		return &RankedTensorType{storage: st, Shape: append([]int64(nil), shape...), Elem: elem, Encoding: encoding}
	})
}

// UnrankedTensorType returns tensor<*xelem>.
func (c *Context) UnrankedTensorType(elem Type) *UnrankedTensorType {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'U')
	k = k.ty(elem)
	return intern(c, k, func(st storage) *UnrankedTensorType { return &UnrankedTensorType{storage: st, Elem: elem} })
}

// MemRefType returns memref<shape x elem, layout, memorySpace>. A nil layout
// is the identity layout; an identity affine map layout is normalized to nil,
// and so is the default memory space, an integer 0 (MLIR's
// skipDefaultMemorySpace).
func (c *Context) MemRefType(shape []int64, elem Type, layout, memorySpace Attribute) *MemRefType {
	var kb [128]byte
	memorySpace = skipDefaultMemorySpace(memorySpace)
	if m, ok := layout.(*AffineMapAttr); ok && m.Map.IsIdentity() && m.Map.NumSyms == 0 && m.Map.NumDims == len(shape) {
		layout = nil
	}
	k := keyBuf(kb[:0])
	k = append(k, 'M')
	k = shapeKey(k, shape)
	k = k.ty(elem)
	k = k.attr(layout)
	k = k.attr(memorySpace)
	return intern(c, k, func(st storage) *MemRefType {
		return &MemRefType{storage: st, Shape: append([]int64(nil), shape...), Elem: elem, Layout: layout, MemorySpace: memorySpace}
	})
}

// HasIdentityLayout reports whether t's layout is the identity: none, or
// an identity affine map (with symbols, which the printer elides as
// MLIR's does).
func (t *MemRefType) HasIdentityLayout() bool {
	if t.Layout == nil {
		return true
	}
	m, ok := t.Layout.(*AffineMapAttr)
	return ok && m.Map.IsIdentity() && m.Map.NumDims == len(t.Shape)
}

// UnrankedMemRefType returns memref<*xelem, memorySpace>, with the default
// memory space (an integer 0) normalized to nil.
func (c *Context) UnrankedMemRefType(elem Type, memorySpace Attribute) *UnrankedMemRefType {
	var kb [128]byte
	memorySpace = skipDefaultMemorySpace(memorySpace)
	k := keyBuf(kb[:0])
	k = append(k, 'm')
	k = k.ty(elem)
	k = k.attr(memorySpace)
	return intern(c, k, func(st storage) *UnrankedMemRefType {
		return &UnrankedMemRefType{storage: st, Elem: elem, MemorySpace: memorySpace}
	})
}

// skipDefaultMemorySpace returns nil for an integer memory space of value
// 0, which memref types hold as no memory space, and space otherwise.
func skipDefaultMemorySpace(space Attribute) Attribute {
	if ia, ok := space.(*IntegerAttr); ok && ia.Big == nil && ia.Lo == 0 {
		return nil
	}
	return space
}

// VectorType returns vector<shape x elem>; scalable may be nil.
func (c *Context) VectorType(shape []int64, scalable []bool, elem Type) *VectorType {
	var kb [128]byte
	any := false
	for _, s := range scalable {
		any = any || s
	}
	if !any {
		scalable = nil
	}
	k := keyBuf(kb[:0])
	k = append(k, 'V')
	k = shapeKey(k, shape)
	for _, s := range scalable {
		if s {
			k = append(k, 1)
		} else {
			k = append(k, 0)
		}
	}
	k = append(k, '|')
	k = k.ty(elem)
	return intern(c, k, func(st storage) *VectorType {
		return &VectorType{storage: st, Shape: append([]int64(nil), shape...), Scalable: append([]bool(nil), scalable...), Elem: elem}
	})
}

// OpaqueType returns the opaque type !dialect.data.
func (c *Context) OpaqueType(dialect, data string) *OpaqueType {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'O')
	k = k.str(dialect)
	k = k.str(data)
	return intern(c, k, func(st storage) *OpaqueType {
		return &OpaqueType{storage: st, Dialect: strings.Clone(dialect), Data: strings.Clone(data)}
	})
}

// InternType interns a dialect-defined type by key: the same key always
// yields the same type, built once by mk.
func InternType[T Type](c *Context, key string, mk func(id uint64) T) T {
	k := keyBuf(make([]byte, 0, len(key)+2))
	k = append(k, 'D', 0)
	k = append(k, key...)
	return intern(c, k, func(st storage) T { return mk(st.id) })
}

// ShapedType is implemented by tensor, memref and vector types.
type ShapedType interface {
	Type
	ElementType() Type
	// ShapeDims returns the shape, or nil with ok=false when unranked.
	ShapeDims() (shape []int64, ranked bool)
}

// ElementType returns the element type.
func (t *RankedTensorType) ElementType() Type { return t.Elem }

// ShapeDims returns the shape.
func (t *RankedTensorType) ShapeDims() ([]int64, bool) { return t.Shape, true }

// ElementType returns the element type.
func (t *UnrankedTensorType) ElementType() Type { return t.Elem }

// ShapeDims reports that the type is unranked.
func (t *UnrankedTensorType) ShapeDims() ([]int64, bool) { return nil, false }

// ElementType returns the element type.
func (t *MemRefType) ElementType() Type { return t.Elem }

// ShapeDims returns the shape.
func (t *MemRefType) ShapeDims() ([]int64, bool) { return t.Shape, true }

// OffsetAndStrides returns the offset and strides a memref's layout
// states: those of a strided<...> layout, the row-major ones of the
// identity layout (dynamic left of a dynamic dimension), and all dynamic
// for any other layout. The result may share the layout's storage.
func (t *MemRefType) OffsetAndStrides() (int64, []int64) {
	if l, ok := t.Layout.(*StridedLayoutAttr); ok {
		return l.Offset, l.Strides
	}
	strides := make([]int64, len(t.Shape))
	if !t.HasIdentityLayout() {
		for i := range strides {
			strides[i] = Dynamic
		}
		return Dynamic, strides
	}
	acc := int64(1)
	for i := len(t.Shape) - 1; i >= 0; i-- {
		strides[i] = acc
		if acc != Dynamic && t.Shape[i] != Dynamic {
			acc *= t.Shape[i]
		} else {
			acc = Dynamic
		}
	}
	return 0, strides
}

// ElementType returns the element type.
func (t *UnrankedMemRefType) ElementType() Type { return t.Elem }

// ShapeDims reports that the type is unranked.
func (t *UnrankedMemRefType) ShapeDims() ([]int64, bool) { return nil, false }

// ElementType returns the element type.
func (t *VectorType) ElementType() Type { return t.Elem }

// ShapeDims returns the shape.
func (t *VectorType) ShapeDims() ([]int64, bool) { return t.Shape, true }

// NumElements returns the product of a static shape, or -1 if any
// dimension is dynamic.
func NumElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return -1
		}
		n *= d
	}
	return n
}

// IsIntOrIndex reports whether t is an integer or index type.
func IsIntOrIndex(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType:
		return true
	}
	return false
}

// IntOrFloatBitWidth returns the bit width of integer, index (64) and float
// types, and -1 for anything else.
func IntOrFloatBitWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return int(t.Width)
	case *IndexType:
		return 64
	case *FloatType:
		return t.Width()
	}
	return -1
}
