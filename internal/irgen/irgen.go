// Package irgen generates random but valid MLIR programs in the generic
// operation form, for differential testing of Strata's parser and printer
// against mlir-opt.
//
// A program is a deterministic function of its seed (math/rand/v2 with a
// PCG source). Every program is meant to be accepted by
// `mlir-opt --allow-unregistered-dialect`: it uses unregistered operations
// (plus nested "builtin.module" ops), whose regions MLIR treats as possible
// graph regions, and it keeps to the rules the verifier does check:
//
//   - every use names a value defined in the same block (before or after the
//     use), in the entry block of the same region, in an argument of the
//     block, or in an enclosing block (never across an isolated
//     "builtin.module");
//   - value names are unique among the enclosing regions, block names within
//     their region;
//   - only the last operation of a block has successors, successors are
//     non-entry blocks of the same region, and no block of a multi-block
//     region is empty;
//   - types and attributes are well formed (element types, layouts, ranges of
//     integer literals, dense shapes, consistent distinct ids, resource blob
//     sizes, ...);
//   - attribute and type aliases are defined before use, except location
//     aliases in trailing locations, which may also be defined after the
//     top-level operations.
//
// The generator covers operations with any number of operands, results
// (single, `%x:N`, and split result groups), successors, properties,
// discardable attributes and regions; blocks with arguments and argument
// locations; every builtin type and attribute kind; opaque dialect types
// and attributes; every location kind; and dialect and external
// resources.
package irgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Options tune the size of generated programs. Zero fields take defaults.
type Options struct {
	// MaxOps is a soft budget of operations per program (default 30).
	MaxOps int
	// MaxDepth is the deepest region nesting (default 3).
	MaxDepth int
}

// Generate returns the program for seed with default options.
func Generate(seed uint64) string { return GenerateWith(seed, Options{}) }

// GenerateWith returns the program for seed with options o.
func GenerateWith(seed uint64, o Options) string {
	if o.MaxOps <= 0 {
		o.MaxOps = 30
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 3
	}
	g := &gen{
		r:        rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		o:        o,
		distinct: map[int]string{},
	}
	return g.program()
}

// value is an SSA value usable as an operand: its textual reference
// (`%x` or `%x#2`) and its type.
type value struct {
	ref, typ string
}

// pendingValue is a value used before its definition in the same block; a
// later operation of that block must define it.
type pendingValue struct {
	name, typ string
}

type typeAlias struct {
	name  string
	class typeClass
}

type resource struct {
	key  string
	data string // hex, alignment included
}

type gen struct {
	r *rand.Rand
	o Options

	ops int // operations emitted so far

	// Value names visible from the current position, one set per open
	// region (a name may not be redefined while an enclosing region is
	// open).
	scopes []map[string]bool
	nameN  int

	typeAliases []typeAlias
	attrAliases []string
	locAliases  []string // defined before the operations
	fwdLocs     []string // used in trailing locations, defined later
	aliasN      int

	distinct  map[int]string
	resources []resource
	moduleN   int
}

func (g *gen) intn(n int) int { return g.r.IntN(n) }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func pick[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

// program emits the whole file: alias definitions, top-level operations,
// late location aliases and resources.
func (g *gen) program() string {
	var head, body, tail strings.Builder
	// Aliases, defined up front so that any later type or attribute may use
	// them.
	for i, n := 0, g.intn(3); i < n; i++ {
		name := g.freshAlias("!", []string{"t", "ty", "my_type", "T"})
		// Scalar aliases are integer or float types, valid wherever an
		// element type is.
		class := pick(g, []typeClass{classScalar, classAny, classScalar})
		t := g.typeOf(class, 1)
		if class == classScalar {
			t = g.typeOf(classComplexElt, 1)
		}
		g.typeAliases = append(g.typeAliases, typeAlias{name, class})
		fmt.Fprintf(&head, "%s = %s\n", name, t)
	}
	for i, n := 0, g.intn(3); i < n; i++ {
		name := g.freshAlias("#", []string{"a", "attr", "my_attr", "A"})
		fmt.Fprintf(&head, "%s = %s\n", name, g.attr(1))
		g.attrAliases = append(g.attrAliases, name)
	}
	for i, n := 0, g.intn(3); i < n; i++ {
		name := g.freshAlias("#", []string{"loc", "l", "myloc"})
		fmt.Fprintf(&head, "%s = loc(%s)\n", name, g.loc(1))
		g.locAliases = append(g.locAliases, name)
	}
	if g.chance(0.1) {
		head.WriteString("// a comment before the operations\n")
	}

	g.scopes = []map[string]bool{{}}
	if g.chance(0.3) {
		// One explicit top-level module: it becomes the root.
		g.module(&body, "", 1)
	} else {
		b := &blockState{}
		for n := 1 + g.intn(4); n > 0 && g.ops < g.o.MaxOps; n-- {
			g.block(&body, "", 1, b, false)
			if len(g.fwdLocs) > 0 && g.chance(0.3) {
				g.flushLocs(&body)
			}
		}
	}
	g.flushLocs(&tail)
	if res := g.fileMetadata(); res != "" {
		if g.chance(0.2) {
			return res + head.String() + body.String() + tail.String()
		}
		tail.WriteString(res)
	}
	return head.String() + body.String() + tail.String()
}

// fileMetadata returns the {-# ... #-} dictionary: the blobs of the
// dense_resource attributes (plus, at times, one nothing uses, which is
// not printed back) and at times external resources.
func (g *gen) fileMetadata() string {
	if len(g.resources) > 0 && g.chance(0.2) {
		g.resources = append(g.resources, resource{g.resourceKey(), "0400000001020304"})
	}
	var entries []string
	if len(g.resources) > 0 {
		var res strings.Builder
		res.WriteString("  dialect_resources: {\n    builtin: {\n")
		for i, r := range g.resources {
			if i > 0 {
				res.WriteString(",\n")
			}
			fmt.Fprintf(&res, "      %s: \"0x%s\"", r.key, r.data)
		}
		res.WriteString("\n    }\n  }")
		entries = append(entries, res.String())
	}
	if g.chance(0.05) {
		entries = append(entries, "  external_resources: {\n    mlir_reproducer: {\n"+
			"      pipeline: \"builtin.module(cse)\",\n      \"disable threading\": true,\n"+
			"      verify_each: false,\n      \"\": \"0x0400000001\"\n    }\n  }")
	}
	if len(entries) == 0 {
		return ""
	}
	return "{-#\n" + strings.Join(entries, ",\n") + "\n#-}\n"
}

// flushLocs defines the location aliases used so far but not yet defined.
func (g *gen) flushLocs(w *strings.Builder) {
	for _, name := range g.fwdLocs {
		fmt.Fprintf(w, "%s = loc(%s)\n", name, g.loc(1))
	}
	g.fwdLocs = nil
}

var aliasSuffixes = []string{"", "_x", "a", "-y", "$"}

func (g *gen) freshAlias(prefix string, bases []string) string {
	g.aliasN++
	return fmt.Sprintf("%s%s%s%d", prefix, pick(g, bases), pick(g, aliasSuffixes), g.aliasN)
}

// ---- names ----

var valueNameStyles = []string{"%d", "v%d", "arg%d", "x.%d", "_t%d", "$a%d", "-b%d", "val_%d", "x$%d"}

// freshValueName returns a value name (without `%`) that is not visible.
func (g *gen) freshValueName() string {
	for {
		var n string
		if g.chance(0.5) {
			n = fmt.Sprint(g.intn(12))
		} else {
			n = fmt.Sprintf(pick(g, valueNameStyles), g.intn(8))
		}
		if !g.visible(n) {
			g.scopes[len(g.scopes)-1][n] = true
			return n
		}
		g.nameN++
		if g.nameN%4 == 0 {
			n = fmt.Sprintf("u%d", g.nameN)
			if !g.visible(n) {
				g.scopes[len(g.scopes)-1][n] = true
				return n
			}
		}
	}
}

func (g *gen) visible(n string) bool {
	for _, s := range g.scopes {
		if s[n] {
			return true
		}
	}
	return false
}

var blockNameStyles = []string{"bb%d", "%d", "blk%d", "b.%d", "x-%d", "L%d"}

// ---- operations, blocks and regions ----

// blockState is what the operations of one block may use.
type blockState struct {
	avail   []value
	pending []pendingValue
	// entryVals collects the values an entry block defines, for the other
	// blocks of its region.
	entryVals *[]value
	// succs are the blocks a terminator may branch to ("" when none).
	succs []string
	// multi is true in regions of several blocks: the block must not be
	// empty, must end with an unregistered operation, and has SSA dominance
	// (MLIR treats only single-block regions of unregistered operations as
	// possible graph regions), so no use may come before its definition.
	multi bool
}

var opNames = []string{
	"foo.bar", "t.op3", "x.y", "foo.baz", "bar.qux_1", "t.a.b", "my.op", "x.q$w-r",
	"foo", "noDot", "z.nested", "t.op", "foo.bar", "foo.a b", `foo.q\"t`, "x.é",
}

var brNames = []string{"x.br", "t.cond_br", "foo.switch", "br"}

// block emits the operations of one block (not its label) into w. With
// terminate, the block may end with an operation that has successors.
func (g *gen) block(w *strings.Builder, indent string, depth int, b *blockState, terminate bool) {
	useTerm := terminate && len(b.succs) > 0 && g.chance(0.75)
	n := 1 + g.intn(4)
	if useTerm {
		n--
	}
	if g.ops >= g.o.MaxOps && n > 1 {
		n = 1
	}
	for i := 0; i < n; i++ {
		g.op(w, indent, depth, b, b.multi && i == n-1)
	}
	// Define the values used ahead of their definition.
	if len(b.pending) > 0 {
		var names, types []string
		for _, p := range b.pending {
			names = append(names, "%"+p.name)
			types = append(types, p.typ)
		}
		b.pending = nil
		fmt.Fprintf(w, "%s%s = \"foo.def\"() : () -> (%s)%s\n", indent, strings.Join(names, ", "),
			strings.Join(types, ", "), g.trailingLoc())
		g.ops++
	}
	if useTerm {
		g.terminator(w, indent, b)
	}
}

// operands picks up to max operands from b.
func (g *gen) operands(b *blockState, max int) (refs, types []string) {
	n := g.intn(max + 1)
	for i := 0; i < n; i++ {
		if len(b.avail) == 0 || g.chance(0.08) {
			// A use ahead of the definition, in the same block.
			if b.multi || !g.chance(0.5) {
				continue
			}
			p := pendingValue{g.freshValueName(), g.valueType()}
			b.pending = append(b.pending, p)
			refs = append(refs, "%"+p.name)
			types = append(types, p.typ)
			continue
		}
		v := pick(g, b.avail)
		refs = append(refs, v.ref)
		types = append(types, v.typ)
	}
	return refs, types
}

// results chooses result names and types, returning the `... = ` prefix
// and the new values.
func (g *gen) results(b *blockState, n int, types []string) (string, []value) {
	if n == 0 {
		return "", nil
	}
	// Split the n results into groups.
	var groups []int
	if n > 1 && g.chance(0.3) {
		for left := n; left > 0; {
			k := 1 + g.intn(left)
			groups = append(groups, k)
			left -= k
		}
	} else {
		groups = []int{n}
	}
	var parts []string
	var vals []value
	idx := 0
	for _, k := range groups {
		name := g.freshValueName()
		if k == 1 && !g.chance(0.1) {
			parts = append(parts, "%"+name)
			vals = append(vals, value{"%" + name, types[idx]})
		} else {
			parts = append(parts, fmt.Sprintf("%%%s:%d", name, k))
			for j := 0; j < k; j++ {
				ref := fmt.Sprintf("%%%s#%d", name, j)
				if k == 1 && g.chance(0.5) {
					ref = "%" + name
				}
				vals = append(vals, value{ref, types[idx+j]})
			}
		}
		idx += k
	}
	return strings.Join(parts, ", ") + " = ", vals
}

// signature formats `(ins) -> outs`, choosing among the equivalent
// spellings of a single result.
func (g *gen) signature(ins, outs []string) string {
	var out string
	switch {
	case len(outs) == 1 && !strings.HasPrefix(outs[0], "(") && g.chance(0.7):
		out = outs[0]
	default:
		out = "(" + strings.Join(outs, ", ") + ")"
	}
	return "(" + strings.Join(ins, ", ") + ") -> " + out
}

// op emits one non-terminator operation (or, at the end of a block of a
// multi-block region, one that may end it).
func (g *gen) op(w *strings.Builder, indent string, depth int, b *blockState, endsBlock bool) {
	g.ops++
	if !endsBlock && depth < g.o.MaxDepth && g.ops < g.o.MaxOps && g.chance(0.04) {
		g.module(w, indent, depth)
		return
	}
	name := pick(g, opNames)
	refs, inTypes := g.operands(b, 4)
	nres := 0
	switch x := g.intn(10); {
	case x < 3:
	case x < 8:
		nres = 1
	default:
		nres = 2 + g.intn(3)
	}
	var outTypes []string
	for i := 0; i < nres; i++ {
		outTypes = append(outTypes, g.valueType())
	}
	// Define some values that were used ahead of their definition.
	var fwd []pendingValue
	if len(b.pending) > 0 && g.chance(0.5) {
		fwd, b.pending = b.pending, nil
	}
	prefix, vals := g.results(b, nres, outTypes)
	if len(fwd) > 0 {
		var names []string
		for _, p := range fwd {
			names = append(names, "%"+p.name)
			outTypes = append(outTypes, p.typ)
		}
		if prefix == "" {
			prefix = strings.Join(names, ", ") + " = "
		} else {
			prefix = strings.TrimSuffix(prefix, " = ") + ", " + strings.Join(names, ", ") + " = "
		}
	}
	fmt.Fprintf(w, "%s%s\"%s\"(%s)", indent, prefix, name, strings.Join(refs, ", "))
	if g.chance(0.25) {
		fmt.Fprintf(w, " <%s>", g.propAttr())
	}
	if depth < g.o.MaxDepth && g.ops < g.o.MaxOps && g.chance(0.3) {
		n := 1 + g.intn(3)
		w.WriteString(" (")
		for i := 0; i < n; i++ {
			if i > 0 {
				w.WriteString(", ")
			}
			g.region(w, indent, depth+1, b.avail)
		}
		w.WriteString(")")
	}
	if g.chance(0.4) {
		w.WriteString(" " + g.dict(2))
	}
	fmt.Fprintf(w, " : %s%s\n", g.signature(inTypes, outTypes), g.trailingLoc())
	b.avail = append(b.avail, vals...)
	if b.entryVals != nil {
		*b.entryVals = append(*b.entryVals, vals...)
	}
}

// terminator emits an operation with successors that ends b.
func (g *gen) terminator(w *strings.Builder, indent string, b *blockState) {
	g.ops++
	refs, inTypes := g.operands(b, 3)
	if len(b.pending) > 0 {
		// Operands may not be used ahead of their definition here: the
		// terminator is the last operation.
		refs, inTypes = nil, nil
		b.pending = nil
		for _, v := range b.avail {
			if len(refs) < 2 {
				refs = append(refs, v.ref)
				inTypes = append(inTypes, v.typ)
			}
		}
	}
	var succs []string
	for n := 1 + g.intn(3); n > 0; n-- {
		succs = append(succs, "^"+pick(g, b.succs))
	}
	prefix := ""
	var outTypes []string
	if g.chance(0.1) {
		outTypes = []string{g.valueType()}
		prefix, _ = g.results(b, 1, outTypes)
	}
	fmt.Fprintf(w, "%s%s\"%s\"(%s)[%s]", indent, prefix, pick(g, brNames), strings.Join(refs, ", "), strings.Join(succs, ", "))
	if g.chance(0.2) {
		fmt.Fprintf(w, " <%s>", g.propAttr())
	}
	if g.chance(0.3) {
		w.WriteString(" " + g.dict(1))
	}
	fmt.Fprintf(w, " : %s%s\n", g.signature(inTypes, outTypes), g.trailingLoc())
}

// region emits `{ ... }` for a region at depth whose enclosing blocks make
// outer available.
func (g *gen) region(w *strings.Builder, indent string, depth int, outer []value) {
	inner := indent + "  "
	g.scopes = append(g.scopes, map[string]bool{})
	defer func() { g.scopes = g.scopes[:len(g.scopes)-1] }()

	switch x := g.intn(20); {
	case x == 0:
		w.WriteString("{\n" + indent + "}")
		return
	case x == 1:
		// A single empty block, maybe with arguments.
		fmt.Fprintf(w, "{\n%s^bb0%s:\n%s}", indent, g.blockArgs(&blockState{}), indent)
		return
	}
	nblocks := 1
	if g.ops < g.o.MaxOps && g.chance(0.35) {
		nblocks = 2 + g.intn(3)
	}
	// Block names, unique within the region.
	names := make([]string, nblocks)
	used := map[string]bool{}
	for i := range names {
		for {
			n := fmt.Sprintf(pick(g, blockNameStyles), g.intn(6))
			if !used[n] {
				used[n] = true
				names[i] = n
				break
			}
		}
	}
	w.WriteString("{\n")
	var entryVals []value
	for i := 0; i < nblocks; i++ {
		b := &blockState{multi: nblocks > 1}
		b.avail = append(b.avail, outer...)
		if i == 0 {
			b.entryVals = &entryVals
		} else {
			b.avail = append(b.avail, entryVals...)
		}
		label := i > 0 || g.chance(0.3)
		var args string
		if label {
			args = g.blockArgs(b)
			fmt.Fprintf(w, "%s^%s%s:", indent, names[i], args)
			if g.chance(0.1) {
				w.WriteString("  // a comment")
			}
			w.WriteString("\n")
		}
		if i == 0 {
			entryVals = append(entryVals, b.avail[len(outer):]...)
		}
		b.succs = names[1:]
		g.block(w, inner, depth, b, nblocks > 1)
	}
	w.WriteString(indent + "}")
}

// blockArgs returns `(%a: T, ...)` (or "") and makes the arguments
// available in b.
func (g *gen) blockArgs(b *blockState) string {
	if !g.chance(0.6) {
		return ""
	}
	n := g.intn(4)
	var parts []string
	for i := 0; i < n; i++ {
		name := g.freshValueName()
		t := g.valueType()
		s := fmt.Sprintf("%%%s: %s", name, t)
		if g.chance(0.3) {
			s += " loc(" + g.loc(2) + ")"
		} else if g.chance(0.1) {
			s += g.trailingLoc()
		}
		parts = append(parts, s)
		b.avail = append(b.avail, value{"%" + name, t})
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// module emits a nested "builtin.module": isolated from above, one block
// without arguments and without terminator.
func (g *gen) module(w *strings.Builder, indent string, depth int) {
	g.ops++
	fmt.Fprintf(w, "%s\"builtin.module\"()", indent)
	if g.chance(0.5) {
		g.moduleN++
		fmt.Fprintf(w, " <{sym_name = \"m%d\"}>", g.moduleN)
	}
	w.WriteString(" ({\n")
	g.scopes = append(g.scopes, map[string]bool{})
	b := &blockState{}
	if g.chance(0.1) {
		// An empty body block.
		fmt.Fprintf(w, "%s^bb0:\n", indent)
	} else {
		if g.chance(0.2) {
			fmt.Fprintf(w, "%s^bb0:\n", indent)
		}
		g.block(w, indent+"  ", depth+1, b, false)
	}
	g.scopes = g.scopes[:len(g.scopes)-1]
	w.WriteString(indent + "})")
	if g.chance(0.3) {
		fmt.Fprintf(w, " {foo.attr = %s}", g.attr(1))
	}
	fmt.Fprintf(w, " : () -> ()%s\n", g.trailingLoc())
}
