package llvmir

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// llvmDialect is the translation of the llvm dialect's operations, the
// one registered for the namespace "llvm".
type llvmDialect struct{}

func init() { RegisterDialectTranslation("llvm", llvmDialect{}) }

// ConvertOperation translates an operation of the llvm dialect.
func (llvmDialect) ConvertOperation(o *sir.Operation, b *ir.Block, t *ModuleTranslation) error {
	name := o.Name()
	set := func(v value.Value) { t.values[o.Result(0)] = v }
	resType := func() (types.Type, error) {
		rt, err := t.typ(o.Result(0).Type())
		if err != nil {
			return nil, errorf(o, "%v", err)
		}
		return rt, nil
	}
	switch name {
	case llvm.MlirConstantOpName, llvm.MlirUndefOpName, llvm.MlirPoisonOpName, llvm.MlirZeroOpName, llvm.MlirAddressofOpName:
		c, err := t.constantOp(o)
		if err != nil {
			return err
		}
		set(c)
		return nil
	}
	ops, err := t.operands(o)
	if err != nil {
		return err
	}
	if strings.HasPrefix(name, "llvm.intr.") {
		if done, err := t.specialIntrinsic(o, b, ops); done || err != nil {
			return err
		}
		rt, err := resType()
		if err != nil {
			return err
		}
		if name == llvm.IntrVectorReduceFmaximumOpName || name == llvm.IntrVectorReduceFminimumOpName {
			return errorf(o, "%s has no LLVM 16 intrinsic", name)
		}
		params := make([]types.Type, len(ops))
		for i, v := range ops {
			params[i] = v.Type()
		}
		f := t.intrinsic(strings.TrimPrefix(name, "llvm.intr."), rt, params)
		set(b.NewCall(f, ops...))
		return nil
	}
	switch name {
	case llvm.AddOpName:
		set(b.NewAdd(ops[0], ops[1]))
	case llvm.SubOpName:
		set(b.NewSub(ops[0], ops[1]))
	case llvm.MulOpName:
		set(b.NewMul(ops[0], ops[1]))
	case llvm.SdivOpName:
		set(b.NewSDiv(ops[0], ops[1]))
	case llvm.UdivOpName:
		set(b.NewUDiv(ops[0], ops[1]))
	case llvm.SremOpName:
		set(b.NewSRem(ops[0], ops[1]))
	case llvm.UremOpName:
		set(b.NewURem(ops[0], ops[1]))
	case llvm.AndOpName:
		set(b.NewAnd(ops[0], ops[1]))
	case llvm.OrOpName:
		set(b.NewOr(ops[0], ops[1]))
	case llvm.XorOpName:
		set(b.NewXor(ops[0], ops[1]))
	case llvm.ShlOpName:
		set(b.NewShl(ops[0], ops[1]))
	case llvm.LshrOpName:
		set(b.NewLShr(ops[0], ops[1]))
	case llvm.AshrOpName:
		set(b.NewAShr(ops[0], ops[1]))
	case llvm.FaddOpName:
		set(b.NewFAdd(ops[0], ops[1]))
	case llvm.FsubOpName:
		set(b.NewFSub(ops[0], ops[1]))
	case llvm.FmulOpName:
		set(b.NewFMul(ops[0], ops[1]))
	case llvm.FdivOpName:
		set(b.NewFDiv(ops[0], ops[1]))
	case llvm.FremOpName:
		set(b.NewFRem(ops[0], ops[1]))
	case llvm.FnegOpName:
		set(b.NewFNeg(ops[0]))
	case llvm.IcmpOpName:
		set(b.NewICmp(icmpPreds[llvm.IcmpOp{Operation: o}.Predicate()], ops[0], ops[1]))
	case llvm.FcmpOpName:
		pred := fcmpPreds[llvm.FcmpOp{Operation: o}.Predicate()]
		if _, ok := ops[0].Type().(*bfloatType); ok {
			// llir/llvm cannot type an fcmp of bfloat values.
			c := &ir.InstFCmp{Pred: pred, X: ops[0], Y: ops[1], Typ: types.I1}
			b.Insts = append(b.Insts, c)
			set(c)
			break
		}
		set(b.NewFCmp(pred, ops[0], ops[1]))
	case llvm.SelectOpName:
		set(b.NewSelect(ops[0], ops[1], ops[2]))
	case llvm.SextOpName, llvm.ZextOpName, llvm.TruncOpName, llvm.SitofpOpName, llvm.UitofpOpName, llvm.FptosiOpName, llvm.FptouiOpName,
		llvm.FpextOpName, llvm.FptruncOpName, llvm.BitcastOpName, llvm.AddrspacecastOpName, llvm.PtrtointOpName, llvm.InttoptrOpName:
		rt, err := resType()
		if err != nil {
			return err
		}
		switch name {
		case llvm.SextOpName:
			set(b.NewSExt(ops[0], rt))
		case llvm.ZextOpName:
			set(b.NewZExt(ops[0], rt))
		case llvm.TruncOpName:
			set(b.NewTrunc(ops[0], rt))
		case llvm.SitofpOpName:
			set(b.NewSIToFP(ops[0], rt))
		case llvm.UitofpOpName:
			set(b.NewUIToFP(ops[0], rt))
		case llvm.FptosiOpName:
			set(b.NewFPToSI(ops[0], rt))
		case llvm.FptouiOpName:
			set(b.NewFPToUI(ops[0], rt))
		case llvm.FpextOpName:
			set(b.NewFPExt(ops[0], rt))
		case llvm.FptruncOpName:
			set(b.NewFPTrunc(ops[0], rt))
		case llvm.BitcastOpName:
			set(b.NewBitCast(ops[0], rt))
		case llvm.AddrspacecastOpName:
			set(b.NewAddrSpaceCast(ops[0], rt))
		case llvm.PtrtointOpName:
			set(b.NewPtrToInt(ops[0], rt))
		case llvm.InttoptrOpName:
			set(b.NewIntToPtr(ops[0], rt))
		}
	case llvm.AllocaOpName:
		a := llvm.AllocaOp{Operation: o}
		et, err := t.typ(a.ElemType())
		if err != nil {
			return errorf(o, "%v", err)
		}
		inst := b.NewAlloca(et)
		inst.NElems = ops[0]
		if al, ok := a.Alignment(); ok {
			inst.Align = ir.Align(al)
		}
		rt, err := resType()
		if err != nil {
			return err
		}
		set(b.NewBitCast(inst, rt))
	case llvm.LoadOpName:
		rt, err := resType()
		if err != nil {
			return err
		}
		inst := b.NewLoad(rt, ptrTo(b, ops[0], rt))
		if al, ok := (llvm.LoadOp{Operation: o}).Alignment(); ok {
			inst.Align = ir.Align(al)
		}
		inst.Volatile = llvm.LoadOp{Operation: o}.Volatile()
		set(inst)
	case llvm.StoreOpName:
		inst := b.NewStore(ops[0], ptrTo(b, ops[1], ops[0].Type()))
		if al, ok := (llvm.StoreOp{Operation: o}).Alignment(); ok {
			inst.Align = ir.Align(al)
		}
		inst.Volatile = llvm.StoreOp{Operation: o}.Volatile()
	case llvm.GetelementptrOpName:
		g := llvm.GetelementptrOp{Operation: o}
		et, err := t.typ(g.ElemType())
		if err != nil {
			return errorf(o, "%v", err)
		}
		var idx []value.Value
		dyn := ops[1:]
		k := 0
		for _, c := range rawIndices(o) {
			if c == -1<<31 {
				idx = append(idx, dyn[k])
				k++
				continue
			}
			idx = append(idx, constant.NewInt(types.I32, int64(c)))
		}
		base := ptrTo(b, ops[0], et)
		if _, ok := ops[0].Type().(*types.VectorType); ok {
			base = vectorPtrTo(b, ops[0], et)
		}
		inst := b.NewGetElementPtr(et, base, idx...)
		inst.InBounds = g.NoWrapFlags()&llvm.GEPNoWrapFlagsInboundsFlag != 0
		rt, err := resType()
		if err != nil {
			return err
		}
		set(b.NewBitCast(inst, rt))
	case llvm.ExtractelementOpName:
		set(b.NewExtractElement(ops[0], ops[1]))
	case llvm.InsertelementOpName:
		set(b.NewInsertElement(ops[0], ops[1], ops[2]))
	case llvm.ShufflevectorOpName:
		d, ok := llvm.ShufflevectorOp{Operation: o}.Mask().(*sir.DenseArrayAttr)
		if !ok {
			return errorf(o, "llvm.shufflevector without a mask")
		}
		var mask []constant.Constant
		for i := 0; i+4 <= len(d.Data); i += 4 {
			m := int32(uint32(d.Data[i]) | uint32(d.Data[i+1])<<8 | uint32(d.Data[i+2])<<16 | uint32(d.Data[i+3])<<24)
			if m < 0 {
				mask = append(mask, constant.NewUndef(types.I32))
			} else {
				mask = append(mask, constant.NewInt(types.I32, int64(m)))
			}
		}
		set(b.NewShuffleVector(ops[0], ops[1], constant.NewVector(types.NewVector(uint64(len(mask)), types.I32), mask...)))
	case llvm.InsertvalueOpName:
		set(b.NewInsertValue(ops[0], ops[1], position(o)...))
	case llvm.ExtractvalueOpName:
		set(b.NewExtractValue(ops[0], position(o)...))
	case llvm.CallOpName:
		c := llvm.CallOp{Operation: o}
		var callee value.Value
		args := ops[:len(c.CalleeOperands())]
		if name, ok := c.Callee(); ok {
			f, ok := t.funcs[name]
			if !ok {
				return errorf(o, "'%s' does not reference a valid LLVM function", name)
			}
			callee = f
		} else {
			return errorf(o, "indirect calls are not supported in LLVM IR translation")
		}
		inst := b.NewCall(callee, args...)
		if o.NumResults() > 0 {
			set(inst)
		}
	case llvm.UnreachableOpName:
		b.NewUnreachable()
	case llvm.ReturnOpName:
		if len(ops) == 0 {
			b.NewRet(nil)
		} else {
			b.NewRet(ops[0])
		}
	case llvm.BrOpName:
		if err := t.addIncoming(b, o.Successor(0), o.Operands()); err != nil {
			return err
		}
		b.NewBr(t.blocks[o.Successor(0)])
	case llvm.CondBrOpName:
		c := llvm.CondBrOp{Operation: o}
		seen := map[*sir.Block]bool{}
		tb, err := t.edge(b, o.Successor(0), c.TrueDestOperands(), seen)
		if err != nil {
			return err
		}
		fb, err := t.edge(b, o.Successor(1), c.FalseDestOperands(), seen)
		if err != nil {
			return err
		}
		b.NewCondBr(ops[0], tb, fb)
	case llvm.SwitchOpName:
		s := llvm.SwitchOp{Operation: o}
		seen := map[*sir.Block]bool{}
		def, err := t.edge(b, o.Successor(0), s.DefaultOperands(), seen)
		if err != nil {
			return err
		}
		it, ok := ops[0].Type().(*types.IntType)
		if !ok {
			return errorf(o, "switch on a non-integer value")
		}
		groups := caseGroups(o)
		caseOps := s.CaseOperands()
		var cases []*ir.Case
		at := 0
		for i, v := range llvm.SwitchCaseValues(o) {
			n := 0
			if i < len(groups) {
				n = groups[i]
			}
			dest, err := t.edge(b, o.Successor(i+1), caseOps[at:at+n], seen)
			if err != nil {
				return err
			}
			at += n
			cases = append(cases, ir.NewCase(constant.NewInt(it, v), dest))
		}
		b.NewSwitch(ops[0], def, cases...)
	case llvm.FenceOpName:
		// LLVM 16 has no memory model relaxation annotations: an
		// llvm.mmra tag is dropped, which leaves the stronger fence.
		f := llvm.FenceOp{Operation: o}
		inst := b.NewFence(enum.AtomicOrdering(f.Ordering()))
		if sc, ok := f.Syncscope(); ok {
			inst.SyncScope = sc
		}
	case llvm.AtomicrmwOpName:
		a := llvm.AtomicrmwOp{Operation: o}
		aop, ok := atomicOps[a.BinOp()]
		if !ok {
			return errorf(o, "unsupported atomicrmw operation '%s' in LLVM IR translation", a.BinOp())
		}
		inst := b.NewAtomicRMW(aop, ptrTo(b, ops[0], ops[1].Type()), ops[1], enum.AtomicOrdering(a.Ordering()))
		inst.Volatile = a.Volatile()
		if sc, ok := a.Syncscope(); ok {
			inst.SyncScope = sc
		}
		set(inst)
	default:
		return errorf(o, "unsupported operation '%s' in LLVM IR translation", name)
	}
	return nil
}
