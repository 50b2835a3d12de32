// Package vector gives the vector dialect its semantics in the
// interpreter: print (as lowered upstream to the runner utilities),
// broadcast, splat, from_elements, step, extract and insert at static or
// dynamic positions and their strided-slice forms, extractelement,
// insertelement, reduction and multi_reduction, contract, outerproduct,
// fma, masks (constant_mask, create_mask, and vector.mask, which predicates
// the transfer or reduction it holds), load and store, masked and
// transfer reads and writes, shape_cast, bitcast, type_cast, transpose and
// shuffle. Vectors are interp.Dense values; arith and math operations
// apply to them elementwise.
package vector

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	arithi "github.com/strata-ir/strata/interp/arith"
	mathi "github.com/strata-ir/strata/interp/math"
	"github.com/strata-ir/strata/interp/runner"
)

// Register adds the semantics of the supported vector operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("vector.print", printOp)
	reg.Register("vector.broadcast", broadcast)
	reg.Register("vector.splat", broadcast)
	reg.Register("vector.extract", extract)
	reg.Register("vector.insert", insert)
	reg.Register("vector.extractelement", extract)
	reg.Register("vector.insertelement", insert)
	reg.Register("vector.reduction", reduction)
	reg.Register("vector.fma", arithi.Elementwise(mathi.Scalar("math.fma")))
	reg.Register("vector.load", load)
	reg.Register("vector.store", store)
	reg.Register("vector.shape_cast", shapeCast)
	reg.Register("vector.multi_reduction", multiReduction)
	reg.Register("vector.bitcast", bitcast)
	reg.Register("vector.transfer_read", transferRead)
	reg.Register("vector.transfer_write", transferWrite)
	reg.Register("vector.type_cast", typeCast)
	reg.Register("vector.transpose", transpose)
	reg.Register("vector.shuffle", shuffle)
	reg.Register("vector.constant_mask", constantMask)
	reg.Register("vector.create_mask", createMask)
	reg.Register("vector.step", step)
	reg.Register("vector.from_elements", fromElements)
	reg.Register("vector.maskedload", maskedLoad)
	reg.Register("vector.maskedstore", maskedStore)
	reg.Register("vector.gather", gather)
	reg.Register("vector.scatter", scatter)
	reg.Register("vector.extract_strided_slice", extractStridedSlice)
	reg.Register("vector.insert_strided_slice", insertStridedSlice)
	reg.Register("vector.contract", contract)
	reg.Register("vector.outerproduct", outerproduct)
	reg.Register("vector.yield", interp.YieldOperands)
	reg.Register("vector.mask", mask)
}

// shapeCast gives the elements, in row-major order, the result's shape.
func shapeCast(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if d == nil || !ok || interp.NumElements(vt.Shape) != int64(len(d.Data)) {
		return interp.Errorf(op, "expected a vector operand with as many elements as the result")
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: append([]uint64(nil), d.Data...)}))
	return nil
}

// bitcast reinterprets the bits of each innermost row, elements laid out
// little-endian as in memory.
func bitcast(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if d == nil || !ok {
		return interp.Errorf(op, "expected vector operands")
	}
	sw := elemBits(interp.ElementType(v.Type))
	dw := elemBits(vt.Elem)
	if sw == 0 || dw == 0 || sw > 64 || dw > 64 {
		return interp.Errorf(op, "unsupported element types")
	}
	n := interp.NumElements(vt.Shape)
	out := make([]uint64, n)
	if int64(len(d.Data))*int64(sw) != n*int64(dw) {
		return interp.Errorf(op, "source and result sizes differ")
	}
	bit := func(i int64) uint64 { return d.Data[i/int64(sw)] >> uint(i%int64(sw)) & 1 }
	for i := range out {
		var x uint64
		for b := 0; b < dw; b++ {
			x |= bit(int64(i)*int64(dw)+int64(b)) << uint(b)
		}
		out[i] = x
	}
	f.SetResult(op, 0, interp.MakeDense(vt, &interp.Dense{Shape: vt.Shape, Data: out}))
	return nil
}

// elemBits is the width of an integer or float element, 0 otherwise.
func elemBits(t ir.Type) int {
	switch e := t.(type) {
	case *ir.IntegerType:
		return int(e.Width)
	case *ir.FloatType:
		return e.Width()
	}
	return 0
}

// enumName extracts "comma" from #vector.punctuation<comma>.
func enumName(a ir.Attribute) string {
	if a == nil {
		return ""
	}
	s := asm.AttrString(a)
	i, j := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>')
	if i < 0 || j < i {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(s[i+1 : j])
}

// formatScalar prints a scalar as the lowering of vector.print does:
// floats with %g, index and unsigned integers unsigned, i1 zero-extended,
// other integers sign-extended; integers wider than 64 bits, which
// upstream does not lower, in decimal likewise.
func formatScalar(t ir.Type, bits uint64) string {
	v := interp.FromBits(t, bits)
	if v.IsFloat() {
		return runner.FormatG(v.Float())
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width > 64 {
		// Upstream has no lowering for these; print the exact value.
		if it.Signedness == ir.Unsigned {
			return v.Big().String()
		}
		return v.SignedBig().String()
	}
	switch it := t.(type) {
	case *ir.IndexType:
		return strconv.FormatUint(v.Uint(), 10)
	case *ir.IntegerType:
		if it.Signedness == ir.Unsigned || it.Width == 1 {
			return strconv.FormatUint(v.Uint(), 10)
		}
	}
	return strconv.FormatInt(v.Int(), 10)
}

// punctuate writes the punctuation that follows a printed value.
func punctuate(b *strings.Builder, op *ir.Operation) {
	switch enumName(op.Attr("punctuation")) {
	case "", "newline":
		b.WriteByte('\n')
	case "comma":
		b.WriteString(", ")
	case "open":
		b.WriteString("( ")
	case "close":
		b.WriteString(" )")
	}
}

func printOp(f *interp.Frame, op *ir.Operation) error {
	var b strings.Builder
	if s, ok := op.Attr("stringLiteral").(*ir.StringAttr); ok {
		b.WriteString(s.Value)
	} else if op.NumOperands() == 1 {
		v, err := f.Operand(op, 0)
		if err != nil {
			return err
		}
		if d := v.Dense(); d != nil {
			et := interp.ElementType(v.Type)
			var rec func(dim int, off int64)
			strides := interp.IdentityStrides(d.Shape)
			rec = func(dim int, off int64) {
				if dim == len(d.Shape) {
					b.WriteString(formatScalar(et, d.Data[off]))
					return
				}
				b.WriteString("( ")
				for i := int64(0); i < d.Shape[dim]; i++ {
					if i > 0 {
						b.WriteString(", ")
					}
					rec(dim+1, off+i*strides[dim])
				}
				b.WriteString(" )")
			}
			if len(d.Shape) == 0 {
				// A 0-D vector prints as one of one element, as
				// upstream's lowering (convert-vector-to-scf) does.
				b.WriteString("( ")
				rec(0, 0)
				b.WriteString(" )")
			} else {
				rec(0, 0)
			}
		} else if v.MemRef() == nil {
			b.WriteString(formatScalar(v.Type, v.Bits()))
		} else {
			return interp.Errorf(op, "vector.print cannot print a memref")
		}
		punctuate(&b, op)
	} else {
		punctuate(&b, op)
	}
	_, err := fmt.Fprint(f.Interpreter().Out, b.String())
	return err
}

func broadcast(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return interp.Errorf(op, "expected a vector result")
	}
	n := interp.NumElements(vt.Shape)
	data := make([]uint64, n)
	if src := v.Dense(); src != nil {
		// Broadcast of a vector: its shape is a suffix of the result's,
		// with unit dimensions stretched.
		r := len(vt.Shape) - len(src.Shape)
		if r < 0 {
			return interp.Errorf(op, "cannot broadcast to a lower rank")
		}
		srcStrides := interp.IdentityStrides(src.Shape)
		idx := make([]int64, len(vt.Shape))
		for i := range data {
			p := int64(0)
			for d := range src.Shape {
				if src.Shape[d] != 1 {
					p += idx[r+d] * srcStrides[d]
				}
			}
			data[i] = src.Data[p]
			for d := len(idx) - 1; d >= 0; d-- {
				idx[d]++
				if idx[d] < vt.Shape[d] {
					break
				}
				idx[d] = 0
			}
		}
	} else {
		for i := range data {
			data[i] = v.Bits()
		}
	}
	f.SetResult(op, 0, interp.MakeDense(t, &interp.Dense{Shape: vt.Shape, Data: data}))
	return nil
}

// position returns the row-major offset and the shape of the part of d at
// the mixed static/dynamic position of op (dynamic position operands
// start at operand first).
func position(f *interp.Frame, op *ir.Operation, d *interp.Dense, first int) (int64, []int64, error) {
	var posBuf, staticBuf [8]int64
	pos := posBuf[:0]
	if attr, ok := op.Attr("static_position").(*ir.DenseArrayAttr); ok {
		static := interp.AppendDenseArray(staticBuf[:0], attr)
		j := first
		for _, s := range static {
			if s == ir.Dynamic {
				v, err := f.Operand(op, j)
				if err != nil {
					return 0, nil, err
				}
				pos = append(pos, v.Int())
				j++
			} else {
				pos = append(pos, s)
			}
		}
	} else {
		// extractelement / insertelement: an optional index operand.
		for j := first; j < op.NumOperands(); j++ {
			v, err := f.Operand(op, j)
			if err != nil {
				return 0, nil, err
			}
			pos = append(pos, v.Int())
		}
	}
	if len(pos) > len(d.Shape) {
		return 0, nil, interp.Errorf(op, "position has more indices than the vector has dimensions")
	}
	off := int64(0)
	for i, p := range pos {
		if p < 0 || p >= d.Shape[i] {
			return 0, nil, interp.Errorf(op, fmt.Sprintf("position %d out of bounds for dimension %d of size %d", p, i, d.Shape[i]))
		}
		off = off*d.Shape[i] + p
	}
	rest := d.Shape[len(pos):]
	return off * interp.NumElements(rest), rest, nil
}

func extract(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a vector operand")
	}
	off, shape, err := position(f, op, d, 1)
	if err != nil {
		return err
	}
	t := op.Result(0).Type()
	if _, isVec := t.(*ir.VectorType); isVec {
		n := interp.NumElements(shape)
		f.SetResult(op, 0, interp.MakeDense(t, &interp.Dense{Shape: shape, Data: append([]uint64(nil), d.Data[off:off+n]...)}))
		return nil
	}
	f.SetResult(op, 0, interp.FromBits(t, d.Data[off]))
	return nil
}

func insert(f *interp.Frame, op *ir.Operation) error {
	src, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	dv, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	d := dv.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a vector destination")
	}
	off, shape, err := position(f, op, d, 2)
	if err != nil {
		return err
	}
	out := &interp.Dense{Shape: d.Shape, Data: append([]uint64(nil), d.Data...)}
	if s := src.Dense(); s != nil {
		if int64(len(s.Data)) != interp.NumElements(shape) {
			return interp.Errorf(op, "inserted vector does not match the position's shape")
		}
		copy(out.Data[off:], s.Data)
	} else {
		out.Data[off] = src.Bits()
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

var reductionOps = map[string][2]string{
	"add":      {"arith.addf", "arith.addi"},
	"mul":      {"arith.mulf", "arith.muli"},
	"minui":    {"", "arith.minui"},
	"minsi":    {"", "arith.minsi"},
	"maxui":    {"", "arith.maxui"},
	"maxsi":    {"", "arith.maxsi"},
	"minnumf":  {"arith.minnumf", ""},
	"maxnumf":  {"arith.maxnumf", ""},
	"minimumf": {"arith.minimumf", ""},
	"maximumf": {"arith.maximumf", ""},
	"and":      {"", "arith.andi"},
	"or":       {"", "arith.ori"},
	"xor":      {"", "arith.xori"},
}

func reduction(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	d := v.Dense()
	if d == nil {
		return interp.Errorf(op, "expected a vector operand")
	}
	t := op.Result(0).Type()
	names, ok := reductionOps[enumName(op.Attr("kind"))]
	name := names[1]
	if _, isFloat := t.(*ir.FloatType); isFloat {
		name = names[0]
	}
	if !ok || name == "" {
		return interp.Errorf(op, "unsupported reduction kind for this element type")
	}
	fn := arithi.Scalar(name)
	lanes, err := activeLanes(f, op, d)
	if err != nil {
		return err
	}
	var acc interp.Value
	if op.NumOperands() > 1 {
		if acc, err = f.Operand(op, 1); err != nil {
			return err
		}
	} else if len(lanes) > 0 {
		acc = interp.FromBits(t, lanes[0])
		lanes = lanes[1:]
	} else if len(d.Data) == 0 {
		return interp.Errorf(op, "reduction of an empty vector")
	} else if acc, err = neutralElement(op, enumName(op.Attr("kind")), t); err != nil {
		return err
	}
	args := make([]interp.Value, 2)
	for _, x := range lanes {
		args[0], args[1] = acc, interp.FromBits(t, x)
		if acc, err = fn(op, args, t); err != nil {
			return err
		}
	}
	f.SetResult(op, 0, acc)
	return nil
}

// memrefIndices returns the memref operand mi of op and the indices
// that follow it.
func memrefIndices(f *interp.Frame, op *ir.Operation, mi int) (*interp.MemRef, []int64, error) {
	mv, err := f.Operand(op, mi)
	if err != nil {
		return nil, nil, err
	}
	m := mv.MemRef()
	if m == nil {
		return nil, nil, interp.Errorf(op, "expected a memref operand")
	}
	idx, err := f.Ints(op, op.Operands()[mi+1:])
	if err != nil {
		return nil, nil, err
	}
	return m, idx, nil
}

// element checks that position p of m is in bounds.
func element(op *ir.Operation, m *interp.MemRef, p int64) error {
	if p < 0 || p >= int64(len(m.Buf.Data)) {
		return interp.Errorf(op, "vector access out of bounds")
	}
	return nil
}

// span returns the positions of n consecutive elements of the innermost
// dimension of m from p, checking bounds.
func span(op *ir.Operation, m *interp.MemRef, p, n int64) error {
	r := m.Rank()
	if r == 0 {
		return interp.Errorf(op, "expected a memref of rank 1 or more")
	}
	last := p + (n-1)*m.Strides[r-1]
	if n > 0 && (last < 0 || last >= int64(len(m.Buf.Data))) {
		return interp.Errorf(op, "vector access out of bounds")
	}
	return nil
}

func load(f *interp.Frame, op *ir.Operation) error {
	m, idx, err := memrefIndices(f, op, 0)
	if err != nil {
		return err
	}
	v, err := Load(op, m, idx, op.Result(0).Type())
	if err != nil {
		return err
	}
	f.SetResult(op, 0, v)
	return nil
}

// Load is vector.load (and affine.vector_load) of a vector of type t
// from m at idx: a 1-D vector reads consecutive elements along the
// innermost dimension, an n-D one the block along the trailing
// dimensions, a 0-D one the element at idx.
func Load(op *ir.Operation, m *interp.MemRef, idx []int64, t ir.Type) (interp.Value, error) {
	p, err := m.Index(idx)
	if err != nil {
		return interp.Value{}, interp.Errorf(op, err.Error())
	}
	vt, ok := t.(*ir.VectorType)
	if ok && len(vt.Shape) == 0 {
		// A 0-D vector reads the one element at the indices.
		if err := element(op, m, p); err != nil {
			return interp.Value{}, err
		}
		if err := m.Buf.Access(op, p, 1, false); err != nil {
			return interp.Value{}, err
		}
		return interp.MakeDense(t, &interp.Dense{Data: []uint64{m.Buf.Data[p]}}), nil
	}
	if ok && len(vt.Shape) > 1 {
		d, err := ReadBlockAt(op, m, idx, vt.Shape)
		if err != nil {
			return interp.Value{}, err
		}
		return interp.MakeDense(t, d), nil
	}
	if !ok || len(vt.Shape) != 1 {
		return interp.Value{}, interp.Errorf(op, "the interpreter supports vector loads of vectors only")
	}
	n := vt.Shape[0]
	if err := span(op, m, p, n); err != nil {
		return interp.Value{}, err
	}
	data := make([]uint64, n)
	for i := range data {
		q := p + int64(i)*m.Strides[m.Rank()-1]
		if err := m.Buf.Access(op, q, 1, false); err != nil {
			return interp.Value{}, err
		}
		data[i] = m.Buf.Data[q]
	}
	return interp.MakeDense(t, &interp.Dense{Shape: vt.Shape, Data: data}), nil
}

func store(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	m, idx, err := memrefIndices(f, op, 1)
	if err != nil {
		return err
	}
	return Store(op, m, idx, v)
}

// Store is vector.store (and affine.vector_store) of the vector v into m
// at idx, laid out as Load reads it.
func Store(op *ir.Operation, m *interp.MemRef, idx []int64, v interp.Value) error {
	d := v.Dense()
	if d == nil || len(d.Shape) == 0 && len(d.Data) != 1 {
		return interp.Errorf(op, "the interpreter supports vector stores of vectors only")
	}
	p, err := m.Index(idx)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	if len(d.Shape) > 1 {
		return WriteBlockAt(op, m, idx, d, nil)
	}
	if len(d.Shape) == 0 {
		// A 0-D vector writes the one element at the indices.
		if err := element(op, m, p); err != nil {
			return err
		}
		if err := m.Buf.Access(op, p, 1, true); err != nil {
			return err
		}
		m.Buf.Data[p] = d.Data[0]
		return nil
	}
	if err := span(op, m, p, int64(len(d.Data))); err != nil {
		return err
	}
	for i, x := range d.Data {
		q := p + int64(i)*m.Strides[m.Rank()-1]
		if err := m.Buf.Access(op, q, 1, true); err != nil {
			return err
		}
		m.Buf.Data[q] = x
	}
	return nil
}

// shuffle is vector.shuffle: mask index i picks row (element, for rank 1)
// i of the concatenation of the operands along their leading dimension.
// A poison index (-1) gives a row of zeros: a vector value here has no
// poison lanes.
func shuffle(f *interp.Frame, op *ir.Operation) error {
	a, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	b, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	da, db := a.Dense(), b.Dense()
	rt, ok := op.Result(0).Type().(*ir.VectorType)
	if da == nil || db == nil || !ok || len(da.Shape) == 0 || len(da.Shape) != len(db.Shape) {
		return interp.Errorf(op, "expected two vector operands of one rank")
	}
	row := interp.NumElements(da.Shape[1:])
	na, nb := da.Shape[0], db.Shape[0]
	mask := interp.DenseArray(op.Attr("mask"))
	if int64(len(mask)) != rt.Shape[0] || interp.NumElements(rt.Shape) != int64(len(mask))*row {
		return interp.Errorf(op, "the mask does not match the result type")
	}
	out := make([]uint64, 0, int64(len(mask))*row)
	for _, m := range mask {
		switch {
		case m == -1:
			out = append(out, make([]uint64, row)...)
		case m >= 0 && m < na:
			out = append(out, da.Data[m*row:(m+1)*row]...)
		case m >= na && m < na+nb:
			out = append(out, db.Data[(m-na)*row:(m-na+1)*row]...)
		default:
			return interp.Errorf(op, fmt.Sprintf("mask index %d out of range for %d rows", m, na+nb))
		}
	}
	f.SetResult(op, 0, interp.MakeDense(rt, &interp.Dense{Shape: rt.Shape, Data: out}))
	return nil
}
