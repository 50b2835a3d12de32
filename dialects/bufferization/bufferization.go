// Package bufferization defines the operations of MLIR's bufferization
// dialect: the casts between tensors and buffers (to_tensor, to_buffer),
// tensor allocation and release (alloc_tensor, dealloc_tensor), copies
// into a destination (materialize_in_destination) and the buffer
// operations clone and dealloc. The operations are declared in
// bufferization.irdl; this file adds upstream's verifiers, the memory
// effects of materialize_in_destination and the syntax of dealloc.
package bufferization

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o bufferization_gen.go bufferization.irdl

import (
	_ "embed"
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tensor"
)

//go:embed bufferization.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/bufferization/bufferization.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the bufferization dialect to ctx. The definitions are
// embedded and checked by the package's tests, so a failure to load them
// is a bug in this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("bufferization: loading bufferization.irdl: " + err.Error())
	}
	registerHooks(ctx)
	if on := ctx.LookupOpName("bufferization.materialize_in_destination"); on != nil {
		ir.MemoryEffectsOp.Attach(on.Def, ir.EffectsFunc(materializeEffects))
	}
	if on := ctx.LookupOpName(AllocTensorOpName); on != nil {
		ir.ReifyRankedShapedTypeOp.Attach(on.Def, allocTensorShape{})
	}
	if d := ctx.Dialect("bufferization"); d != nil {
		d.Inlinable = true
	}
}

// allocTensorShape is the ReifyRankedShapedTypeOpInterface model of
// bufferization.alloc_tensor: a dynamic size is the tensor.dim of the
// tensor it copies, or else its size operand.
type allocTensorShape struct{}

// ReifyResultShapes implements ir.ReifyRankedShapedTypeOpInterface.
func (allocTensorShape) ReifyResultShapes(b *ir.Builder, op *ir.Operation) ([][]ir.OpFoldResult, bool) {
	at, ok := AsAllocTensorOp(op)
	rt, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 {
		return nil, false
	}
	dyn := at.DynamicSizes()
	sizes := make([]ir.OpFoldResult, len(rt.Shape))
	k := 0
	for i, d := range rt.Shape {
		switch {
		case d != ir.Dynamic:
			sizes[i] = ir.IndexConst(d)
		case at.Copy() != nil:
			idx := b.Ctx.IndexType()
			c := arith.BuildConstant(b, op.Loc(), b.Ctx.IntegerAttr(idx, int64(i)), idx).Result()
			sizes[i] = ir.OpFoldResult{Value: tensor.BuildDim(b, op.Loc(), at.Copy(), c).Result()}
		case k < len(dyn):
			sizes[i] = ir.OpFoldResult{Value: dyn[k]}
			k++
		default:
			return nil, false
		}
	}
	return [][]ir.OpFoldResult{sizes}, true
}

func shapeOf(t ir.Type) ([]int64, bool) {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ShapeDims()
	}
	return nil, false
}

func isMemRef(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

func verifyToTensor(op *ir.Operation) error {
	return verifyTensorBuffer(op, op.Result(0).Type(), op.Operand(0).Type())
}

func verifyToBuffer(op *ir.Operation) error {
	return verifyTensorBuffer(op, op.Operand(0).Type(), op.Result(0).Type())
}

func verifyAllocTensor(op *ir.Operation) error {
	a, _ := AsAllocTensorOp(op)
	copied := a.Copy() != nil
	if copied && len(a.DynamicSizes()) > 0 {
		return ir.EmitError(op, "dynamic sizes not needed when copying a tensor")
	}
	shape, _ := shapeOf(op.Result(0).Type())
	want := 0
	for _, d := range shape {
		if d == ir.Dynamic {
			want++
		}
	}
	if !copied && len(a.DynamicSizes()) != want {
		return ir.OpError(op, fmt.Sprintf("incorrect number of dynamic sizes, has %d, expected %d", len(a.DynamicSizes()), want))
	}
	if copied && a.Copy().Type() != op.Result(0).Type() {
		return ir.EmitError(op, "expected that `copy` and return type match")
	}
	return nil
}

// verifyTensorBuffer checks that a buffer of type buffer may hold a value
// of type tensor.
func verifyTensorBuffer(op *ir.Operation, tensor, buffer ir.Type) error {
	if !compatibleBufferType(tensor, buffer) {
		return ir.OpError(op, "failed to verify that specified tensor and buffer types match")
	}
	return nil
}

func verifyMaterialize(op *ir.Operation) error {
	m, _ := AsMaterializeInDestinationOp(op)
	dest := m.Dest().Type()
	if _, isTensor := dest.(interface{ ElementType() ir.Type }); !isTensor && !isMemRef(dest) {
		return ir.OpError(op, "'dest' must be a tensor or a memref")
	}
	memref := isMemRef(dest)
	if !memref {
		if op.NumResults() != 1 {
			return ir.OpError(op, "tensor 'dest' implies exactly one tensor result")
		}
		if dest != op.Result(0).Type() {
			return ir.OpError(op, "result and 'dest' types must match")
		}
	}
	if memref && op.NumResults() != 0 {
		return ir.OpError(op, "memref 'dest' implies zero results")
	}
	if m.Restrict() && !memref {
		return ir.OpError(op, "'restrict' is valid only for memref destinations")
	}
	if m.Writable() != memref {
		return ir.OpError(op, "'writable' must be specified if and only if the destination is of memref type")
	}
	ss, sr := shapeOf(m.Source().Type())
	ds, dr := shapeOf(dest)
	if sr != dr {
		return ir.OpError(op, "source/destination shapes are incompatible")
	}
	if sr {
		if len(ss) != len(ds) {
			return ir.OpError(op, "rank mismatch between source and destination shape")
		}
		for i := range ss {
			if ss[i] != ir.Dynamic && ds[i] != ir.Dynamic && ss[i] != ds[i] {
				return ir.OpError(op, "source/destination shapes are incompatible")
			}
		}
	}
	return nil
}

// materializeEffects writes the destination when it is a buffer; with a
// tensor destination the operation has no effects.
func materializeEffects(op *ir.Operation) []ir.MemoryEffect {
	if isMemRef(op.Operand(1).Type()) {
		return []ir.MemoryEffect{{Kind: ir.EffectWrite, Value: op.Operand(1)}}
	}
	return nil
}

func verifyDealloc(op *ir.Operation) error {
	d, _ := AsDeallocOp(op)
	if len(d.Memrefs()) != len(d.Conditions()) {
		return ir.OpError(op, "must have the same number of conditions as memrefs to deallocate")
	}
	if len(d.Retained()) != op.NumResults() {
		return ir.OpError(op, "must have the same number of updated conditions (results) as retained operands")
	}
	return nil
}

// printDealloc prints `(%m : T) if (%c) retain (%r : T) {attrs}`.
func printDealloc(p ir.OpAsmPrinter, op *ir.Operation) {
	d, _ := AsDeallocOp(op)
	if ms := d.Memrefs(); len(ms) > 0 {
		p.WriteString(" (")
		ir.PrintOperandList(p, ms)
		p.WriteString(" : ")
		ir.PrintTypeList(p, typesOf(ms))
		p.WriteString(") if (")
		ir.PrintOperandList(p, d.Conditions())
		p.WriteString(")")
	}
	if rs := d.Retained(); len(rs) > 0 {
		p.WriteString(" retain (")
		ir.PrintOperandList(p, rs)
		p.WriteString(" : ")
		ir.PrintTypeList(p, typesOf(rs))
		p.WriteString(")")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "operandSegmentSizes")
}

func typesOf(vs []ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// parseOperandsWithTypes parses `%a, %b : T1, T2` and resolves the
// operands.
func parseOperandsWithTypes(p ir.OpAsmParser) ([]ir.Value, error) {
	pos := p.CurrentPos()
	uses := []ir.UnresolvedOperand{p.ParseOperand()}
	for p.ParseOptionalPunct(",") {
		uses = append(uses, p.ParseOperand())
	}
	p.ParsePunct(":")
	types := []ir.Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		types = append(types, p.ParseType())
	}
	if len(types) != len(uses) {
		return nil, p.ErrorAt(pos, fmt.Sprintf("custom op 'bufferization.dealloc' %d operands present, but expected %d", len(uses), len(types)))
	}
	vals := make([]ir.Value, len(uses))
	for i, u := range uses {
		vals[i] = p.ResolveOperand(u, types[i])
	}
	return vals, nil
}

func parseDealloc(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var memrefs, conds, retained []ir.Value
	if p.ParseOptionalPunct("(") {
		var err error
		if memrefs, err = parseOperandsWithTypes(p); err != nil {
			return err
		}
		p.ParsePunct(")")
		if !p.ParseOptionalKeyword("if") {
			return p.Errorf("expected 'if'")
		}
		p.ParsePunct("(")
		if u, ok := p.ParseOptionalOperand(); ok {
			uses := []ir.UnresolvedOperand{u}
			for p.ParseOptionalPunct(",") {
				uses = append(uses, p.ParseOperand())
			}
			for _, u := range uses {
				conds = append(conds, p.ResolveOperand(u, ctx.I(1)))
			}
		}
		p.ParsePunct(")")
	}
	if p.ParseOptionalKeyword("retain") {
		p.ParsePunct("(")
		var err error
		if retained, err = parseOperandsWithTypes(p); err != nil {
			return err
		}
		p.ParsePunct(")")
	}
	attrs := p.ParseOptionalAttrDict()
	st.Operands = append(append(append(st.Operands, memrefs...), conds...), retained...)
	props := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(memrefs)), int32(len(conds)), int32(len(retained)))}}
	st.Properties = ctx.DictionaryAttr(props)
	for range retained {
		st.ResultTypes = append(st.ResultTypes, ctx.I(1))
	}
	if len(attrs) > 0 {
		st.Attributes = ctx.DictionaryAttr(attrs)
	}
	return nil
}
