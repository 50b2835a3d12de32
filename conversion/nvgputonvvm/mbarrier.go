package nvgputonvvm

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

var mbarrierLowerings = []lowering{
	{"nvgpu.mbarrier.create", lowerMbarrierCreate},
	{"nvgpu.mbarrier.get", lowerMbarrierGet},
	{"nvgpu.mbarrier.init", lowerMbarrierInit},
	{"nvgpu.mbarrier.arrive", lowerMbarrierArrive},
	{"nvgpu.mbarrier.arrive.nocomplete", lowerMbarrierArriveNocomplete},
	{"nvgpu.mbarrier.test.wait", lowerMbarrierTestWait},
	{"nvgpu.mbarrier.arrive.expect_tx", lowerMbarrierArriveExpectTx},
	{"nvgpu.mbarrier.try_wait.parity", lowerMbarrierTryWaitParity},
}

// barrierPtr is the address of barrier id of the group of type t whose
// converted descriptor is desc.
func (b *builder) barrierPtr(t ir.Type, desc, id ir.Value) ir.Value {
	g, _ := nvgpu.AsMbarrierGroupType(t)
	return b.elementPtr(barrierMemRef(b.ctx(), g), desc, []ir.Value{id})
}

// lowerMbarrierCreate declares the barriers as a private memref.global
// @__mbarrier (renamed when taken) at the start of the enclosing symbol
// table (a gpu.module or module), aligned to 8 bytes, and reads it with memref.get_global.
func lowerMbarrierCreate(b *builder, o *ir.Operation, _ []ir.Value) bool {
	ctx := b.ctx()
	g, ok := nvgpu.AsMbarrierGroupType(o.Result(0).Type())
	if !ok {
		return false
	}
	mt := barrierMemRef(ctx, g)
	var module *ir.Operation
	for p := o.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTableTrait) {
			module = p
			break
		}
	}
	if module == nil || module.NumRegions() == 0 || module.Region(0).First() == nil {
		return false
	}
	body := module.Region(0).First()
	taken := map[string]bool{}
	for x := body.First(); x != nil; x = x.Next() {
		if s, ok := x.InherentAttr("sym_name").(*ir.StringAttr); ok {
			taken[s.Value] = true
		}
	}
	name := "__mbarrier"
	for i := 0; taken[name]; i++ {
		name = "__mbarrier_" + strconv.Itoa(i)
	}
	b.r.SetInsertionPointToStart(body)
	b.create("memref.global", nil, nil,
		prop("sym_name", ctx.Str(name)),
		prop("sym_visibility", ctx.Str("private")),
		prop("type", ctx.TypeAttr(mt)),
		prop("alignment", ctx.IntegerAttr(ctx.I(64), 8)))
	b.r.SetInsertionPoint(o)
	v := b.value("memref.get_global", nil, mt, prop("name", ctx.SymbolRefAttr(name, nil)))
	// The users take the converted descriptor: build it from the memref
	// directly, as MLIR materializes a replacement for converted users.
	desc := b.r.Builder.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: b.loc,
		Operands: []ir.Value{v}, ResultTypes: []ir.Type{b.tc.Convert(mt)}}).Result(0)
	b.r.ReplaceOp(o, []ir.Value{desc})
	return true
}

func lowerMbarrierGet(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierGetOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[1])
	b.r.ReplaceOp(o, []ir.Value{b.value("llvm.ptrtoint", []ir.Value{p}, op.MbarrierPointer().Type())})
	return true
}

func lowerMbarrierInit(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierInitOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[2])
	args := []ir.Value{p, b.truncToI32(operands[1])}
	if len(operands) > 3 {
		args = append(args, operands[3])
	}
	b.create("nvvm.mbarrier.init", args, nil)
	b.r.ReplaceOp(o, nil)
	return true
}

func lowerMbarrierArrive(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierArriveOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[1])
	b.r.ReplaceOp(o, []ir.Value{b.value("nvvm.mbarrier.arrive", []ir.Value{p}, b.ctx().I(64))})
	return true
}

func lowerMbarrierArriveNocomplete(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierArriveNocompleteOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[1])
	n := b.truncToI32(operands[2])
	b.r.ReplaceOp(o, []ir.Value{b.value("nvvm.mbarrier.arrive.nocomplete", []ir.Value{p, n}, b.ctx().I(64))})
	return true
}

func lowerMbarrierTestWait(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierTestWaitOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[2])
	b.r.ReplaceOp(o, []ir.Value{b.value("nvvm.mbarrier.test.wait", []ir.Value{p, operands[1]}, b.ctx().I(1))})
	return true
}

func lowerMbarrierArriveExpectTx(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierArriveExpectTxOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[2])
	args := []ir.Value{p, b.truncToI32(operands[1])}
	if len(operands) > 3 {
		args = append(args, operands[3])
	}
	b.create("nvvm.mbarrier.arrive.expect_tx", args, nil)
	b.r.ReplaceOp(o, nil)
	return true
}

func lowerMbarrierTryWaitParity(b *builder, o *ir.Operation, operands []ir.Value) bool {
	op, ok := nvgpu.AsMbarrierTryWaitParityOp(o)
	if !ok {
		return false
	}
	p := b.barrierPtr(op.Barriers().Type(), operands[0], operands[3])
	ticks := b.truncToI32(operands[2])
	phase := b.value("llvm.zext", []ir.Value{operands[1]}, b.ctx().I(32))
	b.create("nvvm.mbarrier.try_wait.parity", []ir.Value{p, phase, ticks}, nil)
	b.r.ReplaceOp(o, nil)
	return true
}
