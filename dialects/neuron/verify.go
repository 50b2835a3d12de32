package neuron

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// ChipAttr names the discardable attribute of a tile.func that says which
// chip its neuron operations are for ("trn1" or "trn2"); tile-to-neuron
// sets it. Without it the verifiers use trn1's limits, the smaller ones.
const ChipAttr = "neuron.chip"

// DefaultChip is the chip whose limits apply where a kernel names none.
const DefaultChip = "trn1"

// ChipOf returns the description of the chip op's kernel is for.
func ChipOf(op *ir.Operation) *chips.Chip {
	name := DefaultChip
	for p := op; p != nil; p = p.ParentOp() {
		if s, ok := p.Attr(ChipAttr).(*ir.StringAttr); ok {
			name = s.Value
			break
		}
	}
	c, ok := chips.Lookup(name)
	if !ok || c.Vendor != "aws" {
		c, _ = chips.Lookup(DefaultChip)
	}
	return c
}

// ElemBytes returns the bytes of one element of t.
func ElemBytes(t ir.Type) int64 {
	w := ir.IntOrFloatBitWidth(t)
	if w <= 0 {
		return 4
	}
	return int64((w + 7) / 8)
}

// Info returns the shape, element type and buffer of a tile value's type.
func Info(v ir.Value) (shape []int64, elem ir.Type, buf Buffer, ok bool) {
	t, ok := AsTileType(v.Type())
	if !ok {
		return nil, nil, 0, false
	}
	return t.Shape(), t.ElementType(), t.Buffer(), true
}

// FreeBytes returns the bytes a tile of t occupies in each partition.
func FreeBytes(t TileType) int64 {
	n := int64(1)
	for _, d := range t.Shape()[1:] {
		n *= d
	}
	return n * ElemBytes(t.ElementType())
}

func typeStr(t ir.Type) string { return asm.TypeString(t) }

func shapeStr(s []int64) string {
	out := ""
	for i, d := range s {
		if i > 0 {
			out += "x"
		}
		out += fmt.Sprint(d)
	}
	return out
}

// tileOf returns the type of operand v of op, which the declaration
// guarantees to be a tile.
func tileOf(v ir.Value) TileType { t, _ := AsTileType(v.Type()); return t }

// verifyTileTypes checks every tile an operation takes or makes: a
// partition and a free dimension, static and positive, at most the chip's
// partitions.
func verifyTileTypes(op *ir.Operation) error {
	vals := append(append([]ir.Value(nil), op.Operands()...), op.Results()...)
	for _, v := range vals {
		t, ok := AsTileType(v.Type())
		if !ok {
			continue
		}
		s := t.Shape()
		if len(s) != 2 {
			return ir.OpError(op, fmt.Sprintf("a tile has a partition and a free dimension, but %s has rank %d", typeStr(t.DynType), len(s)))
		}
		for _, d := range s {
			if d <= 0 {
				return ir.OpError(op, fmt.Sprintf("a tile's dimensions must be positive and static, not %s", typeStr(t.DynType)))
			}
		}
		if c := ChipOf(op); s[0] > c.PartitionMax {
			return ir.OpError(op, fmt.Sprintf("tile of shape %s has %d partitions, over %s's limit of %d", shapeStr(s), s[0], c.Name, c.PartitionMax))
		}
	}
	return nil
}

func verifyAlloc(op AllocOp) error {
	t := tileOf(op.Result())
	c := ChipOf(op.Operation)
	s := t.Shape()
	if len(s) != 2 {
		return ir.OpError(op.Operation, fmt.Sprintf("a tile has a partition and a free dimension, but %s has rank %d", typeStr(t.DynType), len(s)))
	}
	for _, d := range s {
		if d <= 0 {
			return ir.OpError(op.Operation, "a tile's dimensions must be positive and static")
		}
	}
	if s[0] > c.PartitionMax {
		return ir.OpError(op.Operation, fmt.Sprintf("tile of shape %s has %d partitions, over %s's limit of %d", shapeStr(s), s[0], c.Name, c.PartitionMax))
	}
	if t.Buffer() == BufferPsum {
		if b := FreeBytes(t); b > c.AccFreeBytes {
			return ir.OpError(op.Operation, fmt.Sprintf("PSUM tile of %d %s per partition needs %d bytes, over a PSUM bank of %d on %s",
				s[1], typeStr(t.ElementType()), b, c.AccFreeBytes, c.Name))
		}
	}
	return verifyCapacity(op.Operation, c)
}

// verifyCapacity checks that the tiles of op's kernel fit the chip when
// op allocates its tile: the SBUF allocations up to and including op
// (every allocation of a kernel counts once: one inside a loop is one
// buffer, reused by each iteration), and the PSUM banks of the tiles live
// at op (see psumLive).
func verifyCapacity(op *ir.Operation, c *chips.Chip) error {
	k := op.ParentOp()
	for k != nil {
		if _, ok := tile.AsFuncOp(k); ok {
			break
		}
		k = k.ParentOp()
	}
	if k == nil {
		return nil
	}
	if t := tileOf(op.Result(0)); t.Buffer() == BufferPsum {
		if banks := psumLive(k, op, c); banks > c.AccBanks {
			return ir.OpError(op, fmt.Sprintf("the kernel's PSUM tiles need %d banks per partition, over the %d of %s", banks, c.AccBanks, c.Name))
		}
		return nil
	}
	sbufMax := c.MemoryBytes / c.PartitionMax
	var sbuf int64
	var err error
	k.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		a, ok := AsAllocOp(o)
		if !ok {
			return true
		}
		t := tileOf(a.Result())
		if len(t.Shape()) != 2 || t.Buffer() == BufferPsum {
			return true
		}
		sbuf += FreeBytes(t)
		if o == op && sbuf > sbufMax {
			err = ir.OpError(op, fmt.Sprintf("the kernel's SBUF tiles need %d bytes per partition, over the %d of %s", sbuf, sbufMax, c.Name))
		}
		return o != op
	})
	return err
}

// psumLive returns the PSUM banks of kernel k's tiles that are live where
// at allocates its tile. A PSUM tile is live from its allocation to its
// last use (through the slices of it), and through the whole of any
// region-holding operation (a loop) that uses it without containing its
// allocation, since each iteration of such a loop reads or writes the
// same tile. Eight banks hold at most eight tiles of a bank each at any
// one time; tiles whose lives do not overlap may share a bank.
func psumLive(k, at *ir.Operation, c *chips.Chip) int64 {
	pos := map[*ir.Operation]int{}
	end := map[*ir.Operation]int{}
	n := 0
	var number func(o *ir.Operation)
	number = func(o *ir.Operation) {
		pos[o] = n
		n++
		for i := 0; i < o.NumRegions(); i++ {
			for b := o.Region(i).First(); b != nil; b = b.Next() {
				for x := b.First(); x != nil; x = x.Next() {
					number(x)
				}
			}
		}
		end[o] = n - 1
	}
	number(k)
	here := pos[at]
	var banks int64
	k.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		a, ok := AsAllocOp(o)
		if !ok {
			return true
		}
		t := tileOf(a.Result())
		if len(t.Shape()) != 2 || t.Buffer() != BufferPsum || pos[o] > here {
			return true
		}
		last := pos[o]
		var uses func(v ir.Value)
		uses = func(v ir.Value) {
			for u := v.FirstUse(); u != nil; u = u.Next() {
				w := u.Owner()
				if s, ok := AsSliceOp(w); ok {
					uses(s.Result())
					continue
				}
				last = max(last, pos[w])
				for p := w.ParentOp(); p != nil && p != k && !p.IsAncestor(o); p = p.ParentOp() {
					last = max(last, end[p])
				}
			}
		}
		uses(a.Result())
		if last >= here {
			banks += (FreeBytes(t) + c.AccFreeBytes - 1) / c.AccFreeBytes
		}
		return true
	})
	return banks
}

func verifySlice(op SliceOp) error {
	src, dst := tileOf(op.Source()), tileOf(op.Result())
	ss, ds := src.Shape(), dst.Shape()
	if len(ss) != 2 || len(ds) != 2 {
		return nil
	}
	if ss[0] != ds[0] || src.Buffer() != dst.Buffer() || src.ElementType() != dst.ElementType() {
		return ir.OpError(op.Operation, fmt.Sprintf("the result must be the source's partitions, element type and buffer, but %s is not a window of %s",
			typeStr(dst.DynType), typeStr(src.DynType)))
	}
	if off := op.Offset(); off < 0 || off+ds[1] > ss[1] {
		return ir.OpError(op.Operation, fmt.Sprintf("columns %d to %d are outside the source's %d", off, off+ds[1], ss[1]))
	}
	return nil
}

// Root returns the tile v is a view of: v itself, or the source of the
// slices that make v.
func Root(v ir.Value) ir.Value {
	for {
		s, ok := AsSliceOp(ir.DefiningOp(v))
		if !ok {
			return v
		}
		v = s.Source()
	}
}

func verifyDmaCopy(op DmaCopyOp) error {
	dst, src := op.Dst(), op.Src()
	dt, dIsTile := AsTileType(dst.Type())
	st, sIsTile := AsTileType(src.Type())
	if dIsTile == sIsTile {
		return ir.OpError(op.Operation, "copies between a tile and a !tile.view: exactly one operand must be a tile")
	}
	t, v := dt, src
	if sIsTile {
		t, v = st, dst
	}
	vi, ok := tile.ViewOf(v.Type())
	shape, elem := vi.Shape, vi.Elem
	if !ok {
		return ir.OpError(op.Operation, "the device-memory operand must be a !tile.view, but got "+typeStr(v.Type()))
	}
	if t.Buffer() != BufferSbuf {
		return ir.OpError(op.Operation, "DMA reaches device memory and SBUF only, not PSUM")
	}
	_, hasCmp := op.MaskCmp()
	_, hasCp := op.MaskChannelMultiplier()
	_, hasCf := op.MaskStep()
	if (op.MaskBase() != nil) != hasCmp || hasCmp != hasCp || hasCp != hasCf {
		return ir.OpError(op.Operation, "a mask needs its base, comparison, channel multiplier and step together")
	}
	if op.Accumulate() && dIsTile {
		return ir.OpError(op.Operation, "accumulate adds into device memory: the destination must be the view")
	}
	if elem != t.ElementType() {
		return ir.OpError(op.Operation, fmt.Sprintf("DMA does not convert: the tile holds %s, the view %s", typeStr(t.ElementType()), typeStr(elem)))
	}
	if len(op.Indices()) != len(shape) {
		return ir.OpError(op.Operation, fmt.Sprintf("expected %d indices for the view, but got %d", len(shape), len(op.Indices())))
	}
	ts := t.Shape()
	switch len(shape) {
	case 1:
		if len(ts) == 2 && ts[0] != 1 && ts[1] != 1 {
			return ir.OpError(op.Operation, fmt.Sprintf("a window of a 1-D view fills one partition or one column, not a %s tile", shapeStr(ts)))
		}
	default:
		// Rank 2 and more: the tile is a window of the last two
		// dimensions, at one position of the leading ones.
		if len(ts) != 2 {
			return ir.OpError(op.Operation, fmt.Sprintf("a window of a view of rank %d is a 2-D tile, not a %s tile", len(shape), shapeStr(ts)))
		}
	}
	return nil
}

func verifyMemset(op MemsetOp) error { return nil }

func verifyIota(op IotaOp) error { return nil }

// partitionsMatch checks layout constraint 2: an engine instruction other
// than a matrix multiply reads and writes the same partitions, so the
// partition dimensions of its tiles agree.
func partitionsMatch(op *ir.Operation, what string, a, b ir.Value) error {
	sa, sb := tileOf(a).Shape(), tileOf(b).Shape()
	if len(sa) == 2 && len(sb) == 2 && sa[0] != sb[0] {
		return ir.OpError(op, fmt.Sprintf("%s has %d partitions but the destination %d: this instruction works partition by partition (its parallel axis is the partition dimension)", what, sb[0], sa[0]))
	}
	return nil
}

func sameShape(op *ir.Operation, what string, dst, v ir.Value) error {
	if err := partitionsMatch(op, what, dst, v); err != nil {
		return err
	}
	sa, sb := tileOf(dst).Shape(), tileOf(v).Shape()
	if shapeStr(sa) != shapeStr(sb) {
		return ir.OpError(op, fmt.Sprintf("%s has shape %s but the destination %s", what, shapeStr(sb), shapeStr(sa)))
	}
	return nil
}

// column checks that v is a per-partition scalar: one column with dst's
// partitions.
func column(op *ir.Operation, what string, dst, v ir.Value) error {
	if err := partitionsMatch(op, what, dst, v); err != nil {
		return err
	}
	if s := tileOf(v).Shape(); len(s) == 2 && s[1] != 1 {
		return ir.OpError(op, fmt.Sprintf("%s must hold one value per partition (a %dx1 tile), but has shape %s", what, s[0], shapeStr(s)))
	}
	return nil
}

func isF32(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	return ok && f.Kind == ir.F32
}

// matmulInputs lists the input types of the tensor engine per chip.
func matmulInput(c *chips.Chip, t ir.Type) bool {
	name := typeStr(t)
	for _, in := range c.Matrix {
		for _, a := range in.A {
			if a == name {
				return true
			}
		}
	}
	return false
}

func verifyNcMatmul(op NcMatmulOp) error {
	c := ChipOf(op.Operation)
	d, s, m := tileOf(op.Dst()), tileOf(op.Stationary()), tileOf(op.Moving())
	if s.Buffer() != BufferSbuf || m.Buffer() != BufferSbuf {
		return ir.OpError(op.Operation, "the stationary and moving operands must be in SBUF")
	}
	if d.Buffer() != BufferPsum {
		return ir.OpError(op.Operation, "the destination must be in PSUM")
	}
	if !isF32(d.ElementType()) {
		return ir.OpError(op.Operation, "the tensor engine accumulates in f32, but the destination holds "+typeStr(d.ElementType()))
	}
	ss, ms, ds := s.Shape(), m.Shape(), d.Shape()
	if len(ss) != 2 || len(ms) != 2 || len(ds) != 2 {
		return nil
	}
	if ss[0] != ms[0] {
		return ir.OpError(op.Operation, fmt.Sprintf("the contraction dimension is the partition dimension of both operands, but the stationary operand has %d partitions and the moving %d", ss[0], ms[0]))
	}
	if ss[1] > c.StationaryMax {
		return ir.OpError(op.Operation, fmt.Sprintf("stationary free size %d is over %s's limit of %d", ss[1], c.Name, c.StationaryMax))
	}
	if ms[1] > c.MovingMax {
		return ir.OpError(op.Operation, fmt.Sprintf("moving free size %d is over %s's limit of %d", ms[1], c.Name, c.MovingMax))
	}
	if ds[0] != ss[1] || ds[1] != ms[1] {
		return ir.OpError(op.Operation, fmt.Sprintf("the destination must be %dx%d (stationary free x moving free), but is %s", ss[1], ms[1], shapeStr(ds)))
	}
	for _, t := range []ir.Type{s.ElementType(), m.ElementType()} {
		if !matmulInput(c, t) {
			return ir.OpError(op.Operation, fmt.Sprintf("the tensor engine of %s does not take %s inputs", c.Name, typeStr(t)))
		}
	}
	return nil
}

func verifyNcTranspose(op NcTransposeOp) error {
	d, s := tileOf(op.Dst()), tileOf(op.Src())
	if s.Buffer() != BufferSbuf || d.Buffer() != BufferPsum {
		return ir.OpError(op.Operation, "the tensor engine transposes from SBUF into PSUM")
	}
	if d.ElementType() != s.ElementType() {
		return ir.OpError(op.Operation, "a transpose keeps the element type")
	}
	ds, ss := d.Shape(), s.Shape()
	if len(ds) == 2 && len(ss) == 2 && (ds[0] != ss[1] || ds[1] != ss[0]) {
		return ir.OpError(op.Operation, fmt.Sprintf("the destination must be %dx%d, but is %s", ss[1], ss[0], shapeStr(ds)))
	}
	if len(ss) == 2 && ss[1] > ChipOf(op.Operation).PartitionMax {
		return ir.OpError(op.Operation, fmt.Sprintf("the source's free size %d becomes the partitions of the result, over %d", ss[1], ChipOf(op.Operation).PartitionMax))
	}
	return nil
}

func verifyActivation(op ActivationOp) error {
	return verifyAct(op.Operation, op.Dst(), op.Data(), op.Bias(), nil)
}

func verifyActivationReduce(op ActivationReduceOp) error {
	return verifyAct(op.Operation, op.Dst(), op.Data(), op.Bias(), op.Reduce())
}

func verifyAct(op *ir.Operation, dst, data, bias, reduce ir.Value) error {
	if err := sameShape(op, "the data", dst, data); err != nil {
		return err
	}
	for _, x := range []struct {
		what string
		v    ir.Value
	}{{"the bias", bias}, {"the reduce result", reduce}} {
		if x.v == nil {
			continue
		}
		if err := column(op, x.what, dst, x.v); err != nil {
			return err
		}
		if !isF32(tileOf(x.v).ElementType()) {
			return ir.OpError(op, x.what+" must hold f32")
		}
	}
	return nil
}

func bothPsum(op *ir.Operation, a, b ir.Value) error {
	if tileOf(a).Buffer() == BufferPsum && tileOf(b).Buffer() == BufferPsum {
		return ir.OpError(op, "the two inputs cannot both be in PSUM")
	}
	return nil
}

func verifyTensorTensor(op TensorTensorOp) error {
	if err := sameShape(op.Operation, "the first input", op.Dst(), op.Data1()); err != nil {
		return err
	}
	if err := sameShape(op.Operation, "the second input", op.Dst(), op.Data2()); err != nil {
		return err
	}
	return bothPsum(op.Operation, op.Data1(), op.Data2())
}

func verifyTensorScalar(op TensorScalarOp) error {
	if err := sameShape(op.Operation, "the data", op.Dst(), op.Data()); err != nil {
		return err
	}
	if _, hasImm := op.Imm(); (op.Scalar() == nil) == !hasImm {
		return ir.OpError(op.Operation, "takes either a scalar (a tile or a run-time f32) or an immediate")
	}
	if s := op.Scalar(); s != nil && isF32Type(s.Type()) {
		return nil
	}
	if op.Scalar() != nil {
		return column(op.Operation, "the scalar", op.Dst(), op.Scalar())
	}
	return nil
}

func verifyTensorReduce(op TensorReduceOp) error {
	switch op.Op() {
	case AluOpAdd, AluOpMaximum, AluOpMinimum, AluOpMultiply:
	default:
		return ir.OpError(op.Operation, "reduces with add, multiply, maximum or minimum only")
	}
	return column(op.Operation, "the destination", op.Data(), op.Dst())
}

func verifyTensorCopy(op TensorCopyOp) error {
	return sameShape(op.Operation, "the source", op.Dst(), op.Src())
}

func verifyReciprocal(op ReciprocalOp) error {
	return sameShape(op.Operation, "the data", op.Dst(), op.Data())
}

func verifyAffineSelect(op AffineSelectOp) error {
	// affine_select runs on the GpSimd engine, which reaches SBUF only.
	if tileOf(op.Dst()).Buffer() != BufferSbuf || tileOf(op.Data()).Buffer() != BufferSbuf {
		return ir.OpError(op.Operation, "affine_select runs on the GpSimd engine: the destination and the data must be in SBUF")
	}
	return sameShape(op.Operation, "the data", op.Dst(), op.Data())
}

// BnStatsWidth is the columns bn_stats writes per partition (NKI's
// nl.tile_size.bn_stats_dim), BnAggrWidth those of bn_aggr (mean and
// variance).
const (
	BnStatsWidth = 6
	BnAggrWidth  = 2
)

func verifyBnStats(op BnStatsOp) error {
	c := ChipOf(op.Operation)
	if err := partitionsMatch(op.Operation, "the data", op.Dst(), op.Data()); err != nil {
		return err
	}
	if s := tileOf(op.Data()).Shape(); len(s) == 2 && s[1] > c.BnStatsMax {
		return ir.OpError(op.Operation, fmt.Sprintf("bn_stats reads at most %d elements per partition on %s, but the data has %d", c.BnStatsMax, c.Name, s[1]))
	}
	d := tileOf(op.Dst())
	if s := d.Shape(); len(s) == 2 && s[1] != BnStatsWidth || !isF32(d.ElementType()) {
		return ir.OpError(op.Operation, fmt.Sprintf("the destination must be a Px%d tile of f32", BnStatsWidth))
	}
	return nil
}

func verifyBnAggr(op BnAggrOp) error {
	if err := partitionsMatch(op.Operation, "the data", op.Dst(), op.Data()); err != nil {
		return err
	}
	if s := tileOf(op.Data()).Shape(); len(s) == 2 && s[1]%3 != 0 {
		return ir.OpError(op.Operation, fmt.Sprintf("the data must be bn_stats results, (count, mean, M2) triples, but has %d columns", s[1]))
	}
	d := tileOf(op.Dst())
	if s := d.Shape(); len(s) == 2 && s[1] != BnAggrWidth || !isF32(d.ElementType()) {
		return ir.OpError(op.Operation, fmt.Sprintf("the destination must be a Px%d tile of f32 (mean, variance)", BnAggrWidth))
	}
	return nil
}

func verifyRange(op *ir.Operation) error {
	b := op.Region(0).First()
	if b == nil || b.NumArguments() != 1 || b.Argument(0).Type() != ir.Type(op.Context().IndexType()) {
		return ir.OpError(op, "the body takes one index argument, the induction variable")
	}
	return nil
}

func verifyAffineRange(op AffineRangeOp) error         { return verifyRange(op.Operation) }
func verifySequentialRange(op SequentialRangeOp) error { return verifyRange(op.Operation) }

func isF32Type(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	return ok && f.Kind == ir.F32
}
