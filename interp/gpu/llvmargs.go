package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/interp/llvm"
)

// llvmKernelArgs passes the operands of gpu.launch_func to a kernel
// lowered to the llvm dialect, whose parameters no longer have the
// launch's types: as the host lowering does, a memref becomes the fields
// of its descriptor (allocated and aligned pointers, offset, sizes and
// strides) or, when each operand has one parameter (the bare-pointer
// convention), its aligned pointer; index becomes i64. Values of the
// parameters' types pass as they are.
func llvmKernelArgs(in *interp.Interpreter, op *ir.Operation, params []*ir.BlockArgument, args []interp.Value) ([]interp.Value, error) {
	bare := len(params) == len(args)
	var out []interp.Value
	p := 0
	for i, a := range args {
		if p >= len(params) {
			return nil, interp.Errorf(op, fmt.Sprintf("the kernel takes %d parameters, fewer than the launch's operands", len(params)))
		}
		pt := params[p].Type()
		m, isMemRef := a.Type.(*ir.MemRefType)
		switch {
		case a.Type == pt:
			out = append(out, a)
			p++
		case isMemRef && bare:
			ptr, ok := pt.(*lt.PointerType)
			if !ok {
				return nil, interp.Errorf(op, fmt.Sprintf("operand %d is a memref, the kernel's parameter a '%s'", i, ir.TypeString(pt)))
			}
			ctx := op.Context()
			i64 := ctx.I(64)
			fields := []ir.Type{ptr, ptr, i64}
			if len(m.Shape) > 0 {
				arr := lt.Array(ctx, uint64(len(m.Shape)), i64)
				fields = append(fields, arr, arr)
			}
			d, err := llvm.Cast(in, op, []interp.Value{a}, []ir.Type{lt.LiteralStruct(ctx, fields, false)})
			if err != nil {
				return nil, err
			}
			out = append(out, llvm.Fields(d[0])[1])
			p++
		case isMemRef:
			n := 3 + 2*len(m.Shape)
			if p+n > len(params) {
				return nil, interp.Errorf(op, fmt.Sprintf("the kernel has too few parameters for the descriptor of operand %d", i))
			}
			types := make([]ir.Type, n)
			for k := range types {
				types[k] = params[p+k].Type()
			}
			vs, err := llvm.Cast(in, op, []interp.Value{a}, types)
			if err != nil {
				return nil, err
			}
			out = append(out, vs...)
			p += n
		default:
			vs, err := llvm.Cast(in, op, []interp.Value{a}, []ir.Type{pt})
			if err != nil {
				// A host object without an llvm form (a tensor map)
				// passes as an opaque pointer to it.
				if _, isPtr := pt.(*lt.PointerType); !isPtr || a.Object() == nil {
					return nil, err
				}
				vs = []interp.Value{interp.MakeObject(pt, 0, a.Object())}
			}
			out = append(out, vs...)
			p++
		}
	}
	if p != len(params) {
		return nil, interp.Errorf(op, fmt.Sprintf("the kernel takes %d parameters, the launch's operands fill %d", len(params), p))
	}
	return out, nil
}
