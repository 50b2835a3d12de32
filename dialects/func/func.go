// Package function implements MLIR's func dialect: func.func, func.return,
// func.call, func.call_indirect and func.constant, with upstream MLIR 22's
// custom syntax, verifiers and diagnostics.
//
// The package lives in dialects/func; since `func` is a Go keyword, the
// package is named function:
//
//	import function "github.com/strata-ir/strata/dialects/func"
//	function.Register(ctx)
package function

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o func_gen.go func.irdl

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// Namespace is the dialect's name.
const Namespace = "func"

// Register adds the func dialect and its operations to ctx. The
// definitions are embedded and checked by the package's tests, so a
// failure to load them is a bug in this package and panics.
func Register(ctx *ir.Context) {
	// The func dialect defines all of its operations: unknown func.* ops
	// are rejected as in MLIR.
	if d := ctx.Dialect(Namespace); d != nil {
		d.RejectUnknownOps, d.Inlinable = true, true
	} else {
		ctx.RegisterDialect(&ir.Dialect{Name: Namespace, RejectUnknownOps: true, Inlinable: true})
	}
	directives.Do(registerCallIndirectType)
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("func: loading func.irdl: " + err.Error())
	}
	ctx.RegisterOp(FuncDef)
	registerHooks(ctx)
	attachHooks(ctx)
	setMaterializer(ctx)
}

//go:embed func.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/func/func.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var directives sync.Once

// ---- Constraints shared by the ops, with ODS's descriptions ----

type attrConstraint struct {
	name     string
	required bool
	desc     string
	ok       func(ir.Attribute) bool
}

func isString(a ir.Attribute) bool { _, ok := a.(*ir.StringAttr); return ok }

func isFunctionTypeAttr(a ir.Attribute) bool {
	t, ok := a.(*ir.TypeAttr)
	if !ok {
		return false
	}
	_, ok = t.Type.(*ir.FunctionType)
	return ok
}

func isDictArray(a ir.Attribute) bool {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return false
	}
	for _, e := range arr.Elems {
		if _, ok := e.(*ir.DictionaryAttr); !ok {
			return false
		}
	}
	return true
}

func isUnit(a ir.Attribute) bool { _, ok := a.(*ir.UnitAttr); return ok }

// verifyAttrs is the attribute part of ODS's verifyInvariantsImpl: the
// required attributes in name order, then each constraint in declaration
// order.
func verifyAttrs(op *ir.Operation, cs []attrConstraint) error {
	var req []string
	for _, c := range cs {
		if c.required {
			req = append(req, c.name)
		}
	}
	for i := 1; i < len(req); i++ {
		for j := i; j > 0 && req[j] < req[j-1]; j-- {
			req[j], req[j-1] = req[j-1], req[j]
		}
	}
	for _, n := range req {
		if op.InherentAttr(n) == nil {
			return ir.OpError(op, "requires attribute '"+n+"'")
		}
	}
	for _, c := range cs {
		if a := op.InherentAttr(c.name); a != nil && !c.ok(a) {
			return ir.OpError(op, "attribute '"+c.name+"' failed to satisfy constraint: "+c.desc)
		}
	}
	return nil
}

// Structural trait checks with MLIR's messages.

func oneRegion(op *ir.Operation) error {
	if op.NumRegions() != 1 {
		return ir.OpError(op, "requires one region")
	}
	return nil
}

func zeroResults(op *ir.Operation) error {
	if op.NumResults() != 0 {
		return ir.OpError(op, "requires zero results")
	}
	return nil
}

func zeroSuccessors(op *ir.Operation) error {
	if n := op.NumSuccessors(); n != 0 {
		return ir.OpError(op, fmt.Sprintf("requires 0 successors but found %d", n))
	}
	return nil
}

func zeroOperands(op *ir.Operation) error {
	if op.NumOperands() != 0 {
		return ir.OpError(op, "requires zero operands")
	}
	return nil
}

func firstErr(op *ir.Operation, checks ...func(*ir.Operation) error) error {
	for _, c := range checks {
		if err := c(op); err != nil {
			return err
		}
	}
	return nil
}

// typeString renders a type as MLIR's diagnostics do ('i32').
func typeString(t ir.Type) string { return "'" + ir.TypeString(t) + "'" }

func typeList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = typeString(t)
	}
	return strings.Join(parts, ", ")
}

// functionType returns the function_type of a func.func, or nil.
func functionType(fn *ir.Operation) *ir.FunctionType {
	if ta, ok := fn.InherentAttr("function_type").(*ir.TypeAttr); ok {
		ft, _ := ta.Type.(*ir.FunctionType)
		return ft
	}
	return nil
}

// symName returns the sym_name of an operation.
func symName(op *ir.Operation) string {
	if s, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// ---- Symbol lookup, as MLIR's SymbolTable ----

// potentiallyUnknownSymbolTable is MLIR's isPotentiallyUnknownSymbolTable:
// an operation with one region and no dialect might be a symbol table.
func potentiallyUnknownSymbolTable(op *ir.Operation) bool {
	return op.NumRegions() == 1 && op.OpName().Dialect == nil
}

// nearestSymbolTable is MLIR's SymbolTable::getNearestSymbolTable.
func nearestSymbolTable(from *ir.Operation) *ir.Operation {
	if potentiallyUnknownSymbolTable(from) {
		return nil
	}
	for !from.HasTrait(ir.SymbolTableTrait) {
		from = from.ParentOp()
		if from == nil || potentiallyUnknownSymbolTable(from) {
			return nil
		}
	}
	return from
}

// lookupSymbolIn finds the operation named name directly in the symbol
// table operation table.
func lookupSymbolIn(table *ir.Operation, name string) *ir.Operation {
	if table.NumRegions() == 0 {
		return nil
	}
	for b := table.Region(0).First(); b != nil; b = b.Next() {
		for o := b.First(); o != nil; o = o.Next() {
			if s, ok := o.Attr("sym_name").(*ir.StringAttr); ok && s.Value == name {
				return o
			}
		}
	}
	return nil
}

// lookupNearestSymbolFrom is MLIR's SymbolTable::lookupNearestSymbolFrom for
// a flat reference: only the nearest symbol table is searched.
func lookupNearestSymbolFrom(from *ir.Operation, name string) *ir.Operation {
	t := nearestSymbolTable(from)
	if t == nil {
		return nil
	}
	return lookupSymbolIn(t, name)
}
