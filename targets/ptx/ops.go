package ptx

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// Register attaches the PTX lowerings of the llvm and nvvm dialects'
// operations (and of the gpu dialect's identifiers, barrier and shuffle)
// to ctx (external models of ptx.Lowering, attached now or when the
// dialect registers), and the models of ptx.AlignedAddresses and
// ptx.AddressFlow through which the emitter aligns the shared memory of
// the async proxy.
func Register(ctx *ir.Context) {
	for name, fn := range llvmLowerings() {
		LoweringOp.AttachTo(ctx, name, LoweringFunc(fn))
	}
	for name, fn := range nvvmLowerings() {
		LoweringOp.AttachTo(ctx, name, LoweringFunc(fn))
	}
	for name, fn := range gpuLowerings() {
		LoweringOp.AttachTo(ctx, name, LoweringFunc(fn))
	}
	for name, fn := range bulkLowerings() {
		LoweringOp.AttachTo(ctx, name, LoweringFunc(fn))
	}
	for name, fn := range wmmaLowerings() {
		LoweringOp.AttachTo(ctx, name, LoweringFunc(fn))
	}
	for name, fn := range inlineAsmLowerings() {
		LoweringOp.AttachTo(ctx, name, LoweringFunc(fn))
	}
	for name, fn := range alignedAddressModels() {
		AlignedAddressesOp.AttachTo(ctx, name, fn)
	}
	for name, fn := range addressFlowModels() {
		AddressFlowOp.AttachTo(ctx, name, fn)
	}
}

type lowerFn = func(f *Func, op *ir.Operation) error

func llvmLowerings() map[string]lowerFn {
	m := map[string]lowerFn{
		"llvm.return":          lowerReturn,
		"llvm.br":              lowerBr,
		"llvm.cond_br":         lowerCondBr,
		"llvm.switch":          lowerSwitch,
		"llvm.unreachable":     func(f *Func, op *ir.Operation) error { f.Emit("trap;"); return nil },
		"llvm.call":            lowerCall,
		"llvm.mlir.constant":   lowerConstant,
		"llvm.mlir.undef":      lowerUndef,
		"llvm.mlir.poison":     lowerUndef,
		"llvm.mlir.zero":       lowerZero,
		"llvm.mlir.addressof":  lowerAddressOf,
		"llvm.load":            lowerLoad,
		"llvm.store":           lowerStore,
		"llvm.getelementptr":   lowerGEP,
		"llvm.insertvalue":     lowerInsertValue,
		"llvm.extractvalue":    lowerExtractValue,
		"llvm.extractelement":  lowerExtractElement,
		"llvm.insertelement":   lowerInsertElement,
		"llvm.shufflevector":   lowerShuffle,
		"llvm.icmp":            lowerICmp,
		"llvm.fcmp":            lowerFCmp,
		"llvm.select":          lowerSelect,
		"llvm.sext":            lowerExt(true),
		"llvm.zext":            lowerExt(false),
		"llvm.trunc":           lowerTrunc,
		"llvm.sitofp":          lowerIntToFP(true),
		"llvm.uitofp":          lowerIntToFP(false),
		"llvm.fptosi":          lowerFPToInt(true),
		"llvm.fptoui":          lowerFPToInt(false),
		"llvm.fpext":           lowerFPCast,
		"llvm.fptrunc":         lowerFPCast,
		"llvm.bitcast":         lowerBitcast,
		"llvm.addrspacecast":   lowerAddrSpaceCast,
		"llvm.ptrtoint":        lowerPtrToInt,
		"llvm.inttoptr":        lowerIntToPtr,
		"llvm.fneg":            lowerFNeg,
		"llvm.atomicrmw":       lowerAtomicRMW,
		"llvm.intr.assume":     func(*Func, *ir.Operation) error { return nil },
		"llvm.intr.prefetch":   func(*Func, *ir.Operation) error { return nil },
		"llvm.intr.fabs":       lowerFAbs,
		"llvm.intr.copysign":   lowerCopySign,
		"llvm.intr.fma":        floatOp("fma.rn", 3),
		"llvm.intr.fmuladd":    floatOp("fma.rn", 3),
		"llvm.intr.sqrt":       floatOp("sqrt.rn", 1),
		"llvm.intr.minnum":     floatOp("min", 2),
		"llvm.intr.maxnum":     floatOp("max", 2),
		"llvm.intr.minimum":    floatOp("min.NaN", 2),
		"llvm.intr.maximum":    floatOp("max.NaN", 2),
		"llvm.intr.floor":      floatOp("cvt.rmi", 1),
		"llvm.intr.ceil":       floatOp("cvt.rpi", 1),
		"llvm.intr.trunc":      floatOp("cvt.rzi", 1),
		"llvm.intr.roundeven":  floatOp("cvt.rni", 1),
		"llvm.intr.rint":       floatOp("cvt.rni", 1),
		"llvm.intr.nearbyint":  floatOp("cvt.rni", 1),
		"llvm.intr.exp2":       approxOp("ex2.approx", 1, 0),
		"llvm.intr.log2":       approxOp("lg2.approx", 1, 0),
		"llvm.intr.sin":        approxOp("sin.approx", 1, 0),
		"llvm.intr.cos":        approxOp("cos.approx", 1, 0),
		"llvm.intr.exp":        approxOp("ex2.approx", 1, math.Log2E),
		"llvm.intr.log":        approxOp("lg2.approx", 1, math.Ln2),
		"llvm.intr.smin":       intOp("min", true),
		"llvm.intr.smax":       intOp("max", true),
		"llvm.intr.umin":       intOp("min", false),
		"llvm.intr.umax":       intOp("max", false),
		"llvm.intr.abs":        lowerAbs,
		"llvm.intr.ctpop":      lowerBitCount("popc"),
		"llvm.intr.ctlz":       lowerBitCount("clz"),
		"llvm.intr.bitreverse": lowerBitReverse,
		"llvm.intr.cttz":       lowerCttz,
		"llvm.alloca":          lowerAlloca,
	}
	for name, inst := range map[string]string{"add": "add", "sub": "sub", "mul": "mul.lo", "and": "and", "or": "or", "xor": "xor",
		"sdiv": "div", "udiv": "div", "srem": "rem", "urem": "rem", "shl": "shl", "lshr": "shr", "ashr": "shr"} {
		m["llvm."+name] = lowerIntBinary(name, inst)
	}
	for name, inst := range map[string]string{"fadd": "add.rn", "fsub": "sub.rn", "fmul": "mul.rn"} {
		m["llvm."+name] = floatOp(inst, 2)
	}
	m["llvm.fdiv"] = lowerFdiv
	return m
}

// lowerFdiv lowers llvm.fdiv: div.rn, IEEE's correctly rounded quotient,
// unless fastmath flags allow less on f32: afn (approximate functions)
// gives div.approx.f32, a times the approximate reciprocal of b (2 ulp for
// |b| in [2^-126, 2^126], the division of CUDA's __fdividef); arcp (a
// reciprocal may be used) gives div.full.f32 (2 ulp over the whole
// range). Both are a few instructions where div.rn is a Newton iteration
// with a slow path.
//
// A divisor that is a constant power of two whose reciprocal is a normal
// number is a multiplication by that reciprocal (LLVM's DAG combiner does
// the same): the product and the quotient are the same real number,
// rounded once.
func lowerFdiv(f *Func, op *ir.Operation) error {
	fm := llvm.FdivOp{Operation: op}.FastmathFlags()
	inst := "div.rn"
	if t, ok := Leaves(op.Result(0).Type()); ok == nil && len(t) > 0 {
		sfx, _ := floatSuffix(t[0])
		if imm, ok := exactReciprocal(op, 1, sfx); ok {
			return leafwise(f, op, func(d string, s []string, _, _ ir.Type) error {
				f.Emit("mul.rn.%s %s, %s, %s;", sfx, d, s[0], imm)
				return nil
			})
		}
		if sfx == "f32" {
			switch {
			case fm&llvm.FastmathFlagsAfn != 0:
				inst = "div.approx"
			case fm&llvm.FastmathFlagsArcp != 0:
				inst = "div.full"
			}
		}
	}
	return floatOp(inst, 2)(f, op)
}

// leafwise defines the result of op (one register per leaf) and calls fn
// for each leaf with the result register, the registers of the operands at
// that leaf, and the leaf types of the result and of the first operand.
func leafwise(f *Func, op *ir.Operation, fn func(dst string, srcs []string, rt, st ir.Type) error) error {
	dsts, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	rleaves, _ := Leaves(op.Result(0).Type())
	var sleaves []ir.Type
	ops := make([][]string, op.NumOperands())
	for i := range ops {
		if ops[i], err = f.Src(op, i); err != nil {
			return err
		}
	}
	if op.NumOperands() > 0 {
		sleaves, _ = Leaves(op.Operand(0).Type())
	}
	for k := range dsts {
		srcs := make([]string, len(ops))
		for i, r := range ops {
			switch {
			case len(r) == len(dsts):
				srcs[i] = r[k]
			case len(r) == 1:
				srcs[i] = r[0]
			default:
				return Errorf(op, "operand %d has %d elements, the result %d", i, len(r), len(dsts))
			}
		}
		st := rleaves[k]
		if len(sleaves) == len(dsts) {
			st = sleaves[k]
		} else if len(sleaves) == 1 {
			st = sleaves[0]
		}
		if err := fn(dsts[k], srcs, rleaves[k], st); err != nil {
			if _, ok := err.(*ir.Diagnostic); ok {
				return err
			}
			return Errorf(op, "%v", err)
		}
	}
	return nil
}

// intWidth returns the width of an integer, index or pointer type (0 for
// others).
func intWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return int(t.Width)
	case *ir.IndexType, *llvm.PointerType:
		return 64
	}
	return 0
}

// intSuffix is the type suffix of integer arithmetic in registers: 8-bit
// integers compute in 16-bit registers.
func intSuffix(t ir.Type, signed bool) string {
	w := intWidth(t)
	if w == 8 {
		w = 16
	}
	if signed {
		return fmt.Sprintf("s%d", w)
	}
	return fmt.Sprintf("u%d", w)
}

// bitSuffix is the untyped suffix of a scalar's register class.
func bitSuffix(t ir.Type) string {
	c, _ := ClassOf(t)
	switch c {
	case Pred:
		return "pred"
	case B16:
		return "b16"
	case B32, F32:
		return "b32"
	}
	return "b64"
}

// floatSuffix is the suffix of float arithmetic.
func floatSuffix(t ir.Type) (string, bool) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return "", false
	}
	switch ft.Kind {
	case ir.F16:
		return "f16", true
	case ir.BF16:
		return "bf16", true
	case ir.F32:
		return "f32", true
	case ir.F64:
		return "f64", true
	}
	return "", false
}

// normalize returns a register holding an 8-bit integer's value
// extended (sign or zero) to its 16-bit register, so that comparisons,
// divisions and right shifts see the value; other registers are returned
// as they are.
func normalize(f *Func, r string, t ir.Type, signed bool) string {
	if intWidth(t) != 8 {
		return r
	}
	n := f.NewReg(B16)
	if signed {
		f.Emit("cvt.s16.s8 %s, %s;", n, r)
	} else {
		f.Emit("cvt.u16.u8 %s, %s;", n, r)
	}
	return n
}

func lowerIntBinary(name, inst string) lowerFn {
	signed := name == "sdiv" || name == "srem" || name == "ashr"
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
			w := intWidth(t)
			if w == 0 {
				return fmt.Errorf("'%s' on '%s' is not an integer operation", op.Name(), typeString(t))
			}
			if w == 1 {
				switch name {
				case "and", "mul":
					f.Emit("and.pred %s, %s, %s;", d, s[0], s[1])
				case "or":
					f.Emit("or.pred %s, %s, %s;", d, s[0], s[1])
				case "xor", "add", "sub":
					f.Emit("xor.pred %s, %s, %s;", d, s[0], s[1])
				default:
					return fmt.Errorf("'%s' on i1 is not supported by the PTX emitter", op.Name())
				}
				return nil
			}
			if w != 8 && w != 16 && w != 32 && w != 64 {
				return fmt.Errorf("integers of %d bits are not supported by the PTX emitter", w)
			}
			a, b := s[0], s[1]
			switch name {
			case "and", "or", "xor":
				f.Emit("%s.%s %s, %s, %s;", inst, bitSuffix(t), d, a, b)
			case "shl", "lshr", "ashr":
				if name != "shl" {
					a = normalize(f, a, t, signed)
				}
				amount := b
				if w != 32 {
					amount = f.NewReg(B32)
					f.Emit("cvt.u32.%s %s, %s;", intSuffix(t, false), amount, b)
				}
				switch name {
				case "shl":
					f.Emit("shl.%s %s, %s, %s;", bitSuffix(t), d, a, amount)
				default:
					f.Emit("shr.%s %s, %s, %s;", intSuffix(t, signed), d, a, amount)
				}
			case "sdiv", "udiv", "srem", "urem":
				a = normalize(f, a, t, signed)
				b = normalize(f, b, t, signed)
				f.Emit("%s.%s %s, %s, %s;", inst, intSuffix(t, signed), d, a, b)
			default:
				f.Emit("%s.%s %s, %s, %s;", inst, intSuffix(t, true), d, a, b)
			}
			return nil
		})
	}
}

// floatOp lowers a float operation of n operands to one instruction with
// the float type's suffix; f16 and bf16 operations compute in f32 and
// round back, except min and max, which compare exactly.
func floatOp(inst string, n int) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
			sfx, ok := floatSuffix(t)
			if !ok {
				return fmt.Errorf("'%s' on '%s' is not a float operation", op.Name(), typeString(t))
			}
			if len(s) != n {
				return fmt.Errorf("expected %d operands", n)
			}
			if inst == "min.NaN" || inst == "max.NaN" {
				if sfx != "f32" {
					return fmt.Errorf("'%s' on %s is not supported by the PTX emitter (f32 only)", op.Name(), sfx)
				}
				if err := f.Require(op, Feature{Name: inst + ".f32", SM: 80, PTX: 70}); err != nil {
					return err
				}
			}
			full := inst + "." + sfx
			if strings.HasPrefix(inst, "cvt.") {
				full = inst + "." + sfx + "." + sfx
			}
			if sfx == "f16" || sfx == "bf16" {
				// Compute in f32, round once: exact for add, sub, mul,
				// div, sqrt and fma of 16-bit operands.
				wide := make([]string, len(s))
				for i, r := range s {
					wide[i] = f.NewReg(F32)
					f.Emit("cvt.f32.%s %s, %s;", sfx, wide[i], r)
				}
				if sfx == "bf16" {
					if err := f.Require(op, Feature{Name: "cvt.f32.bf16", SM: 90, PTX: 78}); err != nil {
						return err
					}
				}
				w := f.NewReg(F32)
				wf := inst + ".f32"
				if strings.HasPrefix(inst, "cvt.") {
					wf = inst + ".f32.f32"
				}
				f.Emit("%s %s, %s;", wf, w, strings.Join(wide, ", "))
				f.Emit("cvt.rn.%s.f32 %s, %s;", sfx, d, w)
				return nil
			}
			f.Emit("%s %s, %s;", full, d, strings.Join(s, ", "))
			return nil
		})
	}
}

// approxOp lowers the transcendental functions that PTX has as
// approximations (f32 only), scaling the argument by pre (exp) or the
// result by post (log); pre/post 0 means none.
func approxOp(inst string, n int, scale float64) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
			if sfx, _ := floatSuffix(t); sfx != "f32" {
				return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter (f32 only)", op.Name(), typeString(t))
			}
			x := s[0]
			if scale != 0 && strings.HasPrefix(inst, "ex2.approx") {
				x = f.NewReg(F32)
				f.Emit("mul.rn.f32 %s, %s, %s;", x, s[0], f32Imm(float32(scale)))
			}
			if scale != 0 && inst == "lg2.approx" {
				t := f.NewReg(F32)
				f.Emit("%s.f32 %s, %s;", inst, t, x)
				f.Emit("mul.rn.f32 %s, %s, %s;", d, t, f32Imm(float32(scale)))
				return nil
			}
			f.Emit("%s.f32 %s, %s;", inst, d, x)
			return nil
		})
	}
}

func f32Imm(v float32) string { return fmt.Sprintf("0f%08X", math.Float32bits(v)) }

// exactReciprocal returns, as a PTX immediate of type sfx (f32 or f64),
// the reciprocal of operand i of op where the operand is an
// llvm.mlir.constant (a scalar or a splat) equal to ±2^k whose reciprocal
// is a normal number of that type.
func exactReciprocal(op *ir.Operation, i int, sfx string) (string, bool) {
	def := ir.DefiningOp(op.Operand(i))
	if def == nil {
		return "", false
	}
	if _, ok := llvm.AsMlirConstantOp(def); !ok {
		return "", false
	}
	var v float64
	switch a := def.InherentAttr("value").(type) {
	case *ir.FloatAttr:
		v = a.Float64()
	case *ir.DenseElementsAttr:
		switch {
		case !a.Splat:
			return "", false
		case sfx == "f32" && len(a.Data) == 4:
			v = float64(math.Float32frombits(binary.LittleEndian.Uint32(a.Data)))
		case sfx == "f64" && len(a.Data) == 8:
			v = math.Float64frombits(binary.LittleEndian.Uint64(a.Data))
		default:
			return "", false
		}
	default:
		return "", false
	}
	frac, _ := math.Frexp(math.Abs(v))
	if frac != 0.5 || math.IsInf(v, 0) {
		return "", false
	}
	r := 1 / v
	switch sfx {
	case "f32":
		if a := math.Abs(r); a < 0x1p-126 || a > math.MaxFloat32 {
			return "", false
		}
		return f32Imm(float32(r)), true
	case "f64":
		if a := math.Abs(r); a < 0x1p-1022 || a > math.MaxFloat64 {
			return "", false
		}
		return fmt.Sprintf("0d%016X", math.Float64bits(r)), true
	}
	return "", false
}

func intOp(inst string, signed bool) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
			if w := intWidth(t); w < 16 {
				return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter", op.Name(), typeString(t))
			}
			f.Emit("%s.%s %s, %s, %s;", inst, intSuffix(t, signed), d, s[0], s[1])
			return nil
		})
	}
}

func lowerAbs(f *Func, op *ir.Operation) error {
	return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
		if w := intWidth(t); w < 16 {
			return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter", op.Name(), typeString(t))
		}
		f.Emit("abs.%s %s, %s;", intSuffix(t, true), d, s[0])
		return nil
	})
}

// lowerBitCount lowers ctpop and ctlz, whose PTX results are 32-bit.
func lowerBitCount(inst string) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
			switch intWidth(t) {
			case 32:
				f.Emit("%s.b32 %s, %s;", inst, d, s[0])
			case 64:
				r := f.NewReg(B32)
				f.Emit("%s.b64 %s, %s;", inst, r, s[0])
				f.Emit("cvt.u64.u32 %s, %s;", d, r)
			default:
				return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter", op.Name(), typeString(t))
			}
			return nil
		})
	}
}

func lowerBitReverse(f *Func, op *ir.Operation) error {
	return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
		w := intWidth(t)
		if w != 32 && w != 64 {
			return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter", op.Name(), typeString(t))
		}
		f.Emit("brev.b%d %s, %s;", w, d, s[0])
		return nil
	})
}

func lowerFNeg(f *Func, op *ir.Operation) error { return lowerSignBit(f, op, "xor", -32768, "neg") }

func lowerFAbs(f *Func, op *ir.Operation) error { return lowerSignBit(f, op, "and", 32767, "abs") }

// lowerSignBit lowers an operation on the sign bit of a float: PTX's
// instr, or on 16-bit floats the bit operation bitOp with mask.
func lowerSignBit(f *Func, op *ir.Operation, bitOp string, mask int, instr string) error {
	return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
		sfx, ok := floatSuffix(t)
		if !ok {
			return fmt.Errorf("'%s' on '%s'", op.Name(), typeString(t))
		}
		if sfx == "f16" || sfx == "bf16" {
			f.Emit("%s.b16 %s, %s, %d;", bitOp, d, s[0], mask)
			return nil
		}
		f.Emit("%s.%s %s, %s;", instr, sfx, d, s[0])
		return nil
	})
}

func lowerCopySign(f *Func, op *ir.Operation) error {
	return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
		sfx, ok := floatSuffix(t)
		if !ok || sfx != "f32" && sfx != "f64" {
			return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter", op.Name(), typeString(t))
		}
		// PTX's copysign takes the sign from its first operand.
		f.Emit("copysign.%s %s, %s, %s;", sfx, d, s[1], s[0])
		return nil
	})
}

// setConst defines register d of type t as the constant with bits v.
func setConst(f *Func, d string, t ir.Type, v uint64) {
	c, _ := ClassOf(t)
	switch c {
	case Pred:
		r := f.NewReg(B32)
		f.Emit("mov.b32 %s, %d;", r, v&1)
		f.Emit("setp.ne.b32 %s, %s, 0;", d, r)
	case B16:
		f.Emit("mov.b16 %s, %d;", d, uint16(v))
	case B32:
		f.Emit("mov.b32 %s, %d;", d, uint32(v))
	case F32:
		f.Emit("mov.f32 %s, 0f%08X;", d, uint32(v))
	case F64:
		f.Emit("mov.f64 %s, 0d%016X;", d, v)
	default:
		f.Emit("mov.b64 %s, %d;", d, v)
	}
}

// attrBits returns the bit pattern of an integer or float attribute.
func attrBits(a ir.Attribute) (uint64, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Lo, true
	case *ir.FloatAttr:
		return a.Bits[0], true
	}
	return 0, false
}

func lowerConstant(f *Func, op *ir.Operation) error {
	a := op.InherentAttr("value")
	regs, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	leaves, _ := Leaves(op.Result(0).Type())
	if v, ok := attrBits(a); ok && len(regs) == 1 {
		setConst(f, regs[0], leaves[0], v)
		return nil
	}
	if d, ok := a.(*ir.DenseElementsAttr); ok {
		w := ir.IntOrFloatBitWidth(d.Type.ElementType())
		bytes := (w + 7) / 8
		if w == 1 {
			bytes = 1
		}
		for i, r := range regs {
			k := i
			if d.Splat {
				k = 0
			}
			if (k+1)*bytes > len(d.Data) {
				return Errorf(op, "dense constant of %d bytes for %d elements", len(d.Data), len(regs))
			}
			var v uint64
			for j := bytes - 1; j >= 0; j-- {
				v = v<<8 | uint64(d.Data[k*bytes+j])
			}
			setConst(f, r, leaves[i], v)
		}
		return nil
	}
	return Errorf(op, "cannot emit the constant %s to PTX", typeString(op.Result(0).Type()))
}

func lowerUndef(f *Func, op *ir.Operation) error {
	// Registers that nothing assigns: any value will do.
	if _, err := f.Def(op.Result(0)); err != nil {
		return Errorf(op, "%v", err)
	}
	return nil
}

func lowerZero(f *Func, op *ir.Operation) error {
	regs, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	leaves, _ := Leaves(op.Result(0).Type())
	for i, r := range regs {
		setConst(f, r, leaves[i], 0)
	}
	return nil
}

func lowerAddressOf(f *Func, op *ir.Operation) error {
	name := llvm.MlirAddressofOp{Operation: op}.GlobalName()
	if _, ok := f.m.globals[name]; !ok {
		if _, fn := f.m.funcs[name]; fn {
			return Errorf(op, "function addresses are not supported by the PTX emitter")
		}
		return Errorf(op, "no global named '@%s' in the module", name)
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	if p, ok := op.Result(0).Type().(*llvm.PointerType); ok && p.AddrSpace == 0 && globalAddrSpace(f.m.globals[name]) == 0 {
		// A global of the generic address space is in global memory.
		g := f.NewReg(B64)
		f.Emit("mov.u64 %s, %s;", g, ptxName(name))
		f.Emit("cvta.global.u64 %s, %s;", d, g)
		return nil
	}
	f.Emit("mov.u64 %s, %s;", d, ptxName(name))
	return nil
}

// globalAddrSpace returns the address space of an llvm.mlir.global.
func globalAddrSpace(g *ir.Operation) uint64 {
	if a, ok := g.InherentAttr("addr_space").(*ir.IntegerAttr); ok {
		return a.Lo
	}
	return 0
}

// space returns the state-space suffix of a pointer operand.
func space(op *ir.Operation, t ir.Type) (string, error) {
	p, ok := t.(*llvm.PointerType)
	if !ok {
		return "", Errorf(op, "expected a pointer, got '%s'", typeString(t))
	}
	s, ok := stateSpace(p.AddrSpace)
	if !ok {
		return "", Errorf(op, "address space %d has no PTX state space", p.AddrSpace)
	}
	return s, nil
}

// memType is the type suffix of a load or store of a scalar.
func memType(t ir.Type) string {
	if w := intWidth(t); w > 0 {
		if _, ok := t.(*llvm.PointerType); ok {
			return "u64"
		}
		if w == 1 {
			w = 8
		}
		return fmt.Sprintf("u%d", w)
	}
	sfx, _ := floatSuffix(t)
	if sfx == "f16" || sfx == "bf16" {
		return "b16"
	}
	return sfx
}

// vectorAccess reports whether a vector type loads and stores with one
// ld.v2/ld.v4 (2 or 4 elements of 32 or 64 bits).
func vectorAccess(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	if !ok || len(v.Shape) != 1 || v.Shape[0] != 2 && v.Shape[0] != 4 {
		return false
	}
	w := ir.IntOrFloatBitWidth(v.Elem)
	return (w == 32 || w == 64) && !(w == 64 && v.Shape[0] == 4)
}

// packedAccess reports whether a vector of 2, 4 or 8 16-bit elements
// loads and stores as 1, 2 or 4 32-bit words (ld.b32, ld.v2.b32,
// ld.v4.b32: 16 bytes in one access for eight bf16), each word holding
// two elements.
func packedAccess(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	if !ok || len(v.Shape) != 1 || v.Shape[0] != 2 && v.Shape[0] != 4 && v.Shape[0] != 8 {
		return false
	}
	return ir.IntOrFloatBitWidth(v.Elem) == 16
}

// accessChunk returns the elements of each access of a load or store of
// a 1-D vector longer than one access takes (more than four 32-bit
// elements, two 64-bit ones or eight 16-bit ones, in a whole number of
// such accesses): 4, 2 or 8, each chunk 16 bytes moved with one ld.v4,
// ld.v2 or packed ld.v4.b32 at its offset. The vector's natural
// alignment, as for the accesses of one chunk, is assumed.
func accessChunk(t ir.Type) (int, bool) {
	v, ok := t.(*ir.VectorType)
	if !ok || len(v.Shape) != 1 {
		return 0, false
	}
	n := int(v.Shape[0])
	chunk := map[int]int{16: 8, 32: 4, 64: 2}[ir.IntOrFloatBitWidth(v.Elem)]
	if chunk == 0 || n <= chunk || n%chunk != 0 {
		return 0, false
	}
	return chunk, true
}

// words returns n new 32-bit registers and their PTX vector operand.
func words(f *Func, n int) ([]string, string) {
	w := make([]string, n)
	for i := range w {
		w[i] = f.NewReg(B32)
	}
	if n == 1 {
		return w, w[0]
	}
	return w, "{" + strings.Join(w, ", ") + "}"
}

func vecSuffix(n int) string {
	if n == 1 {
		return ""
	}
	return fmt.Sprintf(".v%d", n)
}

func lowerLoad(f *Func, op *ir.Operation) error {
	l := llvm.LoadOp{Operation: op}
	sp, addr, err := f.address(op, 0)
	if err != nil {
		return err
	}
	vol := ""
	if l.Volatile() {
		vol = ".volatile"
	}
	t := op.Result(0).Type()
	regs, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	leaves, _ := Leaves(t)
	if chunk, ok := accessChunk(t); ok {
		for i := 0; i < len(regs); i += chunk {
			at := addrWithOffset(addr, int64(i*ir.IntOrFloatBitWidth(leaves[0])/8))
			part := regs[i : i+chunk]
			if chunk == 8 {
				w, list := words(f, 4)
				f.Emit("ld%s%s.v4.b32 %s, [%s];", vol, sp, list, at)
				for j, x := range w {
					f.Emit("mov.b32 {%s, %s}, %s;", part[2*j], part[2*j+1], x)
					f.unpacked(part[2*j], part[2*j+1], x)
				}
				continue
			}
			f.Emit("ld%s%s.v%d.%s {%s}, [%s];", vol, sp, chunk, memType(leaves[0]), strings.Join(part, ", "), at)
		}
		return nil
	}
	if vectorAccess(t) {
		f.Emit("ld%s%s.v%d.%s {%s}, [%s];", vol, sp, len(regs), memType(leaves[0]), strings.Join(regs, ", "), addr)
		return nil
	}
	if packedAccess(t) && len(regs)%2 == 0 {
		w, list := words(f, len(regs)/2)
		f.Emit("ld%s%s%s.b32 %s, [%s];", vol, sp, vecSuffix(len(w)), list, addr)
		for i, x := range w {
			f.Emit("mov.b32 {%s, %s}, %s;", regs[2*i], regs[2*i+1], x)
			f.unpacked(regs[2*i], regs[2*i+1], x)
		}
		return nil
	}
	offs, err := leafOffsets(t)
	if err != nil {
		return Errorf(op, "%v", err)
	}
	for i, r := range regs {
		at := addrWithOffset(addr, offs[i])
		if c, _ := ClassOf(leaves[i]); c == Pred {
			b := f.NewReg(B16)
			f.Emit("ld%s%s.u8 %s, [%s];", vol, sp, b, at)
			f.Emit("setp.ne.b16 %s, %s, 0;", r, b)
			continue
		}
		f.Emit("ld%s%s.%s %s, [%s];", vol, sp, memType(leaves[i]), r, at)
	}
	return nil
}

// address returns the state space and the address register of the
// pointer operand i of a load or store: a generic pointer that provably
// points into global memory is converted to a global address.
func (f *Func) address(op *ir.Operation, i int) (string, string, error) {
	sp, err := space(op, op.Operand(i).Type())
	if err != nil {
		return "", "", err
	}
	addr, err := f.Reg(op, i)
	if err != nil {
		return "", "", err
	}
	if sp == "" && f.globalAddress(op.Operand(i)) {
		g := f.NewReg(B64)
		f.Emit("cvta.to.global.u64 %s, %s;", g, addr)
		return ".global", g, nil
	}
	return sp, addr, nil
}

func addrWithOffset(addr string, off int64) string {
	if off == 0 {
		return addr
	}
	return fmt.Sprintf("%s+%d", addr, off)
}

func lowerStore(f *Func, op *ir.Operation) error {
	s := llvm.StoreOp{Operation: op}
	sp, addr, err := f.address(op, 1)
	if err != nil {
		return err
	}
	vals, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	vol := ""
	if s.Volatile() {
		vol = ".volatile"
	}
	t := op.Operand(0).Type()
	leaves, err := Leaves(t)
	if err != nil {
		return Errorf(op, "%v", err)
	}
	if chunk, ok := accessChunk(t); ok {
		for i := 0; i < len(vals); i += chunk {
			at := addrWithOffset(addr, int64(i*ir.IntOrFloatBitWidth(leaves[0])/8))
			part := vals[i : i+chunk]
			if chunk == 8 {
				w, list := words(f, 4)
				for j, x := range w {
					f.Emit("mov.b32 %s, {%s, %s};", x, part[2*j], part[2*j+1])
				}
				f.Emit("st%s%s.v4.b32 [%s], %s;", vol, sp, at, list)
				continue
			}
			f.Emit("st%s%s.v%d.%s [%s], {%s};", vol, sp, chunk, memType(leaves[0]), at, strings.Join(part, ", "))
		}
		return nil
	}
	if vectorAccess(t) {
		f.Emit("st%s%s.v%d.%s [%s], {%s};", vol, sp, len(vals), memType(leaves[0]), addr, strings.Join(vals, ", "))
		return nil
	}
	if packedAccess(t) && len(vals)%2 == 0 {
		w, list := words(f, len(vals)/2)
		for i, x := range w {
			f.Emit("mov.b32 %s, {%s, %s};", x, vals[2*i], vals[2*i+1])
		}
		f.Emit("st%s%s%s.b32 [%s], %s;", vol, sp, vecSuffix(len(w)), addr, list)
		return nil
	}
	offs, err := leafOffsets(t)
	if err != nil {
		return Errorf(op, "%v", err)
	}
	for i, v := range vals {
		at := addrWithOffset(addr, offs[i])
		if c, _ := ClassOf(leaves[i]); c == Pred {
			b := f.NewReg(B16)
			f.Emit("selp.u16 %s, 1, 0, %s;", b, v)
			f.Emit("st%s%s.u8 [%s], %s;", vol, sp, at, b)
			continue
		}
		f.Emit("st%s%s.%s [%s], %s;", vol, sp, memType(leaves[i]), at, v)
	}
	return nil
}

// gepIndices returns the indices of a GEP: constants, or -1 with the
// position of the dynamic index.
func gepIndices(op *ir.Operation) []int32 {
	d, ok := op.InherentAttr("rawConstantIndices").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	var out []int32
	for i := 0; i+4 <= len(d.Data); i += 4 {
		out = append(out, int32(uint32(d.Data[i])|uint32(d.Data[i+1])<<8|uint32(d.Data[i+2])<<16|uint32(d.Data[i+3])<<24))
	}
	return out
}

// dynamicIndex is the marker of a dynamic index in rawConstantIndices.
const dynamicIndex = math.MinInt32

func lowerGEP(f *Func, op *ir.Operation) error {
	g := llvm.GetelementptrOp{Operation: op}
	elem := g.ElemType()
	if elem == nil {
		return Errorf(op, "getelementptr without an element type")
	}
	base, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	cur := elem
	var constOff int64
	addr := base
	dyn := 1
	for k, idx := range gepIndices(op) {
		var stride int64
		var next ir.Type
		if k == 0 {
			s, _, err := layout(cur)
			if err != nil {
				return Errorf(op, "%v", err)
			}
			stride, next = s, cur
		} else {
			switch t := cur.(type) {
			case *llvm.StructType:
				if idx == dynamicIndex || idx < 0 || int(idx) >= len(t.Fields) {
					return Errorf(op, "invalid struct index into '%s'", typeString(t))
				}
				offs := int64(0)
				for i, fld := range t.Fields[:idx+1] {
					s, a, err := layout(fld)
					if err != nil {
						return Errorf(op, "%v", err)
					}
					if t.Packed {
						a = 1
					}
					offs = (offs + a - 1) / a * a
					if i < int(idx) {
						offs += s
					}
				}
				constOff += offs
				cur = t.Fields[idx]
				continue
			case *llvm.ArrayType:
				next = t.Elem
			case *ir.VectorType:
				next = t.Elem
			default:
				return Errorf(op, "getelementptr index into '%s', which is not an aggregate", typeString(cur))
			}
			s, _, err := layout(next)
			if err != nil {
				return Errorf(op, "%v", err)
			}
			stride = s
		}
		cur = next
		if idx != dynamicIndex {
			constOff += int64(idx) * stride
			continue
		}
		if dyn >= op.NumOperands() {
			return Errorf(op, "getelementptr has too few dynamic indices")
		}
		r, err := f.Reg(op, dyn)
		if err != nil {
			return err
		}
		it := op.Operand(dyn).Type()
		dyn++
		wide := r
		switch intWidth(it) {
		case 64:
		case 32:
			wide = f.NewReg(B64)
			f.Emit("cvt.s64.s32 %s, %s;", wide, r)
		case 16, 8:
			wide = f.NewReg(B64)
			f.Emit("cvt.s64.s%d %s, %s;", intWidth(it), wide, r)
		default:
			return Errorf(op, "getelementptr index of type '%s' is not supported", typeString(it))
		}
		sum := f.NewReg(B64)
		f.Emit("mad.lo.s64 %s, %s, %d, %s;", sum, wide, stride, addr)
		addr = sum
	}
	if constOff != 0 {
		sum := f.NewReg(B64)
		f.Emit("add.s64 %s, %s, %d;", sum, addr, constOff)
		addr = sum
	}
	return f.Alias(op.Result(0), []string{addr})
}

func positions(op *ir.Operation) []int64 {
	d, ok := op.InherentAttr("position").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	var out []int64
	for i := 0; i+8 <= len(d.Data); i += 8 {
		var v uint64
		for j := 7; j >= 0; j-- {
			v = v<<8 | uint64(d.Data[i+j])
		}
		out = append(out, int64(v))
	}
	return out
}

func lowerExtractValue(f *Func, op *ir.Operation) error {
	src, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	first, n, _, err := leafRange(op.Operand(0).Type(), positions(op))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	return f.Alias(op.Result(0), src[first:first+n])
}

func lowerInsertValue(f *Func, op *ir.Operation) error {
	agg, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	val, err := f.Src(op, 1)
	if err != nil {
		return err
	}
	first, n, _, err := leafRange(op.Operand(0).Type(), positions(op))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	if n != len(val) {
		return Errorf(op, "inserted value has %d elements, the position %d", len(val), n)
	}
	out := append([]string(nil), agg...)
	copy(out[first:], val)
	return f.Alias(op.Result(0), out)
}

// constantIndex returns the value of an operand defined by
// llvm.mlir.constant.
func constantIndex(op *ir.Operation, i int) (int64, bool) {
	def := ir.DefiningOp(op.Operand(i))
	if def == nil {
		return 0, false
	}
	if _, ok := llvm.AsMlirConstantOp(def); !ok {
		return 0, false
	}
	if a, ok := def.InherentAttr("value").(*ir.IntegerAttr); ok {
		return int64(a.Lo), true
	}
	return 0, false
}

func lowerExtractElement(f *Func, op *ir.Operation) error {
	vec, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	if k, ok := constantIndex(op, 1); ok {
		if k < 0 || int(k) >= len(vec) {
			return Errorf(op, "index %d out of bounds", k)
		}
		return f.Alias(op.Result(0), []string{vec[k]})
	}
	idx, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	t := op.Result(0).Type()
	c, _ := ClassOf(t)
	f.Emit("%s %s, %s;", classInfo[c].mov, d, vec[0])
	it := op.Operand(1).Type()
	for k := 1; k < len(vec); k++ {
		p := f.NewReg(Pred)
		f.Emit("setp.eq.%s %s, %s, %d;", intSuffix(it, false), p, idx, k)
		f.Emit("@%s %s %s, %s;", p, classInfo[c].mov, d, vec[k])
	}
	return nil
}

func lowerInsertElement(f *Func, op *ir.Operation) error {
	vec, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	val, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	if k, ok := constantIndex(op, 2); ok {
		if k < 0 || int(k) >= len(vec) {
			return Errorf(op, "index %d out of bounds", k)
		}
		out := append([]string(nil), vec...)
		out[k] = val
		return f.Alias(op.Result(0), out)
	}
	idx, err := f.Reg(op, 2)
	if err != nil {
		return err
	}
	dsts, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	c, _ := ClassOf(op.Operand(1).Type())
	it := op.Operand(2).Type()
	for k := range vec {
		f.Emit("%s %s, %s;", classInfo[c].mov, dsts[k], vec[k])
		p := f.NewReg(Pred)
		f.Emit("setp.eq.%s %s, %s, %d;", intSuffix(it, false), p, idx, k)
		f.Emit("@%s %s %s, %s;", p, classInfo[c].mov, dsts[k], val)
	}
	return nil
}

func lowerShuffle(f *Func, op *ir.Operation) error {
	a, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	b, err := f.Src(op, 1)
	if err != nil {
		return err
	}
	d, ok := op.InherentAttr("mask").(*ir.DenseArrayAttr)
	if !ok {
		return Errorf(op, "shufflevector without a mask")
	}
	all := append(append([]string(nil), a...), b...)
	var out []string
	for i := 0; i+4 <= len(d.Data); i += 4 {
		m := int32(uint32(d.Data[i]) | uint32(d.Data[i+1])<<8 | uint32(d.Data[i+2])<<16 | uint32(d.Data[i+3])<<24)
		if m < 0 || int(m) >= len(all) {
			// An undefined element.
			out = append(out, all[0])
			continue
		}
		out = append(out, all[m])
	}
	return f.Alias(op.Result(0), out)
}

var icmpNames = map[llvm.ICmpPredicate]struct {
	cmp    string
	signed bool
}{
	llvm.ICmpPredicateEq: {"eq", false}, llvm.ICmpPredicateNe: {"ne", false},
	llvm.ICmpPredicateSlt: {"lt", true}, llvm.ICmpPredicateSle: {"le", true},
	llvm.ICmpPredicateSgt: {"gt", true}, llvm.ICmpPredicateSge: {"ge", true},
	llvm.ICmpPredicateUlt: {"lo", false}, llvm.ICmpPredicateUle: {"ls", false},
	llvm.ICmpPredicateUgt: {"hi", false}, llvm.ICmpPredicateUge: {"hs", false},
}

func lowerICmp(f *Func, op *ir.Operation) error {
	p, ok := icmpNames[llvm.IcmpOp{Operation: op}.Predicate()]
	if !ok {
		return Errorf(op, "unknown icmp predicate")
	}
	return leafwise(f, op, func(d string, s []string, _, t ir.Type) error {
		a, b := s[0], s[1]
		if intWidth(t) == 1 {
			switch p.cmp {
			case "eq":
				x := f.NewReg(Pred)
				f.Emit("xor.pred %s, %s, %s;", x, a, b)
				f.Emit("not.pred %s, %s;", d, x)
				return nil
			case "ne":
				f.Emit("xor.pred %s, %s, %s;", d, a, b)
				return nil
			}
			// i1 is -1 or 0 when signed, 1 or 0 when not.
			ra, rb := f.NewReg(B32), f.NewReg(B32)
			one := "1"
			if p.signed {
				one = "-1"
			}
			f.Emit("selp.s32 %s, %s, 0, %s;", ra, one, a)
			f.Emit("selp.s32 %s, %s, 0, %s;", rb, one, b)
			a, b = ra, rb
			t = op.Context().IntegerType(32, ir.Signless)
		}
		if intWidth(t) == 0 {
			return fmt.Errorf("'%s' on '%s'", op.Name(), typeString(t))
		}
		a = normalize(f, a, t, p.signed)
		b = normalize(f, b, t, p.signed)
		sfx := intSuffix(t, p.signed)
		if p.cmp == "eq" || p.cmp == "ne" {
			sfx = strings.Replace(sfx, "u", "b", 1)
			if intWidth(t) == 8 {
				sfx = "b16"
			}
		}
		f.Emit("setp.%s.%s %s, %s, %s;", p.cmp, sfx, d, a, b)
		return nil
	})
}

var fcmpNames = map[llvm.FCmpPredicate]string{
	llvm.FCmpPredicateOeq: "eq", llvm.FCmpPredicateOgt: "gt", llvm.FCmpPredicateOge: "ge",
	llvm.FCmpPredicateOlt: "lt", llvm.FCmpPredicateOle: "le", llvm.FCmpPredicateOne: "ne",
	llvm.FCmpPredicateOrd: "num", llvm.FCmpPredicateUeq: "equ", llvm.FCmpPredicateUgt: "gtu",
	llvm.FCmpPredicateUge: "geu", llvm.FCmpPredicateUlt: "ltu", llvm.FCmpPredicateUle: "leu",
	llvm.FCmpPredicateUne: "neu", llvm.FCmpPredicateUno: "nan",
}

func lowerFCmp(f *Func, op *ir.Operation) error {
	pred := llvm.FcmpOp{Operation: op}.Predicate()
	return leafwise(f, op, func(d string, s []string, _, t ir.Type) error {
		switch pred {
		case llvm.FCmpPredicateTrue:
			setConst(f, d, op.Result(0).Type(), 1)
			return nil
		case llvm.FCmpPredicateFalse:
			setConst(f, d, op.Result(0).Type(), 0)
			return nil
		}
		sfx, ok := floatSuffix(t)
		if !ok {
			return fmt.Errorf("'%s' on '%s'", op.Name(), typeString(t))
		}
		a, b := s[0], s[1]
		if sfx == "bf16" {
			// Compare exactly in f32.
			if err := f.Require(op, Feature{Name: "cvt.f32.bf16", SM: 90, PTX: 78}); err != nil {
				return err
			}
			wa, wb := f.NewReg(F32), f.NewReg(F32)
			f.Emit("cvt.f32.bf16 %s, %s;", wa, a)
			f.Emit("cvt.f32.bf16 %s, %s;", wb, b)
			a, b, sfx = wa, wb, "f32"
		}
		f.Emit("setp.%s.%s %s, %s, %s;", fcmpNames[pred], sfx, d, a, b)
		return nil
	})
}

func lowerSelect(f *Func, op *ir.Operation) error {
	cond, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	a, err := f.Src(op, 1)
	if err != nil {
		return err
	}
	b, err := f.Src(op, 2)
	if err != nil {
		return err
	}
	dsts, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	leaves, _ := Leaves(op.Result(0).Type())
	for k, d := range dsts {
		c := cond[0]
		if len(cond) == len(dsts) {
			c = cond[k]
		}
		cls, _ := ClassOf(leaves[k])
		switch cls {
		case Pred:
			f.Emit("@%s mov.pred %s, %s;", c, d, a[k])
			f.Emit("@!%s mov.pred %s, %s;", c, d, b[k])
		case F32:
			f.Emit("selp.f32 %s, %s, %s, %s;", d, a[k], b[k], c)
		case F64:
			f.Emit("selp.f64 %s, %s, %s, %s;", d, a[k], b[k], c)
		default:
			f.Emit("selp.%s %s, %s, %s, %s;", bitSuffix(leaves[k]), d, a[k], b[k], c)
		}
	}
	return nil
}

// cvtInt converts an integer register of type from to type to (both wider
// than i1), extending signed or unsigned or truncating.
func cvtInt(f *Func, d, s string, to, from ir.Type, signed bool) {
	tw, fw := intWidth(to), intWidth(from)
	if tw == fw {
		f.Emit("mov.%s %s, %s;", bitSuffix(to), d, s)
		return
	}
	sign := "u"
	if signed {
		sign = "s"
	}
	dt := fmt.Sprintf("%s%d", sign, max(tw, 16))
	if tw == 8 {
		dt = "u16"
	}
	f.Emit("cvt.%s.%s%d %s, %s;", dt, sign, fw, d, s)
}

func lowerExt(signed bool) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, rt, st ir.Type) error {
			if intWidth(rt) == 0 || intWidth(st) == 0 {
				return fmt.Errorf("'%s' of '%s'", op.Name(), typeString(st))
			}
			if intWidth(st) == 1 {
				v := "1"
				if signed {
					v = "-1"
				}
				f.Emit("selp.%s %s, %s, 0, %s;", bitSuffix(rt), d, v, s[0])
				return nil
			}
			cvtInt(f, d, s[0], rt, st, signed)
			return nil
		})
	}
}

func lowerTrunc(f *Func, op *ir.Operation) error {
	return leafwise(f, op, func(d string, s []string, rt, st ir.Type) error {
		if intWidth(rt) == 1 {
			t := f.NewReg(mustClass(st))
			f.Emit("and.%s %s, %s, 1;", bitSuffix(st), t, s[0])
			f.Emit("setp.eq.%s %s, %s, 1;", bitSuffix(st), d, t)
			return nil
		}
		if intWidth(rt) == intWidth(st) || intWidth(rt) == 8 && intWidth(st) == 16 {
			f.Emit("mov.%s %s, %s;", bitSuffix(rt), d, s[0])
			return nil
		}
		w := intWidth(rt)
		if w == 8 {
			w = 16
		}
		f.Emit("cvt.u%d.u%d %s, %s;", w, intWidth(st), d, s[0])
		return nil
	})
}

func mustClass(t ir.Type) Class {
	c, _ := ClassOf(t)
	return c
}

func lowerIntToFP(signed bool) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, rt, st ir.Type) error {
			sfx, ok := floatSuffix(rt)
			if !ok || intWidth(st) == 0 {
				return fmt.Errorf("'%s' of '%s'", op.Name(), typeString(st))
			}
			src, sign, w := s[0], "u", intWidth(st)
			if signed {
				sign = "s"
			}
			if w == 1 {
				src = f.NewReg(B32)
				v := "1"
				if signed {
					v = "-1"
				}
				f.Emit("selp.s32 %s, %s, 0, %s;", src, v, s[0])
				w = 32
			}
			if sfx == "bf16" {
				if err := f.Require(op, Feature{Name: "cvt.rn.bf16 from integers", SM: 90, PTX: 78}); err != nil {
					return err
				}
			}
			f.Emit("cvt.rn.%s.%s%d %s, %s;", sfx, sign, w, d, src)
			return nil
		})
	}
}

func lowerFPToInt(signed bool) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, rt, st ir.Type) error {
			sfx, ok := floatSuffix(st)
			w := intWidth(rt)
			if !ok || w < 8 {
				return fmt.Errorf("'%s' to '%s' is not supported by the PTX emitter", op.Name(), typeString(rt))
			}
			sign := "u"
			if signed {
				sign = "s"
			}
			if w == 8 {
				w = 16
			}
			if sfx == "bf16" {
				if err := f.Require(op, Feature{Name: "cvt.rzi from bf16", SM: 90, PTX: 78}); err != nil {
					return err
				}
			}
			f.Emit("cvt.rzi.%s%d.%s %s, %s;", sign, w, sfx, d, s[0])
			return nil
		})
	}
}

func lowerFPCast(f *Func, op *ir.Operation) error {
	return leafwise(f, op, func(d string, s []string, rt, st ir.Type) error {
		to, ok1 := floatSuffix(rt)
		from, ok2 := floatSuffix(st)
		if !ok1 || !ok2 {
			return fmt.Errorf("'%s' of '%s'", op.Name(), typeString(st))
		}
		switch {
		case from == "bf16" && to == "f32":
			// bf16 is the high half of an f32.
			z := f.NewReg(B16)
			f.Emit("mov.b16 %s, 0;", z)
			f.Emit("mov.b32 %s, {%s, %s};", d, z, s[0])
		case from == "bf16" || to == "bf16" && from != "f32":
			if err := f.Require(op, Feature{Name: "cvt between bf16 and " + from + to, SM: 90, PTX: 78}); err != nil {
				return err
			}
			f.Emit("cvt.rn.%s.%s %s, %s;", to, from, d, s[0])
		case ir.IntOrFloatBitWidth(rt) > ir.IntOrFloatBitWidth(st):
			f.Emit("cvt.%s.%s %s, %s;", to, from, d, s[0])
		default:
			f.Emit("cvt.rn.%s.%s %s, %s;", to, from, d, s[0])
		}
		return nil
	})
}

func lowerBitcast(f *Func, op *ir.Operation) error {
	src, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	st, rt := op.Operand(0).Type(), op.Result(0).Type()
	sl, _ := Leaves(st)
	rl, err := Leaves(rt)
	if err != nil {
		return Errorf(op, "%v", err)
	}
	unsupported := Errorf(op, "bitcast from '%s' to '%s' is not supported by the PTX emitter", typeString(st), typeString(rt))
	if out, ok, err := pairBitcast(f, src, sl, rl); ok || err != nil {
		if err != nil {
			return Errorf(op, "%v", err)
		}
		return f.Alias(op.Result(0), out)
	}
	if len(sl) != len(rl) {
		// One wide register and a vector of narrower ones: PTX's
		// vector moves pack and unpack them.
		ss, _, err1 := layout(st)
		rs, _, err2 := layout(rt)
		if err1 != nil || err2 != nil || ss != rs || ss != 4 && ss != 8 || len(sl) != 1 && len(rl) != 1 {
			return unsupported
		}
		if mustClass(sl[0]) == Pred || mustClass(rl[0]) == Pred {
			return unsupported
		}
		bits := fmt.Sprintf("b%d", ss*8)
		if len(sl) == 1 {
			dst, err := f.Def(op.Result(0))
			if err != nil {
				return Errorf(op, "%v", err)
			}
			f.Emit("mov.%s {%s}, %s;", bits, strings.Join(dst, ", "), src[0])
			return nil
		}
		d, err := f.DefReg(op.Result(0))
		if err != nil {
			return Errorf(op, "%v", err)
		}
		f.Emit("mov.%s %s, {%s};", bits, d, strings.Join(src, ", "))
		return nil
	}
	out := make([]string, len(src))
	for i := range src {
		cs, cr := mustClass(sl[i]), mustClass(rl[i])
		if cs == cr {
			out[i] = src[i]
			continue
		}
		if cs == Pred || cr == Pred {
			return unsupported
		}
		out[i] = f.NewReg(cr)
		f.Emit("mov.%s %s, %s;", bitSuffix(rl[i]), out[i], src[i])
	}
	return f.Alias(op.Result(0), out)
}

// pairBitcast moves a vector of 16-bit elements into one of 32-bit
// elements, each word two elements (the first in the low half), or back;
// it reports false for other bitcasts. A pair that a load unpacked from
// one word is that word again, so that the word's consumers do not wait
// on the load until they use it.
func pairBitcast(f *Func, src []string, sl, rl []ir.Type) ([]string, bool, error) {
	narrow := func(ts []ir.Type, w int) bool {
		for _, t := range ts {
			if ir.IntOrFloatBitWidth(t) != w || mustClass(t) == Pred {
				return false
			}
		}
		return true
	}
	switch {
	case len(rl) > 1 && len(sl) == 2*len(rl) && narrow(sl, 16) && narrow(rl, 32):
		out := make([]string, len(rl))
		for i := range out {
			if w, ok := f.words[src[2*i]+"|"+src[2*i+1]]; ok {
				out[i] = w
				continue
			}
			out[i] = f.NewReg(B32)
			f.Emit("mov.b32 %s, {%s, %s};", out[i], src[2*i], src[2*i+1])
		}
		return out, true, nil
	case len(sl) > 1 && len(rl) == 2*len(sl) && narrow(sl, 32) && narrow(rl, 16):
		out := make([]string, len(rl))
		for i, w := range src {
			out[2*i], out[2*i+1] = f.NewReg(mustClass(rl[2*i])), f.NewReg(mustClass(rl[2*i+1]))
			f.Emit("mov.b32 {%s, %s}, %s;", out[2*i], out[2*i+1], w)
		}
		return out, true, nil
	}
	return nil, false, nil
}

func lowerAddrSpaceCast(f *Func, op *ir.Operation) error {
	s, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	from, ok1 := op.Operand(0).Type().(*llvm.PointerType)
	to, ok2 := op.Result(0).Type().(*llvm.PointerType)
	if !ok1 || !ok2 {
		return Errorf(op, "addrspacecast of vectors of pointers is not supported by the PTX emitter")
	}
	if from.AddrSpace == to.AddrSpace {
		return f.Alias(op.Result(0), []string{s})
	}
	// A shared::cta address is the shared::cluster address of the same
	// location in the executing CTA.
	if from.AddrSpace == 3 && to.AddrSpace == 7 {
		if err := f.Require(op, Feature{Name: "the shared::cluster state space", SM: 90, PTX: 78}); err != nil {
			return err
		}
		return f.Alias(op.Result(0), []string{s})
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	switch {
	case from.AddrSpace == 0:
		sp, ok := stateSpace(to.AddrSpace)
		if !ok {
			return Errorf(op, "address space %d has no PTX state space", to.AddrSpace)
		}
		f.Emit("cvta.to%s.u64 %s, %s;", sp, d, s)
	case to.AddrSpace == 0:
		sp, ok := stateSpace(from.AddrSpace)
		if !ok {
			return Errorf(op, "address space %d has no PTX state space", from.AddrSpace)
		}
		f.Emit("cvta%s.u64 %s, %s;", sp, d, s)
	default:
		return Errorf(op, "addrspacecast from %d to %d: cast through the generic address space", from.AddrSpace, to.AddrSpace)
	}
	return nil
}

func lowerPtrToInt(f *Func, op *ir.Operation) error {
	s, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	switch intWidth(op.Result(0).Type()) {
	case 64:
		return f.Alias(op.Result(0), []string{s})
	case 32:
		d, err := f.DefReg(op.Result(0))
		if err != nil {
			return Errorf(op, "%v", err)
		}
		f.Emit("cvt.u32.u64 %s, %s;", d, s)
		return nil
	}
	return Errorf(op, "ptrtoint to '%s' is not supported by the PTX emitter", typeString(op.Result(0).Type()))
}

func lowerIntToPtr(f *Func, op *ir.Operation) error {
	s, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	switch intWidth(op.Operand(0).Type()) {
	case 64:
		return f.Alias(op.Result(0), []string{s})
	case 32:
		d, err := f.DefReg(op.Result(0))
		if err != nil {
			return Errorf(op, "%v", err)
		}
		f.Emit("cvt.u64.u32 %s, %s;", d, s)
		return nil
	}
	return Errorf(op, "inttoptr from '%s' is not supported by the PTX emitter", typeString(op.Operand(0).Type()))
}

var atomicNames = map[llvm.AtomicBinOp]struct {
	inst string
	kind byte // 'b' bits, 's' signed, 'u' unsigned, 'f' float
}{
	llvm.AtomicBinOpXchg: {"exch", 'b'}, llvm.AtomicBinOpAdd: {"add", 'u'}, llvm.AtomicBinOpAnd: {"and", 'b'},
	llvm.AtomicBinOpOr: {"or", 'b'}, llvm.AtomicBinOpXor: {"xor", 'b'}, llvm.AtomicBinOpMax: {"max", 's'},
	llvm.AtomicBinOpMin: {"min", 's'}, llvm.AtomicBinOpUmax: {"max", 'u'}, llvm.AtomicBinOpUmin: {"min", 'u'},
	llvm.AtomicBinOpFadd: {"add", 'f'},
}

func lowerAtomicRMW(f *Func, op *ir.Operation) error {
	a := llvm.AtomicrmwOp{Operation: op}
	n, ok := atomicNames[a.BinOp()]
	if !ok {
		return Errorf(op, "atomicrmw %s is not supported by the PTX emitter", a.BinOp())
	}
	sp, err := space(op, op.Operand(0).Type())
	if err != nil {
		return err
	}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	v, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	t := op.Operand(1).Type()
	var sfx string
	switch n.kind {
	case 'f':
		s, ok := floatSuffix(t)
		if !ok || s != "f32" && s != "f64" {
			return Errorf(op, "atomicrmw fadd on '%s' is not supported by the PTX emitter", typeString(t))
		}
		sfx = s
	case 'b':
		sfx = bitSuffix(t)
	default:
		sfx = intSuffix(t, n.kind == 's')
	}
	if w := intWidth(t); w != 0 && w != 32 && w != 64 {
		return Errorf(op, "atomicrmw on '%s' is not supported by the PTX emitter", typeString(t))
	}
	f.Emit("atom%s.%s.%s %s, [%s], %s;", sp, n.inst, sfx, d, addr, v)
	return nil
}

// Control flow.

func lowerReturn(f *Func, op *ir.Operation) error {
	if op.NumOperands() == 1 {
		if f.kernel {
			return Errorf(op, "a kernel must return nothing")
		}
		r, err := f.Reg(op, 0)
		if err != nil {
			return err
		}
		t := op.Operand(0).Type()
		pt, err := paramType(t)
		if err != nil {
			return Errorf(op, "%v", err)
		}
		if mustClass(t) == Pred {
			b := f.NewReg(B16)
			f.Emit("selp.u16 %s, 1, 0, %s;", b, r)
			r = b
		}
		f.Emit("st.param%s [func_retval0], %s;", strings.Replace(pt, ".u", ".b", 1), r)
	}
	f.Emit("ret;")
	return nil
}

func lowerBr(f *Func, op *ir.Operation) error {
	return f.Branch(op, op.Successor(0), op.Operands())
}

func lowerCondBr(f *Func, op *ir.Operation) error {
	c := llvm.CondBrOp{Operation: op}
	p, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	return f.CondBranch(op, p, op.Successor(0), c.TrueDestOperands(), op.Successor(1), c.FalseDestOperands())
}

func lowerSwitch(f *Func, op *ir.Operation) error {
	s := llvm.SwitchOp{Operation: op}
	v, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	t := op.Operand(0).Type()
	var cases []uint64
	switch a := s.CaseValues().(type) {
	case nil:
	case *ir.DenseElementsAttr:
		w := (ir.IntOrFloatBitWidth(a.Type.ElementType()) + 7) / 8
		for i := 0; i+w <= len(a.Data); i += w {
			var x uint64
			for j := w - 1; j >= 0; j-- {
				x = x<<8 | uint64(a.Data[i+j])
			}
			cases = append(cases, x)
		}
	default:
		return Errorf(op, "switch case values must be a dense integer attribute")
	}
	segs := intList(s.CaseOperandSegments())
	caseOps := s.CaseOperands()
	dests := s.CaseDestinations()
	if len(cases) != len(dests) || len(segs) != len(dests) {
		return Errorf(op, "switch has %d case values for %d destinations", len(cases), len(dests))
	}
	v = normalize(f, v, t, false)
	sfx := bitSuffix(t)
	var at int64
	for i, dest := range dests {
		ops := caseOps[at : at+segs[i]]
		at += segs[i]
		p := f.NewReg(Pred)
		mask := uint64(1)<<uint(max(intWidth(t), 1)) - 1
		if intWidth(t) >= 64 {
			mask = ^uint64(0)
		}
		f.Emit("setp.eq.%s %s, %s, %s;", sfx, p, v, strconv.FormatUint(cases[i]&mask, 10))
		f.edges++
		next := fmt.Sprintf("$L__edge%d_%d", f.index, f.edges)
		f.Emit("@!%s bra %s;", p, next)
		if err := f.Branch(op, dest, ops); err != nil {
			return err
		}
		f.EmitRaw(next + ":\n")
	}
	return f.Branch(op, s.DefaultDestination(), s.DefaultOperands())
}

// nativeLibdevice are the libdevice functions that are one PTX
// instruction (or two), which the emitter writes in place of the call,
// by the number of arguments they take: exp2f is ex2.approx.f32 (CUDA
// documents exp2f's error as 2 ulp, the instruction's bound); rsqrtf is
// rsqrt.approx.f32 (2 ulp, the instruction nvcc makes of it); expf is
// ex2.approx.f32 of x·log2(e), as llvm.intr.exp is; fmaxf and fminf are
// max.f32 and min.f32, which return the other operand when one is NaN, as
// fmaxf and fminf do; fmaf is fma.rn.f32, correctly rounded as fmaf is.
// Under the ftz flag of the module's #nvvm.target, exp2f and expf are
// ex2.approx.ftz.f32, as libdevice's are under nvvm-reflect-ftz (one
// MUFU.EX2 each, without the rescaling of subnormal arguments and
// results).
var nativeLibdevice = map[string]struct {
	args int
	fn   lowerFn
}{
	"__nv_exp2f": {1, libdeviceFTZ(approxOp("ex2.approx", 1, 0), approxOp("ex2.approx.ftz", 1, 0))},
	"__nv_expf":  {1, libdeviceFTZ(approxOp("ex2.approx", 1, math.Log2E), approxOp("ex2.approx.ftz", 1, math.Log2E))},
	"__nv_fast_expf": {1, func(f *Func, op *ir.Operation) error {
		return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
			x := f.NewReg(F32)
			f.Emit("mul.ftz.f32 %s, %s, %s;", x, s[0], f32Imm(float32(math.Log2E)))
			f.Emit("ex2.approx.ftz.f32 %s, %s;", d, x)
			return nil
		})
	}},
	"__nv_rsqrtf": {1, approxOp("rsqrt.approx", 1, 0)},
	"__nv_fmaxf":  {2, floatOp("max", 2)},
	"__nv_fmaf":   {3, floatOp("fma.rn", 3)},
	"__nv_fminf":  {2, floatOp("min", 2)},
}

// libdeviceFTZ lowers a libdevice function as fn, or as ftz under the
// module's ftz flag.
func libdeviceFTZ(fn, ftz lowerFn) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		if f.m.ftz {
			return ftz(f, op)
		}
		return fn(f, op)
	}
}

func lowerCall(f *Func, op *ir.Operation) error {
	c := llvm.CallOp{Operation: op}
	callee, ok := c.Callee()
	if !ok || callee == "" {
		return Errorf(op, "indirect calls are not supported by the PTX emitter")
	}
	fn, ok := f.m.funcs[callee]
	if !ok {
		return Errorf(op, "call of '@%s', which is not defined in the module", callee)
	}
	if (llvm.FuncOp{Operation: fn}).Body().Empty() && !systemCalls[callee] {
		if native, ok := nativeLibdevice[callee]; ok && len(c.CalleeOperands()) == native.args && op.NumResults() == 1 {
			return native.fn(f, op)
		}
		return Errorf(op, "call of '@%s', which has no definition in the module (device libraries such as libdevice are not linked by the PTX emitter)", callee)
	}
	if isKernel(fn) {
		return Errorf(op, "call of the kernel '@%s'", callee)
	}
	args := c.CalleeOperands()
	f.EmitRaw("\t{ // callseq\n")
	var params []string
	for i, a := range args {
		pt, err := paramType(a.Type())
		if err != nil {
			return Errorf(op, "argument %d: %v", i, err)
		}
		r, err := f.Reg(op, i)
		if err != nil {
			return err
		}
		bt := strings.Replace(pt, ".u", ".b", 1)
		name := fmt.Sprintf("param%d", i)
		f.Emit(".param %s %s;", bt, name)
		if mustClass(a.Type()) == Pred {
			b := f.NewReg(B16)
			f.Emit("selp.u16 %s, 1, 0, %s;", b, r)
			r = b
		}
		f.Emit("st.param%s [%s], %s;", bt, name, r)
		params = append(params, name)
	}
	ret := ""
	var rt ir.Type
	if op.NumResults() == 1 {
		rt = op.Result(0).Type()
		pt, err := paramType(rt)
		if err != nil {
			return Errorf(op, "result: %v", err)
		}
		f.Emit(".param %s retval0;", strings.Replace(pt, ".u", ".b", 1))
		ret = "(retval0), "
	}
	f.Emit("call.uni %s%s, (%s);", ret, ptxName(callee), strings.Join(params, ", "))
	if rt != nil {
		d, err := f.DefReg(op.Result(0))
		if err != nil {
			return Errorf(op, "%v", err)
		}
		pt, _ := paramType(rt)
		if mustClass(rt) == Pred {
			b := f.NewReg(B16)
			f.Emit("ld.param.b8 %s, [retval0];", b)
			f.Emit("setp.ne.b16 %s, %s, 0;", d, b)
		} else {
			f.Emit("ld.param%s %s, [retval0];", strings.Replace(pt, ".u", ".b", 1), d)
		}
	}
	f.EmitRaw("\t}\n")
	return nil
}

// lowerCttz counts trailing zeros as the leading zeros of the reversed
// bits.
func lowerCttz(f *Func, op *ir.Operation) error {
	return leafwise(f, op, func(d string, s []string, t, _ ir.Type) error {
		w := intWidth(t)
		if w != 32 && w != 64 {
			return fmt.Errorf("'%s' on '%s' is not supported by the PTX emitter", op.Name(), typeString(t))
		}
		c, _ := ClassOf(t)
		r := f.NewReg(c)
		f.Emit("brev.b%d %s, %s;", w, r, s[0])
		if w == 32 {
			f.Emit("clz.b32 %s, %s;", d, r)
			return nil
		}
		n := f.NewReg(B32)
		f.Emit("clz.b64 %s, %s;", n, r)
		f.Emit("cvt.u64.u32 %s, %s;", d, n)
		return nil
	})
}

// lowerAlloca reserves a constant number of elements in the function's
// local memory; the pointer is generic (cvta.local) unless the result is
// in address space 5.
func lowerAlloca(f *Func, op *ir.Operation) error {
	n, ok := constantIndex(op, 0)
	if !ok || n < 0 {
		return Errorf(op, "alloca of a dynamic number of elements is not supported by the PTX emitter")
	}
	ta, ok := op.InherentAttr("elem_type").(*ir.TypeAttr)
	if !ok {
		return Errorf(op, "alloca without an element type")
	}
	size, align, err := layout(ta.Type)
	if err != nil {
		return Errorf(op, "%v", err)
	}
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok && int64(a.Lo) > align {
		align = int64(a.Lo)
	}
	// A zero-sized alloca still has an address of its own.
	off := f.Local(max(size*n, 1), align)
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	local := d
	generic := true
	if p, ok := op.Result(0).Type().(*llvm.PointerType); ok && p.AddrSpace == 5 {
		generic = false
	}
	if generic {
		local = f.NewReg(B64)
	}
	f.Emit("mov.u64 %s, %s;", local, f.DepotName())
	if off != 0 {
		f.Emit("add.u64 %s, %s, %d;", local, local, off)
	}
	if generic {
		f.Emit("cvta.local.u64 %s, %s;", d, local)
	}
	return nil
}
