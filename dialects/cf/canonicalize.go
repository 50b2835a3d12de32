package cf

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// canonicalizationTable holds the canonicalization patterns of the cf
// operations, in upstream's order (AssertOp::canonicalize,
// BranchOp::canonicalize and the pattern lists of CondBranchOp and
// SwitchOp).
var canonicalizationTable = []*rewrite.Func{
	{RootName: "cf.assert", BenefitValue: 1, PatternName: "AssertOp::canonicalize", Fn: eraseAssertTrue},
	{RootName: "cf.br", BenefitValue: 1, PatternName: "BranchOp::canonicalize", Fn: canonicalizeBr},
	{RootName: "cf.cond_br", BenefitValue: 1, PatternName: "SimplifyConstCondBranchPred", Fn: simplifyConstCondBranchPred},
	{RootName: "cf.cond_br", BenefitValue: 1, PatternName: "SimplifyPassThroughCondBranch", Fn: simplifyPassThroughCondBranch},
	{RootName: "cf.cond_br", BenefitValue: 1, PatternName: "SimplifyCondBranchIdenticalSuccessors", Fn: simplifyCondBranchIdenticalSuccessors},
	{RootName: "cf.cond_br", BenefitValue: 1, PatternName: "SimplifyCondBranchFromCondBranchOnSameCondition", Fn: simplifyCondBranchFromCondBranchOnSameCondition},
	{RootName: "cf.cond_br", BenefitValue: 1, PatternName: "CondBranchTruthPropagation", Fn: condBranchTruthPropagation},
	{RootName: "cf.switch", BenefitValue: 1, PatternName: "simplifySwitchWithOnlyDefault", Fn: simplifySwitchWithOnlyDefault},
	{RootName: "cf.switch", BenefitValue: 1, PatternName: "dropSwitchCasesThatMatchDefault", Fn: dropSwitchCasesThatMatchDefault},
	{RootName: "cf.switch", BenefitValue: 1, PatternName: "simplifyConstSwitchValue", Fn: simplifyConstSwitchValue},
	{RootName: "cf.switch", BenefitValue: 1, PatternName: "simplifyPassThroughSwitch", Fn: simplifyPassThroughSwitch},
	{RootName: "cf.switch", BenefitValue: 1, PatternName: "simplifySwitchFromSwitchOnSameCondition", Fn: simplifySwitchFromSwitchOnSameCondition},
	{RootName: "cf.switch", BenefitValue: 1, PatternName: "simplifySwitchFromDefaultSwitchOnSameCondition", Fn: simplifySwitchFromDefaultSwitchOnSameCondition},
}

// canonicalizationPatterns is the canonicalizer hook of the cf operations.
func canonicalizationPatterns(root string) []rewrite.Pattern {
	return rewrite.RootedAt(root, canonicalizationTable)
}

// constantInt returns the integer value of a constant operand, truncated
// to the width of its type.
func constantInt(v ir.Value) (uint64, bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, false
	}
	a, ok := rewrite.ConstantValue(def)
	if !ok {
		return 0, false
	}
	ia, ok := a.(*ir.IntegerAttr)
	if !ok || ia.Big != nil {
		return 0, false
	}
	x := ia.Lo
	if w := intWidth(ia.Type); w > 0 && w < 64 {
		x &= 1<<uint(w) - 1
	}
	return x, true
}

// singlePredecessor returns the block of b's only predecessor edge
// (Block::getSinglePredecessor: two edges from one block do not count).
func singlePredecessor(b *ir.Block) *ir.Block {
	u := b.FirstUse()
	if u == nil || u.Next() != nil {
		return nil
	}
	return u.Owner().Block()
}

// uniquePredecessor returns the block all of b's predecessor edges come
// from (Block::getUniquePredecessor).
func uniquePredecessor(b *ir.Block) *ir.Block {
	var pred *ir.Block
	for u := b.FirstUse(); u != nil; u = u.Next() {
		p := u.Owner().Block()
		if pred != nil && p != pred {
			return nil
		}
		pred = p
	}
	return pred
}

func sameValues(a, b []ir.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// newBr builds cf.br at the rewriter's insertion point.
func newBr(r *rewrite.Rewriter, loc ir.Location, dest *ir.Block, operands []ir.Value) *ir.Operation {
	return r.Create(&ir.OperationState{Name: r.Ctx.OpName("cf.br"), Loc: loc,
		Operands: append([]ir.Value(nil), operands...), Successors: []*ir.Block{dest}})
}

// replaceWithBr replaces op with `cf.br dest(operands)`.
func replaceWithBr(r *rewrite.Rewriter, op *ir.Operation, dest *ir.Block, operands []ir.Value) {
	operands = append([]ir.Value(nil), operands...)
	br := newBr(r, op.Loc(), dest, operands)
	r.ReplaceOp(op, br.Results())
}

// ---- cf.assert ----

// eraseAssertTrue erases an assertion of a constant true.
func eraseAssertTrue(op *ir.Operation, r *rewrite.Rewriter) bool {
	if c, ok := constantInt(op.Operand(0)); !ok || c != 1 {
		return false
	}
	r.EraseOp(op)
	return true
}

// ---- cf.br ----

// collapseBranch follows successor when it holds nothing but an
// unconditional branch whose operands use the block's arguments only
// there, returning the final destination and the operands to pass it.
func collapseBranch(successor *ir.Block, operands []ir.Value) (*ir.Block, []ir.Value, bool) {
	br := successor.First()
	if br == nil || br != successor.Last() || br.Name() != "cf.br" {
		return nil, nil, false
	}
	for _, a := range successor.Arguments() {
		for u := a.FirstUse(); u != nil; u = u.Next() {
			if u.Owner() != br {
				return nil, nil, false
			}
		}
	}
	dest := br.Successor(0)
	if dest == successor {
		return nil, nil, false
	}
	// Branches that take part in a cycle are not collapsed.
	visited := map[*ir.Block]bool{successor: true, dest: true}
	for next := dest.Last(); next != nil && next.Name() == "cf.br"; {
		d := next.Successor(0)
		if visited[d] {
			return nil, nil, false
		}
		visited[d] = true
		next = d.Last()
	}
	fwd := br.Operands()
	if successor.NumArguments() == 0 {
		return dest, append([]ir.Value(nil), fwd...), true
	}
	out := make([]ir.Value, len(fwd))
	for i, v := range fwd {
		if a, ok := v.(*ir.BlockArgument); ok && a.Owner() == successor {
			out[i] = operands[a.Index()]
		} else {
			out[i] = v
		}
	}
	return dest, out, true
}

// canonicalizeBr merges the destination into the branch's block when the
// branch is its only predecessor, or else skips a destination that only
// branches on.
func canonicalizeBr(op *ir.Operation, r *rewrite.Rewriter) bool {
	succ, parent := op.Successor(0), op.Block()
	if succ != parent && singlePredecessor(succ) == parent {
		args := append([]ir.Value(nil), op.Operands()...)
		r.MergeBlocks(succ, parent, args)
		r.EraseOp(op)
		return true
	}
	if succ == parent {
		return false
	}
	dest, operands, ok := collapseBranch(succ, op.Operands())
	if !ok {
		return false
	}
	replaceWithBr(r, op, dest, operands)
	return true
}

// ---- cf.cond_br ----

// condBrParts returns cond_br's condition and the operands of each
// destination.
func condBrParts(op *ir.Operation) (ir.Value, []ir.Value, []ir.Value, bool) {
	seg := segments(op)
	if len(seg) != 3 || len(seg[0]) != 1 {
		return nil, nil, nil, false
	}
	return seg[0][0], seg[1], seg[2], true
}

func simplifyConstCondBranchPred(op *ir.Operation, r *rewrite.Rewriter) bool {
	cond, t, f, ok := condBrParts(op)
	if !ok {
		return false
	}
	c, ok := constantInt(cond)
	if !ok {
		return false
	}
	if c != 0 {
		replaceWithBr(r, op, op.Successor(0), t)
	} else {
		replaceWithBr(r, op, op.Successor(1), f)
	}
	return true
}

func simplifyPassThroughCondBranch(op *ir.Operation, r *rewrite.Rewriter) bool {
	cond, t, f, ok := condBrParts(op)
	if !ok {
		return false
	}
	trueDest, falseDest := op.Successor(0), op.Successor(1)
	nt, ntOps, okT := collapseBranch(trueDest, t)
	nf, nfOps, okF := collapseBranch(falseDest, f)
	if !okT && !okF {
		return false
	}
	if okT {
		trueDest, t = nt, ntOps
	}
	if okF {
		falseDest, f = nf, nfOps
	}
	nop := newCondBr(r, op.Loc(), cond, trueDest, t, falseDest, f, op.InherentAttr("branch_weights"))
	r.ReplaceOp(op, nop.Results())
	return true
}

// newCondBr builds cf.cond_br at the rewriter's insertion point.
func newCondBr(r *rewrite.Rewriter, loc ir.Location, cond ir.Value, trueDest *ir.Block, t []ir.Value, falseDest *ir.Block, f []ir.Value, weights ir.Attribute) *ir.Operation {
	ctx := r.Ctx
	operands := append([]ir.Value{cond}, t...)
	operands = append(operands, f...)
	var props []ir.NamedAttr
	if weights != nil {
		props = append(props, ir.NamedAttr{Name: "branch_weights", Value: weights})
	}
	props = append(props, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, int32(len(t)), int32(len(f)))})
	return r.Create(&ir.OperationState{Name: ctx.OpName("cf.cond_br"), Loc: loc, Operands: operands,
		Successors: []*ir.Block{trueDest, falseDest}, Properties: ctx.DictionaryAttr(props)})
}

func simplifyCondBranchIdenticalSuccessors(op *ir.Operation, r *rewrite.Rewriter) bool {
	cond, t, f, ok := condBrParts(op)
	if !ok {
		return false
	}
	dest := op.Successor(0)
	if dest != op.Successor(1) {
		return false
	}
	if sameValues(t, f) {
		replaceWithBr(r, op, dest, t)
		return true
	}
	if uniquePredecessor(dest) != op.Block() {
		return false
	}
	sel := r.Ctx.LookupOpName("arith.select")
	if sel == nil {
		return false
	}
	merged := make([]ir.Value, len(t))
	for i := range t {
		if t[i] == f[i] {
			merged[i] = t[i]
			continue
		}
		s := r.Create(&ir.OperationState{Name: sel, Loc: op.Loc(),
			Operands: []ir.Value{cond, t[i], f[i]}, ResultTypes: []ir.Type{t[i].Type()}})
		merged[i] = s.Result(0)
	}
	replaceWithBr(r, op, dest, merged)
	return true
}

func simplifyCondBranchFromCondBranchOnSameCondition(op *ir.Operation, r *rewrite.Rewriter) bool {
	cond, t, f, ok := condBrParts(op)
	if !ok {
		return false
	}
	cur := op.Block()
	pred := singlePredecessor(cur)
	if pred == nil {
		return false
	}
	pb := pred.Last()
	if pb == nil || pb.Name() != "cf.cond_br" || pb.NumOperands() == 0 || pb.Operand(0) != cond {
		return false
	}
	if cur == pb.Successor(0) {
		replaceWithBr(r, op, op.Successor(0), t)
	} else {
		replaceWithBr(r, op, op.Successor(1), f)
	}
	return true
}

func condBranchTruthPropagation(op *ir.Operation, r *rewrite.Rewriter) bool {
	cond, _, _, ok := condBrParts(op)
	if !ok {
		return false
	}
	constName := r.Ctx.LookupOpName("arith.constant")
	if constName == nil {
		return false
	}
	replaced := false
	i1 := r.Ctx.I(1)
	propagate := func(dest *ir.Block, value bool) {
		if singlePredecessor(dest) == nil {
			return
		}
		var c ir.Value
		for u := cond.FirstUse(); u != nil; {
			next := u.Next()
			user := u.Owner()
			if user.Block() == dest {
				replaced = true
				if c == nil {
					c = r.Create(&ir.OperationState{Name: constName, Loc: op.Loc(), ResultTypes: []ir.Type{i1},
						Properties: r.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: r.Ctx.Bool(value)}})}).Result(0)
				}
				r.ModifyInPlace(user, func() { u.Set(c) })
			}
			u = next
		}
	}
	propagate(op.Successor(0), true)
	propagate(op.Successor(1), false)
	return replaced
}

// ---- cf.switch ----

// switchCase is one case of a cf.switch.
type switchCase struct {
	value    uint64
	dest     *ir.Block
	operands []ir.Value
}

// switchParts returns cf.switch's flag, default destination and operands,
// and its cases.
func switchParts(op *ir.Operation) (flag ir.Value, def *ir.Block, defOps []ir.Value, cases []switchCase, ok bool) {
	seg := segments(op)
	if len(seg) != 3 || len(seg[0]) != 1 {
		return nil, nil, nil, nil, false
	}
	vals, _, hasVals := caseValues(op.InherentAttr("case_values"))
	if !hasVals {
		vals = nil
	}
	if len(vals) != op.NumSuccessors()-1 {
		return nil, nil, nil, nil, false
	}
	for i, v := range vals {
		cases = append(cases, switchCase{v, op.Successor(i + 1), switchSuccessorOperands(op, i+1)})
	}
	return seg[0][0], op.Successor(0), seg[1], cases, true
}

// newSwitch builds cf.switch at the rewriter's insertion point.
func newSwitch(r *rewrite.Rewriter, loc ir.Location, flag ir.Value, def *ir.Block, defOps []ir.Value, cases []switchCase) *ir.Operation {
	ctx := r.Ctx
	operands := append([]ir.Value{flag}, defOps...)
	succs := []*ir.Block{def}
	groups := make([]int32, 0, len(cases))
	numCase := 0
	for _, c := range cases {
		operands = append(operands, c.operands...)
		succs = append(succs, c.dest)
		groups = append(groups, int32(len(c.operands)))
		numCase += len(c.operands)
	}
	var props []ir.NamedAttr
	if len(cases) > 0 {
		props = append(props, ir.NamedAttr{Name: "case_values", Value: caseValuesAttr(ctx, flag.Type(), cases)})
	}
	props = append(props,
		ir.NamedAttr{Name: "case_operand_segments", Value: ctx.DenseI32Array(groups...)},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, int32(len(defOps)), int32(numCase))})
	return r.Create(&ir.OperationState{Name: ctx.OpName("cf.switch"), Loc: loc, Operands: operands,
		Successors: succs, Properties: ctx.DictionaryAttr(props)})
}

// caseValuesAttr builds the vector<N x flag type> dense attribute of the
// cases' values (a splat when they are all equal, as DenseElementsAttr::get
// makes it).
func caseValuesAttr(ctx *ir.Context, flagType ir.Type, cases []switchCase) ir.Attribute {
	width := intWidth(flagType)
	size := (width + 7) / 8
	data := make([]byte, 0, size*len(cases))
	for _, c := range cases {
		for j := 0; j < size; j++ {
			if j < 8 {
				data = append(data, byte(c.value>>(8*j)))
			} else {
				data = append(data, 0)
			}
		}
	}
	splat := true
	for i := 1; i < len(cases) && splat; i++ {
		splat = string(data[i*size:(i+1)*size]) == string(data[:size])
	}
	if splat {
		data = data[:size]
	}
	vt := ctx.VectorType([]int64{int64(len(cases))}, nil, flagType)
	return ctx.DenseElementsAttr(vt, splat, data)
}

func simplifySwitchWithOnlyDefault(op *ir.Operation, r *rewrite.Rewriter) bool {
	_, def, defOps, cases, ok := switchParts(op)
	if !ok || len(cases) != 0 {
		return false
	}
	replaceWithBr(r, op, def, defOps)
	return true
}

func dropSwitchCasesThatMatchDefault(op *ir.Operation, r *rewrite.Rewriter) bool {
	flag, def, defOps, cases, ok := switchParts(op)
	if !ok {
		return false
	}
	var kept []switchCase
	for _, c := range cases {
		if c.dest == def && sameValues(c.operands, defOps) {
			continue
		}
		kept = append(kept, c)
	}
	if len(kept) == len(cases) {
		return false
	}
	nop := newSwitch(r, op.Loc(), flag, def, copyValues(defOps), copyCases(kept))
	r.ReplaceOp(op, nop.Results())
	return true
}

func copyValues(vs []ir.Value) []ir.Value { return append([]ir.Value(nil), vs...) }

func copyCases(cs []switchCase) []switchCase {
	out := make([]switchCase, len(cs))
	for i, c := range cs {
		out[i] = switchCase{c.value, c.dest, copyValues(c.operands)}
	}
	return out
}

// foldSwitch replaces op with a branch to the destination of value.
func foldSwitch(op *ir.Operation, r *rewrite.Rewriter, value uint64, def *ir.Block, defOps []ir.Value, cases []switchCase) {
	for _, c := range cases {
		if c.value == value {
			replaceWithBr(r, op, c.dest, c.operands)
			return
		}
	}
	replaceWithBr(r, op, def, defOps)
}

func simplifyConstSwitchValue(op *ir.Operation, r *rewrite.Rewriter) bool {
	flag, def, defOps, cases, ok := switchParts(op)
	if !ok {
		return false
	}
	v, ok := constantInt(flag)
	if !ok {
		return false
	}
	foldSwitch(op, r, v, def, defOps, cases)
	return true
}

func simplifyPassThroughSwitch(op *ir.Operation, r *rewrite.Rewriter) bool {
	flag, def, defOps, cases, ok := switchParts(op)
	if !ok {
		return false
	}
	changed := false
	nc := copyCases(cases)
	for i, c := range nc {
		if d, ops, ok := collapseBranch(c.dest, c.operands); ok {
			nc[i].dest, nc[i].operands = d, ops
			changed = true
		}
	}
	defOps = copyValues(defOps)
	if d, ops, ok := collapseBranch(def, defOps); ok {
		def, defOps = d, ops
		changed = true
	}
	if !changed {
		return false
	}
	nop := newSwitch(r, op.Loc(), flag, def, defOps, nc)
	r.ReplaceOp(op, nop.Results())
	return true
}

// predSwitchOnSameFlag returns the cf.switch that ends the single
// predecessor of op's block when it switches on the same flag.
func predSwitchOnSameFlag(op *ir.Operation, flag ir.Value) *ir.Operation {
	pred := singlePredecessor(op.Block())
	if pred == nil {
		return nil
	}
	ps := pred.Last()
	if ps == nil || ps.Name() != "cf.switch" || ps.NumOperands() == 0 || ps.Operand(0) != flag {
		return nil
	}
	return ps
}

func simplifySwitchFromSwitchOnSameCondition(op *ir.Operation, r *rewrite.Rewriter) bool {
	flag, def, defOps, cases, ok := switchParts(op)
	if !ok {
		return false
	}
	ps := predSwitchOnSameFlag(op, flag)
	if ps == nil {
		return false
	}
	_, pdef, _, pcases, ok := switchParts(ps)
	cur := op.Block()
	if !ok || pdef == cur {
		return false
	}
	for _, c := range pcases {
		if c.dest == cur {
			foldSwitch(op, r, c.value, def, copyValues(defOps), copyCases(cases))
			return true
		}
	}
	replaceWithBr(r, op, def, defOps)
	return true
}

func simplifySwitchFromDefaultSwitchOnSameCondition(op *ir.Operation, r *rewrite.Rewriter) bool {
	flag, def, defOps, cases, ok := switchParts(op)
	if !ok {
		return false
	}
	ps := predSwitchOnSameFlag(op, flag)
	if ps == nil {
		return false
	}
	_, pdef, _, pcases, ok := switchParts(ps)
	cur := op.Block()
	if !ok || pdef != cur {
		return false
	}
	impossible := map[uint64]bool{}
	for _, c := range pcases {
		if c.dest != cur {
			impossible[c.value] = true
		}
	}
	var kept []switchCase
	for _, c := range cases {
		if !impossible[c.value] {
			kept = append(kept, c)
		}
	}
	if len(kept) == len(cases) {
		return false
	}
	nop := newSwitch(r, op.Loc(), flag, def, copyValues(defOps), copyCases(kept))
	r.ReplaceOp(op, nop.Results())
	return true
}
