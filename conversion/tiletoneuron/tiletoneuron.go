// Package tiletoneuron is tile-to-neuron{chip=trn1|trn2}: it lowers the
// bodies of tile kernels (tile.func) to the neuron dialect, so that each
// program runs on one NeuronCore. The kernel, its grid, its views and its
// index arithmetic stay as they are; every tile (a tensor value) becomes
// an SBUF or PSUM tile with its rows on the partitions, and every tile
// operation the neuron instructions that compute it:
//
//   - tile.load and tile.store become DMA copies between the view and an
//     SBUF tile (a 1-D block fills one partition); a pad becomes a memset
//     of the tile before a bounds-checked copy, so ragged edges keep the
//     pad, and bounds_check on a store drops the elements outside;
//   - a kernel whose tiles are larger than one instruction takes (more
//     rows than partitions, a contraction longer than the partitions,
//     more columns than a moving operand or a PSUM bank) is re-blocked
//     first, at the tile level, into pieces that fit (reblock.go);
//   - tile.dot a·b + acc becomes nc_matmul with K on the partitions: the
//     stationary operand is aᵀ, transposed on the tensor engine (through
//     PSUM), the moving one b, the destination a PSUM tile in f32; an
//     accumulator carried by a loop lives in PSUM for the whole loop and
//     nc_matmul accumulates into it in place (the loop becomes an
//     affine_range: its only dependence is that associative
//     accumulation);
//   - elementwise arith and math on tiles become tensor_tensor (two
//     tiles), tensor_scalar (a tile and a per-row column broadcast along
//     the free axis, or a constant) and activation (exp, tanh, sqrt,
//     rsqrt, log); a row broadcast along the partitions (a bias per
//     column) is made on the tensor engine as ones·row; tile.reduce along
//     the free axis becomes tensor_reduce, along the rows a transpose and
//     a tensor_reduce; casts become tensor_copy;
//   - other loops carrying tiles become sequential_range loops over
//     tiles updated in place; first, the guarded loads a loop does not
//     need to repeat (invariant operands, no write in the loop) move
//     before it, so their block is copied into SBUF once;
//   - masks built from tile.iota compared with a bound (the column masks
//     of ragged rows) become affine_select predicates of the partition
//     and free indices.
//
// The lowering keeps the tile level's arithmetic (each step rounded to
// f32 as tile's interpreter does) so --check-semantics finds the kernels
// equal. A kernel the NeuronCore cannot hold even re-blocked (more PSUM
// banks or SBUF than the chip has) is a located error, and the kernel is
// left as it was; a kernel with an operation this lowering does not know
// stays at the tile level with a warning.
package tiletoneuron

import (
	"fmt"
	"math"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/arith"
	mathd "github.com/strata-ir/strata/dialects/math"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// Argument is the pass's name in pipelines.
const Argument = "tile-to-neuron"

// Pass registers tile-to-neuron.
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: func(*ir.Context) []string { return lowered }}

// lowered names the operations the pass lowers when they are on tiles.
var lowered = []string{"tile.load", "tile.store", "tile.atomic_add", "tile.dot", "tile.reduce", "tile.splat", "tile.iota",
	"tile.expand_dims", "tile.squeeze", "tile.reshape", "tile.broadcast", "tile.transpose", "tile.cast",
	"arith.constant", "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf",
	"arith.maxnumf", "arith.minnumf", "arith.negf", "arith.extf", "arith.truncf", "arith.addi", "arith.subi",
	"arith.muli", "arith.remui", "arith.remsi", "arith.cmpi",
	"arith.select", "arith.index_cast", "arith.sitofp", "math.exp", "math.tanh", "math.sqrt", "math.rsqrt", "math.log",
	"math.sin", "math.cos", "scf.for"}

func init() { pass.Register(Pass) }

type toNeuron struct {
	pass.Info
	chip *string
}

// New returns a tile-to-neuron pass.
func New() pass.Pass {
	p := &toNeuron{Info: pass.Info{Argument: Argument, Name: "TileToNeuron",
		Summary: "Lower tile kernels to the neuron dialect (AWS Trainium)"}}
	p.chip = p.Options.Enum("chip", "trn1", []pass.EnumValue{{Name: "trn1", Desc: "Trainium (NeuronCore-v2)"},
		{Name: "trn2", Desc: "Trainium2 (NeuronCore-v3)"}}, "The chip whose limits apply")
	return p
}

// ReassociatesFloats reports that --check-semantics compares within a
// tolerance: the lowering keeps tile's order of operations, but a
// re-blocked reduction along a cut dimension adds its pieces' partial
// sums.
func (p *toNeuron) ReassociatesFloats() bool { return true }

func (p *toNeuron) Run(op *ir.Operation, st *pass.State) error {
	chip, _ := chips.Lookup(*p.chip)
	var kernels []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := tile.AsFuncOp(o); ok {
			kernels = append(kernels, o)
			return false
		}
		return true
	})
	for _, k := range kernels {
		err := Lower(k, chip)
		switch {
		case err == nil:
		case IsUnsupported(err):
			err.Severity = ir.SeverityWarning
			err.Message += "; the kernel stays at the tile level"
			st.Emit(err)
		default:
			st.Emit(err)
			st.SignalFailure()
		}
	}
	return nil
}

// Lower lowers the body of kernel k for chip. On error the kernel is left
// unchanged and the error is returned.
func Lower(k *ir.Operation, chip *chips.Chip) *ir.Diagnostic {
	work := k.Clone(nil)
	work.SetAttr(neuron.ChipAttr, k.Context().Str(chip.Name))
	l := &lowering{ctx: k.Context(), b: ir.NewBuilder(k.Context()), chip: chip, vals: map[ir.Value]*val{}}
	body := work.Region(0).First()
	if body == nil {
		return nil
	}
	if err := reblock(work, chip); err != nil {
		work.Erase()
		return err
	}
	hoistInvariantLoads(work)
	l.entry, l.stat = body, map[ir.Value]stationaryTile{}
	l.moments, l.skip = map[*ir.Operation]*moments{}, map[*ir.Operation]bool{}
	if err := l.block(body); err != nil {
		work.Erase()
		return err
	}
	if err := l.b.Err(); err != nil {
		work.Erase()
		return ir.NewError(k.Loc(), "tile-to-neuron: "+err.Error())
	}
	for i := len(l.dead) - 1; i >= 0; i-- {
		l.dead[i].DropAllReferences()
	}
	for i := len(l.dead) - 1; i >= 0; i-- {
		l.dead[i].Erase()
	}
	if err := ir.Verify(work); err != nil {
		work.Erase()
		if d, ok := err.(*ir.Diagnostic); ok {
			return d
		}
		return ir.NewError(k.Loc(), err.Error())
	}
	k.Block().InsertBefore(k, work)
	k.Erase()
	return nil
}

// kind is how a tile-level value is held.
type kind int

const (
	// full: a tile of the value's shape, rows on partitions.
	full kind = iota
	// col: a 1-D value (or a Rx1 one) as one column, one element per
	// partition.
	col
	// row: a 1-D value (or a 1xC one) as one partition.
	row
	// bcol: a column broadcast along the free axis to RxC, held as the
	// column.
	bcol
	// splat: a constant, not yet in any tile.
	splat
	// isplat: an integer or index scalar (a run-time value) splat.
	isplat
	// fsplat: an f32 kernel argument (known only at run time) splat, not
	// yet in any tile: the run-time operand of tensor_scalar.
	fsplat
	// aff: the integer tile base + p·cp + f·cf of the partition and free
	// indices (built from tile.iota), never materialized.
	aff
	// mask: the predicate (base + p·cp + f·cf) cmp 0, an affine_select.
	mask
	// ival: an integer tile held as an f32 tile of its values (exact
	// below 2^24), made from an index tile by a remainder.
	ival
)

// val is the lowered form of a tile value.
type val struct {
	k     kind
	t     ir.Value // the neuron tile (nil for a splat)
	c     float64  // a splat's value
	shape []int64  // the tile-level shape
	elem  ir.Type  // the tile-level element type
	// For isplat, fsplat, aff and mask: the scalar or base (nil: 0), the
	// coefficients and, for a mask, the comparison with 0.
	base   ir.Value
	cp, cf int64
	cmp    neuron.CmpOp
}

type lowering struct {
	ctx  *ir.Context
	b    *ir.Builder
	chip *chips.Chip
	vals map[ir.Value]*val
	// dead lists the tile-level operations replaced, erased at the end.
	dead []*ir.Operation
	// inPlace marks the loop-carried accumulators whose PSUM tile a dot
	// may accumulate into.
	inPlace map[ir.Value]bool
	// entry is the kernel's body.
	entry *ir.Block
	// stat holds the stationary operands made, by tile-level value.
	stat map[ir.Value]stationaryTile
	// moments holds the row moments to compute with bn_stats, by the
	// operation that defines their mean; skip the tile-level operations
	// they make unneeded (moments.go).
	moments map[*ir.Operation]*moments
	skip    map[*ir.Operation]bool
}

func errorf(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	return ir.OpError(op, fmt.Sprintf(format, args...))
}

// unsupportedPrefix starts the message of an operation this lowering does
// not know (as opposed to a tile over the chip's limits): the kernel then
// stays at the tile level with a warning.
const unsupportedPrefix = "tile-to-neuron does not lower "

func unsupported(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	return ir.OpError(op, unsupportedPrefix+fmt.Sprintf(format, args...))
}

// IsUnsupported reports whether d says that the lowering does not know an
// operation (rather than that a tile is over the chip's limits).
func IsUnsupported(d *ir.Diagnostic) bool { return strings.Contains(d.Message, unsupportedPrefix) }

func isTensor(t ir.Type) bool { _, ok := t.(*ir.RankedTensorType); return ok }

// tensorInfo returns the shape of a tile as the lowering holds it (a
// block of rank 3 or more whose leading dimensions are 1 as the 2-D
// block of its last two) and its element type.
func tensorInfo(t ir.Type) ([]int64, ir.Type) {
	rt := t.(*ir.RankedTensorType)
	if s, ok := lastTwo(rt.Shape); ok {
		return s, rt.Elem
	}
	return rt.Shape, rt.Elem
}

// typeShape returns the shape of a tile's type, leading unit dimensions
// included.
func typeShape(t ir.Type) []int64 { return t.(*ir.RankedTensorType).Shape }

// highRank reports whether op has tiles of rank 3 or more.
func highRank(op *ir.Operation) bool {
	for _, vs := range [][]ir.Value{op.Operands(), op.Results()} {
		for _, v := range vs {
			if isTensor(v.Type()) && len(typeShape(v.Type())) > 2 {
				return true
			}
		}
	}
	return false
}

// rankFree reports whether the lowering of op reads nothing of its tiles'
// dimensions but their shape (memory operations at the view's indices,
// element-wise operations, splats, changes of leading unit dimensions)
// or whose lowering checks their rank itself (tile.dot, whose leading
// dimensions are batches): such operations take blocks of rank 3 or more
// held as 2-D tiles.
func rankFree(op *ir.Operation) bool {
	if _, ok := binaryAlu(op); ok {
		return true
	}
	if _, ok := unaryAct(op); ok {
		return true
	}
	return isOp(op, tile.AsLoadOp) || isOp(op, tile.AsStoreOp) || isOp(op, tile.AsAtomicAddOp) ||
		isOp(op, tile.AsReshapeOp) || isOp(op, tile.AsExpandDimsOp) || isOp(op, tile.AsSplatOp) ||
		isOp(op, arith.AsConstantOp) || isOp(op, tile.AsCastOp) || isOp(op, arith.AsExtfOp) ||
		isOp(op, arith.AsTruncfOp) || isOp(op, arith.AsNegfOp) || isOp(op, arith.AsSelectOp) || isOp(op, tile.AsDotOp)
}

// touchesTiles reports whether op has tile operands or results.
func touchesTiles(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if isTensor(v.Type()) {
			return true
		}
	}
	for _, v := range op.Results() {
		if isTensor(v.Type()) {
			return true
		}
	}
	return false
}

func (l *lowering) block(b *ir.Block) *ir.Diagnostic {
	l.findMoments(b)
	for op := b.First(); op != nil; {
		next := op.Next()
		if err := l.op(op); err != nil {
			return err
		}
		op = next
	}
	return nil
}

// alloc makes a tile of rows×cols of elem in buf, checking the chip's
// limits with a message about the tile-level operation op.
func (l *lowering) alloc(op *ir.Operation, rows, cols int64, elem ir.Type, buf neuron.Buffer) (ir.Value, *ir.Diagnostic) {
	if rows > l.chip.PartitionMax {
		return nil, errorf(op, "a tile of %d rows needs %d partitions, over %s's %d: re-block the kernel with at most %d rows per block",
			rows, rows, l.chip.Name, l.chip.PartitionMax, l.chip.PartitionMax)
	}
	if buf == neuron.BufferPsum && cols*neuron.ElemBytes(elem) > l.chip.AccFreeBytes {
		return nil, errorf(op, "a PSUM tile of %d columns of %s needs %d bytes per partition, over a PSUM bank of %d on %s: re-block the kernel",
			cols, typeName(elem), cols*neuron.ElemBytes(elem), l.chip.AccFreeBytes, l.chip.Name)
	}
	t, err := neuron.GetTileType(l.ctx, []int64{rows, cols}, elem, buf)
	if err != nil {
		return nil, errorf(op, "%v", err)
	}
	l.b.Loc = op.Loc()
	return neuron.BuildAlloc(l.b, op.Loc(), t.DynType).Result(), nil
}

// scratchPsum returns a PSUM tile of rows×cols of elem for a result that
// is copied out as soon as it is made (a transpose, a row broadcast),
// allocated just before the instruction: it is live for two
// instructions, so such tiles take no bank beyond that.
func (l *lowering) scratchPsum(op *ir.Operation, rows, cols int64, elem ir.Type) (ir.Value, *ir.Diagnostic) {
	return l.alloc(op, rows, cols, elem, neuron.BufferPsum)
}

func typeName(t ir.Type) string { return ir.TypeString(t) }

// ptr returns a pointer to x, for the optional properties of builders.
func ptr(x float64) *float64 { return &x }

// dims returns the rows and columns of a tile-level shape held as k.
func dims(k kind, shape []int64) (int64, int64) {
	switch len(shape) {
	case 0:
		return 1, 1
	case 1:
		if k == row {
			return 1, shape[0]
		}
		return shape[0], 1
	}
	return shape[0], shape[1]
}

// materialize returns v as a tile of its full shape in SBUF (or PSUM when
// it already is one and psumOK).
func (l *lowering) materialize(op *ir.Operation, v *val, psumOK bool) (ir.Value, *ir.Diagnostic) {
	switch v.k {
	case full, col, row:
		_, _, buf, _ := neuron.Info(v.t)
		if buf == neuron.BufferPsum && !psumOK {
			r, c := dims(v.k, v.shape)
			t, err := l.alloc(op, r, c, v.elem, neuron.BufferSbuf)
			if err != nil {
				return nil, err
			}
			neuron.BuildTensorCopy(l.b, op.Loc(), t, v.t)
			return t, nil
		}
		return v.t, nil
	case splat:
		r, c := dims(full, v.shape)
		t, err := l.alloc(op, r, c, v.elem, neuron.BufferSbuf)
		if err != nil {
			return nil, err
		}
		neuron.BuildMemset(l.b, op.Loc(), t, v.c)
		return t, nil
	case fsplat:
		// 1·x is x exactly (signed zeros, infinities and NaN included).
		r, c := dims(full, v.shape)
		t, err := l.alloc(op, r, c, v.elem, neuron.BufferSbuf)
		if err != nil {
			return nil, err
		}
		neuron.BuildMemset(l.b, op.Loc(), t, 1)
		neuron.BuildTensorScalar(l.b, op.Loc(), t, t, neuron.AluOpMultiply, neuron.TensorScalarOptions{Scalar: v.base})
		return t, nil
	case bcol:
		r, c := v.shape[0], v.shape[1]
		t, err := l.alloc(op, r, c, v.elem, neuron.BufferSbuf)
		if err != nil {
			return nil, err
		}
		neuron.BuildMemset(l.b, op.Loc(), t, 0)
		neuron.BuildTensorScalar(l.b, op.Loc(), t, t, neuron.AluOpAdd, neuron.TensorScalarOptions{Scalar: v.t})
		return t, nil
	}
	return nil, unsupported(op, "index tiles and masks other than as affine_select predicates")
}

// get returns the lowered form of a tile-level value.
func (l *lowering) get(op *ir.Operation, v ir.Value) (*val, *ir.Diagnostic) {
	if x, ok := l.vals[v]; ok {
		return x, nil
	}
	return nil, unsupported(op, "operand #%d, a tile defined where this lowering does not reach", operandIndex(op, v))
}

func operandIndex(op *ir.Operation, v ir.Value) int {
	for i, o := range op.Operands() {
		if o == v {
			return i
		}
	}
	return -1
}

func (l *lowering) set(op *ir.Operation, v *val) {
	l.vals[op.Result(0)] = v
	l.dead = append(l.dead, op)
}

func (l *lowering) op(op *ir.Operation) *ir.Diagnostic {
	l.b.SetInsertionPoint(op)
	l.b.Loc = op.Loc()
	if l.skip[op] {
		l.dead = append(l.dead, op)
		return nil
	}
	if m, ok := l.moments[op]; ok {
		return l.lowerMoments(op, m)
	}
	if f, ok := scf.AsForOp(op); ok {
		return l.forOp(f)
	}
	if !touchesTiles(op) {
		for i := 0; i < op.NumRegions(); i++ {
			for b := op.Region(i).First(); b != nil; b = b.Next() {
				if err := l.block(b); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if highRank(op) && !rankFree(op) {
		return unsupported(op, "blocks of rank 3 or more in this operation")
	}
	switch {
	case isOp(op, tile.AsLoadOp):
		return l.load(op)
	case isOp(op, tile.AsStoreOp), isOp(op, tile.AsAtomicAddOp):
		return l.store(op)
	case isOp(op, tile.AsDotOp):
		return l.dot(op)
	case isOp(op, tile.AsReduceOp):
		return l.reduce(op)
	case isOp(op, tile.AsSplatOp):
		return l.splatOp(op)
	case isOp(op, arith.AsConstantOp):
		return l.constant(op)
	case isOp(op, tile.AsExpandDimsOp):
		return l.expandDims(op)
	case isOp(op, tile.AsSqueezeOp), isOp(op, tile.AsReshapeOp):
		return l.reshape(op)
	case isOp(op, tile.AsBroadcastOp):
		return l.broadcast(op)
	case isOp(op, tile.AsTransposeOp):
		return l.transposeOp(op)
	case isOp(op, tile.AsCastOp), isOp(op, arith.AsExtfOp), isOp(op, arith.AsTruncfOp):
		return l.cast(op)
	}
	if alu, ok := binaryAlu(op); ok {
		return l.binary(op, alu)
	}
	if fn, ok := unaryAct(op); ok {
		return l.unary(op, fn)
	}
	if isOp(op, arith.AsNegfOp) {
		return l.negf(op)
	}
	if isOp(op, scf.AsYieldOp) {
		return nil
	}
	switch {
	case isOp(op, tile.AsIotaOp):
		return l.iota(op)
	case isOp(op, arith.AsAddiOp), isOp(op, arith.AsSubiOp), isOp(op, arith.AsMuliOp):
		return l.intArith(op)
	case isOp(op, arith.AsRemuiOp), isOp(op, arith.AsRemsiOp):
		return l.rem(op)
	case isOp(op, arith.AsCmpiOp):
		return l.cmpi(op)
	case isOp(op, arith.AsIndexCastOp):
		return l.indexCast(op)
	case isOp(op, arith.AsSitofpOp):
		return l.sitofp(op)
	case isOp(op, arith.AsSelectOp):
		return l.selectOp(op)
	case isOp(op, arith.AsMaxnumfOp), isOp(op, arith.AsMinnumfOp):
		return l.numf(op)
	}
	return unsupported(op, "this operation on tiles")
}

func isOp[T any](op *ir.Operation, as func(*ir.Operation) (T, bool)) bool {
	_, ok := as(op)
	return ok
}

func binaryAlu(op *ir.Operation) (neuron.AluOp, bool) {
	switch {
	case isOp(op, arith.AsAddfOp):
		return neuron.AluOpAdd, true
	case isOp(op, arith.AsSubfOp):
		return neuron.AluOpSubtract, true
	case isOp(op, arith.AsMulfOp):
		return neuron.AluOpMultiply, true
	case isOp(op, arith.AsDivfOp):
		return neuron.AluOpDivide, true
	case isOp(op, arith.AsMaximumfOp):
		return neuron.AluOpMaximum, true
	case isOp(op, arith.AsMinimumfOp):
		return neuron.AluOpMinimum, true
	}
	return 0, false
}

func unaryAct(op *ir.Operation) (neuron.ActFunc, bool) {
	switch {
	case isOp(op, mathd.AsExpOp):
		return neuron.ActFuncExp, true
	case isOp(op, mathd.AsTanhOp):
		return neuron.ActFuncTanh, true
	case isOp(op, mathd.AsSqrtOp):
		return neuron.ActFuncSqrt, true
	case isOp(op, mathd.AsRsqrtOp):
		return neuron.ActFuncRsqrt, true
	case isOp(op, mathd.AsLogOp):
		return neuron.ActFuncLog, true
	case isOp(op, mathd.AsSinOp):
		return neuron.ActFuncSin, true
	case isOp(op, mathd.AsCosOp):
		return neuron.ActFuncCos, true
	}
	return 0, false
}

func commutative(a neuron.AluOp) bool {
	return a == neuron.AluOpAdd || a == neuron.AluOpMultiply || a == neuron.AluOpMaximum || a == neuron.AluOpMinimum
}

// ---- memory ----

func padValue(a ir.Attribute) (float64, bool) {
	switch p := a.(type) {
	case *ir.StringAttr:
		switch p.Value {
		case "zero":
			return 0, true
		case "neg_inf":
			return math.Inf(-1), true
		case "pos_inf":
			return math.Inf(1), true
		case "nan":
			return math.NaN(), true
		}
	case *ir.FloatAttr:
		return interp.FromBits(p.Type, p.Bits[0]).Float(), true
	case *ir.IntegerAttr:
		return float64(p.Int64()), true
	}
	return 0, false
}

// offsets returns the element offsets of a block access: the indices
// times the block's sizes, or the indices themselves with `at`.
func (l *lowering) offsets(op *ir.Operation, idx []ir.Value, at bool, shape []int64) []ir.Value {
	if at {
		return idx
	}
	out := make([]ir.Value, len(idx))
	for i, x := range idx {
		c := arith.BuildConstant(l.b, op.Loc(), l.ctx.IntegerAttr(l.ctx.IndexType(), shape[i]), l.ctx.IndexType()).Result()
		out[i] = arith.BuildMuli(l.b, op.Loc(), x, c).Result()
	}
	return out
}

// lastTwo returns a block shape without its leading unit dimensions: a
// block of rank 3 or more whose leading dimensions are 1 (one batch, one
// head) is held as the 2-D tile of its last two; false when a leading
// dimension is over 1.
func lastTwo(shape []int64) ([]int64, bool) {
	if len(shape) <= 2 {
		return shape, true
	}
	for _, d := range shape[:len(shape)-2] {
		if d != 1 {
			return nil, false
		}
	}
	return shape[len(shape)-2:], true
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (l *lowering) load(op *ir.Operation) *ir.Diagnostic {
	ld, _ := tile.AsLoadOp(op)
	var m *val
	if ld.Mask() != nil {
		var err *ir.Diagnostic
		if m, err = l.get(op, ld.Mask()); err != nil {
			return err
		}
		if m.k != mask || m.cmp == neuron.CmpOpEq {
			return unsupported(op, "masked loads by masks other than affine predicates of the indices")
		}
	}
	full3 := typeShape(op.Result(0).Type())
	shape, elem := tensorInfo(op.Result(0).Type())
	if len(shape) > 2 {
		return unsupported(op, "blocks of rank %d whose leading dimensions are not 1", len(full3))
	}
	k := full
	if len(shape) == 1 {
		k = row
	}
	r, c := dims(k, shape)
	t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	guarded := false
	if p := ld.Pad(); p != nil {
		v, ok := padValue(p)
		if !ok {
			return errorf(op, "unknown pad")
		}
		neuron.BuildMemset(l.b, op.Loc(), t, v)
		guarded = true
	}
	offs := l.offsets(op, ld.Indices(), ld.At(), full3)
	neuron.BuildDmaCopy(l.b, op.Loc(), t, ld.View(), offs, neuron.DmaCopyOptions{BoundsCheck: guarded})
	if m != nil {
		// The elements the mask is off read the pad: an affine_select of
		// the loaded tile (the verifier requires a pad with a mask).
		v, _ := padValue(ld.Pad())
		sel, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
		if err != nil {
			return err
		}
		base := m.base
		if base == nil {
			base = l.zero(op)
		}
		neuron.BuildAffineSelect(l.b, op.Loc(), sel, t, base, m.cmp, m.cp, m.cf, v)
		t = sel
	}
	l.set(op, &val{k: k, t: t, shape: shape, elem: elem})
	return nil
}

// stored is what tile.store and tile.atomic_add have in common.
type stored struct {
	value, view, mask ir.Value
	indices           []ir.Value
	at, boundsCheck   bool
	accumulate        bool
}

func storedOf(op *ir.Operation) stored {
	if s, ok := tile.AsStoreOp(op); ok {
		return stored{value: s.Value(), view: s.View(), mask: s.Mask(), indices: s.Indices(), at: s.At(), boundsCheck: s.BoundsCheck()}
	}
	a, _ := tile.AsAtomicAddOp(op)
	return stored{value: a.Value(), view: a.View(), mask: a.Mask(), indices: a.Indices(), at: a.At(), boundsCheck: a.BoundsCheck(), accumulate: true}
}

// store lowers tile.store, and tile.atomic_add as a DMA that accumulates
// into device memory.
func (l *lowering) store(op *ir.Operation) *ir.Diagnostic {
	s := storedOf(op)
	opts := neuron.DmaCopyOptions{BoundsCheck: s.boundsCheck, Accumulate: s.accumulate}
	if s.mask != nil {
		// A mask that is an affine predicate of the indices masks the DMA
		// itself: the elements where it is off are not written.
		m, err := l.get(op, s.mask)
		if err != nil {
			return err
		}
		if m.k != mask {
			return unsupported(op, "masked stores by masks other than affine predicates of the indices")
		}
		base := m.base
		if base == nil {
			base = l.zero(op)
		}
		cmp, cp, cf := m.cmp, m.cp, m.cf
		opts.MaskBase, opts.MaskCmp, opts.MaskChannelMultiplier, opts.MaskStep = base, &cmp, &cp, &cf
	}
	v, err := l.get(op, s.value)
	if err != nil {
		return err
	}
	shape := v.shape
	if len(shape) == 1 && v.k == col {
		if v, err = l.toRow(op, v); err != nil {
			return err
		}
	}
	t, err := l.materialize(op, v, false)
	if err != nil {
		return err
	}
	offs := l.offsets(op, s.indices, s.at, typeShape(s.value.Type()))
	neuron.BuildDmaCopy(l.b, op.Loc(), s.view, t, offs, opts)
	l.dead = append(l.dead, op)
	return nil
}

// ---- constants ----

func (l *lowering) constant(op *ir.Operation) *ir.Diagnostic {
	c, _ := arith.AsConstantOp(op)
	d, ok := c.Value().(*ir.DenseElementsAttr)
	if !ok || !d.Splat {
		return unsupported(op, "constant tiles other than splats")
	}
	dv, err := interp.DenseFromAttr(d)
	if err != nil || len(dv.Data) == 0 {
		return errorf(op, "unreadable constant")
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	x := interp.FromBits(elem, dv.Data[0])
	f := x.Float()
	if !x.IsFloat() {
		f = float64(x.Int())
	}
	l.set(op, &val{k: splat, c: f, shape: shape, elem: elem})
	return nil
}

func (l *lowering) splatOp(op *ir.Operation) *ir.Diagnostic {
	s, _ := tile.AsSplatOp(op)
	if _, isFloat := s.Input().Type().(*ir.FloatType); !isFloat {
		shape, elem := tensorInfo(op.Result(0).Type())
		l.set(op, &val{k: isplat, base: s.Input(), shape: shape, elem: elem})
		return nil
	}
	def := ir.DefiningOp(s.Input())
	if def != nil {
		if c, ok := arith.AsConstantOp(def); ok {
			if v, ok := padValue(c.Value()); ok {
				shape, elem := tensorInfo(op.Result(0).Type())
				l.set(op, &val{k: splat, c: v, shape: shape, elem: elem})
				return nil
			}
		}
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if arg, ok := s.Input().(*ir.BlockArgument); ok && arg.Owner() == l.entry && isF32(elem) && len(shape) == 2 {
		l.set(op, &val{k: fsplat, base: s.Input(), shape: shape, elem: elem})
		return nil
	}
	return unsupported(op, "splats of values known only at run time other than f32 kernel arguments in 2-D tiles")
}

// ---- shapes ----

func (l *lowering) expandDims(op *ir.Operation) *ir.Diagnostic {
	e, _ := tile.AsExpandDimsOp(op)
	v, err := l.get(op, e.Input())
	if err != nil {
		return err
	}
	shape, _ := tensorInfo(op.Result(0).Type())
	if raw := typeShape(op.Result(0).Type()); len(raw) > 2 && len(v.shape) == 2 && v.k == full && sameShape(shape, v.shape) {
		// A leading unit dimension (a batch or a head of one) keeps the
		// tile.
		l.set(op, &val{k: full, t: v.t, shape: v.shape, elem: v.elem})
		return nil
	}
	if len(v.shape) != 1 {
		return unsupported(op, "expand_dims of tiles other than 1-D ones")
	}
	switch {
	case v.k == splat, v.k == isplat:
		l.set(op, &val{k: v.k, c: v.c, base: v.base, shape: shape, elem: v.elem})
		return nil
	case v.k == aff, v.k == mask:
		// The only dimension of a 1-D index tile becomes the free axis
		// (dim 0 inserted) or the partitions (dim 1 inserted).
		n := *v
		n.shape = shape
		if e.Dim() == 0 {
			n.cp, n.cf = 0, v.cf
		} else {
			n.cp, n.cf = v.cf, 0
		}
		l.set(op, &n)
		return nil
	case e.Dim() == 1 && v.k != col:
		if v, err = l.toCol(op, v); err != nil {
			return err
		}
	case e.Dim() == 0 && v.k != row:
		if v, err = l.toRow(op, v); err != nil {
			return err
		}
	}
	l.set(op, &val{k: v.k, t: v.t, shape: shape, elem: v.elem})
	return nil
}

func (l *lowering) reshape(op *ir.Operation) *ir.Diagnostic {
	in := op.Operand(0)
	v, err := l.get(op, in)
	if err != nil {
		return err
	}
	shape, _ := tensorInfo(op.Result(0).Type())
	if v.k == splat {
		l.set(op, &val{k: splat, c: v.c, shape: shape, elem: v.elem})
		return nil
	}
	// Adding or dropping leading unit dimensions of a 2-D tile keeps it.
	if len(shape) == 2 && v.k == full && sameShape(shape, v.shape) {
		l.set(op, &val{k: full, t: v.t, shape: v.shape, elem: v.elem})
		return nil
	}
	// Between [R], [R,1] (columns) and [C], [1,C] (rows) only.
	switch {
	case v.k == col && len(shape) == 1 && shape[0] == v.shape[0],
		v.k == col && len(shape) == 2 && shape[1] == 1:
		l.set(op, &val{k: col, t: v.t, shape: shape, elem: v.elem})
		return nil
	case v.k == row && len(shape) == 1,
		v.k == row && len(shape) == 2 && shape[0] == 1:
		l.set(op, &val{k: row, t: v.t, shape: shape, elem: v.elem})
		return nil
	case v.k == full && len(shape) == 1 && v.shape[1] == 1:
		l.set(op, &val{k: col, t: v.t, shape: shape, elem: v.elem})
		return nil
	case v.k == full && len(shape) == 1 && v.shape[0] == 1:
		l.set(op, &val{k: row, t: v.t, shape: shape, elem: v.elem})
		return nil
	}
	return unsupported(op, "reshapes across partitions")
}

func (l *lowering) broadcast(op *ir.Operation) *ir.Diagnostic {
	bc, _ := tile.AsBroadcastOp(op)
	v, err := l.get(op, bc.Input())
	if err != nil {
		return err
	}
	shape, _ := tensorInfo(op.Result(0).Type())
	if len(shape) != 2 {
		return unsupported(op, "broadcasts to tiles other than 2-D ones")
	}
	switch {
	case v.k == splat, v.k == isplat, v.k == aff, v.k == mask:
		n := *v
		n.shape = shape
		l.set(op, &n)
	case v.shape[0] == shape[0] && v.shape[1] == 1 && (v.k == col || v.k == full):
		l.set(op, &val{k: bcol, t: v.t, shape: shape, elem: v.elem})
	case v.shape[0] == 1 && (v.k == row || v.k == full):
		t, err := l.rowBroadcast(op, v.t, shape[0], shape[1], v.elem)
		if err != nil {
			return err
		}
		l.set(op, &val{k: full, t: t, shape: shape, elem: v.elem})
	default:
		return unsupported(op, "this broadcast")
	}
	return nil
}

// rowBroadcast copies a 1xC row to R partitions on the tensor engine:
// ones(1xR)ᵀ·row is R copies of the row, exactly (each element is one
// product by 1 added to 0). A row wider than a moving operand (or a PSUM
// bank) is broadcast in pieces of its columns, each through its own PSUM
// tile into its columns of the result.
func (l *lowering) rowBroadcast(op *ir.Operation, rowT ir.Value, r, c int64, elem ir.Type) (ir.Value, *ir.Diagnostic) {
	f32 := l.ctx.FloatType(ir.F32)
	width := min(l.chip.MovingMax, l.chip.AccFreeBytes/neuron.ElemBytes(f32))
	ones, err := l.alloc(op, 1, r, elem, neuron.BufferSbuf)
	if err != nil {
		return nil, err
	}
	neuron.BuildMemset(l.b, op.Loc(), ones, 1)
	var out ir.Value
	n := (c + width - 1) / width
	off := int64(0)
	for i := int64(0); i < n; i++ {
		w := c / n
		if i < c%n {
			w++
		}
		acc, err := l.scratchPsum(op, r, w, f32)
		if err != nil {
			return nil, err
		}
		neuron.BuildMemset(l.b, op.Loc(), acc, 0)
		moving := rowT
		if n > 1 {
			moving = l.slice(op, rowT, off, w)
		}
		neuron.BuildNcMatmul(l.b, op.Loc(), acc, ones, moving)
		if out == nil {
			if out, err = l.alloc(op, r, c, elem, neuron.BufferSbuf); err != nil {
				return nil, err
			}
		}
		dst := out
		if n > 1 {
			dst = l.slice(op, out, off, w)
		}
		neuron.BuildTensorCopy(l.b, op.Loc(), dst, acc)
		off += w
	}
	return out, nil
}

// transpose returns the transpose of an SBUF tile rows×cols, made on the
// tensor engine through PSUM and copied back to SBUF.
func (l *lowering) transpose(op *ir.Operation, t ir.Value, rows, cols int64, elem ir.Type) (ir.Value, *ir.Diagnostic) {
	if cols > l.chip.PartitionMax {
		return nil, errorf(op, "transposing a tile of %d columns gives %d partitions, over %s's %d: re-block the kernel",
			cols, cols, l.chip.Name, l.chip.PartitionMax)
	}
	p, err := l.scratchPsum(op, cols, rows, elem)
	if err != nil {
		return nil, err
	}
	neuron.BuildNcTranspose(l.b, op.Loc(), p, t)
	s, err := l.alloc(op, cols, rows, elem, neuron.BufferSbuf)
	if err != nil {
		return nil, err
	}
	neuron.BuildTensorCopy(l.b, op.Loc(), s, p)
	return s, nil
}

func (l *lowering) toRow(op *ir.Operation, v *val) (*val, *ir.Diagnostic) {
	src, err := l.materialize(op, v, false)
	if err != nil {
		return nil, err
	}
	n := v.shape[0]
	t, err := l.transpose(op, src, n, 1, v.elem)
	if err != nil {
		return nil, err
	}
	return &val{k: row, t: t, shape: v.shape, elem: v.elem}, nil
}

func (l *lowering) toCol(op *ir.Operation, v *val) (*val, *ir.Diagnostic) {
	src, err := l.materialize(op, v, false)
	if err != nil {
		return nil, err
	}
	n := v.shape[len(v.shape)-1]
	t, err := l.transpose(op, src, 1, n, v.elem)
	if err != nil {
		return nil, err
	}
	return &val{k: col, t: t, shape: v.shape, elem: v.elem}, nil
}

func (l *lowering) transposeOp(op *ir.Operation) *ir.Diagnostic {
	v, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	shape, _ := tensorInfo(op.Result(0).Type())
	if v.k == splat {
		l.set(op, &val{k: splat, c: v.c, shape: shape, elem: v.elem})
		return nil
	}
	if len(shape) != 2 {
		return unsupported(op, "transposes of tiles other than 2-D ones")
	}
	src, err := l.materialize(op, v, false)
	if err != nil {
		return err
	}
	t, err := l.transpose(op, src, v.shape[0], v.shape[1], v.elem)
	if err != nil {
		return err
	}
	l.set(op, &val{k: full, t: t, shape: shape, elem: v.elem})
	return nil
}

func (l *lowering) cast(op *ir.Operation) *ir.Diagnostic {
	if c, ok := tile.AsCastOp(op); ok {
		if m, has := c.Rounding(); has && m != tile.RoundingModeToNearestEven || c.Unsigned() {
			return unsupported(op, "casts other than to nearest even")
		}
	}
	v, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if _, isFloat := elem.(*ir.FloatType); !isFloat {
		return unsupported(op, "casts to types other than floats")
	}
	if v.k == splat {
		l.set(op, &val{k: splat, c: neuronRound(elem, v.c), shape: shape, elem: elem})
		return nil
	}
	k := v.k
	r, c := dims(k, shape)
	if k == bcol {
		r, c = v.shape[0], 1
	}
	t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildTensorCopy(l.b, op.Loc(), t, v.t)
	l.set(op, &val{k: k, t: t, shape: shape, elem: elem})
	return nil
}

func neuronRound(t ir.Type, x float64) float64 {
	if ft, ok := t.(*ir.FloatType); ok {
		return interp.MakeFloat(ft, x).Float()
	}
	return x
}

// ---- compute ----

func (l *lowering) binary(op *ir.Operation, alu neuron.AluOp) *ir.Diagnostic {
	a, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	b, err := l.get(op, op.Operand(1))
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if a.k == splat && b.k == splat {
		return unsupported(op, "operations on constant tiles only (run --canonicalize first)")
	}
	if (a.k == splat || a.k == fsplat) && (b.k == splat || b.k == fsplat) {
		return unsupported(op, "operations on splats only")
	}
	// The options of tensor_scalar with the scalar s: an immediate, a
	// run-time f32 or a per-partition column.
	scalarOpts := func(s *val, rev bool) neuron.TensorScalarOptions {
		switch s.k {
		case splat:
			return neuron.TensorScalarOptions{Imm: ptr(s.c), Reverse: rev}
		case fsplat:
			return neuron.TensorScalarOptions{Scalar: s.base, Reverse: rev}
		}
		return neuron.TensorScalarOptions{Scalar: s.t, Reverse: rev}
	}
	isSplat := func(x *val) bool { return x.k == splat || x.k == fsplat }
	// A broadcast column and a constant: computed on the column, which
	// stays broadcast.
	if a.k == bcol && isSplat(b) || isSplat(a) && b.k == bcol {
		data, s, rev := a, b, false
		if isSplat(a) {
			data, s, rev = b, a, !commutative(alu)
		}
		t, err := l.alloc(op, shape[0], 1, elem, neuron.BufferSbuf)
		if err != nil {
			return err
		}
		neuron.BuildTensorScalar(l.b, op.Loc(), t, data.t, alu, scalarOpts(s, rev))
		l.set(op, &val{k: bcol, t: t, shape: shape, elem: elem})
		return nil
	}
	// A tile and a per-partition scalar or a constant: tensor_scalar.
	scalarLike := func(x *val) bool { return isSplat(x) || x.k == bcol }
	if scalarLike(b) && !scalarLike(a) || scalarLike(a) && !scalarLike(b) {
		data, s, rev := a, b, false
		if scalarLike(a) {
			data, s, rev = b, a, true
		}
		if rev && commutative(alu) {
			rev = false
		}
		if s.k == bcol && !(data.k == full && len(shape) == 2) {
			return unsupported(op, "a broadcast column combined with anything but a full tile")
		}
		r, c := dims(data.k, shape)
		t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
		if err != nil {
			return err
		}
		neuron.BuildTensorScalar(l.b, op.Loc(), t, data.t, alu, scalarOpts(s, rev))
		l.set(op, &val{k: data.k, t: t, shape: shape, elem: elem})
		return nil
	}
	// Two columns broadcast the same way stay a column; 1-D values are
	// columns unless both are rows.
	if len(shape) == 1 && !(a.k == row && b.k == row) {
		for _, x := range []**val{&a, &b} {
			if (*x).k == row {
				c, err := l.toCol(op, *x)
				if err != nil {
					return err
				}
				*x = c
			}
		}
	}
	k := full
	switch {
	case a.k == bcol && b.k == bcol:
		k = bcol
	case a.k == row && b.k == row:
		k = row
	case len(shape) == 1 || a.k == col && b.k == col:
		k = col
	}
	var x, y ir.Value
	if k == full {
		if x, err = l.materialize(op, a, true); err != nil {
			return err
		}
		if y, err = l.materialize(op, b, true); err != nil {
			return err
		}
		_, _, bx, _ := neuron.Info(x)
		_, _, by, _ := neuron.Info(y)
		if bx == neuron.BufferPsum && by == neuron.BufferPsum {
			if y, err = l.materialize(op, &val{k: full, t: y, shape: b.shape, elem: b.elem}, false); err != nil {
				return err
			}
		}
	} else {
		x, y = a.t, b.t
	}
	r, c := dims(k, shape)
	if k == bcol {
		r, c = shape[0], 1
	}
	t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildTensorTensor(l.b, op.Loc(), t, x, y, alu)
	l.set(op, &val{k: k, t: t, shape: shape, elem: elem})
	return nil
}

func (l *lowering) unary(op *ir.Operation, fn neuron.ActFunc) *ir.Diagnostic {
	v, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if v.k == splat {
		return unsupported(op, "operations on constant tiles only (run --canonicalize first)")
	}
	r, c := dims(v.k, shape)
	if v.k == bcol {
		r, c = shape[0], 1
	}
	t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildActivation(l.b, op.Loc(), t, v.t, fn)
	l.set(op, &val{k: v.k, t: t, shape: shape, elem: elem})
	return nil
}

func (l *lowering) negf(op *ir.Operation) *ir.Diagnostic {
	v, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if v.k == splat {
		l.set(op, &val{k: splat, c: -v.c, shape: shape, elem: elem})
		return nil
	}
	r, c := dims(v.k, shape)
	if v.k == bcol {
		r, c = shape[0], 1
	}
	t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildTensorScalar(l.b, op.Loc(), t, v.t, neuron.AluOpMultiply, neuron.TensorScalarOptions{Imm: ptr(-1)})
	l.set(op, &val{k: v.k, t: t, shape: shape, elem: elem})
	return nil
}

func (l *lowering) reduce(op *ir.Operation) *ir.Diagnostic {
	rd, _ := tile.AsReduceOp(op)
	kind, has := rd.Kind()
	if !has {
		return unsupported(op, "reductions by a combining region")
	}
	alu := map[tile.CombiningKind]neuron.AluOp{tile.CombiningKindSum: neuron.AluOpAdd, tile.CombiningKindProd: neuron.AluOpMultiply,
		tile.CombiningKindMax: neuron.AluOpMaximum, tile.CombiningKindMin: neuron.AluOpMinimum}[kind]
	v, err := l.get(op, rd.Input())
	if err != nil {
		return err
	}
	if !isTensor(op.Result(0).Type()) || len(v.shape) != 2 {
		return unsupported(op, "reductions other than of 2-D tiles to 1-D ones")
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	src, err := l.materialize(op, v, true)
	if err != nil {
		return err
	}
	rows, cols := v.shape[0], v.shape[1]
	if rd.Dim() == 0 {
		// Rows are partitions: bring them to the free axis first.
		if src, err = l.materialize(op, &val{k: full, t: src, shape: v.shape, elem: v.elem}, false); err != nil {
			return err
		}
		if src, err = l.transpose(op, src, rows, cols, v.elem); err != nil {
			return err
		}
		rows = cols
	}
	t, err := l.alloc(op, rows, 1, elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildTensorReduce(l.b, op.Loc(), t, src, alu)
	l.set(op, &val{k: col, t: t, shape: shape, elem: elem})
	return nil
}

// psumAcc returns a PSUM tile of rows×cols f32 holding v (an accumulator
// operand of tile.dot), reusing v's own tile when it is one and this is
// its only use.
func (l *lowering) psumAcc(op *ir.Operation, acc ir.Value, v *val, rows, cols int64) (ir.Value, *ir.Diagnostic) {
	if v.k == full && l.inPlace[acc] {
		return v.t, nil
	}
	t, err := l.alloc(op, rows, cols, l.ctx.FloatType(ir.F32), neuron.BufferPsum)
	if err != nil {
		return nil, err
	}
	if v.k == splat {
		neuron.BuildMemset(l.b, op.Loc(), t, v.c)
		return t, nil
	}
	src, err := l.materialize(op, v, true)
	if err != nil {
		return nil, err
	}
	neuron.BuildTensorCopy(l.b, op.Loc(), t, src)
	return t, nil
}

func (l *lowering) dot(op *ir.Operation) *ir.Diagnostic {
	d, _ := tile.AsDotOp(op)
	if p, has := d.Precision(); has && p == tile.PrecisionTf32 {
		return unsupported(op, "tf32 dots")
	}
	if tile.DotBatchRank(d) > 0 {
		return unsupported(op, "batched dots")
	}
	a, err := l.get(op, d.A())
	if err != nil {
		return err
	}
	b, err := l.get(op, d.B())
	if err != nil {
		return err
	}
	acc, err := l.get(op, d.Acc())
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if !isF32(elem) {
		return errorf(op, "the tensor engine accumulates in f32, but this dot's accumulator is %s", typeName(elem))
	}
	M, K, N := a.shape[0], a.shape[1], b.shape[1]
	if K > l.chip.PartitionMax {
		return errorf(op, "a dot over K = %d needs %d partitions for the contraction, over %s's %d: re-block the kernel with K blocks of at most %d",
			K, K, l.chip.Name, l.chip.PartitionMax, l.chip.PartitionMax)
	}
	if M > l.chip.StationaryMax {
		return errorf(op, "a dot block of %d rows needs a stationary operand of %d columns, over %s's %d: re-block the kernel",
			M, M, l.chip.Name, l.chip.StationaryMax)
	}
	if N > l.chip.MovingMax {
		return errorf(op, "a dot block of %d columns needs a moving operand of %d columns, over %s's %d: re-block the kernel",
			N, N, l.chip.Name, l.chip.MovingMax)
	}
	stat, err := l.stationary(op, d.A(), a, M, K)
	if err != nil {
		return err
	}
	mov, err := l.materialize(op, b, false)
	if err != nil {
		return err
	}
	dst, err := l.psumAcc(op, d.Acc(), acc, shape[0], shape[1])
	if err != nil {
		return err
	}
	neuron.BuildNcMatmul(l.b, op.Loc(), dst, stat, mov)
	l.set(op, &val{k: full, t: dst, shape: shape, elem: elem})
	if l.inPlace[d.Acc()] && chained(d) {
		// The next dot of the chain accumulates into the same PSUM tile.
		l.inPlace[d.Result()] = true
	}
	return nil
}

// stationary returns aᵀ, the stationary operand of a dot whose left
// operand is the tile-level value v held as a: its transpose on the tensor
// engine, made once per block for the dots of a re-blocked GEMM that
// share a piece of A.
func (l *lowering) stationary(op *ir.Operation, v ir.Value, a *val, M, K int64) (ir.Value, *ir.Diagnostic) {
	if s, ok := l.stat[v]; ok && s.blk == op.Block() {
		return s.t, nil
	}
	at, err := l.materialize(op, a, false)
	if err != nil {
		return nil, err
	}
	t, err := l.transpose(op, at, M, K, a.elem)
	if err != nil {
		return nil, err
	}
	l.stat[v] = stationaryTile{t: t, blk: op.Block()}
	return t, nil
}

// stationaryTile is a transposed left operand and the block it was made in.
type stationaryTile struct {
	t   ir.Value
	blk *ir.Block
}

func isF32(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	return ok && f.Kind == ir.F32
}

// ---- loops ----

// accumulates reports whether block argument arg of a loop body is a dot
// accumulator: its only use is the accumulator of a tile.dot whose result
// the loop yields in arg's place, or the first of a chain of dots (a
// re-blocked contraction) each of whose results is only the next one's
// accumulator, the last one's yielded.
func accumulates(arg *ir.BlockArgument, yield *ir.Operation, i int) bool {
	v := ir.Value(arg)
	for {
		u := v.FirstUse()
		if u == nil || u.Next() != nil {
			return false
		}
		d, ok := tile.AsDotOp(u.Owner())
		if !ok || d.Acc() != v || u.Owner().Block() != arg.Owner() {
			return false
		}
		if yield != nil && i < yield.NumOperands() && yield.Operand(i) == d.Result() {
			return true
		}
		v = d.Result()
	}
}

// chained reports whether the only use of a dot's result is the
// accumulator of another dot.
func chained(d tile.DotOp) bool {
	u := d.Result().FirstUse()
	if u == nil || u.Next() != nil {
		return false
	}
	next, ok := tile.AsDotOp(u.Owner())
	return ok && next.Acc() == d.Result()
}

func (l *lowering) forOp(f scf.ForOp) *ir.Diagnostic {
	op := f.Operation
	body := f.Region().First()
	yield := body.Last()
	inits := f.InitArgs()
	affine := len(inits) > 0
	bufs := make([]*val, len(inits))
	for i, init := range inits {
		if !isTensor(init.Type()) {
			return unsupported(op, "loops carrying %s", typeName(init.Type()))
		}
		v, err := l.get(op, init)
		if err != nil {
			return err
		}
		arg := body.Argument(i + 1)
		shape, elem := tensorInfo(init.Type())
		if accumulates(arg, yield, i) {
			t, err := l.psumAcc(op, init, v, shape[0], shape[1])
			if err != nil {
				return err
			}
			bufs[i] = &val{k: full, t: t, shape: shape, elem: elem}
			if l.inPlace == nil {
				l.inPlace = map[ir.Value]bool{}
			}
			l.inPlace[arg] = true
			continue
		}
		affine = false
		k := v.k
		if k == splat {
			k = full
			if len(shape) == 1 {
				k = col
			}
		}
		r, c := dims(k, shape)
		if k == bcol {
			r, c = shape[0], 1
		}
		t, err := l.alloc(op, r, c, elem, neuron.BufferSbuf)
		if err != nil {
			return err
		}
		if v.k == splat {
			neuron.BuildMemset(l.b, op.Loc(), t, v.c)
		} else {
			neuron.BuildTensorCopy(l.b, op.Loc(), t, v.t)
		}
		bufs[i] = &val{k: k, t: t, shape: shape, elem: elem}
	}
	var loop *ir.Operation
	if affine {
		loop = neuron.BuildAffineRange(l.b, op.Loc(), f.LowerBound(), f.UpperBound(), f.Step()).Operation
	} else {
		loop = neuron.BuildSequentialRange(l.b, op.Loc(), f.LowerBound(), f.UpperBound(), f.Step()).Operation
	}
	nb := loop.Region(0).First()
	if nb == nil {
		nb = l.b.CreateBlock(loop.Region(0))
	}
	iv := nb.AddArgument(l.ctx.IndexType(), op.Loc())
	ir.ReplaceAllUsesWith(body.Argument(0), iv)
	for i := range inits {
		l.vals[body.Argument(i+1)] = bufs[i]
	}
	// Move the body, but for its scf.yield, before the new terminator.
	term := nb.Last()
	for o := body.First(); o != nil; {
		next := o.Next()
		if o != yield {
			o.Remove()
			if term != nil {
				nb.InsertBefore(term, o)
			} else {
				nb.Append(o)
			}
		}
		o = next
	}
	if term == nil {
		l.b.SetInsertionPointToEnd(nb)
		term = neuron.BuildYield(l.b, op.Loc()).Operation
	}
	if err := l.block(nb); err != nil {
		return err
	}
	// Write each yielded tile into the loop's tile unless it is there.
	l.b.SetInsertionPoint(term)
	for i := range inits {
		y, err := l.get(yield, yield.Operand(i))
		if err != nil {
			return err
		}
		if y.t == bufs[i].t {
			continue
		}
		if y.k == splat {
			neuron.BuildMemset(l.b, yield.Loc(), bufs[i].t, y.c)
			continue
		}
		if y.k != bufs[i].k {
			return unsupported(yield, "a loop whose operand #%d is laid out differently from its initial value", i)
		}
		neuron.BuildTensorCopy(l.b, yield.Loc(), bufs[i].t, y.t)
	}
	for i := range inits {
		l.vals[op.Result(i)] = bufs[i]
	}
	l.dead = append(l.dead, op)
	return nil
}

// ---- masks: iota, integer arithmetic on it, comparisons, select ----

func (l *lowering) iota(op *ir.Operation) *ir.Diagnostic {
	shape, elem := tensorInfo(op.Result(0).Type())
	l.set(op, &val{k: aff, cf: 1, shape: shape, elem: elem})
	return nil
}

func (l *lowering) index(op *ir.Operation, v ir.Value) ir.Value {
	if v.Type() == ir.Type(l.ctx.IndexType()) {
		return v
	}
	return arith.BuildIndexCast(l.b, op.Loc(), v, l.ctx.IndexType()).Operation.Result(0)
}

func (l *lowering) zero(op *ir.Operation) ir.Value {
	return arith.BuildConstant(l.b, op.Loc(), l.ctx.IntegerAttr(l.ctx.IndexType(), 0), l.ctx.IndexType()).Result()
}

// indexCast keeps an iota-based index tile as it is, in another integer
// type (the values an index tile of a block takes fit them).
func (l *lowering) indexCast(op *ir.Operation) *ir.Diagnostic {
	a, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	if a.k != aff && a.k != isplat && a.k != ival {
		return unsupported(op, "index casts of tiles other than iota-based index tiles")
	}
	n := *a
	n.shape, n.elem = tensorInfo(op.Result(0).Type())
	l.set(op, &n)
	return nil
}

// sitofp materializes an iota-based index tile as floats: an iota on
// GpSimd writes base + p·cp + f·cf into the tile in its type.
func (l *lowering) sitofp(op *ir.Operation) *ir.Diagnostic {
	a, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if a.k == ival {
		// The integers are in an f32 tile already.
		if isF32(elem) {
			l.set(op, &val{k: full, t: a.t, shape: shape, elem: elem})
			return nil
		}
		t, err := l.alloc(op, shape[0], shape[1], elem, neuron.BufferSbuf)
		if err != nil {
			return err
		}
		neuron.BuildTensorCopy(l.b, op.Loc(), t, a.t)
		l.set(op, &val{k: full, t: t, shape: shape, elem: elem})
		return nil
	}
	if a.k != aff {
		return unsupported(op, "conversions to float of tiles other than iota-based index tiles")
	}
	k, cp, cf := full, a.cp, a.cf
	if len(shape) == 1 {
		// A 1-D tile is a column: its index runs along the partitions.
		k, cp, cf = col, a.cp+a.cf, 0
	}
	r, c := dims(k, shape)
	t, derr := l.alloc(op, r, c, elem, neuron.BufferSbuf)
	if derr != nil {
		return derr
	}
	base := a.base
	if base == nil {
		base = l.zero(op)
	}
	neuron.BuildIota(l.b, op.Loc(), t, base, cp, cf)
	l.set(op, &val{k: k, t: t, shape: shape, elem: elem})
	return nil
}

func (l *lowering) cmpi(op *ir.Operation) *ir.Diagnostic {
	c, _ := arith.AsCmpiOp(op)
	a, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	b, err := l.get(op, op.Operand(1))
	if err != nil {
		return err
	}
	pred := c.Predicate()
	if a.k == aff && b.k == aff {
		return l.cmpAffine(op, pred, a, b)
	}
	if a.k != aff || b.k != isplat && b.k != splat {
		return unsupported(op, "comparisons other than of an iota-based index tile with a scalar")
	}
	base := a.base
	if base == nil {
		base = l.zero(op)
	}
	var n ir.Value
	if b.k == splat {
		// A constant bound (a splat folded into a dense constant).
		n = arith.BuildConstant(l.b, op.Loc(), l.ctx.IntegerAttr(l.ctx.IndexType(), int64(b.c)), l.ctx.IndexType()).Result()
	} else {
		n = l.index(op, b.base)
	}
	shape, _ := tensorInfo(op.Result(0).Type())
	m := &val{k: mask, shape: shape}
	switch pred {
	case arith.CmpIPredicateSlt, arith.CmpIPredicateUlt, arith.CmpIPredicateSle, arith.CmpIPredicateUle:
		// n - (base + p·cp + f·cf) > 0 (>= 0 for <=).
		m.base = arith.BuildSubi(l.b, op.Loc(), n, base).Result()
		m.cp, m.cf = -a.cp, -a.cf
		m.cmp = neuron.CmpOpGt
		if pred == arith.CmpIPredicateSle || pred == arith.CmpIPredicateUle {
			m.cmp = neuron.CmpOpGe
		}
	case arith.CmpIPredicateSgt, arith.CmpIPredicateUgt, arith.CmpIPredicateSge, arith.CmpIPredicateUge:
		m.base = arith.BuildSubi(l.b, op.Loc(), base, n).Result()
		m.cp, m.cf = a.cp, a.cf
		m.cmp = neuron.CmpOpGt
		if pred == arith.CmpIPredicateSge || pred == arith.CmpIPredicateUge {
			m.cmp = neuron.CmpOpGe
		}
	default:
		return unsupported(op, "this comparison of index tiles")
	}
	l.set(op, m)
	return nil
}

// cmpAffine lowers the comparison of two iota-based index tiles (the
// causal mask: key index <= query index) to the predicate of their
// difference.
func (l *lowering) cmpAffine(op *ir.Operation, pred arith.CmpIPredicate, a, b *val) *ir.Diagnostic {
	zero := l.zero(op)
	base := func(v *val) ir.Value {
		if v.base == nil {
			return zero
		}
		return l.index(op, v.base)
	}
	shape, _ := tensorInfo(op.Result(0).Type())
	m := &val{k: mask, shape: shape, cmp: neuron.CmpOpGt}
	lo, hi := a, b // lo < hi (or <=)
	switch pred {
	case arith.CmpIPredicateSlt, arith.CmpIPredicateUlt:
	case arith.CmpIPredicateSle, arith.CmpIPredicateUle:
		m.cmp = neuron.CmpOpGe
	case arith.CmpIPredicateSgt, arith.CmpIPredicateUgt:
		lo, hi = b, a
	case arith.CmpIPredicateSge, arith.CmpIPredicateUge:
		lo, hi = b, a
		m.cmp = neuron.CmpOpGe
	default:
		return unsupported(op, "this comparison of index tiles")
	}
	// hi - lo > 0 (>= 0).
	m.base = arith.BuildSubi(l.b, op.Loc(), base(hi), base(lo)).Result()
	m.cp, m.cf = hi.cp-lo.cp, hi.cf-lo.cf
	l.set(op, m)
	return nil
}

func (l *lowering) selectOp(op *ir.Operation) *ir.Diagnostic {
	m, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	x, err := l.get(op, op.Operand(1))
	if err != nil {
		return err
	}
	y, err := l.get(op, op.Operand(2))
	if err != nil {
		return err
	}
	if m.k != mask {
		return unsupported(op, "selects by masks other than affine predicates of the indices")
	}
	base, cp, cf, cmp := m.base, m.cp, m.cf, m.cmp
	if x.k == splat && y.k != splat {
		// not(e > 0) is -e >= 0, not(e >= 0) is -e > 0.
		x, y = y, x
		base = arith.BuildSubi(l.b, op.Loc(), l.zero(op), base).Result()
		cp, cf = -cp, -cf
		if cmp == neuron.CmpOpGt {
			cmp = neuron.CmpOpGe
		} else {
			cmp = neuron.CmpOpGt
		}
	}
	if y.k != splat || x.k == splat || m.cmp == neuron.CmpOpEq {
		return unsupported(op, "selects other than between a tile and a constant")
	}
	shape, elem := tensorInfo(op.Result(0).Type())
	if len(shape) != 2 {
		return unsupported(op, "selects of tiles other than 2-D ones")
	}
	// The GpSimd engine reads SBUF only: scores still in PSUM are
	// evicted first.
	src, err := l.materialize(op, x, false)
	if err != nil {
		return err
	}
	t, err := l.alloc(op, shape[0], shape[1], elem, neuron.BufferSbuf)
	if err != nil {
		return err
	}
	neuron.BuildAffineSelect(l.b, op.Loc(), t, src, base, cmp, cp, cf, y.c)
	l.set(op, &val{k: full, t: t, shape: shape, elem: elem})
	return nil
}

// numf lowers maxnumf and minnumf with a NaN constant, the identity of
// those operations (the initial value of a reduction): the other operand.
func (l *lowering) numf(op *ir.Operation) *ir.Diagnostic {
	a, err := l.get(op, op.Operand(0))
	if err != nil {
		return err
	}
	b, err := l.get(op, op.Operand(1))
	if err != nil {
		return err
	}
	if a.k == splat && math.IsNaN(a.c) {
		a, b = b, a
	}
	if b.k != splat || !math.IsNaN(b.c) {
		return unsupported(op, "maxnumf and minnumf other than with NaN (use maximumf and minimumf)")
	}
	n := *a
	n.shape, _ = tensorInfo(op.Result(0).Type())
	l.set(op, &n)
	return nil
}
