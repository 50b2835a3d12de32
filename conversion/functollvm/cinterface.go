package functollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/llvm"
)

// cInterfaceAttr asks convert-func-to-llvm for a C-compatible wrapper.
const cInterfaceAttr = "llvm.emit_c_interface"

// wantsCInterface reports whether op asks for a C wrapper that this
// conversion makes: one whose result is not a memref and that has at
// most one result (upstream returns those through a pointer argument).
func wantsCInterface(op *ir.Operation, ft *ir.FunctionType) bool {
	d := op.Attrs()
	if d == nil || d.Get(cInterfaceAttr) == nil {
		return false
	}
	if len(ft.Results) > 1 {
		// Several results come back through a pointer to their struct,
		// for a function with a body.
		return !op.Region(0).Empty()
	}
	return len(ft.Results) == 0 || !isMemRef(ft.Results[0])
}

// cInterfaceType is the type of `_mlir_ciface_<name>`: every memref
// argument passed as a pointer to its descriptor.
func cInterfaceType(ctx *ir.Context, tc *rewrite.TypeConverter, ft *ir.FunctionType, lft *llvm.FuncType) *llvm.FuncType {
	var params []ir.Type
	result := lft.Result
	if len(ft.Results) > 1 {
		params = append(params, llvm.Ptr(ctx, 0))
		result = llvm.Void(ctx)
	}
	for _, t := range ft.Inputs {
		if isMemRef(t) {
			params = append(params, llvm.Ptr(ctx, 0))
		} else {
			params = append(params, tc.Convert(t))
		}
	}
	return llvm.Func(ctx, result, params, false)
}

func newLLVMFunc(r *rewrite.ConversionRewriter, loc ir.Location, name string, ft *llvm.FuncType, linkage *llvm.Linkage, visibility ir.Attribute, attrs *ir.DictionaryAttr) *ir.Operation {
	ctx := r.Builder.Ctx
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: ctx.StringAttr(name, nil)},
		{Name: "function_type", Value: ctx.TypeAttr(ft)},
	}
	if linkage != nil {
		props = append(props, ir.NamedAttr{Name: "linkage", Value: llvm.LinkageAttr(ctx, *linkage)})
	}
	if visibility != nil {
		props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: visibility})
	}
	f := r.Builder.Create(&ir.OperationState{Name: ctx.OpName("llvm.func"), Loc: loc, NumRegions: 1,
		Properties: ctx.DictionaryAttr(props), Attributes: attrs})
	// Upstream's functions have no unnamed_addr unless set.
	llvmcommon.DropProperty(ctx, f, "unnamed_addr")
	return f
}

func (c *callBuilder) call(callee string, args []ir.Value, result ir.Type) []ir.Value {
	ctx := c.r.Builder.Ctx
	var res []ir.Type
	if _, void := result.(*llvm.VoidType); !void {
		res = []ir.Type{result}
	}
	n := llvmcommon.Create(c.r, "llvm.call", c.loc, args, res, []ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(args)), 0)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
	})
	if len(res) == 0 {
		return nil
	}
	return []ir.Value{n.Result(0)}
}

type callBuilder struct {
	r   *rewrite.ConversionRewriter
	loc ir.Location
}

// emitCInterface adds upstream's C wrapper of the converted function nf:
// for a function with a body, `_mlir_ciface_<name>` loads the descriptors
// its pointer arguments point to and calls nf; for a declaration, nf gets
// a private body that stores its descriptors on the stack and calls the
// declared `_mlir_ciface_<name>`.
func emitCInterface(r *rewrite.ConversionRewriter, op, nf *ir.Operation, ft *ir.FunctionType, lft *llvm.FuncType, tc *rewrite.TypeConverter) {
	ctx := r.Builder.Ctx
	loc := op.Loc()
	fn, _ := function.AsFuncOp(op)
	name := fn.SymName()
	cft := cInterfaceType(ctx, tc, ft, lft)
	vis := fn.SymVisibility()
	attrs := discardable(ctx, op)
	cb := &callBuilder{r: r, loc: loc}
	r.SetInsertionPointAfter(nf)
	if nf.Region(0).Empty() {
		newLLVMFunc(r, loc, "_mlir_ciface_"+name, cft, nil, vis, attrs)
		body := ir.NewBlock()
		nf.Region(0).Append(body)
		var params []ir.Value
		for _, t := range lft.Params {
			params = append(params, body.AddArgument(t, loc))
		}
		r.SetInsertionPointToEnd(body)
		var args []ir.Value
		at := 0
		for _, t := range ft.Inputs {
			if !isMemRef(t) {
				args = append(args, params[at])
				at++
				continue
			}
			st := tc.Convert(t).(*llvm.StructType)
			n := len(llvmcommon.UnpackedTypes(st))
			d := llvmcommon.Pack(r, loc, st, params[at:at+n])
			at += n
			one := llvmcommon.Const(r, loc, 1)
			p := llvmcommon.Create(r, "llvm.alloca", loc, []ir.Value{one}, []ir.Type{llvm.Ptr(ctx, 0)},
				[]ir.NamedAttr{{Name: "elem_type", Value: ctx.TypeAttr(st)}}).Result(0)
			llvmcommon.Create(r, "llvm.store", loc, []ir.Value{d, p}, nil,
				[]ir.NamedAttr{{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), 0)}})
			args = append(args, p)
		}
		res := cb.call("_mlir_ciface_"+name, args, lft.Result)
		llvmcommon.Create(r, "llvm.return", loc, res, nil, nil)
		return
	}
	w := newLLVMFunc(r, loc, "_mlir_ciface_"+name, cft, nil, vis, attrs)
	body := ir.NewBlock()
	w.Region(0).Append(body)
	r.SetInsertionPointToEnd(body)
	var args []ir.Value
	var resultPtr ir.Value
	first := 0
	if len(ft.Results) > 1 {
		resultPtr = body.AddArgument(cft.Params[0], loc)
		first = 1
	}
	for i, t := range ft.Inputs {
		a := body.AddArgument(cft.Params[first+i], loc)
		if !isMemRef(t) {
			args = append(args, a)
			continue
		}
		st := tc.Convert(t)
		d := llvmcommon.Create(r, "llvm.load", loc, []ir.Value{a}, []ir.Type{st},
			[]ir.NamedAttr{{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), 0)}}).Result(0)
		args = append(args, llvmcommon.Unpack(r, loc, d)...)
	}
	res := cb.call(name, args, lft.Result)
	if resultPtr != nil {
		llvmcommon.Create(r, "llvm.store", loc, []ir.Value{res[0], resultPtr}, nil,
			[]ir.NamedAttr{{Name: "ordering", Value: ctx.IntegerAttr(ctx.I(64), 0)}})
		res = nil
	}
	llvmcommon.Create(r, "llvm.return", loc, res, nil, nil)
}
