package ptx

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// The warp matrix operations of nvvm.wmma.* (sm_70's tensor cores) on f16
// multiplicands with f16 or f32 accumulators, whose fragments of pairs of
// f16 travel in 32-bit registers, and (sm_80's) on f64 of shape m8n8k4.

func wmmaLowerings() map[string]lowerFn {
	return map[string]lowerFn{
		"nvvm.wmma.load":  lowerWmmaLoad,
		"nvvm.wmma.store": lowerWmmaStore,
		"nvvm.wmma.mma":   lowerWmmaMma,
	}
}

// The wmma instructions are written with .aligned, which PTX ISA 6.3
// introduced (ptxas rejects it in a .version 6.0 module).
var (
	wmmaFeature    = Feature{Name: "wmma", SM: 70, PTX: 63}
	wmmaF64Feature = Feature{Name: "wmma of f64", SM: 80, PTX: 70}
)

// requireWmma checks the chip for wmma of elements of type t.
func requireWmma(f *Func, op *ir.Operation, t string) error {
	if t == "f64" {
		return f.Require(op, wmmaF64Feature)
	}
	return f.Require(op, wmmaFeature)
}

// wmmaShape returns the shape suffix of a wmma operation, checking that it
// is one of the shapes of f16 multiplicands or f64's m8n8k4.
func wmmaShape(op *ir.Operation, m, n, k int32) (string, error) {
	if k == 16 && (m == 16 && n == 16 || m == 32 && n == 8 || m == 8 && n == 32) || m == 8 && n == 8 && k == 4 {
		return fmt.Sprintf(".m%dn%dk%d", m, n, k), nil
	}
	return "", Errorf(op, "wmma of shape m%dn%dk%d is not supported by the PTX emitter", m, n, k)
}

// wmmaType checks a fragment's element type for the PTX emitter.
func wmmaType(op *ir.Operation, t string) error {
	if t != "f16" && t != "f32" && t != "f64" {
		return Errorf(op, "wmma of %s fragments is not supported by the PTX emitter", t)
	}
	return nil
}

// packedResult defines the registers of a fragment result: a 32-bit
// register for each pair of 16-bit values (unpacked after the
// instruction by the returned moves) or the value's own register.
func packedResult(f *Func, op *ir.Operation, v ir.Value) ([]string, [][3]string, error) {
	res, err := f.Def(v)
	if err != nil {
		return nil, nil, Errorf(op, "%v", err)
	}
	leaves, _ := Leaves(v.Type())
	var regs []string
	var unpack [][3]string
	for i := 0; i < len(res); i++ {
		if mustClass(leaves[i]) == B16 && i+1 < len(res) {
			p := f.NewReg(B32)
			regs = append(regs, p)
			unpack = append(unpack, [3]string{res[i], res[i+1], p})
			i++
			continue
		}
		regs = append(regs, res[i])
	}
	return regs, unpack, nil
}

func emitUnpack(f *Func, unpack [][3]string) {
	for _, u := range unpack {
		f.Emit("mov.b32 {%s, %s}, %s;", u[0], u[1], u[2])
	}
}

func lowerWmmaLoad(f *Func, op *ir.Operation) error {
	w := nvvm.WmmaLoadOp{Operation: op}
	if err := requireWmma(f, op, w.Eltype().String()); err != nil {
		return err
	}
	shape, err := wmmaShape(op, w.M(), w.N(), w.K())
	if err != nil {
		return err
	}
	if err := wmmaType(op, w.Eltype().String()); err != nil {
		return err
	}
	sp, err := space(op, w.Ptr().Type())
	if err != nil {
		return err
	}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	stride, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	regs, unpack, err := packedResult(f, op, w.Res())
	if err != nil {
		return err
	}
	f.Emit("wmma.load.%s.sync.aligned.%s%s%s.%s {%s}, [%s], %s;", w.Frag(), w.Layout(), shape, sp, w.Eltype(),
		strings.Join(regs, ", "), addr, stride)
	emitUnpack(f, unpack)
	return nil
}

func lowerWmmaStore(f *Func, op *ir.Operation) error {
	w := nvvm.WmmaStoreOp{Operation: op}
	if err := requireWmma(f, op, w.Eltype().String()); err != nil {
		return err
	}
	shape, err := wmmaShape(op, w.M(), w.N(), w.K())
	if err != nil {
		return err
	}
	if err := wmmaType(op, w.Eltype().String()); err != nil {
		return err
	}
	sp, err := space(op, w.Ptr().Type())
	if err != nil {
		return err
	}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	regs, _, err := mmaRegs(f, op, w.Args())
	if err != nil {
		return err
	}
	stride, err := regOf(f, op, w.Stride())
	if err != nil {
		return err
	}
	f.Emit("wmma.store.d.sync.aligned.%s%s%s.%s [%s], {%s}, %s;", w.Layout(), shape, sp, w.Eltype(), addr,
		strings.Join(regs, ", "), stride)
	return nil
}

// lowerWmmaMma lowers the product of f16 or f64 fragments: eltypeA is the
// multiplicands' type and eltypeB the accumulator's (C and D).
func lowerWmmaMma(f *Func, op *ir.Operation) error {
	w := nvvm.WmmaMmaOp{Operation: op}
	at := w.EltypeA().String()
	if err := requireWmma(f, op, at); err != nil {
		return err
	}
	shape, err := wmmaShape(op, w.M(), w.N(), w.K())
	if err != nil {
		return err
	}
	if at != "f16" && at != "f64" {
		return Errorf(op, "wmma of %s multiplicands is not supported by the PTX emitter", w.EltypeA())
	}
	ct := w.EltypeB().String()
	if err := wmmaType(op, ct); err != nil {
		return err
	}
	// A and B hold 8 registers of f16 pairs each (one f64 each), the rest
	// is C.
	na := 8
	if at == "f64" {
		na = 1
	}
	args := w.Args()
	if len(args) <= 2*na {
		return Errorf(op, "wmma.mma of %d operands", len(args))
	}
	a, _, err := mmaRegs(f, op, args[:na])
	if err != nil {
		return err
	}
	b, _, err := mmaRegs(f, op, args[na:2*na])
	if err != nil {
		return err
	}
	c, _, err := mmaRegs(f, op, args[2*na:])
	if err != nil {
		return err
	}
	d, unpack, err := packedResult(f, op, w.Res())
	if err != nil {
		return err
	}
	types := "." + ct + "." + ct
	if at == "f64" {
		types = ".f64.f64.f64.f64"
	}
	f.Emit("wmma.mma.sync.aligned.%s.%s%s%s {%s}, {%s}, {%s}, {%s};", w.LayoutA(), w.LayoutB(), shape, types,
		strings.Join(d, ", "), strings.Join(a, ", "), strings.Join(b, ", "), strings.Join(c, ", "))
	emitUnpack(f, unpack)
	return nil
}
