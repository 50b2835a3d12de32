package llvm

import (
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// Vectors of the llvm dialect are LLVM's fixed vectors: the builtin
// vector type of rank 1 with integer or float elements. A vector value
// is an interp.Dense (the representation of the vector dialect, so that
// values cross between the levels unchanged) when none of its lanes is
// poison; a vector with poison lanes carries a *poisonLanes, and a vector
// that is poison as a whole (llvm.mlir.poison) a *poison. Operations are
// elementwise with LLVM's per-lane poison rules; the vector-specific
// operations (extractelement, insertelement, shufflevector, the
// vector.reduce intrinsics) follow the LangRef. Vectors are laid out in
// memory as LLVM does: lanes packed without padding (bit-packed when the
// element is not a whole number of bytes, lane 0 in the least
// significant bits), the size rounded up to the vector's natural
// alignment (its store size rounded up to a power of two).

// poisonLanes is the object of a vector with poison lanes: the bits of
// every lane (zero for a poison one) and, for each poison lane, its
// marker.
type poisonLanes struct {
	data   []uint64
	poison []*poison
}

// lanes are the lanes of a vector value being read or built: the element
// type, the bits of each lane and, when some lane is poison, the marker of
// each lane (nil for a defined one).
type lanes struct {
	elem   ir.Type
	data   []uint64
	poison []*poison
}

// at returns lane i as a scalar (poison when the lane is).
func (l *lanes) at(i int) interp.Value {
	if l.poison != nil && l.poison[i] != nil {
		return interp.MakeObject(l.elem, 0, l.poison[i])
	}
	return interp.FromBits(l.elem, l.data[i])
}

// set sets lane i to the scalar v (which may be poison).
func (l *lanes) set(i int, v interp.Value) {
	if p, ok := v.Object().(*poison); ok {
		if l.poison == nil {
			l.poison = make([]*poison, len(l.data))
		}
		l.poison[i] = p
		l.data[i] = 0
		return
	}
	if l.poison != nil {
		l.poison[i] = nil
	}
	l.data[i] = v.Bits()
}

// value returns the vector value of type t holding the lanes.
func (l *lanes) value(t ir.Type) interp.Value {
	for _, p := range l.poison {
		if p != nil {
			return interp.MakeObject(t, 0, &poisonLanes{data: l.data, poison: l.poison})
		}
	}
	shape := []int64{int64(len(l.data))}
	if vt, ok := t.(*ir.VectorType); ok && interp.NumElements(vt.Shape) == int64(len(l.data)) {
		shape = vt.Shape
	}
	return interp.MakeDense(t, &interp.Dense{Shape: shape, Data: l.data})
}

// newLanes returns n defined zero lanes of type elem.
func newLanes(elem ir.Type, n int) *lanes {
	return &lanes{elem: elem, data: make([]uint64, n)}
}

// fixedVector returns the lane count and element of t when it is a vector
// type the interpreter runs: a fixed vector whose elements are integers
// or floats of up to 64 bits. A vector type of rank other than 1 (a vector
// dialect value in a partly lowered program) counts all its elements.
func fixedVector(t ir.Type) (int, ir.Type, error) {
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return 0, nil, fmt.Errorf("expected a vector type, got %s", asm.TypeString(t))
	}
	for _, s := range vt.Scalable {
		if s {
			return 0, nil, fmt.Errorf("the interpreter does not support scalable vectors (%s)", asm.TypeString(t))
		}
	}
	if !interp.SupportedType(vt.Elem) {
		return 0, nil, fmt.Errorf("the interpreter does not support vectors of %s", asm.TypeString(vt.Elem))
	}
	n := interp.NumElements(vt.Shape)
	if n > math.MaxInt32 {
		return 0, nil, fmt.Errorf("vector type %s is too large", asm.TypeString(t))
	}
	return int(n), vt.Elem, nil
}

// lanesOf returns the lanes of a vector value v (of a vector type).
func lanesOf(v interp.Value) (*lanes, error) {
	n, elem, err := fixedVector(v.Type)
	if err != nil {
		return nil, err
	}
	obj := v.Object()
	if d := v.Dense(); d != nil {
		obj = d
	}
	switch o := obj.(type) {
	case *interp.Dense:
		if len(o.Data) != n {
			return nil, fmt.Errorf("a vector of %d elements has type %s", len(o.Data), asm.TypeString(v.Type))
		}
		return &lanes{elem: elem, data: o.Data}, nil
	case *poisonLanes:
		if len(o.data) != n {
			return nil, fmt.Errorf("a vector of %d elements has type %s", len(o.data), asm.TypeString(v.Type))
		}
		return &lanes{elem: elem, data: o.data, poison: o.poison}, nil
	case *poison:
		l := &lanes{elem: elem, data: make([]uint64, n), poison: make([]*poison, n)}
		for i := range l.poison {
			l.poison[i] = o
		}
		return l, nil
	}
	return nil, fmt.Errorf("the value of type %s is not a vector", asm.TypeString(v.Type))
}

// operandLanes returns the lanes of vector operand i of op, with errors
// located at op.
func operandLanes(f *interp.Frame, op *ir.Operation, i int) (*lanes, interp.Value, error) {
	v, err := f.Operand(op, i)
	if err != nil {
		return nil, v, err
	}
	l, err := lanesOf(v)
	if err != nil {
		return nil, v, interp.Errorf(op, err.Error())
	}
	return l, v, nil
}

// vectorResult reports whether op's first result is a vector: such an
// operation runs lane by lane.
func vectorResult(op *ir.Operation) bool {
	if op.NumResults() == 0 {
		return false
	}
	_, ok := op.Result(0).Type().(*ir.VectorType)
	return ok
}

// laneFunc computes one lane of an elementwise operation: args are the
// operands' lanes (or the operand itself for a scalar operand, such as
// llvm.intr.powi's exponent), any of them possibly poison; rt is the
// result's element type. The result may be poison.
type laneFunc func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error)

// lanewise runs op, whose result is a vector, lane by lane with fn.
// Vector operands must have as many lanes as the result.
func lanewise(f *interp.Frame, op *ir.Operation, fn laneFunc) error {
	rt := op.Result(0).Type()
	n, elem, err := fixedVector(rt)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	ls := make([]*lanes, len(args))
	for i, a := range args {
		if _, isVec := a.Type.(*ir.VectorType); !isVec {
			if a.Object() != nil {
				if _, isPoison := a.Object().(*poison); !isPoison {
					return interp.Errorf(op, "the interpreter does not support vector operations on operands of type "+asm.TypeString(a.Type))
				}
			}
			continue
		}
		l, err := lanesOf(a)
		if err != nil {
			return interp.Errorf(op, err.Error())
		}
		if len(l.data) != n {
			return interp.Errorf(op, fmt.Sprintf("operand %d has %d lanes, the result %d", i, len(l.data), n))
		}
		ls[i] = l
	}
	out := newLanes(elem, n)
	sc := make([]interp.Value, len(args))
	for k := 0; k < n; k++ {
		for i, a := range args {
			if ls[i] != nil {
				sc[i] = ls[i].at(k)
			} else {
				sc[i] = a
			}
		}
		r, err := fn(op, sc, elem)
		if err != nil {
			return err
		}
		out.set(k, r)
	}
	f.SetResult(op, 0, out.value(rt))
	return nil
}

// scalarLane lifts one of the arith or math semantics to a lane: a poison
// operand gives a poison lane.
func scalarLane(fn arithi.ScalarFunc) laneFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if p := poisonOf(args...); p != nil {
			return interp.MakeObject(rt, 0, p), nil
		}
		for _, a := range args {
			if !interp.SupportedType(a.Type) {
				return interp.Value{}, unsupported(op, a.Type)
			}
		}
		return fn(op, args, rt)
	}
}

// isDivision reports whether op divides by its second operand, where a
// poison divisor is undefined behaviour.
func isDivision(op *ir.Operation) bool {
	switch op.Name() {
	case lt.SdivOpName, lt.UdivOpName, lt.SremOpName, lt.UremOpName:
		return true
	}
	return false
}

// intLane lifts the semantics of a two-operand integer operation to a
// lane: a poison operand gives a poison lane, except a poison divisor,
// which is undefined behaviour (an error), as is a division by zero in
// any lane.
func intLane(fn func(op *ir.Operation, a, b interp.Value, w int) (intResult, error)) laneFunc {
	return func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		w := interp.IntWidth(rt)
		if w == 0 || w > 64 || len(args) != 2 {
			return interp.Value{}, unsupported(op, rt)
		}
		if isDivision(op) {
			if p := poisonOf(args[1]); p != nil {
				return interp.Value{}, p.errorAt(op, "a lane of the divisor")
			}
		}
		if p := poisonOf(args...); p != nil {
			return interp.MakeObject(rt, 0, p), nil
		}
		r, err := fn(op, args[0], args[1], w)
		if err != nil {
			return interp.Value{}, err
		}
		if r.poison != "" {
			return makePoison(rt, op, r.poison), nil
		}
		return interp.MakeInt(rt, r.bits), nil
	}
}

// unaryOp runs a one-operand operation on a scalar or, lane by lane, on a
// vector: fn computes one lane (or the scalar) from a defined operand; a
// poison operand gives poison.
func unaryOp(fn func(op *ir.Operation, a interp.Value, rt ir.Type) (interp.Value, error)) interp.OpFunc {
	lane := func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if len(args) == 0 {
			return interp.Value{}, interp.Errorf(op, "expected an operand")
		}
		if p := poisonOf(args[0]); p != nil {
			return interp.MakeObject(rt, 0, p), nil
		}
		return fn(op, args[0], rt)
	}
	return func(f *interp.Frame, op *ir.Operation) error {
		if vectorResult(op) {
			return lanewise(f, op, lane)
		}
		args, err := f.Operands(op)
		if err != nil {
			return err
		}
		r, err := lane(op, args, op.Result(0).Type())
		if err != nil {
			return err
		}
		f.SetResult(op, 0, r)
		return nil
	}
}

// orScalar runs op lane by lane with fn when its result is a vector, and
// with the scalar semantics prev otherwise.
func orScalar(prev interp.OpFunc, fn laneFunc) interp.OpFunc {
	return func(f *interp.Frame, op *ir.Operation) error {
		if vectorResult(op) {
			return lanewise(f, op, fn)
		}
		return prev(f, op)
	}
}

// registerVector adds the vector-specific operations of the llvm dialect
// and extends the scalar ones registered by Register to vectors.
func registerVector(reg *interp.Registry) {
	// vector.print of a string literal lowers to printString.
	if reg.External("printString") == nil {
		reg.RegisterExternal("printString", printString)
	}
	// convert-vector-to-llvm prints f16 and bf16 lanes by their bits, as
	// the C utilities take them (uint16_t).
	for name, kind := range map[string]ir.FloatKind{"printF16": ir.F16, "printBF16": ir.BF16} {
		if prev := reg.External(name); prev != nil {
			reg.RegisterExternal(name, halfBits(kind, prev))
		}
	}
	reg.Register("llvm.extractelement", extractElement)
	reg.Register("llvm.insertelement", insertElement)
	reg.Register("llvm.shufflevector", shuffleVector)
	for _, k := range []string{"add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin",
		"fadd", "fmul", "fmax", "fmin", "fmaximum", "fminimum"} {
		reg.Register("llvm.intr.vector.reduce."+k, reduce(k))
	}
	wrap := func(name string, fn laneFunc) {
		if prev := reg.Lookup(name); prev != nil {
			reg.Register(name, orScalar(prev, fn))
		}
	}
	wrap("llvm.icmp", func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
		if p := poisonOf(args...); p != nil {
			return interp.MakeObject(rt, 0, p), nil
		}
		if len(args) != 2 || interp.IntWidth(args[0].Type) == 0 {
			return interp.Value{}, interp.Errorf(op, "the interpreter compares vectors of integers only")
		}
		return icmp(op, args, rt)
	})
	if prev := reg.Lookup("llvm.select"); prev != nil {
		reg.Register("llvm.select", func(f *interp.Frame, op *ir.Operation) error {
			if _, vecCond := op.Operand(0).Type().(*ir.VectorType); !vecCond || !vectorResult(op) {
				return prev(f, op)
			}
			return lanewise(f, op, func(op *ir.Operation, args []interp.Value, rt ir.Type) (interp.Value, error) {
				if p := poisonOf(args[0]); p != nil {
					return interp.MakeObject(rt, 0, p), nil
				}
				if args[0].Bool() {
					return args[1], nil
				}
				return args[2], nil
			})
		})
	}
	if prev := reg.Lookup("llvm.bitcast"); prev != nil {
		reg.Register("llvm.bitcast", func(f *interp.Frame, op *ir.Operation) error {
			_, toVec := op.Result(0).Type().(*ir.VectorType)
			_, fromVec := op.Operand(0).Type().(*ir.VectorType)
			if !toVec && !fromVec {
				return prev(f, op)
			}
			return vectorBitcast(f, op)
		})
	}
	for _, name := range []string{"llvm.ptrtoint", "llvm.inttoptr", "llvm.intr.sincos"} {
		if prev := reg.Lookup(name); prev != nil {
			reg.Register(name, func(f *interp.Frame, op *ir.Operation) error {
				for _, v := range append(op.Operands(), op.Result(0)) {
					if _, isVec := v.Type().(*ir.VectorType); isVec {
						return interp.Errorf(op, "the interpreter does not support "+op.Name()+" on vectors")
					}
				}
				return prev(f, op)
			})
		}
	}
}

// extractElement is llvm.extractelement: an index out of range (read
// unsigned) or poison gives poison.
func extractElement(f *interp.Frame, op *ir.Operation) error {
	l, _, err := operandLanes(f, op, 0)
	if err != nil {
		return err
	}
	idx, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if rt != l.elem {
		return interp.Errorf(op, "the result type "+asm.TypeString(rt)+" is not the vector's element type")
	}
	if p := poisonOf(idx); p != nil {
		f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
		return nil
	}
	if idx.Uint() >= uint64(len(l.data)) {
		f.SetResult(op, 0, makePoison(rt, op, fmt.Sprintf("index %d out of a vector of %d lanes", idx.Uint(), len(l.data))))
		return nil
	}
	f.SetResult(op, 0, l.at(int(idx.Uint())))
	return nil
}

// insertElement is llvm.insertelement: an index out of range (read
// unsigned) or poison gives a poison vector.
func insertElement(f *interp.Frame, op *ir.Operation) error {
	l, vec, err := operandLanes(f, op, 0)
	if err != nil {
		return err
	}
	x, err := f.Operand(op, 1)
	if err != nil {
		return err
	}
	idx, err := f.Operand(op, 2)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if rt != vec.Type || x.Type != l.elem {
		return interp.Errorf(op, "the interpreter expects a vector and a value of its element type")
	}
	if p := poisonOf(idx); p != nil {
		f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
		return nil
	}
	if idx.Uint() >= uint64(len(l.data)) {
		f.SetResult(op, 0, makePoison(rt, op, fmt.Sprintf("index %d out of a vector of %d lanes", idx.Uint(), len(l.data))))
		return nil
	}
	out := &lanes{elem: l.elem, data: append([]uint64(nil), l.data...)}
	if l.poison != nil {
		out.poison = append([]*poison(nil), l.poison...)
	}
	out.set(int(idx.Uint()), x)
	f.SetResult(op, 0, out.value(rt))
	return nil
}

// shuffleVector is llvm.shufflevector: mask element i selects lane i of
// the concatenation of the two operands; -1 (poison) gives a poison lane.
func shuffleVector(f *interp.Frame, op *ir.Operation) error {
	a, av, err := operandLanes(f, op, 0)
	if err != nil {
		return err
	}
	b, bv, err := operandLanes(f, op, 1)
	if err != nil {
		return err
	}
	if av.Type != bv.Type {
		return interp.Errorf(op, "the operands of llvm.shufflevector must have the same type")
	}
	rt := op.Result(0).Type()
	n, elem, err := fixedVector(rt)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	mask := interp.DenseArray(op.Attr("mask"))
	if len(mask) != n || elem != a.elem {
		return interp.Errorf(op, "the result type "+asm.TypeString(rt)+" does not match the mask and the operands")
	}
	out := newLanes(elem, n)
	na := int64(len(a.data))
	for i, m := range mask {
		switch {
		case m == -1:
			out.set(i, makePoison(elem, op, "a poison mask element"))
		case m < 0 || m >= 2*na:
			return interp.Errorf(op, fmt.Sprintf("mask element %d out of range for two vectors of %d lanes", m, na))
		case m < na:
			out.set(i, a.at(int(m)))
		default:
			out.set(i, b.at(int(m-na)))
		}
	}
	f.SetResult(op, 0, out.value(rt))
	return nil
}

// reduceOps gives the combining operation of each vector.reduce
// intrinsic: the arith semantics, which agree with LLVM's (fmax and fmin
// are maxnum and minnum, fmaximum and fminimum propagate NaN and order
// -0 below +0).
var reduceOps = map[string]string{
	"add": "arith.addi", "mul": "arith.muli", "and": "arith.andi", "or": "arith.ori", "xor": "arith.xori",
	"smax": "arith.maxsi", "smin": "arith.minsi", "umax": "arith.maxui", "umin": "arith.minui",
	"fadd": "arith.addf", "fmul": "arith.mulf", "fmax": "arith.maxnumf", "fmin": "arith.minnumf",
	"fmaximum": "arith.maximumf", "fminimum": "arith.minimumf",
}

// reduce is llvm.intr.vector.reduce.<kind>. fadd and fmul take a start
// value and combine it with the lanes in order, ((start op v0) op v1) ...,
// which is LLVM's ordered reduction and one of the results the reassoc
// flag allows; the others start from lane 0. A poison lane (or start
// value) gives poison.
func reduce(kind string) interp.OpFunc {
	name := reduceOps[kind]
	withStart := kind == "fadd" || kind == "fmul"
	return func(f *interp.Frame, op *ir.Operation) error {
		fn := arithi.Scalar(name)
		vi := 0
		if withStart {
			vi = 1
		}
		if op.NumOperands() != vi+1 || op.NumResults() != 1 {
			return interp.Errorf(op, fmt.Sprintf("expected %d operands and one result", vi+1))
		}
		l, _, err := operandLanes(f, op, vi)
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		if rt != l.elem {
			return interp.Errorf(op, "the result type "+asm.TypeString(rt)+" is not the vector's element type")
		}
		_, isFloat := rt.(*ir.FloatType)
		if fn == nil || isFloat != (kind[0] == 'f') {
			return interp.Errorf(op, "llvm.intr.vector.reduce."+kind+" of a vector of "+asm.TypeString(rt))
		}
		var acc interp.Value
		start := 0
		if withStart {
			if acc, err = f.Operand(op, 0); err != nil {
				return err
			}
			if acc.Type != rt {
				return interp.Errorf(op, "the start value must have the vector's element type")
			}
		} else {
			if len(l.data) == 0 {
				return interp.Errorf(op, "reduction of a vector of no lanes")
			}
			acc, start = l.at(0), 1
		}
		args := make([]interp.Value, 2)
		for i := start; i < len(l.data); i++ {
			args[0], args[1] = acc, l.at(i)
			if p := poisonOf(args...); p != nil {
				f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
				return nil
			}
			if acc, err = fn(op, args, rt); err != nil {
				return err
			}
		}
		if p := poisonOf(acc); p != nil {
			f.SetResult(op, 0, interp.MakeObject(rt, 0, p))
			return nil
		}
		f.SetResult(op, 0, acc)
		return nil
	}
}

// bitsOf returns the in-register bits of a vector or scalar value as
// little-endian bytes of width bits, and whether each bit is poison.
func bitsOf(v interp.Value) ([]byte, []bool, int, error) {
	if _, isVec := v.Type.(*ir.VectorType); isVec {
		l, err := lanesOf(v)
		if err != nil {
			return nil, nil, 0, err
		}
		w := laneBits(l.elem)
		n := len(l.data) * w
		b := packLanes(l.data, w)
		pb := make([]bool, n)
		for i, p := range l.poison {
			if p != nil {
				for k := i * w; k < (i+1)*w; k++ {
					pb[k] = true
				}
			}
		}
		return b, pb, n, nil
	}
	if !interp.SupportedType(v.Type) {
		return nil, nil, 0, fmt.Errorf("the interpreter does not support bitcasts of %s", asm.TypeString(v.Type))
	}
	w := laneBits(v.Type)
	pb := make([]bool, w)
	if poisonOf(v) != nil {
		for i := range pb {
			pb[i] = true
		}
	}
	return packLanes([]uint64{v.Bits()}, w), pb, w, nil
}

// vectorBitcast is llvm.bitcast to or from a vector: the bits are kept
// (lane 0 in the least significant ones, as on little-endian targets); a
// result lane (or scalar) that overlaps a poison bit is poison.
func vectorBitcast(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	b, pb, n, err := bitsOf(v)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	rt := op.Result(0).Type()
	var src *poison
	if p := poisonOf(v); p != nil {
		src = p
	} else if pl, ok := v.Object().(*poisonLanes); ok {
		for _, p := range pl.poison {
			if p != nil {
				src = p
				break
			}
		}
	}
	anyPoison := func(lo, hi int) bool {
		for k := lo; k < hi; k++ {
			if pb[k] {
				return true
			}
		}
		return false
	}
	if _, isVec := rt.(*ir.VectorType); !isVec {
		if !interp.SupportedType(rt) || laneBits(rt) != n {
			return interp.Errorf(op, "llvm.bitcast between types of different sizes or to "+asm.TypeString(rt))
		}
		if anyPoison(0, n) {
			f.SetResult(op, 0, interp.MakeObject(rt, 0, src))
			return nil
		}
		f.SetResult(op, 0, interp.FromBits(rt, unpackLanes(b, n, 1)[0]))
		return nil
	}
	m, elem, err := fixedVector(rt)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	w := laneBits(elem)
	if m*w != n {
		return interp.Errorf(op, fmt.Sprintf("llvm.bitcast between types of %d and %d bits", n, m*w))
	}
	out := newLanes(elem, m)
	data := unpackLanes(b, w, m)
	for i := range data {
		if anyPoison(i*w, (i+1)*w) {
			out.set(i, interp.MakeObject(elem, 0, src))
		} else {
			out.set(i, interp.FromBits(elem, data[i]))
		}
	}
	f.SetResult(op, 0, out.value(rt))
	return nil
}

// packLanes packs lanes of w bits each, lane 0 in the least significant
// bits, into little-endian bytes.
func packLanes(data []uint64, w int) []byte {
	b := make([]byte, (len(data)*w+7)/8)
	for i, x := range data {
		for k := 0; k < w; k++ {
			if x>>uint(k)&1 != 0 {
				bit := i*w + k
				b[bit/8] |= 1 << uint(bit%8)
			}
		}
	}
	return b
}

// unpackLanes reads n lanes of w bits from little-endian bytes.
func unpackLanes(b []byte, w, n int) []uint64 {
	out := make([]uint64, n)
	if w%8 == 0 {
		nb := w / 8
		for i := range out {
			var x uint64
			for k := nb - 1; k >= 0; k-- {
				x = x<<8 | uint64(b[i*nb+k])
			}
			out[i] = x
		}
		return out
	}
	for i := range out {
		var x uint64
		for k := 0; k < w; k++ {
			bit := i*w + k
			if b[bit/8]>>uint(bit%8)&1 != 0 {
				x |= 1 << uint(k)
			}
		}
		out[i] = x
	}
	return out
}

// vectorLayout is the layout of a fixed vector: its lanes packed, the
// size rounded up to its alignment, which is its store size rounded up to
// a power of two (LLVM's natural alignment of vectors, which x86-64's
// data layout keeps).
func vectorLayout(t *ir.VectorType) (*typeLayout, error) {
	if len(t.Shape) != 1 {
		return nil, fmt.Errorf("the interpreter has no memory layout for vectors of rank %d (%s)", len(t.Shape), asm.TypeString(t))
	}
	n, elem, err := fixedVector(t)
	if err != nil {
		return nil, err
	}
	store := (int64(n)*int64(laneBits(elem)) + 7) / 8
	align := int64(1)
	for align < store {
		align *= 2
	}
	return &typeLayout{size: alignTo(store, align), align: align}, nil
}

// storeSize is the number of bytes a load or store of t accesses: the
// store size of a vector (its packed lanes, without the padding to its
// alignment), the allocation size of anything else.
func storeSize(t ir.Type) (int64, error) {
	if vt, ok := t.(*ir.VectorType); ok {
		n, elem, err := fixedVector(vt)
		if err != nil {
			return 0, err
		}
		return (int64(n)*int64(laneBits(elem)) + 7) / 8, nil
	}
	return sizeOf(t)
}

// loadVector reads a vector of type t at off in a.
func (m *memory) loadVector(t *ir.VectorType, a *allocation, off int64) (interp.Value, error) {
	if _, err := vectorLayout(t); err != nil {
		return interp.Value{}, err
	}
	n, elem, err := fixedVector(t)
	if err != nil {
		return interp.Value{}, err
	}
	size, err := storeSize(t)
	if err != nil {
		return interp.Value{}, err
	}
	b := make([]byte, size)
	a.readBytes(off, b)
	data := unpackLanes(b, laneBits(elem), n)
	for i, x := range data {
		data[i] = interp.FromBits(elem, x).Bits()
	}
	return interp.MakeDense(t, &interp.Dense{Shape: []int64{int64(n)}, Data: data}), nil
}

// storeVector writes the vector v at off in a. A vector with a poison lane
// cannot be stored (memory holds no poison), as a poison scalar cannot.
func (m *memory) storeVector(op *ir.Operation, v interp.Value, a *allocation, off int64) error {
	vt, ok := v.Type.(*ir.VectorType)
	if !ok {
		return fmt.Errorf("expected a vector")
	}
	if _, err := vectorLayout(vt); err != nil {
		return err
	}
	l, err := lanesOf(v)
	if err != nil {
		return err
	}
	for i, p := range l.poison {
		if p != nil {
			return p.errorAt(op, fmt.Sprintf("lane %d of the stored vector", i))
		}
	}
	a.writeBytes(off, packLanes(l.data, laneBits(l.elem)))
	return nil
}

// hasVector reports whether t is a vector type or an array (of arrays) of
// vectors.
func hasVector(t ir.Type) bool {
	for {
		switch x := t.(type) {
		case *ir.VectorType:
			return true
		case *lt.ArrayType:
			t = x.Elem
		default:
			return false
		}
	}
}

// vectorConst builds the value of type t (a vector or nested arrays of
// vectors) from a dense constant with as many elements, row-major.
func vectorConst(t ir.Type, a ir.Attribute) (interp.Value, error) {
	da, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		return interp.Value{}, fmt.Errorf("the interpreter expects a dense constant of type %s", asm.TypeString(t))
	}
	d, err := interp.DenseFromAttr(da)
	if err != nil {
		return interp.Value{}, err
	}
	et := da.Type.ElementType()
	all := &lanes{elem: et, data: d.Data}
	v, rest, err := buildVectors(t, all, func(from, to ir.Type) bool {
		return laneBits(from) == laneBits(to)
	})
	if err != nil {
		return interp.Value{}, err
	}
	if len(rest.data) != 0 {
		return interp.Value{}, fmt.Errorf("dense constant has more elements than its type %s", asm.TypeString(t))
	}
	return v, nil
}

// buildVectors takes the lanes of a value of type t (a vector or nested
// arrays of vectors) from the front of src and returns the value and the
// lanes left; same reports whether src's element type may be read as
// t's.
func buildVectors(t ir.Type, src *lanes, same func(from, to ir.Type) bool) (interp.Value, *lanes, error) {
	switch x := t.(type) {
	case *lt.ArrayType:
		if x.Len > math.MaxInt32 {
			return interp.Value{}, nil, fmt.Errorf("array type %s is too large", asm.TypeString(t))
		}
		fs := make([]interp.Value, x.Len)
		for i := range fs {
			v, rest, err := buildVectors(x.Elem, src, same)
			if err != nil {
				return interp.Value{}, nil, err
			}
			fs[i], src = v, rest
		}
		return makeAggregate(t, fs), src, nil
	case *ir.VectorType:
		n, elem, err := fixedVector(x)
		if err != nil {
			return interp.Value{}, nil, err
		}
		if !same(src.elem, elem) {
			return interp.Value{}, nil, fmt.Errorf("elements of %s do not fit a vector of %s", asm.TypeString(src.elem), asm.TypeString(elem))
		}
		if len(src.data) < n {
			return interp.Value{}, nil, fmt.Errorf("too few elements for %s", asm.TypeString(t))
		}
		out := &lanes{elem: elem, data: make([]uint64, n)}
		for i := range out.data {
			out.data[i] = interp.FromBits(elem, src.data[i]).Bits()
		}
		if src.poison != nil {
			out.poison = append([]*poison(nil), src.poison[:n]...)
		}
		rest := &lanes{elem: src.elem, data: src.data[n:]}
		if src.poison != nil {
			rest.poison = src.poison[n:]
		}
		return out.value(t), rest, nil
	}
	return interp.Value{}, nil, fmt.Errorf("expected a vector or an array of vectors, got %s", asm.TypeString(t))
}

// flattenVectors appends the lanes of v (a vector or nested arrays of
// vectors) to dst.
func flattenVectors(v interp.Value, dst *lanes) error {
	if _, isArr := v.Type.(*lt.ArrayType); isArr {
		fs := fields(v)
		if fs == nil {
			if p := poisonOf(v); p != nil {
				fs = fields(makePoison(v.Type, p.op, p.why))
			}
		}
		for _, x := range fs {
			if err := flattenVectors(x, dst); err != nil {
				return err
			}
		}
		return nil
	}
	l, err := lanesOf(v)
	if err != nil {
		return err
	}
	if dst.elem == nil {
		dst.elem = l.elem
	} else if laneBits(dst.elem) != laneBits(l.elem) {
		return fmt.Errorf("vectors of different element widths")
	}
	base := len(dst.data)
	dst.data = append(dst.data, l.data...)
	if l.poison != nil {
		if dst.poison == nil {
			dst.poison = make([]*poison, base, base+len(l.data))
		}
		dst.poison = append(dst.poison, l.poison...)
	} else if dst.poison != nil {
		dst.poison = append(dst.poison, make([]*poison, len(l.data))...)
	}
	return nil
}

// convertVector converts between a vector of the vector dialect and its
// llvm form (builtin.unrealized_conversion_cast): an n-D vector and nested
// arrays of 1-D vectors, a 0-D vector and a vector of one lane, index and
// i64 lanes, signed or unsigned and signless lanes. ok is false when
// neither type holds vectors.
func convertVector(op *ir.Operation, v interp.Value, to ir.Type) (interp.Value, bool, error) {
	if !hasVector(to) || !hasVector(v.Type) {
		return interp.Value{}, false, nil
	}
	src := &lanes{}
	if err := flattenVectors(v, src); err != nil {
		return interp.Value{}, true, interp.Errorf(op, err.Error())
	}
	if src.elem == nil {
		return interp.Value{}, true, castError(op, v, to)
	}
	r, rest, err := buildVectors(to, src, func(from, to ir.Type) bool {
		_, ff := from.(*ir.FloatType)
		_, tf := to.(*ir.FloatType)
		return ff == tf && laneBits(from) == laneBits(to) ||
			interp.IntWidth(from) == 64 && interp.IntWidth(to) == 64
	})
	if err != nil || len(rest.data) != 0 {
		return interp.Value{}, true, castError(op, v, to)
	}
	return r, true, nil
}

// laneBits is the width in bits of a lane of type t (index lanes are 64
// bits), or 0 for a type that is not an integer or a float.
func laneBits(t ir.Type) int {
	if w := interp.IntWidth(t); w > 0 {
		return w
	}
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.Width()
	}
	return 0
}

// printString is the runner utility that convert-vector-to-llvm calls for
// vector.print of a string literal: it prints the NUL-terminated string
// at its argument, without a newline.
func printString(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	b, err := cString(f, call, args, "printString")
	if err != nil {
		return nil, err
	}
	_, err = f.Interpreter().Out.Write(b)
	return nil, err
}

// halfBits makes a printer of f16 or bf16 values also accept the value's
// bits as a 16-bit integer, the C utility's argument.
func halfBits(kind ir.FloatKind, prev interp.ExternalFunc) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if len(args) == 1 && interp.IntWidth(args[0].Type) == 16 && args[0].Object() == nil {
			var ctx *ir.Context
			if call != nil {
				ctx = call.Context()
			} else if fn := f.Function(); fn != nil {
				ctx = fn.Context()
			}
			if ctx != nil {
				args = []interp.Value{interp.FromBits(ctx.FloatType(kind), args[0].Bits())}
			}
		}
		return prev(f, call, args)
	}
}
