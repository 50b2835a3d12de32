package tensor

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// The verifiers of tensor.irdl's hooks that other checks specialize.
var (
	verifyEmpty    = verifyDynamicSizes(0)
	verifySplat    = verifyDynamicSizes(1)
	verifyGenerate = verifyDynamicSizes(0)
)

func verifyCast(op *ir.Operation) error    { return castCompatible(op, castsTensor) }
func verifyBitcast(op *ir.Operation) error { return castCompatible(op, bitcastsTensor) }

func verifyExtract(op *ir.Operation) error {
	if rank(op.Operand(0).Type()) != op.NumOperands()-1 {
		return ir.OpError(op, "incorrect number of indices for extract_element")
	}
	return nil
}

func verifyInsert(op *ir.Operation) error {
	if rank(op.Operand(1).Type()) != op.NumOperands()-2 {
		return ir.OpError(op, "incorrect number of indices")
	}
	return nil
}

// deferTerminatorChecks defers the terminator checks of the operations
// with regions; it runs after the hooks are attached.
func deferTerminatorChecks(ctx *ir.Context) {
	deferTerminatorCheck(ctx, "tensor.generate", verifyGenerateRegion)
	deferTerminatorCheck(ctx, "tensor.pad", verifyPadRegion)
}

// deferTerminatorCheck makes an operation whose region does not end with
// tensor.yield fail only once the operations of the region are verified:
// upstream checks SingleBlockImplicitTerminator as a region trait, after
// the nested operations, so their own errors come first. The op's own
// region checks, regions, run after that check.
func deferTerminatorCheck(ctx *ir.Context, name string, regions func(*ir.Operation) error) {
	on := ctx.LookupOpName(name)
	if on == nil {
		return
	}
	verify := on.Def.Verify
	on.Def.Verify = func(op *ir.Operation) error {
		if !endsWithYield(op) {
			return nil
		}
		return verify(op)
	}
	on.Def.VerifyRegions = func(op *ir.Operation) error {
		if !endsWithYield(op) {
			return verify(op)
		}
		return regions(op)
	}
}

// endsWithYield reports whether the regions of op are empty or end with
// tensor.yield.
func endsWithYield(op *ir.Operation) bool {
	for i := 0; i < op.NumRegions(); i++ {
		if b := op.Region(i).First(); b != nil && (b.Last() == nil || b.Last().Name() != "tensor.yield") {
			return false
		}
	}
	return true
}

func typeStr(t ir.Type) string { return "'" + asm.TypeString(t) + "'" }

// shapeOf returns the shape of a ranked type, and false for others.
func shapeOf(t ir.Type) ([]int64, bool) {
	s, ok := t.(ir.ShapedType)
	if !ok {
		return nil, false
	}
	return s.ShapeDims()
}

// rank returns the rank of a ranked type, or -1.
func rank(t ir.Type) int {
	if s, ok := shapeOf(t); ok {
		return len(s)
	}
	return -1
}

func elemType(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return t
}

func numDynamic(shape []int64) int {
	n := 0
	for _, d := range shape {
		if d == Dynamic {
			n++
		}
	}
	return n
}

// compatibleShapes is verifyCompatibleShape for tensor types.
func compatibleShapes(a, b ir.Type) bool {
	sa, ra := shapeOf(a)
	sb, rb := shapeOf(b)
	if !ra || !rb {
		return true
	}
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != Dynamic && sb[i] != Dynamic && sa[i] != sb[i] {
			return false
		}
	}
	return true
}

func castsTensor(a, b ir.Type) bool {
	return elemType(a) == elemType(b) && compatibleShapes(a, b)
}

func bitcastsTensor(a, b ir.Type) bool {
	if !compatibleShapes(a, b) {
		return false
	}
	wa, wb := ir.IntOrFloatBitWidth(elemType(a)), ir.IntOrFloatBitWidth(elemType(b))
	return wa > 0 && wa == wb
}

// castCompatible is CastOpInterface's verifier.
func castCompatible(op *ir.Operation, ok func(a, b ir.Type) bool) error {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if !ok(in, out) {
		return ir.OpError(op, "operand type "+typeStr(in)+" and result type "+typeStr(out)+" are cast incompatible")
	}
	return nil
}

// verifyDynamicSizes checks that the operands from first on are as many
// as the dynamic dimensions of the result.
func verifyDynamicSizes(first int) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		shape, _ := shapeOf(op.Result(0).Type())
		has, want := op.NumOperands()-first, numDynamic(shape)
		if has != want {
			return ir.OpError(op, fmt.Sprintf("incorrect number of dynamic sizes, has %d, expected %d", has, want))
		}
		return nil
	}
}

func verifyConcat(op *ir.Operation) error {
	inputs := op.Operands()
	if len(inputs) < 1 {
		return ir.OpError(op, "requires at least one input")
	}
	resT := op.Result(0).Type()
	res, _ := shapeOf(resT)
	for _, in := range inputs {
		if rank(in.Type()) != len(res) {
			return ir.OpError(op, "rank of concatenated inputs must match result rank")
		}
	}
	for _, in := range inputs {
		if elemType(in.Type()) != elemType(resT) {
			return ir.OpError(op, "inputs and result element type must match")
		}
	}
	dim := intProp(op, "dim")
	if dim >= int64(len(res)) || dim < 0 {
		return ir.OpError(op, "concatenation dim must be less than the tensor rank")
	}
	sizes := make([]int64, len(res))
	for i := range res {
		if int64(i) == dim {
			continue
		}
		size := Dynamic
		for _, in := range inputs {
			s, _ := shapeOf(in.Type())
			switch {
			case s[i] == Dynamic:
			case size == Dynamic:
				size = s[i]
			case size != s[i]:
				return ir.OpError(op, "static concatenation size mismatch along non-concatenated dimension "+strconv.Itoa(i))
			}
		}
		sizes[i] = size
	}
	total := int64(0)
	for _, in := range inputs {
		s, _ := shapeOf(in.Type())
		if s[dim] == Dynamic || total == Dynamic {
			total = Dynamic
		} else {
			total += s[dim]
		}
	}
	sizes[dim] = total
	for i := range res {
		if sizes[i] != Dynamic && res[i] != Dynamic && sizes[i] != res[i] {
			inferred := op.Context().RankedTensorType(sizes, elemType(resT), nil)
			return ir.OpError(op, "result type "+typeStr(resT)+"does not match inferred shape "+typeStr(inferred)+" static sizes")
		}
	}
	return nil
}

func intProp(op *ir.Operation, name string) int64 {
	if a, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok {
		return a.Int64()
	}
	return 0
}

func verifyReshape(op *ir.Operation) error {
	src, res := op.Operand(0).Type(), op.Result(0).Type()
	if elemType(src) != elemType(res) {
		return ir.OpError(op, "element types of source and destination tensor types should be the same")
	}
	shapeLen, _ := shapeOf(op.Operand(1).Type())
	resShape, resRanked := shapeOf(res)
	if !resRanked {
		return nil
	}
	if srcShape, ok := shapeOf(src); ok && numDynamic(srcShape) == 0 && numDynamic(resShape) == 0 &&
		ir.NumElements(srcShape) != ir.NumElements(resShape) {
		return ir.OpError(op, "source and destination tensor should have the same number of elements")
	}
	if shapeLen[0] == Dynamic {
		return ir.OpError(op, "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type")
	}
	if shapeLen[0] != int64(len(resShape)) {
		return ir.OpError(op, "length of shape operand differs from the result's tensor rank")
	}
	return nil
}

// sliceOp describes the operands of an op with offsets, sizes and
// strides (MLIR's OffsetSizeAndStrideOpInterface).
type sliceOp struct {
	offsets, sizes, strides    []int64
	nOffsets, nSizes, nStrides int
}

// slice reads the static lists and the number of dynamic operands of each
// list; lead is the number of operands before the lists.
func slice(op *ir.Operation, lead int) sliceOp {
	s := sliceOp{
		offsets: denseI64(op.InherentAttr("static_offsets")),
		sizes:   denseI64(op.InherentAttr("static_sizes")),
		strides: denseI64(op.InherentAttr("static_strides")),
	}
	segs := denseI32(op.InherentAttr("operandSegmentSizes"))
	if len(segs) == lead+3 {
		s.nOffsets, s.nSizes, s.nStrides = int(segs[lead]), int(segs[lead+1]), int(segs[lead+2])
	}
	return s
}

// verifyOffsetSizeAndStride is verifyOffsetSizeAndStrideOp for an op
// whose lists each have maxRank entries.
func verifyOffsetSizeAndStride(op *ir.Operation, s sliceOp, maxRank int) error {
	if !(len(s.offsets) == 1 && maxRank == 1) && len(s.offsets) != len(s.sizes) {
		return ir.EmitError(op, fmt.Sprintf("expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(s.offsets), len(s.sizes)))
	}
	if len(s.sizes) != len(s.strides) {
		return ir.EmitError(op, fmt.Sprintf("expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(s.sizes), len(s.strides)))
	}
	for _, l := range []struct {
		name string
		vals []int64
		n    int
	}{{"offset", s.offsets, s.nOffsets}, {"size", s.sizes, s.nSizes}, {"stride", s.strides, s.nStrides}} {
		if len(l.vals) != maxRank {
			return ir.EmitError(op, fmt.Sprintf("expected %d %s values, got %d", maxRank, l.name, len(l.vals)))
		}
		if want := numDynamic(l.vals); want != l.n {
			return ir.EmitError(op, fmt.Sprintf("expected the number of '%ss' to match the number of dynamic entries in 'static_%ss' (%d vs %d)", l.name, l.name, l.n, want))
		}
	}
	for _, v := range s.offsets {
		if v < 0 && v != Dynamic {
			return ir.EmitError(op, fmt.Sprintf("expected offsets to be non-negative, but got %d", v))
		}
	}
	for _, v := range s.sizes {
		if v < 0 && v != Dynamic {
			return ir.EmitError(op, fmt.Sprintf("expected sizes to be non-negative, but got %d", v))
		}
	}
	return nil
}

// rankReductionMask is computeRankReductionMask: the dimensions of orig
// dropped to obtain reduced, or false when reduced is not a rank
// reduction of orig.
func rankReductionMask(orig, reduced []int64) (map[int]bool, bool) {
	unused := map[int]bool{}
	r := 0
	for i, d := range orig {
		if r < len(reduced) && d == reduced[r] {
			r++
			continue
		}
		unused[i] = true
		if d != 1 {
			return nil, false
		}
	}
	if r != len(reduced) {
		return nil, false
	}
	return unused, true
}

// checkRankReduced is isRankReducedType followed by produceSliceErrorMsg.
func checkRankReduced(op *ir.Operation, expected, actual ir.Type) error {
	if expected == actual {
		return nil
	}
	es, _ := shapeOf(expected)
	as, _ := shapeOf(actual)
	if len(as) > len(es) {
		return ir.EmitError(op, "expected rank to be smaller or equal to the other rank. ")
	}
	if _, ok := rankReductionMask(es, as); !ok {
		return ir.EmitError(op, "expected type to be "+typeStr(expected)+" or a rank-reduced version. (size mismatch) ")
	}
	if elemType(expected) != elemType(actual) {
		return ir.EmitError(op, "expected element type to be "+typeStr(elemType(expected)))
	}
	return nil
}

// inBounds is verifyInBoundsSlice.
func inBounds(op *ir.Operation, shape []int64, s sliceOp) error {
	for i, d := range shape {
		if d == Dynamic || i >= len(s.offsets) || s.offsets[i] == Dynamic {
			continue
		}
		if s.offsets[i] >= d {
			return ir.EmitError(op, fmt.Sprintf("offset %d is out-of-bounds: %d >= %d", i, s.offsets[i], d))
		}
		if s.sizes[i] == Dynamic || s.strides[i] == Dynamic {
			continue
		}
		if last := s.offsets[i] + (s.sizes[i]-1)*s.strides[i]; last >= d {
			return ir.EmitError(op, fmt.Sprintf("slice along dimension %d runs out-of-bounds: %d >= %d", i, last, d))
		}
	}
	return nil
}

// slicedType is ExtractSliceOp::inferResultType: the sizes as shape.
func slicedType(ctx *ir.Context, src ir.Type, sizes []int64) ir.Type {
	rt := src.(*ir.RankedTensorType)
	return ctx.RankedTensorType(sizes, rt.Elem, rt.Encoding)
}

func verifyExtractSlice(op *ir.Operation) error {
	src := op.Operand(0).Type()
	shape, _ := shapeOf(src)
	s := slice(op, 1)
	if err := verifyOffsetSizeAndStride(op, s, len(shape)); err != nil {
		return err
	}
	if err := checkRankReduced(op, slicedType(op.Context(), src, s.sizes), op.Result(0).Type()); err != nil {
		return err
	}
	return inBounds(op, shape, s)
}

// verifyInsertInto checks a slice of source inserted into dest.
func verifyInsertInto(op *ir.Operation, s sliceOp) error {
	dest := op.Operand(1).Type()
	shape, _ := shapeOf(dest)
	if err := verifyOffsetSizeAndStride(op, s, len(shape)); err != nil {
		return err
	}
	if err := checkRankReduced(op, slicedType(op.Context(), dest, s.sizes), op.Operand(0).Type()); err != nil {
		return err
	}
	return inBounds(op, shape, s)
}

func verifyInsertSlice(op *ir.Operation) error {
	return verifyInsertInto(op, slice(op, 2))
}

func verifyParallelInsertSlice(op *ir.Operation) error {
	if parent := op.ParentOp(); parent == nil || !ir.InParallelOp.Has(parent) {
		msg := "expected InParallelOpInterface parent, got:"
		if parent != nil {
			msg += "\n" + ir.OpPrinterHook(parent)
		}
		return ir.EmitError(op, msg)
	}
	return verifyInsertInto(op, slice(op, 2))
}

func denseI32(a ir.Attribute) []int32 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int32, d.Size)
	for i := range out {
		out[i] = int32(uint32(d.Data[4*i]) | uint32(d.Data[4*i+1])<<8 | uint32(d.Data[4*i+2])<<16 | uint32(d.Data[4*i+3])<<24)
	}
	return out
}

// reassociation returns the reassociation groups of a reshape.
func reassociation(op *ir.Operation) [][]int64 {
	arr, ok := op.InherentAttr("reassociation").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	var out [][]int64
	for _, g := range arr.Elems {
		ga, _ := g.(*ir.ArrayAttr)
		var idx []int64
		if ga != nil {
			for _, e := range ga.Elems {
				if ia, ok := e.(*ir.IntegerAttr); ok {
					idx = append(idx, ia.Int64())
				}
			}
		}
		out = append(out, idx)
	}
	return out
}

// verifyReshapeTypes is verifyReshapeLikeTypes followed by the check of
// the collapsed type.
func verifyReshapeTypes(op *ir.Operation, expandedT, collapsedT ir.Type, isExpansion bool) error {
	expanded, _ := shapeOf(expandedT)
	collapsed, _ := shapeOf(collapsedT)
	if len(expanded) < len(collapsed) {
		return ir.OpError(op, "expected the expanded type, "+typeStr(expandedT)+" to have a higher (or same) rank than the collapsed type, "+typeStr(collapsedT)+".")
	}
	groups := reassociation(op)
	if len(collapsed) == 0 {
		for _, d := range expanded {
			if d != 1 {
				return ir.OpError(op, "invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref")
			}
		}
		return nil
	}
	if len(collapsed) != len(groups) {
		return ir.OpError(op, fmt.Sprintf("expected collapsed rank (%d) to equal the number of reassociation maps (%d).", len(collapsed), len(groups)))
	}
	numDims := int64(0)
	for _, g := range groups {
		for _, d := range g {
			if d+1 > numDims {
				numDims = d + 1
			}
		}
	}
	for i := range groups {
		if numDims != int64(len(expanded)) {
			return ir.OpError(op, fmt.Sprintf("expected reassociation map #%d to have size equal to the expanded rank (%d), but it is  %d.", i, len(expanded), numDims))
		}
	}
	next := int64(0)
	for i, g := range groups {
		for _, d := range g {
			if d != next {
				return ir.OpError(op, fmt.Sprintf("expected reassociation map #%d to be valid and contiguous.", i))
			}
			next++
		}
	}
	if next != int64(len(expanded)) {
		return ir.OpError(op, fmt.Sprintf("expected reassociation map #%d to be valid and contiguous.", len(groups)-1))
	}
	start := 0
	for i, g := range groups {
		dynamic, product := false, int64(1)
		for _, d := range expanded[start : start+len(g)] {
			if d == Dynamic {
				dynamic = true
			} else {
				product *= d
			}
		}
		if dynamic {
			if collapsed[i] != Dynamic {
				return ir.OpError(op, fmt.Sprintf("expected dimension %d of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic", i))
			}
		} else if collapsed[i] != product {
			return ir.OpError(op, fmt.Sprintf("expected dimension %d of collapsed type to be static value of %d", i, product))
		}
		start += len(g)
	}
	want := collapsedType(op.Context(), expandedT, groups)
	if want != nil && (elemType(want) != elemType(collapsedT) || !sameShape(want, collapsedT)) {
		return ir.OpError(op, "expected collapsed type to be "+typeStr(want)+", but got "+typeStr(collapsedT))
	}
	return nil
}

func sameShape(a, b ir.Type) bool {
	sa, _ := shapeOf(a)
	sb, _ := shapeOf(b)
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != sb[i] {
			return false
		}
	}
	return true
}

// collapsedType is CollapseShapeOp::inferCollapsedType.
func collapsedType(ctx *ir.Context, expandedT ir.Type, groups [][]int64) ir.Type {
	rt, ok := expandedT.(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	var shape []int64
	for _, g := range groups {
		p := int64(1)
		for _, d := range g {
			if int(d) >= len(rt.Shape) || d < 0 {
				return nil
			}
			if rt.Shape[d] == Dynamic || p == Dynamic {
				p = Dynamic
			} else {
				p *= rt.Shape[d]
			}
		}
		shape = append(shape, p)
	}
	return ctx.RankedTensorType(shape, rt.Elem, nil)
}

func verifyExpandShape(op *ir.Operation) error {
	res := op.Result(0).Type()
	static := denseI64(op.InherentAttr("static_output_shape"))
	if r := rank(res); r >= 0 && len(static) != r {
		return ir.OpError(op, fmt.Sprintf("expected number of static shape dims to be equal to the output rank (%d) but found %d inputs instead", r, len(static)))
	}
	if n := numDynamic(static); n != op.NumOperands()-1 {
		return ir.OpError(op, fmt.Sprintf("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", n, op.NumOperands()-1))
	}
	if rank(res) < 0 || rank(op.Operand(0).Type()) < 0 {
		return nil
	}
	return verifyReshapeTypes(op, res, op.Operand(0).Type(), true)
}

func verifyCollapseShape(op *ir.Operation) error {
	if rank(op.Result(0).Type()) < 0 || rank(op.Operand(0).Type()) < 0 {
		return nil
	}
	return verifyReshapeTypes(op, op.Operand(0).Type(), op.Result(0).Type(), false)
}

func verifyPad(op *ir.Operation) error {
	srcT, resT := op.Operand(0).Type(), op.Result(0).Type()
	src, _ := shapeOf(srcT)
	res, _ := shapeOf(resT)
	low := denseI64(op.InherentAttr("static_low"))
	high := denseI64(op.InherentAttr("static_high"))
	if len(low) != len(src) || len(high) != len(src) {
		return ir.EmitError(op, "failed to infer expectedType from sourceType "+typeStr(srcT)+", specified resultType is "+typeStr(resT))
	}
	inferred := make([]int64, len(src))
	for i := range src {
		if src[i] == Dynamic || low[i] == Dynamic || high[i] == Dynamic {
			inferred[i] = Dynamic
		} else {
			inferred[i] = src[i] + low[i] + high[i]
		}
	}
	expected := op.Context().RankedTensorType(inferred, elemType(srcT), nil)
	mismatch := len(res) != len(inferred)
	for i := 0; !mismatch && i < len(src); i++ {
		if res[i] != inferred[i] && inferred[i] != Dynamic {
			mismatch = true
		}
	}
	if mismatch {
		return ir.EmitError(op, "specified type "+typeStr(resT)+" does not match the inferred type "+typeStr(expected))
	}
	return nil
}

// yieldedType returns the type of the value the single block of r yields,
// or nil.
func yieldedType(r *ir.Region) ir.Type {
	b := r.First()
	if b == nil || b.Last() == nil || b.Last().Name() != "tensor.yield" || b.Last().NumOperands() != 1 {
		return nil
	}
	return b.Last().Operand(0).Type()
}

func verifyGenerateRegion(op *ir.Operation) error {
	resT := op.Result(0).Type()
	b := op.Region(0).First()
	if b == nil {
		return nil
	}
	for _, a := range b.Arguments() {
		if _, ok := a.Type().(*ir.IndexType); !ok {
			return ir.EmitError(op, "all body arguments must be index")
		}
	}
	if len(b.Arguments()) != rank(resT) {
		return ir.EmitError(op, "must have one body argument per input dimension")
	}
	if yieldedType(op.Region(0)) != elemType(resT) {
		return ir.OpError(op, "body must be terminated with a `yield` operation of the tensor element type")
	}
	return nil
}

func verifyPadRegion(op *ir.Operation) error {
	resT := op.Result(0).Type()
	b := op.Region(0).First()
	if b == nil {
		return nil
	}
	if r := rank(resT); len(b.Arguments()) != r {
		return ir.EmitError(op, fmt.Sprintf("expected the block to have %d arguments", r))
	}
	for i, a := range b.Arguments() {
		if _, ok := a.Type().(*ir.IndexType); !ok {
			return ir.OpError(op, fmt.Sprintf("expected block argument %d to be an index", i+1))
		}
	}
	if yieldedType(op.Region(0)) != elemType(resT) {
		return ir.OpError(op, "expected yield type to match shape element type")
	}
	return nil
}

// verifyDims is verifyGatherOrScatterDims.
func verifyDims(op *ir.Operation, dims, indices []int64, rank int, kind, of string) error {
	if len(dims) == 0 {
		return ir.OpError(op, kind+"_dims must be non-empty")
	}
	if len(dims) > rank {
		return ir.OpError(op, kind+"_dims overflow "+of+" rank")
	}
	if len(indices) == 0 || indices[len(indices)-1] != int64(len(dims)) {
		return ir.OpError(op, kind+"_dims length must match the size of last dimension of indices")
	}
	for _, d := range dims {
		if d < 0 {
			return ir.OpError(op, kind+"_dims value must be non-negative")
		}
		if d >= int64(rank) {
			return ir.OpError(op, kind+"_dims value must be smaller than "+of+" rank")
		}
	}
	for i := 1; i < len(dims); i++ {
		if dims[i-1] >= dims[i] {
			return ir.OpError(op, kind+"_dims values must be strictly increasing")
		}
	}
	return nil
}

// gatheredType is GatherOp::inferResultType.
func gatheredType(ctx *ir.Context, srcT, indicesT ir.Type, dims []int64, rankReduced bool) ir.Type {
	src := srcT.(*ir.RankedTensorType)
	idx, _ := shapeOf(indicesT)
	shape := append([]int64{}, idx[:len(idx)-1]...)
	gathered := map[int64]bool{}
	for _, d := range dims {
		gathered[d] = true
	}
	for i, d := range src.Shape {
		if gathered[int64(i)] {
			if !rankReduced {
				shape = append(shape, 1)
			}
			continue
		}
		shape = append(shape, d)
	}
	return ctx.RankedTensorType(shape, src.Elem, src.Encoding)
}

func verifyGather(op *ir.Operation) error {
	srcT, idxT, resT := op.Operand(0).Type(), op.Operand(1).Type(), op.Result(0).Type()
	dims := denseI64(op.InherentAttr("gather_dims"))
	idx, _ := shapeOf(idxT)
	if err := verifyDims(op, dims, idx, rank(srcT), "gather", "source"); err != nil {
		return err
	}
	full := gatheredType(op.Context(), srcT, idxT, dims, false)
	reduced := gatheredType(op.Context(), srcT, idxT, dims, true)
	if resT != full && resT != reduced {
		return ir.OpError(op, "result type mismatch: expected "+typeStr(full)+" or its rank-reduced variant "+typeStr(reduced)+" (got: "+typeStr(resT)+")")
	}
	return nil
}

func verifyScatter(op *ir.Operation) error {
	srcT, destT, idxT := op.Operand(0).Type(), op.Operand(1).Type(), op.Operand(2).Type()
	dims := denseI64(op.InherentAttr("scatter_dims"))
	idx, _ := shapeOf(idxT)
	if err := verifyDims(op, dims, idx, rank(destT), "scatter", "dest"); err != nil {
		return err
	}
	if _, ok := op.InherentAttr("unique").(*ir.UnitAttr); !ok {
		return ir.OpError(op, "requires 'unique' attribute to be set")
	}
	full := gatheredType(op.Context(), destT, idxT, dims, false)
	reduced := gatheredType(op.Context(), destT, idxT, dims, true)
	if srcT != full && srcT != reduced {
		return ir.OpError(op, "source type mismatch: expected "+typeStr(full)+" or its rank-reduced variant "+typeStr(reduced)+" (got: "+typeStr(srcT)+")")
	}
	return nil
}

// verifyFromElements checks that tensor.from_elements has one operand of
// the element type per element of its result (the TypesMatchWith
// constraint of upstream's declaration). The element count is computed
// without overflow, so a tensor of 2^32+1 elements is not mistaken for one
// of a single element.
func verifyFromElements(op *ir.Operation) error {
	t, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	// The product is taken only while it can still equal the operand
	// count (a zero dimension makes it zero), so it cannot overflow.
	n, have := int64(1), int64(op.NumOperands())
	if slices.Contains(t.Shape, 0) {
		n = 0
	}
	for _, d := range t.Shape {
		if n == 0 {
			break
		}
		if d < 0 || n > have/d {
			return ir.OpError(op, "failed to verify that operand types match result element type")
		}
		n *= d
	}
	if n != have {
		return ir.OpError(op, "failed to verify that operand types match result element type")
	}
	for i := 0; i < op.NumOperands(); i++ {
		if op.Operand(i).Type() != t.Elem {
			return ir.OpError(op, "failed to verify that operand types match result element type")
		}
	}
	return nil
}
