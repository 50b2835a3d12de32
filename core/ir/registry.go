package ir

import (
	"fmt"
	"sync"
)

// This file holds the open registry of operation interfaces and traits:
// MLIR's interface IDs, external models and dialect-defined traits. Any
// package declares an interface once, as a package-level value; any dialect
// attaches implementations to its own operations when it registers them,
// or to operations of other dialects (external models); passes ask the
// interface of an operation and never switch on operation names.
//
//	// in the package that owns the concept:
//	type Bufferizable interface { Bufferize(r *rewrite.Rewriter, op *ir.Operation) error }
//	var BufferizableOp = ir.DeclareOpInterface[Bufferizable]("bufferization.BufferizableOpInterface")
//
//	// in a dialect, for its own op or another dialect's:
//	BufferizableOp.Attach(def, myModel{})
//	err := BufferizableOp.AttachTo(ctx, "tensor.extract", extractModel{})
//
//	// in a pass:
//	if m, ok := BufferizableOp.Of(op); ok { ... }
//
// Implementations are attached while dialects are registered, before the
// context is used concurrently: attaching is synchronized with other
// registrations, querying is a lock-free slice index.

// InterfaceID identifies an operation interface or trait declared with
// DeclareOpInterface or DeclareTrait. IDs are process-wide and dense, so
// that an OpDef finds its implementation of one by indexing a slice.
type InterfaceID struct {
	name  string
	index int
	trait bool
}

// Name returns the name the interface was declared with.
func (id *InterfaceID) Name() string { return id.name }

// String returns the name of the interface.
func (id *InterfaceID) String() string { return id.name }

// IsTrait reports whether id was declared with DeclareTrait rather than
// DeclareOpInterface.
func (id *InterfaceID) IsTrait() bool { return id.trait }

var interfaceIDs struct {
	mu     sync.Mutex
	byName map[string]*InterfaceID
	all    []*InterfaceID
}

// declareInterfaceID returns the ID named name, creating it on first use,
// so that two declarations of one name (a package loaded twice in tests)
// share an identity. Declaring one name both as a trait and as an
// interface is a programming error and panics.
func declareInterfaceID(name string, trait bool) *InterfaceID {
	interfaceIDs.mu.Lock()
	defer interfaceIDs.mu.Unlock()
	if id := interfaceIDs.byName[name]; id != nil {
		if id.trait != trait {
			panic("ir: " + name + " is declared both as a trait and as an operation interface")
		}
		return id
	}
	if interfaceIDs.byName == nil {
		interfaceIDs.byName = make(map[string]*InterfaceID)
	}
	id := &InterfaceID{name: name, index: len(interfaceIDs.all), trait: trait}
	interfaceIDs.byName[name] = id
	interfaceIDs.all = append(interfaceIDs.all, id)
	return id
}

// LookupInterfaceID returns the interface or trait declared as name, or
// nil. The definition language resolves the trait and interface names that
// a .irdl file lists through it.
func LookupInterfaceID(name string) *InterfaceID {
	interfaceIDs.mu.Lock()
	defer interfaceIDs.mu.Unlock()
	return interfaceIDs.byName[name]
}

// DeclaredInterfaces returns every interface and trait declared so far, in
// declaration order (for documentation and --show-dialects).
func DeclaredInterfaces() []*InterfaceID {
	interfaceIDs.mu.Lock()
	defer interfaceIDs.mu.Unlock()
	return append([]*InterfaceID(nil), interfaceIDs.all...)
}

// OpInterface is the typed handle of an operation interface whose
// implementations have the Go type T (usually a Go interface type whose
// methods take the operation, as MLIR's external models do, or a struct of
// functions).
type OpInterface[T any] struct{ id *InterfaceID }

// DeclareOpInterface declares the operation interface name (by convention
// "dialect.InterfaceName" or "ir.InterfaceName") with implementations of
// type T. Declare each interface once, in a package-level variable.
func DeclareOpInterface[T any](name string) OpInterface[T] {
	return OpInterface[T]{id: declareInterfaceID(name, false)}
}

// ID returns the identity of the interface.
func (i OpInterface[T]) ID() *InterfaceID { return i.id }

// Of returns op's implementation of the interface and whether it has one;
// unregistered operations implement nothing.
func (i OpInterface[T]) Of(op *Operation) (T, bool) {
	return i.OfDef(op.name.Def)
}

// OfDef returns the definition's implementation of the interface.
func (i OpInterface[T]) OfDef(d *OpDef) (T, bool) {
	if d != nil && i.id.index < len(d.models) {
		if p, ok := d.models[i.id.index].(*T); ok {
			return *p, true
		}
	}
	var zero T
	return zero, false
}

// Implements reports whether op implements the interface.
func (i OpInterface[T]) Implements(op *Operation) bool {
	_, ok := i.Of(op)
	return ok
}

// Attach makes impl the definition's implementation of the interface,
// replacing an earlier one. Call it while the definition is being
// registered.
func (i OpInterface[T]) Attach(d *OpDef, impl T) {
	d.setModel(i.id, &impl)
}

// AttachTo attaches impl to the operation opName of ctx as an external
// model: the operation may belong to any dialect, and may be registered
// later (the model is then attached when it is), as MLIR's
// attachInterface on a dialect extension.
func (i OpInterface[T]) AttachTo(ctx *Context, opName string, impl T) {
	ctx.attachModel(opName, i.id, &impl)
}

// DialectTrait is the identity of a trait that a package declares (DeclareTrait):
// a static property of an operation that passes test, as they test the
// core traits of the Traits bit set. A dialect's .irdl lists it by name
// among an op's traits, or Go code adds it with Add and AddTo.
type DialectTrait struct{ id *InterfaceID }

// traitMark is what an OpDef stores for a trait it has.
type traitMark struct{}

// DeclareTrait declares the trait name (by convention "dialect.TraitName").
// Declare each trait once, in a package-level variable.
func DeclareTrait(name string) DialectTrait {
	return DialectTrait{id: declareInterfaceID(name, true)}
}

// ID returns the identity of the trait.
func (t DialectTrait) ID() *InterfaceID { return t.id }

// Has reports whether op has the trait.
func (t DialectTrait) Has(op *Operation) bool { return t.HasDef(op.name.Def) }

// HasDef reports whether the definition has the trait.
func (t DialectTrait) HasDef(d *OpDef) bool {
	if d != nil && t.id.index < len(d.models) {
		_, ok := d.models[t.id.index].(*traitMark)
		return ok
	}
	return false
}

// Add gives the definition the trait.
func (t DialectTrait) Add(d *OpDef) { d.setModel(t.id, &traitMark{}) }

// AddTo gives the operation opName of ctx the trait, now or when it is
// registered.
func (t DialectTrait) AddTo(ctx *Context, opName string) {
	ctx.attachModel(opName, t.id, &traitMark{})
}

// AddByID gives the definition the trait id, as the definition language
// does for the trait names a .irdl lists. An id declared as an operation
// interface has implementations of its own type, attached with Attach;
// AddByID ignores it.
func (d *OpDef) AddByID(id *InterfaceID) {
	if id.trait {
		d.setModel(id, &traitMark{})
	}
}

// setModel stores the implementation p (a *T) of the interface id.
func (d *OpDef) setModel(id *InterfaceID, p any) {
	if id.index >= len(d.models) {
		grown := make([]any, id.index+1, id.index+8)
		copy(grown, d.models)
		d.models = grown
	}
	d.models[id.index] = p
}

// ImplementsID reports whether the definition implements the interface or
// has the trait id.
func (d *OpDef) ImplementsID(id *InterfaceID) bool {
	return d != nil && id.index < len(d.models) && d.models[id.index] != nil
}

// InterfaceIDs returns the IDs of the interfaces and traits attached to the
// definition, in declaration order (for documentation and --show-dialects).
func (d *OpDef) InterfaceIDs() []*InterfaceID {
	interfaceIDs.mu.Lock()
	defer interfaceIDs.mu.Unlock()
	var out []*InterfaceID
	for i, m := range d.models {
		if m != nil {
			out = append(out, interfaceIDs.all[i])
		}
	}
	return out
}

// pendingModel is an external model waiting for its operation.
type pendingModel struct {
	id   *InterfaceID
	impl any
}

// attachModel attaches impl to opName now if it is registered, and keeps
// it so that a later registration of opName (or a re-registration
// replacing the definition) gets it too.
func (c *Context) attachModel(opName string, id *InterfaceID, impl any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.external == nil {
		c.external = make(map[string][]pendingModel)
	}
	c.external[opName] = append(c.external[opName], pendingModel{id, impl})
	if n := c.opNames[opName]; n != nil && n.Def != nil {
		n.Def.setModel(id, impl)
	}
}

// applyExternalModels attaches the external models kept for def's name;
// c.mu is held.
func (c *Context) applyExternalModels(def *OpDef) {
	for _, m := range c.external[def.Name] {
		def.setModel(m.id, m.impl)
	}
}

// MustOf returns op's implementation of the interface, or an error naming
// the operation and the interface when it has none.
func (i OpInterface[T]) MustOf(op *Operation) (T, error) {
	if m, ok := i.Of(op); ok {
		return m, nil
	}
	var zero T
	return zero, fmt.Errorf("'%s' op does not implement %s", op.Name(), i.id.name)
}

// Implementers returns the names of the registered operations of ctx that
// implement the interface, sorted.
func (i OpInterface[T]) Implementers(ctx *Context) []string {
	var out []string
	for _, def := range ctx.RegisteredOps() {
		if _, ok := i.OfDef(def); ok {
			out = append(out, def.Name)
		}
	}
	return out
}
