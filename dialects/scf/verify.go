package scf

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// terminatorOf returns the last operation of the entry block of r, or nil.
func terminatorOf(r *ir.Region) *ir.Operation {
	if b := r.First(); b != nil {
		return b.Last()
	}
	return nil
}

// verifyTerminator is upstream's verifyAndGetTerminator: the entry block
// of r must end with name; otherwise msg, with a note at the operation
// found.
func verifyTerminator(op *ir.Operation, r *ir.Region, name, msg string) (*ir.Operation, error) {
	t := terminatorOf(r)
	if t != nil && t.Name() == name {
		return t, nil
	}
	d := ir.OpError(op, msg)
	if t != nil {
		d.Note(t.Loc(), "terminator here")
	}
	return nil, d
}

// verifyNonEmptyBlocks is the part of MLIR's SingleBlock trait that
// requires a terminator: the block of each non-empty region has an
// operation.
func verifyNonEmptyBlocks(op *ir.Operation) error {
	for i := 0; i < op.NumRegions(); i++ {
		if b := op.Region(i).First(); b != nil && b.Empty() {
			return ir.OpError(op, "expects a non-empty block")
		}
	}
	return nil
}

// verifyLoopLike is LoopLikeOpInterface's verifier (counts and types of
// inits, region iter_args, yielded values and loop results); yielded is
// nil when the loop yields nothing and results nil when it has none to
// check.
func verifyLoopLike(op *ir.Operation, inits []ir.Value, iterArgs []*ir.BlockArgument, yielded, results []ir.Value, hasResults bool) error {
	if len(inits) != len(iterArgs) {
		return ir.OpError(op, fmt.Sprintf("different number of inits and region iter_args: %d != %d", len(inits), len(iterArgs)))
	}
	if len(yielded) != 0 && len(iterArgs) != len(yielded) {
		return ir.OpError(op, fmt.Sprintf("different number of region iter_args and yielded values: %d != %d", len(iterArgs), len(yielded)))
	}
	if hasResults && len(results) != len(iterArgs) {
		return ir.OpError(op, fmt.Sprintf("different number of loop results and region iter_args: %d != %d", len(results), len(iterArgs)))
	}
	for i, init := range inits {
		if init.Type() != iterArgs[i].Type() {
			return ir.OpError(op, fmt.Sprintf("%d-th init and %d-th region iter_arg have different type: %s != %s", i, i, quoteType(init.Type()), quoteType(iterArgs[i].Type())))
		}
		if len(yielded) != 0 && iterArgs[i].Type() != yielded[i].Type() {
			return ir.OpError(op, fmt.Sprintf("%d-th region iter_arg and %d-th yielded value have different type: %s != %s", i, i, quoteType(iterArgs[i].Type()), quoteType(yielded[i].Type())))
		}
	}
	if hasResults {
		for i, a := range iterArgs {
			if a.Type() != results[i].Type() {
				return ir.OpError(op, fmt.Sprintf("%d-th region iter_arg and %d-th loop result have different type: %s != %s", i, i, quoteType(a.Type()), quoteType(results[i].Type())))
			}
		}
	}
	return nil
}

// constantInt returns the integer value of v when an arith.constant-like
// operation defines it.
func constantInt(v ir.Value) (int64, bool) {
	r, ok := v.(*ir.OpResult)
	if !ok {
		return 0, false
	}
	def := r.Owner()
	if !def.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	ia, ok := def.InherentAttr("value").(*ir.IntegerAttr)
	if !ok || ia.Big != nil {
		return 0, false
	}
	switch t := ia.Type.(type) {
	case *ir.IntegerType:
		if t.Width == 1 {
			return int64(ia.Lo & 1), true
		}
	}
	return int64(ia.Lo), true
}

// ---- scf.for ----

func verifyFor(op *ir.Operation) error {
	if op.Region(0).NumBlocks() != 1 {
		return ir.OpError(op, "region #0 ('region') failed to verify constraint: region with 1 blocks")
	}
	if err := verifyNonEmptyBlocks(op); err != nil {
		return err
	}
	if op.NumOperands()-3 != op.NumResults() {
		return ir.OpError(op, "mismatch in number of loop-carried values and defined values")
	}
	// LoopLikeOpInterface's verifier, which MLIR runs with the operation's
	// invariants, before its regions and the region-branch verifier.
	body := op.Region(0)
	var yielded []ir.Value
	if t := terminatorOf(body); t != nil && t.Name() == "scf.yield" {
		yielded = t.Operands()
	}
	return verifyLoopLike(op, op.Operands()[3:], blockArgs(body, 1), yielded, op.Results(), true)
}

// verifyForRegions runs after the region-branch verifier
// (ir.VerifyRegionBranchOp).
func verifyForRegions(op *ir.Operation) error {
	body := op.Region(0)
	if args := blockArgs(body, 0); len(args) == 0 || args[0].Type() != op.Operand(0).Type() {
		return ir.OpError(op, "expected induction variable to be same type as bounds and step")
	}
	return nil
}

// ---- scf.if ----

func verifyIf(op *ir.Operation) error {
	if err := verifyNonEmptyBlocks(op); err != nil {
		return err
	}
	if op.NumRegions() == 2 && op.Region(1).NumBlocks() > 1 {
		return ir.OpError(op, "region #1 ('elseRegion') failed to verify constraint: region with at most 1 blocks")
	}
	for i := 0; i < op.NumRegions(); i++ {
		if b := op.Region(i).First(); b != nil && b.NumArguments() > 0 {
			return ir.OpError(op, fmt.Sprintf("region #%d should have no arguments", i))
		}
	}
	if op.NumResults() != 0 && op.Region(1).Empty() {
		return ir.OpError(op, "must have an else block if defining values")
	}
	return nil
}

// ---- scf.while ----

func verifyWhile(op *ir.Operation) error {
	if err := verifyNonEmptyBlocks(op); err != nil {
		return err
	}
	if _, err := verifyTerminator(op, op.Region(0), "scf.condition", "expects the 'before' region to terminate with 'scf.condition'"); err != nil {
		return err
	}
	_, err := verifyTerminator(op, op.Region(1), "scf.yield", "expects the 'after' region to terminate with 'scf.yield'")
	return err
}

// verifyWhileRegions runs after the region-branch verifier
// (ir.VerifyRegionBranchOp).
func verifyWhileRegions(op *ir.Operation) error {
	var yielded []ir.Value
	if t := terminatorOf(op.Region(1)); t != nil && t.Name() == "scf.yield" {
		yielded = t.Operands()
	}
	return verifyLoopLike(op, op.Operands(), blockArgs(op.Region(0), 0), yielded, nil, false)
}

// ---- scf.forall ----

// isMaskAttr reports whether a is a device masking attribute of the
// mapping list.
func isMaskAttr(a ir.Attribute) bool {
	return strings.HasPrefix(ir.AttrString(a), "#gpu.mask<")
}

func verifyBoundList(op *ir.Operation, name string, n int, static []int64, values []ir.Value) error {
	if len(static) != n {
		return ir.EmitError(op, fmt.Sprintf("expected %d %s values, got %d", n, name, len(static)))
	}
	want := 0
	for _, s := range static {
		if s == dynamic {
			want++
		}
	}
	if len(values) != want {
		return ir.EmitError(op, fmt.Sprintf("expected %d dynamic %s values", want, name))
	}
	return nil
}

func verifyForall(op *ir.Operation) error {
	if err := verifyNonEmptyBlocks(op); err != nil {
		return err
	}
	lbs, ubs, steps, seg := forallBounds(op)
	if len(seg) != 4 {
		return nil
	}
	rank := len(lbs)
	outs := seg[3]
	if op.NumResults() != len(outs) {
		return ir.OpError(op, fmt.Sprintf("produces %d results, but has only %d outputs", op.NumResults(), len(outs)))
	}
	body := op.Region(0).First()
	if body.NumArguments() != rank+len(outs) {
		return ir.OpError(op, fmt.Sprintf("region expects %d arguments", rank))
	}
	for i := 0; i < rank; i++ {
		if _, ok := body.Argument(i).Type().(*ir.IndexType); !ok {
			return ir.OpError(op, fmt.Sprintf("expects %d-th block argument to be an index", i))
		}
	}
	for i, o := range outs {
		if body.Argument(rank+i).Type() != o.Type() {
			return ir.OpError(op, fmt.Sprintf("type mismatch between %d-th output and corresponding block argument", i))
		}
	}
	if m, ok := op.InherentAttr("mapping").(*ir.ArrayAttr); ok && len(m.Elems) > 0 {
		masks, devices := 0, 0
		for _, e := range m.Elems {
			if isMaskAttr(e) {
				masks++
			} else {
				devices++
			}
		}
		if masks > 1 {
			return ir.OpError(op, "\"mapping\" supports at most one device masking attribute")
		}
		if devices != rank {
			return ir.OpError(op, "mapping attribute size must match op rank")
		}
	}
	if err := verifyBoundList(op, "lower bound", rank, lbs, seg[0]); err != nil {
		return err
	}
	if err := verifyBoundList(op, "upper bound", rank, ubs, seg[1]); err != nil {
		return err
	}
	return verifyBoundList(op, "step", rank, steps, seg[2])
}

func verifyForallRegions(op *ir.Operation) error {
	_, _, _, seg := forallBounds(op)
	rank := len(i64s(op.InherentAttr("staticLowerBound")))
	if len(seg) != 4 {
		return nil
	}
	return verifyLoopLike(op, seg[3], blockArgs(op.Region(0), rank), nil, op.Results(), true)
}

// ---- scf.parallel and scf.reduce ----

func verifyParallel(op *ir.Operation) error {
	if err := verifyNonEmptyBlocks(op); err != nil {
		return err
	}
	seg := segments(op)
	if len(seg) != 4 {
		return nil
	}
	steps := seg[2]
	if len(steps) == 0 {
		return ir.OpError(op, "needs at least one tuple element for lowerBound, upperBound and step")
	}
	for _, s := range steps {
		if c, ok := constantInt(s); ok && c <= 0 {
			return ir.OpError(op, "constant step operand must be positive")
		}
	}
	body := op.Region(0).First()
	if body.NumArguments() != len(steps) {
		return ir.OpError(op, fmt.Sprintf("expects the same number of induction variables: %d as bound and step values: %d", body.NumArguments(), len(steps)))
	}
	for _, a := range body.Arguments() {
		if _, ok := a.Type().(*ir.IndexType); !ok {
			return ir.OpError(op, "expects arguments for the induction variable to be of index type")
		}
	}
	reduce, err := verifyTerminator(op, op.Region(0), "scf.reduce", "expects body to terminate with 'scf.reduce'")
	if err != nil {
		return err
	}
	nres, nred, ninit := op.NumResults(), reduce.NumRegions(), len(seg[3])
	if nres != nred {
		return ir.OpError(op, fmt.Sprintf("expects number of results: %d to be the same as number of reductions: %d", nres, nred))
	}
	if nres != ninit {
		return ir.OpError(op, fmt.Sprintf("expects number of results: %d to be the same as number of initial values: %d", nres, ninit))
	}
	for i := 0; i < nred && i < reduce.NumOperands(); i++ {
		rt, ot := op.Result(i).Type(), reduce.Operand(i).Type()
		if rt != ot {
			return ir.OpError(reduce, fmt.Sprintf("expects type of %d-th reduction operand: %s to be the same as the %d-th result type: %s", i, quoteType(ot), i, quoteType(rt)))
		}
	}
	return nil
}

func verifyReduceRegions(op *ir.Operation) error {
	for i := 0; i < op.NumRegions() && i < op.NumOperands(); i++ {
		t := op.Operand(i).Type()
		b := op.Region(i).First()
		if b == nil {
			continue
		}
		if b.Empty() {
			return ir.OpError(op, fmt.Sprintf("%d-th reduction has an empty body", i))
		}
		ok := b.NumArguments() == 2
		for _, a := range b.Arguments() {
			ok = ok && a.Type() == t
		}
		if !ok {
			return ir.OpError(op, fmt.Sprintf("expected two block arguments with type %s in the %d-th reduction region", quoteType(t), i))
		}
		if b.Last().Name() != "scf.reduce.return" {
			return ir.OpError(op, "reduction bodies must be terminated with an 'scf.reduce.return' op")
		}
	}
	return nil
}

// ---- scf.execute_region and scf.index_switch ----

func verifyExecuteRegion(op *ir.Operation) error {
	r := op.Region(0)
	if r.Empty() {
		return ir.OpError(op, "region needs to have at least one block")
	}
	if r.First().NumArguments() > 0 {
		return ir.OpError(op, "region cannot have any arguments")
	}
	return nil
}

func verifyIndexSwitch(op *ir.Operation) error {
	if err := verifyNonEmptyBlocks(op); err != nil {
		return err
	}
	cases := i64s(op.InherentAttr("cases"))
	if len(cases) != op.NumRegions()-1 {
		return ir.OpError(op, fmt.Sprintf("has %d case regions but %d case values", op.NumRegions()-1, len(cases)))
	}
	seen := map[int64]bool{}
	for _, c := range cases {
		if seen[c] {
			return ir.OpError(op, fmt.Sprintf("has duplicate case value: %d", c))
		}
		seen[c] = true
	}
	check := func(r *ir.Region, name string) error {
		y := terminatorOf(r)
		if y == nil {
			return nil
		}
		if y.Name() != "scf.yield" {
			return ir.OpError(op, "expected region to end with scf.yield, but got "+y.Name())
		}
		if y.NumOperands() != op.NumResults() {
			d := ir.OpError(op, fmt.Sprintf("expected each region to return %d values, but %s returns %d", op.NumResults(), name, y.NumOperands()))
			d.Note(y.Loc(), "see yield operation here")
			return d
		}
		for i, t := range op.ResultTypes() {
			if got := y.Operand(i).Type(); got != t {
				d := ir.OpError(op, fmt.Sprintf("expected result #%d of each region to be %s", i, quoteType(t)))
				d.Note(y.Loc(), fmt.Sprintf("%s returns %s here", name, quoteType(got)))
				return d
			}
		}
		return nil
	}
	if err := check(op.Region(0), "default region"); err != nil {
		return err
	}
	for i := 1; i < op.NumRegions(); i++ {
		if err := check(op.Region(i), fmt.Sprintf("case region #%d", i-1)); err != nil {
			return err
		}
	}
	return nil
}
