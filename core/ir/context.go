// Package ir holds Strata's in-memory intermediate representation: the
// Context that owns dialects and interned types and attributes, operations,
// blocks, regions, values with intrusive use lists, locations, and the
// verifier. It knows nothing about any particular dialect.
package ir

import (
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Context owns the registered dialects and operation definitions and
// interns every type and attribute, so that two equal types or attributes
// are the same pointer. A Context is safe for concurrent use.
type Context struct {
	mu       sync.RWMutex
	uniq     map[string]any
	nextID   atomic.Uint64
	dialects map[string]*Dialect
	opNames  map[string]*OpName
	// external holds the external models attached by op name
	// (OpInterface.AttachTo), applied when the op registers.
	external map[string][]pendingModel
	// typeModels holds the type interface models by type name
	// (TypeInterface.AttachTo, Context.TypeModels).
	typeModels map[string]*TypeModels

	locMu sync.RWMutex
	locs  map[string]map[uint64]*FileLineColLoc

	// AllowUnregisteredDialects lets the parser accept operations, types and
	// attributes of dialects that are not registered, as mlir-opt's
	// --allow-unregistered-dialect does.
	AllowUnregisteredDialects bool

	// Cached singletons and small integer types, filled by NewContext.
	index   *IndexType
	none    *NoneType
	floats  [numFloatKinds]*FloatType
	ints    [3][129]*IntegerType
	unit    *UnitAttr
	unknown *UnknownLoc
	emptyD  *DictionaryAttr
	emptyA  *ArrayAttr
	boolT   *IntegerAttr
	boolF   *IntegerAttr
}

// NewContext returns an empty context with the builtin dialect registered.
func NewContext() *Context {
	c := &Context{
		uniq:     make(map[string]any, 256),
		dialects: make(map[string]*Dialect),
		opNames:  make(map[string]*OpName),
	}
	c.index = &IndexType{storage: c.newStorage()}
	c.none = &NoneType{storage: c.newStorage()}
	for k := FloatKind(0); k < numFloatKinds; k++ {
		c.floats[k] = &FloatType{storage: c.newStorage(), Kind: k}
	}
	for s := 0; s < 3; s++ {
		for w := 0; w <= 128; w++ {
			c.ints[s][w] = &IntegerType{storage: c.newStorage(), Width: uint32(w), Signedness: Signedness(s)}
		}
	}
	c.unit = &UnitAttr{storage: c.newStorage()}
	c.unknown = &UnknownLoc{storage: c.newStorage()}
	c.emptyD = &DictionaryAttr{storage: c.newStorage()}
	c.emptyA = &ArrayAttr{storage: c.newStorage()}
	i1 := c.ints[Signless][1]
	c.boolT = &IntegerAttr{storage: c.newStorage(), Type: i1, Lo: 1}
	c.boolF = &IntegerAttr{storage: c.newStorage(), Type: i1}
	c.RegisterDialect(&Dialect{Name: "builtin"})
	return c
}

// storage is embedded in every interned type and attribute. Its id is unique
// within a Context and is used to build interning keys of composite objects.
type storage struct{ id uint64 }

// ID returns the identity of an interned object within its Context.
func (s storage) ID() uint64 { return s.id }

func (c *Context) newStorage() storage { return storage{id: c.nextID.Add(1)} }

// intern returns the object stored under key, creating it with mk if absent.
// mk receives a fresh storage for the new object.
func intern[T any](c *Context, key []byte, mk func(storage) T) T {
	c.mu.RLock()
	v, ok := c.uniq[string(key)]
	c.mu.RUnlock()
	if ok {
		return v.(T)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.uniq[string(key)]; ok {
		return v.(T)
	}
	t := mk(c.newStorage())
	c.uniq[string(key)] = t
	return t
}

// keyBuf builds interning keys.
type keyBuf []byte

func (k keyBuf) u64(v uint64) keyBuf {
	return append(k, byte(v), byte(v>>8), byte(v>>16), byte(v>>24), byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
}
func (k keyBuf) str(s string) keyBuf { return append(k.u64(uint64(len(s))), s...) }
func (k keyBuf) ty(t Type) keyBuf {
	if t == nil {
		return k.u64(0)
	}
	return k.u64(t.ID())
}
func (k keyBuf) attr(a Attribute) keyBuf {
	if a == nil {
		return k.u64(0)
	}
	return k.u64(a.ID())
}

// Dialect describes a registered dialect: a namespace with operations and,
// optionally, hooks to parse and print its own types and attributes.
type Dialect struct {
	// Name is the dialect namespace, e.g. "arith".
	Name string
	// Summary is a one-line description shown by --show-dialects.
	Summary string
	// ParseType, if set, builds a type from the body of `!name.body`; the
	// body is the text after the namespace and the dot.
	ParseType func(ctx *Context, body string) (Type, error)
	// ParseTypeBody, if set, is used instead of ParseType: it reads the
	// body of `!name.body` through p, a parser over the body text alone
	// that knows the type and attribute aliases of the enclosing file, so
	// that nested types may name aliases. The whole body must be consumed.
	ParseTypeBody func(p OpAsmParser) (Type, error)
	// ParseAttr, if set, builds an attribute from the text after `#name.`.
	ParseAttr func(ctx *Context, body string) (Attribute, error)
	// Inlinable marks dialects whose operations may be inlined into other
	// regions (MLIR's DialectInlinerInterface answering yes); operations of
	// other dialects, unregistered ones included, block inlining.
	Inlinable bool
	// MaterializeConstant, if set, builds a constant operation producing
	// value with type t at the builder's insertion point (used to turn folded
	// attributes back into IR); it returns nil when it cannot.
	MaterializeConstant func(b *Builder, value Attribute, t Type, loc Location) *Operation
	ctx                 *Context
	// RejectUnknownOps marks dialects that define all of their operations:
	// as in MLIR (Dialect::allowsUnknownOperations is false), an unknown
	// operation of the namespace fails verification even when unregistered
	// dialects are allowed.
	RejectUnknownOps bool
	// AllowUnknownOps marks dialects that accept operations of their
	// namespace they do not define (MLIR's Dialect::allowsUnknownOperations
	// answering yes, as upstream's test dialect does): the parser takes
	// such an operation in generic form even when unregistered dialects
	// are not allowed, and it is handled as any unregistered operation.
	AllowUnknownOps bool
	// VerifyRegionArgAttr, if set, verifies an attribute named in this
	// dialect that is attached to argument arg of region region of op, such
	// as a function argument attribute (MLIR's
	// Dialect::verifyRegionArgAttribute).
	VerifyRegionArgAttr func(op *Operation, region, arg int, attr NamedAttr) error
	// VerifyRegionResultAttr is the same for result attributes (MLIR's
	// Dialect::verifyRegionResultAttribute).
	VerifyRegionResultAttr func(op *Operation, region, result int, attr NamedAttr) error
	// VerifyOperationAttr, if set, verifies a discardable attribute named
	// in this dialect (`ns.name`) attached to any operation (MLIR's
	// Dialect::verifyOperationAttribute), before the operation's own
	// verifier runs.
	VerifyOperationAttr func(op *Operation, attr NamedAttr) error
	// Placeholder marks a namespace registered only so that its
	// attributes and properties are known to belong to a registered
	// dialect (as in mlir-opt), without operations of its own:
	// --show-dialects leaves it out.
	Placeholder bool
	// Definitions holds the model of a dialect defined in a definition
	// language (core/irdl keeps its types and attributes here), for the
	// code that builds them by name.
	Definitions any
}

// Context returns the context the dialect is registered in, or nil.
func (d *Dialect) Context() *Context { return d.ctx }

// RegisterDialect adds d to the context. Registering a name twice replaces
// the earlier dialect.
func (c *Context) RegisterDialect(d *Dialect) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d.ctx = c
	c.dialects[d.Name] = d
}

// Dialect returns the registered dialect with the given namespace, or nil.
func (c *Context) Dialect(name string) *Dialect {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.dialects[name]
}

// Dialects returns the registered dialects sorted by name.
func (c *Context) Dialects() []*Dialect {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]*Dialect, 0, len(c.dialects))
	for _, d := range c.dialects {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// RegisterOp registers an operation definition. Its dialect (the part of the
// name before the first dot) must already be registered.
func (c *Context) RegisterOp(def *OpDef) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.opNames[def.Name]
	if n == nil {
		n = &OpName{Name: def.Name, ctx: c}
		c.opNames[def.Name] = n
	}
	n.Def = def
	c.applyExternalModels(def)
	dn, _, _ := strings.Cut(def.Name, ".")
	n.Dialect = c.dialects[dn]
}

// RegisteredOps returns the definitions of the registered operations,
// sorted by name.
func (c *Context) RegisteredOps() []*OpDef {
	c.mu.RLock()
	defer c.mu.RUnlock()
	var out []*OpDef
	for _, n := range c.opNames {
		if n.Def != nil {
			out = append(out, n.Def)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// OpName returns the interned name record for an operation name, creating
// an unregistered one if needed.
func (c *Context) OpName(name string) *OpName {
	c.mu.RLock()
	n := c.opNames[name]
	c.mu.RUnlock()
	if n != nil {
		return n
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if n = c.opNames[name]; n != nil {
		return n
	}
	name = strings.Clone(name)
	n = &OpName{Name: name, ctx: c}
	dn, _, _ := strings.Cut(name, ".")
	n.Dialect = c.dialects[dn]
	c.opNames[name] = n
	return n
}

// LookupOpName returns the name record only if the operation is registered.
func (c *Context) LookupOpName(name string) *OpName {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if n := c.opNames[name]; n != nil && n.Def != nil {
		return n
	}
	return nil
}

// OpName is the interned identity of an operation name. Def is nil for
// unregistered operations.
type OpName struct {
	Name    string
	Def     *OpDef
	Dialect *Dialect
	ctx     *Context
}

// IsRegistered reports whether the operation has a definition.
func (n *OpName) IsRegistered() bool { return n.Def != nil }

// DialectNamespace returns the part of the name before the first dot, or
// the empty string when the name has no dot.
func (n *OpName) DialectNamespace() string {
	if i := strings.IndexByte(n.Name, '.'); i >= 0 {
		return n.Name[:i]
	}
	return ""
}

// Resources holds the file-level metadata of a parsed file: the blobs of
// dialect_resources (keyed by dialect, then by resource key) and the
// external_resources entries, kept in file order so they print back as
// written.
type Resources struct {
	Dialect  []ResourceGroup
	External []ResourceGroup
}

// ResourceGroup is the resources of one dialect or external client.
type ResourceGroup struct {
	Name    string
	Entries []ResourceEntry
}

// ResourceEntry is one key with its value: a blob (hex text including the
// alignment prefix, as written), a string, or a bool.
type ResourceEntry struct {
	Key   string
	Kind  ResourceKind
	Value string // hex blob "0x...", string contents, or "true"/"false"
}

// ResourceKind says what a ResourceEntry holds.
type ResourceKind uint8

// The kinds of resource values.
const (
	ResourceBlob ResourceKind = iota
	ResourceString
	ResourceBool
)

// Blob returns the dialect resource with the given key, if present.
func (r *Resources) Blob(dialect, key string) (ResourceEntry, bool) {
	if r == nil {
		return ResourceEntry{}, false
	}
	for _, g := range r.Dialect {
		if g.Name != dialect {
			continue
		}
		for _, e := range g.Entries {
			if e.Key == key {
				return e, true
			}
		}
	}
	return ResourceEntry{}, false
}
