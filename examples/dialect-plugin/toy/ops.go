package toy

import (
	"github.com/strata-ir/strata/core/ir"
)

// The toy operations on values: toy.scale multiplies every element of a
// tensor by a scalar, toy.scale_buffer does it in place on a memref (what
// toy.scale bufferizes to), and toy.fma is a fused multiply-add on f32
// that translates to LLVM's llvm.fma.f32.

// ScaleDef is `%r = toy.scale %t, %s : tensor<...>, f32`.
var ScaleDef = &ir.OpDef{
	Name:    "toy.scale",
	Summary: "multiply every element of a tensor by a scalar",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return ir.OpError(op, "expects two operands and one result")
		}
		t, ok := op.Operand(0).Type().(*ir.RankedTensorType)
		if !ok || t.Elem != op.Operand(1).Type() || op.Result(0).Type() != ir.Type(t) {
			return ir.OpError(op, "expects a ranked tensor and a scalar of its element type, and a result of the tensor's type")
		}
		return nil
	},
	Print: printBinary,
	Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
		parseBinary(p, st)
		if len(st.Operands) == 2 {
			st.ResultTypes = []ir.Type{st.Operands[0].Type()}
		}
		return nil
	},
}

// ScaleBufferDef is `toy.scale_buffer %m, %s : memref<...>, f32`.
var ScaleBufferDef = &ir.OpDef{
	Name:    "toy.scale_buffer",
	Summary: "multiply every element of a memref by a scalar, in place",
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() != 2 || op.NumResults() != 0 {
			return ir.OpError(op, "expects two operands and no result")
		}
		m, ok := op.Operand(0).Type().(*ir.MemRefType)
		if !ok || m.Elem != op.Operand(1).Type() {
			return ir.OpError(op, "expects a memref and a scalar of its element type")
		}
		return nil
	},
	Print: printBinary,
	Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
		parseBinary(p, st)
		return nil
	},
}

// FmaDef is `%r = toy.fma %a, %b, %c : f32`, a * b + c rounded once.
var FmaDef = &ir.OpDef{
	Name:    "toy.fma",
	Summary: "fused multiply-add of three f32 values",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		f32 := ir.Type(op.Context().FloatType(ir.F32))
		if op.NumOperands() != 3 || op.NumResults() != 1 || op.Result(0).Type() != f32 {
			return ir.OpError(op, "expects three f32 operands and an f32 result")
		}
		for _, v := range op.Operands() {
			if v.Type() != f32 {
				return ir.OpError(op, "expects three f32 operands and an f32 result")
			}
		}
		return nil
	},
	Print: func(p ir.OpAsmPrinter, op *ir.Operation) {
		for i, v := range op.Operands() {
			if i == 0 {
				p.WriteString(" ")
			} else {
				p.WriteString(", ")
			}
			p.PrintOperand(v)
		}
		p.PrintOptionalAttrDict(attrs(op))
		p.WriteString(" : ")
		p.PrintType(op.Result(0).Type())
	},
	Parse: func(p ir.OpAsmParser, st *ir.OperationState) error {
		var us []ir.UnresolvedOperand
		for {
			us = append(us, p.ParseOperand())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		st.Attributes = p.Context().DictionaryAttr(p.ParseOptionalAttrDict())
		p.ParsePunct(":")
		t := p.ParseType()
		for _, u := range us {
			st.Operands = append(st.Operands, p.ResolveOperand(u, t))
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
}

// printBinary prints ` %x, %s {attrs} : type, type`.
func printBinary(p ir.OpAsmPrinter, op *ir.Operation) { printCopy(p, op) }

// parseBinary parses what printBinary prints into st.
func parseBinary(p ir.OpAsmParser, st *ir.OperationState) { parseCopy(p, st) }
