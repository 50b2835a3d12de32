package gpu

import (
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// MMAElementwiseOps are the operations of gpu.subgroup_mma_elementwise
// (#gpu<mma_element_wise ...>).
var MMAElementwiseOps = []string{"addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs", "divu", "negatef", "negates", "extf"}

func parseMMAElementwise(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	return parseEnum(p, args, "mma_element_wise", "the elementwise operation", MMAElementwiseOps)
}

func printMMAElementwise(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	v, ok := enumValue(args[0].Attr, "mma_element_wise")
	if !ok {
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(" " + v)
}

// MMAElementwiseAttr returns the attribute #gpu<mma_element_wise kind>
// of gpu.subgroup_mma_elementwise ("addf", "negatef", ...).
func MMAElementwiseAttr(ctx *ir.Context, kind string) (ir.Attribute, error) {
	return enumAttr(ctx, "mma_element_wise", kind)
}

// MMAElementwiseKind returns the operation of a gpu.subgroup_mma_elementwise.
func MMAElementwiseKind(op SubgroupMmaElementwiseOp) (string, bool) {
	return enumValue(op.OpType(), "mma_element_wise")
}

// verifyMMAMatrixType is upstream's MMAMatrixType::verifyInvariants,
// checked when the type is parsed.
func verifyMMAMatrixType(t MmaMatrixType) string {
	switch t.Operand() {
	case "AOp", "BOp", "COp":
	default:
		return "operand expected to be one of AOp, BOp or COp"
	}
	if len(t.Shape()) != 2 {
		return "MMAMatrixType must have exactly two dimensions"
	}
	ok := false
	switch e := t.ElementType().(type) {
	case *ir.FloatType:
		ok = e.Kind == ir.F16 || e.Kind == ir.F32 || e.Kind == ir.F64
	case *ir.IntegerType:
		ok = e.Width == 8 && e.Signedness != ir.Signless || e.Width == 32 && e.Signedness == ir.Signless
	}
	if !ok {
		return "MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64"
	}
	return ""
}

// wrapTypeParser makes the gpu dialect's type parser check the
// invariants of !gpu.mma_matrix. The dialect's other types (async tokens,
// sparse handles) stay the opaque types its operations make.
func wrapTypeParser(d *ir.Dialect) {
	if next := d.ParseTypeBody; next != nil {
		d.ParseTypeBody = func(p ir.OpAsmParser) (ir.Type, error) {
			pos := p.CurrentPos()
			t, err := next(p)
			if err != nil {
				return t, err
			}
			if m, ok := AsMmaMatrixType(t); ok {
				if msg := verifyMMAMatrixType(m); msg != "" {
					return nil, p.ErrorAt(pos, msg)
				}
			}
			return t, nil
		}
	}
	if next := d.ParseType; next != nil {
		d.ParseType = func(ctx *ir.Context, body string) (ir.Type, error) {
			if !strings.HasPrefix(body, "mma_matrix") {
				return ctx.OpaqueType("gpu", body), nil
			}
			t, err := next(ctx, body)
			if err != nil {
				return t, err
			}
			if m, ok := AsMmaMatrixType(t); ok {
				if msg := verifyMMAMatrixType(m); msg != "" {
					// At the mnemonic, upstream's getNameLoc.
					return nil, &asm.BodyError{Offset: 0, Msg: msg}
				}
			}
			return t, nil
		}
	}
}

// lastDimUnitStride is MLIR's MemRefType::isLastDimUnitStride: the
// layout's innermost stride is 1 (identity and strided layouts, and affine
// maps of one strided result).
func lastDimUnitStride(t *ir.MemRefType) bool {
	if len(t.Shape) == 0 {
		return true
	}
	if m, ok := t.Layout.(*ir.AffineMapAttr); ok {
		if m.Map.IsIdentity() {
			return true
		}
		if len(m.Map.Results) != 1 {
			return false
		}
		flat, locals, ok := affine.Flatten(m.Map.Results[0], m.Map.NumDims, m.Map.NumSyms)
		return ok && locals == 0 && len(flat) > m.Map.NumDims-1 && flat[m.Map.NumDims-1] == 1
	}
	_, strides := t.OffsetAndStrides()
	return strides[len(strides)-1] == 1
}

// verifyMmaLoad is upstream's SubgroupMmaLoadMatrixOp::verify.
func verifyMmaLoad(op *ir.Operation) error {
	l := SubgroupMmaLoadMatrixOp{op}
	src, ok := l.SrcMemref().Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	if !lastDimUnitStride(src) {
		return ir.EmitError(op, "expected source memref most minor dim must have unit stride")
	}
	if m, ok := AsMmaMatrixType(l.Res().Type()); ok {
		switch m.Operand() {
		case "AOp", "BOp", "COp":
		default:
			return ir.EmitError(op, "only AOp, BOp and COp can be loaded")
		}
	}
	return nil
}

// verifyMmaStore is upstream's SubgroupMmaStoreMatrixOp::verify.
func verifyMmaStore(op *ir.Operation) error {
	s := SubgroupMmaStoreMatrixOp{op}
	dst, ok := s.DstMemref().Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	if !lastDimUnitStride(dst) {
		return ir.EmitError(op, "expected destination memref most minor dim must have unit stride")
	}
	if m, ok := AsMmaMatrixType(s.Src().Type()); ok && m.Operand() != "COp" {
		return ir.EmitError(op, "expected the operand matrix being stored to have 'COp' operand type")
	}
	return nil
}

// verifyMmaCompute is upstream's SubgroupMmaComputeOp::verify.
func verifyMmaCompute(op *ir.Operation) error {
	c := SubgroupMmaComputeOp{op}
	a, aok := AsMmaMatrixType(c.OpA().Type())
	b, bok := AsMmaMatrixType(c.OpB().Type())
	d, dok := AsMmaMatrixType(c.OpC().Type())
	if !aok || !bok || !dok {
		return nil
	}
	if a.Operand() != "AOp" || b.Operand() != "BOp" || d.Operand() != "COp" {
		return ir.EmitError(op, "operands must be in the order AOp, BOp, COp")
	}
	as, bs, cs := a.Shape(), b.Shape(), d.Shape()
	if len(as) != 2 || len(bs) != 2 || len(cs) != 2 || as[1] != bs[0] || as[0] != cs[0] || bs[1] != cs[1] {
		return ir.EmitError(op, "operand shapes do not satisfy matmul constraints")
	}
	return nil
}
