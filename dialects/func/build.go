package function

import (
	"github.com/strata-ir/strata/core/funcimpl"
	"github.com/strata-ir/strata/core/ir"
)

// FuncOpName is the name of the operation func.func.
const FuncOpName = "func.func"

// FuncOp wraps an operation func.func.
type FuncOp struct{ *ir.Operation }

// AsFuncOp returns op as a FuncOp if it is an operation func.func.
func AsFuncOp(op *ir.Operation) (FuncOp, bool) {
	if op == nil || op.Name() != FuncOpName {
		return FuncOp{}, false
	}
	return FuncOp{op}, true
}

// SymName returns the function's name.
func (op FuncOp) SymName() string { return symName(op.Operation) }

// FunctionType returns the function's type, or nil when it is malformed.
func (op FuncOp) FunctionType() *ir.FunctionType { return functionType(op.Operation) }

// SymNameAttr returns the sym_name property.
func (op FuncOp) SymNameAttr() ir.Attribute { return op.InherentAttr("sym_name") }

// SymVisibility returns the sym_visibility property, or nil when the
// function is public.
func (op FuncOp) SymVisibility() ir.Attribute { return op.InherentAttr("sym_visibility") }

// ArgAttrs returns the arg_attrs property, or nil.
func (op FuncOp) ArgAttrs() ir.Attribute { return op.InherentAttr("arg_attrs") }

// ResAttrs returns the res_attrs property, or nil.
func (op FuncOp) ResAttrs() ir.Attribute { return op.InherentAttr("res_attrs") }

// Body returns the function's region (empty for a declaration).
func (op FuncOp) Body() *ir.Region { return op.Region(0) }

// AddEntryBlock gives a function without a body its entry block, with the
// function type's inputs as arguments.
func (op FuncOp) AddEntryBlock() (*ir.Block, error) {
	ft := op.FunctionType()
	if ft == nil {
		return nil, ir.OpError(op.Operation, "requires attribute 'function_type'")
	}
	return funcimpl.AddEntryBlock(op.Operation, ft.Inputs)
}

// FuncOptions holds the optional properties of func.func for BuildFunc.
type FuncOptions struct {
	// Visibility is sym_visibility ("": absent, that is public).
	Visibility string
	// NoInline sets no_inline.
	NoInline bool
}

// BuildFunc creates a func.func called name of type ft at b's insertion
// point, without a body (AddEntryBlock gives it one), as MLIR's
// create<func::FuncOp>(loc, name, type). Misuse (the func dialect not
// registered in b's context, a nil type) is recorded as b's error
// (b.Err); a nil type gives the zero FuncOp.
func BuildFunc(b *ir.Builder, loc ir.Location, name string, ft *ir.FunctionType, opts ...FuncOptions) FuncOp {
	if ft == nil {
		b.Errorf("building %s: the function type is nil", FuncOpName)
		return FuncOp{}
	}
	var o FuncOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	if len(opts) > 1 {
		b.Errorf("building %s: more than one options value", FuncOpName)
	}
	on := b.Ctx.LookupOpName(FuncOpName)
	if on == nil || on.Def == nil {
		b.Errorf("building %s: the operation is not registered in the builder's context", FuncOpName)
		on = b.Ctx.OpName(FuncOpName)
	}
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: b.Ctx.Str(name)},
		{Name: "function_type", Value: b.Ctx.TypeAttr(ft)},
	}
	if o.Visibility != "" {
		props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: b.Ctx.Str(o.Visibility)})
	}
	if o.NoInline {
		props = append(props, ir.NamedAttr{Name: "no_inline", Value: b.Ctx.Unit()})
	}
	return FuncOp{b.Create(&ir.OperationState{Name: on, Loc: loc, NumRegions: 1, Properties: b.Ctx.DictionaryAttr(props)})}
}
