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
	goTypeCs       = map[string]*typeC{}
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
	goTypeCs[name] = &typeC{summary: summary, pred: pred}
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

func lookupGoTypeC(name string) *typeC {
	goConstraintMu.RLock()
	defer goConstraintMu.RUnlock()
	if c, ok := goTypeCs[name]; ok {
		cp := *c
		return &cp
	}
	return nil
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
		ac.valueType = c.valueType(ctx)
	}
	return ac
}
