// Package scf gives the scf dialect its semantics in the interpreter:
// for, while, if, execute_region, index_switch, forall, parallel and
// reduce, with their terminators (yield, condition, reduce.return,
// forall.in_parallel). Parallel loops run their iterations in order.
package scf

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	scfd "github.com/strata-ir/strata/dialects/scf"
	tensord "github.com/strata-ir/strata/dialects/tensor"
	"github.com/strata-ir/strata/interp/memref"
	"github.com/strata-ir/strata/interp/tensor"
)

// Register adds the semantics of the scf operations to reg.
func Register(reg *interp.Registry) {
	reg.Register("scf.for", forOp)
	reg.Register("scf.while", whileOp)
	reg.Register("scf.if", ifOp)
	reg.Register("scf.execute_region", executeRegion)
	reg.Register("scf.index_switch", indexSwitch)
	reg.Register("scf.forall", forall)
	reg.Register("scf.parallel", parallel)
	reg.Register("scf.yield", interp.YieldOperands)
	reg.Register("scf.condition", interp.YieldOperands)
	reg.Register("scf.reduce.return", interp.YieldOperands)
	// The terminators that combine or publish the iterations' values are
	// run by their loops.
	reg.ExecutedBy("scf.reduce", "scf.parallel")
	reg.ExecutedBy("scf.forall.in_parallel", "scf.forall")
	reg.ExecutedBy("tensor.parallel_insert_slice", "scf.forall")
}

func setResults(op *ir.Operation, f *interp.Frame, vs []interp.Value) error {
	if len(vs) != op.NumResults() {
		return interp.Errorf(op, fmt.Sprintf("region yielded %d values, the operation has %d results", len(vs), op.NumResults()))
	}
	for i, v := range vs {
		f.SetResult(op, i, v.WithType(op.Result(i).Type()))
	}
	return nil
}

func forOp(f *interp.Frame, op *ir.Operation) error {
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	if len(args) < 3 {
		return interp.Errorf(op, "expected lower bound, upper bound and step")
	}
	lb, ub, step := args[0], args[1], args[2]
	unsigned := op.Attr("unsignedCmp") != nil
	if step.Int() <= 0 && !unsigned || step.Uint() == 0 {
		return interp.Errorf(op, "scf.for step must be positive")
	}
	iter := append([]interp.Value(nil), args[3:]...)
	body := op.Region(0)
	blockArgs := make([]interp.Value, 1+len(iter))
	for iv := lb; ; {
		if unsigned && iv.Uint() >= ub.Uint() || !unsigned && iv.Int() >= ub.Int() {
			break
		}
		blockArgs[0] = iv
		copy(blockArgs[1:], iter)
		vs, err := f.RunRegion(body, blockArgs)
		if err != nil || f.Returned() {
			return err
		}
		if len(vs) != len(iter) {
			return interp.Errorf(op, fmt.Sprintf("body yielded %d values, expected %d", len(vs), len(iter)))
		}
		copy(iter, vs)
		next := interp.MakeInt(iv.Type, iv.Uint()+step.Uint())
		// Stop on wrap-around.
		if unsigned && next.Uint() < iv.Uint() || !unsigned && next.Int() < iv.Int() {
			break
		}
		iv = next
	}
	return setResults(op, f, iter)
}

func whileOp(f *interp.Frame, op *ir.Operation) error {
	vals, err := f.Operands(op)
	if err != nil {
		return err
	}
	for {
		cv, err := f.RunRegion(op.Region(0), vals)
		if err != nil || f.Returned() {
			return err
		}
		if len(cv) == 0 {
			return interp.Errorf(op, "the 'before' region must end in scf.condition")
		}
		if !cv[0].Bool() {
			return setResults(op, f, cv[1:])
		}
		vals, err = f.RunRegion(op.Region(1), cv[1:])
		if err != nil || f.Returned() {
			return err
		}
	}
}

func ifOp(f *interp.Frame, op *ir.Operation) error {
	c, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	r := op.Region(0)
	if !c.Bool() {
		r = op.Region(1)
		if r.Empty() {
			return nil
		}
	}
	vs, err := f.RunRegion(r, nil)
	if err != nil || f.Returned() {
		return err
	}
	return setResults(op, f, vs)
}

func executeRegion(f *interp.Frame, op *ir.Operation) error {
	vs, err := f.RunRegion(op.Region(0), nil)
	if err != nil || f.Returned() {
		return err
	}
	return setResults(op, f, vs)
}

func indexSwitch(f *interp.Frame, op *ir.Operation) error {
	arg, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	r := op.Region(0)
	for i, c := range interp.DenseArray(op.Attr("cases")) {
		if c == arg.Int() && i+1 < op.NumRegions() {
			r = op.Region(i + 1)
			break
		}
	}
	vs, err := f.RunRegion(r, nil)
	if err != nil || f.Returned() {
		return err
	}
	return setResults(op, f, vs)
}

// bounds reads the mixed lower bounds, upper bounds and steps of forall.
func forallBounds(f *interp.Frame, op *ir.Operation) (lbs, ubs, steps []int64, err error) {
	get := func(i int, name string) ([]int64, error) {
		vs, ok := interp.Segment(op, i)
		if !ok {
			return nil, interp.Errorf(op, "requires an 'operandSegmentSizes' property")
		}
		xs, err := f.Values(op, vs)
		if err != nil {
			return nil, err
		}
		dyn := make([]int64, len(xs))
		for i, x := range xs {
			dyn[i] = x.Int()
		}
		static := interp.DenseArray(op.Attr(name))
		if static == nil && name == "staticLowerBound" {
			// Normalized form: lower bounds 0 and steps 1.
			return nil, nil
		}
		return memref.Mixed(op, static, dyn)
	}
	if ubs, err = get(1, "staticUpperBound"); err != nil {
		return
	}
	if lbs, err = get(0, "staticLowerBound"); err != nil {
		return
	}
	if steps, err = get(2, "staticStep"); err != nil {
		return
	}
	if lbs == nil {
		lbs = make([]int64, len(ubs))
	}
	if steps == nil {
		steps = make([]int64, len(ubs))
		for i := range steps {
			steps[i] = 1
		}
	}
	return
}

// iterate calls fn with every point of the iteration space, in row-major
// order.
func iterate(lbs, ubs, steps []int64, fn func(ivs []int64) error) error {
	n := len(lbs)
	for d := range lbs {
		if lbs[d] >= ubs[d] {
			return nil
		}
	}
	ivs := append([]int64(nil), lbs...)
	for {
		if err := fn(ivs); err != nil {
			return err
		}
		d := n - 1
		for ; d >= 0; d-- {
			ivs[d] += steps[d]
			if ivs[d] < ubs[d] {
				break
			}
			ivs[d] = lbs[d]
		}
		if d < 0 {
			return nil
		}
	}
}

func forall(f *interp.Frame, op *ir.Operation) error {
	lbs, ubs, steps, err := forallBounds(f, op)
	if err != nil {
		return err
	}
	for _, s := range steps {
		if s <= 0 {
			return interp.Errorf(op, "scf.forall steps must be positive")
		}
	}
	outOps, _ := interp.Segment(op, 3)
	outs, err := f.Values(op, outOps)
	if err != nil {
		return err
	}
	body := op.Region(0).First()
	if body == nil || body.NumArguments() != len(lbs)+len(outs) {
		return interp.Errorf(op, "malformed scf.forall body")
	}
	idx := body.Argument(0).Type()
	acc := append([]interp.Value(nil), outs...)
	err = iterate(lbs, ubs, steps, func(ivs []int64) error {
		for i, iv := range ivs {
			f.Set(body.Argument(i), interp.MakeInt(idx, uint64(iv)))
		}
		for i, o := range outs {
			f.Set(body.Argument(len(ivs)+i), o)
		}
		for o := body.First(); o != nil; o = o.Next() {
			if ir.InParallelOp.Has(o) {
				return inParallel(f, o, body, len(ivs), acc)
			}
			if err := f.Exec(o); err != nil {
				return err
			}
			if f.Returned() {
				return nil
			}
		}
		return nil
	})
	if err != nil || f.Returned() {
		return err
	}
	return setResults(op, f, acc)
}

// inParallel performs the parallel_insert_slice operations of a forall
// terminator into the accumulated shared outputs.
func inParallel(f *interp.Frame, term *ir.Operation, body *ir.Block, nIvs int, acc []interp.Value) error {
	if term.NumRegions() == 0 || term.Region(0).Empty() {
		return nil
	}
	for o := term.Region(0).First().First(); o != nil; o = o.Next() {
		if _, ok := tensord.AsParallelInsertSliceOp(o); !ok {
			if err := f.Exec(o); err != nil {
				return err
			}
			continue
		}
		dest, ok := o.Operand(1).(*ir.BlockArgument)
		if !ok || dest.Owner() != body || dest.Index() < nIvs {
			return interp.Errorf(o, "destination must be a shared output of the enclosing scf.forall")
		}
		i := dest.Index() - nIvs
		src, err := f.Operand(o, 0)
		if err != nil {
			return err
		}
		offs, sizes, strides, err := memref.OffsetsSizesStrides(f, o, 2)
		if err != nil {
			return err
		}
		r, err := tensor.InsertSlice(src.Dense(), acc[i].Dense(), offs, sizes, strides)
		if err != nil {
			return interp.Errorf(o, err.Error())
		}
		acc[i] = interp.MakeDense(acc[i].Type, r)
	}
	return nil
}

func parallel(f *interp.Frame, op *ir.Operation) error {
	seg := func(i int) ([]interp.Value, error) {
		vs, ok := interp.Segment(op, i)
		if !ok {
			return nil, interp.Errorf(op, "requires an 'operandSegmentSizes' property")
		}
		return f.Values(op, vs)
	}
	lbv, err := seg(0)
	if err != nil {
		return err
	}
	ubv, err := seg(1)
	if err != nil {
		return err
	}
	stv, err := seg(2)
	if err != nil {
		return err
	}
	acc, err := seg(3)
	if err != nil {
		return err
	}
	n := len(lbv)
	lbs, ubs, steps := make([]int64, n), make([]int64, n), make([]int64, n)
	for i := range lbv {
		lbs[i], ubs[i], steps[i] = lbv[i].Int(), ubv[i].Int(), stv[i].Int()
		if steps[i] <= 0 {
			return interp.Errorf(op, "scf.parallel steps must be positive")
		}
	}
	body := op.Region(0).First()
	if body == nil || body.NumArguments() != n {
		return interp.Errorf(op, "malformed scf.parallel body")
	}
	if n == 0 {
		lbs, ubs, steps = []int64{0}, []int64{1}, []int64{1}
	}
	err = iterate(lbs, ubs, steps, func(ivs []int64) error {
		for i := 0; i < n; i++ {
			f.Set(body.Argument(i), interp.MakeInt(body.Argument(i).Type(), uint64(ivs[i])))
		}
		for o := body.First(); o != nil; o = o.Next() {
			if o.Name() == scfd.ReduceOpName {
				vals, err := f.Operands(o)
				if err != nil {
					return err
				}
				if len(vals) != len(acc) || o.NumRegions() != len(acc) {
					return interp.Errorf(o, "scf.reduce must reduce one value per result")
				}
				for i, v := range vals {
					r, err := f.RunRegion(o.Region(i), []interp.Value{acc[i], v})
					if err != nil {
						return err
					}
					if len(r) != 1 {
						return interp.Errorf(o, "reduction region must yield one value")
					}
					acc[i] = r[0]
				}
				return nil
			}
			if err := f.Exec(o); err != nil {
				return err
			}
			if f.Returned() {
				return nil
			}
		}
		return nil
	})
	if err != nil || f.Returned() {
		return err
	}
	return setResults(op, f, acc)
}
