package ir

// SymbolTable indexes the symbols (operations with a sym_name) defined
// directly in the region of a symbol-table operation such as
// builtin.module.
type SymbolTable struct {
	op    *Operation
	names map[string]*Operation
}

// NewSymbolTable builds the table of op, which should have the
// SymbolTableTrait (any single-region op works).
func NewSymbolTable(op *Operation) *SymbolTable {
	t := &SymbolTable{op: op, names: map[string]*Operation{}}
	if op.NumRegions() == 0 {
		return t
	}
	for b := op.Region(0).First(); b != nil; b = b.Next() {
		for o := b.First(); o != nil; o = o.Next() {
			if n, ok := SymbolName(o); ok {
				if _, dup := t.names[n]; !dup {
					t.names[n] = o
				}
			}
		}
	}
	return t
}

// Lookup returns the symbol with the given name, or nil.
func (t *SymbolTable) Lookup(name string) *Operation { return t.names[name] }

// Insert adds op (which must define a symbol) to the table and appends it to
// the table's body if it is detached.
func (t *SymbolTable) Insert(op *Operation) {
	n, _ := SymbolName(op)
	t.names[n] = op
	if op.Block() == nil && t.op.NumRegions() > 0 && t.op.Region(0).First() != nil {
		t.op.Region(0).First().Append(op)
	}
}

// Erase removes op from the table and the IR.
func (t *SymbolTable) Erase(op *Operation) {
	n, _ := SymbolName(op)
	delete(t.names, n)
	op.Erase()
}

// NearestSymbolTable returns the closest ancestor of op (op included) that
// has the SymbolTableTrait, or nil.
func NearestSymbolTable(op *Operation) *Operation {
	for ; op != nil; op = op.ParentOp() {
		if op.HasTrait(SymbolTableTrait) {
			return op
		}
	}
	return nil
}

// LookupSymbolIn resolves a (possibly nested) symbol reference starting at
// the symbol table operation tableOp.
func LookupSymbolIn(tableOp *Operation, ref *SymbolRefAttr) *Operation {
	cur := NewSymbolTable(tableOp).Lookup(ref.Root)
	for _, n := range ref.Nested {
		if cur == nil {
			return nil
		}
		cur = NewSymbolTable(cur).Lookup(n)
	}
	return cur
}

// LookupNearestSymbolFrom resolves ref from the closest symbol table that
// contains from, walking outwards until a table defines it.
func LookupNearestSymbolFrom(from *Operation, ref *SymbolRefAttr) *Operation {
	for t := NearestSymbolTable(from); t != nil; t = NearestSymbolTable(t.ParentOp()) {
		if s := LookupSymbolIn(t, ref); s != nil {
			return s
		}
		if t.ParentOp() == nil {
			break
		}
	}
	return nil
}

// ForEachSymbolRef calls f for every symbol reference in the properties and
// attributes of op, looking inside arrays and dictionaries (not inside
// nested operations).
func ForEachSymbolRef(op *Operation, f func(*SymbolRefAttr)) {
	var visit func(a Attribute)
	visit = func(a Attribute) {
		switch a := a.(type) {
		case *SymbolRefAttr:
			f(a)
		case *ArrayAttr:
			for _, e := range a.Elems {
				visit(e)
			}
		case *DictionaryAttr:
			for _, e := range a.Entries {
				visit(e.Value)
			}
		}
	}
	if p := op.Properties(); p != nil {
		visit(p)
	}
	if d := op.Attrs(); d != nil {
		visit(d)
	}
}

// ReplaceSymbolRefs rewrites the symbol references in the properties and
// attributes of op (looking inside arrays and dictionaries, not inside
// nested operations): f returns the replacement for a reference, or the
// reference itself to keep it. It reports whether anything changed.
func ReplaceSymbolRefs(op *Operation, f func(*SymbolRefAttr) *SymbolRefAttr) bool {
	ctx := op.Context()
	var rewrite func(a Attribute) Attribute
	rewrite = func(a Attribute) Attribute {
		switch a := a.(type) {
		case *SymbolRefAttr:
			if r := f(a); r != nil {
				return r
			}
		case *ArrayAttr:
			var elems []Attribute
			for i, e := range a.Elems {
				if n := rewrite(e); n != e && elems == nil {
					elems = append(make([]Attribute, 0, len(a.Elems)), a.Elems[:i]...)
					elems = append(elems, n)
				} else if elems != nil {
					elems = append(elems, n)
				}
			}
			if elems != nil {
				return ctx.ArrayAttr(elems)
			}
		case *DictionaryAttr:
			var entries []NamedAttr
			for i, e := range a.Entries {
				if n := rewrite(e.Value); n != e.Value && entries == nil {
					entries = append(make([]NamedAttr, 0, len(a.Entries)), a.Entries[:i]...)
					entries = append(entries, NamedAttr{Name: e.Name, Value: n})
				} else if entries != nil {
					entries = append(entries, NamedAttr{Name: e.Name, Value: n})
				}
			}
			if entries != nil {
				return ctx.DictionaryAttr(entries)
			}
		}
		return a
	}
	changed := false
	if p := op.Properties(); p != nil {
		if n := rewrite(p); n != p {
			op.SetProperties(n)
			changed = true
		}
	}
	if d := op.Attrs(); d != nil {
		if n := rewrite(d); n != Attribute(d) {
			op.SetAttrs(n.(*DictionaryAttr))
			changed = true
		}
	}
	return changed
}
