// Package scf defines MLIR's scf (structured control flow) dialect:
// scf.for, scf.forall, scf.if, scf.while, scf.parallel, scf.reduce,
// scf.execute_region, scf.index_switch and their terminators. The
// operations are declared in scf.irdl, loaded when the dialect is
// registered; the Go files add what the declarations cannot say: the
// custom syntax (syntax.go), the two operations whose names have two parts
// (ops.go), the verifiers (verify.go), the region-branch and loop
// interfaces (interfaces.go), and the folders and canonicalization
// patterns (canonicalize.go).
package scf

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o scf_gen.go scf.irdl

import (
	_ "embed"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed scf.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/scf/scf.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var once sync.Once

// Register adds the scf dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	once.Do(registerPatterns)
	if err := irdl.Load(ctx, definitionsFile, definitions); err != nil {
		panic("scf: loading scf.irdl: " + err.Error())
	}
	ctx.RegisterOp(inParallelDef())
	ctx.RegisterOp(reduceReturnDef())
	for name, h := range hooks {
		on := ctx.LookupOpName(name)
		if on == nil || on.Def == nil {
			continue
		}
		d := on.Def
		if h.print != nil {
			d.Print, d.Parse = h.print, h.parse
		}
		if h.verify != nil {
			d.AddVerifier(h.verify)
		}
		if h.verifyRegions != nil {
			d.VerifyRegions = h.verifyRegions
		}
		if h.fold != nil {
			d.Fold = h.fold
		}
		if h.interfaces != nil {
			h.interfaces(d)
		}
	}
	if d := ctx.Dialect("scf"); d != nil {
		d.Inlinable = true
	}
}

// opHooks are the Go parts of one operation's definition.
type opHooks struct {
	print         func(p ir.OpAsmPrinter, op *ir.Operation)
	parse         func(p ir.OpAsmParser, st *ir.OperationState) error
	verify        func(op *ir.Operation) error
	verifyRegions func(op *ir.Operation) error
	fold          func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool)
	interfaces    func(d *ir.OpDef)
}

// hooks maps operation names to their Go parts.
var hooks = map[string]opHooks{
	"scf.for": {print: printFor, parse: parseFor, verify: verifyFor, verifyRegions: verifyForRegions,
		interfaces: forInterfaces},
	"scf.if": {print: printIf, parse: parseIf, verify: verifyIf, interfaces: ifInterfaces},
	"scf.while": {print: printWhile, parse: parseWhile, verify: verifyWhile, verifyRegions: verifyWhileRegions,
		interfaces: whileInterfaces},
	"scf.forall": {print: printForall, parse: parseForall, verify: verifyForall, verifyRegions: verifyForallRegions,
		interfaces: forallInterfaces},
	"scf.parallel": {print: printParallel, parse: parseParallel, verify: verifyParallel,
		interfaces: parallelInterfaces},
	"scf.execute_region": {print: printExecuteRegion, parse: parseExecuteRegion, verify: verifyExecuteRegion,
		interfaces: executeRegionInterfaces},
	"scf.index_switch": {print: printIndexSwitch, parse: parseIndexSwitch, verify: verifyIndexSwitch,
		interfaces: indexSwitchInterfaces},
	"scf.reduce": {print: printReduce, parse: parseReduce, verifyRegions: verifyReduceRegions,
		interfaces: reduceInterfaces},
	"scf.yield":     {interfaces: yieldInterfaces},
	"scf.condition": {interfaces: conditionInterfaces},
}
