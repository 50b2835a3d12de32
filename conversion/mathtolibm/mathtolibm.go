// Package mathtolibm is convert-math-to-libm: math operations on f32 and
// f64 become calls of the C library's functions (math.erf on f32 calls
// erff, on f64 erf), declared once per module as private func.func
// declarations marked llvm.readnone. Operations on vectors are first
// unrolled into one scalar operation per element (extracted with
// vector.extract and inserted back with vector.insert), and operations on
// f16 and bf16 are computed in f32 (arith.extf, the f32 operation,
// arith.truncf), as upstream's VecOpToScalarOp and PromoteOpToF32 do.
//
// The math dialect is illegal: a math operation without a C library
// function (math.copysign, math.ctlz, ...) or of another type makes the
// pass fail, as upstream's partial conversion does. Run
// convert-math-to-llvm first to keep those that LLVM has intrinsics for.
package mathtolibm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	function "github.com/strata-ir/strata/dialects/func"
)

// Function names the C library functions of a math operation for f32 and
// f64 operands.
type Function struct {
	// Op is the math operation ("math.erf").
	Op string
	// F32 and F64 are the C functions for float and double ("erff",
	// "erf").
	F32, F64 string
	// Operands is the number of operands (and of function parameters).
	Operands int
}

// Functions are the operations convert-math-to-libm lowers, with their C
// library functions, in upstream's order.
var Functions = []Function{
	{"math.absf", "fabsf", "fabs", 1},
	{"math.acos", "acosf", "acos", 1},
	{"math.acosh", "acoshf", "acosh", 1},
	{"math.asin", "asinf", "asin", 1},
	{"math.asinh", "asinhf", "asinh", 1},
	{"math.atan2", "atan2f", "atan2", 2},
	{"math.atan", "atanf", "atan", 1},
	{"math.atanh", "atanhf", "atanh", 1},
	{"math.cbrt", "cbrtf", "cbrt", 1},
	{"math.ceil", "ceilf", "ceil", 1},
	{"math.cos", "cosf", "cos", 1},
	{"math.cosh", "coshf", "cosh", 1},
	{"math.erf", "erff", "erf", 1},
	{"math.erfc", "erfcf", "erfc", 1},
	{"math.exp", "expf", "exp", 1},
	{"math.exp2", "exp2f", "exp2", 1},
	{"math.expm1", "expm1f", "expm1", 1},
	{"math.floor", "floorf", "floor", 1},
	{"math.fma", "fmaf", "fma", 3},
	{"math.log", "logf", "log", 1},
	{"math.log2", "log2f", "log2", 1},
	{"math.log10", "log10f", "log10", 1},
	{"math.log1p", "log1pf", "log1p", 1},
	{"math.powf", "powf", "pow", 2},
	{"math.roundeven", "roundevenf", "roundeven", 1},
	{"math.round", "roundf", "round", 1},
	{"math.sin", "sinf", "sin", 1},
	{"math.sinh", "sinhf", "sinh", 1},
	{"math.sqrt", "sqrtf", "sqrt", 1},
	{"math.rsqrt", "rsqrtf", "rsqrt", 1},
	{"math.tan", "tanf", "tan", 1},
	{"math.tanh", "tanhf", "tanh", 1},
	{"math.trunc", "truncf", "trunc", 1},
}

// ReadnoneAttr is the unit attribute that marks the declarations as not
// accessing memory (LLVM's readnone); convert-func-to-llvm turns it into
// the llvm.func's memory_effects.
const ReadnoneAttr = "llvm.readnone"

// Patterns returns the conversion patterns of convert-math-to-libm: for
// each operation of Functions, one pattern that unrolls vectors, promotes
// f16 and bf16 to f32, or calls the C function on f32 and f64.
func Patterns() []rewrite.ConversionPattern {
	ps := make([]rewrite.ConversionPattern, 0, len(Functions))
	for _, fn := range Functions {
		fn := fn
		ps = append(ps, &rewrite.ConversionFunc{RootName: fn.Op, BenefitValue: 1, PatternName: fn.Op + "-to-libm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				if op.NumResults() != 1 || op.NumOperands() != fn.Operands {
					return false
				}
				switch t := op.Result(0).Type().(type) {
				case *ir.VectorType:
					return scalarize(op, t, r)
				case *ir.FloatType:
					switch t.Kind {
					case ir.F16, ir.BF16:
						return promote(op, r)
					case ir.F32:
						return call(op, fn.F32, r)
					case ir.F64:
						return call(op, fn.F64, r)
					}
				}
				return false
			}})
	}
	return ps
}

// Run converts the math operations nested in op (a module) to calls of
// the C library. A math operation that stays is an error, reported at
// the operation, and op is left as it was.
func Run(ctx *ir.Context, op *ir.Operation) error {
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("arith", "builtin", "func", "vector")
	target.AddIllegalDialect("math")
	return rewrite.ApplyConversion(ctx, op, target, Patterns(), rewrite.ConversionConfig{})
}

// create builds an operation at the rewriter's insertion point, so that
// the conversion driver legalizes it in turn.
func create(r *rewrite.ConversionRewriter, name string, loc ir.Location, operands []ir.Value, result ir.Type, props []ir.NamedAttr) *ir.Operation {
	ctx := r.Builder.Ctx
	st := &ir.OperationState{Name: ctx.OpName(name), Loc: loc, Operands: operands, ResultTypes: []ir.Type{result}}
	if len(props) > 0 {
		st.Properties = ctx.DictionaryAttr(props)
	}
	return r.Create(st)
}

// scalarize replaces an operation on vectors by one operation per
// element, in row-major order, inserted into a zero vector
// (VecOpToScalarOp). Scalable dimensions count their minimum size, as
// upstream does.
func scalarize(op *ir.Operation, vt *ir.VectorType, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	elem, ok := vt.Elem.(*ir.FloatType)
	if !ok || !llvmcommon.Unrollable(vt) {
		return false
	}
	n := int64(1)
	for _, d := range vt.Shape {
		if d < 0 {
			return false
		}
		n *= d
	}
	loc := op.Loc()
	zero := make([]byte, (elem.Width()+7)/8)
	result := create(r, "arith.constant", loc, nil, vt,
		[]ir.NamedAttr{{Name: "value", Value: ctx.DenseElementsAttr(vt, true, zero)}}).Result(0)
	pos := make([]int64, len(vt.Shape))
	for i := int64(0); i < n; i++ {
		// Row-major position of element i.
		rest := i
		for d := len(vt.Shape) - 1; d >= 0; d-- {
			pos[d] = rest % vt.Shape[d]
			rest /= vt.Shape[d]
		}
		position := []ir.NamedAttr{{Name: "static_position", Value: ctx.DenseI64Array(pos...)}}
		operands := make([]ir.Value, op.NumOperands())
		for j := range operands {
			operands[j] = create(r, "vector.extract", loc, []ir.Value{op.Operand(j)}, elem, position).Result(0)
		}
		scalar := create(r, op.Name(), loc, operands, elem, nil).Result(0)
		result = create(r, "vector.insert", loc, []ir.Value{scalar, result}, vt, position).Result(0)
	}
	r.ReplaceOp(op, []ir.Value{result})
	return true
}

// promote computes an f16 or bf16 operation in f32 (PromoteOpToF32).
func promote(op *ir.Operation, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	f32 := ctx.FloatType(ir.F32)
	loc := op.Loc()
	operands := make([]ir.Value, op.NumOperands())
	for i := range operands {
		operands[i] = create(r, "arith.extf", loc, []ir.Value{op.Operand(i)}, f32, nil).Result(0)
	}
	wide := create(r, op.Name(), loc, operands, f32, nil).Result(0)
	narrow := create(r, "arith.truncf", loc, []ir.Value{wide}, op.Result(0).Type(), nil).Result(0)
	r.ReplaceOp(op, []ir.Value{narrow})
	return true
}

// call replaces a scalar operation by a func.call of the C function name,
// declaring it at the start of the nearest symbol table when no symbol of
// that name exists there (ScalarOpToLibmCall). An existing symbol of that
// name must be a func.func of the operation's type.
func call(op *ir.Operation, name string, r *rewrite.ConversionRewriter) bool {
	ctx := r.Builder.Ctx
	table := op.ParentOp()
	for table != nil && !table.HasTrait(ir.SymbolTableTrait) {
		if potentiallyUnknownSymbolTable(table) {
			// A call inside it could not see a declaration placed
			// further out (getNearestSymbolTable finds no table).
			return false
		}
		table = table.ParentOp()
	}
	if table == nil || table.NumRegions() == 0 || table.Region(0).First() == nil {
		return false
	}
	ft := ctx.FunctionType(op.OperandTypes(), op.ResultTypes())
	body := table.Region(0).First()
	if existing := lookup(body, name); existing != nil {
		if fn, ok := function.AsFuncOp(existing); !ok || fn.FunctionType() != ft {
			return false
		}
	} else {
		r.SetInsertionPointToStart(body)
		decl := function.BuildFunc(r.Builder, ctx.UnknownLoc(), name, ft, function.FuncOptions{Visibility: "private"})
		decl.SetAttr(ReadnoneAttr, ctx.Unit())
		r.SetInsertionPoint(op)
	}
	c := function.BuildCall(r.Builder, op.Loc(), append([]ir.Value(nil), op.Operands()...), name, op.ResultTypes())
	r.ReplaceOp(op, c.Results())
	return true
}

// potentiallyUnknownSymbolTable is MLIR's isPotentiallyUnknownSymbolTable:
// an unregistered operation with one region might be a symbol table.
func potentiallyUnknownSymbolTable(op *ir.Operation) bool {
	return op.NumRegions() == 1 && op.OpName().Dialect == nil
}

// lookup returns the operation of block whose symbol is name, or nil.
func lookup(block *ir.Block, name string) *ir.Operation {
	for o := block.First(); o != nil; o = o.Next() {
		if s, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return o
		}
	}
	return nil
}
