// Package testdialect models the few operations of MLIR's own test dialect
// whose semantics show in generic printing and verification (mlir-opt-22,
// the reference, registers that dialect). Tests register it to compare
// Strata with mlir-opt on upstream inputs that use it.
package testdialect

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// parseAttr keeps test attributes as opaque text, except that
// #test.custom_location<...> is a location, as upstream defines it.
func parseAttr(ctx *ir.Context, body string) (ir.Attribute, error) {
	a := ctx.OpaqueAttr("test", body, nil)
	if strings.HasPrefix(body, "custom_location<") {
		return ctx.AttrLoc(a), nil
	}
	return a, nil
}

// Register adds the test dialect namespace and its modelled ops to ctx.
func Register(ctx *ir.Context) {
	ctx.RegisterDialect(&ir.Dialect{Name: "test", ParseAttr: parseAttr,
		VerifyRegionArgAttr: func(op *ir.Operation, _, _ int, a ir.NamedAttr) error {
			return verifyInvalidAttr(op, a)
		},
		VerifyRegionResultAttr: func(op *ir.Operation, _, _ int, a ir.NamedAttr) error {
			return verifyInvalidAttr(op, a)
		}})
	ctx.RegisterOp(&ir.OpDef{Name: "test.graph_region", Traits: ir.GraphRegions | ir.NoTerminator | ir.SingleBlock})
	// test.ssacfg_region has SSACFG regions: their values must dominate
	// their uses.
	ctx.RegisterOp(&ir.OpDef{Name: "test.ssacfg_region"})
}

// verifyInvalidAttr is the test dialect's region argument and result
// attribute verifier: `test.invalid_attr` is rejected.
func verifyInvalidAttr(op *ir.Operation, a ir.NamedAttr) error {
	if a.Name == "test.invalid_attr" {
		return ir.EmitError(op, "invalid to use 'test.invalid_attr'")
	}
	return nil
}
