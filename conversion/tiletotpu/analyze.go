package tiletotpu

import (
	"fmt"
	"sort"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// lowering lowers one launch of a kernel.
type lowering struct {
	ctx    *ir.Context
	chip   *chips.Chip
	module *ir.Operation
	names  map[string]bool
	launch tile.LaunchOp
	kernel *ir.Operation

	grid []int64  // the Mosaic grid (the tile grid, then k); ir.Dynamic for sizes known at run time
	sem  []string // its dimension semantics
	// gridVals holds the launch's size of each tile grid axis (the grid
	// operands of tpu.pallas_call for the dynamic ones).
	gridVals []ir.Value
	// loops are the k loops over blocks (none when the program has
	// none): one loop from 0 to a count, or consecutive loops that split
	// the range (the causal FlashAttention kernel's unmasked blocks, then
	// the diagonal ones), each starting where the one before ends and
	// carrying its results on; loop is the first. nk is the k axis's
	// size: the largest count the last loop can reach. kBound, when the
	// range ends before nk for some programs (it depends on program
	// ids), is the last loop's upper bound: the steps past it are
	// skipped, and the windows indexed by k keep their last block there
	// (no new DMA).
	loop   *ir.Operation
	loops  []*ir.Operation
	nk     int64
	kBound ir.Value
	// nkBlocks, when the one k loop runs over the blocks of an array of
	// dynamic size (nk is ir.Dynamic), is its count (a tile.num_blocks):
	// the host computes it for the dynamic k axis.
	nkBlocks *tile.NumBlocksOp
	// views maps a view to the kernel argument it views.
	views map[ir.Value]int
	// windows lists the operand windows; winOf maps each load and store
	// to its window.
	windows []*window
	winOf   map[*ir.Operation]*window
	// scalars lists the scalar arguments of the kernel used by the body,
	// each passed through an SMEM ref.
	scalars []int
	// sizes lists the dynamic array dimensions the body reads (tile.dim,
	// tile.num_blocks, the masks of loads at the edge): each is a
	// scalar-prefetch ref of one i32 that the host fills before the grid
	// runs.
	sizes []arraySize
	// prefetch lists the kernel arguments passed whole as
	// scalar-prefetch arrays (in SMEM, after the sizes): the row indices
	// of gathers, which address their DMAs.
	prefetch []int
	// gathers holds each tile.gather, lowered to one DMA per row.
	gathers map[*ir.Operation]*gather
}

// gather is a tile.gather of whole rows of a 2-D array (an embedding
// lookup, a paged gather): the array stays in HBM (a window in ANY
// memory), and each row of the result is copied by a DMA into a VMEM
// scratch buffer from the row whose index the kernel reads in SMEM.
type gather struct {
	table *window // the gathered array, in ANY memory
	// idsLoad is the tile.load of the row indices (a VMEM window too).
	idsLoad *ir.Operation
	// idsArg is the row indices' kernel argument, also passed whole as
	// a scalar-prefetch array.
	idsArg int
	rows   int64 // rows of the result (one DMA each)
	buf    int   // the scratch buffer (an index into the gather buffers)
}

// arraySize is dimension dim of kernel argument arg.
type arraySize struct{ arg, dim int }

// window is one operand window of the Mosaic kernel.
type window struct {
	arg   int     // kernel argument (array) or scalar index
	array []int64 // the array's shape
	block []int64 // the block shape
	// index maps each block dimension to a grid axis (axis >= 0), divided
	// by div when div > 1 (the head of grouped-query attention's K and V:
	// query head // group), or a constant block index (axis < 0, in
	// konst).
	axis   []int
	konst  []int64
	div    []int64
	elem   ir.Type
	output bool
	scalar bool
	// any: the whole array in ANY memory (HBM), no index map, read by
	// DMAs.
	any   bool
	first *ir.Operation // the first access, for diagnostics
}

func (w *window) key() string {
	return fmt.Sprint(w.arg, w.block, w.axis, w.konst, w.div, w.output, w.scalar, w.any)
}

func errAt(op *ir.Operation, format string, args ...any) error {
	return ir.NewError(op.Loc(), "tile-to-tpu: "+fmt.Sprintf(format, args...))
}

// constIndex evaluates an index or integer value computed from constants.
func constIndex(v ir.Value) (int64, bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, false
	}
	if c, ok := arith.AsConstantOp(def); ok {
		if ia, ok := c.Value().(*ir.IntegerAttr); ok {
			return ia.Int64(), true
		}
		return 0, false
	}
	bin := func(f func(a, b int64) (int64, bool)) (int64, bool) {
		if def.NumOperands() != 2 {
			return 0, false
		}
		a, ok1 := constIndex(def.Operand(0))
		b, ok2 := constIndex(def.Operand(1))
		if !ok1 || !ok2 {
			return 0, false
		}
		return f(a, b)
	}
	switch {
	case is(def, arith.AsAddiOp):
		return bin(func(a, b int64) (int64, bool) { return a + b, true })
	case is(def, arith.AsSubiOp):
		return bin(func(a, b int64) (int64, bool) { return a - b, true })
	case is(def, arith.AsMuliOp):
		return bin(func(a, b int64) (int64, bool) { return a * b, true })
	case is(def, arith.AsCeildivuiOp), is(def, arith.AsCeildivsiOp):
		return bin(func(a, b int64) (int64, bool) {
			if b <= 0 || a < 0 {
				return 0, false
			}
			return (a + b - 1) / b, true
		})
	case is(def, arith.AsDivuiOp), is(def, arith.AsDivsiOp):
		return bin(func(a, b int64) (int64, bool) {
			if b <= 0 || a < 0 {
				return 0, false
			}
			return a / b, true
		})
	case is(def, arith.AsIndexCastOp):
		return constIndex(def.Operand(0))
	}
	if nb, ok := tile.AsNumBlocksOp(def); ok {
		if sh, ok := viewShape(nb.View()); ok && sh[nb.Dim()] != ir.Dynamic && nb.Block() > 0 {
			return (sh[nb.Dim()] + nb.Block() - 1) / nb.Block(), true
		}
	}
	if d, ok := tile.AsDimOp(def); ok {
		if sh, ok := viewShape(d.View()); ok && sh[d.Index()] != ir.Dynamic {
			return sh[d.Index()], true
		}
	}
	return 0, false
}

func is[T any](op *ir.Operation, as func(*ir.Operation) (T, bool)) bool {
	_, ok := as(op)
	return ok
}

func viewShape(v ir.Value) ([]int64, bool) {
	info, ok := tile.ViewOf(v.Type())
	if !ok {
		return nil, false
	}
	return info.Shape, true
}

func tensorType(v ir.Value) *ir.RankedTensorType {
	t, _ := v.Type().(*ir.RankedTensorType)
	return t
}

// analyze reads the grid, the k loop and the windows of the kernel.
func (l *lowering) analyze() error {
	k, l0 := l.kernel, l.launch
	sem := tile.GridSemantics(k)
	grid := l0.Grid()
	if len(grid) != len(sem) {
		return ir.OpError(l0.Operation, "grid rank does not match the kernel's")
	}
	for i, s := range sem {
		if s == tile.Arbitrary {
			for j := i + 1; j < len(sem); j++ {
				if sem[j] == tile.Parallel {
					return errAt(k, "grid axis %d is arbitrary (a reduction) but axis %d after it is parallel: on a TPU, reductions must be the trailing grid axes (Mosaic revisits an output window only along trailing arbitrary axes)", i, j)
				}
			}
		}
	}
	for i, g := range grid {
		l.gridVals = append(l.gridVals, g)
		n, ok := constIndex(g)
		if !ok {
			// A dynamic iteration bound: the host passes the size.
			l.grid = append(l.grid, ir.Dynamic)
			l.sem = append(l.sem, s2(sem[i]))
			continue
		}
		if n < 1 {
			return errAt(l0.Operation, "grid size %d is %d: a Mosaic grid axis has at least one program", i, n)
		}
		l.grid = append(l.grid, n)
		l.sem = append(l.sem, s2(sem[i]))
	}
	body := k.Region(0).First()
	// The k loop: the one top-level scf.for whose body loads blocks.
	var loopErr error
	body.Ops(func(op *ir.Operation) bool {
		if !hasBody(op) {
			return true
		}
		hasMem := false
		op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			if is(o, tile.AsLoadOp) || is(o, tile.AsStoreOp) {
				hasMem = true
			}
			return !hasMem
		})
		if !hasMem {
			loopErr = errAt(op, "'%s' in a kernel is not supported on TPU (only a loop over blocks of a reduced dimension is)", op.Name())
			return false
		}
		f, ok := scf.AsForOp(op)
		if !ok {
			loopErr = errAt(op, "a kernel may have loops over blocks (they become the trailing arbitrary grid axis); a '%s' that loads or stores is not supported", op.Name())
			return false
		}
		if e := l.addLoop(f); e != nil {
			loopErr = e
			return false
		}
		bad := false
		f.Operation.Region(0).First().Ops(func(o *ir.Operation) bool {
			if hasBody(o) || is(o, tile.AsStoreOp) {
				loopErr = errAt(o, "the loop over blocks may only load and compute ('%s' is not supported inside it)", o.Name())
				bad = true
			}
			return !bad
		})
		if bad {
			return false
		}
		for _, a := range f.Operation.Region(0).First().Arguments()[1:] {
			if tensorType(a) == nil {
				loopErr = errAt(op, "the loop over blocks may only carry tiles")
				return false
			}
		}
		return true
	})
	if loopErr != nil {
		return loopErr
	}
	if l.loop != nil && l.nk < 1 && l.nk != ir.Dynamic {
		return errAt(l.loops[len(l.loops)-1], "the loops over blocks run %d times: a Mosaic grid axis has at least one program", l.nk)
	}
	if l.loop != nil {
		if n := len(l.loops); n > 1 || !l.wholeAxis(l.forOf(n-1).UpperBound()) {
			l.kBound = l.forOf(n - 1).UpperBound()
		}
		l.grid = append(l.grid, l.nk)
		l.sem = append(l.sem, "arbitrary")
	}
	// Views and windows.
	l.views = map[ir.Value]int{}
	l.winOf = map[*ir.Operation]*window{}
	byKey := map[string]*window{}
	args := body.Arguments()
	argIndex := map[ir.Value]int{}
	for i, a := range args {
		argIndex[a] = i
	}
	var err error
	k.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if err != nil {
			return false
		}
		if v, ok := tile.AsViewOp(op); ok {
			i, isArg := argIndex[v.Source()]
			if !isArg || v.Offset() != nil || len(v.Sizes()) > 0 {
				err = errAt(op, "only views of a whole kernel argument are supported")
				return false
			}
			l.views[v.Result()] = i
			return true
		}
		if d, ok := tile.AsDimOp(op); ok {
			if e := l.needSize(op, d.View(), int(d.Index())); e != nil {
				err = e
				return false
			}
			return true
		}
		if nb, ok := tile.AsNumBlocksOp(op); ok {
			if e := l.needSize(op, nb.View(), int(nb.Dim())); e != nil {
				err = e
				return false
			}
			return true
		}
		switch {
		case is(op, tile.AsGatherOp):
			if e := l.analyzeGather(op, byKey); e != nil {
				err = e
				return false
			}
			return true
		case is(op, tile.AsScatterOp), is(op, tile.AsAtomicAddOp):
			err = errAt(op, "'%s' (data-dependent addressing) is not supported on TPU yet: it needs manual DMAs", op.Name())
			return false
		}
		var view ir.Value
		var idx []ir.Value
		var shape *ir.RankedTensorType
		output := false
		if ld, ok := tile.AsLoadOp(op); ok {
			if ld.At() {
				err = errAt(op, "a load at element offsets is not a block window; load by block index")
				return false
			}
			view, idx, shape = ld.View(), ld.Indices(), tensorType(ld.Result())
		} else if stOp, ok := tile.AsStoreOp(op); ok {
			if stOp.At() {
				err = errAt(op, "a store at element offsets is not a block window; store by block index")
				return false
			}
			view, idx, shape, output = stOp.View(), stOp.Indices(), tensorType(stOp.Value()), true
		} else {
			return true
		}
		arg, ok := l.views[view]
		if !ok {
			err = errAt(op, "the view is not a view of a kernel argument")
			return false
		}
		arr, _ := viewShape(view)
		if _, isIndex := shape.Elem.(*ir.IndexType); isIndex {
			// A block of index values lives in vregs as i32, but the
			// array in HBM would keep its index elements, which
			// Mosaic has no layout for.
			err = errAt(op, "an array of 'index' elements is not supported on TPU (Mosaic arrays hold fixed-width integers; use i32)")
			return false
		}
		w := &window{arg: arg, array: arr, block: shape.Shape, elem: shape.Elem, output: output, first: op}
		for d, x := range idx {
			ax, c, dv, ok := l.classify(x)
			if !ok {
				err = errAt(op, "block index %d is neither a program id (or a program id divided by a constant), the loop's index nor a constant: it cannot be a window's index map", d)
				return false
			}
			w.axis = append(w.axis, ax)
			w.konst = append(w.konst, c)
			w.div = append(w.div, dv)
		}
		if e := l.checkBlock(op, w); e != nil {
			err = e
			return false
		}
		if ld, ok := tile.AsLoadOp(op); ok && ld.Pad() != nil {
			// A masked load at a dynamic edge compares with the size.
			for d, n := range arr {
				if n == ir.Dynamic {
					if e := l.needSize(op, view, d); e != nil {
						err = e
						return false
					}
				}
			}
		}
		if old, ok := byKey[w.key()]; ok {
			w = old
		} else {
			byKey[w.key()] = w
			l.windows = append(l.windows, w)
		}
		l.winOf[op] = w
		return true
	})
	if err != nil {
		return err
	}
	in, out := map[int]bool{}, map[int]bool{}
	for _, w := range l.windows {
		if w.output {
			out[w.arg] = true
		} else {
			in[w.arg] = true
		}
	}
	for a := range out {
		if in[a] {
			return errAt(k, "argument %d is both loaded and stored: aliased input and output windows are not supported", a)
		}
	}
	// Windows go inputs first, then outputs, as Pallas orders a kernel's
	// refs (in_specs, then out_specs).
	sort.SliceStable(l.windows, func(i, j int) bool { return !l.windows[i].output && l.windows[j].output })
	// Scalar arguments used by the body come through SMEM refs (inputs,
	// before the outputs).
	for i, a := range args {
		if _, ok := a.Type().(*ir.MemRefType); ok || !ir.HasUses(a) {
			continue
		}
		l.scalars = append(l.scalars, i)
		w := &window{arg: i, array: []int64{1}, block: []int64{1}, axis: []int{-1}, konst: []int64{0}, div: []int64{1}, elem: a.Type(), scalar: true}
		n := 0
		for n < len(l.windows) && !l.windows[n].output {
			n++
		}
		l.windows = append(l.windows[:n], append([]*window{w}, l.windows[n:]...)...)
	}
	return nil
}

func s2(s string) string { return s }

// analyzeGather recognizes a gather of whole rows: tile.gather %T[%rows,
// %cols] of a 2-D array with a static shape, where %rows broadcasts a
// column of row indices loaded by block from an i32 kernel argument
// ([R] expanded at dimension 1, or [R, 1]) and %cols is the iota of the
// whole row.
func (l *lowering) analyzeGather(op *ir.Operation, byKey map[string]*window) error {
	g, _ := tile.AsGatherOp(op)
	arg, ok := l.views[g.View()]
	if !ok {
		return errAt(op, "the view is not a view of a kernel argument")
	}
	arr, _ := viewShape(g.View())
	rt := tensorType(g.Result())
	offs := g.Offsets()
	unsupported := func(why string) error {
		return errAt(op, "this tile.gather is not lowered to TPU: %s (gathers of whole rows of a 2-D array by a block of row indices are: one DMA per row)", why)
	}
	if len(arr) != 2 || len(offs) != 2 || rt == nil || len(rt.Shape) != 2 || hasDyn(arr) {
		return unsupported("it is not a gather of rows of a 2-D array of static shape")
	}
	if g.Mask() != nil {
		return unsupported("it has a mask")
	}
	rows, cols := rt.Shape[0], rt.Shape[1]
	if cols != arr[1] || !isRowIota(offs[1]) {
		return unsupported("the column offsets are not the iota of the whole row")
	}
	if rows > 64 {
		return unsupported(fmt.Sprintf("%d rows (at most 64 DMAs per gather)", rows))
	}
	ld := rowIndexLoad(offs[0], rows)
	if ld == nil {
		return unsupported("the row offsets are not a block of row indices loaded from a kernel argument, broadcast along the row")
	}
	idsArg, ok := l.views[ld.View()]
	if !ok {
		return unsupported("the row indices are not loaded from a kernel argument")
	}
	if it, ok := tensorType(ld.Result()).Elem.(*ir.IntegerType); !ok || it.Width != 32 {
		return unsupported("the row indices are not i32 (SMEM's word)")
	}
	if sh, _ := viewShape(ld.View()); hasDyn(sh) {
		return unsupported("the row indices have a dynamic shape")
	}
	w := &window{arg: arg, array: arr, block: arr, elem: rt.Elem, any: true, first: op}
	if old, ok := byKey[w.key()]; ok {
		w = old
	} else {
		byKey[w.key()] = w
		l.windows = append(l.windows, w)
	}
	l.winOf[op] = w
	if l.gathers == nil {
		l.gathers = map[*ir.Operation]*gather{}
	}
	found := false
	for _, a := range l.prefetch {
		found = found || a == idsArg
	}
	if !found {
		l.prefetch = append(l.prefetch, idsArg)
	}
	l.gathers[op] = &gather{table: w, idsLoad: ld.Operation, idsArg: idsArg, rows: rows, buf: len(l.gathers)}
	return nil
}

func hasDyn(shape []int64) bool {
	for _, d := range shape {
		if d == ir.Dynamic {
			return true
		}
	}
	return false
}

// through returns the operand of the broadcasts, index casts and
// expand_dims (at dimension dim) that v comes from.
func through(v ir.Value, dim int64) ir.Value {
	for {
		def := ir.DefiningOp(v)
		if def == nil {
			return v
		}
		if b, ok := tile.AsBroadcastOp(def); ok {
			v = b.Input()
			continue
		}
		if c, ok := arith.AsIndexCastOp(def); ok {
			v = c.In()
			continue
		}
		if e, ok := tile.AsExpandDimsOp(def); ok && e.Dim() == dim {
			v = e.Input()
			continue
		}
		return v
	}
}

// isRowIota reports whether v is an iota along the last dimension of a
// 2-D tile.
func isRowIota(v ir.Value) bool {
	return is(ir.DefiningOp(through(v, 0)), tile.AsIotaOp) && len(tensorType(through(v, 0)).Shape) == 1
}

// rowIndexLoad returns the tile.load of rows row indices that v
// broadcasts along the rows of a 2-D tile ([R] or [R, 1]).
func rowIndexLoad(v ir.Value, rows int64) *tile.LoadOp {
	src := through(v, 1)
	ld, ok := tile.AsLoadOp(ir.DefiningOp(src))
	if !ok || ld.At() {
		return nil
	}
	sh := tensorType(ld.Result()).Shape
	if !(len(sh) == 1 && sh[0] == rows) && !(len(sh) == 2 && sh[0] == rows && sh[1] == 1) {
		return nil
	}
	return &ld
}

func (l *lowering) forOf(i int) scf.ForOp {
	f, _ := scf.AsForOp(l.loops[i])
	return f
}

// viewArg returns the kernel argument a view views, scanning the views
// of the kernel (the walk that fills l.views may not have reached it).
func (l *lowering) viewArg(v ir.Value) (int, bool) {
	vo, ok := tile.AsViewOp(ir.DefiningOp(v))
	if !ok {
		return 0, false
	}
	for i, a := range l.kernel.Region(0).First().Arguments() {
		if ir.Value(a) == vo.Source() {
			return i, true
		}
	}
	return 0, false
}

// dynamicCount returns the tile.num_blocks of a view of a kernel
// argument that bounds the index value v (v is that count, a minimum
// with a value it bounds, or the array's size divided by the block
// rounding down), or nil.
func (l *lowering) dynamicCount(v ir.Value) *tile.NumBlocksOp {
	var found *tile.NumBlocksOp
	l.kernel.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		nb, ok := tile.AsNumBlocksOp(o)
		if !ok || found != nil {
			return found == nil
		}
		if _, isArg := l.viewArg(nb.View()); isArg && boundedBy(v, nb) {
			found = &nb
		}
		return found == nil
	})
	return found
}

// boundedBy reports whether v <= nb for every program.
func boundedBy(v ir.Value, nb tile.NumBlocksOp) bool {
	if v == nb.Result() {
		return true
	}
	def := ir.DefiningOp(v)
	if def == nil {
		return false
	}
	if m, ok := arith.AsMinuiOp(def); ok {
		return boundedBy(m.Lhs(), nb) || boundedBy(m.Rhs(), nb)
	}
	if m, ok := arith.AsMinsiOp(def); ok {
		return boundedBy(m.Lhs(), nb) || boundedBy(m.Rhs(), nb)
	}
	var x, y ir.Value
	if d, ok := arith.AsDivuiOp(def); ok {
		x, y = d.Lhs(), d.Rhs()
	} else if d, ok := arith.AsDivsiOp(def); ok {
		x, y = d.Lhs(), d.Rhs()
	} else {
		return false
	}
	dim, ok := tile.AsDimOp(ir.DefiningOp(x))
	c, okc := constIndex(y)
	return ok && okc && dim.View() == nb.View() && dim.Index() == nb.Dim() && c == nb.Block()
}

// wholeAxis reports whether a loop bound is the k axis's size: the
// constant nk, or the count of a dynamic k axis.
func (l *lowering) wholeAxis(ub ir.Value) bool {
	if l.nkBlocks != nil {
		return ub == l.nkBlocks.Result()
	}
	return isConst(ub, l.nk)
}

func isConst(v ir.Value, n int64) bool {
	c, ok := constIndex(v)
	return ok && c == n
}

// addLoop checks a loop over blocks and adds it to the k loops: the
// first runs from 0, each later one from where the one before ends, on
// its results, by steps of 1, up to a count with a constant bound.
func (l *lowering) addLoop(f scf.ForOp) error {
	op := f.Operation
	st, okStep := constIndex(f.Step())
	if !okStep || st != 1 {
		return errAt(op, "the loop over blocks must run by steps of 1")
	}
	if len(l.loops) == 0 {
		if lb, ok := constIndex(f.LowerBound()); !ok || lb != 0 {
			return errAt(op, "the loop over blocks must run from 0 to a count with a constant bound")
		}
	} else {
		prev := l.forOf(len(l.loops) - 1)
		if f.LowerBound() != prev.UpperBound() || op.Prev() != prev.Operation {
			return errAt(op, "a second loop over blocks must follow the one before and start where it ends (the diagonal blocks after the unmasked ones)")
		}
		inits := f.InitArgs()
		res := prev.Operation.Results()
		if len(inits) != len(res) {
			return errAt(op, "a second loop over blocks must carry on the results of the one before")
		}
		for i := range inits {
			if inits[i] != ir.Value(res[i]) || ir.NumUses(res[i]) != 1 {
				return errAt(op, "a second loop over blocks must carry on the results of the one before, and nothing else may use them")
			}
		}
	}
	ub, ok := upperBound(f.UpperBound())
	if !ok {
		// At most the blocks of an array of dynamic size: a dynamic k
		// axis of that many steps.
		nb := l.dynamicCount(f.UpperBound())
		switch {
		case nb == nil:
			return errAt(op, "the loop over blocks must run up to a count with a constant bound (a constant, or the minimum of a constant and a count of program ids) or at most the blocks of an array (tile.num_blocks)")
		case l.nkBlocks == nil && len(l.loops) > 0 && l.nk > 0:
			return errAt(op, "loops over blocks must all have constant bounds, or all count blocks of one array")
		case l.nkBlocks != nil && l.nkBlocks.Result() != nb.Result():
			return errAt(op, "loops over blocks must count the blocks of one array")
		}
		l.nkBlocks, l.nk = nb, ir.Dynamic
		l.loops = append(l.loops, op)
		if l.loop == nil {
			l.loop = op
		}
		return nil
	}
	if l.nkBlocks != nil {
		if ub < 1 {
			l.loops = append(l.loops, op)
			return nil
		}
		return errAt(op, "loops over blocks must all have constant bounds, or all count blocks of one array")
	}
	if ub > l.nk {
		l.nk = ub
	}
	l.loops = append(l.loops, op)
	if l.loop == nil {
		l.loop = op
	}
	return nil
}

// upperBound returns a constant bound of an index value: its value, or
// the constant of a minimum with a constant.
func upperBound(v ir.Value) (int64, bool) {
	if c, ok := constIndex(v); ok {
		return c, true
	}
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, false
	}
	var x, y ir.Value
	if m, ok := arith.AsMinuiOp(def); ok {
		x, y = m.Lhs(), m.Rhs()
	} else if m, ok := arith.AsMinsiOp(def); ok {
		x, y = m.Lhs(), m.Rhs()
	} else {
		return 0, false
	}
	a, okA := upperBound(x)
	b, okB := upperBound(y)
	switch {
	case okA && okB:
		return min(a, b), true
	case okA:
		return a, true
	case okB:
		return b, true
	}
	return 0, false
}

// needSize records that the body reads dimension dim of the array that
// view views, when it is dynamic.
func (l *lowering) needSize(op *ir.Operation, view ir.Value, dim int) error {
	sh, ok := viewShape(view)
	if !ok || dim < 0 || dim >= len(sh) {
		return errAt(op, "dimension %d out of range", dim)
	}
	if sh[dim] != ir.Dynamic {
		return nil
	}
	arg, ok := l.views[view]
	if !ok {
		return errAt(op, "the view is not a view of a kernel argument")
	}
	l.sizeIndex(arraySize{arg, dim})
	return nil
}

// sizeIndex returns the scalar-prefetch position of an array size,
// adding it when new.
func (l *lowering) sizeIndex(s arraySize) int {
	for i, x := range l.sizes {
		if x == s {
			return i
		}
	}
	l.sizes = append(l.sizes, s)
	return len(l.sizes) - 1
}

// classify returns the grid axis and its divisor (1 for none), or a
// constant block index, of a block index.
func (l *lowering) classify(v ir.Value) (axis int, konst, div int64, ok bool) {
	for _, lp := range l.loops {
		if v == ir.Value(lp.Region(0).First().Argument(0)) {
			return len(l.grid) - 1, 0, 1, true
		}
	}
	if c, ok := constIndex(v); ok {
		return -1, c, 1, true
	}
	if def := ir.DefiningOp(v); def != nil {
		if p, ok := tile.AsProgramIdOp(def); ok {
			return int(p.Axis()), 0, 1, true
		}
		if c, ok := arith.AsIndexCastOp(def); ok {
			return l.classify(c.In())
		}
		// A program id divided by a constant (grid indices are not
		// negative, so every division rounds down).
		var x, y ir.Value
		if d, ok := arith.AsDivuiOp(def); ok {
			x, y = d.Lhs(), d.Rhs()
		} else if d, ok := arith.AsDivsiOp(def); ok {
			x, y = d.Lhs(), d.Rhs()
		} else if d, ok := arith.AsFloordivsiOp(def); ok {
			x, y = d.Lhs(), d.Rhs()
		}
		if x != nil {
			ax, _, dv, ok := l.classify(x)
			n, okc := constIndex(y)
			if ok && okc && ax >= 0 && ax < len(tile.GridSemantics(l.kernel)) && n > 0 {
				return ax, 0, dv * n, true
			}
		}
	}
	return 0, 0, 0, false
}

// checkBlock applies the (8, 128) rule to a window.
func (l *lowering) checkBlock(op *ir.Operation, w *window) error {
	n := len(w.block)
	if n != len(w.array) {
		return errAt(op, "block %s has another rank than the array %s", shapeStr(w.block), shapeStr(w.array))
	}
	if n == 1 {
		// Pallas's rule for blocks of rank 1: the whole array, a multiple
		// of 1024, or a power of 2 of at least 128 * 32 / bitwidth.
		b, min := w.block[0], 128*32/(8*bytesOf(w.elem))
		if (b == w.array[0] && b != ir.Dynamic) || b%1024 == 0 || (b&(b-1) == 0 && b >= min) {
			return nil
		}
		return errAt(op, "block %s of an array of %s breaks the (8, 128) rule on %s: a block of rank 1 must equal the array, be a multiple of 1024 or a power of 2 of at least %d", shapeStr(w.block), shapeStr(w.array), l.chip.Name, min)
	}
	rules := []int64{8, 128}
	for i := 0; i < 2 && i < n; i++ {
		d := n - 1 - i
		unit := rules[1-i]
		if w.block[d]%unit != 0 && (w.block[d] != w.array[d] || w.array[d] == ir.Dynamic) {
			return errAt(op, "block %s of an array of %s breaks the (8, 128) rule on %s: the last two dimensions of a block must be multiples of 8 and 128 or equal the array's", shapeStr(w.block), shapeStr(w.array), l.chip.Name)
		}
	}
	return nil
}

// hasBody reports whether op has a non-empty region (tile.reduce with a
// kind has an empty combiner).
func hasBody(op *ir.Operation) bool {
	for i := 0; i < op.NumRegions(); i++ {
		if !op.Region(i).Empty() {
			return true
		}
	}
	return false
}
