package ir

import "strings"

// Location is a source location attached to operations and block
// arguments. Locations are attributes.
type Location interface {
	Attribute
	isLoc()
}

// UnknownLoc is loc(unknown).
type UnknownLoc struct{ storage }

// FileLineColLoc is loc("file":line:col), or a range
// loc("file":line:col to endLine:endCol). For a plain position the end
// equals the start.
type FileLineColLoc struct {
	storage
	File            string
	Line, Col       uint32
	EndLine, EndCol uint32
	// Fields is 0 for a position or a range as the other constructors
	// build them, else the count of numbers the source spelled for a
	// location FileLineColFields keeps distinct (1, 3, or 4 for a range
	// that ends where it starts).
	Fields uint8
}

// NameLoc is loc("name"(child)); Child is UnknownLoc when absent.
type NameLoc struct {
	storage
	Name  string
	Child Location
}

// CallSiteLoc is loc(callsite(callee at caller)).
type CallSiteLoc struct {
	storage
	Callee, Caller Location
}

// FusedLoc is loc(fused<metadata>[locs...]); Metadata may be nil.
type FusedLoc struct {
	storage
	Locs     []Location
	Metadata Attribute
}

// AttrLoc is a location defined by a dialect attribute, such as
// loc(#mydialect.loc<...>), kept as that attribute.
type AttrLoc struct {
	storage
	Attr Attribute
}

func (*UnknownLoc) isAttr()     {}
func (*FileLineColLoc) isAttr() {}
func (*NameLoc) isAttr()        {}
func (*CallSiteLoc) isAttr()    {}
func (*FusedLoc) isAttr()       {}
func (*AttrLoc) isAttr()        {}
func (*UnknownLoc) isLoc()      {}
func (*FileLineColLoc) isLoc()  {}
func (*NameLoc) isLoc()         {}
func (*CallSiteLoc) isLoc()     {}
func (*FusedLoc) isLoc()        {}
func (*AttrLoc) isLoc()         {}

// UnknownLoc returns loc(unknown).
func (c *Context) UnknownLoc() *UnknownLoc { return c.unknown }

// FileLineCol returns loc("file":line:col).
func (c *Context) FileLineCol(file string, line, col uint32) *FileLineColLoc {
	return c.FileLineColRange(file, line, col, line, col)
}

// FileLineColRange returns loc("file":line:col to endLine:endCol).
func (c *Context) FileLineColRange(file string, line, col, endLine, endCol uint32) *FileLineColLoc {
	var kb [128]byte
	if line == endLine && col == endCol {
		return c.fileLineCol(file, line, col)
	}
	k := keyBuf(kb[:0])
	k = append(k, 'l')
	k = k.u64(uint64(line)<<32 | uint64(col))
	k = k.u64(uint64(endLine)<<32 | uint64(endCol))
	k = append(k, file...)
	return intern(c, k, func(st storage) *FileLineColLoc {
		return &FileLineColLoc{storage: st, File: strings.Clone(file), Line: line, Col: col, EndLine: endLine, EndCol: endCol}
	})
}

// FileLineColFields returns the location the parser builds from n spelled
// numbers: 1 ("f":L), 2 ("f":L:C), 3 ("f":L:C to :EC) or 4 ("f":L:C to
// EL:EC). MLIR's storage keeps exactly the numbers given, so spellings that
// denote the same range ("f":1:2 to 1:2 and "f":1:2) are distinct
// locations, which matters for alias numbering and fused-location
// deduplication.
func (c *Context) FileLineColFields(file string, n int, line, col, endLine, endCol uint32) *FileLineColLoc {
	point := line == endLine && col == endCol
	switch {
	case n == 2:
		return c.fileLineCol(file, line, col)
	case n == 4 && !point:
		return c.FileLineColRange(file, line, col, endLine, endCol)
	}
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'g', byte(n))
	k = k.u64(uint64(line)<<32 | uint64(col))
	k = k.u64(uint64(endLine)<<32 | uint64(endCol))
	k = append(k, file...)
	return intern(c, k, func(st storage) *FileLineColLoc {
		return &FileLineColLoc{storage: st, File: strings.Clone(file), Line: line, Col: col, EndLine: endLine, EndCol: endCol, Fields: uint8(n)}
	})
}

// NameLoc returns loc("name"(child)); a nil child means unknown.
func (c *Context) NameLoc(name string, child Location) *NameLoc {
	var kb [128]byte
	if child == nil {
		child = c.unknown
	}
	k := keyBuf(kb[:0])
	k = append(k, 'n')
	k = k.attr(child)
	k = append(k, name...)
	return intern(c, k, func(st storage) *NameLoc { return &NameLoc{storage: st, Name: strings.Clone(name), Child: child} })
}

// CallSiteLoc returns loc(callsite(callee at caller)).
func (c *Context) CallSiteLoc(callee, caller Location) *CallSiteLoc {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'k')
	k = k.attr(callee)
	k = k.attr(caller)
	return intern(c, k, func(st storage) *CallSiteLoc { return &CallSiteLoc{storage: st, Callee: callee, Caller: caller} })
}

// FusedLoc returns loc(fused<metadata>[locs...]) exactly as given (the
// parser does not simplify fused locations).
func (c *Context) FusedLoc(locs []Location, metadata Attribute) *FusedLoc {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'u')
	k = k.attr(metadata)
	for _, l := range locs {
		k = k.attr(l)
	}
	return intern(c, k, func(st storage) *FusedLoc {
		return &FusedLoc{storage: st, Locs: append([]Location(nil), locs...), Metadata: metadata}
	})
}

// AttrLoc returns the location defined by a dialect attribute.
func (c *Context) AttrLoc(a Attribute) *AttrLoc {
	var kb [128]byte
	k := keyBuf(kb[:0])
	k = append(k, 'x')
	k = k.attr(a)
	return intern(c, k, func(st storage) *AttrLoc { return &AttrLoc{storage: st, Attr: a} })
}

// fileLineCol interns plain positions in a two-level table keyed by file
// and then by line and column, which is much cheaper than the generic
// interning key for the one location every parsed operation gets.
func (c *Context) fileLineCol(file string, line, col uint32) *FileLineColLoc {
	k := uint64(line)<<32 | uint64(col)
	c.locMu.RLock()
	m := c.locs[file]
	l := m[k]
	c.locMu.RUnlock()
	if l != nil {
		return l
	}
	c.locMu.Lock()
	defer c.locMu.Unlock()
	if c.locs == nil {
		c.locs = map[string]map[uint64]*FileLineColLoc{}
	}
	m = c.locs[file]
	if m == nil {
		file = strings.Clone(file)
		m = map[uint64]*FileLineColLoc{0: {storage: c.newStorage(), File: file}}
		c.locs[file] = m
	} else {
		file = m[0].File
	}
	if l = m[k]; l == nil {
		l = &FileLineColLoc{storage: c.newStorage(), File: file, Line: line, Col: col, EndLine: line, EndCol: col}
		m[k] = l
	}
	return l
}

// SourceLoc returns loc("file":line:col) without interning it: every call
// makes a new object. Parsers use it for the location of each operation and
// block argument, where a table entry per operation would cost more than it
// saves. Such a location equals an interned one with the same fields in
// every respect but pointer identity; compare locations with LocEqual.
func (c *Context) SourceLoc(file string, line, col uint32) *FileLineColLoc {
	return &FileLineColLoc{storage: c.newStorage(), File: file, Line: line, Col: col, EndLine: line, EndCol: col}
}

// LocEqual reports whether two locations are the same, treating file
// positions structurally (see SourceLoc).
func LocEqual(a, b Location) bool {
	if a == b {
		return true
	}
	fa, ok1 := a.(*FileLineColLoc)
	fb, ok2 := b.(*FileLineColLoc)
	return ok1 && ok2 && fa.File == fb.File && fa.Line == fb.Line && fa.Col == fb.Col &&
		fa.EndLine == fb.EndLine && fa.EndCol == fb.EndCol
}
