package linalg

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
)

// verifyStructured checks what MLIR's verifyStructuredOpInterface checks:
// one indexing map per operand, each over the loops and with the rank of
// its operand, static shapes consistent with the maps, and a body whose
// arguments have the operands' element types.
func verifyStructured(s StructuredOp) error {
	op := s.Operation
	if k := s.kind(); k.named != nil {
		k.named.memoizeMaps(op)
	}
	maps := s.IndexingMaps()
	if len(maps) != op.NumOperands() {
		return ir.OpError(op, fmt.Sprintf("expected the number of indexing_map (%d) to be equal to the number of input/output operands (%d)", len(maps), op.NumOperands()))
	}
	numLoops := s.NumLoops()
	for i, m := range maps {
		if m.NumSyms != 0 {
			return ir.OpError(op, fmt.Sprintf("unexpected symbols in indexing_map #%d", i))
		}
		if m.NumDims != numLoops {
			return ir.OpError(op, fmt.Sprintf("expected indexing_map #%d to have %d dim(s) to match the number of loops", i, numLoops))
		}
		if rank := rankOf(op.Operand(i).Type()); m.NumResults() != rank {
			return ir.OpError(op, fmt.Sprintf("expected operand #%d rank (%d) to match the result rank of indexing_map (%d)", i, rank, m.NumResults()))
		}
	}
	if err := verifyShapes(s, maps); err != nil {
		return err
	}
	if op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return ir.OpError(op, "expects to have 1 region with 1 block")
	}
	body := op.Region(0).First()
	if body.NumArguments() != op.NumOperands() {
		return ir.OpError(op, "expected as many non-induction variable region arguments as the number of input/output operands")
	}
	for i, v := range op.Operands() {
		want := elementTypeOf(v.Type())
		if got := body.Argument(i).Type(); got != want {
			return ir.OpError(op, fmt.Sprintf("expected type of bb argument #%d (%s) to match element or self type of the corresponding operand (%s)", i, ir.TypeString(got), ir.TypeString(want)))
		}
	}
	return nil
}

// verifyShapes checks static operand shapes against the loop ranges the
// maps infer, when every loop range is static.
func verifyShapes(s StructuredOp, maps []mapT) error {
	ranges := s.StaticLoopRanges()
	for _, r := range ranges {
		if r == ir.Dynamic {
			return nil
		}
	}
	end := make([]int64, len(ranges))
	for i, r := range ranges {
		end[i] = r - 1
	}
	start := make([]int64, len(ranges))
	for i, v := range s.Operands() {
		shape := shapeOf(v.Type())
		m := maps[i]
		lo, okLo := evalMap(m, start)
		hi, okHi := evalMap(m, end)
		if !okLo || !okHi {
			continue
		}
		for dim, size := range shape {
			if dim >= len(lo) || size == ir.Dynamic || size == 0 {
				continue
			}
			inferred := max(lo[dim], hi[dim]) + 1
			if min(lo[dim], hi[dim]) < 0 {
				continue
			}
			if m.Results[dim].IsDim() {
				if inferred != size {
					return ir.OpError(s.Operation, fmt.Sprintf("inferred input/output operand #%d has shape's dimension #%d to be %d, but found %d", i, dim, inferred, size))
				}
			} else if inferred > size {
				return ir.OpError(s.Operation, fmt.Sprintf("inferred input/output operand #%d has shape's dimension #%d to be greater than or equal to %d, but found %d", i, dim, inferred, size))
			}
		}
	}
	return nil
}

func verifyMap(op *ir.Operation) error {
	s := StructuredOp{op}
	body := s.Body()
	ins := s.Inputs()
	if body == nil {
		return nil
	}
	if n := body.NumArguments(); n != len(ins)+1 {
		return ir.OpError(op, fmt.Sprintf("expects number of operands to match the arity of mapper, but got: %d and %d", len(ins)+1, n))
	}
	outs := s.Outputs()
	if len(outs) == 0 {
		return nil
	}
	initShape := shapeOf(outs[0].Type())
	for i, v := range ins {
		want := elementTypeOf(v.Type())
		if got := body.Argument(i).Type(); got != want {
			return ir.OpError(op, fmt.Sprintf("expected element type of input %s to match bbArg type %s", ir.TypeString(want), ir.TypeString(got)))
		}
		if sh := shapeOf(v.Type()); !slices.Equal(sh, initShape) {
			return ir.OpError(op, "expected shape of input ("+shapeString(sh)+") to match shape of output ("+shapeString(initShape)+")")
		}
	}
	return nil
}

func shapeString(sh []int64) string {
	out := ""
	for i, d := range sh {
		if i > 0 {
			out += ", "
		}
		if d == ir.Dynamic {
			out += "?"
		} else {
			out += fmt.Sprint(d)
		}
	}
	return out
}

func verifyReduce(op *ir.Operation) error {
	if op.NumOperands()%2 != 0 {
		return ir.OpError(op, "expected the same number of inputs and inits")
	}
	s := StructuredOp{op}
	ins, outs := s.Inputs(), s.Outputs()
	dims := dimsAttr(op, "dimensions")
	for i := 1; i < len(dims); i++ {
		if dims[i] <= dims[i-1] {
			return ir.OpError(op, "attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order")
		}
	}
	for i := 1; i < len(ins); i++ {
		if !slices.Equal(shapeOf(ins[i].Type()), shapeOf(ins[0].Type())) {
			return ir.OpError(op, fmt.Sprintf("expects all inputs to have the same shapes. Shape at input-index %d is not equal to the shape at input-index 0.", i))
		}
	}
	for i := 1; i < len(outs); i++ {
		if !slices.Equal(shapeOf(outs[i].Type()), shapeOf(outs[0].Type())) {
			return ir.OpError(op, fmt.Sprintf("expects all outputs to have the same shapes. Shape at output-index %d is not equal to the shape at output-index 0.", i))
		}
	}
	if len(ins) == 0 {
		return nil
	}
	inShape := shapeOf(ins[0].Type())
	for _, d := range dims {
		if d < 0 || int(d) >= len(inShape) {
			return ir.OpError(op, fmt.Sprintf("dimensions for reduction should be in the range [0, %d].", len(inShape)-1))
		}
	}
	var want []int64
	for i, sz := range inShape {
		if !slices.Contains(dims, int64(i)) {
			want = append(want, sz)
		}
	}
	if got := shapeOf(outs[0].Type()); len(got) != len(want) {
		return ir.OpError(op, fmt.Sprintf("number of dimensions after reduction %d doesn't match the init rank %d", len(want), len(got)))
	} else if !slices.Equal(got, want) {
		return ir.OpError(op, "init dimensions ["+shapeString(got)+"] doesn't match input dimensions after reduction ["+shapeString(want)+"]")
	}
	body := s.Body()
	if body == nil {
		return nil
	}
	if body.NumArguments() != len(ins)+len(outs) {
		return ir.OpError(op, fmt.Sprintf("mismatching number of operands and block arguments: expected %d, got %d", len(ins)+len(outs), body.NumArguments()))
	}
	for i, v := range append(slices.Clone(ins), outs...) {
		want := elementTypeOf(v.Type())
		if got := body.Argument(i).Type(); got != want {
			which := "input"
			if i >= len(ins) {
				which = "output"
			}
			return ir.OpError(op, fmt.Sprintf("%s element type %s does not match corresponding block argument type %s", which, ir.TypeString(want), ir.TypeString(got)))
		}
	}
	return nil
}

func verifyTranspose(op *ir.Operation) error {
	perm := dimsAttr(op, "permutation")
	s := StructuredOp{op}
	if len(s.Inputs()) != 1 || len(s.Outputs()) != 1 {
		return nil
	}
	seen := make([]bool, len(perm))
	for _, p := range perm {
		if p < 0 || int(p) >= len(perm) || seen[p] {
			return ir.OpError(op, "permutation is not valid")
		}
		seen[p] = true
	}
	in, init := shapeOf(s.Inputs()[0].Type()), shapeOf(s.Outputs()[0].Type())
	if len(in) != len(perm) {
		return ir.OpError(op, fmt.Sprintf("input rank %d does not match permutation size %d", len(in), len(perm)))
	}
	if len(init) != len(perm) {
		return ir.OpError(op, fmt.Sprintf("init rank %d does not match permutation size %d", len(init), len(perm)))
	}
	for i, p := range perm {
		if in[p] != init[i] {
			return ir.OpError(op, fmt.Sprintf("dim(result, %d) = %s doesn't match dim(input, permutation[%d]) = %s", i, dimString(init[i]), i, dimString(in[p])))
		}
	}
	return nil
}

func dimString(d int64) string {
	if d == ir.Dynamic {
		return "?"
	}
	return fmt.Sprint(d)
}

func verifyBroadcast(op *ir.Operation) error {
	dims := dimsAttr(op, "dimensions")
	s := StructuredOp{op}
	if len(s.Inputs()) != 1 || len(s.Outputs()) != 1 {
		return nil
	}
	in, init := shapeOf(s.Inputs()[0].Type()), shapeOf(s.Outputs()[0].Type())
	if len(in)+len(dims) != len(init) {
		return ir.OpError(op, fmt.Sprintf("input rank plus added dimensions does not match init rank. input rank: %d, dimensions size: %d, init rank: %d", len(in), len(dims), len(init)))
	}
	for i, d := range dims {
		if d < 0 || int(d) >= len(init) {
			return ir.OpError(op, fmt.Sprintf("dimension %d is out of range. expected range: [0, %d], got: %d", i, len(init)-1, d))
		}
	}
	j := 0
	for i, sz := range init {
		if slices.Contains(dims, int64(i)) {
			continue
		}
		if j < len(in) && in[j] != sz {
			return ir.OpError(op, fmt.Sprintf("input dim %d should match init dim %d. input: %s, init: %s", j, i, dimString(in[j]), dimString(sz)))
		}
		j++
	}
	return nil
}

// verifyYield checks a yield against its enclosing structured operation.
func verifyYield(op *ir.Operation) error {
	parent := op.ParentOp()
	s, ok := AsStructuredOp(parent)
	if !ok {
		return ir.OpError(op, "expected parent op with LinalgOp interface")
	}
	outs := s.Outputs()
	if op.NumOperands() != len(outs) {
		return ir.OpError(op, fmt.Sprintf("expected number of yield values (%d) to match the number of inits / outs operands of the enclosing LinalgOp (%d)", op.NumOperands(), len(outs)))
	}
	for i, v := range op.Operands() {
		want := elementTypeOf(outs[i].Type())
		if v.Type() != want {
			return ir.OpError(op, fmt.Sprintf("type of yield operand %d ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", i+1, ir.TypeString(v.Type()), ir.TypeString(want)))
		}
	}
	return nil
}

// verifyIndex checks linalg.index against its enclosing structured
// operation.
func verifyIndex(op *ir.Operation) error {
	var s StructuredOp
	found := false
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if s, found = AsStructuredOp(p); found {
			break
		}
	}
	if !found {
		return ir.OpError(op, "expected parent op with LinalgOp interface")
	}
	dim := op.InherentAttr("dim").(*ir.IntegerAttr).Int64()
	if n := s.NumLoops(); dim < 0 || dim >= int64(n) {
		return ir.OpError(op, fmt.Sprintf("expected dim (%d) to be lower than the number of loops (%d) of the enclosing LinalgOp", dim, n))
	}
	return nil
}

func verifySoftmax(op *ir.Operation) error {
	in, out := shapeOf(op.Operand(0).Type()), shapeOf(op.Operand(1).Type())
	if len(in) != len(out) {
		return ir.OpError(op, "incompatible output shape")
	}
	for i := range in {
		if in[i] != ir.Dynamic && out[i] != ir.Dynamic && in[i] != out[i] {
			return ir.OpError(op, "incompatible output shape")
		}
	}
	return nil
}

// winogradSizes returns the output tile size m and the filter size r of
// a Winograd transform's fmr.
func winogradSizes(fmr WinogradConv2DFmr) (m, r int64) {
	switch fmr {
	case WinogradConv2DFmrF43:
		return 4, 3
	case WinogradConv2DFmrF25:
		return 2, 5
	}
	return 2, 3
}

// compatibleShapes reports whether two shapes of one rank agree wherever
// both sizes are static.
func compatibleShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

// verifyWinogradFilterTransform checks that the filter (F, H, W, C) is
// r or 1 high and wide, not both 1, and that the output is the transformed
// filter (alphaH, alphaW, C, F), alpha being m + r - 1 along a transformed
// dimension and 1 along the other.
func verifyWinogradFilterTransform(op *ir.Operation) error {
	w, _ := AsWinogradFilterTransformOp(op)
	filter := shapeOf(w.Filter().Type())
	m, r := winogradSizes(w.Fmr())
	h, wd := filter[1], filter[2]
	if h != r && h != 1 {
		return ir.OpError(op, "expect filter height either equals to r or 1")
	}
	if wd != r && wd != 1 {
		return ir.OpError(op, "expect filter width either equals to r or 1")
	}
	if h == 1 && wd == 1 {
		return ir.OpError(op, "expect either filter height or width equals to r")
	}
	alpha := func(size int64) int64 {
		if size == r {
			return m + r - 1
		}
		return 1
	}
	want := []int64{alpha(h), alpha(wd), filter[3], filter[0]}
	if !compatibleShapes(want, shapeOf(w.Output().Type())) {
		return ir.OpError(op, "the output shape is not expected")
	}
	return nil
}

// verifyWinogradInputTransform checks that the output (alphaH, alphaW,
// tileH, tileW, N, C) holds the tiles of the input (N, H, W, C): along a
// dimension the output transforms (its alpha is not 1), alpha is
// m + r - 1 and there are (size - (r - 1)) / m tiles; along the other,
// alpha is 1 and each row or column is a tile. A dynamic input size
// expects alpha m + r - 1 and any number of tiles.
func verifyWinogradInputTransform(op *ir.Operation) error {
	w, _ := AsWinogradInputTransformOp(op)
	in, out := shapeOf(w.Input().Type()), shapeOf(w.Output().Type())
	m, r := winogradSizes(w.Fmr())
	tile := m + r - 1
	want := make([]int64, 6)
	dim := func(size, outAlpha int64) (alpha, tiles int64) {
		switch {
		case size == ir.Dynamic:
			return tile, ir.Dynamic
		case outAlpha != 1:
			return tile, (size - (r - 1)) / m
		}
		return 1, size
	}
	want[0], want[2] = dim(in[1], out[0])
	want[1], want[3] = dim(in[2], out[1])
	want[4], want[5] = in[0], in[3]
	if !compatibleShapes(want, out) {
		return ir.OpError(op, "the output shape is not expected")
	}
	return nil
}

// verifyWinogradOutputTransform checks that the value (alphaH, alphaW,
// tileH, tileW, N, F) has alpha m + r - 1 along each dimension it
// transforms (alpha not 1) and that the output (N, H, W, F) is the
// tiles put back together: m (or, untransformed, 1) times the tiles along
// each of H and W, dynamic where the value's alpha or tiles are.
func verifyWinogradOutputTransform(op *ir.Operation) error {
	w, _ := AsWinogradOutputTransformOp(op)
	val := shapeOf(w.Value().Type())
	m, r := winogradSizes(w.Fmr())
	want := make([]int64, 4)
	dim := func(alpha, tiles int64, what string) (int64, error) {
		if alpha == ir.Dynamic || tiles == ir.Dynamic {
			return ir.Dynamic, nil
		}
		if alpha == 1 {
			return tiles, nil
		}
		if alpha != m+r-1 {
			return 0, ir.OpError(op, "expect input "+what+" equals to input tile size")
		}
		return m * tiles, nil
	}
	var err error
	if want[1], err = dim(val[0], val[2], "height"); err != nil {
		return err
	}
	if want[2], err = dim(val[1], val[3], "width"); err != nil {
		return err
	}
	want[0], want[3] = val[4], val[5]
	if !compatibleShapes(want, shapeOf(w.Output().Type())) {
		return ir.OpError(op, "the output shape is not expected")
	}
	return nil
}
