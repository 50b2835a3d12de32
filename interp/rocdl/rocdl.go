// Package rocdl gives the rocdl dialect's operations their semantics in
// the interpreter, on the SIMT model of core/interp/simt with the
// launch's wavefront (64 lanes under #rocdl.target on CDNA), so that
// kernels lowered by convert-amdgpu-to-rocdl and convert-gpu-to-rocdl run
// and must print what they print before:
//
//   - the work-item and work-group identifiers and sizes, the wavefront
//     size, mbcnt.lo and mbcnt.hi (the set bits of a mask below the lane,
//     in the low and high 32 lanes);
//   - the barriers (rocdl.barrier, s.barrier) of the workgroup; waits,
//     scheduling hints and priorities change nothing in the interpreter's
//     sequentially consistent memory;
//   - the cross-lane moves as the CDNA ISA defines them: ds_bpermute
//     (lane l reads the dword of lane (index / 4) mod 64), ds_swizzle
//     (bit-masked mode within 32 lanes: and, or and xor masks in bits
//     0-4, 5-9 and 10-14 of the offset; with bit 15, the quad
//     permutation of its low byte), readlane, readfirstlane and
//     update.dpp (quad_perm, row_shl/shr/ror, row_mirror,
//     row_half_mirror, row_bcast15/31 and the wave shifts and rotations,
//     with the row and bank masks and bound_ctrl);
//   - the matrix instructions rocdl.mfma.* of one or several blocks
//     (as many as their accumulator holds), in the register
//     layouts of interp/amdgpu (bf16 operands of the .1k forms as i16,
//     fp8 and bf8 packed in i64: the FNUZ formats on gfx94x, the OCP ones
//     on gfx950, from the gpu.module's #rocdl.target);
//   - buffer resources (make.buffer.rsrc) and raw.ptr.buffer.load and
//     store: element by element, those whose bytes lie past the number of
//     records read zero and are not written (the range check of raw
//     buffers).
package rocdl

import (
	"fmt"
	"math/bits"
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	dgpu "github.com/strata-ir/strata/dialects/gpu"
	drocdl "github.com/strata-ir/strata/dialects/rocdl"
	"github.com/strata-ir/strata/interp/amdgpu"
	"github.com/strata-ir/strata/interp/llvm"
)

// Register adds the semantics of the rocdl operations to reg.
func Register(reg *interp.Registry) {
	registerPrintf(reg)
	reg.Register("rocdl.load.to.lds", loadToLDS)
	for i, d := range "xyz" {
		i := i
		reg.Register("rocdl.workitem.id."+string(d), sreg(func(t *simt.Thread) int64 { return t.ID.Get(i) }))
		reg.Register("rocdl.workgroup.id."+string(d), sreg(func(t *simt.Thread) int64 { return t.Block.ID.Get(i) }))
		reg.Register("rocdl.workgroup.dim."+string(d), sreg(func(t *simt.Thread) int64 { return t.Block.Launch.Block.Get(i) }))
		reg.Register("rocdl.grid.dim."+string(d), sreg(func(t *simt.Thread) int64 { return t.Block.Launch.Grid.Get(i) }))
	}
	reg.Register("rocdl.wavefrontsize", sreg(func(t *simt.Thread) int64 { return int64(t.Block.Launch.Lanes()) }))
	reg.Register("rocdl.mbcnt.lo", mbcnt(false))
	reg.Register("rocdl.mbcnt.hi", mbcnt(true))
	barrier := func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		return t.Barrier(f, op, simt.BlockScope)
	}
	reg.Register("rocdl.barrier", barrier)
	reg.Register("rocdl.s.barrier", barrier)
	for _, name := range []string{"rocdl.s.waitcnt", "rocdl.s.setprio", "rocdl.sched.barrier", "rocdl.sched.group.barrier", "rocdl.iglp.opt"} {
		reg.Register(name, func(*interp.Frame, *ir.Operation) error { return nil })
	}
	reg.Register("rocdl.ds_bpermute", laneOp(func(op *ir.Operation, lane int, in []laneIn, own []interp.Value) (interp.Value, error) {
		src := int(uint32(own[0].Int())/4) % len(in)
		return in[src].v[1], nil
	}))
	reg.Register("rocdl.ds_swizzle", dsSwizzle)
	reg.Register("rocdl.readfirstlane", laneOp(func(op *ir.Operation, lane int, in []laneIn, own []interp.Value) (interp.Value, error) {
		return in[0].v[0], nil
	}))
	reg.Register("rocdl.readlane", laneOp(func(op *ir.Operation, lane int, in []laneIn, own []interp.Value) (interp.Value, error) {
		src := int(own[1].Int())
		if src < 0 || src >= len(in) {
			return interp.Value{}, interp.Errorf(op, fmt.Sprintf("readlane of lane %d in a wave of %d", src, len(in)))
		}
		return in[src].v[0], nil
	}))
	reg.Register("rocdl.update.dpp", updateDPP)
	reg.Register("rocdl.make.buffer.rsrc", makeRsrc)
	reg.Register("rocdl.raw.ptr.buffer.load", bufferLoad)
	reg.Register("rocdl.raw.ptr.buffer.store", bufferStore)
	for _, name := range mfmaNames() {
		reg.Register(name, mfma)
	}
}

func sreg(r func(t *simt.Thread) int64) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(r(t))))
		return nil
	}
}

// mbcnt adds to its second operand the number of set bits of its first
// below the lane, among the low (hi false) or high 32 lanes.
func mbcnt(hi bool) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		vs, err := f.Operands(op)
		if err != nil {
			return err
		}
		mask, acc := uint32(vs[0].Int()), uint32(vs[1].Int())
		lane := t.Lane()
		if hi {
			lane -= 32
		}
		var below uint32
		switch {
		case lane >= 32:
			below = 0xffffffff
		case lane > 0:
			below = 1<<uint(lane) - 1
		}
		f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(acc+uint32(bits.OnesCount32(mask&below)))))
		return nil
	}
}

// laneIn is a lane's operands of a cross-lane move.
type laneIn struct{ v []interp.Value }

// laneOp runs a cross-lane move as a wave collective: pick returns the
// result of lane from every lane's operands (and its own).
func laneOp(pick func(op *ir.Operation, lane int, in []laneIn, own []interp.Value) (interp.Value, error)) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		t, err := simt.Of(f, op)
		if err != nil {
			return err
		}
		vs, err := f.Operands(op)
		if err != nil {
			return err
		}
		out, err := t.Collective(f, op, simt.Warp, laneIn{vs}, func(group []*simt.Arrival) error {
			in := make([]laneIn, len(group))
			for i, a := range group {
				in[i] = a.In.(laneIn)
			}
			for lane, a := range group {
				r, err := pick(op, lane, in, in[lane].v)
				if err != nil {
					return err
				}
				a.Out = r
			}
			return nil
		})
		if err != nil {
			return err
		}
		f.SetResult(op, 0, out.(interp.Value))
		return nil
	}
}

// dsSwizzle is ds_swizzle_b32: the offset's bit 15 chooses the quad
// permutation (lane 4q + i reads lane 4q + offset[2i+1:2i]) or the
// bit-masked mode within each 32 lanes (lane reads ((l & and) | or) ^ xor).
var dsSwizzle = laneOp(func(op *ir.Operation, lane int, in []laneIn, own []interp.Value) (interp.Value, error) {
	off := uint32(own[1].Int())
	for _, x := range in {
		if uint32(x.v[1].Int()) != off {
			return interp.Value{}, interp.Errorf(op, "the lanes of a wave swizzle with different offsets")
		}
	}
	var src int
	if off&0x8000 != 0 {
		sel := int(off>>(2*uint(lane%4))) & 3
		src = lane&^3 + sel
	} else {
		and, or, xor := int(off&31), int(off>>5&31), int(off>>10&31)
		src = lane&^31 + ((lane & 31 & and) | or) ^ xor
	}
	if src >= len(in) {
		return interp.Value{}, interp.Errorf(op, fmt.Sprintf("ds_swizzle reads lane %d of a wave of %d", src, len(in)))
	}
	return in[src].v[0], nil
})

// dppSource returns the lane that lane reads under the DPP control ctrl
// of a wave of n lanes, or -1 when there is none.
func dppSource(ctrl, lane, n int) (int, bool) {
	row, in := lane&^15, lane&15
	switch {
	case ctrl <= 0xff:
		return lane&^3 + ctrl>>(2*(lane%4))&3, true
	case ctrl >= 0x101 && ctrl <= 0x10f:
		s := in + ctrl&15
		if s > 15 {
			return -1, true
		}
		return row + s, true
	case ctrl >= 0x111 && ctrl <= 0x11f:
		s := in - ctrl&15
		if s < 0 {
			return -1, true
		}
		return row + s, true
	case ctrl >= 0x121 && ctrl <= 0x12f:
		return row + (in-ctrl&15+16)%16, true
	case ctrl == 0x130:
		if lane+1 >= n {
			return -1, true
		}
		return lane + 1, true
	case ctrl == 0x134:
		return (lane + 1) % n, true
	case ctrl == 0x138:
		return lane - 1, true
	case ctrl == 0x13c:
		return (lane - 1 + n) % n, true
	case ctrl == 0x140:
		return row + 15 - in, true
	case ctrl == 0x141:
		return lane&^7 + 7 - lane&7, true
	case ctrl == 0x142:
		// Row broadcast 15: lane 15 of each row goes to the next row.
		if row == 0 {
			return -1, true
		}
		return row - 1, true
	case ctrl == 0x143:
		// Row broadcast 31: lane 31 goes to rows 2 and 3.
		if lane < 32 {
			return -1, true
		}
		return 31, true
	}
	return 0, false
}

func updateDPP(f *interp.Frame, op *ir.Operation) error {
	num := func(name string) int64 {
		if a, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok {
			return a.Int64()
		}
		return 0
	}
	ctrl, rowMask, bankMask := int(num("dppCtrl")), int(num("rowMask")), int(num("bankMask"))
	boundCtrl := num("boundCtrl") != 0
	if _, ok := dppSource(ctrl, 0, 64); !ok {
		return interp.Errorf(op, fmt.Sprintf("the interpreter has no DPP control %#x", ctrl))
	}
	return laneOp(func(op *ir.Operation, lane int, in []laneIn, own []interp.Value) (interp.Value, error) {
		old := own[0]
		if rowMask>>(lane/16)&1 == 0 || bankMask>>(lane%16/4)&1 == 0 {
			return old, nil
		}
		src, _ := dppSource(ctrl, lane, len(in))
		if src < 0 || src >= len(in) {
			if boundCtrl {
				return interp.MakeInt(old.Type, 0), nil
			}
			return old, nil
		}
		if ctrl == 0x142 || ctrl == 0x143 {
			// The broadcast rows keep their own lanes in the first row.
			if ctrl == 0x142 {
				src = lane&^15 - 1
			}
		}
		return in[src].v[1], nil
	})(f, op)
}

// rsrc is a buffer resource: the base pointer and the number of bytes
// (records of a raw buffer) it covers.
type rsrc struct {
	base    interp.Value
	records int64
}

func makeRsrc(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, &rsrc{base: vs[0], records: int64(uint64(vs[2].Int()) & 0xffffffff)}))
	return nil
}

// bufferElems returns the element type and count of a buffer access of
// type t.
func bufferElems(t ir.Type) (ir.Type, int) {
	if vt, ok := t.(*ir.VectorType); ok {
		n := 1
		for _, d := range vt.Shape {
			n *= int(d)
		}
		return vt.Elem, n
	}
	return t, 1
}

// bufferAddress returns the resource of a buffer access and its byte
// offset.
func bufferAddress(f *interp.Frame, op *ir.Operation, vs []interp.Value) (*rsrc, int64, error) {
	r, ok := vs[0].Object().(*rsrc)
	if !ok {
		return nil, 0, interp.Errorf(op, "expected a buffer resource made by rocdl.make.buffer.rsrc")
	}
	return r, int64(uint32(vs[1].Int())) + int64(uint32(vs[2].Int())), nil
}

func bufferLoad(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	r, off, err := bufferAddress(f, op, vs)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	elem, n := bufferElems(t)
	eb := int64((ir.IntOrFloatBitWidth(elem) + 7) / 8)
	data := make([]uint64, n)
	for i := range data {
		at := off + int64(i)*eb
		if at+eb > r.records {
			continue
		}
		b, err := llvm.LoadBytes(op, llvm.Offset(r.base, at), eb)
		if err != nil {
			return err
		}
		for j := len(b) - 1; j >= 0; j-- {
			data[i] = data[i]<<8 | uint64(b[j])
		}
	}
	f.SetResult(op, 0, amdgpu.Make(t, data))
	return nil
}

func bufferStore(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	r, off, err := bufferAddress(f, op, vs[1:])
	if err != nil {
		return err
	}
	data, elem := amdgpu.Elements(vs[0])
	eb := int64((ir.IntOrFloatBitWidth(elem) + 7) / 8)
	for i, x := range data {
		at := off + int64(i)*eb
		if at+eb > r.records {
			continue
		}
		b := make([]byte, eb)
		for j := range b {
			b[j] = byte(x >> (8 * j))
		}
		if err := llvm.StoreBytes(op, llvm.Offset(r.base, at), b); err != nil {
			return err
		}
	}
	return nil
}

// mfmaShape reads M, N and K and the operand types from the name of an
// MFMA intrinsic: rocdl.mfma.f32.32x32x8bf16.1k, rocdl.mfma.f32.16x16x32.fp8.bf8.
var mfmaShape = regexp.MustCompile(`^rocdl\.mfma\.(f32|i32|f64)\.(\d+)x(\d+)x(\d+)\.?([a-z0-9]+?)(?:\.(fp8|bf8))?(?:\.1k)?$`)

func mfmaNames() []string {
	ctx := ir.NewContext()
	drocdl.Register(ctx)
	var out []string
	for _, d := range ctx.RegisteredOps() {
		if mfmaShape.MatchString(d.Name) {
			out = append(out, d.Name)
		}
	}
	return out
}

// operandType returns the element type of an MFMA operand named kind
// ("bf16", "f16", "f32", "i8", "fp8", "bf8", "xf32"), fp8 and bf8 in
// the formats of chip.
func operandType(ctx *ir.Context, kind, chip string) (ir.Type, bool) {
	ocp := chip == "gfx950" || strings.HasPrefix(chip, "gfx12")
	switch kind {
	case "bf16":
		return ctx.FloatType(ir.BF16), true
	case "f16":
		return ctx.FloatType(ir.F16), true
	case "f32":
		return ctx.FloatType(ir.F32), true
	case "f64":
		return ctx.FloatType(ir.F64), true
	case "i8":
		return ctx.I(8), true
	case "fp8":
		if ocp {
			return ctx.FloatType(ir.F8E4M3FN), true
		}
		return ctx.FloatType(ir.F8E4M3FNUZ), true
	case "bf8":
		if ocp {
			return ctx.FloatType(ir.F8E5M2), true
		}
		return ctx.FloatType(ir.F8E5M2FNUZ), true
	}
	return nil, false
}

// chipOf returns the chip of the gpu.module op is in ("" when none).
func chipOf(op *ir.Operation) string {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if m, ok := dgpu.AsModuleOp(p); ok {
			if ts, ok := m.Targets().(*ir.ArrayAttr); ok {
				for _, t := range ts.Elems {
					if rt, ok := t.(*drocdl.TargetAttr); ok {
						return rt.Chip
					}
				}
			}
			return ""
		}
	}
	return ""
}

// unpack splits the elements of an operand into elements of width bits
// (the bf16 of a vector of i16 stay whole; i8 and fp8 packed in i32 or
// i64 split), little end first.
func unpack(data []uint64, from ir.Type, width int) []uint64 {
	fw := ir.IntOrFloatBitWidth(from)
	if fw <= width {
		return data
	}
	var out []uint64
	for _, x := range data {
		for s := 0; s < fw; s += width {
			out = append(out, x>>uint(s)&(1<<uint(width)-1))
		}
	}
	return out
}

type mfmaIn struct{ a, b, c []uint64 }

func mfma(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	m := mfmaShape.FindStringSubmatch(op.Name())
	M, _ := strconv.Atoi(m[2])
	N, _ := strconv.Atoi(m[3])
	K, _ := strconv.Atoi(m[4])
	kindA, kindB := m[5], m[6]
	if kindB == "" {
		kindB = kindA
	}
	ctx := op.Context()
	chip := chipOf(op)
	at, okA := operandType(ctx, kindA, chip)
	bt, okB := operandType(ctx, kindB, chip)
	// The blocks of the instruction follow from its accumulator: M N / 64
	// registers per lane and block.
	blocks := 0
	if rt, ok := op.Result(0).Type().(*ir.VectorType); ok && len(rt.Shape) == 1 && M*N > 0 {
		blocks = int(rt.Shape[0]) * 64 / (M * N)
	}
	lay, okL := amdgpu.LayoutBlocks(M, N, K, blocks)
	if !okA || !okB || !okL {
		return interp.Errorf(op, "the interpreter has no semantics for this matrix instruction")
	}
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	if len(vs) != 6 {
		return interp.Errorf(op, "expected the operands A, B, C, cbsz, abid and blgp")
	}
	for _, x := range vs[3:] {
		if x.Int() != 0 {
			return interp.Errorf(op, "the interpreter runs matrix instructions without cbsz, abid and blgp")
		}
	}
	a, ft := amdgpu.Elements(vs[0])
	b, gt := amdgpu.Elements(vs[1])
	c, ct := amdgpu.Elements(vs[2])
	a, b = unpack(a, ft, ir.IntOrFloatBitWidth(at)), unpack(b, gt, ir.IntOrFloatBitWidth(bt))
	rt := op.Result(0).Type()
	out, err := t.Collective(f, op, simt.Warp, mfmaIn{a, b, c}, func(group []*simt.Arrival) error {
		var A, B, C [][]uint64
		for _, x := range group {
			in := x.In.(mfmaIn)
			A, B, C = append(A, in.a), append(B, in.b), append(C, in.c)
		}
		D, err := amdgpu.WaveMFMA(lay, at, bt, ct, interp.ElementType(rt), A, B, C, [3]bool{})
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		for lane, x := range group {
			x.Out = amdgpu.Make(rt, D[lane])
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}
