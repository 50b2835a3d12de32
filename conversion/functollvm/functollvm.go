// Package functollvm is convert-func-to-llvm: func.func becomes llvm.func
// (a private declaration keeps sym_visibility, as upstream), func.return
// llvm.return and func.call llvm.call, with index converted to i64. As
// upstream, a memref argument is passed unpacked (allocated and aligned
// pointers, offset, sizes, strides; an unranked memref as its rank and a
// pointer to a ranked descriptor), and several results are returned in a
// literal struct.
package functollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/llvm"
)

// isMemRef reports whether t is a ranked or unranked memref, whose
// descriptor crosses function boundaries unpacked.
func isMemRef(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

// argumentTypes returns the LLVM types an argument of type t becomes: the
// unpacked descriptor of a memref (allocated and aligned pointers, offset,
// sizes, strides; the rank and a pointer for an unranked memref), or the
// converted type. ok is false when t does not convert.
func argumentTypes(tc *rewrite.TypeConverter, t ir.Type) ([]ir.Type, bool) {
	ct := tc.Convert(t)
	if !llvm.IsCompatibleType(ct) {
		return nil, false
	}
	if isMemRef(t) {
		if st, ok := ct.(*llvm.StructType); ok {
			return llvmcommon.UnpackedTypes(st), true
		}
		return nil, false
	}
	return []ir.Type{ct}, true
}

// resultTypeWith returns the LLVM result type of a function with
// results: void, the converted type of a single result, or a literal
// struct of the converted results; with bare, a memref result is its
// pointer (barePtrType).
func resultTypeWith(ctx *ir.Context, tc *rewrite.TypeConverter, results []ir.Type, bare bool) (ir.Type, bool) {
	convert := func(t ir.Type) (ir.Type, bool) {
		if bare && isMemRef(t) {
			return barePtrType(tc, t)
		}
		ct := tc.Convert(t)
		return ct, llvm.IsCompatibleType(ct)
	}
	switch len(results) {
	case 0:
		return llvm.Void(ctx), true
	case 1:
		return convert(results[0])
	}
	fields := make([]ir.Type, len(results))
	for i, t := range results {
		var ok bool
		if fields[i], ok = convert(t); !ok {
			return nil, false
		}
	}
	return llvm.LiteralStruct(ctx, fields, false), true
}

// LLVMFuncType returns the LLVM function type of ft as convert-func-to-llvm
// makes it: memref arguments unpacked, several results packed in a struct.
func LLVMFuncType(ctx *ir.Context, tc *rewrite.TypeConverter, ft *ir.FunctionType) (*llvm.FuncType, bool) {
	return llvmFuncType(ctx, tc, ft, false)
}

// LLVMFuncTypeBarePtr is LLVMFuncType with the bare-pointer calling
// convention (use-bare-ptr-memref-call-conv): a memref argument of static
// shape and identity layout is the pointer to its data; other memrefs
// fail the conversion.
func LLVMFuncTypeBarePtr(ctx *ir.Context, tc *rewrite.TypeConverter, ft *ir.FunctionType) (*llvm.FuncType, bool) {
	return llvmFuncType(ctx, tc, ft, true)
}

// barePtrType returns the pointer type that a memref passes as under the
// bare-pointer convention, and false for a memref that cannot (one of
// dynamic shape, or whose strides or offset are not static).
func barePtrType(tc *rewrite.TypeConverter, t ir.Type) (ir.Type, bool) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	for _, d := range mt.Shape {
		if d == ir.Dynamic {
			return nil, false
		}
	}
	strides, offset, ok := llvmcommon.StridesAndOffset(mt)
	if !ok || offset == ir.Dynamic {
		return nil, false
	}
	for _, st := range strides {
		if st == ir.Dynamic {
			return nil, false
		}
	}
	st, ok := tc.Convert(mt).(*llvm.StructType)
	if !ok || len(st.Fields) == 0 {
		return nil, false
	}
	return st.Fields[0], true
}

func llvmFuncType(ctx *ir.Context, tc *rewrite.TypeConverter, ft *ir.FunctionType, bare bool) (*llvm.FuncType, bool) {
	res, ok := resultTypeWith(ctx, tc, ft.Results, bare)
	if !ok {
		return nil, false
	}
	var ins []ir.Type
	for _, t := range ft.Inputs {
		if bare && isMemRef(t) {
			pt, ok := barePtrType(tc, t)
			if !ok {
				return nil, false
			}
			ins = append(ins, pt)
			continue
		}
		ts, ok := argumentTypes(tc, t)
		if !ok {
			return nil, false
		}
		ins = append(ins, ts...)
	}
	return llvm.Func(ctx, res, ins, false), true
}

// convertEntryArguments gives the entry block the arguments of the LLVM
// signature. A used memref argument is rebuilt from its unpacked values
// (llvm.mlir.poison and llvm.insertvalue) at the start of the block, and
// an argument whose type changed reaches its old uses through an
// unrealized_conversion_cast, as MLIR's signature conversion does. Each
// rebuild goes to the start of the block, in MLIR's order: first the
// memref arguments that converted operations (func.call, func.return)
// use, in the order of their uses, then the others in argument order.
// ConvertEntryArguments gives the entry block of a function being lowered
// to llvm.func its LLVM arguments (a memref's unpacked descriptor) and
// rebuilds the original arguments from them, as the lowering of func.func
// does; other function-like operations lowered to llvm.func use it too.
func ConvertEntryArguments(r *rewrite.ConversionRewriter, block *ir.Block, tc *rewrite.TypeConverter) {
	convertEntryArguments(r, block, tc)
}

// ConvertEntryArgumentsBarePtr is ConvertEntryArguments under the
// bare-pointer convention (LLVMFuncTypeBarePtr): a used memref argument
// is rebuilt from its pointer as a descriptor of its static shape (both
// pointers, offset 0, the sizes and the strides of the identity layout),
// as upstream's MemRefDescriptor::fromStaticShape does.
func ConvertEntryArgumentsBarePtr(r *rewrite.ConversionRewriter, block *ir.Block, tc *rewrite.TypeConverter) {
	ctx := r.Builder.Ctx
	old := append([]*ir.BlockArgument(nil), block.Arguments()...)
	news := make([]ir.Value, len(old))
	for i, a := range old {
		t := tc.Convert(a.Type())
		if isMemRef(a.Type()) {
			t, _ = barePtrType(tc, a.Type())
		}
		news[i] = block.AddArgument(t, a.Loc)
	}
	for i, a := range old {
		if !ir.HasUses(a) {
			continue
		}
		var repl ir.Value
		switch {
		case isMemRef(a.Type()):
			r.SetInsertionPointToStart(block)
			r.Builder.Loc = a.Loc
			d := staticDescriptor(r, a.Loc, tc, a.Type().(*ir.MemRefType), news[i])
			repl = r.Builder.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: a.Loc,
				Operands: []ir.Value{d}, ResultTypes: []ir.Type{a.Type()}}).Result(0)
		case news[i].Type() != a.Type():
			r.SetInsertionPointToStart(block)
			repl = r.Builder.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: a.Loc,
				Operands: []ir.Value{news[i]}, ResultTypes: []ir.Type{a.Type()}}).Result(0)
		default:
			repl = news[i]
		}
		ir.ReplaceAllUsesWith(a, repl)
	}
	for range old {
		block.EraseArgument(0)
	}
}

// staticDescriptor builds, at r's insertion point, the descriptor of the
// memref of static shape, strides and offset mt whose data ptr points to
// (both pointers ptr, the offset, the sizes and the strides), as
// upstream's MemRefDescriptor::fromStaticShape does.
func staticDescriptor(r *rewrite.ConversionRewriter, loc ir.Location, tc *rewrite.TypeConverter, mt *ir.MemRefType, ptr ir.Value) ir.Value {
	strides, offset, _ := llvmcommon.StridesAndOffset(mt)
	d := llvmcommon.Poison(r, loc, tc.Convert(mt))
	d = llvmcommon.Insert(r, loc, d, ptr, 0)
	d = llvmcommon.Insert(r, loc, d, ptr, 1)
	d = llvmcommon.Insert(r, loc, d, llvmcommon.Const(r, loc, offset), 2)
	for k, size := range mt.Shape {
		d = llvmcommon.Insert(r, loc, d, llvmcommon.Const(r, loc, size), 3, int64(k))
		d = llvmcommon.Insert(r, loc, d, llvmcommon.Const(r, loc, strides[k]), 4, int64(k))
	}
	return d
}

func convertEntryArguments(r *rewrite.ConversionRewriter, block *ir.Block, tc *rewrite.TypeConverter) {
	ctx := r.Builder.Ctx
	old := append([]*ir.BlockArgument(nil), block.Arguments()...)
	news := make([][]ir.Value, len(old))
	index := map[ir.Value]int{}
	for i, a := range old {
		index[a] = i
		ts, _ := argumentTypes(tc, a.Type())
		for _, t := range ts {
			news[i] = append(news[i], block.AddArgument(t, a.Loc))
		}
	}
	var order []int
	done := make([]bool, len(old))
	block.Parent().ParentOp().Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() != function.CallOpName && o.Name() != function.ReturnOpName {
			return true
		}
		for _, v := range o.Operands() {
			if i, ok := index[v]; ok && !done[i] && isMemRef(v.Type()) {
				done[i] = true
				order = append(order, i)
			}
		}
		return true
	})
	for i := range old {
		if !done[i] {
			order = append(order, i)
		}
	}
	for _, i := range order {
		a := old[i]
		if !ir.HasUses(a) {
			continue
		}
		var repl ir.Value
		switch {
		case isMemRef(a.Type()):
			r.SetInsertionPointToStart(block)
			d := llvmcommon.Pack(r, a.Loc, tc.Convert(a.Type()).(*llvm.StructType), news[i])
			repl = r.Builder.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: a.Loc,
				Operands: []ir.Value{d}, ResultTypes: []ir.Type{a.Type()}}).Result(0)
		case news[i][0].Type() != a.Type():
			r.SetInsertionPointToStart(block)
			repl = r.Builder.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: a.Loc,
				Operands: []ir.Value{news[i][0]}, ResultTypes: []ir.Type{a.Type()}}).Result(0)
		default:
			repl = news[i][0]
		}
		ir.ReplaceAllUsesWith(a, repl)
	}
	for range old {
		block.EraseArgument(0)
	}
}

// Patterns returns the conversion patterns of convert-func-to-llvm.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	return PatternsWith(tc, Options{})
}

// Options change the calling convention of the patterns.
type Options struct {
	// BarePtr passes memrefs of static shape and identity layout as the
	// pointer to their data (upstream's useBarePtrCallConv): functions
	// take and return them so and rebuild their descriptors on entry,
	// calls pass their aligned pointers and rebuild the descriptors of
	// the results, returns return their allocated pointers. Other memrefs
	// do not convert.
	BarePtr bool
}

// PatternsWith returns the conversion patterns of convert-func-to-llvm
// with the calling convention of opts.
func PatternsWith(tc *rewrite.TypeConverter, opts Options) []rewrite.ConversionPattern {
	bare := opts.BarePtr
	return []rewrite.ConversionPattern{
		&rewrite.ConversionFunc{RootName: "func.func", BenefitValue: 1, PatternName: "func-to-llvm",
			Fn: func(op *ir.Operation, _ []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				fn, _ := function.AsFuncOp(op)
				ft := fn.FunctionType()
				if ft == nil {
					return false
				}
				lft, ok := llvmFuncType(ctx, tc, ft, bare)
				if !ok {
					return false
				}
				// Upstream makes no C interface wrappers under the
				// bare-pointer convention (the attribute stays).
				cif := wantsCInterface(op, ft) && !bare
				props := []ir.NamedAttr{
					{Name: "sym_name", Value: fn.SymNameAttr()},
					{Name: "function_type", Value: ctx.TypeAttr(lft)},
				}
				if cif && op.Region(0).Empty() {
					// The declaration gets a private body calling the C
					// interface.
					props = append(props, ir.NamedAttr{Name: "linkage", Value: llvm.LinkageAttr(ctx, llvm.LinkagePrivate)})
				}
				if v := fn.SymVisibility(); v != nil {
					props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: v})
				}
				for _, n := range []string{"arg_attrs", "res_attrs"} {
					if a := op.InherentAttr(n); a != nil && len(lft.Params) == len(ft.Inputs) && len(ft.Results) <= 1 {
						props = append(props, ir.NamedAttr{Name: n, Value: a})
					}
				}
				if a := op.Attr(readnoneAttr); a != nil {
					// A function that accesses no memory (convert-math-to-libm's
					// declarations): upstream's memory_effects of none.
					me := NoMemoryEffects(ctx)
					if _, ok := a.(*ir.UnitAttr); !ok || me == nil {
						return false
					}
					props = append(props, ir.NamedAttr{Name: "memory_effects", Value: me})
				}
				st := &ir.OperationState{Name: ctx.OpName("llvm.func"), Loc: op.Loc(), NumRegions: 1,
					Properties: ctx.DictionaryAttr(props), Attributes: discardable(ctx, op)}
				nf := r.Builder.Create(st)
				// Upstream's functions have no unnamed_addr unless set.
				llvmcommon.DropProperty(ctx, nf, "unnamed_addr")
				body := op.Region(0)
				for b := body.First(); b != nil; {
					next := b.Next()
					body.Remove(b)
					nf.Region(0).Append(b)
					b = next
				}
				if entry := nf.Region(0).First(); entry != nil {
					if bare {
						ConvertEntryArgumentsBarePtr(r, entry, tc)
					} else {
						convertEntryArguments(r, entry, tc)
					}
				}
				if cif {
					emitCInterface(r, op, nf, ft, lft, tc)
				}
				r.ReplaceOp(op, nil)
				return true
			}},
		&rewrite.ConversionFunc{RootName: "func.return", BenefitValue: 1, PatternName: "return-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				ctx := r.Builder.Ctx
				var types []ir.Type
				for i, v := range operands {
					if !llvm.IsCompatibleType(v.Type()) {
						return false
					}
					types = append(types, op.Operand(i).Type())
				}
				if bare {
					// A memref returns its allocated pointer.
					for i, t := range types {
						if isMemRef(t) {
							pt, ok := barePtrType(tc, t)
							if !ok {
								return false
							}
							operands[i] = llvmcommon.Extract(r, op.Loc(), operands[i], pt, 0)
						}
					}
				}
				// The callee's stack copies of unranked descriptors die:
				// copy them to the heap.
				operands = copyUnranked(r, op, op.Loc(), operands, types, true)
				if len(operands) > 1 {
					types := make([]ir.Type, len(operands))
					for i, v := range operands {
						types[i] = v.Type()
					}
					st := llvm.LiteralStruct(ctx, types, false)
					operands = []ir.Value{llvmcommon.PackStruct(r, op.Loc(), st, operands)}
				}
				llvmcommon.Create(r, "llvm.return", op.Loc(), operands, nil, nil)
				r.ReplaceOp(op, nil)
				return true
			}},
		&rewrite.ConversionFunc{RootName: "func.call", BenefitValue: 1, PatternName: "call-to-llvm",
			Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
				call, _ := function.AsCallOp(op)
				ctx := r.Builder.Ctx
				var results []ir.Type
				for i := 0; i < op.NumResults(); i++ {
					results = append(results, op.Result(i).Type())
				}
				rt, ok := resultTypeWith(ctx, tc, results, bare)
				if !ok {
					return false
				}
				var args []ir.Value
				for i, v := range operands {
					if !llvm.IsCompatibleType(v.Type()) {
						return false
					}
					if isMemRef(op.Operand(i).Type()) {
						if _, ok := v.Type().(*llvm.StructType); !ok {
							return false
						}
						if bare {
							pt, ok := barePtrType(tc, op.Operand(i).Type())
							if !ok {
								return false
							}
							args = append(args, llvmcommon.Extract(r, op.Loc(), v, pt, 1))
							continue
						}
						args = append(args, llvmcommon.Unpack(r, op.Loc(), v)...)
						continue
					}
					args = append(args, v)
				}
				var res []ir.Type
				if len(results) > 0 {
					res = []ir.Type{rt}
				}
				props := []ir.NamedAttr{
					{Name: "callee", Value: call.CalleeAttr()},
					{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(args)), 0)},
					{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
				}
				n := llvmcommon.Create(r, "llvm.call", op.Loc(), args, res, props)
				var with []ir.Value
				switch len(results) {
				case 0:
				case 1:
					with = []ir.Value{n.Result(0)}
				default:
					st := rt.(*llvm.StructType)
					for i, f := range st.Fields {
						with = append(with, llvmcommon.Extract(r, op.Loc(), n.Result(0), f, int64(i)))
					}
				}
				if bare {
					// A memref result is rebuilt from its pointer.
					for i, t := range results {
						if mt, ok := t.(*ir.MemRefType); ok {
							with[i] = staticDescriptor(r, op.Loc(), tc, mt, with[i])
						}
					}
				}
				// Move the returned heap copies to the stack.
				with = copyUnranked(r, op, op.Loc(), with, results, false)
				r.ReplaceOp(op, with)
				return true
			}},
	}
}

// discardable returns op's discardable attributes, or nil.
func discardable(ctx *ir.Context, op *ir.Operation) *ir.DictionaryAttr {
	d := op.Attrs()
	if d == nil || len(d.Entries) == 0 {
		return nil
	}
	if op.Attr(readnoneAttr) == nil {
		return d
	}
	var kept []ir.NamedAttr
	for _, e := range d.Entries {
		if e.Name != readnoneAttr {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return ctx.DictionaryAttr(kept)
}

// readnoneAttr marks a func.func that accesses no memory; it becomes the
// llvm.func's memory_effects, as upstream.
const readnoneAttr = "llvm.readnone"

// NoMemoryEffects returns #llvm.memory_effects with every kind of memory
// untouched, what a function marked llvm.readnone gets; nil when the
// llvm dialect is not registered in ctx.
func NoMemoryEffects(ctx *ir.Context) ir.Attribute {
	n := llvm.ModRefInfoNone
	a, err := llvm.GetMemoryEffectsAttr(ctx, n, n, n, n, n, n)
	if err != nil {
		return nil
	}
	return a.DynAttr
}

// Run converts the func operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := llvmcommon.NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("llvm")
	target.AddIllegalDialect("func")
	return llvmcommon.Apply(ctx, op, target, Patterns(tc), tc)
}
