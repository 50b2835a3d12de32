// Package tileverify is the pass tile-verify-target{target=CHIP}: it
// checks the tile kernels nested in an operation against the description
// of a chip (targets/chips) and reports every violation as an error
// located at the operation that causes it: blocks that do not fit the
// chip's on-chip memory, dots whose block shape or types its matrix units
// cannot take, TPU blocks whose last two dimensions are not multiples of
// (8, 128) nor the array's, tiles over Neuron's 128 partitions and
// accumulators over a PSUM tile.
package tileverify

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// Argument is the pass's name in pipelines.
const Argument = "tile-verify-target"

type verifyTarget struct {
	pass.Info
	target *string
}

// New returns a tile-verify-target pass.
func New() pass.Pass {
	p := &verifyTarget{Info: pass.Info{Argument: Argument, Name: "TileVerifyTarget",
		Summary: "Check tile kernels against the limits of a chip"}}
	var values []pass.EnumValue
	for _, n := range chips.Names() {
		values = append(values, pass.EnumValue{Name: n, Desc: n})
	}
	p.target = p.Options.Enum("target", "", values, "The chip to check against")
	return p
}

func (p *verifyTarget) Run(op *ir.Operation, st *pass.State) error {
	chip, ok := chips.Lookup(*p.target)
	if !ok {
		st.Emit(ir.NewError(op.Loc(), fmt.Sprintf("tile-verify-target needs a target, one of: %s", strings.Join(chips.Names(), ", "))))
		st.SignalFailure()
		return nil
	}
	failed := false
	report := func(at *ir.Operation, format string, args ...any) {
		st.Emit(ir.OpError(at, fmt.Sprintf(format, args...)))
		failed = true
	}
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if k, ok := tile.AsFuncOp(o); ok {
			Check(chip, k, report)
			return false
		}
		return true
	})
	if failed {
		st.SignalFailure()
	}
	st.MarkAllPreserved()
	return nil
}

// Check reports through report every way the kernel k breaks the limits
// of chip.
func Check(chip *chips.Chip, k tile.FuncOp, report func(at *ir.Operation, format string, args ...any)) {
	staged := int64(0)
	k.Operation.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := tile.AsLoadOp(o); ok {
			staged += bytesOf(o.Result(0).Type())
		}
		if _, ok := tile.AsGatherOp(o); ok {
			staged += bytesOf(o.Result(0).Type())
		}
		if d, ok := tile.AsDotOp(o); ok {
			checkDot(chip, d, report)
		}
		if chip.BlockRule == "tpu" {
			checkTPUBlock(chip, o, report)
		}
		if chip.PartitionMax > 0 {
			for _, r := range o.Results() {
				if s, ok := shape(r.Type()); ok && len(s) >= 2 && s[0] > chip.PartitionMax {
					report(o, "tile of shape %s has %d partitions, over %s's limit of %d", shapeStr(s), s[0], chip.Name, chip.PartitionMax)
					break
				}
			}
		}
		return true
	})
	if staged > chip.MemoryBytes {
		report(k.Operation, "its loaded blocks need %d bytes of %s per program, but %s has %d", staged, chip.Memory, chip.Name, chip.MemoryBytes)
	}
}

// shape returns the shape of a tile type.
func shape(t ir.Type) ([]int64, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	return rt.Shape, true
}

func shapeStr(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, "x")
}

// bytesOf returns the bytes of a tile (sub-byte elements rounded up to a
// byte).
func bytesOf(t ir.Type) int64 {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return 0
	}
	n := int64(1)
	for _, d := range rt.Shape {
		n *= d
	}
	w := int64(ir.IntOrFloatBitWidth(rt.Elem))
	if _, ok := rt.Elem.(*ir.IndexType); ok {
		w = 64
	}
	return n * ((w + 7) / 8)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func checkDot(chip *chips.Chip, d tile.DotOp, report func(at *ir.Operation, format string, args ...any)) {
	as, _ := shape(d.A().Type())
	bs, _ := shape(d.B().Type())
	r := len(as)
	if r < 2 || len(bs) != r {
		return
	}
	// A batched dot is checked matrix by matrix.
	M, K, N := as[r-2], as[r-1], bs[r-1]
	batches := int64(1)
	for _, b := range as[:r-2] {
		batches *= b
	}
	at := asm.TypeString(d.A().Type().(*ir.RankedTensorType).Elem)
	bt := asm.TypeString(d.B().Type().(*ir.RankedTensorType).Elem)
	ct := asm.TypeString(d.Acc().Type().(*ir.RankedTensorType).Elem)
	precision := ""
	if p, ok := d.Precision(); ok && p == tile.PrecisionTf32 {
		precision = "tf32"
	}
	if chip.AccFreeBytes > 0 {
		if b := N * bytesOf(d.Acc().Type()) / (batches * M * N); b > chip.AccFreeBytes {
			report(d.Operation, "accumulator of %d columns of %s needs %d bytes per partition, over a %s tile of %d on %s", N, ct, b, chip.AccMemory, chip.AccFreeBytes, chip.Name)
		}
	}
	if precision == "" && at == bt && at == ct && contains(chip.VectorDot, at) {
		// Computed by the vector units, in any shape.
		return
	}
	var fits []chips.Instr
	for _, in := range chip.Matrix {
		if contains(in.A, at) && contains(in.B, bt) && contains(in.Acc, ct) && in.Precision == precision {
			fits = append(fits, in)
		}
	}
	if len(fits) == 0 {
		what := at
		if bt != at {
			what = at + " and " + bt
		}
		if precision != "" {
			what += " (precision " + precision + ")"
		}
		report(d.Operation, "%s has no matrix instruction for %s inputs with a %s accumulator", chip.Name, what, ct)
		return
	}
	var shapes []string
	for _, in := range fits {
		if M%in.M == 0 && N%in.N == 0 && K%in.K == 0 {
			return
		}
		s := fmt.Sprintf("%dx%dx%d", in.M, in.N, in.K)
		if !contains(shapes, s) {
			shapes = append(shapes, s)
		}
	}
	report(d.Operation, "block %dx%dx%d (MxNxK) is not a multiple of a matrix instruction shape of %s for these types (%s)", M, N, K, chip.Name, strings.Join(shapes, ", "))
}

// checkTPUBlock checks the block of a load, store or atomic add: its last
// two dimensions are multiples of (8, 128) or equal the view's.
func checkTPUBlock(chip *chips.Chip, o *ir.Operation, report func(at *ir.Operation, format string, args ...any)) {
	var blockT ir.Type
	var view ir.Value
	if l, ok := tile.AsLoadOp(o); ok {
		blockT, view = l.Result().Type(), l.View()
	} else if s, ok := tile.AsStoreOp(o); ok {
		blockT, view = s.Value().Type(), s.View()
	} else if a, ok := tile.AsAtomicAddOp(o); ok {
		blockT, view = a.Value().Type(), a.View()
	} else {
		return
	}
	bs, ok := shape(blockT)
	info, ok2 := tile.ViewOf(view.Type())
	if !ok || !ok2 || len(bs) != len(info.Shape) {
		return
	}
	mult := []int64{8, 128}
	r := len(bs)
	for i := 0; i < 2 && i < r; i++ {
		d := r - 1 - i
		m := mult[1-i]
		if bs[d]%m != 0 && bs[d] != info.Shape[d] {
			want := "(8, 128)"
			if r == 1 {
				want = "128"
			}
			report(o, "block %s: its last two dimensions must be multiples of %s or equal the view's (%s) on %s", shapeStr(bs), want, viewShape(info.Shape), chip.Name)
			return
		}
	}
}

func viewShape(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == ir.Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = fmt.Sprint(d)
		}
	}
	return strings.Join(parts, "x")
}
