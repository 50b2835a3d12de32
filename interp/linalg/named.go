package linalg

import (
	"fmt"
	"math"
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// kernel kinds of the named operations.
const (
	kMulAdd = iota
	kCopy
	kPool
)

type namedSpec struct {
	kind int
	// maps returns the indexing maps given the operation and the ranks of
	// its operands.
	maps func(op *ir.Operation, ranks []int) ([]affine.Map, error)
	// pool is the pooling combiner: "max", "min" or "sum".
	pool string
}

func d(i int) affine.Expr { return affine.Dim(i) }

func fixed(n int, results ...[]affine.Expr) func(*ir.Operation, []int) ([]affine.Map, error) {
	return func(*ir.Operation, []int) ([]affine.Map, error) {
		maps := make([]affine.Map, len(results))
		for i, r := range results {
			maps[i] = affine.NewMap(n, 0, r...)
		}
		return maps, nil
	}
}

func ex(es ...affine.Expr) []affine.Expr { return es }

// vec2 reads a strides or dilations attribute (dense<...> of i64), default
// 1 for each of n spatial dimensions.
func vecAttr(op *ir.Operation, name string, n int) ([]int64, error) {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	a := op.Attr(name)
	if a == nil {
		return out, nil
	}
	da, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		return nil, interp.Errorf(op, "'"+name+"' must be a dense integer attribute")
	}
	dd, err := interp.DenseFromAttr(da)
	if err != nil || len(dd.Data) != n {
		return nil, interp.Errorf(op, fmt.Sprintf("'%s' must have %d elements", name, n))
	}
	for i, x := range dd.Data {
		out[i] = interp.FromBits(da.Type.ElementType(), x).Int()
	}
	return out, nil
}

// win is input position o*stride + k*dilation.
func win(o, k int, s, dl int64) affine.Expr {
	return affine.Add(affine.MulConst(d(o), s), affine.MulConst(d(k), dl))
}

// conv builds the maps of a convolution or pooling with nsp spatial
// dimensions from a layout function of strides and dilations.
func conv(nsp int, layout func(s, dl []int64) [][]affine.Expr, nDims int) func(*ir.Operation, []int) ([]affine.Map, error) {
	return func(op *ir.Operation, _ []int) ([]affine.Map, error) {
		s, err := vecAttr(op, "strides", nsp)
		if err != nil {
			return nil, err
		}
		dl, err := vecAttr(op, "dilations", nsp)
		if err != nil {
			return nil, err
		}
		rs := layout(s, dl)
		maps := make([]affine.Map, len(rs))
		for i, r := range rs {
			maps[i] = affine.NewMap(nDims, 0, r...)
		}
		return maps, nil
	}
}

func pooling(layout func(s, dl []int64) [][]affine.Expr, nDims int, kind string) namedSpec {
	return namedSpec{kind: kPool, pool: kind, maps: conv(2, layout, nDims)}
}

// nhwc pooling: (n, oh, ow, c, kh, kw).
func nhwcPool(s, dl []int64) [][]affine.Expr {
	return [][]affine.Expr{ex(d(0), win(1, 4, s[0], dl[0]), win(2, 5, s[1], dl[1]), d(3)), ex(d(4), d(5)), ex(d(0), d(1), d(2), d(3))}
}

// nchw pooling: (n, c, oh, ow, kh, kw).
func nchwPool(s, dl []int64) [][]affine.Expr {
	return [][]affine.Expr{ex(d(0), d(1), win(2, 4, s[0], dl[0]), win(3, 5, s[1], dl[1])), ex(d(4), d(5)), ex(d(0), d(1), d(2), d(3))}
}

var namedMaps = map[string]namedSpec{
	"matmul":             {kind: kMulAdd, maps: fixed(3, ex(d(0), d(2)), ex(d(2), d(1)), ex(d(0), d(1)))},
	"batch_matmul":       {kind: kMulAdd, maps: fixed(4, ex(d(0), d(1), d(3)), ex(d(0), d(3), d(2)), ex(d(0), d(1), d(2)))},
	"matvec":             {kind: kMulAdd, maps: fixed(2, ex(d(0), d(1)), ex(d(1)), ex(d(0)))},
	"vecmat":             {kind: kMulAdd, maps: fixed(2, ex(d(1)), ex(d(1), d(0)), ex(d(0)))},
	"batch_matvec":       {kind: kMulAdd, maps: fixed(3, ex(d(0), d(1), d(2)), ex(d(0), d(2)), ex(d(0), d(1)))},
	"batch_vecmat":       {kind: kMulAdd, maps: fixed(3, ex(d(0), d(2)), ex(d(0), d(2), d(1)), ex(d(0), d(1)))},
	"dot":                {kind: kMulAdd, maps: fixed(1, ex(d(0)), ex(d(0)), ex())},
	"matmul_transpose_a": {kind: kMulAdd, maps: fixed(3, ex(d(2), d(0)), ex(d(2), d(1)), ex(d(0), d(1)))},
	"matmul_transpose_b": {kind: kMulAdd, maps: fixed(3, ex(d(0), d(2)), ex(d(1), d(2)), ex(d(0), d(1)))},
	"conv_1d":            {kind: kMulAdd, maps: fixed(2, ex(affine.Add(d(0), d(1))), ex(d(1)), ex(d(0)))},
	"conv_2d":            {kind: kMulAdd, maps: fixed(4, ex(affine.Add(d(0), d(2)), affine.Add(d(1), d(3))), ex(d(2), d(3)), ex(d(0), d(1)))},
	// (n, ow, f, kw, c)
	"conv_1d_nwc_wcf": {kind: kMulAdd, maps: conv(1, func(s, dl []int64) [][]affine.Expr {
		return [][]affine.Expr{ex(d(0), win(1, 3, s[0], dl[0]), d(4)), ex(d(3), d(4), d(2)), ex(d(0), d(1), d(2))}
	}, 5)},
	// (n, oh, ow, f, kh, kw, c)
	"conv_2d_nhwc_hwcf": {kind: kMulAdd, maps: conv(2, func(s, dl []int64) [][]affine.Expr {
		return [][]affine.Expr{ex(d(0), win(1, 4, s[0], dl[0]), win(2, 5, s[1], dl[1]), d(6)), ex(d(4), d(5), d(6), d(3)), ex(d(0), d(1), d(2), d(3))}
	}, 7)},
	// (n, oh, ow, f, kh, kw, c)
	"conv_2d_nhwc_fhwc": {kind: kMulAdd, maps: conv(2, func(s, dl []int64) [][]affine.Expr {
		return [][]affine.Expr{ex(d(0), win(1, 4, s[0], dl[0]), win(2, 5, s[1], dl[1]), d(6)), ex(d(3), d(4), d(5), d(6)), ex(d(0), d(1), d(2), d(3))}
	}, 7)},
	// (n, f, oh, ow, c, kh, kw)
	"conv_2d_nchw_fchw": {kind: kMulAdd, maps: conv(2, func(s, dl []int64) [][]affine.Expr {
		return [][]affine.Expr{ex(d(0), d(4), win(2, 5, s[0], dl[0]), win(3, 6, s[1], dl[1])), ex(d(1), d(4), d(5), d(6)), ex(d(0), d(1), d(2), d(3))}
	}, 7)},
	// (n, oh, ow, c, kh, kw)
	"depthwise_conv_2d_nhwc_hwc": {kind: kMulAdd, maps: conv(2, func(s, dl []int64) [][]affine.Expr {
		return [][]affine.Expr{ex(d(0), win(1, 4, s[0], dl[0]), win(2, 5, s[1], dl[1]), d(3)), ex(d(4), d(5), d(3)), ex(d(0), d(1), d(2), d(3))}
	}, 6)},
	"pooling_nhwc_max": pooling(nhwcPool, 6, "max"),
	"pooling_nhwc_min": pooling(nhwcPool, 6, "min"),
	"pooling_nhwc_sum": pooling(nhwcPool, 6, "sum"),
	"pooling_nchw_max": pooling(nchwPool, 6, "max"),
	"pooling_nchw_sum": pooling(nchwPool, 6, "sum"),
	"fill": {kind: kCopy, maps: func(_ *ir.Operation, ranks []int) ([]affine.Map, error) {
		if len(ranks) != 2 || ranks[0] != 0 {
			return nil, fmt.Errorf("linalg.fill takes a scalar and an init")
		}
		return []affine.Map{affine.NewMap(ranks[1], 0), identity(ranks[1])}, nil
	}},
	"copy": {kind: kCopy, maps: func(_ *ir.Operation, ranks []int) ([]affine.Map, error) {
		return []affine.Map{identity(ranks[0]), identity(ranks[0])}, nil
	}},
	"transpose": {kind: kCopy, maps: func(op *ir.Operation, ranks []int) ([]affine.Map, error) {
		perm := interp.DenseArray(op.Attr("permutation"))
		r := ranks[1]
		if len(perm) != r {
			return nil, fmt.Errorf("'permutation' must have one entry per dimension")
		}
		in := make([]affine.Expr, r)
		for i, p := range perm {
			if p < 0 || int(p) >= r || in[p].IsValid() {
				return nil, fmt.Errorf("'permutation' must be a permutation")
			}
			in[p] = d(i)
		}
		return []affine.Map{affine.NewMap(r, 0, in...), identity(r)}, nil
	}},
	"broadcast": {kind: kCopy, maps: func(op *ir.Operation, ranks []int) ([]affine.Map, error) {
		dims := interp.DenseArray(op.Attr("dimensions"))
		r := ranks[1]
		added := make([]bool, r)
		for _, x := range dims {
			if x < 0 || int(x) >= r {
				return nil, fmt.Errorf("'dimensions' out of range")
			}
			added[x] = true
		}
		var in []affine.Expr
		for i := 0; i < r; i++ {
			if !added[i] {
				in = append(in, d(i))
			}
		}
		return []affine.Map{affine.NewMap(r, 0, in...), identity(r)}, nil
	}},
}

// kindName extracts "add" from #linalg.elementwise_kind<add> whatever its
// representation (a dialect attribute or opaque text).
func kindName(a ir.Attribute) string {
	s := asm.AttrString(a)
	i, j := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>')
	if i < 0 || j < i {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(s[i+1 : j])
}

func splitOperands(f *interp.Frame, op *ir.Operation) (*structured, error) {
	if _, ok := interp.Segment(op, 0); ok {
		return operands(f, op)
	}
	// Operations with one variadic group: the init is last.
	s := &structured{op: op}
	vs, err := f.Operands(op)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, interp.Errorf(op, "expected operands")
	}
	for i, v := range vs {
		o, err := makeOperand(op, v, i == len(vs)-1)
		if err != nil {
			return nil, err
		}
		if i == len(vs)-1 {
			s.outs = append(s.outs, o)
			s.outVals = append(s.outVals, v)
			s.outTypes = append(s.outTypes, o.elem)
		} else {
			s.ins = append(s.ins, o)
			s.inTypes = append(s.inTypes, o.elem)
		}
	}
	return s, nil
}

func named(f *interp.Frame, op *ir.Operation) error {
	name := strings.TrimPrefix(op.Name(), "linalg.")
	s, err := splitOperands(f, op)
	if err != nil {
		return err
	}
	if len(s.outs) != 1 {
		return interp.Errorf(op, "expected one init")
	}
	s.conv = castFn(op)
	all := s.all()
	ranks := make([]int, len(all))
	for i, o := range all {
		ranks[i] = len(o.sizes)
	}
	if name == "elementwise" {
		k := op.Attr("kind")
		if k == nil {
			return interp.Errorf(op, "requires a 'kind' attribute")
		}
		name = kindName(k)
		if _, ok := elementwiseFns[name]; !ok {
			// Kinds without a kernel of their own (max_signed,
			// min_unsigned, ...) run their body.
			return structuredOp(f, op)
		}
	}
	if spec, ok := namedMaps[name]; ok {
		maps, explicit := affineMaps(op)
		if !explicit || spec.kind != kMulAdd || strings.HasPrefix(name, "conv") || strings.HasPrefix(name, "depthwise") {
			maps, err = spec.maps(op, ranks)
			if err != nil {
				if _, located := err.(*ir.Diagnostic); located {
					return err
				}
				return interp.Errorf(op, err.Error())
			}
		}
		if len(maps) != len(all) {
			return interp.Errorf(op, fmt.Sprintf("expected %d operands", len(maps)))
		}
		n, err := buildNest(op, all, maps)
		if err != nil {
			return err
		}
		switch spec.kind {
		case kMulAdd:
			if len(s.ins) != 2 {
				return interp.Errorf(op, "expected two inputs")
			}
			err = mulAdd(s, n)
		case kCopy:
			err = apply(s, n, nil, []int{0}, []ir.Type{s.outTypes[0]})
		case kPool:
			fl := isFloat(s.outTypes[0])
			fname := map[string][2]string{"max": {"arith.maximumf", "arith.maxsi"}, "min": {"arith.minimumf", "arith.minsi"}, "sum": {"arith.addf", "arith.addi"}}[spec.pool]
			fnName := fname[1]
			if fl {
				fnName = fname[0]
			}
			err = applyNamed(s, n, fnName, scalarFn(fnName), []int{2, 0}, []ir.Type{s.outTypes[0], s.outTypes[0]})
		}
		if err != nil {
			return err
		}
		return s.finish(f)
	}
	names, ok := elementwiseFns[name]
	if !ok {
		return interp.Errorf(op, "the interpreter has no semantics for '"+op.Name()+"'")
	}
	r := ranks[len(ranks)-1]
	maps, explicit := affineMaps(op)
	if !explicit {
		// Rank-polymorphic: identities over the output's rank, the empty
		// map for scalars.
		maps = make([]affine.Map, len(all))
		for i, o := range all {
			if len(o.sizes) == 0 {
				maps[i] = affine.NewMap(r, 0)
			} else {
				maps[i] = identity(r)
			}
		}
	}
	n, err := buildNest(op, all, maps)
	if err != nil {
		return err
	}
	ot := s.outTypes[0]
	var fn arithi.ScalarFunc
	fnName := ""
	switch name {
	case "reciprocal":
		fn = func(op *ir.Operation, a []interp.Value, rt ir.Type) (interp.Value, error) {
			return interp.MakeFloat(rt.(*ir.FloatType), 1/a[0].Float()), nil
		}
	case "square":
		mul := scalarFn("arith.mulf")
		if !isFloat(ot) {
			mul = scalarFn("arith.muli")
		}
		fn = func(op *ir.Operation, a []interp.Value, rt ir.Type) (interp.Value, error) {
			return mul(op, []interp.Value{a[0], a[0]}, rt)
		}
	case "select":
		fn = func(op *ir.Operation, a []interp.Value, rt ir.Type) (interp.Value, error) {
			if a[0].Bool() {
				return a[1], nil
			}
			return a[2], nil
		}
	default:
		fname := names[1]
		if isFloat(ot) {
			fname = names[0]
		}
		if fname == "" {
			return interp.Errorf(op, "'"+op.Name()+"' does not apply to this element type")
		}
		fn, fnName = scalarFn(fname), fname
	}
	idx := make([]int, len(s.ins))
	types := make([]ir.Type, len(s.ins))
	for i := range s.ins {
		idx[i] = i
		types[i] = ot
		if name == "select" && i == 0 {
			types[i] = s.inTypes[0]
		}
	}
	if err := applyNamed(s, n, fnName, fn, idx, types); err != nil {
		return err
	}
	return s.finish(f)
}

// softmax computes, along dimension d, exp(x - max) / sum(exp(x - max)),
// in the order and with the roundings of upstream's decomposition: the
// max with maxnumf from -inf, the sum with addf from 0.
func softmax(f *interp.Frame, op *ir.Operation) error {
	s, err := splitOperands(f, op)
	if err != nil {
		return err
	}
	if len(s.ins) != 1 {
		return interp.Errorf(op, "expected one input and one init")
	}
	in, out := s.ins[0], s.outs[0]
	ft, ok := out.elem.(*ir.FloatType)
	if !ok || in.elem != out.elem {
		return interp.Errorf(op, "linalg.softmax needs float operands of one type")
	}
	da, ok := op.Attr("dimension").(*ir.IntegerAttr)
	r := len(in.sizes)
	if !ok || da.Int64() < 0 || int(da.Int64()) >= r {
		return interp.Errorf(op, "requires a 'dimension' within the rank")
	}
	dim := int(da.Int64())
	if fmt.Sprint(in.sizes) != fmt.Sprint(out.sizes) {
		return interp.Errorf(op, "input and init shapes differ")
	}
	// Iterate over every line along dim.
	outer := make([]int64, 0, r)
	for i := 0; i < r; i++ {
		if i != dim {
			outer = append(outer, in.sizes[i])
		}
	}
	rnd := func(x float64) float64 { return interp.MakeFloat(ft, x).Float() }
	get := func(o *operand, p int64) float64 { return interp.FromBits(ft, o.data[p]).Float() }
	n := in.sizes[dim]
	idx := make([]int64, len(outer))
	total := interp.NumElements(outer)
	vals := make([]float64, n)
	for t := int64(0); t < total; t++ {
		pi, po := in.offset, out.offset
		j := 0
		for i := 0; i < r; i++ {
			if i == dim {
				continue
			}
			pi += idx[j] * in.strides[i]
			po += idx[j] * out.strides[i]
			j++
		}
		mx := math.Inf(-1)
		for k := int64(0); k < n; k++ {
			x := get(in, pi+k*in.strides[dim])
			if math.IsNaN(mx) || !math.IsNaN(x) && x > mx {
				mx = x
			}
		}
		sum := 0.0
		for k := int64(0); k < n; k++ {
			e := rnd(math.Exp(rnd(get(in, pi+k*in.strides[dim]) - mx)))
			vals[k] = e
			sum = rnd(sum + e)
		}
		for k := int64(0); k < n; k++ {
			out.data[po+k*out.strides[dim]] = interp.MakeFloat(ft, vals[k]/sum).Bits()
		}
		for j := len(idx) - 1; j >= 0; j-- {
			idx[j]++
			if idx[j] < outer[j] {
				break
			}
			idx[j] = 0
		}
	}
	return s.finish(f)
}
