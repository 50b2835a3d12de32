package irdl

import (
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Named constraints written in Go, for predicates the definition language
// cannot say (a strided memref layout, an attribute whose value must be a
// power of two). Compiled dialects register them before loading their
// definitions; a definition then names them like a builtin constraint.

var (
	goConstraintMu sync.RWMutex
	goTypeCs       = map[string]*goTypeC{}
	goAttrCs       = map[string]goAttrC{}
)

type goAttrC struct {
	summary   string
	valueType func(*ir.Context) ir.Type
	pred      func(ir.Attribute) bool
}

// RegisterTypeConstraint makes the type constraint name available to
// definitions loaded afterwards: pred decides, summary is what error
// messages say a value must be (ODS's summary, e.g. "strided memref of any
// type values").
func RegisterTypeConstraint(name, summary string, pred func(ir.Type) bool) {
	goConstraintMu.Lock()
	defer goConstraintMu.Unlock()
	goTypeCs[name] = &goTypeC{summary: summary, pred: pred}
}

// TypeClass describes a class of dialect types implemented in Go (such
// as !llvm.ptr) for formats: Strip returns a type's text after its
// `!dialect.mnemonic` prefix ("" when that text is empty, and for types
// outside the class), and Parse reads that text back. A format prints a
// single value's type stripped when its constraint is such a class, as
// ODS's printStrippedAttrOrType does for a type constraint naming one C++
// type class, and parses either form.
type TypeClass struct {
	Strip func(ir.Type) string
	Parse func(p ir.OpAsmParser) (ir.Type, error)
}

// goTypeC is a type constraint written in Go.
type goTypeC struct {
	summary string
	pred    func(ir.Type) bool
	class   *TypeClass
	fixed   func(*ir.Context) ir.Type
}

// RegisterTypeClassConstraint is RegisterTypeConstraint for a constraint
// whose types all belong to class. fixed, when not nil, returns the only
// type of a context that satisfies the constraint (ODS's buildable type),
// so that formats need not spell it.
func RegisterTypeClassConstraint(name, summary string, pred func(ir.Type) bool, class *TypeClass, fixed func(*ir.Context) ir.Type) {
	goConstraintMu.Lock()
	defer goConstraintMu.Unlock()
	goTypeCs[name] = &goTypeC{summary: summary, pred: pred, class: class, fixed: fixed}
}

// RegisterAttrConstraint makes the attribute constraint name available to
// definitions loaded afterwards. valueType, when not nil, returns the type
// the attribute's value always has in a context (i64 for a confined
// I64Attr): formats print the attribute without it and parse it with it.
func RegisterAttrConstraint(name, summary string, valueType func(*ir.Context) ir.Type, pred func(ir.Attribute) bool) {
	goConstraintMu.Lock()
	defer goConstraintMu.Unlock()
	goAttrCs[name] = goAttrC{summary: summary, valueType: valueType, pred: pred}
}

func lookupGoTypeC(ctx *ir.Context, name string) *typeC {
	goConstraintMu.RLock()
	defer goConstraintMu.RUnlock()
	c, ok := goTypeCs[name]
	if !ok {
		return nil
	}
	tc := &typeC{summary: c.summary, pred: c.pred, class: c.class}
	if c.fixed != nil && ctx != nil {
		tc.fixed = c.fixed(ctx)
	}
	return tc
}

func lookupGoAttrC(ctx *ir.Context, name string) *attrC {
	goConstraintMu.RLock()
	defer goConstraintMu.RUnlock()
	c, ok := goAttrCs[name]
	if !ok {
		return nil
	}
	ac := &attrC{summary: c.summary, pred: c.pred}
	if c.valueType != nil {
		// A fixed value type is that of an IntegerAttr or FloatAttr (a
		// confined I64Attr, say), which is then the storage class.
		ac.valueType = c.valueType(ctx)
		ac.kind = classOf(ac.valueType)
	}
	return ac
}
