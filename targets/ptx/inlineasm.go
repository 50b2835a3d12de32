package ptx

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// llvm.inline_asm of PTX text (what upstream's nvgpu-to-nvvm writes for
// mma.sp.sync): $N names the N-th operand of the constraint list, the
// outputs ("=r", "=l", "=f", "=d", "=h") first, then the inputs. An r
// operand of two 16-bit values (vector<2xf16>) travels packed in a 32-bit
// register, as in LLVM's NVPTX backend.

func inlineAsmLowerings() map[string]lowerFn {
	return map[string]lowerFn{"llvm.inline_asm": lowerInlineAsm}
}

// asmClass is the register class of a constraint letter.
func asmClass(c string) (Class, bool) {
	switch c {
	case "r":
		return B32, true
	case "l":
		return B64, true
	case "h":
		return B16, true
	case "f":
		return F32, true
	case "d":
		return F64, true
	}
	return 0, false
}

var asmOperand = regexp.MustCompile(`\$(\d+)`)

// inlineAsmFeature raises the PTX version for inline assembly, whose text
// the emitter does not read: ISA 7.8 has the instructions of sm_80 to
// sm_90 that upstream's lowerings write (mma.sp.sync needs 7.1).
var inlineAsmFeature = Feature{Name: "inline assembly", SM: 0, PTX: 78}

func lowerInlineAsm(f *Func, op *ir.Operation) error {
	a, ok := llvm.AsInlineAsmOp(op)
	if !ok {
		return Errorf(op, "not an llvm.inline_asm")
	}
	if err := f.Require(op, inlineAsmFeature); err != nil {
		return err
	}
	if d, ok := a.AsmDialectAttr().(*ir.IntegerAttr); ok && d.Int64() != 0 {
		return Errorf(op, "inline assembly of the Intel dialect is not PTX")
	}
	var outs, ins []Class
	for _, c := range strings.Split(a.Constraints(), ",") {
		c = strings.TrimSpace(c)
		out := strings.HasPrefix(c, "=")
		cl, ok := asmClass(strings.TrimPrefix(c, "="))
		if !ok {
			return Errorf(op, "inline assembly constraint '%s' is not supported by the PTX emitter", c)
		}
		if out {
			outs = append(outs, cl)
		} else {
			ins = append(ins, cl)
		}
	}
	if len(ins) != op.NumOperands() {
		return Errorf(op, "inline assembly with %d input constraints and %d operands", len(ins), op.NumOperands())
	}
	var names []string
	// Outputs: a register per constraint, unpacked into the result's
	// leaves after the instruction.
	var res []string
	var leaves []ir.Type
	if op.NumResults() == 1 {
		var err error
		if res, err = f.Def(op.Result(0)); err != nil {
			return Errorf(op, "%v", err)
		}
		leaves, _ = Leaves(op.Result(0).Type())
	}
	type unpack struct {
		dst []string
		src string
		cl  Class
	}
	var after []unpack
	k := 0
	for _, cl := range outs {
		r := f.NewReg(cl)
		names = append(names, r)
		n := 1
		if cl == B32 && k+1 < len(leaves) && mustClass(leaves[k]) == B16 && mustClass(leaves[k+1]) == B16 {
			n = 2
		}
		if k+n > len(res) {
			return Errorf(op, "inline assembly with more outputs than its result holds")
		}
		after = append(after, unpack{dst: res[k : k+n], src: r, cl: cl})
		k += n
	}
	if k != len(res) {
		return Errorf(op, "inline assembly whose outputs do not fill its result")
	}
	for i, cl := range ins {
		r, err := f.Src(op, i)
		if err != nil {
			return err
		}
		switch {
		case len(r) == 2 && cl == B32:
			p := f.NewReg(B32)
			f.Emit("mov.b32 %s, {%s, %s};", p, r[0], r[1])
			names = append(names, p)
		case len(r) == 1:
			names = append(names, r[0])
		default:
			return Errorf(op, "inline assembly operand of type '%s'", typeString(op.Operand(i).Type()))
		}
	}
	var bad error
	text := asmOperand.ReplaceAllStringFunc(a.AsmString(), func(m string) string {
		n, _ := strconv.Atoi(m[1:])
		if n >= len(names) {
			bad = Errorf(op, "inline assembly names operand $%d of %d", n, len(names))
			return m
		}
		return names[n]
	})
	if bad != nil {
		return bad
	}
	f.Emit("%s", text)
	for _, u := range after {
		if len(u.dst) == 2 {
			f.Emit("mov.b32 {%s, %s}, %s;", u.dst[0], u.dst[1], u.src)
			continue
		}
		f.Emit("%s %s, %s;", classInfo[u.cl].mov, u.dst[0], u.src)
	}
	return nil
}
