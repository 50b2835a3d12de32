// Package linalg gives the linalg dialect its semantics in the
// interpreter, on memrefs (in place) and on tensors (a new tensor per
// init).
//
// Every structured operation becomes a loop nest whose operands are
// strided views addressed by linear functions of the loop indices (the
// indexing maps). Named operations (matmul, batch_matmul, matvec, vecmat,
// dot, batch_matvec, the convolutions and poolings, fill, copy, transpose,
// broadcast, the elementwise operations, softmax) run native Go kernels
// without interpreting a body. linalg.generic, linalg.map and linalg.reduce
// run a native kernel too when their body is a recognized pattern (one
// arith or math operation over the block arguments, a multiply-accumulate,
// of extended inputs too, a copy); a body of scalar arith and math
// operations, arith.select, constants and linalg.index runs compiled to a
// straight line of those operations' scalar semantics (body.go), and any
// other body is interpreted once per point. Loops run in
// the order of the iteration dimensions, as upstream's lowering to loops
// does, so float results are bit-identical to it.
//
// linalg.pack and linalg.unpack move elements between a tensor and its
// tiled layout (pack.go); the winograd filter, input and output
// transforms multiply by the constant matrices of upstream's
// decomposition, rounding as its matmuls do (winograd.go).
package linalg

import (
	"fmt"
	"math"
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	dlinalg "github.com/strata-ir/strata/dialects/linalg"
	arithi "github.com/strata-ir/strata/interp/arith"
	mathi "github.com/strata-ir/strata/interp/math"
)

// Register adds the semantics of the linalg operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("linalg.generic", generic)
	reg.Register("linalg.map", mapOp)
	reg.Register("linalg.reduce", reduceOp)
	reg.Register("linalg.yield", interp.YieldOperands)
	reg.Register("linalg.index", index)
	reg.Register("linalg.softmax", softmax)
	reg.Register("linalg.pack", pack)
	reg.Register("linalg.unpack", unpack)
	reg.Register("linalg.winograd_filter_transform", winogradFilter)
	reg.Register("linalg.winograd_input_transform", winogradInput)
	reg.Register("linalg.winograd_output_transform", winogradOutput)
	for name := range namedMaps {
		reg.Register("linalg."+name, named)
	}
	for name := range elementwiseFns {
		reg.Register("linalg."+name, named)
	}
	reg.Register("linalg.elementwise", named)
	// The other named operations (contract, batch_reduce_matmul, mmt4d,
	// the quantized products, the remaining convolutions and poolings,
	// fill_rng_2d) run their body over the loops of their indexing maps.
	for _, name := range dlinalg.StructuredOpNames() {
		short := strings.TrimPrefix(name, "linalg.")
		if _, ok := namedMaps[short]; ok {
			continue
		}
		if _, ok := elementwiseFns[short]; ok {
			continue
		}
		switch short {
		case "generic", "map", "reduce", "elementwise":
			continue
		}
		reg.Register(name, structuredOp)
	}
}

// structuredOp runs a structured operation of the registered linalg
// dialect through its indexing maps and body, natively when the body is a
// recognized pattern.
func structuredOp(f *interp.Frame, op *ir.Operation) error {
	so, ok := dlinalg.AsStructuredOp(op)
	if !ok {
		return interp.Errorf(op, "the interpreter has no semantics for '"+op.Name()+"'")
	}
	s, err := operands(f, op)
	if err != nil {
		return err
	}
	maps := so.IndexingMaps()
	if len(maps) != op.NumOperands() {
		return interp.Errorf(op, "expected one indexing map per operand")
	}
	return run(f, s, maps, op.Region(0))
}

// ivsKey keys the current loop indices of a structured operation in the
// interpreter's data, for linalg.index.
type ivsKey struct{ op *ir.Operation }

func index(f *interp.Frame, op *ir.Operation) error {
	d, ok := op.Attr("dim").(*ir.IntegerAttr)
	if !ok {
		return interp.Errorf(op, "requires a 'dim' attribute")
	}
	ivs, _ := f.Interpreter().Data(ivsKey{op.ParentOp()}).([]int64)
	if int(d.Int64()) >= len(ivs) || d.Int64() < 0 {
		return interp.Errorf(op, "linalg.index outside the loops of its structured operation")
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(ivs[d.Int64()])))
	return nil
}

// structured holds the operands of a structured operation.
type structured struct {
	op       *ir.Operation
	ins      []*operand
	outs     []*operand
	outVals  []interp.Value
	inTypes  []ir.Type
	outTypes []ir.Type
	// conv is the type function of the operation's casts.
	conv func(interp.Value, ir.Type) interp.Value
}

// castFn returns the conversion selected by op's 'cast' property.
func castFn(op *ir.Operation) func(interp.Value, ir.Type) interp.Value {
	if a := op.Attr("cast"); a != nil && kindName(a) == "cast_unsigned" {
		return ConvertUnsigned
	}
	return Convert
}

func (s *structured) all() []*operand { return append(append([]*operand(nil), s.ins...), s.outs...) }

func makeOperand(op *ir.Operation, v interp.Value, copyTensor bool) (*operand, error) {
	if m := v.MemRef(); m != nil {
		if err := m.Check(); err != nil {
			return nil, interp.Errorf(op, err.Error())
		}
		return &operand{data: m.Buf.Data, offset: m.Offset, sizes: m.Sizes, strides: m.Strides, elem: m.Buf.Elem}, nil
	}
	if d := v.Dense(); d != nil {
		data := d.Data
		if copyTensor {
			data = append([]uint64(nil), data...)
		}
		return &operand{data: data, sizes: d.Shape, strides: interp.IdentityStrides(d.Shape), elem: interp.ElementType(v.Type)}, nil
	}
	if !interp.SupportedType(v.Type) {
		return nil, interp.Errorf(op, "unsupported operand type")
	}
	return &operand{data: []uint64{v.Bits()}, elem: v.Type}, nil
}

func operands(f *interp.Frame, op *ir.Operation) (*structured, error) {
	insV, ok := interp.Segment(op, 0)
	outsV, ok2 := interp.Segment(op, 1)
	if _, reduce := dlinalg.AsReduceOp(op); (!ok || !ok2) && reduce {
		// Inputs and inits of one count (SameVariadicOperandSize).
		half := op.NumOperands() / 2
		insV, outsV, ok, ok2 = op.Operands()[:half], op.Operands()[half:], true, true
	}
	if !ok || !ok2 {
		dps, ok := ir.DestinationStyleOp.Of(op)
		if !ok {
			return nil, interp.Errorf(op, "requires an 'operandSegmentSizes' property")
		}
		first, n := dps.DPSInits(op)
		insV, outsV = op.Operands()[:first], op.Operands()[first:first+n]
	}
	s := &structured{op: op}
	for _, v := range insV {
		x, err := f.Get(op, v)
		if err != nil {
			return nil, err
		}
		o, err := makeOperand(op, x, false)
		if err != nil {
			return nil, err
		}
		s.ins = append(s.ins, o)
		s.inTypes = append(s.inTypes, o.elem)
	}
	for _, v := range outsV {
		x, err := f.Get(op, v)
		if err != nil {
			return nil, err
		}
		o, err := makeOperand(op, x, true)
		if err != nil {
			return nil, err
		}
		s.outs = append(s.outs, o)
		s.outVals = append(s.outVals, x)
		s.outTypes = append(s.outTypes, o.elem)
	}
	return s, nil
}

// finish sets the results of a structured operation on tensors.
func (s *structured) finish(f *interp.Frame) error {
	j := 0
	for i, v := range s.outVals {
		if v.Dense() == nil {
			continue
		}
		if j >= s.op.NumResults() {
			return interp.Errorf(s.op, "a tensor init has no result")
		}
		o := s.outs[i]
		f.SetResult(s.op, j, interp.MakeDense(s.op.Result(j).Type(), &interp.Dense{Shape: o.sizes, Data: o.data}))
		j++
	}
	return nil
}

// Convert converts a scalar to type to as linalg's default casts do:
// extf/truncf between floats, sitofp, fptosi, extsi/trunci.
func Convert(v interp.Value, to ir.Type) interp.Value { return convert(v, to, false) }

// ConvertUnsigned converts as linalg's cast_unsigned type function does:
// uitofp, fptoui, extui/trunci (floats convert as in Convert).
func ConvertUnsigned(v interp.Value, to ir.Type) interp.Value { return convert(v, to, true) }

func convert(v interp.Value, to ir.Type, unsigned bool) interp.Value {
	if v.Type == to {
		return v
	}
	tf, toFloat := to.(*ir.FloatType)
	switch {
	case v.IsFloat() && toFloat:
		return interp.MakeFloat(tf, v.Float())
	case v.IsFloat():
		return interp.MakeInt(to, uint64(arithi.FloatToInt(v.Float(), interp.IntWidth(to), !unsigned)))
	case toFloat && unsigned:
		if tf.Kind == ir.F32 {
			return interp.MakeFloat(tf, float64(float32(v.Uint())))
		}
		return interp.MakeFloat(tf, float64(v.Uint()))
	case toFloat:
		if tf.Kind == ir.F32 {
			return interp.MakeFloat(tf, float64(float32(v.Int())))
		}
		return interp.MakeFloat(tf, float64(v.Int()))
	case unsigned:
		return interp.MakeInt(to, v.Uint())
	}
	return interp.MakeInt(to, uint64(v.Int()))
}

func scalarFn(name string) arithi.ScalarFunc {
	if fn := arithi.Scalar(name); fn != nil {
		return fn
	}
	return mathi.Scalar(name)
}

func isFloat(t ir.Type) bool {
	_, ok := t.(*ir.FloatType)
	return ok
}

// mulAdd runs out += a * b over the nest (operands 0, 1 and 2), converting
// a and b to the output element type.
func mulAdd(s *structured, n *nest) error {
	a, b, c := s.ins[0], s.ins[1], s.outs[0]
	ot := c.elem
	if ft, ok := ot.(*ir.FloatType); ok && a.elem == ot && b.elem == ot && (ft.Kind == ir.F32 || ft.Kind == ir.F64) {
		ad, bd, cd := a.data, b.data, c.data
		if ft.Kind == ir.F32 {
			return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
				pa, pb, pc := pos[0], pos[1], pos[2]
				sa, sb, sc := st[0], st[1], st[2]
				if sc == 0 {
					acc := math.Float32frombits(uint32(cd[pc]))
					for k := int64(0); k < count; k++ {
						acc = acc + float32(math.Float32frombits(uint32(ad[pa]))*math.Float32frombits(uint32(bd[pb])))
						pa += sa
						pb += sb
					}
					cd[pc] = uint64(math.Float32bits(acc))
					return nil
				}
				for k := int64(0); k < count; k++ {
					acc := math.Float32frombits(uint32(cd[pc]))
					acc = acc + float32(math.Float32frombits(uint32(ad[pa]))*math.Float32frombits(uint32(bd[pb])))
					cd[pc] = uint64(math.Float32bits(acc))
					pa += sa
					pb += sb
					pc += sc
				}
				return nil
			})
		}
		return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
			pa, pb, pc := pos[0], pos[1], pos[2]
			sa, sb, sc := st[0], st[1], st[2]
			for k := int64(0); k < count; k++ {
				acc := math.Float64frombits(cd[pc])
				acc = acc + float64(math.Float64frombits(ad[pa])*math.Float64frombits(bd[pb]))
				cd[pc] = math.Float64bits(acc)
				pa += sa
				pb += sb
				pc += sc
			}
			return nil
		})
	}
	if ft, ok := ot.(*ir.FloatType); ok && ft.Kind == ir.F32 && isFloat(a.elem) && isFloat(b.elem) {
		// f32 products of floats converted exactly (or rounded once) to
		// f32, as the scalar path computes them.
		ad, bd, cd := a.data, b.data, c.data
		ra, rb := readF32(a.elem), readF32(b.elem)
		return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
			pa, pb, pc := pos[0], pos[1], pos[2]
			sa, sb, sc := st[0], st[1], st[2]
			for k := int64(0); k < count; k++ {
				acc := math.Float32frombits(uint32(cd[pc]))
				acc = acc + float32(ra(ad[pa])*rb(bd[pb]))
				cd[pc] = uint64(math.Float32bits(acc))
				pa += sa
				pb += sb
				pc += sc
			}
			return nil
		})
	}
	conv := s.conv
	if conv == nil {
		conv = Convert
	}
	mul, add := scalarFn("arith.muli"), scalarFn("arith.addi")
	if isFloat(ot) {
		mul, add = scalarFn("arith.mulf"), scalarFn("arith.addf")
	}
	args := make([]interp.Value, 2)
	return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
		pa, pb, pc := pos[0], pos[1], pos[2]
		for k := int64(0); k < count; k++ {
			args[0] = conv(interp.FromBits(a.elem, a.data[pa]), ot)
			args[1] = conv(interp.FromBits(b.elem, b.data[pb]), ot)
			m, err := mul(s.op, args, ot)
			if err != nil {
				return err
			}
			args[0], args[1] = interp.FromBits(ot, c.data[pc]), m
			r, err := add(s.op, args, ot)
			if err != nil {
				return err
			}
			c.data[pc] = r.Bits()
			pa += st[0]
			pb += st[1]
			pc += st[2]
		}
		return nil
	})
}

// readF32 returns the conversion of elements of the float type t to
// f32 (Convert's).
func readF32(t ir.Type) func(uint64) float32 {
	if ft := t.(*ir.FloatType); ft.Kind == ir.F32 {
		return func(b uint64) float32 { return math.Float32frombits(uint32(b)) }
	}
	return func(b uint64) float32 { return float32(interp.FromBits(t, b).Float()) }
}

// apply runs out = fn(x...) over the nest, where x are the operands at
// positions argIdx (ins first, then the output itself) converted to the
// types argTypes; fn nil is a plain conversion of the single argument.
func apply(s *structured, n *nest, fn arithi.ScalarFunc, argIdx []int, argTypes []ir.Type) error {
	return applyNamed(s, n, "", fn, argIdx, argTypes)
}

// applyNamed is apply where fn is the scalar operation name, which may
// have a native kernel.
func applyNamed(s *structured, n *nest, name string, fn arithi.ScalarFunc, argIdx []int, argTypes []ir.Type) error {
	all := s.all()
	out := len(all) - 1
	o := all[out]
	if fast := arithi.NativeBinary(name, o.elem); fast != nil && len(argIdx) == 2 &&
		all[argIdx[0]].elem == o.elem && all[argIdx[1]].elem == o.elem && argTypes[0] == o.elem && argTypes[1] == o.elem {
		i0, i1 := argIdx[0], argIdx[1]
		d0, d1, od := all[i0].data, all[i1].data, o.data
		return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
			p0, p1, q := pos[i0], pos[i1], pos[out]
			s0, s1, sq := st[i0], st[i1], st[out]
			for k := int64(0); k < count; k++ {
				od[q] = fast(d0[p0], d1[p1])
				p0 += s0
				p1 += s1
				q += sq
			}
			return nil
		})
	}
	if fn == nil && len(argIdx) == 1 && all[argIdx[0]].elem == o.elem {
		src := all[argIdx[0]]
		return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
			p, q := pos[argIdx[0]], pos[out]
			for k := int64(0); k < count; k++ {
				o.data[q] = src.data[p]
				p += st[argIdx[0]]
				q += st[out]
			}
			return nil
		})
	}
	conv := s.conv
	if conv == nil {
		conv = Convert
	}
	args := make([]interp.Value, len(argIdx))
	p := make([]int64, len(all))
	return n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
		copy(p, pos)
		for k := int64(0); k < count; k++ {
			for j, i := range argIdx {
				args[j] = conv(interp.FromBits(all[i].elem, all[i].data[p[i]]), argTypes[j])
			}
			var r interp.Value
			if fn == nil {
				r = conv(args[0], o.elem)
			} else {
				var err error
				if r, err = fn(s.op, args, o.elem); err != nil {
					return err
				}
			}
			o.data[p[out]] = r.Bits()
			for i := range p {
				p[i] += st[i]
			}
		}
		return nil
	})
}

// region interprets the body of op once per point of the nest.
func region(f *interp.Frame, s *structured, n *nest, body *ir.Region) error {
	all := s.all()
	b := body.First()
	if b == nil || b.NumArguments() != len(all) {
		return interp.Errorf(s.op, "the body must take one argument per operand")
	}
	in := f.Interpreter()
	key := ivsKey{s.op}
	ivsCur := make([]int64, len(n.bounds))
	in.SetData(key, ivsCur)
	defer in.SetData(key, nil)
	args := make([]interp.Value, len(all))
	types := make([]ir.Type, len(all))
	for i := range all {
		types[i] = b.Argument(i).Type()
	}
	p := make([]int64, len(all))
	r := len(n.bounds)
	return n.run(func(pos []int64, count int64, st []int64, ivs []int64) error {
		copy(p, pos)
		copy(ivsCur, ivs)
		for k := int64(0); k < count; k++ {
			if r > 0 {
				ivsCur[r-1] = k
			}
			for i, o := range all {
				args[i] = interp.FromBits(types[i], o.data[p[i]])
			}
			vs, err := f.RunRegion(body, args)
			if err != nil {
				return err
			}
			if len(vs) != len(s.outs) {
				return interp.Errorf(s.op, fmt.Sprintf("the body yielded %d values for %d inits", len(vs), len(s.outs)))
			}
			for j, v := range vs {
				s.outs[j].data[p[len(s.ins)+j]] = v.Bits()
			}
			for i := range p {
				p[i] += st[i]
			}
		}
		return nil
	})
}

// run executes a structured operation with the given maps and body,
// choosing a native kernel for recognized bodies.
func run(f *interp.Frame, s *structured, maps []affine.Map, body *ir.Region) error {
	n, err := buildNest(s.op, s.all(), maps)
	if err != nil {
		return err
	}
	if k := recognize(s, body); k != nil {
		if err := k(s, n); err != nil {
			return err
		}
	} else if c := compileBody(f, s, body, len(n.bounds)); c != nil {
		if err := runCompiled(s, n, c); err != nil {
			return err
		}
	} else if err := region(f, s, n, body); err != nil {
		return err
	}
	return s.finish(f)
}

// recognize returns a native kernel for a body of a known shape, or nil.
func recognize(s *structured, body *ir.Region) func(*structured, *nest) error {
	if body == nil || !body.HasOneBlock() || len(s.outs) != 1 {
		return nil
	}
	b := body.First()
	nIns := len(s.ins)
	if b.NumArguments() != nIns+1 {
		return nil
	}
	argIndex := func(v ir.Value) int {
		if a, ok := v.(*ir.BlockArgument); ok && a.Owner() == b {
			return a.Index()
		}
		return -1
	}
	var ops []*ir.Operation
	for o := b.First(); o != nil; o = o.Next() {
		ops = append(ops, o)
	}
	y := ops[len(ops)-1]
	if y.Name() != dlinalg.YieldOpName || y.NumOperands() != 1 {
		return nil
	}
	switch len(ops) {
	case 1:
		i := argIndex(y.Operand(0))
		if i < 0 || b.Argument(i).Type() != s.outTypes[0] {
			return nil
		}
		return func(s *structured, n *nest) error {
			return apply(s, n, nil, []int{i}, []ir.Type{b.Argument(i).Type()})
		}
	case 2:
		x := ops[0]
		if ir.DefiningOp(y.Operand(0)) != x || x.NumResults() != 1 || x.NumRegions() != 0 {
			return nil
		}
		fn := scalarFn(x.Name())
		if fn == nil {
			return nil
		}
		var idx []int
		var types []ir.Type
		for _, v := range x.Operands() {
			i := argIndex(v)
			if i < 0 {
				return nil
			}
			idx = append(idx, i)
			types = append(types, v.Type())
		}
		if x.Result(0).Type() != s.outTypes[0] {
			return nil
		}
		name := x.Name()
		return func(s *structured, n *nest) error { return applyNamed(s, n, name, fn, idx, types) }
	case 3:
		m, a := ops[0], ops[1]
		if nIns != 2 || ir.DefiningOp(y.Operand(0)) != a || a.NumOperands() != 2 || m.NumOperands() != 2 {
			return nil
		}
		if !isMulAdd(m, a) || argIndex(m.Operand(0)) != 0 || argIndex(m.Operand(1)) != 1 {
			return nil
		}
		if !(argIndex(a.Operand(0)) == 2 && ir.DefiningOp(a.Operand(1)) == m || argIndex(a.Operand(1)) == 2 && ir.DefiningOp(a.Operand(0)) == m) {
			return nil
		}
		if s.inTypes[0] != s.outTypes[0] || s.inTypes[1] != s.outTypes[0] {
			return nil
		}
		// out + m and m + out round alike: addition is commutative.
		return mulAdd
	case 5:
		// A product of narrower floats accumulated in the output's type:
		// both inputs extended (exactly, as mulAdd converts them), then
		// multiplied and added.
		ea, eb, m, a := ops[0], ops[1], ops[2], ops[3]
		if nIns != 2 || !isExtf(ea) || !isExtf(eb) || argIndex(ea.Operand(0)) != 0 || argIndex(eb.Operand(0)) != 1 {
			return nil
		}
		ot := s.outTypes[0]
		if ea.Result(0).Type() != ot || eb.Result(0).Type() != ot || !isFloat(s.inTypes[0]) || !isFloat(s.inTypes[1]) {
			return nil
		}
		if ir.DefiningOp(y.Operand(0)) != a || a.NumOperands() != 2 || m.NumOperands() != 2 || !isMulAdd(m, a) {
			return nil
		}
		if !(ir.DefiningOp(m.Operand(0)) == ea && ir.DefiningOp(m.Operand(1)) == eb || ir.DefiningOp(m.Operand(0)) == eb && ir.DefiningOp(m.Operand(1)) == ea) {
			return nil
		}
		if !(argIndex(a.Operand(0)) == 2 && ir.DefiningOp(a.Operand(1)) == m || argIndex(a.Operand(1)) == 2 && ir.DefiningOp(a.Operand(0)) == m) {
			return nil
		}
		// Multiplication and addition are commutative.
		return mulAdd
	}
	return nil
}

// isExtf reports whether op is arith.extf.
func isExtf(op *ir.Operation) bool {
	_, ok := arith.AsExtfOp(op)
	return ok && op.NumOperands() == 1 && op.NumResults() == 1
}

// isMulAdd reports whether m and a are the multiplication and addition
// of a multiply-accumulate: arith.mulf and arith.addf, or arith.muli and
// arith.addi.
func isMulAdd(m, a *ir.Operation) bool {
	if _, ok := arith.AsMulfOp(m); ok {
		_, ok = arith.AsAddfOp(a)
		return ok
	}
	if _, ok := arith.AsMuliOp(m); ok {
		_, ok = arith.AsAddiOp(a)
		return ok
	}
	return false
}

// affineMaps reads an indexing_maps array property.
func affineMaps(op *ir.Operation) ([]affine.Map, bool) {
	a, ok := op.Attr("indexing_maps").(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	var maps []affine.Map
	for _, e := range a.Elems {
		m, ok := e.(*ir.AffineMapAttr)
		if !ok {
			return nil, false
		}
		maps = append(maps, m.Map)
	}
	return maps, true
}

func generic(f *interp.Frame, op *ir.Operation) error {
	s, err := operands(f, op)
	if err != nil {
		return err
	}
	maps, ok := affineMaps(op)
	if !ok {
		return interp.Errorf(op, "requires an 'indexing_maps' array")
	}
	return run(f, s, maps, op.Region(0))
}

func identity(rank int) affine.Map { return affine.IdentityMap(rank) }

func mapOp(f *interp.Frame, op *ir.Operation) error {
	s, err := splitOperands(f, op)
	if err != nil {
		return err
	}
	if len(s.outs) != 1 {
		return interp.Errorf(op, "expected one init")
	}
	r := len(s.outs[0].sizes)
	maps := make([]affine.Map, len(s.ins)+1)
	for i := range maps {
		maps[i] = identity(r)
	}
	if b := op.Region(0).First(); b != nil && b.NumArguments() == len(s.ins)+1 {
		// The mapper takes the inputs and the init, as a generic body.
		return run(f, s, maps, op.Region(0))
	}
	// The mapper takes the inputs only.
	return runMapper(f, s, maps, op.Region(0))
}

// runMapper runs a body that takes only the inputs' elements (linalg.map).
func runMapper(f *interp.Frame, s *structured, maps []affine.Map, body *ir.Region) error {
	n, err := buildNest(s.op, s.all(), maps)
	if err != nil {
		return err
	}
	b := body.First()
	if b == nil || b.NumArguments() != len(s.ins) {
		return interp.Errorf(s.op, "the mapper must take one argument per input")
	}
	// A single operation over the arguments runs natively.
	if first := b.First(); first != nil && first.Next() == b.Last() && b.Last().NumOperands() == 1 && ir.DefiningOp(b.Last().Operand(0)) == first && first.NumRegions() == 0 && first.NumResults() == 1 {
		if fn := scalarFn(first.Name()); fn != nil && first.Result(0).Type() == s.outTypes[0] {
			var idx []int
			var types []ir.Type
			ok := true
			for _, v := range first.Operands() {
				a, isArg := v.(*ir.BlockArgument)
				if !isArg || a.Owner() != b {
					ok = false
					break
				}
				idx = append(idx, a.Index())
				types = append(types, v.Type())
			}
			if ok {
				if err := apply(s, n, fn, idx, types); err != nil {
					return err
				}
				return s.finish(f)
			}
		}
	}
	all := s.all()
	out := len(all) - 1
	args := make([]interp.Value, len(s.ins))
	p := make([]int64, len(all))
	err = n.run(func(pos []int64, count int64, st []int64, _ []int64) error {
		copy(p, pos)
		for k := int64(0); k < count; k++ {
			for i := range s.ins {
				args[i] = interp.FromBits(b.Argument(i).Type(), all[i].data[p[i]])
			}
			vs, err := f.RunRegion(body, args)
			if err != nil {
				return err
			}
			if len(vs) != 1 {
				return interp.Errorf(s.op, "the mapper must yield one value")
			}
			all[out].data[p[out]] = vs[0].Bits()
			for i := range p {
				p[i] += st[i]
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.finish(f)
}

func reduceOp(f *interp.Frame, op *ir.Operation) error {
	s, err := operands(f, op)
	if err != nil {
		return err
	}
	if len(s.ins) == 0 || len(s.ins) != len(s.outs) {
		return interp.Errorf(op, "expected as many inits as inputs")
	}
	dims := interp.DenseArray(op.Attr("dimensions"))
	r := len(s.ins[0].sizes)
	reduced := make([]bool, r)
	for _, d := range dims {
		if d < 0 || int(d) >= r {
			return interp.Errorf(op, "reduction dimension out of range")
		}
		reduced[d] = true
	}
	var outExprs []affine.Expr
	for d := 0; d < r; d++ {
		if !reduced[d] {
			outExprs = append(outExprs, affine.Dim(d))
		}
	}
	var maps []affine.Map
	for range s.ins {
		maps = append(maps, identity(r))
	}
	for range s.outs {
		maps = append(maps, affine.NewMap(r, 0, outExprs...))
	}
	// The combiner takes (inputs..., inits...) like a generic body.
	return run(f, s, maps, op.Region(0))
}

// elementwiseFns maps linalg's named elementwise operations to the scalar
// operation they apply (float name, integer name).
var elementwiseFns = map[string][2]string{
	"add":          {"arith.addf", "arith.addi"},
	"sub":          {"arith.subf", "arith.subi"},
	"mul":          {"arith.mulf", "arith.muli"},
	"div":          {"arith.divf", "arith.divsi"},
	"div_unsigned": {"", "arith.divui"},
	"max":          {"arith.maximumf", "arith.maxsi"},
	"min":          {"arith.minimumf", "arith.minsi"},
	"powf":         {"math.powf", ""},
	"exp":          {"math.exp", ""},
	"log":          {"math.log", ""},
	"abs":          {"math.absf", "math.absi"},
	"ceil":         {"math.ceil", ""},
	"floor":        {"math.floor", ""},
	"negf":         {"arith.negf", ""},
	"round":        {"math.round", ""},
	"sqrt":         {"math.sqrt", ""},
	"rsqrt":        {"math.rsqrt", ""},
	"tanh":         {"math.tanh", ""},
	"erf":          {"math.erf", ""},
	"reciprocal":   {"", ""},
	"square":       {"", ""},
	"select":       {"", ""},
}
