// Package arith defines MLIR's arith dialect. The operations are declared
// in arith.irdl (Strata's definition language), loaded when the dialect is
// registered; this file adds what the declarations cannot say: the custom
// directive of arith.select's type list, the constant folder and the
// constant materializer.
//
// arith.irdl declares every operation of upstream's arith dialect.
package arith

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o arith_gen.go arith.irdl

import (
	_ "embed"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed arith.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/arith/arith.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var directives sync.Once

// Register adds the arith dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	directives.Do(registerSelectTypes)
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("arith: loading arith.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if d := ctx.Dialect("arith"); d != nil {
		d.MaterializeConstant = materializeConstant
		d.Inlinable = true
	}
}

// registerSelectTypes registers arith.select's type list: `: T` for a
// scalar condition, `: CondT, T` otherwise (MLIR's SelectOp::parse and
// print).
func registerSelectTypes() {
	irdl.RegisterCustomDirective("SelectOpTypes",
		func(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
			t := p.ParseType()
			cond := ir.Type(p.Context().I(1))
			if p.ParseOptionalPunct(",") {
				cond = t
				t = p.ParseType()
			}
			args[0].Types = []ir.Type{cond}
			args[1].Types = []ir.Type{t}
			return true, nil
		},
		func(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
			if _, ok := args[0].Types[0].(ir.ShapedType); ok {
				p.PrintType(args[0].Types[0])
				p.WriteString(", ")
			}
			p.PrintType(args[1].Types[0])
		})
}

// foldConstant folds arith.constant to its value.
func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	v := op.InherentAttr("value")
	if v == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: v}}, true
}

// constantInterfaces lets matchers read arith.constant's value without
// folding it.
func constantInterfaces(d *ir.OpDef) {
	ir.ConstantValueOp.Attach(d, ir.ConstantValueFunc(func(op *ir.Operation) ir.Attribute {
		return ConstantOp{op}.Value()
	}))
}

// materializeConstant builds arith.constant for integer, index and float
// attributes and dense elements of the requested type.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ta, ok := value.(ir.TypedAttr)
	if !ok || ta.AttrType() != t {
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		return nil
	}
	return b.Create(&ir.OperationState{
		Name:        b.Ctx.OpName("arith.constant"),
		Loc:         loc,
		ResultTypes: []ir.Type{t},
		Properties:  b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}}),
	})
}
