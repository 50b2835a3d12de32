package ir

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
	k := keyBuf(make([]byte, 0, 32+len(file)))
	k = append(k, 'l')
	k = k.u64(uint64(line)<<32 | uint64(col))
	k = k.u64(uint64(endLine)<<32 | uint64(endCol))
	k = append(k, file...)
	return intern(c, k, func(st storage) *FileLineColLoc {
		return &FileLineColLoc{storage: st, File: file, Line: line, Col: col, EndLine: endLine, EndCol: endCol}
	})
}

// NameLoc returns loc("name"(child)); a nil child means unknown.
func (c *Context) NameLoc(name string, child Location) *NameLoc {
	if child == nil {
		child = c.unknown
	}
	k := keyBuf(make([]byte, 0, 24+len(name)))
	k = append(k, 'n')
	k = k.attr(child)
	k = append(k, name...)
	return intern(c, k, func(st storage) *NameLoc { return &NameLoc{storage: st, Name: name, Child: child} })
}

// CallSiteLoc returns loc(callsite(callee at caller)).
func (c *Context) CallSiteLoc(callee, caller Location) *CallSiteLoc {
	k := keyBuf(make([]byte, 0, 24))
	k = append(k, 'k')
	k = k.attr(callee)
	k = k.attr(caller)
	return intern(c, k, func(st storage) *CallSiteLoc { return &CallSiteLoc{storage: st, Callee: callee, Caller: caller} })
}

// FusedLoc returns loc(fused<metadata>[locs...]) exactly as given (the
// parser does not simplify fused locations).
func (c *Context) FusedLoc(locs []Location, metadata Attribute) *FusedLoc {
	k := keyBuf(make([]byte, 0, 16+8*len(locs)))
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
	k := keyBuf(make([]byte, 0, 16))
	k = append(k, 'x')
	k = k.attr(a)
	return intern(c, k, func(st storage) *AttrLoc { return &AttrLoc{storage: st, Attr: a} })
}
