// Package gpu defines MLIR's gpu dialect: gpu.module and gpu.func for
// kernels, gpu.launch and gpu.launch_func for launching them, the thread
// and block identifiers, gpu.barrier, gpu.shuffle, gpu.wait and the
// terminators. The operations are declared in gpu.irdl; the Go files add
// the custom directives of its enum attributes (this file) and the
// parsers, printers and verifiers of gpu.func, gpu.launch,
// gpu.launch_func and gpu.wait (syntax.go).
package gpu

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o gpu_gen.go gpu.irdl

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/bareenum"
)

//go:embed gpu.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/gpu/gpu.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var once sync.Once

// Register adds the gpu dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		irdl.RegisterCustomDirective("Dimension", parseDimension, printDimension)
		irdl.RegisterCustomDirective("ShuffleMode", parseShuffleMode, printShuffleMode)
		irdl.RegisterCustomDirective("MMAElementwise", parseMMAElementwise, printMMAElementwise)
		irdl.RegisterResultNamer("dimension", nameByDimension)
		irdl.RegisterCustomDirective("AsyncDependencies", parseAsyncDirective, printAsyncDirective)
		registerReduce()
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("gpu: loading gpu.irdl: " + err.Error())
	}
	registerHooks(ctx)
	attachAsyncOp(ctx)
	ctx.Dialect("gpu").VerifyOperationAttr = verifyOperationAttr
	wrapTypeParser(ctx.Dialect("gpu"))
	wrapAttrParser(ctx)
}

// enumAttr returns the attribute #gpu<mnemonic value>, as the gpu
// dialect's enum attributes are written.
func enumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return bareenum.Attr(ctx, "gpu", mnemonic, value)
}

// enumValue returns the value of an attribute #gpu<mnemonic value>.
func enumValue(a ir.Attribute, mnemonic string) (string, bool) {
	return bareenum.Value(a, "gpu", mnemonic)
}

// parseEnum reads one of the keywords allowed for an enum attribute
// #gpu<mnemonic value>.
func parseEnum(p ir.OpAsmParser, args []*irdl.CustomArg, mnemonic, what string, allowed []string) (bool, error) {
	pos := p.CurrentPos()
	kw, ok := p.ParseOptionalKeywordAny()
	valid := false
	for _, a := range allowed {
		valid = valid || a == kw
	}
	if !ok || !valid {
		return false, p.ErrorAt(pos, "expected one of ["+strings.Join(allowed, ", ")+"] for "+what)
	}
	a, err := enumAttr(p.Context(), mnemonic, kw)
	if err != nil {
		return false, p.ErrorAt(pos, err.Error())
	}
	args[0].Attr = a
	return true, nil
}

func parseDimension(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	return parseEnum(p, args, "dim", "a dimension for GPU launches", []string{"x", "y", "z"})
}

func printDimension(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	v, ok := enumValue(args[0].Attr, "dim")
	if !ok {
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(" " + v)
}

func parseShuffleMode(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	return parseEnum(p, args, "shuffle_mode", "the shuffle mode", []string{"xor", "up", "down", "idx"})
}

func printShuffleMode(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	v, ok := enumValue(args[0].Attr, "shuffle_mode")
	if !ok {
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(" " + v)
}

// nameByDimension names an identifier's result after the operation and
// its dimension (%thread_id_x), as upstream's getAsmResultNames.
func nameByDimension(op *ir.Operation, set func(int, string)) {
	v, ok := enumValue(op.InherentAttr("dimension"), "dim")
	if !ok {
		return
	}
	name := op.Name()
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	set(0, name+"_"+v)
}

// printAsyncDirective is the custom directive AsyncDependencies:
// `async [%deps]` (see printAsyncDependencies). Its arguments are the
// token result's type, the dependencies and their types.
func printAsyncDirective(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	printAsyncDependencies(p, len(args[0].Types) > 0, args[1].Values)
}

func parseAsyncDirective(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	ctx := p.Context()
	pos := p.CurrentPos()
	if p.ParseOptionalKeyword("async") {
		if p.NumResults() == 0 {
			return false, p.ErrorAt(pos, "needs to be named when marked 'async'")
		}
		args[0].Types = []ir.Type{tokenType(ctx)}
	}
	if p.ParseOptionalPunct("[") {
		if !p.ParseOptionalPunct("]") {
			for {
				args[1].Operands = append(args[1].Operands, p.ParseOperand())
				args[2].Types = append(args[2].Types, tokenType(ctx))
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct("]")
		}
	}
	return true, nil
}
