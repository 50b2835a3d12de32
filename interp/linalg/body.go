package linalg

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	dlinalg "github.com/strata-ir/strata/dialects/linalg"
	arithi "github.com/strata-ir/strata/interp/arith"
)

// A body is a structured operation's region compiled for its loop nest:
// a straight line of scalar operations (arith and math operations,
// arith.select, arith.constant, linalg.index) over numbered registers,
// which the nest runs once per point without the frame's bookkeeping.
// Each operation computes what its registered semantics compute (the
// same scalar functions through arithi.Apply, poison included), so the
// results are those of interpreting the region.
type body struct {
	steps []step
	// regs holds the block arguments, then the values of the steps and
	// of the values defined outside the region.
	regs []interp.Value
	// yield holds the registers the terminator yields, in order, and
	// yieldOp the terminator.
	yield   []int32
	yieldOp *ir.Operation
}

// stepKind is what a step computes.
type stepKind uint8

const (
	stepScalar stepKind = iota // fn on the argument registers
	stepSelect                 // arith.select of a scalar condition
	stepIndex                  // linalg.index
)

// step is one operation of a compiled body.
type step struct {
	kind stepKind
	op   *ir.Operation
	fn   arithi.ScalarFunc
	rt   ir.Type
	args []int32
	out  int32
	// dim is linalg.index's dimension.
	dim int
	// scratch holds the argument values during the step.
	scratch []interp.Value
}

// compileBody compiles the single-block region of s, whose block takes
// one argument per operand, for a nest of rank loops; it returns nil
// when the region holds an operation it does not compile (the region is
// then interpreted).
func compileBody(f *interp.Frame, s *structured, region *ir.Region, rank int) *body {
	if region == nil || !region.HasOneBlock() {
		return nil
	}
	blk := region.First()
	nArgs := len(s.ins) + len(s.outs)
	if blk.NumArguments() != nArgs {
		return nil
	}
	reg := f.Interpreter().Registry()
	c := &body{regs: make([]interp.Value, nArgs)}
	index := map[ir.Value]int32{}
	for i := 0; i < nArgs; i++ {
		if !scalarType(blk.Argument(i).Type()) {
			return nil
		}
		index[blk.Argument(i)] = int32(i)
	}
	newReg := func(v ir.Value, x interp.Value) int32 {
		r := int32(len(c.regs))
		c.regs = append(c.regs, x)
		index[v] = r
		return r
	}
	// operand returns the register of v, reading a value defined outside
	// the region from the frame once.
	operand := func(user *ir.Operation, v ir.Value) (int32, bool) {
		if r, ok := index[v]; ok {
			return r, true
		}
		if d := ir.DefiningOp(v); d != nil && d.Block() == blk || !scalarType(v.Type()) {
			return 0, false
		}
		x, err := f.Get(user, v)
		if err != nil {
			return 0, false
		}
		return newReg(v, x), true
	}
	for op := blk.First(); op != nil; op = op.Next() {
		if op == blk.Last() {
			if _, ok := dlinalg.AsYieldOp(op); !ok || op.NumOperands() != len(s.outs) || reg.Lookup(op.Name()) == nil {
				return nil
			}
			for _, v := range op.Operands() {
				r, ok := operand(op, v)
				if !ok {
					return nil
				}
				c.yield = append(c.yield, r)
			}
			c.yieldOp = op
			return c
		}
		if op.NumRegions() != 0 || op.NumResults() != 1 || !scalarType(op.Result(0).Type()) || reg.Lookup(op.Name()) == nil {
			return nil
		}
		st := step{op: op, rt: op.Result(0).Type()}
		switch {
		case isConstant(op):
			// Computed once, by its semantics.
			if err := f.Exec(op); err != nil {
				return nil
			}
			x, err := f.Get(op, op.Result(0))
			if err != nil {
				return nil
			}
			newReg(op.Result(0), x)
			continue
		case isIndex(op):
			d, ok := op.Attr("dim").(*ir.IntegerAttr)
			if !ok || d.Int64() < 0 || d.Int64() >= int64(rank) || op.NumOperands() != 0 {
				return nil
			}
			st.kind, st.dim = stepIndex, int(d.Int64())
		case isSelect(op):
			if op.NumOperands() != 3 {
				return nil
			}
			st.kind = stepSelect
		default:
			st.fn = scalarFn(op.Name())
			if st.fn == nil {
				return nil
			}
		}
		for _, v := range op.Operands() {
			r, ok := operand(op, v)
			if !ok {
				return nil
			}
			st.args = append(st.args, r)
		}
		st.scratch = make([]interp.Value, len(st.args))
		st.out = newReg(op.Result(0), interp.Value{})
		c.steps = append(c.steps, st)
	}
	return nil
}

func isConstant(op *ir.Operation) bool { _, ok := arith.AsConstantOp(op); return ok }
func isSelect(op *ir.Operation) bool   { _, ok := arith.AsSelectOp(op); return ok }
func isIndex(op *ir.Operation) bool    { _, ok := dlinalg.AsIndexOp(op); return ok }

// scalarType reports whether the interpreter holds values of t as
// scalars: integers, index and floats.
func scalarType(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		return interp.SupportedType(t)
	}
	return false
}

// run computes the body at one point: args are the operands' elements,
// ivs the loop indices; it returns the yielded values (in the body's
// registers, valid until the next run).
func (c *body) run(ivs []int64) error {
	regs := c.regs
	for i := range c.steps {
		st := &c.steps[i]
		switch st.kind {
		case stepIndex:
			regs[st.out] = interp.MakeInt(st.rt, uint64(ivs[st.dim]))
		case stepSelect:
			cond := regs[st.args[0]]
			switch {
			case cond.IsPoison():
				regs[st.out] = cond.WithType(st.rt)
			case cond.Bool():
				regs[st.out] = regs[st.args[1]]
			default:
				regs[st.out] = regs[st.args[2]]
			}
		default:
			for j, a := range st.args {
				st.scratch[j] = regs[a]
			}
			// The types are scalars the interpreter supports (checked
			// when compiling): Apply only calls fn unless an argument
			// is poison.
			var r interp.Value
			var err error
			if interp.FirstPoison(st.scratch) < 0 {
				r, err = st.fn(st.op, st.scratch, st.rt)
			} else {
				r, err = arithi.Apply(st.op, st.fn, st.scratch, st.rt)
			}
			if err != nil {
				return err
			}
			regs[st.out] = r
		}
	}
	for i, r := range c.yield {
		if x := regs[r]; x.IsPoison() {
			return interp.PoisonError(c.yieldOp, fmt.Sprintf("operand #%d of '%s'", i, c.yieldOp.Name()), x)
		}
	}
	return nil
}

// runCompiled runs the compiled body c over the nest n for s.
func runCompiled(s *structured, n *nest, c *body) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = interp.Errorf(s.op, fmt.Sprintf("internal error while executing the body of '%s': %v", s.op.Name(), r))
		}
	}()
	all := s.all()
	types := make([]ir.Type, len(all))
	for i := range all {
		types[i] = c.yieldOp.Block().Argument(i).Type()
	}
	nIns := len(s.ins)
	r := len(n.bounds)
	ivsCur := make([]int64, r)
	p := make([]int64, len(all))
	return n.run(func(pos []int64, count int64, st []int64, ivs []int64) error {
		copy(p, pos)
		copy(ivsCur, ivs)
		for k := int64(0); k < count; k++ {
			if r > 0 {
				ivsCur[r-1] = k
			}
			for i, o := range all {
				c.regs[i] = interp.FromBits(types[i], o.data[p[i]])
			}
			if err := c.run(ivsCur); err != nil {
				return err
			}
			for j, y := range c.yield {
				s.outs[j].data[p[nIns+j]] = c.regs[y].Bits()
			}
			for i := range p {
				p[i] += st[i]
			}
		}
		return nil
	})
}
