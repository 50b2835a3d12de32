package asm

import (
	"slices"
	"sort"
	"strconv"

	"github.com/strata-ir/strata/core/ir"
)

// aliasTable assigns `#map`, `#loc3`, ... aliases the way MLIR's
// AliasInitializer does: a dry run over everything the printer would print,
// then a stable sort by (depth, types first, name) and per-name numbering.
type aliasTable struct {
	final map[uint64]*finalAlias
	// locs holds the aliases of file locations by value, since parsed
	// operation locations are not interned (ir.Context.SourceLoc).
	locs  map[fileKey]*finalAlias
	order []*finalAlias
}

type fileKey struct {
	file              string
	line, col, el, ec uint32
	fields            uint8
}

func fileKeyOf(l *ir.FileLineColLoc) fileKey {
	return fileKey{l.File, l.Line, l.Col, l.EndLine, l.EndCol, l.Fields}
}

type finalAlias struct {
	name     string
	isType   bool
	deferred bool
	typ      ir.Type
	attr     ir.Attribute
}

type aliasInfo struct {
	id       uint64
	typ      ir.Type
	attr     ir.Attribute
	alias    string
	depth    int
	isType   bool
	deferred bool
	children []int
}

// typeSlot caches the info index (plus one) of a visited type.
type typeSlot struct {
	id  uint64
	idx int
}

type aliasCollector struct {
	typeCache [256]typeSlot
	opts      PrintOptions
	infos     []aliasInfo
	index     map[uint64]int
	locs      map[fileKey]int
	// mayAlias memoizes mayAliasType and mayAliasAttr by ID.
	mayAlias map[uint64]bool
}

func buildAliases(top *ir.Operation, opts PrintOptions) aliasTable {
	c := &aliasCollector{opts: opts, index: map[uint64]int{}, locs: map[fileKey]int{}, mayAlias: map[uint64]bool{}}
	c.visitOp(top)
	// Sort the entries that received an alias.
	var withAlias []int
	for i := range c.infos {
		if c.infos[i].alias != "" {
			withAlias = append(withAlias, i)
		}
	}
	sort.SliceStable(withAlias, func(a, b int) bool {
		x, y := &c.infos[withAlias[a]], &c.infos[withAlias[b]]
		if x.depth != y.depth {
			return x.depth < y.depth
		}
		if x.isType != y.isType {
			return x.isType
		}
		return x.alias < y.alias
	})
	t := aliasTable{final: make(map[uint64]*finalAlias, len(withAlias)), locs: map[fileKey]*finalAlias{}}
	counts := map[string]int{}
	for _, i := range withAlias {
		in := &c.infos[i]
		n := counts[in.alias]
		counts[in.alias] = n + 1
		prefix := "#"
		if in.isType {
			prefix = "!"
		}
		name := prefix + in.alias
		if n > 0 {
			name += strconv.Itoa(n)
		}
		fa := &finalAlias{name: name, isType: in.isType, deferred: in.deferred, typ: in.typ, attr: in.attr}
		if fl, ok := in.attr.(*ir.FileLineColLoc); ok {
			t.locs[fileKeyOf(fl)] = fa
		} else {
			t.final[in.id] = fa
		}
		t.order = append(t.order, fa)
	}
	return t
}

// printAlias prints the alias of the object with the given ID, if any.
func (t *aliasTable) printAlias(p *printer, id uint64) bool {
	if t.final == nil {
		return false
	}
	fa, ok := t.final[id]
	if !ok {
		return false
	}
	p.w.WriteString(fa.name)
	return true
}

// printLocAlias prints the alias of a location, if any.
func (t *aliasTable) printLocAlias(p *printer, l ir.Location) bool {
	if t.final == nil {
		return false
	}
	if fl, ok := l.(*ir.FileLineColLoc); ok {
		fa, ok := t.locs[fileKeyOf(fl)]
		if ok {
			p.w.WriteString(fa.name)
		}
		return ok
	}
	return t.printAlias(p, l.ID())
}

// print writes the alias definitions that are (or are not) deferred.
func (t *aliasTable) print(p *printer, deferred bool) {
	for _, fa := range t.order {
		if fa.deferred != deferred {
			continue
		}
		p.w.WriteString(fa.name)
		p.w.WriteString(" = ")
		if fa.isType {
			p.printTypeImpl(fa.typ)
		} else {
			p.printAttributeImpl(fa.attr, elideNever)
		}
		p.w.WriteByte('\n')
	}
}

// AliasedAttr is an attribute of a dialect whose OpAsmDialectInterface
// gives it an alias (#llvm.mmra_tag prints as #mmra_tag).
type AliasedAttr interface {
	ir.Attribute
	// AsmAlias returns the alias's name, without `#` and number.
	AsmAlias() string
}

// aliasName is the builtin dialect's OpAsmDialectInterface::getAlias, and
// the other dialects' through AliasedAttr.
func aliasNameOfAttr(a ir.Attribute) string {
	if x, ok := a.(AliasedAttr); ok {
		return x.AsmAlias()
	}
	switch a.(type) {
	case *ir.AffineMapAttr:
		return "map"
	case *ir.IntegerSetAttr:
		return "set"
	case *ir.DistinctAttr:
		// distinct[N]<> (a unit referenced attribute) prints inline.
		if _, unit := a.(*ir.DistinctAttr).Ref.(*ir.UnitAttr); unit {
			return ""
		}
		return "distinct"
	case ir.Location:
		return "loc"
	}
	return ""
}

func aliasNameOfType(t ir.Type) string {
	if tt, ok := t.(*ir.TupleType); ok && len(tt.Types) > 16 {
		return "tuple"
	}
	return ""
}

func (c *aliasCollector) markNonDeferrable(i int) {
	if !c.infos[i].deferred {
		return
	}
	c.infos[i].deferred = false
	for _, ch := range c.infos[i].children {
		c.markNonDeferrable(ch)
	}
}

// childVisitor accumulates the children of one entry.
type childVisitor struct {
	c        *aliasCollector
	deferred bool
	children []int
	maxDepth int
}

func (v *childVisitor) record(depth, idx int) {
	v.children = append(v.children, idx)
	if depth > v.maxDepth {
		v.maxDepth = depth
	}
}

func (v *childVisitor) attr(a ir.Attribute, elideType bool) {
	if a == nil {
		return
	}
	v.record(v.c.visitAttr(a, v.deferred, elideType))
}

func (v *childVisitor) typ(t ir.Type) {
	if t == nil {
		return
	}
	v.record(v.c.visitType(t, v.deferred))
}

func (c *aliasCollector) visitAttr(a ir.Attribute, deferred, elideType bool) (int, int) {
	fl, isFile := a.(*ir.FileLineColLoc)
	var i int
	var ok bool
	if isFile {
		i, ok = c.locs[fileKeyOf(fl)]
	} else {
		i, ok = c.index[a.ID()]
	}
	if ok {
		if !deferred {
			c.markNonDeferrable(i)
		}
		return c.infos[i].depth, i
	}
	idx := len(c.infos)
	if isFile {
		c.locs[fileKeyOf(fl)] = idx
	} else {
		c.index[a.ID()] = idx
	}
	in := aliasInfo{id: a.ID(), attr: a, deferred: deferred}
	if name := aliasNameOfAttr(a); name != "" {
		in.alias = name
		in.depth = 1
	}
	c.infos = append(c.infos, in)
	v := &childVisitor{c: c, deferred: deferred}
	var typ ir.Type
	switch a := a.(type) {
	case *ir.AffineMapAttr, *ir.DenseArrayAttr, *ir.FloatAttr, *ir.IntegerAttr, *ir.IntegerSetAttr, *ir.UnitAttr:
		goto done
	case *ir.DistinctAttr:
		v.attr(a.Ref, false)
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			v.attr(e.Value, false)
		}
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			v.attr(e, false)
		}
	case *ir.TypeAttr:
		v.typ(a.Type)
	case *ir.NameLoc:
		if _, unk := a.Child.(*ir.UnknownLoc); !unk {
			v.attr(a.Child, false)
		}
	case *ir.CallSiteLoc:
		v.attr(a.Callee, false)
		v.attr(a.Caller, false)
	case *ir.FusedLoc:
		v.attr(a.Metadata, false)
		for _, l := range a.Locs {
			v.attr(l, false)
		}
	case *ir.AttrLoc:
		v.attr(a.Attr, false)
	default:
		typ = printedType(a)
	}
	if !elideType && typ != nil {
		if _, none := typ.(*ir.NoneType); !none {
			v.typ(typ)
		}
	}
done:
	e := &c.infos[idx]
	e.children = v.children
	if v.maxDepth > 0 {
		e.depth = v.maxDepth + 1
	}
	return e.depth, idx
}

func (c *aliasCollector) visitType(t ir.Type, deferred bool) (int, int) {
	// Types repeat on every operation: try a direct-mapped cache first.
	slot := &c.typeCache[t.ID()%uint64(len(c.typeCache))]
	if slot.id == t.ID() && slot.idx > 0 {
		i := slot.idx - 1
		if !deferred {
			c.markNonDeferrable(i)
		}
		return c.infos[i].depth, i
	}
	if i, ok := c.index[t.ID()]; ok {
		*slot = typeSlot{t.ID(), i + 1}
		if !deferred {
			c.markNonDeferrable(i)
		}
		return c.infos[i].depth, i
	}
	idx := len(c.infos)
	c.index[t.ID()] = idx
	in := aliasInfo{id: t.ID(), typ: t, isType: true, deferred: deferred}
	if name := aliasNameOfType(t); name != "" {
		in.alias = name
		in.depth = 1
	}
	c.infos = append(c.infos, in)
	v := &childVisitor{c: c, deferred: deferred}
	switch t := t.(type) {
	case *ir.MemRefType:
		v.typ(t.Elem)
		if !t.HasIdentityLayout() {
			v.attr(t.Layout, false)
		}
		if t.MemorySpace != nil {
			v.attr(t.MemorySpace, false)
		}
	case *ir.FunctionType:
		for _, x := range t.Inputs {
			v.typ(x)
		}
		for _, x := range t.Results {
			v.typ(x)
		}
	case *ir.RankedTensorType:
		v.typ(t.Elem)
		v.attr(t.Encoding, false)
	case *ir.UnrankedTensorType:
		v.typ(t.Elem)
	case *ir.UnrankedMemRefType:
		v.typ(t.Elem)
		v.attr(t.MemorySpace, false)
	case *ir.VectorType:
		v.typ(t.Elem)
	case *ir.ComplexType:
		v.typ(t.Elem)
	case *ir.TupleType:
		for _, x := range t.Types {
			v.typ(x)
		}
	}
	e := &c.infos[idx]
	e.children = v.children
	if v.maxDepth > 0 {
		e.depth = v.maxDepth + 1
	}
	return e.depth, idx
}

// propsVisible reports whether mlir-opt would treat the operation's
// properties as inherent attributes when collecting aliases: it does for
// registered operations, whose properties are native storage, and not for
// unregistered ones, whose properties are one opaque attribute.
func propsVisible(op *ir.Operation) bool {
	return op.IsRegistered() || op.OpName().Dialect != nil
}

func (c *aliasCollector) visitOp(op *ir.Operation) {
	if c.opts.DebugInfo && op.Loc() != nil {
		c.visitAttr(op.Loc(), true, false)
	} else if op.NumRegions() == 0 && !c.opMayAlias(op) {
		// Nothing the operation prints can have an alias: running its
		// printer would only record entries that never print.
		return
	}
	if !c.opts.Generic {
		if d := op.Def(); d != nil && d.Print != nil {
			d.Print(&aliasOpPrinter{c: c}, op)
			return
		}
	}
	for i := 0; i < op.NumRegions(); i++ {
		c.visitRegion(op.Region(i), true, true)
	}
	for i := 0; i < op.NumOperands(); i++ {
		if v := op.Operand(i); v != nil {
			c.visitType(v.Type(), false)
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		c.visitType(op.Result(i).Type(), false)
	}
	var props []ir.NamedAttr
	if d, ok := op.Properties().(*ir.DictionaryAttr); ok && propsVisible(op) {
		props = d.Entries
	}
	var disc []ir.NamedAttr
	if d := op.Attrs(); d != nil {
		disc = d.Entries
	}
	// Visit the merged, name-sorted list, as Operation::getAttrs returns it.
	i, j := 0, 0
	for i < len(props) || j < len(disc) {
		if j >= len(disc) || (i < len(props) && props[i].Name < disc[j].Name) {
			c.visitAttr(props[i].Value, false, false)
			i++
		} else {
			c.visitAttr(disc[j].Value, false, false)
			j++
		}
	}
}

func (c *aliasCollector) visitRegion(r *ir.Region, printEntryArgs, printTerminators bool) {
	for b := r.First(); b != nil; b = b.Next() {
		printArgs := printEntryArgs || !b.IsEntry()
		if printArgs {
			for _, a := range b.Arguments() {
				c.visitType(a.Type(), false)
				if c.opts.DebugInfo && a.Loc != nil {
					c.visitAttr(a.Loc, false, false)
				}
			}
		}
		last := b.Last()
		skipLast := b.IsEntry() && !printTerminators && last != nil && last.HasTrait(ir.IsTerminator)
		for op := b.First(); op != nil; op = op.Next() {
			if skipLast && op == last {
				break
			}
			c.visitOp(op)
		}
	}
}

// aliasOpPrinter runs a custom printer in visit mode.
type aliasOpPrinter struct{ c *aliasCollector }

func (a *aliasOpPrinter) WriteString(string)                       {}
func (a *aliasOpPrinter) PrintType(t ir.Type)                      { a.c.visitType(t, false) }
func (a *aliasOpPrinter) PrintAttribute(x ir.Attribute)            { a.c.visitAttr(x, false, false) }
func (a *aliasOpPrinter) PrintAttributeWithoutType(x ir.Attribute) { a.c.visitAttr(x, false, true) }
func (a *aliasOpPrinter) PrintOperand(ir.Value)                    {}
func (a *aliasOpPrinter) PrintSymbolName(string)                   {}
func (a *aliasOpPrinter) PrintSuccessor(*ir.Block)                 {}
func (a *aliasOpPrinter) PrintRegion(r *ir.Region, printEntryArgs, printTerminators bool) {
	a.c.visitRegion(r, printEntryArgs, printTerminators)
}
func (a *aliasOpPrinter) PrintOptionalAttrDict(entries []ir.NamedAttr, elided ...string) {
	for _, e := range entries {
		if !slices.Contains(elided, e.Name) {
			a.c.visitAttr(e.Value, false, false)
		}
	}
}
func (a *aliasOpPrinter) PrintOptionalAttrDictWithKeyword(entries []ir.NamedAttr, elided ...string) {
	a.PrintOptionalAttrDict(entries, elided...)
}
func (a *aliasOpPrinter) PrintOptionalLocation(l ir.Location) {
	if l != nil {
		a.c.visitAttr(l, false, false)
	}
}

// PrintRegionArgument visits the type and, with debug info, the location
// (not deferrable); as in MLIR's alias initializer, the argument's
// attributes are not visited.
func (a *aliasOpPrinter) PrintRegionArgument(arg *ir.BlockArgument, _ []ir.NamedAttr) {
	a.c.visitType(arg.Type(), false)
	if a.c.opts.DebugInfo && arg.Loc != nil {
		a.c.visitAttr(arg.Loc, false, false)
	}
}

// PrintRegionArgumentWithoutType visits the location with debug info.
func (a *aliasOpPrinter) PrintRegionArgumentWithoutType(arg *ir.BlockArgument) {
	if a.c.opts.DebugInfo && arg.Loc != nil {
		a.c.visitAttr(arg.Loc, false, false)
	}
}

func (a *aliasOpPrinter) PrintCustomOrGenericOp(op *ir.Operation) { a.c.visitOp(op) }
func (a *aliasOpPrinter) PrintKeywordOrString(string)             {}
func (a *aliasOpPrinter) PrintNewline()                           {}

// opMayAlias reports whether printing op, which has no regions, may print
// a type or attribute with an alias: whether one of its operand and result
// types, properties or attributes holds one. A printer prints nothing else
// (types it builds, such as function types, are made of these).
func (c *aliasCollector) opMayAlias(op *ir.Operation) bool {
	for i := 0; i < op.NumOperands(); i++ {
		if v := op.Operand(i); v != nil && c.mayAliasType(v.Type()) {
			return true
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if c.mayAliasType(op.Result(i).Type()) {
			return true
		}
	}
	if p := op.Properties(); p != nil && c.mayAliasAttr(p) {
		return true
	}
	if d := op.Attrs(); d != nil && c.mayAliasAttr(d) {
		return true
	}
	return false
}

// mayAliasType reports whether t or a type or attribute in it has an
// alias, following the same parts as visitType.
func (c *aliasCollector) mayAliasType(t ir.Type) bool {
	if t == nil {
		return false
	}
	slot := &c.typeCache[t.ID()%uint64(len(c.typeCache))]
	if slot.id == t.ID() && slot.idx > 0 {
		// Already visited: an entry has a depth when it or one of its
		// parts has an alias.
		return c.infos[slot.idx-1].depth > 0
	}
	if m, ok := c.mayAlias[t.ID()]; ok {
		return m
	}
	m := aliasNameOfType(t) != ""
	if !m {
		switch t := t.(type) {
		case *ir.MemRefType:
			m = c.mayAliasType(t.Elem) || (!t.HasIdentityLayout() && c.mayAliasAttr(t.Layout)) ||
				(t.MemorySpace != nil && c.mayAliasAttr(t.MemorySpace))
		case *ir.FunctionType:
			m = slices.ContainsFunc(t.Inputs, c.mayAliasType) || slices.ContainsFunc(t.Results, c.mayAliasType)
		case *ir.RankedTensorType:
			m = c.mayAliasType(t.Elem) || (t.Encoding != nil && c.mayAliasAttr(t.Encoding))
		case *ir.UnrankedTensorType:
			m = c.mayAliasType(t.Elem)
		case *ir.UnrankedMemRefType:
			m = c.mayAliasType(t.Elem) || (t.MemorySpace != nil && c.mayAliasAttr(t.MemorySpace))
		case *ir.VectorType:
			m = c.mayAliasType(t.Elem)
		case *ir.ComplexType:
			m = c.mayAliasType(t.Elem)
		case *ir.TupleType:
			m = slices.ContainsFunc(t.Types, c.mayAliasType)
		}
	}
	c.mayAlias[t.ID()] = m
	return m
}

// mayAliasAttr reports whether a or a type or attribute in it has an
// alias, following the same parts as visitAttr (and the types that it
// may elide).
func (c *aliasCollector) mayAliasAttr(a ir.Attribute) bool {
	switch a.(type) {
	case nil:
		return false
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.UnitAttr, *ir.DenseArrayAttr:
		return false
	case *ir.AffineMapAttr, *ir.IntegerSetAttr, ir.Location:
		return true
	}
	if m, ok := c.mayAlias[a.ID()]; ok {
		return m
	}
	m := aliasNameOfAttr(a) != ""
	if !m {
		switch a := a.(type) {
		case *ir.DistinctAttr:
			m = c.mayAliasAttr(a.Ref)
		case *ir.DictionaryAttr:
			for _, e := range a.Entries {
				if c.mayAliasAttr(e.Value) {
					m = true
					break
				}
			}
		case *ir.ArrayAttr:
			m = slices.ContainsFunc(a.Elems, c.mayAliasAttr)
		case *ir.TypeAttr:
			m = c.mayAliasType(a.Type)
		default:
			m = c.mayAliasType(printedType(a))
		}
	}
	c.mayAlias[a.ID()] = m
	return m
}

// printedType returns the type an attribute prints after its value
// (`: type`), for the attribute kinds that print one; nil otherwise.
func printedType(a ir.Attribute) ir.Type {
	switch a := a.(type) {
	case *ir.StringAttr:
		return a.Type
	case *ir.DenseElementsAttr:
		return a.Type
	case *ir.DenseStringElementsAttr:
		return a.Type
	case *ir.DenseResourceAttr:
		return a.Type
	case *ir.SparseElementsAttr:
		return a.Type
	case *ir.OpaqueAttr:
		return a.Type
	}
	return nil
}
