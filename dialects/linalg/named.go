package linalg

import (
	"slices"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
)

// namedOp describes a named structured operation: its loops, its default
// indexing maps and the body that upstream's OpDSL region builder creates.
type namedOp struct {
	name string
	// numArgs is the number of region arguments (inputs and outputs).
	numArgs int
	// iters are the iterator types; nil for rank-polymorphic operations
	// (all parallel over the output's rank) and linalg.contract.
	iters []IteratorType
	// maps returns the default indexing maps; nil for rank-polymorphic
	// operations.
	maps func(op *ir.Operation) []affine.Map
	// userMaps marks operations with an indexing_maps property that the
	// parser fills with the default maps when absent (matmul and its
	// batched forms) or that is required (contract).
	userMaps bool
	// memoize marks operations whose maps are recorded in the discardable
	// attribute linalg.memoized_indexing_maps when first computed, as
	// upstream's generated getIndexingMaps does.
	memoize bool
	// castAttr marks operations whose body applies the TypeFn of their
	// `cast` property (copy, matmul, batch_matmul, contract); the others
	// cast signed whatever attribute they carry, as upstream.
	castAttr bool
	// body builds the payload from the block arguments.
	body func(h *regionBuilder, args []ir.Value, op opAttrs) []ir.Value
	// verify checks what is specific to the operation, or is nil.
	verify func(op *ir.Operation) error
}

// opAttrs gives a region builder the operation's attributes.
type opAttrs []ir.NamedAttr

func (a opAttrs) get(name string) ir.Attribute {
	for _, e := range a {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// castFn returns the TypeFn of the cast attribute (cast_signed unless
// given).
func (a opAttrs) castFn() TypeFn {
	if d, ok := a.get("cast").(ir.DialectAttr); ok && d.Body() == "type_fn<cast_unsigned>" {
		return TypeFnCastUnsigned
	}
	return TypeFnCastSigned
}

var (
	par = IteratorTypeParallel
	red = IteratorTypeReduction
)

func d(i int) affine.Expr { return affine.Dim(i) }

// staticMaps returns a maps function for maps over n dims.
func staticMaps(n int, results ...[]affine.Expr) func(*ir.Operation) []affine.Map {
	return func(*ir.Operation) []affine.Map {
		maps := make([]affine.Map, len(results))
		for i, r := range results {
			maps[i] = affine.NewMap(n, 0, r...)
		}
		return maps
	}
}

func ex(es ...affine.Expr) []affine.Expr { return es }

// window returns out*stride + k*dilation.
func window(out, k int, stride, dilation int64) affine.Expr {
	return affine.Add(affine.MulConst(d(out), stride), affine.MulConst(d(k), dilation))
}

// convParams returns the strides and dilations of a convolution or
// pooling with n spatial dimensions (1 where absent).
func convParams(op *ir.Operation, n int) (strides, dilations []int64) {
	get := func(name string) []int64 {
		v := denseInt64s(op.InherentAttr(name), n)
		if len(v) != n {
			v = make([]int64, n)
			for i := range v {
				v[i] = 1
			}
		}
		return v
	}
	return get("strides"), get("dilations")
}

// mulAcc is `out + cast(a) * cast(b)` (matmul, matvec, dot, ...).
func mulAcc(h *regionBuilder, args []ir.Value, a opAttrs) []ir.Value {
	out := args[len(args)-1]
	fn := a.castFn()
	x := h.typeFn(fn, out.Type(), args[0])
	y := h.typeFn(fn, out.Type(), args[1])
	return []ir.Value{h.binary(BinaryFnAdd, out, h.binary(BinaryFnMul, x, y))}
}

// mulAccQ is `out + (cast(a) - cast(azp)) * (cast(b) - cast(bzp))`.
func mulAccQ(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
	out := args[4]
	t := out.Type()
	x := h.binary(BinaryFnSub, h.typeFn(TypeFnCastSigned, t, args[0]), h.typeFn(TypeFnCastSigned, t, args[2]))
	y := h.binary(BinaryFnSub, h.typeFn(TypeFnCastSigned, t, args[1]), h.typeFn(TypeFnCastSigned, t, args[3]))
	return []ir.Value{h.binary(BinaryFnAdd, out, h.binary(BinaryFnMul, x, y))}
}

// poolBody is `fn(out, cast(in))` with a signed cast.
func poolBody(fn BinaryFn) func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
	return poolBodyCast(fn, TypeFnCastSigned)
}

// poolBodyCast is `fn(out, cast(in))` with the type function cast.
func poolBodyCast(fn BinaryFn, cast TypeFn) func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
	return func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
		out := args[len(args)-1]
		return []ir.Value{h.binary(fn, out, h.typeFn(cast, out.Type(), args[0]))}
	}
}

// fillBody yields the fill value as it is: linalg.fill requires it to
// have the output's element type (upstream's FillOp::regionBuilder).
func fillBody(_ *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value {
	return []ir.Value{args[0]}
}

// verifyFill checks that the fill value has the output's element type.
func verifyFill(op *ir.Operation) error {
	first, n := segmentInits(op)
	if first != 1 || n != 1 {
		return nil
	}
	vt, et := op.Operand(0).Type(), elementTypeOf(op.Operand(1).Type())
	if vt != et {
		return ir.OpError(op, "expected fill value type ('"+ir.TypeString(vt)+"') to match output element type ('"+ir.TypeString(et)+"')")
	}
	return nil
}

// castBody is `cast(in)` (copy).
func castBody(h *regionBuilder, args []ir.Value, a opAttrs) []ir.Value {
	out := args[len(args)-1]
	return []ir.Value{h.typeFn(a.castFn(), out.Type(), args[0])}
}

// conv2D returns the maps of a 2-D convolution whose input, filter and
// output indices are given by in, filter and out over 7 loops, with the
// spatial window of output dims oh, ow and kernel dims kh, kw.
func conv2D(loops int, in, filter, out func(win [2]affine.Expr) []affine.Expr, oh, ow, kh, kw int, extra ...[]affine.Expr) func(*ir.Operation) []affine.Map {
	return func(op *ir.Operation) []affine.Map {
		s, dl := convParams(op, 2)
		win := [2]affine.Expr{window(oh, kh, s[0], dl[0]), window(ow, kw, s[1], dl[1])}
		res := [][]affine.Expr{in(win), filter(win)}
		res = append(res, extra...)
		res = append(res, out(win))
		return staticMaps(loops, res...)(op)
	}
}

// namedOps lists every named operation with a hidden body.
var namedOps = slices.Concat(baseNamedOps, elementwiseNamedOps(), convNamedOps())

var baseNamedOps = []*namedOp{
	{name: "fill", numArgs: 2, body: fillBody, verify: verifyFill},
	{name: "copy", numArgs: 2, castAttr: true, body: castBody},
	{name: "matmul", numArgs: 3, userMaps: true, castAttr: true, iters: []IteratorType{par, par, red},
		maps: staticMaps(3, ex(d(0), d(2)), ex(d(2), d(1)), ex(d(0), d(1))), body: mulAcc},
	{name: "batch_matmul", numArgs: 3, userMaps: true, castAttr: true, iters: []IteratorType{par, par, par, red},
		maps: staticMaps(4, ex(d(0), d(1), d(3)), ex(d(0), d(3), d(2)), ex(d(0), d(1), d(2))), body: mulAcc},
	{name: "batch_reduce_matmul", numArgs: 3, userMaps: true, iters: []IteratorType{red, par, par, red},
		maps: staticMaps(4, ex(d(0), d(1), d(3)), ex(d(0), d(3), d(2)), ex(d(1), d(2))), body: mulAcc},
	{name: "contract", numArgs: 3, userMaps: true, castAttr: true, body: mulAcc},
	{name: "matvec", numArgs: 3, memoize: true, iters: []IteratorType{par, red},
		maps: staticMaps(2, ex(d(0), d(1)), ex(d(1)), ex(d(0))), body: mulAcc},
	{name: "vecmat", numArgs: 3, memoize: true, iters: []IteratorType{par, red},
		maps: staticMaps(2, ex(d(1)), ex(d(1), d(0)), ex(d(0))), body: mulAcc},
	{name: "batch_matvec", numArgs: 3, memoize: true, iters: []IteratorType{par, par, red},
		maps: staticMaps(3, ex(d(0), d(1), d(2)), ex(d(0), d(2)), ex(d(0), d(1))), body: mulAcc},
	{name: "batch_vecmat", numArgs: 3, memoize: true, iters: []IteratorType{par, par, red},
		maps: staticMaps(3, ex(d(0), d(2)), ex(d(0), d(2), d(1)), ex(d(0), d(1))), body: mulAcc},
	{name: "dot", numArgs: 3, memoize: true, iters: []IteratorType{red},
		maps: staticMaps(1, ex(d(0)), ex(d(0)), ex()), body: mulAcc},
	// conv_1d_nwc_wcf: loops (n, ow, f, kw, c).
	{name: "conv_1d_nwc_wcf", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, red, red},
		maps: func(op *ir.Operation) []affine.Map {
			s, dl := convParams(op, 1)
			return staticMaps(5, ex(d(0), window(1, 3, s[0], dl[0]), d(4)), ex(d(3), d(4), d(2)), ex(d(0), d(1), d(2)))(op)
		}, body: mulAcc},
	// conv_2d_nhwc_hwcf: loops (n, oh, ow, f, kh, kw, c).
	{name: "conv_2d_nhwc_hwcf", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red, red},
		maps: conv2D(7,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), w[0], w[1], d(6)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(4), d(5), d(6), d(3)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 1, 2, 4, 5),
		body: mulAcc},
	// conv_2d_nhwc_fhwc: loops (n, oh, ow, f, kh, kw, c).
	{name: "conv_2d_nhwc_fhwc", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red, red},
		maps: conv2D(7,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), w[0], w[1], d(6)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(3), d(4), d(5), d(6)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 1, 2, 4, 5),
		body: mulAcc},
	// conv_2d_nchw_fchw: loops (n, f, oh, ow, c, kh, kw).
	{name: "conv_2d_nchw_fchw", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red, red},
		maps: conv2D(7,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(4), w[0], w[1]) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(1), d(4), d(5), d(6)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 2, 3, 5, 6),
		body: mulAcc},
	{name: "conv_2d_nhwc_hwcf_q", numArgs: 5, memoize: true, iters: []IteratorType{par, par, par, par, red, red, red},
		maps: conv2D(7,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), w[0], w[1], d(6)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(4), d(5), d(6), d(3)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 1, 2, 4, 5, ex(), ex()),
		body: mulAccQ},
	{name: "conv_2d_nchw_fchw_q", numArgs: 5, memoize: true, iters: []IteratorType{par, par, par, par, red, red, red},
		maps: conv2D(7,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(4), w[0], w[1]) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(1), d(4), d(5), d(6)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 2, 3, 5, 6, ex(), ex()),
		body: mulAccQ},
	// conv_3d_ndhwc_dhwcf: loops (n, od, oh, ow, f, kd, kh, kw, c).
	{name: "conv_3d_ndhwc_dhwcf", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, par, red, red, red, red},
		maps: func(op *ir.Operation) []affine.Map {
			s, dl := convParams(op, 3)
			return staticMaps(9,
				ex(d(0), window(1, 5, s[0], dl[0]), window(2, 6, s[1], dl[1]), window(3, 7, s[2], dl[2]), d(8)),
				ex(d(5), d(6), d(7), d(8), d(4)), ex(d(0), d(1), d(2), d(3), d(4)))(op)
		}, body: mulAcc},
	// depthwise_conv_1d_nwc_wc: loops (n, ow, c, kw).
	{name: "depthwise_conv_1d_nwc_wc", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, red},
		maps: func(op *ir.Operation) []affine.Map {
			s, dl := convParams(op, 1)
			return staticMaps(4, ex(d(0), window(1, 3, s[0], dl[0]), d(2)), ex(d(3), d(2)), ex(d(0), d(1), d(2)))(op)
		}, body: mulAcc},
	// depthwise_conv_2d_nhwc_hwc: loops (n, oh, ow, c, kh, kw).
	{name: "depthwise_conv_2d_nhwc_hwc", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red},
		maps: conv2D(6,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), w[0], w[1], d(3)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(4), d(5), d(3)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 1, 2, 4, 5),
		body: mulAcc},
	// depthwise_conv_2d_nchw_chw: loops (n, oh, ow, c, kh, kw).
	{name: "depthwise_conv_2d_nchw_chw", numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red},
		maps: conv2D(6,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(3), w[0], w[1]) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(3), d(4), d(5)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(3), d(1), d(2)) }, 1, 2, 4, 5),
		body: mulAcc},
	poolNHWC("pooling_nhwc_sum", BinaryFnAdd),
	poolNHWC("pooling_nhwc_max", BinaryFnMaxSigned),
	poolNHWC("pooling_nhwc_min", BinaryFnMinSigned),
	poolNCHW("pooling_nchw_sum", BinaryFnAdd),
	poolNCHW("pooling_nchw_max", BinaryFnMaxSigned),
}

// poolNHWC is a pooling over loops (n, oh, ow, c, kh, kw).
func poolNHWC(name string, fn BinaryFn) *namedOp {
	return &namedOp{name: name, numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red},
		maps: conv2D(6,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), w[0], w[1], d(3)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(4), d(5)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 1, 2, 4, 5),
		body: poolBody(fn)}
}

// poolNCHW is a pooling over loops (n, c, oh, ow, kh, kw).
func poolNCHW(name string, fn BinaryFn) *namedOp {
	return &namedOp{name: name, numArgs: 3, memoize: true, iters: []IteratorType{par, par, par, par, red, red},
		maps: conv2D(6,
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), w[0], w[1]) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(4), d(5)) },
			func(w [2]affine.Expr) []affine.Expr { return ex(d(0), d(1), d(2), d(3)) }, 2, 3, 4, 5),
		body: poolBody(fn)}
}

// kind returns the structuredKind of a named operation.
func (n *namedOp) kind() *structuredKind {
	return &structuredKind{
		inits:     segmentInits,
		maps:      n.indexingMaps,
		iterators: n.iterators,
		print:     n.print,
		parse:     n.parse,
		named:     n,
		verify:    n.verify,
	}
}

func (n *namedOp) indexingMaps(op *ir.Operation) []affine.Map {
	if n.userMaps {
		if maps, ok := affineMaps(op.InherentAttr("indexing_maps")); ok {
			return maps
		}
		if n.maps == nil {
			return nil
		}
		return n.maps(op)
	}
	if n.memoize {
		if maps, ok := affineMaps(op.Attrs().Get("linalg.memoized_indexing_maps")); ok {
			return maps
		}
	}
	if n.maps != nil {
		return n.maps(op)
	}
	// Rank-polymorphic: identity over the output's rank for shaped
	// operands of that rank, the empty map for scalars.
	first, cnt := segmentInits(op)
	rank := 0
	if cnt > 0 {
		rank = rankOf(op.Operand(first).Type())
	}
	maps := make([]affine.Map, op.NumOperands())
	for i, v := range op.Operands() {
		if rankOf(v.Type()) == 0 {
			maps[i] = affine.NewMap(rank, 0)
		} else {
			maps[i] = affine.IdentityMap(rank)
		}
	}
	return maps
}

// memoizeMaps records the maps of a named operation whose upstream
// definition memoizes them.
func (n *namedOp) memoizeMaps(op *ir.Operation) {
	if !n.memoize || op.Attrs().Get("linalg.memoized_indexing_maps") != nil {
		return
	}
	op.SetAttr("linalg.memoized_indexing_maps", mapsAttr(op.Context(), n.maps(op)))
}

func (n *namedOp) iterators(op *ir.Operation) []IteratorType {
	if n.iters != nil {
		return n.iters
	}
	if n.name == "contract" {
		// Loops that the output's map uses are parallel, the others are
		// reductions.
		maps, ok := affineMaps(op.InherentAttr("indexing_maps"))
		if !ok || len(maps) == 0 {
			return nil
		}
		out := maps[len(maps)-1]
		its := make([]IteratorType, out.NumDims)
		for i := range its {
			its[i] = red
			for _, e := range out.Results {
				if e.IsFunctionOfDim(i) {
					its[i] = par
				}
			}
		}
		return its
	}
	first, cnt := segmentInits(op)
	if cnt == 0 {
		return nil
	}
	return make([]IteratorType, rankOf(op.Operand(first).Type()))
}

// print is MLIR's printNamedStructuredOp, with the indexing maps of the
// matmul family and contract printed when they differ from the defaults.
func (n *namedOp) print(p ir.OpAsmPrinter, op *ir.Operation) {
	elided := []string{"operandSegmentSizes", "linalg.memoized_indexing_maps"}
	if n.userMaps {
		elided = append(elided, "indexing_maps")
		maps, _ := affineMaps(op.InherentAttr("indexing_maps"))
		show := n.maps == nil
		if !show {
			def := n.maps(op)
			show = len(def) != len(maps)
			for i := 0; !show && i < len(maps); i++ {
				show = !maps[i].Equal(def[i])
			}
		}
		if show {
			p.WriteString(" indexing_maps = [")
			for i, m := range maps {
				if i > 0 {
					p.WriteString(", ")
				}
				p.PrintAttribute(op.Context().AffineMapAttr(m))
			}
			p.WriteString("]")
		}
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), elided...)
	s := StructuredOp{op}
	printInsOuts(p, s.Inputs(), s.Outputs())
	printArrowTypes(p, op.ResultTypes())
}

// parse is MLIR's parseNamedStructuredOp, with the indexing_maps prefix
// of the matmul family and contract.
func (n *namedOp) parse(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	loc := p.CurrentPos()
	if n.userMaps {
		if p.ParseOptionalKeyword("indexing_maps") {
			p.ParsePunct("=")
			p.ParsePunct("[")
			var elems []ir.Attribute
			for {
				pos := p.CurrentPos()
				a := p.ParseAttribute(nil)
				if _, ok := a.(*ir.AffineMapAttr); !ok {
					return p.ErrorAt(pos, "expected affine map attribute")
				}
				elems = append(elems, a)
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct("]")
			attrs = append(attrs, ir.NamedAttr{Name: "indexing_maps", Value: ctx.ArrayAttr(elems)})
			loc = p.CurrentPos()
		} else if n.maps != nil {
			attrs = append(attrs, ir.NamedAttr{Name: "indexing_maps", Value: mapsAttr(ctx, n.maps(nil))})
		} else {
			return p.ErrorAt(p.CurrentPos(), "expected 'indexing_maps'")
		}
	}
	if p.ParseOptionalPunct("<") {
		if d, ok := p.ParseAttribute(nil).(*ir.DictionaryAttr); ok {
			attrs = append(attrs, d.Entries...)
		}
		p.ParsePunct(">")
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	ins, outs, err := parseInsOuts(p)
	if err != nil {
		return err
	}
	attrs = append(attrs, segments(ctx, len(ins), len(outs)))
	st.ResultTypes = parseArrowTypes(p)
	st.Operands = append(append(st.Operands, ins...), outs...)
	st.Attributes = attrDict(ctx, attrs)
	if got := len(ins) + len(outs); got != n.numArgs {
		return p.ErrorAt(p.CurrentPos(), "[parseNamedStructuredOpRegion] ods-gen generated region expects "+itoa(n.numArgs)+" args, got "+itoa(got))
	}
	r := &ir.Region{}
	st.Regions = []*ir.Region{r}
	if msg := n.fillRegion(ctx, r, types(ins), types(outs), attrs); msg != "" {
		return p.ErrorAt(loc, msg)
	}
	return nil
}

// fillRegion builds the body of a named operation (MLIR's
// fillStructuredOpRegion with the operation's region builder). It returns
// the message of the region builder's error, or "".
func (n *namedOp) fillRegion(ctx *ir.Context, r *ir.Region, ins, outs []ir.Type, attrs []ir.NamedAttr) string {
	b := ir.NewBuilder(ctx)
	b.Loc = ctx.UnknownLoc()
	var argTypes []ir.Type
	for _, t := range append(append([]ir.Type(nil), ins...), outs...) {
		argTypes = append(argTypes, elementTypeOf(t))
	}
	blk := b.CreateBlock(r, argTypes...)
	args := make([]ir.Value, blk.NumArguments())
	for i, a := range blk.Arguments() {
		args[i] = a
	}
	if !n.castAttr {
		attrs = slices.DeleteFunc(slices.Clone(attrs), func(a ir.NamedAttr) bool { return a.Name == "cast" })
	}
	h := &regionBuilder{b: b, ctx: ctx}
	yields := n.body(h, args, attrs)
	if h.err != "" {
		return h.err
	}
	b.CreateOp("linalg.yield", yields, nil)
	return ""
}

func itoa(i int) string {
	const digits = "0123456789"
	if i >= 0 && i < 10 {
		return digits[i : i+1]
	}
	s := ""
	neg := i < 0
	if neg {
		i = -i
	}
	for i > 0 {
		s = digits[i%10:i%10+1] + s
		i /= 10
	}
	if neg {
		s = "-" + s
	}
	return s
}

// regionBuilder creates the scalar operations of named bodies, as MLIR's
// RegionBuilderHelper.
type regionBuilder struct {
	b   *ir.Builder
	ctx *ir.Context
	// err is the first error of the region builder (upstream reports it
	// through its emitError callback); once set, nothing more is built.
	err string
}

func (h *regionBuilder) fail(msg string) ir.Value {
	if h.err == "" {
		h.err = msg
	}
	return nil
}

func (h *regionBuilder) create(name string, operands []ir.Value, result ir.Type) ir.Value {
	if h.err != "" || result == nil || slices.Contains(operands, nil) {
		return nil
	}
	return h.b.CreateOp(name, operands, []ir.Type{result}).Result(0)
}

func isFloat(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }
func isComplex(t ir.Type) bool {
	_, ok := t.(*ir.ComplexType)
	return ok
}

// binary builds a BinaryFn (MLIR's buildBinaryFn). Operand types that fit
// no case give the integer form, which the verifier of the body's
// operation then rejects.
func (h *regionBuilder) binary(fn BinaryFn, a, b ir.Value) ir.Value {
	if h.err != "" || a == nil || b == nil {
		return nil
	}
	ta, tb := a.Type(), b.Type()
	cplx := isComplex(ta) && isComplex(tb)
	flt := isFloat(ta) && isFloat(tb)
	boolean, integer := false, false
	if ia, ok := ta.(*ir.IntegerType); ok {
		if ib, ok := tb.(*ir.IntegerType); ok {
			integer = true
			boolean = ia.Width == 1 && ib.Width == 1
		}
	}
	if !cplx && !flt && !integer {
		return h.fail("Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got '" + ir.TypeString(ta) + "' and '" + ir.TypeString(tb) + "'")
	}
	pick := func(c, f, bl, i string) ir.Value {
		switch {
		case cplx && c != "":
			return h.create(c, []ir.Value{a, b}, ta)
		case flt:
			return h.create(f, []ir.Value{a, b}, ta)
		case boolean && bl != "":
			return h.create(bl, []ir.Value{a, b}, ta)
		}
		return h.create(i, []ir.Value{a, b}, ta)
	}
	switch fn {
	case BinaryFnAdd:
		return pick("complex.add", "arith.addf", "arith.ori", "arith.addi")
	case BinaryFnSub:
		if boolean && !cplx && !flt {
			return h.fail("unsupported operation: sub with bools")
		}
		return pick("complex.sub", "arith.subf", "", "arith.subi")
	case BinaryFnMul:
		return pick("complex.mul", "arith.mulf", "arith.andi", "arith.muli")
	case BinaryFnDiv:
		if boolean && !cplx && !flt {
			return h.fail("unsupported operation: div with bools")
		}
		return pick("complex.div", "arith.divf", "", "arith.divsi")
	case BinaryFnDivUnsigned:
		if !integer || boolean {
			return h.fail("unsupported operation: unsigned div not on uint")
		}
		return h.create("arith.divui", []ir.Value{a, b}, ta)
	case BinaryFnMaxSigned:
		return pick("", "arith.maximumf", "", "arith.maxsi")
	case BinaryFnMinSigned:
		return pick("", "arith.minimumf", "", "arith.minsi")
	case BinaryFnMaxUnsigned:
		return pick("", "arith.maximumf", "", "arith.maxui")
	case BinaryFnMinUnsigned:
		return pick("", "arith.minimumf", "", "arith.minui")
	case BinaryFnPowf:
		return h.create("math.powf", []ir.Value{a, b}, ta)
	}
	return a
}

// typeFn builds a TypeFn cast of v to t (MLIR's convertScalarToDtype).
func (h *regionBuilder) typeFn(fn TypeFn, t ir.Type, v ir.Value) ir.Value {
	if h.err != "" || v == nil {
		return nil
	}
	unsigned := fn == TypeFnCastUnsigned
	from := v.Type()
	if name := arith.ConversionOpName(from, t, unsigned); name != "" {
		return h.create(name, []ir.Value{v}, t)
	}
	return v
}
