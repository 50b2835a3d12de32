package ir

// This file holds type interfaces: MLIR's TypeInterface, an open set of
// behaviours that types of any dialect may offer and that passes query
// without knowing the dialect (bufferization asks a tensor-like type for
// the type of its buffer). A package declares the interface once, as a
// package-level value, with the Go type of its implementations:
//
//	var TensorLike = ir.DeclareTypeInterface[TensorLikeModel]("bufferization.TensorLikeTypeInterface")
//
// A type implements it in one of two ways. A type written in Go may
// implement the Go type T itself (its methods then take the type as
// receiver). A type of a dialect defined in the definition language
// carries the models attached to its definition by name, in the dialect's
// registration or as an external model from another package:
//
//	TensorLike.AttachTo(ctx, "test.test_tensor", testTensorModel{})
//
// Queries are lock-free once registration is over: a slice index into the
// models of the type's definition.

// TypeModels holds the interface implementations attached to one kind of
// dialect type, named `dialect.mnemonic`. The definition language gives
// each type it defines the TypeModels of its name (Context.TypeModels), so
// that types created before or after a model is attached see it.
type TypeModels struct {
	name   string
	models []any
}

// Name returns the `dialect.mnemonic` name the models are attached to.
func (m *TypeModels) Name() string { return m.name }

// ModeledType is implemented by dialect types whose definition carries
// interface models: the types of dialects defined in the definition
// language.
type ModeledType interface {
	Type
	// TypeModels returns the models of the type's definition.
	TypeModels() *TypeModels
}

// TypeModels returns the models attached to the dialect type named
// `dialect.mnemonic` in c, creating an empty set on first use. It takes
// the context's lock: fetch the models before InternType, whose
// constructor runs under it.
func (c *Context) TypeModels(name string) *TypeModels {
	c.mu.RLock()
	m := c.typeModels[name]
	c.mu.RUnlock()
	if m != nil {
		return m
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if m := c.typeModels[name]; m != nil {
		return m
	}
	if c.typeModels == nil {
		c.typeModels = make(map[string]*TypeModels)
	}
	m = &TypeModels{name: name}
	c.typeModels[name] = m
	return m
}

// TypeInterface is the typed handle of a type interface whose
// implementations have the Go type T.
type TypeInterface[T any] struct{ id *InterfaceID }

// DeclareTypeInterface declares the type interface name (by convention
// "dialect.InterfaceName") with implementations of type T. Declare each
// interface once, in a package-level variable.
func DeclareTypeInterface[T any](name string) TypeInterface[T] {
	return TypeInterface[T]{id: declareInterfaceID(name, false)}
}

// ID returns the identity of the interface.
func (i TypeInterface[T]) ID() *InterfaceID { return i.id }

// Of returns t's implementation of the interface and whether it has one:
// t itself when its Go type implements T, else the model attached to its
// definition.
func (i TypeInterface[T]) Of(t Type) (T, bool) {
	if m, ok := t.(T); ok {
		return m, true
	}
	if mt, ok := t.(ModeledType); ok {
		if ms := mt.TypeModels(); ms != nil && i.id.index < len(ms.models) {
			if p, ok := ms.models[i.id.index].(*T); ok {
				return *p, true
			}
		}
	}
	var zero T
	return zero, false
}

// Implements reports whether t implements the interface.
func (i TypeInterface[T]) Implements(t Type) bool {
	_, ok := i.Of(t)
	return ok
}

// AttachTo makes impl the implementation of the interface for the dialect
// type named `dialect.mnemonic` in ctx, replacing an earlier one. Call it
// while dialects are registered, before ctx is used concurrently.
func (i TypeInterface[T]) AttachTo(ctx *Context, typeName string, impl T) {
	m := ctx.TypeModels(typeName)
	ctx.mu.Lock()
	defer ctx.mu.Unlock()
	if i.id.index >= len(m.models) {
		grown := make([]any, i.id.index+1)
		copy(grown, m.models)
		m.models = grown
	}
	m.models[i.id.index] = &impl
}
