package tile

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

func opErr(op *ir.Operation, format string, args ...any) error {
	return ir.OpError(op, fmt.Sprintf(format, args...))
}

func typeStr(t ir.Type) string { return asm.TypeString(t) }

// shapeStr renders a shape as `4x?x8`.
func shapeStr(s []int64) string {
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

// tileShape returns the shape and element type of a tile (a ranked
// tensor), or false.
func tileShape(t ir.Type) ([]int64, ir.Type, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, nil, false
	}
	return rt.Shape, rt.Elem, true
}

// ViewInfo is what a !tile.view type states: its shape, element type and
// strides (ir.Dynamic where unknown; the row-major strides of the shape
// when the type has no layout).
type ViewInfo struct {
	Shape   []int64
	Elem    ir.Type
	Strides []int64
}

// ViewOf returns what the view type t states, or false when t is not a
// well-formed !tile.view (a layout other than strided<[...]> of its rank).
func ViewOf(t ir.Type) (ViewInfo, bool) {
	v, ok := AsViewType(t)
	if !ok {
		return ViewInfo{}, false
	}
	info := ViewInfo{Shape: v.Shape(), Elem: v.ElementType()}
	if l, ok := v.Layout(); ok {
		sl, ok := l.(*ir.StridedLayoutAttr)
		if !ok || len(sl.Strides) != len(info.Shape) {
			return ViewInfo{}, false
		}
		info.Strides = sl.Strides
		return info, true
	}
	info.Strides = rowMajor(info.Shape)
	return info, true
}

// rowMajor returns the row-major strides of shape (dynamic left of a
// dynamic dimension).
func rowMajor(shape []int64) []int64 {
	st := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		if acc != ir.Dynamic && shape[i] != ir.Dynamic {
			acc *= shape[i]
		} else {
			acc = ir.Dynamic
		}
	}
	return st
}

// viewOperand checks that v is a well-formed view and returns it.
func viewOperand(op *ir.Operation, v ir.Value) (ViewInfo, error) {
	info, ok := ViewOf(v.Type())
	if !ok {
		return ViewInfo{}, opErr(op, "view type '%s' must have a strided<[...]> layout of its rank or none", typeStr(v.Type()))
	}
	return info, nil
}

// enclosingKernel returns the tile.func around op, or nil.
func enclosingKernel(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := AsFuncOp(p); ok {
			return p
		}
	}
	return nil
}

// GridSemantics returns the per-axis semantics ("parallel" or
// "arbitrary") of a kernel's grid; its length is the grid's rank.
func GridSemantics(kernel *ir.Operation) []string { return gridSemantics(kernel) }

// ---- kernels and launches ----

func isKernelArg(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.MemRefType, *ir.IndexType, *ir.FloatType:
		return true
	case *ir.IntegerType:
		return t.Signedness == ir.Signless
	}
	return false
}

// functionType returns the signature of a kernel, or nil when it is
// malformed.
func functionType(op FuncOp) *ir.FunctionType {
	ft, _ := op.FunctionType().(*ir.FunctionType)
	return ft
}

func verifyFunc(op FuncOp) error {
	for _, s := range gridSemantics(op.Operation) {
		if s != Parallel && s != Arbitrary {
			return opErr(op.Operation, "grid axis semantics must be 'parallel' or 'arbitrary', got '%s'", s)
		}
	}
	ft := functionType(op)
	if ft == nil {
		return nil
	}
	if len(ft.Results) > 0 {
		return opErr(op.Operation, "a kernel returns no results")
	}
	for i, t := range ft.Inputs {
		if !isKernelArg(t) {
			return opErr(op.Operation, "kernel argument #%d must be a memref, signless integer, index or float, but got '%s'", i, typeStr(t))
		}
	}
	entry := op.Body().First()
	if entry == nil {
		return opErr(op.Operation, "expects a non-empty body")
	}
	if entry.NumArguments() != len(ft.Inputs) {
		return opErr(op.Operation, "entry block must have %d arguments to match the function signature", len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		if entry.Argument(i).Type() != t {
			return opErr(op.Operation, "type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)",
				i, typeStr(entry.Argument(i).Type()), typeStr(t))
		}
	}
	return nil
}

func verifyAxis(op *ir.Operation, axis int64) error {
	k := enclosingKernel(op)
	if k == nil {
		return opErr(op, "expects to be inside a tile.func")
	}
	if r := len(gridSemantics(k)); axis < 0 || axis >= int64(r) {
		return opErr(op, "axis %d is out of range for a grid of rank %d", axis, r)
	}
	return nil
}

func verifyProgramId(op ProgramIdOp) error     { return verifyAxis(op.Operation, op.Axis()) }
func verifyNumPrograms(op NumProgramsOp) error { return verifyAxis(op.Operation, op.Axis()) }

// LaunchedKernel returns the tile.func a launch runs, or nil.
func LaunchedKernel(op LaunchOp) *ir.Operation {
	ref, ok := op.KernelAttr().(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	k := ir.LookupNearestSymbolFrom(op.Operation, ref)
	if _, ok := AsFuncOp(k); !ok {
		return nil
	}
	return k
}

func verifyLaunch(op LaunchOp) error {
	ref, _ := op.KernelAttr().(*ir.SymbolRefAttr)
	k := LaunchedKernel(op)
	if k == nil {
		name := ""
		if ref != nil {
			name = ref.Root
		}
		return opErr(op.Operation, "'@%s' does not reference a tile.func", name)
	}
	kf, _ := AsFuncOp(k)
	if r := len(gridSemantics(k)); r != len(op.Grid()) {
		return opErr(op.Operation, "grid has %d sizes but kernel '@%s' has a grid of rank %d", len(op.Grid()), kf.SymName(), r)
	}
	ft := functionType(kf)
	if ft == nil {
		return nil
	}
	args := op.Args()
	if len(args) != len(ft.Inputs) {
		return opErr(op.Operation, "kernel '@%s' takes %d arguments, but %d were passed", kf.SymName(), len(ft.Inputs), len(args))
	}
	for i, a := range args {
		if a.Type() != ft.Inputs[i] {
			return opErr(op.Operation, "argument #%d has type '%s', but kernel '@%s' expects '%s'", i, typeStr(a.Type()), kf.SymName(), typeStr(ft.Inputs[i]))
		}
	}
	return nil
}

// ---- views ----

func verifyView(op ViewOp) error {
	info, err := viewOperand(op.Operation, op.Result())
	if err != nil {
		return err
	}
	mt, ok := op.Source().Type().(*ir.MemRefType)
	if !ok {
		return opErr(op.Operation, "expects a ranked memref source")
	}
	if mt.Elem != info.Elem {
		return opErr(op.Operation, "element type '%s' of the view does not match the memref's '%s'", typeStr(info.Elem), typeStr(mt.Elem))
	}
	sizes, strides := op.Sizes(), op.Strides()
	explicit := op.Offset() != nil || len(sizes) > 0 || len(strides) > 0
	if !explicit {
		if len(mt.Shape) != len(info.Shape) {
			return opErr(op.Operation, "view of rank %d cannot view a memref of rank %d", len(info.Shape), len(mt.Shape))
		}
		for i, d := range info.Shape {
			if d != ir.Dynamic && d != mt.Shape[i] {
				return opErr(op.Operation, "view dimension %d is %s but the memref's is %s", i, shapeStr([]int64{d}), shapeStr([]int64{mt.Shape[i]}))
			}
		}
		_, ms := mt.OffsetAndStrides()
		for i, s := range info.Strides {
			if s != ir.Dynamic && s != ms[i] {
				return opErr(op.Operation, "view stride %d is %s but the memref's is %s", i, shapeStr([]int64{s}), shapeStr([]int64{ms[i]}))
			}
		}
		return nil
	}
	if len(sizes) != len(info.Shape) || len(strides) != len(info.Shape) {
		return opErr(op.Operation, "expects %d sizes and %d strides for a view of rank %d, got %d and %d",
			len(info.Shape), len(info.Shape), len(info.Shape), len(sizes), len(strides))
	}
	for i := range info.Shape {
		if c, ok := constantInt(sizes[i]); ok && info.Shape[i] != ir.Dynamic && c != info.Shape[i] {
			return opErr(op.Operation, "size %d is the constant %d, but the view type says %d", i, c, info.Shape[i])
		}
		if c, ok := constantInt(strides[i]); ok && info.Strides[i] != ir.Dynamic && c != info.Strides[i] {
			return opErr(op.Operation, "stride %d is the constant %d, but the view type says %d", i, c, info.Strides[i])
		}
	}
	return nil
}

// constantInt returns the value of v when a constant operation defines it.
func constantInt(v ir.Value) (int64, bool) {
	d := ir.DefiningOp(v)
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	a, ok := d.InherentAttr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64(), true
}

func verifyDim(op DimOp) error {
	info, err := viewOperand(op.Operation, op.View())
	if err != nil {
		return err
	}
	if d := op.Index(); d < 0 || d >= int64(len(info.Shape)) {
		return opErr(op.Operation, "dimension %d is out of range for a view of rank %d", d, len(info.Shape))
	}
	return nil
}

func verifyNumBlocks(op NumBlocksOp) error {
	info, err := viewOperand(op.Operation, op.View())
	if err != nil {
		return err
	}
	if d := op.Dim(); d < 0 || d >= int64(len(info.Shape)) {
		return opErr(op.Operation, "dimension %d is out of range for a view of rank %d", d, len(info.Shape))
	}
	if op.Block() <= 0 {
		return opErr(op.Operation, "block size must be positive, got %d", op.Block())
	}
	return nil
}

// ---- memory operations ----

// verifyPad checks a pad value against the element type of the loaded tile.
func verifyPad(op *ir.Operation, pad ir.Attribute, elem ir.Type) error {
	if pad == nil {
		return nil
	}
	_, isFloat := elem.(*ir.FloatType)
	switch p := pad.(type) {
	case *ir.StringAttr:
		if !isPadKeyword(p.Value) {
			return opErr(op, "pad must be zero, neg_inf, pos_inf, nan or a constant, got \"%s\"", p.Value)
		}
		if p.Value != "zero" && !isFloat {
			return opErr(op, "pad %s needs a float element type, but the tile has '%s'", p.Value, typeStr(elem))
		}
		return nil
	case *ir.FloatAttr:
		if p.Type != elem {
			return opErr(op, "pad constant of type '%s' does not match the element type '%s'", typeStr(p.Type), typeStr(elem))
		}
		return nil
	case *ir.IntegerAttr:
		if p.Type != elem {
			return opErr(op, "pad constant of type '%s' does not match the element type '%s'", typeStr(p.Type), typeStr(elem))
		}
		return nil
	}
	return opErr(op, "pad must be zero, neg_inf, pos_inf, nan or a constant")
}

// verifyMask checks that a mask has the tile's shape.
func verifyMask(op *ir.Operation, mask ir.Value, shape []int64) error {
	if mask == nil {
		return nil
	}
	ms, _, _ := tileShape(mask.Type())
	if !equalShape(ms, shape) {
		return opErr(op, "mask shape %s does not match the tile shape %s", shapeStr(ms), shapeStr(shape))
	}
	return nil
}

func equalShape(a, b []int64) bool {
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

// verifyBlockAccess checks the operands of a block load, store or atomic
// add: what, tile is the moved tile, guarded whether out-of-bounds
// elements are handled (a pad, a mask or bounds_check).
func verifyBlockAccess(op *ir.Operation, what string, view ir.Value, idx []ir.Value, mask ir.Value, tile ir.Type, at, guarded bool) error {
	info, err := viewOperand(op, view)
	if err != nil {
		return err
	}
	shape, elem, ok := tileShape(tile)
	if !ok {
		return opErr(op, "expects a tile")
	}
	if len(idx) != len(info.Shape) {
		return opErr(op, "expects %d indices for a view of rank %d, got %d", len(info.Shape), len(info.Shape), len(idx))
	}
	if len(shape) != len(info.Shape) {
		return opErr(op, "tile of rank %d does not match the view of rank %d", len(shape), len(info.Shape))
	}
	if elem != info.Elem {
		return opErr(op, "tile element type '%s' does not match the view's '%s'", typeStr(elem), typeStr(info.Elem))
	}
	for i, d := range shape {
		if d <= 0 {
			return opErr(op, "tile dimension %d has size %d; blocks are not empty", i, d)
		}
	}
	if err := verifyMask(op, mask, shape); err != nil {
		return err
	}
	if guarded || at {
		return nil
	}
	for i, d := range info.Shape {
		if d == ir.Dynamic || d%shape[i] != 0 {
			return opErr(op, "%s on a view whose shape is not provably a multiple of the block: dimension %d of size %s, block %d",
				what, i, shapeStr([]int64{d}), shape[i])
		}
	}
	return nil
}

func verifyLoad(op LoadOp) error {
	if op.Mask() != nil && op.Pad() == nil {
		return opErr(op.Operation, "a masked load needs a pad value")
	}
	if err := verifyBlockAccess(op.Operation, "load without a pad value", op.View(), op.Indices(), op.Mask(),
		op.Result().Type(), op.At(), op.Pad() != nil); err != nil {
		return err
	}
	_, elem, _ := tileShape(op.Result().Type())
	return verifyPad(op.Operation, op.Pad(), elem)
}

func verifyStore(op StoreOp) error {
	return verifyBlockAccess(op.Operation, "store without a mask or bounds_check", op.View(), op.Indices(), op.Mask(),
		op.Value().Type(), op.At(), op.Mask() != nil || op.BoundsCheck())
}

func verifyAtomicAdd(op AtomicAddOp) error {
	if err := verifyBlockAccess(op.Operation, "atomic_add without a mask or bounds_check", op.View(), op.Indices(), op.Mask(),
		op.Value().Type(), op.At(), op.Mask() != nil || op.BoundsCheck()); err != nil {
		return err
	}
	_, elem, _ := tileShape(op.Value().Type())
	if _, ok := elem.(*ir.IndexType); ok {
		return opErr(op.Operation, "atomic_add needs integer or float elements, got 'index'")
	}
	return nil
}

// verifyIndexed checks the operands of a gather or scatter.
func verifyIndexed(op *ir.Operation, view ir.Value, offsets []ir.Value, mask ir.Value, tile ir.Type) error {
	info, err := viewOperand(op, view)
	if err != nil {
		return err
	}
	shape, elem, ok := tileShape(tile)
	if !ok {
		return opErr(op, "expects a tile")
	}
	if len(offsets) != len(info.Shape) {
		return opErr(op, "expects %d offset tiles for a view of rank %d, got %d", len(info.Shape), len(info.Shape), len(offsets))
	}
	for i, o := range offsets {
		os, _, _ := tileShape(o.Type())
		if !equalShape(os, shape) {
			return opErr(op, "offset tile #%d of shape %s does not match the tile shape %s", i, shapeStr(os), shapeStr(shape))
		}
		if o.Type() != offsets[0].Type() {
			return opErr(op, "offset tiles must have one type")
		}
	}
	if elem != info.Elem {
		return opErr(op, "tile element type '%s' does not match the view's '%s'", typeStr(elem), typeStr(info.Elem))
	}
	return verifyMask(op, mask, shape)
}

func verifyGather(op GatherOp) error {
	if op.Mask() != nil && op.Pad() == nil {
		return opErr(op.Operation, "a masked gather needs a pad value")
	}
	if err := verifyIndexed(op.Operation, op.View(), op.Offsets(), op.Mask(), op.Result().Type()); err != nil {
		return err
	}
	_, elem, _ := tileShape(op.Result().Type())
	return verifyPad(op.Operation, op.Pad(), elem)
}

func verifyScatter(op ScatterOp) error {
	return verifyIndexed(op.Operation, op.View(), op.Offsets(), op.Mask(), op.Value().Type())
}

// ---- compute ----

// isF8 reports whether t is one of the 8-bit float types.
func isF8(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && strings.HasPrefix(ft.Kind.String(), "f8")
}

// DotAccumulators returns the accumulator element types tile.dot accepts
// for inputs of element type in, or nil when in is not a dot input type.
func DotAccumulators(ctx *ir.Context, in ir.Type) []ir.Type {
	f := ctx.FloatType
	switch t := in.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return []ir.Type{f(ir.F32), f(ir.F16)}
		case ir.BF16, ir.TF32, ir.F32:
			return []ir.Type{f(ir.F32)}
		case ir.F64:
			return []ir.Type{f(ir.F64)}
		}
		if isF8(t) {
			return []ir.Type{f(ir.F32), f(ir.F16)}
		}
	case *ir.IntegerType:
		if t.Signedness == ir.Signless && t.Width == 8 {
			return []ir.Type{ctx.I(32)}
		}
	}
	return nil
}

func verifyDot(op DotOp) error {
	as, ae, _ := tileShape(op.A().Type())
	bs, be, _ := tileShape(op.B().Type())
	cs, ce, _ := tileShape(op.Acc().Type())
	r := len(as)
	if r < 2 || len(bs) != r || len(cs) != r {
		return opErr(op.Operation, "expects tiles of one rank of at least 2 (batch dimensions, then the matrix), got %s, %s and %s", shapeStr(as), shapeStr(bs), shapeStr(cs))
	}
	for i := 0; i < r-2; i++ {
		if as[i] != bs[i] || as[i] != cs[i] {
			return opErr(op.Operation, "batch dimension %d differs: a is %s, b is %s and the accumulator %s", i, shapeStr(as), shapeStr(bs), shapeStr(cs))
		}
	}
	if as[r-1] != bs[r-2] {
		return opErr(op.Operation, "contraction dimension mismatch: a is %s and b is %s", shapeStr(as), shapeStr(bs))
	}
	if cs[r-2] != as[r-2] || cs[r-1] != bs[r-1] {
		return opErr(op.Operation, "accumulator shape %s does not match the product shape %s", shapeStr(cs), shapeStr(append(append([]int64(nil), as[:r-1]...), bs[r-1])))
	}
	if ae != be && !(isF8(ae) && isF8(be)) {
		return opErr(op.Operation, "input element types '%s' and '%s' differ", typeStr(ae), typeStr(be))
	}
	accs := DotAccumulators(op.Context(), ae)
	if accs == nil {
		return opErr(op.Operation, "input element type '%s' is not supported (bf16, f16, tf32, f32, f64, f8 types or i8)", typeStr(ae))
	}
	ok := false
	var names []string
	for _, t := range accs {
		ok = ok || t == ce
		names = append(names, typeStr(t))
	}
	if !ok {
		return opErr(op.Operation, "accumulator type '%s' is not supported for inputs of type '%s' (expected %s)", typeStr(ce), typeStr(ae), strings.Join(names, " or "))
	}
	if p, has := op.Precision(); has && p == PrecisionTf32 {
		if ft, ok := ae.(*ir.FloatType); !ok || ft.Kind != ir.F32 {
			return opErr(op.Operation, "precision tf32 applies to f32 inputs, not '%s'", typeStr(ae))
		}
	}
	return nil
}

// DotBatchRank returns the number of leading batch dimensions of a
// tile.dot (0 for a plain matrix product).
func DotBatchRank(op DotOp) int {
	as, _, _ := tileShape(op.A().Type())
	if len(as) < 2 {
		return 0
	}
	return len(as) - 2
}

func verifyCat(op CatOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	if len(is) == 0 || len(rs) != len(is) {
		return opErr(op.Operation, "result of rank %d must have the operands' rank %d", len(rs), len(is))
	}
	want := append([]int64{2 * is[0]}, is[1:]...)
	if !equalShape(rs, want) {
		return opErr(op.Operation, "result shape %s must be %s: the operands' first dimensions added", shapeStr(rs), shapeStr(want))
	}
	return nil
}

func verifyJoin(op JoinOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	want := append(append([]int64(nil), is...), 2)
	if !equalShape(rs, want) {
		return opErr(op.Operation, "result shape %s must be %s: the operands' shape with a new minor dimension of 2", shapeStr(rs), shapeStr(want))
	}
	return nil
}

// combining is what tile.reduce and tile.scan share, read through their
// typed wrappers: the input, the dim and kind attributes (nil when
// absent) and the combining region.
type combining struct {
	input         ir.Value
	dimAttr, kind ir.Attribute
	combiner      *ir.Region
}

// verifyCombine checks a reduce or scan: dim, kind or region.
func verifyCombine(op *ir.Operation, c combining, scan bool) error {
	in, elem, _ := tileShape(c.input.Type())
	dim := int64(-1)
	if d, ok := c.dimAttr.(*ir.IntegerAttr); ok {
		dim = d.Int64()
	}
	if dim < 0 || dim >= int64(len(in)) {
		return opErr(op, "dimension %d is out of range for a tile of rank %d", dim, len(in))
	}
	rt := op.Result(0).Type()
	if scan {
		if rt != c.input.Type() {
			return opErr(op, "result type '%s' must equal the input type '%s'", typeStr(rt), typeStr(c.input.Type()))
		}
	} else {
		want := append(append([]int64(nil), in[:dim]...), in[dim+1:]...)
		if len(want) == 0 {
			if rt != elem {
				return opErr(op, "reducing a 1-D tile gives a scalar of type '%s', not '%s'", typeStr(elem), typeStr(rt))
			}
		} else if rs, re, ok := tileShape(rt); !ok || re != elem || !equalShape(rs, want) {
			return opErr(op, "result type '%s' must be a tile of shape %s and element type '%s'", typeStr(rt), shapeStr(want), typeStr(elem))
		}
	}
	hasKind := c.kind != nil
	r := c.combiner
	if hasKind == !r.Empty() {
		if hasKind {
			return opErr(op, "expects a combining kind or a combining region, not both")
		}
		return opErr(op, "expects a combining kind or a combining region")
	}
	if hasKind {
		if k, ok := c.kind.(*ir.IntegerAttr); !ok || CombiningKind(k.Int64()).String() == "" {
			return opErr(op, "unknown combining kind")
		}
		return nil
	}
	if r.First() != r.Last() {
		return opErr(op, "combining region must have one block")
	}
	b := r.First()
	if b.NumArguments() != 2 || b.Argument(0).Type() != elem || b.Argument(1).Type() != elem {
		return opErr(op, "combining region must take two arguments of type '%s'", typeStr(elem))
	}
	term := b.Last()
	y, ok := AsYieldOp(term)
	if !ok {
		return opErr(op, "combining region must end with tile.yield")
	}
	if y.Value().Type() != elem {
		return opErr(op, "combining region yields '%s', expected '%s'", typeStr(y.Value().Type()), typeStr(elem))
	}
	return nil
}

func verifyReduce(op ReduceOp) error {
	return verifyCombine(op.Operation, combining{op.Input(), op.DimAttr(), op.KindAttr(), op.Combiner()}, false)
}

func verifyScan(op ScanOp) error {
	return verifyCombine(op.Operation, combining{op.Input(), op.DimAttr(), op.KindAttr(), op.Combiner()}, true)
}

func verifySplat(op SplatOp) error {
	_, elem, _ := tileShape(op.Result().Type())
	if elem != op.Input().Type() {
		return opErr(op.Operation, "result element type '%s' does not match the scalar type '%s'", typeStr(elem), typeStr(op.Input().Type()))
	}
	return nil
}

func verifyIota(op IotaOp) error {
	if s, _, _ := tileShape(op.Result().Type()); len(s) != 1 {
		return opErr(op.Operation, "expects a 1-D tile, got %s", shapeStr(s))
	}
	return nil
}

// sameElem checks that a shape operation keeps the element type.
func sameElem(op *ir.Operation) ([]int64, []int64, error) {
	is, ie, _ := tileShape(op.Operand(0).Type())
	rs, re, _ := tileShape(op.Result(0).Type())
	if ie != re {
		return nil, nil, opErr(op, "result element type '%s' does not match the input's '%s'", typeStr(re), typeStr(ie))
	}
	return is, rs, nil
}

func verifyBroadcast(op BroadcastOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	if len(is) != len(rs) {
		return opErr(op.Operation, "input of rank %d cannot broadcast to rank %d (use tile.expand_dims first)", len(is), len(rs))
	}
	for i := range is {
		if is[i] != rs[i] && is[i] != 1 {
			return opErr(op.Operation, "dimension %d of size %d cannot broadcast to %d", i, is[i], rs[i])
		}
	}
	return nil
}

func verifyExpandDims(op ExpandDimsOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	d := op.Dim()
	if d < 0 || d > int64(len(is)) {
		return opErr(op.Operation, "dimension %d is out of range for inserting into rank %d", d, len(is))
	}
	want := append(append(append([]int64(nil), is[:d]...), 1), is[d:]...)
	if !equalShape(rs, want) {
		return opErr(op.Operation, "result shape %s must be %s", shapeStr(rs), shapeStr(want))
	}
	return nil
}

func verifySqueeze(op SqueezeOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	d := op.Dim()
	if d < 0 || d >= int64(len(is)) {
		return opErr(op.Operation, "dimension %d is out of range for a tile of rank %d", d, len(is))
	}
	if is[d] != 1 {
		return opErr(op.Operation, "dimension %d has size %d, not 1", d, is[d])
	}
	want := append(append([]int64(nil), is[:d]...), is[d+1:]...)
	if !equalShape(rs, want) {
		return opErr(op.Operation, "result shape %s must be %s", shapeStr(rs), shapeStr(want))
	}
	return nil
}

func numElems(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

func verifyReshape(op ReshapeOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	if numElems(is) != numElems(rs) {
		return opErr(op.Operation, "cannot reshape %d elements (%s) into %d (%s)", numElems(is), shapeStr(is), numElems(rs), shapeStr(rs))
	}
	return nil
}

// Permutation returns the permutation of a tile.transpose.
func Permutation(op TransposeOp) []int64 { return denseI64(op.Permutation()) }

func denseI64(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || d.Elem == nil || ir.IntOrFloatBitWidth(d.Elem) != 64 {
		return nil
	}
	out := make([]int64, d.Size)
	for i := range out {
		var v uint64
		for b := 0; b < 8; b++ {
			v |= uint64(d.Data[8*i+b]) << (8 * b)
		}
		out[i] = int64(v)
	}
	return out
}

func verifyTranspose(op TransposeOp) error {
	is, rs, err := sameElem(op.Operation)
	if err != nil {
		return err
	}
	perm := Permutation(op)
	if len(perm) != len(is) {
		return opErr(op.Operation, "permutation of %d entries for a tile of rank %d", len(perm), len(is))
	}
	seen := make([]bool, len(perm))
	for _, p := range perm {
		if p < 0 || p >= int64(len(perm)) || seen[p] {
			return opErr(op.Operation, "permutation %v is not a permutation of 0..%d", perm, len(perm)-1)
		}
		seen[p] = true
	}
	want := make([]int64, len(is))
	for i, p := range perm {
		want[i] = is[p]
	}
	if !equalShape(rs, want) {
		return opErr(op.Operation, "result shape %s must be %s", shapeStr(rs), shapeStr(want))
	}
	return nil
}

func verifyCast(op CastOp) error {
	is, ie, _ := tileShape(op.Input().Type())
	rs, re, _ := tileShape(op.Result().Type())
	if !equalShape(is, rs) {
		return opErr(op.Operation, "result shape %s does not match the input shape %s", shapeStr(rs), shapeStr(is))
	}
	_, inFloat := ie.(*ir.FloatType)
	_, outFloat := re.(*ir.FloatType)
	if _, has := op.Rounding(); has && !inFloat && !outFloat {
		return opErr(op.Operation, "a rounding mode has no meaning for a cast between integer types")
	}
	if op.Unsigned() && inFloat && outFloat {
		return opErr(op.Operation, "unsigned has no meaning for a cast between float types")
	}
	return nil
}
