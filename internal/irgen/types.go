package irgen

import (
	"fmt"
	"strings"
)

// typeClass restricts the types a position accepts.
type typeClass int

const (
	classAny        typeClass = iota // any type
	classScalar                      // integer, index or float
	classVectorElt                   // what a vector holds: integer, index or float
	classTensorElt                   // what a tensor holds
	classMemrefElt                   // what a memref holds
	classComplexElt                  // integer or float
)

// floatType describes a builtin float type for literal generation.
type floatType struct {
	name  string
	width int
	max   float64 // a magnitude above which decimal literals are avoided
	// unsigned formats (f8E8M0FNU) have no sign and no zero.
	unsigned bool
}

var floatTypes = []floatType{
	{"f16", 16, 65504, false},
	{"bf16", 16, 3e38, false},
	{"f32", 32, 3e38, false},
	{"f64", 64, 1e300, false},
	{"f80", 80, 1e300, false},
	{"f128", 128, 1e300, false},
	{"tf32", 19, 3e38, false},
	{"f8E5M2", 8, 57344, false},
	{"f8E4M3", 8, 240, false},
	{"f8E4M3FN", 8, 448, false},
	{"f8E5M2FNUZ", 8, 57344, false},
	{"f8E4M3FNUZ", 8, 240, false},
	{"f8E4M3B11FNUZ", 8, 30, false},
	{"f8E3M4", 8, 15.5, false},
	{"f8E8M0FNU", 8, 1e38, true},
	{"f6E2M3FN", 6, 7.5, false},
	{"f6E3M2FN", 6, 28, false},
	{"f4E2M1FN", 4, 6, false},
}

// intType describes an integer type: its spelling prefix and width.
type intType struct {
	prefix string // "i", "si" or "ui"
	width  int
}

func (t intType) String() string { return fmt.Sprintf("%s%d", t.prefix, t.width) }

var intWidths = []int{1, 1, 8, 8, 16, 32, 32, 32, 64, 64, 128, 2, 3, 7, 17, 33, 63, 65, 100, 256}

func (g *gen) intType() intType {
	prefix := "i"
	switch g.intn(6) {
	case 0:
		prefix = "si"
	case 1:
		prefix = "ui"
	}
	return intType{prefix, pick(g, intWidths)}
}

// valueType returns the type of a new SSA value.
func (g *gen) valueType() string {
	if g.chance(0.5) {
		return g.typeOf(classScalar, 1)
	}
	return g.typeOf(classAny, 1)
}

// scalarType returns an integer, index or float type.
func (g *gen) scalarType() string {
	switch x := g.intn(10); {
	case x < 5:
		return g.intType().String()
	case x < 6:
		return "index"
	default:
		return pick(g, floatTypes).name
	}
}

// aliasFor returns a type alias usable for class c, or "".
func (g *gen) aliasFor(c typeClass) string {
	var ok []string
	for _, a := range g.typeAliases {
		if a.class == classScalar || a.class == classVectorElt || c == classAny {
			ok = append(ok, a.name)
		}
	}
	if len(ok) == 0 {
		return ""
	}
	return pick(g, ok)
}

// typeOf returns a random type of class c; depth bounds nesting.
func (g *gen) typeOf(c typeClass, depth int) string {
	if len(g.typeAliases) > 0 && g.chance(0.08) {
		if a := g.aliasFor(c); a != "" {
			return a
		}
	}
	if depth > 3 && (c == classAny || c == classTensorElt || c == classMemrefElt) {
		c = classScalar
	}
	switch c {
	case classScalar, classVectorElt, classComplexElt:
		if c == classComplexElt && g.chance(0.1) {
			return pick(g, floatTypes).name
		}
		t := g.scalarType()
		if c == classComplexElt && t == "index" {
			t = "i32"
		}
		return t
	case classTensorElt:
		switch g.intn(10) {
		case 0:
			return g.complexType(depth)
		case 1:
			return g.vectorType(depth)
		case 2:
			return g.opaqueType()
		}
		return g.scalarType()
	case classMemrefElt:
		switch g.intn(12) {
		case 0:
			return g.complexType(depth)
		case 1:
			return g.vectorType(depth)
		case 2:
			return g.memrefType(depth)
		}
		return g.scalarType()
	}
	switch g.intn(16) {
	case 0:
		return "none"
	case 1:
		return g.complexType(depth)
	case 2:
		var ts []string
		for n := g.intn(4); n > 0; n-- {
			ts = append(ts, g.typeOf(classAny, depth+1))
		}
		if g.chance(0.1) {
			// More than 16 elements: printed through a !tuple alias.
			for n := 17 + g.intn(3); len(ts) < n; {
				ts = append(ts, g.scalarType())
			}
		}
		return "tuple<" + strings.Join(ts, ", ") + ">"
	case 3:
		return g.functionType(depth)
	case 4, 5:
		return g.tensorType(depth)
	case 6, 7:
		return g.memrefType(depth)
	case 8, 9:
		return g.vectorType(depth)
	case 10:
		return g.opaqueType()
	}
	return g.scalarType()
}

func (g *gen) complexType(depth int) string {
	return "complex<" + g.typeOf(classComplexElt, depth+1) + ">"
}

func (g *gen) functionType(depth int) string {
	var ins, outs []string
	for n := g.intn(3); n > 0; n-- {
		ins = append(ins, g.typeOf(classAny, depth+1))
	}
	for n := g.intn(3); n > 0; n-- {
		outs = append(outs, g.typeOf(classAny, depth+1))
	}
	return g.signature(ins, outs)
}

// dims returns a dimension list prefix like "4x?x" of rank dimensions.
func (g *gen) dims(rank int, dynamic bool) (string, []int) {
	var sb strings.Builder
	var shape []int
	for i := 0; i < rank; i++ {
		if dynamic && g.chance(0.2) {
			sb.WriteString("?x")
			shape = append(shape, -1)
			continue
		}
		d := g.intn(5)
		if g.chance(0.1) {
			d = 16 + g.intn(100)
		}
		shape = append(shape, d)
		fmt.Fprintf(&sb, "%dx", d)
	}
	return sb.String(), shape
}

func (g *gen) tensorType(depth int) string {
	elt := g.typeOf(classTensorElt, depth+1)
	if g.chance(0.2) {
		return "tensor<*x" + elt + ">"
	}
	d, _ := g.dims(g.intn(4), true)
	enc := ""
	if g.chance(0.25) {
		enc = ", " + g.encodingAttr()
	}
	return "tensor<" + d + elt + enc + ">"
}

// encodingAttr returns an attribute usable as a tensor encoding.
func (g *gen) encodingAttr() string {
	switch g.intn(6) {
	case 0:
		return g.stringLit()
	case 1:
		return fmt.Sprint(g.intn(10))
	case 2:
		return "{" + g.key() + " = " + fmt.Sprint(g.intn(5)) + " : i32}"
	case 3:
		return "[" + fmt.Sprint(g.intn(5)) + ", " + g.stringLit() + "]"
	}
	return g.opaqueAttr()
}

func (g *gen) memrefType(depth int) string {
	elt := g.typeOf(classMemrefElt, depth+1)
	if g.chance(0.2) {
		ms := ""
		if g.chance(0.5) {
			ms = ", " + g.memorySpace()
		}
		return "memref<*x" + elt + ms + ">"
	}
	rank := g.intn(4)
	d, _ := g.dims(rank, true)
	var extra []string
	switch g.intn(4) {
	case 0:
		extra = append(extra, g.strided(rank))
	case 1:
		extra = append(extra, "affine_map<"+g.affineMap(rank, g.intn(3), false)+">")
	}
	if g.chance(0.35) {
		extra = append(extra, g.memorySpace())
	}
	s := "memref<" + d + elt
	for _, e := range extra {
		s += ", " + e
	}
	return s + ">"
}

// memorySpace returns an attribute usable as a memref memory space.
func (g *gen) memorySpace() string {
	switch g.intn(7) {
	case 0:
		return "0"
	case 1:
		return fmt.Sprintf("%d : i32", g.intn(5))
	case 2:
		return g.stringLit()
	case 3:
		return fmt.Sprintf("%d : i%d", 1+g.intn(4), pick(g, []int{8, 16, 64}))
	case 4:
		return fmt.Sprintf("{%s = %d}", g.key(), g.intn(4))
	}
	return fmt.Sprint(1 + g.intn(7))
}

// strided returns a strided layout of the given rank.
func (g *gen) strided(rank int) string {
	dim := func() string {
		if g.chance(0.2) {
			return "?"
		}
		if g.chance(0.1) {
			return fmt.Sprint(-g.intn(4))
		}
		return fmt.Sprint(g.intn(64))
	}
	var ss []string
	for i := 0; i < rank; i++ {
		ss = append(ss, dim())
	}
	s := "strided<[" + strings.Join(ss, ", ") + "]"
	if g.chance(0.6) {
		s += ", offset: " + dim()
	}
	return s + ">"
}

func (g *gen) vectorType(depth int) string {
	var sb strings.Builder
	sb.WriteString("vector<")
	for n := g.intn(4); n > 0; n-- {
		d := 1 + g.intn(8)
		if g.chance(0.2) {
			fmt.Fprintf(&sb, "[%d]x", d)
		} else {
			fmt.Fprintf(&sb, "%dx", d)
		}
	}
	sb.WriteString(g.typeOf(classVectorElt, depth+1))
	sb.WriteString(">")
	return sb.String()
}

var dialects = []string{"foo", "t", "bar", "zz", "my_d"}

// opaqueType returns a type of an unregistered dialect.
func (g *gen) opaqueType() string {
	d := pick(g, dialects)
	switch g.intn(6) {
	case 0:
		return "!" + d + "." + g.ident()
	case 1:
		return "!" + d + "<" + g.stringLit() + ">"
	case 2:
		return "!" + d + "<" + g.ident() + "<" + g.body(2) + ">>"
	case 3:
		return "!" + d + "." + g.ident() + "." + g.ident()
	}
	return "!" + d + "." + g.ident() + "<" + g.body(2) + ">"
}

var idents = []string{"bar", "baz", "x", "type", "T1", "a_b", "q.r", "i32", "index"}

func (g *gen) ident() string { return pick(g, idents) }

// body returns balanced text for the body of an opaque type or attribute.
func (g *gen) body(depth int) string {
	var parts []string
	for n := 1 + g.intn(3); n > 0; n-- {
		var p string
		switch x := g.intn(12); {
		case x < 2:
			p = fmt.Sprint(g.intn(100))
		case x < 4:
			p = g.scalarType()
		case x < 5:
			p = g.stringLit()
		case x < 6:
			p = "?"
		case x < 7:
			p = "(i32) -> f32"
		case x < 8 && depth > 0:
			p = "<" + g.body(depth-1) + ">"
		case x < 9 && depth > 0:
			p = "[" + g.body(depth-1) + "]"
		case x < 10 && depth > 0:
			p = "{" + g.body(depth-1) + "}"
		case x < 11 && depth > 0:
			p = "(" + g.body(depth-1) + ")"
		default:
			p = g.ident()
		}
		parts = append(parts, p)
	}
	sep := ", "
	if g.chance(0.2) {
		sep = pick(g, []string{",", " , ", " x ", ":"})
	}
	s := strings.Join(parts, sep)
	if g.chance(0.1) {
		s = " " + s + " "
	}
	return s
}
