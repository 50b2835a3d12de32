// Package tensor defines MLIR's tensor dialect: operations that create,
// slice, reshape and query values of tensor type. The operations are
// declared in tensor.irdl and loaded when the dialect is registered; this
// package adds what the declarations cannot say: the mixed static/dynamic
// index lists, the syntax of tensor.from_elements, upstream's verifiers,
// folders and canonicalization patterns, and the destination-style
// interface of tensor.insert and tensor.insert_slice.
package tensor

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o tensor_gen.go tensor.irdl

import (
	_ "embed"
	"strconv"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/shapeddim"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

//go:embed tensor.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/tensor/tensor.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the tensor dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	viewlike.Register()
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("tensor: loading tensor.irdl: " + err.Error())
	}
	registerHooks(ctx)
	deferTerminatorChecks(ctx)
	attachFolders(ctx)
	for _, name := range []string{"tensor.insert", "tensor.insert_slice"} {
		if on := ctx.LookupOpName(name); on != nil {
			ir.DestinationStyleOp.Attach(on.Def, ir.DPSInitsFunc(dpsDest))
		}
	}
	if on := ctx.LookupOpName(EmptyOpName); on != nil {
		ir.ReifyRankedShapedTypeOp.Attach(on.Def, emptyShape{})
	}
	if on := ctx.LookupOpName(ExtractSliceOpName); on != nil {
		ir.ReifyRankedShapedTypeOp.Attach(on.Def, extractSliceShape{})
	}
	if on := ctx.LookupOpName(CastOpName); on != nil {
		ir.CastOp.Attach(on.Def, ir.CastCompatibleFunc(castsTensor))
	}
	if on := ctx.LookupOpName(BitcastOpName); on != nil {
		ir.CastOp.Attach(on.Def, ir.CastCompatibleFunc(bitcastsTensor))
	}
	if d := ctx.Dialect("tensor"); d != nil {
		d.Inlinable = true
	}
}

// emptyShape is the ReifyRankedShapedTypeOpInterface model of
// tensor.empty: its dynamic sizes are its operands.
type emptyShape struct{}

// ReifyResultShapes implements ir.ReifyRankedShapedTypeOpInterface.
func (emptyShape) ReifyResultShapes(_ *ir.Builder, op *ir.Operation) ([][]ir.OpFoldResult, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	sizes := make([]ir.OpFoldResult, len(rt.Shape))
	k := 0
	for i, d := range rt.Shape {
		if d != Dynamic {
			sizes[i] = ir.IndexConst(d)
			continue
		}
		if k >= op.NumOperands() {
			return nil, false
		}
		sizes[i] = ir.OpFoldResult{Value: op.Operand(k)}
		k++
	}
	return [][]ir.OpFoldResult{sizes}, true
}

// extractSliceShape is the ReifyRankedShapedTypeOpInterface model of
// tensor.extract_slice: its sizes are those it slices, static or
// operands. A rank-reducing slice, whose result drops unit sizes, states
// none.
type extractSliceShape struct{}

// ReifyResultShapes implements ir.ReifyRankedShapedTypeOpInterface.
func (extractSliceShape) ReifyResultShapes(_ *ir.Builder, op *ir.Operation) ([][]ir.OpFoldResult, bool) {
	x, ok := AsExtractSliceOp(op)
	if !ok {
		return nil, false
	}
	rt, ok := x.Result().Type().(*ir.RankedTensorType)
	static := denseI64(x.StaticSizes())
	if !ok || len(static) != len(rt.Shape) {
		return nil, false
	}
	dyn := x.Sizes()
	sizes := make([]ir.OpFoldResult, len(static))
	k := 0
	for i, d := range static {
		if d != Dynamic {
			sizes[i] = ir.IndexConst(d)
			continue
		}
		if k >= len(dyn) {
			return nil, false
		}
		sizes[i] = ir.OpFoldResult{Value: dyn[k]}
		k++
	}
	return [][]ir.OpFoldResult{sizes}, true
}

// dpsDest is the destination of tensor.insert and tensor.insert_slice:
// their operand #1.
func dpsDest(*ir.Operation) (first, n int) { return 1, 1 }

// Dynamic is MLIR's ShapedType::kDynamic.
const Dynamic = ir.Dynamic

// denseI64 returns the elements of an array<i64: ...> attribute, or nil.
func denseI64(a ir.Attribute) []int64 { return viewlike.I64s(a) }

// printFromElements prints `%a, %b : tensor<2xf32>`.
func printFromElements(p ir.OpAsmPrinter, op *ir.Operation) {
	// ODS spaces the operand list even when it is empty.
	p.WriteString(" ")
	ir.PrintOperandList(p, op.Operands())
	p.PrintOptionalAttrDict(op.AllAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// parseFromElements parses `%a, %b {attrs} : tensor<2xf32>`; the type of
// each element is the element type of the result, whose number of
// elements must be the number of operands.
func parseFromElements(p ir.OpAsmParser, st *ir.OperationState) error {
	var uses []ir.UnresolvedOperand
	usesPos := p.CurrentPos()
	if u, ok := p.ParseOptionalOperand(); ok {
		uses = append(uses, u)
		for p.ParseOptionalPunct(",") {
			uses = append(uses, p.ParseOperand())
		}
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	rt, err := parseRankedTensorType(p)
	if err != nil {
		return err
	}
	if n := ir.NumElements(rt.Shape); n >= 0 && n != int64(len(uses)) {
		return p.ErrorAt(usesPos, "number of operands and types do not match: got "+
			strconv.Itoa(len(uses))+" operands and "+strconv.FormatInt(n, 10)+" types")
	}
	for _, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, rt.Elem))
	}
	st.ResultTypes = append(st.ResultTypes, rt)
	if len(attrs) > 0 {
		st.Attributes = p.Context().DictionaryAttr(attrs)
	}
	return nil
}

// parseRankedTensorType parses a type that must be a ranked tensor, with
// the message of ODS's parsers for other types.
func parseRankedTensorType(p ir.OpAsmParser) (*ir.RankedTensorType, error) {
	pos := p.CurrentPos()
	t := p.ParseType()
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, p.ErrorAt(pos, "invalid kind of type specified: expected builtin.tensor, but found '"+asm.TypeString(t)+"'")
	}
	return rt, nil
}

// parseSplat parses `%v [%d0, %d1] {attrs} : tensor<?x4x?xf32>`: the
// input has the element type of the result and the sizes are indices.
func parseSplat(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	input := p.ParseOperand()
	var sizes []ir.UnresolvedOperand
	if p.ParseOptionalPunct("[") {
		sizes = append(sizes, p.ParseOperand())
		for p.ParseOptionalPunct(",") {
			sizes = append(sizes, p.ParseOperand())
		}
		p.ParsePunct("]")
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	rt, err := parseRankedTensorType(p)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, p.ResolveOperand(input, rt.Elem))
	for _, u := range sizes {
		st.Operands = append(st.Operands, p.ResolveOperand(u, ctx.IndexType()))
	}
	st.ResultTypes = append(st.ResultTypes, rt)
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	return nil
}

// dimInterfaces makes dim a ShapedDimOpInterface: the dimension Index of
// Source.
func dimInterfaces(d *ir.OpDef) {
	ir.ShapedDimOp.Attach(d, shapedDim{})
	shapeddim.Attach(d)
}

// shapedDim is the ShapedDimOpInterface model of dim.
type shapedDim struct{}

// ShapedValue returns the operand whose dimension op returns.
func (shapedDim) ShapedValue(op *ir.Operation) ir.Value { return DimOp{op}.Source() }

// Dimension returns the index of the dimension.
func (shapedDim) Dimension(op *ir.Operation) ir.Value { return DimOp{op}.Index() }

// parallelInsertSliceInterfaces makes parallel_insert_slice a
// ParallelCombiningOpInterface that updates its destination.
func parallelInsertSliceInterfaces(d *ir.OpDef) {
	ir.ParallelCombiningOp.Attach(d, parallelCombining{})
}

// parallelCombining is the ParallelCombiningOpInterface model of
// parallel_insert_slice.
type parallelCombining struct{}

// UpdatedDestinations returns the destination operand.
func (parallelCombining) UpdatedDestinations(op *ir.Operation) []ir.Value {
	return []ir.Value{ParallelInsertSliceOp{op}.Dest()}
}
