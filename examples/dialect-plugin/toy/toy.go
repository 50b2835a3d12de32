// Package toy is an out-of-tree Strata dialect for a toy accelerator with
// its own scratchpad memory space (#toy.sram) and an asynchronous copy
// engine: toy.copy_async starts a copy and returns a !toy.token, toy.wait
// blocks on tokens; toy.scale, toy.scale_buffer and toy.fma compute. It
// takes part in the framework the way an in-tree dialect does, through
// interfaces and registries only: a pattern and passes, an interface of
// its own (CostModel) that its pass toy-annotate-cost queries, models of
// bufferization.BufferizableOpInterface (one-shot-bufferize) and
// llvmir.DialectTranslation (strata-translate --mlir-to-llvmir), and
// interpreter semantics (RegisterSemantics).
package toy

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// Register adds the toy dialect to ctx.
func Register(ctx *ir.Context) {
	ctx.RegisterDialect(&ir.Dialect{Name: "toy", Summary: "A toy accelerator with a scratchpad and an async copy engine"})
	ctx.RegisterOp(CopyAsyncDef)
	ctx.RegisterOp(WaitDef)
	ctx.RegisterOp(CopyDef)
	ctx.RegisterOp(ScaleDef)
	ctx.RegisterOp(ScaleBufferDef)
	ctx.RegisterOp(FmaDef)
	rewrite.RegisterCanonicalization("toy.wait", func() rewrite.Pattern { return FoldImmediateWait })
	attachCostModels(ctx)
	bufferization.BufferizableOp.Attach(ScaleDef, scaleModel{})
}

// The operations' memory effects, attached through the core's
// MemoryEffectOpInterface: the copies read their source and write their
// destination, toy.wait reads and writes memory the copies it waits for
// touch.
func init() {
	ir.MemoryEffectsOp.Attach(CopyAsyncDef, ir.EffectsFunc(copyEffects))
	ir.MemoryEffectsOp.Attach(CopyDef, ir.EffectsFunc(copyEffects))
	ir.MemoryEffectsOp.Attach(ScaleBufferDef, ir.EffectsFunc(func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectRead, Value: op.Operand(0)}, {Kind: ir.EffectWrite, Value: op.Operand(0)}}
	}))
	ir.MemoryEffectsOp.Attach(WaitDef, ir.EffectsFunc(func(*ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectRead}, {Kind: ir.EffectWrite}}
	}))
}

// copyEffects reads operand 0 and writes operand 1.
func copyEffects(op *ir.Operation) []ir.MemoryEffect {
	return []ir.MemoryEffect{{Kind: ir.EffectRead, Value: op.Operand(0)}, {Kind: ir.EffectWrite, Value: op.Operand(1)}}
}

// tokenType returns !toy.token (kept as an opaque type of the dialect).
func tokenType(ctx *ir.Context) ir.Type { return ctx.OpaqueType("toy", "token") }

// CopyAsyncDef is `%t = toy.copy_async %src, %dst : memref<...>, memref<...>`.
var CopyAsyncDef = &ir.OpDef{
	Name:    "toy.copy_async",
	Summary: "start an asynchronous copy between memory spaces",
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return ir.OpError(op, "expects two operands and one result")
		}
		src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
		dst, ok2 := op.Operand(1).Type().(*ir.MemRefType)
		if !ok1 || !ok2 {
			return ir.OpError(op, "operands must be memrefs")
		}
		if src.Elem != dst.Elem {
			return ir.OpError(op, "source and destination element types differ")
		}
		if op.Result(0).Type() != tokenType(op.Context()) {
			return ir.OpError(op, "result must be !toy.token")
		}
		return nil
	},
	Print: printCopy,
	Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
		parseCopy(p, st)
		st.ResultTypes = []ir.Type{tokenType(p.Context())}
		return nil
	},
}

// WaitDef is `toy.wait %t0, %t1`.
var WaitDef = &ir.OpDef{
	Name:    "toy.wait",
	Summary: "wait for asynchronous copies to finish",
	Print: func(p ir.OpAsmPrinter, op *ir.Operation) {
		for i := 0; i < op.NumOperands(); i++ {
			if i == 0 {
				p.WriteString(" ")
			} else {
				p.WriteString(", ")
			}
			p.PrintOperand(op.Operand(i))
		}
		p.PrintOptionalAttrDict(attrs(op))
	},
	Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
		tok := tokenType(p.Context())
		for {
			u, ok := p.ParseOptionalOperand()
			if !ok {
				break
			}
			st.Operands = append(st.Operands, p.ResolveOperand(u, tok))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		st.Attributes = p.Context().DictionaryAttr(p.ParseOptionalAttrDict())
		return nil
	},
}

// CopyDef is the synchronous `toy.copy %src, %dst : memref<...>, memref<...>`.
var CopyDef = &ir.OpDef{
	Name:    "toy.copy",
	Summary: "copy between memory spaces and wait for the copy",
	Print:   printCopy,
	Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
		parseCopy(p, st)
		return nil
	},
}

// printCopy prints ` %src, %dst {attrs} : type, type`, the syntax shared by
// toy.copy_async and toy.copy.
func printCopy(p ir.OpAsmPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	p.PrintOperand(op.Operand(1))
	p.PrintOptionalAttrDict(attrs(op))
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(1).Type())
}

// parseCopy parses what printCopy prints into st.
func parseCopy(p ir.OpAsmParser, st *ir.OperationState) {
	src := p.ParseOperand()
	p.ParsePunct(",")
	dst := p.ParseOperand()
	st.Attributes = p.Context().DictionaryAttr(p.ParseOptionalAttrDict())
	p.ParsePunct(":")
	t1 := p.ParseType()
	p.ParsePunct(",")
	t2 := p.ParseType()
	st.Operands = []ir.Value{p.ResolveOperand(src, t1), p.ResolveOperand(dst, t2)}
}

func attrs(op *ir.Operation) []ir.NamedAttr {
	if d := op.Attrs(); d != nil {
		return d.Entries
	}
	return nil
}

// FoldImmediateWait rewrites a copy_async whose token only feeds a wait
// right after it into a synchronous toy.copy.
var FoldImmediateWait = &rewrite.Func{RootName: "toy.wait", BenefitValue: 1, PatternName: "toy-fold-immediate-wait",
	Fn: func(op *ir.Operation, r *rewrite.Rewriter) bool {
		if op.NumOperands() != 1 {
			return false
		}
		cp := ir.DefiningOp(op.Operand(0))
		if cp == nil || cp.Name() != "toy.copy_async" || cp.Next() != op || !ir.HasOneUse(cp.Result(0)) {
			return false
		}
		r.SetInsertionPoint(cp)
		r.Create(&ir.OperationState{Name: r.Ctx.OpName("toy.copy"), Loc: cp.Loc(), Operands: cp.Operands(), Attributes: cp.Attrs()})
		r.EraseOp(op)
		r.EraseOp(cp)
		return true
	}}

// RegisterPasses adds the toy passes to the pass registry.
func RegisterPasses() {
	pass.Register(pass.Registration{Argument: "toy-sync-copies", Summary: "Turn async copies that are awaited at once into synchronous copies", New: NewSyncCopies})
	pass.Register(pass.Registration{Argument: "toy-annotate-cost", Summary: "Annotate operations with their cycles on the toy accelerator", New: NewAnnotateCost})
}

// NewSyncCopies returns the toy-sync-copies pass, which applies
// FoldImmediateWait everywhere.
func NewSyncCopies() pass.Pass {
	return &pass.FuncPass{
		Info: pass.Info{Argument: "toy-sync-copies", Name: "ToySyncCopies", Summary: "Turn async copies that are awaited at once into synchronous copies"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			rewrite.ApplyPatternsGreedily(st.Context(), op, rewrite.NewPatternSet(FoldImmediateWait), rewrite.GreedyConfig{DisableFolding: true})
			return nil
		},
	}
}
