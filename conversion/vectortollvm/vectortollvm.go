// Package vectortollvm is convert-vector-to-llvm: vector.print of scalars
// and strings becomes calls of the runner utilities (printF32, printI64,
// printU64, printF16, printBF16, printString, printNewline, printComma,
// printOpen, printClose), as upstream lowers it. vector.print of a vector
// is left for convert-vector-to-scf, as upstream does.
package vectortollvm

import (
	"fmt"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/vector"
)

// lowering carries the state of one run.
type lowering struct {
	tc *rewrite.TypeConverter
}

func callProps(ctx *ir.Context, callee string, n int) *ir.DictionaryAttr {
	return ctx.DictionaryAttr([]ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(n), 0)},
	})
}

// call declares callee (void, with the types of args) on first use and
// calls it.
func call(r *rewrite.ConversionRewriter, op *ir.Operation, callee string, args []ir.Value) {
	ctx := r.Builder.Ctx
	var ts []ir.Type
	for _, a := range args {
		ts = append(ts, a.Type())
	}
	llvmcommon.DeclareFunc(r, op, callee, llvm.Func(ctx, llvm.Void(ctx), ts, false))
	r.Builder.Create(&ir.OperationState{Name: ctx.OpName("llvm.call"), Loc: op.Loc(), Operands: args,
		Properties: callProps(ctx, callee, len(args))})
}

func moduleOf(op *ir.Operation) *ir.Operation {
	m := op.ParentOp()
	for m != nil && !m.HasTrait(ir.SymbolTableTrait) {
		m = m.ParentOp()
	}
	return m
}

func lookup(body *ir.Block, name string) bool {
	for o := body.First(); o != nil; o = o.Next() {
		if s, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return true
		}
	}
	return false
}

// printString emits upstream's string print: a private constant global
// holding the NUL-terminated string and a call of printString with its
// address.
func (l *lowering) printString(r *rewrite.ConversionRewriter, op *ir.Operation, s string) bool {
	ctx := r.Builder.Ctx
	module := moduleOf(op)
	if module == nil {
		return false
	}
	body := module.Region(0).First()
	name := llvmcommon.UniqueSymbolName("vector_print_str", func(n string) bool { return lookup(body, n) })
	arrTy := llvmcommon.StringGlobal(ctx, body, op.Loc(), name, s)
	ptr := llvm.Ptr(ctx, 0)
	addr := llvmcommon.Create(r, "llvm.mlir.addressof", op.Loc(), nil, []ir.Type{ptr},
		[]ir.NamedAttr{{Name: "global_name", Value: ctx.SymbolRefAttr(name, nil)}}).Result(0)
	gep := llvmcommon.Create(r, "llvm.getelementptr", op.Loc(), []ir.Value{addr}, []ir.Type{ptr}, []ir.NamedAttr{
		{Name: "elem_type", Value: ctx.TypeAttr(arrTy)},
		{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.IntegerType(32, ir.Signless), 0)},
		{Name: "rawConstantIndices", Value: ctx.DenseI32Array(0)},
	}).Result(0)
	call(r, op, "printString", []ir.Value{gep})
	r.ReplaceOp(op, nil)
	return true
}

// printScalar emits the call that prints one scalar: floats of 32 and 64
// bits directly, f16 and bf16 as their bits, index as unsigned, integers
// of up to 64 bits extended to i64 (unsigned ones and i1 with zero
// extension) and printed signed, unsigned ones unsigned.
func printScalar(r *rewrite.ConversionRewriter, op *ir.Operation, t ir.Type, v ir.Value) bool {
	// t is the source's type, v the converted (signless) operand.
	ctx := r.Builder.Ctx
	loc := op.Loc()
	i64 := ctx.IntegerType(64, ir.Signless)
	// Created through the rewriter, so that a conversion where arith is
	// illegal (gpu-to-llvm) lowers the extension too.
	ext := func(name string) ir.Value {
		return r.Create(&ir.OperationState{Name: ctx.OpName(name), Loc: loc, Operands: []ir.Value{v},
			ResultTypes: []ir.Type{i64}}).Result(0)
	}
	switch x := t.(type) {
	case *ir.IndexType:
		call(r, op, "printU64", []ir.Value{v})
	case *ir.FloatType:
		switch x.Kind {
		case ir.F32:
			call(r, op, "printF32", []ir.Value{v})
		case ir.F64:
			call(r, op, "printF64", []ir.Value{v})
		case ir.F16, ir.BF16:
			i16 := ctx.IntegerType(16, ir.Signless)
			bits := llvmcommon.Create(r, "llvm.bitcast", loc, []ir.Value{v}, []ir.Type{i16}, nil).Result(0)
			if x.Kind == ir.F16 {
				call(r, op, "printF16", []ir.Value{bits})
			} else {
				call(r, op, "printBF16", []ir.Value{bits})
			}
		default:
			return false
		}
	case *ir.IntegerType:
		if x.Width > 64 {
			return false
		}
		if x.Signedness == ir.Unsigned {
			if x.Width < 64 {
				v = ext("arith.extui")
			}
			call(r, op, "printU64", []ir.Value{v})
			return true
		}
		switch {
		case x.Width == 1:
			v = ext("arith.extui")
		case x.Width < 64:
			v = ext("arith.extsi")
		}
		call(r, op, "printI64", []ir.Value{v})
	default:
		return false
	}
	return true
}

func (l *lowering) print(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
	p := vector.PrintOp{Operation: op}
	if s, ok := p.StringLiteral(); ok {
		return l.printString(r, op, s)
	}
	if len(operands) > 0 {
		t := op.Operand(0).Type()
		if _, isVec := t.(*ir.VectorType); isVec {
			return false
		}
		if !printScalar(r, op, t, operands[0]) {
			return false
		}
	}
	switch p.Punctuation() {
	case vector.PrintPunctuationNewline:
		call(r, op, "printNewline", nil)
	case vector.PrintPunctuationComma:
		call(r, op, "printComma", nil)
	case vector.PrintPunctuationOpen:
		call(r, op, "printOpen", nil)
	case vector.PrintPunctuationClose:
		call(r, op, "printClose", nil)
	}
	r.ReplaceOp(op, nil)
	return true
}

// Patterns returns the conversion patterns of convert-vector-to-llvm.
func (l *lowering) patterns() []rewrite.ConversionPattern {
	ps := []rewrite.ConversionPattern{
		&rewrite.ConversionFunc{RootName: "vector.print", BenefitValue: 1, PatternName: "vector.print-to-llvm", Fn: l.print},
		&rewrite.ConversionFunc{RootName: "vector.broadcast", BenefitValue: 1, PatternName: "vector.broadcast-to-llvm", Fn: l.broadcast},
		&rewrite.ConversionFunc{RootName: "vector.extract", BenefitValue: 1, PatternName: "vector.extract-to-llvm", Fn: l.extract},
		&rewrite.ConversionFunc{RootName: "vector.insert", BenefitValue: 1, PatternName: "vector.insert-to-llvm", Fn: l.insert},
		&rewrite.ConversionFunc{RootName: "vector.fma", BenefitValue: 1, PatternName: "vector.fma-to-llvm", Fn: l.fma},
		&rewrite.ConversionFunc{RootName: "vector.bitcast", BenefitValue: 1, PatternName: "vector.bitcast-to-llvm", Fn: l.bitcast},
		&rewrite.ConversionFunc{RootName: "vector.reduction", BenefitValue: 1, PatternName: "vector.reduction-to-llvm", Fn: l.reduction},
		&rewrite.ConversionFunc{RootName: "vector.mask", BenefitValue: 1, PatternName: "vector.mask-reduction-to-llvm", Fn: l.maskedReduction},
		&rewrite.ConversionFunc{RootName: "vector.load", BenefitValue: 1, PatternName: "vector.load-to-llvm", Fn: l.loadStore},
		&rewrite.ConversionFunc{RootName: "vector.store", BenefitValue: 1, PatternName: "vector.store-to-llvm", Fn: l.loadStore},
		&rewrite.ConversionFunc{RootName: "vector.shape_cast", BenefitValue: 1, PatternName: "vector.shape_cast-to-llvm", Fn: l.shapeCast},
		&rewrite.ConversionFunc{RootName: "vector.maskedload", BenefitValue: 1, PatternName: "vector.maskedload-to-llvm", Fn: l.maskedLoadStore},
		&rewrite.ConversionFunc{RootName: "vector.maskedstore", BenefitValue: 1, PatternName: "vector.maskedstore-to-llvm", Fn: l.maskedLoadStore},
		&rewrite.ConversionFunc{RootName: "vector.gather", BenefitValue: 1, PatternName: "vector.gather-to-llvm", Fn: l.gatherScatter},
		&rewrite.ConversionFunc{RootName: "vector.scatter", BenefitValue: 1, PatternName: "vector.scatter-to-llvm", Fn: l.gatherScatter},
		&rewrite.ConversionFunc{RootName: "vector.type_cast", BenefitValue: 1, PatternName: "vector.type_cast-to-llvm", Fn: l.typeCast},
		&rewrite.ConversionFunc{RootName: "vector.shuffle", BenefitValue: 1, PatternName: "vector.shuffle-to-llvm", Fn: l.shuffle},
	}
	// A vector too large to lower stays (and fails to legalize where
	// it is illegal) in the passes that take these patterns.
	for _, p := range ps {
		f := p.(*rewrite.ConversionFunc)
		fn := f.Fn
		f.Fn = func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			return oversized(op) == nil && fn(op, operands, r)
		}
	}
	return ps
}

// Run converts the vector operations nested in op; those without a
// lowering stay.
func Run(ctx *ir.Context, op *ir.Operation) error {
	if err := checkSizes(op); err != nil {
		return err
	}
	// The greedy run before the conversion (transfers of rank 1 to loads
	// and stores, masks), which also folds and hoists constants.
	rewrite.ApplyPatternsGreedily(ctx, op, rewrite.NewPatternSet(prePatterns()...), rewrite.GreedyConfig{})
	l := &lowering{tc: llvmcommon.NewTypeConverter(ctx)}
	// Integers become signless, as upstream's LLVMTypeConverter does.
	l.tc.AddConversion(func(t ir.Type) ir.Type {
		if x, ok := t.(*ir.IntegerType); ok && x.Signedness != ir.Signless {
			return ctx.IntegerType(x.Width, ir.Signless)
		}
		return nil
	})
	l.tc.AddConversion(func(t ir.Type) ir.Type {
		if v, ok := t.(*ir.VectorType); ok {
			return convertVector(ctx, l.tc, v)
		}
		return nil
	})
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddDynamicallyLegalOp("vector.print", func(o *ir.Operation) bool {
		if o.NumOperands() == 0 {
			return false
		}
		_, isVec := o.Operand(0).Type().(*ir.VectorType)
		return isVec
	})
	l.illegal(target)
	return llvmcommon.Apply(ctx, op, target, l.patterns(), l.tc)
}

// maxElements bounds the elements of a vector the lowering takes on: its
// shuffles and splats hold a mask or a constant element per lane.
const maxElements = 1 << 24

// checkSizes reports the first vector operation in op whose vector
// operands or results have more than maxElements elements.
func checkSizes(op *ir.Operation) error {
	var err error
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.OpName().DialectNamespace() == "vector" {
			if t := oversized(o); t != nil {
				err = ir.OpError(o, fmt.Sprintf("vector type '%s' has more than %d elements, too many to lower to LLVM", asm.TypeString(t), maxElements))
			}
		}
		return err == nil
	})
	return err
}

// oversized returns the first vector type of o's operands and results with
// more than maxElements elements, or nil.
func oversized(o *ir.Operation) ir.Type {
	big := func(t ir.Type) bool {
		v, ok := t.(*ir.VectorType)
		if !ok {
			return false
		}
		n := int64(1)
		for _, d := range v.Shape {
			if d > maxElements || n*d > maxElements {
				return true
			}
			n *= d
		}
		return false
	}
	for _, v := range o.Operands() {
		if big(v.Type()) {
			return v.Type()
		}
	}
	for _, t := range o.ResultTypes() {
		if big(t) {
			return t
		}
	}
	return nil
}

// illegal marks the operations the patterns lower illegal in target;
// those they decline stay legal.
func (l *lowering) illegal(target *rewrite.ConversionTarget) {
	for _, name := range []string{"vector.broadcast", "vector.extract", "vector.insert", "vector.fma", "vector.reduction",
		"vector.load", "vector.store", "vector.shape_cast", "vector.shuffle", "vector.bitcast"} {
		target.AddDynamicallyLegalOp(name, func(o *ir.Operation) bool { return !l.lowerable(o) })
	}
	target.AddDynamicallyLegalOp("vector.maskedload", func(o *ir.Operation) bool { return !maskedLowerable(o) })
	target.AddDynamicallyLegalOp("vector.maskedstore", func(o *ir.Operation) bool { return !maskedLowerable(o) })
	target.AddDynamicallyLegalOp("vector.gather", func(o *ir.Operation) bool { return !gatherScatterLowerable(o) })
	target.AddDynamicallyLegalOp("vector.scatter", func(o *ir.Operation) bool { return !gatherScatterLowerable(o) })
	target.AddDynamicallyLegalOp("vector.type_cast", func(o *ir.Operation) bool { return !typeCastLowerable(o) })
	target.AddDynamicallyLegalOp("vector.mask", func(o *ir.Operation) bool { return !l.maskedReductionLowerable(o) })
}

// PrintLowerable reports whether the patterns lower a vector.print: a
// string, a punctuation alone, or a scalar (a vector must first go
// through convert-vector-to-scf, as upstream's).
func PrintLowerable(op *ir.Operation) bool {
	p, ok := vector.AsPrintOp(op)
	if !ok {
		return false
	}
	if _, isString := p.StringLiteral(); isString || op.NumOperands() == 0 {
		return true
	}
	_, isVec := op.Operand(0).Type().(*ir.VectorType)
	return !isVec
}

// Patterns returns the conversion patterns of convert-vector-to-llvm for
// another lowering to llvm that runs them in its own conversion with type
// converter tc (convert-gpu-to-rocdl, as upstream's does), and marks the
// operations they lower illegal in target (vector.print of scalars
// excepted).
func Patterns(target *rewrite.ConversionTarget, tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	l := &lowering{tc: tc}
	l.illegal(target)
	return l.patterns()
}
