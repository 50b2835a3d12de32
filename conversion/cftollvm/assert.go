package cftollvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/cf"
	"github.com/strata-ir/strata/dialects/llvm"
)

// symbolTable returns the nearest operation around op (op included) that
// is a symbol table, or nil.
func symbolTable(op *ir.Operation) *ir.Operation {
	for m := op; m != nil; m = m.ParentOp() {
		if m.HasTrait(ir.SymbolTableTrait) && m.NumRegions() == 1 && m.Region(0).First() != nil {
			return m
		}
	}
	return nil
}

// lookup returns the operation of the module body named name, or nil.
func lookup(body *ir.Block, name string) *ir.Operation {
	for o := body.First(); o != nil; o = o.Next() {
		if s, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return o
		}
	}
	return nil
}

// asserts lowers cf.assert as upstream's AssertOpLowering does: the block
// is split after the assertion, which becomes an llvm.cond_br to the rest
// of the block or to a new block at the end of the region that prints the
// message with puts (the message is a private constant global
// assert_msg, assert_msg_0, ...), calls abort and ends in
// llvm.unreachable.
type asserts struct {
	ctx *ir.Context
}

func (a *asserts) run(root *ir.Operation) error {
	var work []*ir.Operation
	root.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == cf.AssertOpName {
			work = append(work, o)
		}
		return true
	})
	for _, op := range work {
		if err := a.lower(op); err != nil {
			return err
		}
	}
	return nil
}

// uniqueName is upstream's ensureSymbolNameIsUnique (UniqueSymbolName).
func (a *asserts) uniqueName(body *ir.Block, name string) string {
	return llvmcommon.UniqueSymbolName(name, func(n string) bool { return lookup(body, n) != nil })
}

func (a *asserts) declare(module *ir.Operation, name string, ft *llvm.FuncType) {
	body := module.Region(0).First()
	if lookup(body, name) != nil {
		return
	}
	b := ir.NewBuilder(a.ctx)
	b.SetInsertionPointToStart(body)
	f := llvm.BuildFunc(b, a.ctx.UnknownLoc(), name, ft)
	llvmcommon.DropProperty(a.ctx, f.Operation, "unnamed_addr")
}

func (a *asserts) lower(op *ir.Operation) error {
	ctx := a.ctx
	loc := op.Loc()
	module := symbolTable(op.ParentOp())
	if module == nil {
		return ir.NewError(loc, "failed to legalize operation 'cf.assert' outside a module")
	}
	assert, _ := cf.AsAssertOp(op)
	if _, ok := assert.MsgAttr().(*ir.StringAttr); !ok {
		return ir.NewError(loc, "failed to legalize operation 'cf.assert' without a message")
	}
	blk := op.Block()
	cont := ir.NewBlock()
	blk.Parent().InsertBefore(blk.Next(), cont)
	for o := op.Next(); o != nil; {
		next := o.Next()
		o.Remove()
		cont.Append(o)
		o = next
	}
	failure := ir.NewBlock()
	blk.Parent().Append(failure)

	// The message global, at the start of the module.
	body := module.Region(0).First()
	name := a.uniqueName(body, "assert_msg")
	arrTy := llvmcommon.StringGlobal(ctx, body, loc, name, assert.Msg())
	b := ir.NewBuilder(ctx)

	ptr := llvm.Ptr(ctx, 0)
	b.SetInsertionPointToEnd(failure)
	addr := b.Create(&ir.OperationState{Name: ctx.OpName("llvm.mlir.addressof"), Loc: loc, ResultTypes: []ir.Type{ptr},
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "global_name", Value: ctx.SymbolRefAttr(name, nil)}})}).Result(0)
	gep := b.Create(&ir.OperationState{Name: ctx.OpName("llvm.getelementptr"), Loc: loc, Operands: []ir.Value{addr},
		ResultTypes: []ir.Type{ptr}, Properties: ctx.DictionaryAttr([]ir.NamedAttr{
			{Name: "elem_type", Value: ctx.TypeAttr(arrTy)},
			{Name: "noWrapFlags", Value: ctx.IntegerAttr(ctx.IntegerType(32, ir.Signless), 0)},
			{Name: "rawConstantIndices", Value: ctx.DenseI32Array(0)},
		})}).Result(0)
	a.declare(module, "puts", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{ptr}, false))
	a.call(b, loc, "puts", []ir.Value{gep})
	a.declare(module, "abort", llvm.Func(ctx, llvm.Void(ctx), nil, false))
	a.call(b, loc, "abort", nil)
	b.Create(&ir.OperationState{Name: ctx.OpName("llvm.unreachable"), Loc: loc})

	b.SetInsertionPointToEnd(blk)
	b.Create(&ir.OperationState{Name: ctx.OpName("llvm.cond_br"), Loc: loc, Operands: []ir.Value{assert.Arg()},
		Successors: []*ir.Block{cont, failure},
		Properties: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 0, 0)}})})
	op.Erase()
	return nil
}

func (a *asserts) call(b *ir.Builder, loc ir.Location, callee string, args []ir.Value) {
	ctx := a.ctx
	b.Create(&ir.OperationState{Name: ctx.OpName("llvm.call"), Loc: loc, Operands: args, Properties: ctx.DictionaryAttr([]ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(len(args)), 0)},
	})})
}
