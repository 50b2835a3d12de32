package funcimpl

import "github.com/strata-ir/strata/core/ir"

// VerifySymbol is SymbolOpInterface's verifier for an op that is a
// declaration when isDeclaration holds.
func VerifySymbol(op *ir.Operation, isDeclaration bool) error {
	if _, ok := op.Attr("sym_name").(*ir.StringAttr); !ok {
		return ir.OpError(op, "requires string attribute 'sym_name'")
	}
	public := true
	if vis := op.Attr("sym_visibility"); vis != nil {
		s, ok := vis.(*ir.StringAttr)
		if !ok {
			return ir.OpError(op, "requires visibility attribute 'sym_visibility' to be a string attribute, but got "+ir.AttrString(vis))
		}
		switch s.Value {
		case "public", "private", "nested":
		default:
			return ir.OpError(op, `visibility expected to be one of ["public", "private", "nested"], but got `+ir.AttrString(s))
		}
		public = s.Value == "public"
	}
	if isDeclaration && public {
		return ir.OpError(op, "symbol declaration cannot have public visibility")
	}
	if parent := op.ParentOp(); parent != nil && parent.IsRegistered() && !parent.HasTrait(ir.SymbolTableTrait) {
		return ir.OpError(op, "symbol's parent must have the SymbolTable trait")
	}
	return nil
}
