package affine

import (
	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// This file holds upstream's map utilities on a map (or the constraints of
// an integer set, seen as the results of a map) and its operands:
// canonicalizeMapAndOperands, composeAffineMapAndOperands and
// simplifyMapWithOperands, from MLIR's AffineOps.cpp.

// constIndex returns the value of an integer constant operand.
func constIndex(v ir.Value) (int64, bool) {
	def := ir.DefiningOp(v)
	if def == nil {
		return 0, false
	}
	a, ok := rewrite.ConstantValue(def)
	if !ok {
		return 0, false
	}
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ia.Int64(), true
}

// IsValidSymbol is MLIR's affine::isValidSymbol(value) without a region:
// an index value defined at the top level of an affine scope, or a valid
// symbol in the scope of its defining operation (a constant, a pure
// operation of valid symbols, a dimension of a top-level shaped value).
func IsValidSymbol(v ir.Value) bool {
	if v == nil || !isIndex(v) {
		return false
	}
	if isTopLevelValue(v) {
		return true
	}
	if d := ir.DefiningOp(v); d != nil {
		return isValidSymbolIn(v, affineScope(d))
	}
	return false
}

// identityExprs returns d0..dn-1 (or s0..sn-1).
func identityExprs(n int, sym bool) []affine.Expr {
	es := make([]affine.Expr, n)
	for i := range es {
		if sym {
			es[i] = affine.Sym(i)
		} else {
			es[i] = affine.Dim(i)
		}
	}
	return es
}

// canonicalizeMapAndOperands is MLIR's canonicalizeMapOrSetAndOperands:
// dimensions whose operand is a valid symbol become symbols, unused
// operands are dropped, duplicate operands merged and constant symbols
// folded into the map.
func canonicalizeMapAndOperands(m affine.Map, ops []ir.Value) (affine.Map, []ir.Value) {
	if len(ops) == 0 || len(ops) != m.NumInputs() {
		return m, ops
	}
	// canonicalizePromotedSymbols.
	{
		var result, remapped []ir.Value
		dimRemap := make([]affine.Expr, m.NumDims)
		nextDim, nextSym := 0, 0
		for i := 0; i < m.NumInputs(); i++ {
			if i < m.NumDims {
				if IsValidSymbol(ops[i]) {
					dimRemap[i] = affine.Sym(m.NumSyms + nextSym)
					nextSym++
					remapped = append(remapped, ops[i])
				} else {
					dimRemap[i] = affine.Dim(nextDim)
					nextDim++
					result = append(result, ops[i])
				}
			} else {
				result = append(result, ops[i])
			}
		}
		ops = append(result, remapped...)
		m = m.ReplaceDimsAndSymbols(dimRemap, identityExprs(m.NumSyms, true), nextDim, m.NumSyms+nextSym)
	}
	usedDims := make([]bool, m.NumDims)
	usedSyms := make([]bool, m.NumSyms)
	for _, r := range m.Results {
		r.Walk(func(e affine.Expr) {
			if e.IsDim() && e.Position() < m.NumDims {
				usedDims[e.Position()] = true
			} else if e.IsSym() && e.Position() < m.NumSyms {
				usedSyms[e.Position()] = true
			}
		})
	}
	var result []ir.Value
	dimRemap := make([]affine.Expr, m.NumDims)
	seenDims := map[ir.Value]affine.Expr{}
	nextDim := 0
	for i := 0; i < m.NumDims; i++ {
		if !usedDims[i] {
			dimRemap[i] = affine.Dim(i)
			continue
		}
		if e, ok := seenDims[ops[i]]; ok {
			dimRemap[i] = e
			continue
		}
		dimRemap[i] = affine.Dim(nextDim)
		nextDim++
		result = append(result, ops[i])
		seenDims[ops[i]] = dimRemap[i]
	}
	symRemap := make([]affine.Expr, m.NumSyms)
	seenSyms := map[ir.Value]affine.Expr{}
	nextSym := 0
	for i := 0; i < m.NumSyms; i++ {
		if !usedSyms[i] {
			symRemap[i] = affine.Sym(i)
			continue
		}
		v := ops[m.NumDims+i]
		if c, ok := constIndex(v); ok {
			symRemap[i] = affine.Const(c)
			continue
		}
		if e, ok := seenSyms[v]; ok {
			symRemap[i] = e
			continue
		}
		symRemap[i] = affine.Sym(nextSym)
		nextSym++
		result = append(result, v)
		seenSyms[v] = symRemap[i]
	}
	return m.ReplaceDimsAndSymbols(dimRemap, symRemap, nextDim, nextSym), result
}

// applyOf returns the affine.apply that defines v, if any.
func applyOf(v ir.Value) *ir.Operation {
	if v == nil {
		return nil
	}
	if d := ir.DefiningOp(v); d != nil && d.Name() == "affine.apply" {
		return d
	}
	return nil
}

// shifted renumbers the dimensions and symbols of e by dimShift and
// symShift (MLIR's shiftDims and shiftSymbols).
func shifted(e affine.Expr, numDims, numSyms, dimShift, symShift int) affine.Expr {
	dims := make([]affine.Expr, numDims)
	for i := range dims {
		dims[i] = affine.Dim(i + dimShift)
	}
	syms := make([]affine.Expr, numSyms)
	for i := range syms {
		syms[i] = affine.Sym(i + symShift)
	}
	return e.ReplaceDimsAndSymbols(dims, syms)
}

// replaceDimOrSym is MLIR's replaceDimOrSym: the operand at pos, when an
// affine.apply defines it, is replaced in m by that apply's expression.
func replaceDimOrSym(m *affine.Map, pos int, dims, syms *[]ir.Value) bool {
	isDim := pos < len(*dims)
	var slot *ir.Value
	if isDim {
		slot = &(*dims)[pos]
	} else {
		slot = &(*syms)[pos-len(*dims)]
	}
	apply := applyOf(*slot)
	if apply == nil {
		return false
	}
	*slot = nil
	cm, ok := mapOf(apply, "map")
	if !ok || len(cm.Results) != 1 || cm.NumInputs() != apply.NumOperands() {
		return false
	}
	cops := append([]ir.Value(nil), apply.Operands()...)
	cm, cops = canonicalizeMapAndOperands(cm, cops)
	repl := shifted(cm.Results[0], cm.NumDims, cm.NumSyms, len(*dims), len(*syms))
	nd := len(*dims)
	ns := len(*syms)
	*dims = append(*dims, cops[:cm.NumDims]...)
	*syms = append(*syms, cops[cm.NumDims:]...)
	dimRepl := identityExprs(nd, false)
	symRepl := identityExprs(ns, true)
	if isDim {
		dimRepl[pos] = repl
	} else {
		symRepl[pos-nd] = repl
	}
	*m = m.ReplaceDimsAndSymbols(dimRepl, symRepl, len(*dims), len(*syms))
	return true
}

// composeAffineMapAndOperands is MLIR's composeAffineMapAndOperands: the
// affine.apply operations that define operands are composed into the map,
// which is then canonicalized and simplified.
func composeAffineMapAndOperands(m affine.Map, ops []ir.Value) (affine.Map, []ir.Value) {
	if len(m.Results) == 0 {
		m, ops = canonicalizeMapAndOperands(m, ops)
		return affine.SimplifyMap(m), ops
	}
	dims := append([]ir.Value(nil), ops[:m.NumDims]...)
	syms := append([]ir.Value(nil), ops[m.NumDims:]...)
	for {
		changed := false
		for pos := 0; pos != len(dims)+len(syms); pos++ {
			if replaceDimOrSym(&m, pos, &dims, &syms) {
				changed = true
				break
			}
		}
		if !changed {
			break
		}
	}
	var out []ir.Value
	nDims, nSyms := 0, 0
	dimRepl := make([]affine.Expr, len(dims))
	for i, v := range dims {
		if v == nil {
			dimRepl[i] = affine.Const(0)
			continue
		}
		dimRepl[i] = affine.Dim(nDims)
		nDims++
		out = append(out, v)
	}
	symRepl := make([]affine.Expr, len(syms))
	for i, v := range syms {
		if v == nil {
			symRepl[i] = affine.Const(0)
			continue
		}
		symRepl[i] = affine.Sym(nSyms)
		nSyms++
		out = append(out, v)
	}
	m = m.ReplaceDimsAndSymbols(dimRepl, symRepl, nDims, nSyms)
	m, out = canonicalizeMapAndOperands(m, out)
	return affine.SimplifyMap(m), out
}

// forIVOwner returns the affine.for whose induction variable is v.
func forIVOwner(v ir.Value) *ir.Operation {
	a, ok := v.(*ir.BlockArgument)
	if !ok || a.Owner() == nil {
		return nil
	}
	p := a.Owner().ParentOp()
	if p == nil || p.Name() != "affine.for" || a.Owner() != p.Region(0).First() || a.Index() != 0 {
		return nil
	}
	return p
}

// constantBound returns the single constant result of a bound map.
func constantBound(op *ir.Operation, name string) (int64, bool) {
	m, ok := mapOf(op, name)
	if !ok || !m.IsSingleConstant() {
		return 0, false
	}
	return m.Results[0].Value(), true
}

func gcd64(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// largestKnownDivisor is upstream's getLargestKnownDivisor(expr, operands):
// the divisor of a dimension that is a loop induction variable comes from
// the loop's lower bound and step.
func largestKnownDivisor(e affine.Expr, ops []ir.Value) int64 {
	div := e.LargestKnownDivisor()
	if !e.IsDim() {
		return div
	}
	operandDivisor := int64(1)
	if f := forIVOwner(ops[e.Position()]); f != nil {
		step := stepOf(f)
		if lb, ok := constantBound(f, "lowerBoundMap"); ok && lb == 0 {
			operandDivisor = step
		} else if m, ok := mapOf(f, "lowerBoundMap"); ok {
			// getLargestKnownDivisorOfMapExprs.
			var g int64
			for i, r := range m.Results {
				d := r.LargestKnownDivisor()
				if i == 0 {
					g = d
				} else {
					g = gcd64(g, d)
				}
			}
			operandDivisor = gcd64(g, step)
		}
	}
	return operandDivisor
}

// isNonNegativeBoundedBy reports whether 0 <= e < k is known.
func isNonNegativeBoundedBy(e affine.Expr, ops []ir.Value, k int64) bool {
	if e.IsConstant() {
		return e.Value() >= 0 && e.Value() < k
	}
	if !e.IsDim() {
		return false
	}
	if f := forIVOwner(ops[e.Position()]); f != nil {
		lb, lok := constantBound(f, "lowerBoundMap")
		ub, uok := constantBound(f, "upperBoundMap")
		if lok && uok && lb >= 0 && ub <= k {
			return true
		}
	}
	return false
}

// simplifyExprAndOperands is upstream's simplifyExprAndOperands: floordiv,
// ceildiv and mod by a constant whose dividend is bounded by the loops that
// define the operands, or is a sum of a multiple of a known divisor and a
// bounded remainder.
func simplifyExprAndOperands(e affine.Expr, numDims int, ops []ir.Value) affine.Expr {
	if !e.IsBinary() {
		return e
	}
	lhs := simplifyExprAndOperands(e.LHS(), numDims, ops)
	rhs := simplifyExprAndOperands(e.RHS(), numDims, ops)
	e = affine.Binary(e.Kind(), lhs, rhs)
	k := e.Kind()
	if !e.IsBinary() || (k != affine.KindFloorDiv && k != affine.KindCeilDiv && k != affine.KindMod) {
		return e
	}
	lhs, rhs = e.LHS(), e.RHS()
	if !rhs.IsConstant() || rhs.Value() <= 0 {
		return e
	}
	c := rhs.Value()
	lbs, ubs := operandBounds(ops)
	lb, lok := exprBoundMap(lhs, affine.Map{NumDims: numDims, NumSyms: len(ops) - numDims}, lbs, ubs, false)
	ub, uok := exprBoundMap(lhs, affine.Map{NumDims: numDims, NumSyms: len(ops) - numDims}, lbs, ubs, true)
	if lok && uok {
		switch {
		case k == affine.KindFloorDiv && floorDiv64(lb, c) == floorDiv64(ub, c):
			return affine.Const(floorDiv64(lb, c))
		case k == affine.KindCeilDiv && ceilDiv64(lb, c) == ceilDiv64(ub, c):
			return affine.Const(ceilDiv64(lb, c))
		case k == affine.KindMod && lb >= 0 && lb < c && ub < c:
			return lhs
		}
	}
	if lhs.Kind() == affine.KindAdd {
		ll, lr := lhs.LHS(), lhs.RHS()
		var q, r affine.Expr
		div := largestKnownDivisor(ll, ops)
		found := false
		if isNonNegativeBoundedBy(lr, ops, div) {
			q, r, found = ll, lr, true
		} else {
			div = largestKnownDivisor(lr, ops)
			if isNonNegativeBoundedBy(ll, ops, div) {
				q, r, found = lr, ll, true
			}
		}
		if found {
			if c%div == 0 && k == affine.KindFloorDiv {
				return affine.FloorDiv(q, rhs)
			} else if div%c == 0 && k == affine.KindMod {
				return affine.Mod(r, rhs)
			}
			return e
		}
	}
	if (isNonNegativeBoundedBy(lhs, ops, c) && k == affine.KindFloorDiv) ||
		(largestKnownDivisor(lhs, ops)%c == 0 && k == affine.KindMod) {
		return affine.Const(0)
	}
	return e
}

// simplifyMapWithOperands applies simplifyExprAndOperands to every result.
func simplifyMapWithOperands(m affine.Map, ops []ir.Value) affine.Map {
	if len(ops) != m.NumInputs() {
		return m
	}
	res := make([]affine.Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = simplifyExprAndOperands(r, m.NumDims, ops)
	}
	return affine.Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}
}

// removeDuplicateExprs drops the results of m equal to an earlier one.
func removeDuplicateExprs(m affine.Map) affine.Map {
	var res []affine.Expr
	for _, r := range m.Results {
		dup := false
		for _, s := range res {
			if s.Equal(r) {
				dup = true
				break
			}
		}
		if !dup {
			res = append(res, r)
		}
	}
	return affine.Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}
}

// removeAdjacentDuplicates drops the results of m equal to the one before
// them, as the std::unique of upstream's removeDuplicateExprs for loop
// bounds does.
func removeAdjacentDuplicates(m affine.Map) affine.Map {
	var res []affine.Expr
	for i, r := range m.Results {
		if i > 0 && r.Equal(m.Results[i-1]) {
			continue
		}
		res = append(res, r)
	}
	return affine.Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}
}

func floorDiv64(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv64(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}

func mod64(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// bound is an optional constant bound.
type bound struct {
	v  int64
	ok bool
}

// operandBounds returns the constant lower and (inclusive) upper bounds of
// operands that are induction variables of affine.for loops with constant
// bounds (upstream's getLowerBound and getUpperBound of a value).
func operandBounds(ops []ir.Value) (lbs, ubs []bound) {
	lbs = make([]bound, len(ops))
	ubs = make([]bound, len(ops))
	for i, v := range ops {
		f := forIVOwner(v)
		if f == nil {
			continue
		}
		lb, lok := constantBound(f, "lowerBoundMap")
		if lok {
			lbs[i] = bound{lb, true}
		}
		if ub, ok := constantBound(f, "upperBoundMap"); ok {
			if step := stepOf(f); lok && step > 0 {
				ubs[i] = bound{ub - 1 - (ub-lb-1)%step, true}
			} else {
				ubs[i] = bound{ub - 1, true}
			}
		}
	}
	return lbs, ubs
}

// exprBound is upstream's getBoundForAffineExpr: a constant lower or
// (inclusive) upper bound of e given bounds of its inputs.
func exprBound(e affine.Expr, lbs, ubs []bound, upper bool) (int64, bool) {
	if e.IsConstant() {
		return e.Value(), true
	}
	if e.IsBinary() && e.RHS().IsConstant() && e.RHS().Value() >= 1 {
		c := e.RHS().Value()
		switch e.Kind() {
		case affine.KindFloorDiv:
			b, ok := exprBound(e.LHS(), lbs, ubs, upper)
			if !ok {
				return 0, false
			}
			return floorDiv64(b, c), true
		case affine.KindCeilDiv:
			b, ok := exprBound(e.LHS(), lbs, ubs, upper)
			if !ok {
				return 0, false
			}
			return ceilDiv64(b, c), true
		case affine.KindMod:
			lb, lok := exprBound(e.LHS(), lbs, ubs, false)
			ub, uok := exprBound(e.LHS(), lbs, ubs, true)
			if lok && uok && floorDiv64(lb, c) == floorDiv64(ub, c) {
				if upper {
					return mod64(ub, c), true
				}
				return mod64(lb, c), true
			}
			if upper {
				return c - 1, true
			}
			return 0, true
		}
	}
	n := len(lbs)
	numDims := n
	// The flattener needs the split of inputs into dims and symbols only
	// for their order, which is the operands' order.
	flat, locals, ok := affine.Flatten(e, numDims, 0)
	if !ok || locals > 0 {
		return 0, false
	}
	var b int64
	for i := 0; i < n; i++ {
		switch {
		case flat[i] > 0:
			cb := lbs[i]
			if upper {
				cb = ubs[i]
			}
			if !cb.ok {
				return 0, false
			}
			b += cb.v * flat[i]
		case flat[i] < 0:
			cb := ubs[i]
			if upper {
				cb = lbs[i]
			}
			if !cb.ok {
				return 0, false
			}
			b += cb.v * flat[i]
		}
	}
	return b + flat[len(flat)-1], true
}

// simplifyMinOrMaxExprWithOperands is upstream's function of that name:
// results of a min (max) map that cannot be the least (greatest) given the
// bounds of the operands are dropped, and results with equal bounds become
// constants.
func simplifyMinOrMaxExprWithOperands(m affine.Map, ops []ir.Value, isMax bool) affine.Map {
	if len(ops) == 0 || len(ops) != m.NumInputs() {
		return m
	}
	olbs, oubs := operandBounds(ops)
	n := len(m.Results)
	lbs := make([]bound, n)
	ubs := make([]bound, n)
	for i, e := range m.Results {
		if v, ok := exprBoundMap(e, m, olbs, oubs, false); ok {
			lbs[i] = bound{v, true}
		}
		if v, ok := exprBoundMap(e, m, olbs, oubs, true); ok {
			ubs[i] = bound{v, true}
		}
	}
	var res []affine.Expr
	for i, e := range m.Results {
		if lbs[i].ok && ubs[i].ok && lbs[i].v == ubs[i].v {
			e = affine.Const(lbs[i].v)
		}
		redundant := false
		if isMax {
			if !ubs[i].ok {
				res = append(res, e)
				continue
			}
			for pos := 0; pos < n; pos++ {
				other := lbs[pos]
				if pos == i || !other.ok {
					continue
				}
				if other.v > ubs[i].v {
					redundant = true
					break
				}
				if other.v < ubs[i].v {
					continue
				}
				if ubs[pos].ok && lbs[i].ok && lbs[i] == ubs[i] && other == ubs[pos] && i < pos {
					continue
				}
				redundant = true
				break
			}
		} else {
			if !lbs[i].ok {
				res = append(res, e)
				continue
			}
			for pos := 0; pos < n; pos++ {
				other := ubs[pos]
				if pos == i || !other.ok {
					continue
				}
				if other.v < lbs[i].v {
					redundant = true
					break
				}
				if other.v > lbs[i].v {
					continue
				}
				if lbs[pos].ok && ubs[i].ok && lbs[i] == ubs[i] && other == lbs[pos] && i < pos {
					continue
				}
				redundant = true
				break
			}
		}
		if !redundant {
			res = append(res, e)
		}
	}
	return affine.Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}
}

// exprBoundMap bounds a result of m whose inputs have the given bounds.
func exprBoundMap(e affine.Expr, m affine.Map, lbs, ubs []bound, upper bool) (int64, bool) {
	// Symbols follow the dimensions in the operand list; renumber them as
	// dimensions so that the flat form indexes the operands.
	syms := make([]affine.Expr, m.NumSyms)
	for i := range syms {
		syms[i] = affine.Dim(m.NumDims + i)
	}
	return exprBound(e.ReplaceDimsAndSymbols(identityExprs(m.NumDims, false), syms), lbs, ubs, upper)
}

// sameValues reports whether a and b hold the same values in order.
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

// BuildComposedApply is MLIR's makeComposedAffineApply: the affine.apply
// operations defining operands are composed into the single-result map m,
// which is canonicalized (constant operands folded in, symbols promoted)
// and simplified before the affine.apply is built at b's insertion point.
func BuildComposedApply(b *ir.Builder, loc ir.Location, m affine.Map, operands []ir.Value) ApplyOp {
	m, operands = composeAffineMapAndOperands(m, append([]ir.Value(nil), operands...))
	return BuildApply(b, loc, operands, b.Ctx.AffineMapAttr(m))
}
