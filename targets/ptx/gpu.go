package ptx

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// The gpu dialect's identifiers, barrier and shuffle are accepted inside
// llvm-level kernels too (levels mix): an index is a 64-bit register, and
// builtin.unrealized_conversion_cast between types of one register class
// is a renaming.

func gpuLowerings() map[string]lowerFn {
	m := map[string]lowerFn{
		"gpu.barrier":                        func(f *Func, op *ir.Operation) error { f.Emit("bar.sync 0;"); return nil },
		"gpu.lane_id":                        gpuIndex(func(string) string { return "%laneid" }),
		"gpu.shuffle":                        lowerGPUShuffle,
		"builtin.unrealized_conversion_cast": lowerCast,
	}
	for name, reg := range map[string]string{"thread_id": "tid", "block_id": "ctaid", "block_dim": "ntid", "grid_dim": "nctaid"} {
		m["gpu."+name] = gpuIndex(func(dim string) string { return "%" + reg + "." + dim })
	}
	return m
}

// gpuIndex reads the special register that reg names for the op's
// dimension into an index.
func gpuIndex(reg func(dim string) string) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		dim := enumValue(op.InherentAttr("dimension"))
		switch dim {
		case "x", "y", "z", "":
		default:
			return Errorf(op, "unknown dimension %q", dim)
		}
		d, err := f.DefReg(op.Result(0))
		if err != nil {
			return Errorf(op, "%v", err)
		}
		t := f.NewReg(B32)
		f.Emit("mov.u32 %s, %s;", t, reg(dim))
		f.Emit("cvt.u64.u32 %s, %s;", d, t)
		return nil
	}
}

// lowerGPUShuffle lowers gpu.shuffle (value, offset, width) as upstream's
// convert-gpu-to-nvvm does: the lanes below width take part (thread mask
// 0xffffffff >> (32 - width)), the clamp is width - 1 (0 for up).
func lowerGPUShuffle(f *Func, op *ir.Operation) error {
	mode := enumValue(op.InherentAttr("mode"))
	kind := map[string]string{"xor": "bfly", "up": "up", "down": "down", "idx": "idx"}[mode]
	if kind == "" {
		return Errorf(op, "unknown shuffle mode %q", mode)
	}
	v, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	off, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	width, err := f.Reg(op, 2)
	if err != nil {
		return err
	}
	if c, _ := ClassOf(op.Operand(0).Type()); c != B32 && c != F32 {
		return Errorf(op, "gpu.shuffle of '%s' is not supported by the PTX emitter (32-bit values only)", typeString(op.Operand(0).Type()))
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	p, err := f.DefReg(op.Result(1))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	shift, mask, clamp := f.NewReg(B32), f.NewReg(B32), f.NewReg(B32)
	f.Emit("sub.s32 %s, 32, %s;", shift, width)
	f.Emit("shr.u32 %s, -1, %s;", mask, shift)
	if kind == "up" {
		f.Emit("mov.b32 %s, 0;", clamp)
	} else {
		f.Emit("sub.s32 %s, %s, 1;", clamp, width)
	}
	f.Emit("shfl.sync.%s.b32 %s|%s, %s, %s, %s, %s;", kind, d, p, v, off, clamp, mask)
	return nil
}

// lowerCast renames the registers of a builtin.unrealized_conversion_cast
// whose types have the same register classes.
func lowerCast(f *Func, op *ir.Operation) error {
	if op.NumOperands() != op.NumResults() {
		return Errorf(op, "cannot be converted to PTX: a cast of %d values to %d", op.NumOperands(), op.NumResults())
	}
	for i := range op.NumOperands() {
		src, err := f.Src(op, i)
		if err != nil {
			return err
		}
		sl, _ := Leaves(op.Operand(i).Type())
		rl, err := Leaves(op.Result(i).Type())
		if err != nil || len(sl) != len(rl) {
			return Errorf(op, "cannot be converted to PTX: a cast from '%s' to '%s'", typeString(op.Operand(i).Type()), typeString(op.Result(i).Type()))
		}
		for k := range sl {
			if mustClass(sl[k]) != mustClass(rl[k]) {
				return Errorf(op, "cannot be converted to PTX: a cast from '%s' to '%s'", typeString(op.Operand(i).Type()), typeString(op.Result(i).Type()))
			}
		}
		if err := f.Alias(op.Result(i), src); err != nil {
			return err
		}
	}
	return nil
}

// enumValue returns the case of a gpu dialect enum attribute such as
// #gpu<dim x>.
func enumValue(a ir.Attribute) string {
	var body string
	switch a := a.(type) {
	case ir.DialectAttr:
		body = a.Body()
	case *ir.OpaqueAttr:
		body = a.Data
	default:
		return ""
	}
	body = strings.Trim(strings.TrimSpace(body), "<>")
	if i := strings.LastIndexByte(body, ' '); i >= 0 {
		body = body[i+1:]
	}
	return body
}
