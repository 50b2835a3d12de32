package irgen

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// ---- literals ----

var stringPieces = []string{
	"a", "bc", "Hello", " ", "x_y", "0", "42", `\"`, `\\`, `\n`, `\t`, `\00`, `\7F`, `\FF`, `\0A`,
	"é", "→", "#", "%", "{", "}", "<", ">", "'", "$", ".", "-", `\e9`,
}

// stringLit returns a string literal, quotes included, with escapes.
func (g *gen) stringLit() string {
	var sb strings.Builder
	sb.WriteByte('"')
	for n := g.intn(5); n > 0; n-- {
		sb.WriteString(pick(g, stringPieces))
	}
	sb.WriteByte('"')
	return sb.String()
}

// intRange returns the literal range MLIR accepts for an integer type:
// signless types take both signed and unsigned values.
func intRange(t intType) (lo, hi *big.Int) {
	w := uint(t.width)
	one := big.NewInt(1)
	switch t.prefix {
	case "si":
		lo = new(big.Int).Neg(new(big.Int).Lsh(one, w-1))
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, w-1), one)
	case "ui":
		lo = new(big.Int)
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, w), one)
	default:
		lo = new(big.Int).Neg(new(big.Int).Lsh(one, w-1))
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, w), one)
	}
	return lo, hi
}

// intValue returns a random value that fits t.
func (g *gen) intValue(t intType) *big.Int {
	lo, hi := intRange(t)
	switch g.intn(8) {
	case 0:
		return lo
	case 1:
		return hi
	case 2, 3, 4:
		v := big.NewInt(int64(g.intn(200) - 50))
		if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
			return big.NewInt(0)
		}
		return v
	}
	span := new(big.Int).Sub(hi, lo)
	span.Add(span, big.NewInt(1))
	r := new(big.Int)
	for r.BitLen() < span.BitLen()+8 {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(g.r.Uint64()))
	}
	r.Mod(r, span)
	return r.Add(r, lo)
}

// intLit spells v in decimal or hexadecimal.
func (g *gen) intLit(v *big.Int) string {
	if g.chance(0.15) {
		if v.Sign() < 0 {
			return "-0x" + strings.ToUpper(new(big.Int).Neg(v).Text(16))
		}
		return "0x" + v.Text(16)
	}
	return v.String()
}

// intElem returns an integer literal for t (true/false for i1).
func (g *gen) intElem(t intType) string {
	if t.width == 1 && t.prefix == "i" && g.chance(0.8) {
		return pick(g, []string{"true", "false"})
	}
	return g.intLit(g.intValue(t))
}

// indexElem returns an integer literal for index.
func (g *gen) indexElem() string {
	return g.intLit(g.intValue(intType{"si", 64}))
}

// floatHex returns a bit pattern literal for ft.
func (g *gen) floatHex(ft floatType) string {
	bits := new(big.Int)
	switch g.intn(4) {
	case 0:
		// All exponent bits set: infinities and NaNs in most formats.
		bits.Lsh(big.NewInt(1), uint(ft.width-1))
		bits.Sub(bits, big.NewInt(1))
		if g.chance(0.5) {
			bits.Xor(bits, big.NewInt(1))
		}
	default:
		for i := 0; i < ft.width; i += 32 {
			bits.Lsh(bits, 32)
			bits.Or(bits, big.NewInt(int64(g.r.Uint32())))
		}
		bits.Rsh(bits, uint((ft.width+31)/32*32-ft.width))
	}
	if ft.name == "f32" && g.chance(0.3) {
		return pick(g, []string{"0x7FC00000", "0x7F800000", "0xFF800000", "0x80000000", "0x00000001"})
	}
	digits := (ft.width + 3) / 4
	if g.chance(0.5) {
		return fmt.Sprintf("0x%0*X", digits, bits)
	}
	return "0x" + bits.Text(16)
}

// floatDec returns a decimal float literal for ft (no hex).
func (g *gen) floatDec(ft floatType) string {
	var v float64
	switch g.intn(6) {
	case 0:
		v = float64(g.intn(9))
	case 1:
		v = float64(g.intn(64)) / 8
	case 2:
		v = math.Ldexp(1, g.intn(20)-10)
	default:
		v = g.r.Float64() * math.Pow(10, float64(g.intn(12)-6))
	}
	if v > ft.max {
		v = ft.max / 2
	}
	if ft.unsigned && v == 0 {
		v = 1
	}
	var s string
	switch g.intn(5) {
	case 0:
		s = strconv.FormatFloat(v, 'e', 1+g.intn(8), 64)
	case 1:
		s = strconv.FormatFloat(v, 'f', 1+g.intn(6), 64)
	case 2:
		s = strconv.FormatFloat(v, 'e', -1, 64)
		if !strings.Contains(s, ".") {
			s = strings.Replace(s, "e", ".0e", 1)
		}
	case 3:
		// More digits than a double holds.
		s = strconv.FormatFloat(v, 'f', 1, 64) + "1415926535897932384626433832795"
	default:
		s = strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += "."
			if g.chance(0.5) {
				s += "0"
			}
		}
	}
	if !ft.unsigned && g.chance(0.3) {
		s = "-" + s
	}
	return s
}

// floatElem returns a float literal for ft: decimal or a bit pattern.
func (g *gen) floatElem(ft floatType) string {
	if g.chance(0.25) {
		return g.floatHex(ft)
	}
	return g.floatDec(ft)
}

// ---- keys and symbols ----

var bareKeys = []string{
	"a", "b", "c", "attr", "x.y", "_k", "k$1", "loc", "dense", "true", "i32", "foo.bar",
	"value", "z_9", "affine_map", "unit", "attributes", "name.with.dots",
}

var quotedKeys = []string{`"a b"`, `"0k"`, `"\22q"`, `"é"`, `"k-1"`, `"x"`, `""`, `"with\nnewline"`, `"#"`}

// key returns an attribute name: bare or quoted.
func (g *gen) key() string {
	if g.chance(0.8) {
		return pick(g, bareKeys)
	}
	k := pick(g, quotedKeys)
	if k == `""` {
		k = `"q"`
	}
	return k
}

// keyIdentity returns the name a key spells, for duplicate detection.
func keyIdentity(k string) string {
	if strings.HasPrefix(k, `"`) {
		return strings.Trim(k, `"`)
	}
	return k
}

var symNames = []string{"foo", "bar", "f1", "_main", "a.b", `"with space"`, `"x"`, `"\22q"`, `"é"`, "sym$"}

func (g *gen) symRef() string {
	s := "@" + pick(g, symNames)
	for n := g.intn(3); n > 0 && g.chance(0.5); n-- {
		s += "::@" + pick(g, symNames)
	}
	return s
}

// ---- attributes ----

// dict returns a dictionary attribute with unique keys.
func (g *gen) dict(depth int) string {
	seen := map[string]bool{}
	var parts []string
	for n := g.intn(4); n > 0; n-- {
		k := g.key()
		if seen[keyIdentity(k)] {
			continue
		}
		seen[keyIdentity(k)] = true
		if g.chance(0.15) {
			parts = append(parts, k)
			continue
		}
		parts = append(parts, k+" = "+g.attr(depth+1))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// propAttr returns the properties of an unregistered operation.
func (g *gen) propAttr() string {
	if g.chance(0.85) {
		return g.dict(1)
	}
	return g.attr(2)
}

// attr returns a random attribute; depth bounds nesting.
func (g *gen) attr(depth int) string {
	if depth > 3 {
		return g.scalarAttr()
	}
	if len(g.attrAliases) > 0 && g.chance(0.05) {
		return pick(g, g.attrAliases)
	}
	switch g.intn(32) {
	case 0, 1, 2:
		return g.scalarAttr()
	case 3:
		return g.stringLit()
	case 4:
		return g.stringLit() + " : " + g.typeOf(classAny, 2)
	case 5:
		return "unit"
	case 6, 7:
		var elems []string
		for n := g.intn(4); n > 0; n-- {
			elems = append(elems, g.attr(depth+1))
		}
		return "[" + strings.Join(elems, ", ") + "]"
	case 8:
		return g.dict(depth)
	case 9, 10, 11:
		return g.denseAttr()
	case 12:
		return g.denseResource()
	case 13:
		return g.sparseAttr()
	case 14:
		return "affine_map<" + g.affineMap(g.intn(3), g.intn(3), true) + ">"
	case 15:
		return "affine_set<" + g.integerSet() + ">"
	case 16:
		return g.symRef()
	case 17, 18:
		return g.typeOf(classAny, 1)
	case 19:
		return g.strided(g.intn(4))
	case 20, 21:
		return g.denseArray()
	case 22:
		return g.distinctAttr(depth)
	case 23, 24:
		return g.opaqueAttr()
	case 25:
		return "loc(" + g.loc(2) + ")"
	case 26:
		return pick(g, []string{"true", "false"})
	}
	return g.scalarAttr()
}

// scalarAttr returns an integer or float attribute, with or without type.
func (g *gen) scalarAttr() string {
	switch g.intn(6) {
	case 0:
		return g.intLit(big.NewInt(int64(g.intn(100) - 20)))
	case 1:
		return g.indexElem() + " : index"
	case 2, 3:
		t := g.intType()
		v := g.intElem(t)
		if v == "true" || v == "false" {
			return v
		}
		return v + " : " + t.String()
	case 4:
		if g.chance(0.3) {
			return g.floatDec(floatTypes[3])
		}
	}
	ft := pick(g, floatTypes)
	return g.floatElem(ft) + " : " + ft.name
}

// denseElem describes an element type for dense literals.
type denseElem struct {
	name    string // the element type's spelling
	kind    byte   // 'i' integer, 'x' index, 'f' float, 'c' complex, 's' string
	it      intType
	ft      floatType
	vector  bool // usable in a vector
	storage int  // bytes per element in hex form (0: no hex)
}

func (g *gen) denseElemType() denseElem {
	switch x := g.intn(12); {
	case x < 5:
		t := g.intType()
		st := 1
		if t.width > 1 {
			st = (t.width + 7) / 8
		} else {
			st = 0 // i1 hex data is bit-packed
		}
		return denseElem{name: t.String(), kind: 'i', it: t, vector: true, storage: st}
	case x < 6:
		return denseElem{name: "index", kind: 'x', vector: true, storage: 8}
	case x < 10:
		ft := pick(g, floatTypes)
		return denseElem{name: ft.name, kind: 'f', ft: ft, vector: true, storage: (ft.width + 7) / 8}
	case x < 11:
		if g.chance(0.5) {
			t := intType{"i", pick(g, []int{8, 16, 32, 64})}
			return denseElem{name: "complex<" + t.String() + ">", kind: 'c', it: t, storage: 2 * t.width / 8}
		}
		ft := pick(g, floatTypes[:6])
		return denseElem{name: "complex<" + ft.name + ">", kind: 'c', ft: ft, storage: 2 * ((ft.width + 7) / 8)}
	}
	return denseElem{name: "!" + pick(g, dialects) + ".string", kind: 's'}
}

// scalar returns one literal element of e.
func (g *gen) scalar(e denseElem) string {
	switch e.kind {
	case 'i':
		return g.intElem(e.it)
	case 'x':
		return g.indexElem()
	case 'f':
		return g.floatElem(e.ft)
	case 'c':
		if e.it.width > 0 {
			return "(" + g.intElem(e.it) + ", " + g.intElem(e.it) + ")"
		}
		return "(" + g.floatElem(e.ft) + "," + g.floatElem(e.ft) + ")"
	}
	return g.stringLit()
}

// nested returns a literal list of the given shape.
func (g *gen) nested(e denseElem, shape []int, elem func() string) string {
	if len(shape) == 0 {
		return elem()
	}
	var parts []string
	for i := 0; i < shape[0]; i++ {
		parts = append(parts, g.nested(e, shape[1:], elem))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// hexData returns n random elements of e as little-endian hex, each value
// within its type.
func (g *gen) hexData(e denseElem, n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		var v *big.Int
		var width int
		switch e.kind {
		case 'i':
			width = e.it.width
			v = g.intValue(e.it)
		case 'x':
			width = 64
			v = g.intValue(intType{"si", 64})
		case 'f':
			width = e.ft.width
			v = new(big.Int).SetUint64(g.r.Uint64())
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(g.r.Uint64()))
		case 'c':
			// Two parts.
			half := e.storage / 2
			for j := 0; j < 2*half; j++ {
				fmt.Fprintf(&sb, "%02X", g.r.Uint32()&0xff)
			}
			continue
		}
		mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1))
		v = new(big.Int).And(v, mask)
		for j := 0; j < e.storage; j++ {
			fmt.Fprintf(&sb, "%02X", new(big.Int).And(new(big.Int).Rsh(v, uint(8*j)), big.NewInt(0xff)).Int64())
		}
	}
	return sb.String()
}

// denseAttr returns a dense elements attribute.
func (g *gen) denseAttr() string {
	e := g.denseElemType()
	vector := e.vector && g.chance(0.25)
	var shape []int
	big := false
	if g.chance(0.15) {
		// Large enough to print as hex.
		shape = []int{95 + g.intn(20)}
		if g.chance(0.3) {
			shape = []int{11, 10}
		}
		big = true
	} else {
		for r := g.intn(4); r > 0; r-- {
			if vector {
				shape = append(shape, 1+g.intn(3))
			} else {
				shape = append(shape, g.intn(4))
			}
		}
	}
	n := 1
	var dims strings.Builder
	for _, d := range shape {
		n *= d
		fmt.Fprintf(&dims, "%dx", d)
	}
	var typ string
	if vector {
		typ = "vector<" + dims.String() + e.name + ">"
	} else {
		typ = "tensor<" + dims.String() + e.name + ">"
	}
	var lit string
	switch x := g.intn(10); {
	case x < 2 && !big:
		lit = g.scalar(e)
	case x < 3 && e.storage > 0 && n > 0:
		if g.chance(0.3) {
			lit = `"0x` + g.hexData(e, 1) + `"`
		} else {
			lit = `"0x` + g.hexData(e, n) + `"`
		}
	case x < 4 && !big:
		// Every element equal: printed as a splat.
		s := g.scalar(e)
		lit = g.nested(e, shape, func() string { return s })
	default:
		// Few distinct values, so that big literals are rarely splats.
		pool := []string{g.scalar(e), g.scalar(e), g.scalar(e)}
		lit = g.nested(e, shape, func() string { return pick(g, pool) })
	}
	if n == 0 {
		// A literal list cannot spell a shape with a zero followed by more
		// dimensions: use the empty form or a splat.
		lit = ""
		if g.chance(0.3) {
			lit = g.scalar(e)
		}
	}
	return "dense<" + lit + "> : " + typ
}

// denseResource returns a dense_resource attribute and records its blob.
func (g *gen) denseResource() string {
	e := g.denseElemType()
	for e.kind == 's' || e.kind == 'c' || e.storage == 0 {
		e = g.denseElemType()
	}
	n := 1 + g.intn(4)
	typ := fmt.Sprintf("tensor<%dx%s>", n, e.name)
	if len(g.resources) > 0 && g.chance(0.3) {
		// Reuse a blob under another type.
		return fmt.Sprintf("dense_resource<%s> : %s", pick(g, g.resources).key, typ)
	}
	key := g.resourceKey()
	align := pick(g, []string{"01000000", "02000000", "04000000", "08000000", "10000000"})
	g.resources = append(g.resources, resource{key, align + g.hexData(e, n)})
	return fmt.Sprintf("dense_resource<%s> : %s", key, typ)
}

// resourceKey returns a new resource key, bare or quoted.
func (g *gen) resourceKey() string {
	n := len(g.resources) + 1
	switch g.intn(6) {
	case 0:
		return fmt.Sprintf(`"key %d"`, n)
	case 1:
		return fmt.Sprintf(`"q\"%d\C3\A9"`, n)
	case 2:
		return fmt.Sprintf(`"k%d"`, n) // quoted, printed bare
	}
	return fmt.Sprintf("%s%d", pick(g, []string{"blob", "res_", "k.", "r", "x$"}), n)
}

// sparseAttr returns a sparse elements attribute.
func (g *gen) sparseAttr() string {
	e := g.denseElemType()
	for e.kind == 's' || e.kind == 'c' {
		e = g.denseElemType()
	}
	rank := 1 + g.intn(3)
	var shape []int
	var dims strings.Builder
	for i := 0; i < rank; i++ {
		d := 1 + g.intn(5)
		shape = append(shape, d)
		fmt.Fprintf(&dims, "%dx", d)
	}
	typ := "tensor<" + dims.String() + e.name + ">"
	n := g.intn(4)
	if n == 0 {
		return "sparse<> : " + typ
	}
	// Distinct indices: a list of equal indices prints as a splat that does
	// not read back.
	var idx, vals []string
	seen := map[string]bool{}
	for i := 0; i < n; i++ {
		var coords []string
		for _, d := range shape {
			coords = append(coords, fmt.Sprint(g.intn(d)))
		}
		c := "[" + strings.Join(coords, ", ") + "]"
		if seen[c] {
			continue
		}
		seen[c] = true
		idx = append(idx, c)
		vals = append(vals, g.scalar(e))
	}
	v := "[" + strings.Join(vals, ", ") + "]"
	if g.chance(0.3) {
		v = g.scalar(e)
	}
	return "sparse<[" + strings.Join(idx, ", ") + "], " + v + "> : " + typ
}

// denseArray returns an array<T: ...> attribute.
func (g *gen) denseArray() string {
	var t string
	var elem func() string
	switch x := g.intn(9); {
	case x < 5:
		it := intType{"i", pick(g, []int{1, 8, 16, 32, 64})}
		t, elem = it.String(), func() string { return g.intElem(it) }
		if it.width == 1 {
			// array<i1: ...> takes only true and false.
			elem = func() string { return pick(g, []string{"true", "false"}) }
		}
	default:
		ft := pick(g, []floatType{floatTypes[0], floatTypes[1], floatTypes[2], floatTypes[3]})
		t, elem = ft.name, func() string { return g.floatElem(ft) }
	}
	var vals []string
	for n := g.intn(5); n > 0; n-- {
		vals = append(vals, elem())
	}
	if len(vals) == 0 {
		return "array<" + t + ">"
	}
	return "array<" + t + ": " + strings.Join(vals, ", ") + ">"
}

// inProgress marks a distinct id whose referenced attribute is being built.
const inProgress = "\x00"

// distinctAttr returns distinct[N]<...>, consistent for each N in a file.
func (g *gen) distinctAttr(depth int) string {
	id := g.intn(4)
	ref, ok := g.distinct[id]
	if ok && ref == inProgress {
		// distinct[N] inside its own referenced attribute.
		return g.scalarAttr()
	}
	if !ok {
		g.distinct[id] = inProgress
		if g.chance(0.3) {
			ref = ""
		} else {
			ref = g.attr(depth + 1)
		}
		g.distinct[id] = ref
	}
	return fmt.Sprintf("distinct[%d]<%s>", id, ref)
}

// opaqueAttr returns an attribute of an unregistered dialect.
func (g *gen) opaqueAttr() string {
	d := pick(g, dialects)
	var s string
	switch g.intn(5) {
	case 0:
		s = "#" + d + "." + g.ident()
	case 1:
		s = "#" + d + "<" + g.stringLit() + ">"
	case 2:
		s = "#" + d + "<" + g.ident() + "<" + g.body(2) + ">>"
	default:
		s = "#" + d + "." + g.ident() + "<" + g.body(2) + ">"
	}
	if g.chance(0.1) {
		s += " : " + g.scalarType()
	}
	return s
}

// ---- affine maps and sets ----

// affineExpr returns an affine expression over the named dims and syms.
func (g *gen) affineExpr(dims, syms []string, depth int) string {
	leaf := func() string {
		switch x := g.intn(6); {
		case x < 3 && len(dims) > 0:
			return pick(g, dims)
		case x < 4 && len(syms) > 0:
			return pick(g, syms)
		default:
			return fmt.Sprint(g.intn(20) - 5)
		}
	}
	// symbolic returns an expression of symbols and constants only.
	symbolic := func() string {
		if len(syms) > 0 && g.chance(0.3) {
			return pick(g, syms)
		}
		return fmt.Sprint(g.intn(9) - 2)
	}
	if depth <= 0 || g.chance(0.3) {
		return leaf()
	}
	a := g.affineExpr(dims, syms, depth-1)
	switch g.intn(8) {
	case 0, 1:
		return a + " + " + g.affineExpr(dims, syms, depth-1)
	case 2:
		return a + " - " + g.affineExpr(dims, syms, depth-1)
	case 3:
		if g.chance(0.5) {
			return "(" + a + ") * " + symbolic()
		}
		if len(dims) > 0 && len(syms) > 0 && g.chance(0.2) {
			// Semi-affine: a dimension times a symbol.
			return pick(g, dims) + " * " + pick(g, syms)
		}
		return symbolic() + " * (" + a + ")"
	case 4:
		return "(" + a + ") floordiv " + g.divisor(syms)
	case 5:
		return "(" + a + ") ceildiv " + g.divisor(syms)
	case 6:
		return "(" + a + ") mod " + g.divisor(syms)
	}
	return "-(" + a + ")"
}

func (g *gen) divisor(syms []string) string {
	if len(syms) > 0 && g.chance(0.2) {
		return pick(g, syms)
	}
	if g.chance(0.1) {
		return fmt.Sprint(-1 - g.intn(4))
	}
	return fmt.Sprint(1 + g.intn(8))
}

// affineDims returns dimension and symbol identifiers, canonical or not.
func (g *gen) affineDims(nd, ns int, named bool) (dims, syms []string) {
	for i := 0; i < nd; i++ {
		if named && g.chance(0.3) {
			dims = append(dims, fmt.Sprintf("i%d", i))
		} else {
			dims = append(dims, fmt.Sprintf("d%d", i))
		}
	}
	for i := 0; i < ns; i++ {
		if named && g.chance(0.3) {
			syms = append(syms, fmt.Sprintf("N%d", i))
		} else {
			syms = append(syms, fmt.Sprintf("s%d", i))
		}
	}
	return dims, syms
}

func affineHead(dims, syms []string) string {
	s := "(" + strings.Join(dims, ", ") + ")"
	if len(syms) > 0 {
		s += "[" + strings.Join(syms, ", ") + "]"
	}
	return s
}

// affineMap returns the body of an affine map with nd dims and ns symbols.
func (g *gen) affineMap(nd, ns int, named bool) string {
	dims, syms := g.affineDims(nd, ns, named)
	if g.chance(0.2) {
		// The identity (elided as a memref layout).
		return affineHead(dims, syms) + " -> (" + strings.Join(dims, ", ") + ")"
	}
	var res []string
	for n := g.intn(4); n > 0; n-- {
		res = append(res, g.affineExpr(dims, syms, 3))
	}
	return affineHead(dims, syms) + " -> (" + strings.Join(res, ", ") + ")"
}

// integerSet returns the body of an integer set.
func (g *gen) integerSet() string {
	dims, syms := g.affineDims(g.intn(3), g.intn(3), true)
	var cons []string
	for n := g.intn(4); n > 0; n-- {
		e := g.affineExpr(dims, syms, 2)
		switch g.intn(4) {
		case 0:
			cons = append(cons, e+" == 0")
		case 1:
			cons = append(cons, e+" <= "+g.affineExpr(dims, syms, 1))
		case 2:
			cons = append(cons, e+" >= "+g.affineExpr(dims, syms, 1))
		default:
			cons = append(cons, e+" >= 0")
		}
	}
	return affineHead(dims, syms) + " : (" + strings.Join(cons, ", ") + ")"
}

// ---- locations ----

var fileNames = []string{`"a.mlir"`, `"dir/x.cc"`, `""`, `"f\"q"`, `"é.py"`, `"file with space"`}
var locNames = []string{`"n"`, `"foo"`, `"x.y"`, `""`, `"with\tTab"`}

// loc returns the inside of loc(...).
func (g *gen) loc(depth int) string {
	if depth > 3 {
		return g.fileLoc()
	}
	switch g.intn(12) {
	case 0:
		return "unknown"
	case 1, 2, 3:
		return g.fileLoc()
	case 4:
		return pick(g, locNames)
	case 5:
		return pick(g, locNames) + "(" + g.loc(depth+1) + ")"
	case 6:
		return "callsite(" + g.loc(depth+1) + " at " + g.loc(depth+1) + ")"
	case 7, 8:
		var ls []string
		for n := g.intn(4); n > 0; n-- {
			if len(ls) > 0 && g.chance(0.2) {
				ls = append(ls, ls[0]) // a duplicate
				continue
			}
			ls = append(ls, g.loc(depth+1))
		}
		meta := ""
		if g.chance(0.4) {
			meta = "<" + pick(g, []string{`"CSE"`, "#foo.meta", "1 : i32", "[1, 2]", "unit", `"x"`}) + ">"
		}
		return "fused" + meta + "[" + strings.Join(ls, ", ") + "]"
	case 9:
		if len(g.locAliases) > 0 {
			return pick(g, g.locAliases)
		}
	}
	return g.fileLoc()
}

// fileLoc returns a file:line:col location or a range. Ranges end after
// they start and do not use the empty file name: a range that prints as a
// position, or as "" where a position would read "-", would not read back
// as the same location (MLIR is no fixed point there either).
func (g *gen) fileLoc() string {
	f := pick(g, fileNames)
	l, c := g.intn(30), g.intn(80)
	switch g.intn(5) {
	case 0:
		if f == `""` {
			f = `"a.mlir"`
		}
		return fmt.Sprintf("%s:%d:%d to %d:%d", f, l, c, l+1+g.intn(3), g.intn(80))
	case 1:
		if f == `""` {
			f = `"a.mlir"`
		}
		return fmt.Sprintf("%s:%d:%d to :%d", f, l, c, c+1+g.intn(10))
	}
	return fmt.Sprintf("%s:%d:%d", f, l, c)
}

// trailingLoc returns "" or " loc(...)" for an operation, sometimes naming
// an alias defined later in the file.
func (g *gen) trailingLoc() string {
	switch g.intn(10) {
	case 0, 1, 2:
		return " loc(" + g.loc(1) + ")"
	case 3:
		name := g.freshAlias("#", []string{"loc", "fwd", "L"})
		g.fwdLocs = append(g.fwdLocs, name)
		return " loc(" + name + ")"
	case 4:
		if len(g.locAliases) > 0 {
			return " loc(" + pick(g, g.locAliases) + ")"
		}
	}
	return ""
}
