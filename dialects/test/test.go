// Package test defines the operations of MLIR's test dialect
// (mlir/test/lib/Dialect/Test) that upstream's interface tests of
// bufferization and buffer deallocation are written with: test.copy,
// test.buffer_based and test.region_buffer_based (buffer reads and writes
// through declared memory effects), test.read_buffer, test.forward_buffer,
// test.region_if with test.region_if_yield (a RegionBranchOpInterface
// with a join region), test.one_region_with_recursive_memory_effects (a
// region without RegionBranchOpInterface), test.side_effect_op (effects
// listed by an attribute), and the terminators test.region_yield and
// test.return. mlir-opt registers the dialect so that these tests run
// unchanged; Strata's strata-opt registers it for the same reason.
//
// As upstream's test dialect, the dialect allows unknown operations: an
// operation `"test.anything"(...)` in generic form parses and verifies
// without --allow-unregistered-dialect and is handled like any
// unregistered operation (unknown effects, no interfaces).
//
// The operations are declared in test.irdl; this package adds the custom
// syntax of test.region_if (syntax.go) and the interface models the
// declarations cannot say (interfaces.go).
package test

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o test_gen.go test.irdl

//go:embed test.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/test/test.irdl"

// Namespace is the dialect's namespace.
const Namespace = "test"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the test dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("test: loading test.irdl: " + err.Error())
	}
	registerHooks(ctx)
	registerTypeModels(ctx)
	// Upstream's test dialect defines many more types than the
	// tensor-like ones test.irdl does (!test.memref_element, ...): the
	// others stay opaque.
	irdl.KeepUndefinedTypesOpaque(ctx, Namespace)
	if d := ctx.Dialect(Namespace); d != nil {
		d.AllowUnknownOps = true
	}
}
