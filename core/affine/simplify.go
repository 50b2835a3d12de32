package affine

// This file is MLIR's simplifyAffineExpr and simplifyAffineMap for pure
// affine expressions: the expression is flattened into a sum of products
// (coefficients of the dimensions, the symbols, local variables standing
// for floordiv, ceildiv and mod by constants, and a constant term) and
// rebuilt from that form, as MLIR's SimpleAffineExprFlattener and
// getAffineExprFromFlatForm do. "d0 * 2 + d0" becomes "d0 * 3",
// "(d0 * 4) floordiv 2" becomes "d0 * 2", "d0 - (d0 floordiv 4) * 4"
// becomes "d0 mod 4".

// flattener is MLIR's SimpleAffineExprFlattener. A flat form has the
// layout [dims, symbols, locals, constant].
type flattener struct {
	numDims, numSyms int
	stack            [][]int64
	locals           []Expr
}

func (f *flattener) numCols() int    { return f.numDims + f.numSyms + len(f.locals) + 1 }
func (f *flattener) localStart() int { return f.numDims + f.numSyms }

func (f *flattener) push() []int64 {
	row := make([]int64, f.numCols())
	f.stack = append(f.stack, row)
	return row
}

func (f *flattener) findLocal(e Expr) int {
	for i, l := range f.locals {
		if l.Equal(e) {
			return i
		}
	}
	return -1
}

// addLocal appends a local variable for e, widening every form on the
// stack.
func (f *flattener) addLocal(e Expr) {
	at := f.localStart() + len(f.locals)
	for i, row := range f.stack {
		row = append(row, 0)
		copy(row[at+1:], row[at:])
		row[at] = 0
		f.stack[i] = row
	}
	f.locals = append(f.locals, e)
}

// walk flattens e onto the stack; it fails on expressions MLIR's flattener
// rejects (non-positive divisors) and on ones that are not pure affine.
func (f *flattener) walk(e Expr) bool {
	switch e.kind {
	case KindConstant:
		row := f.push()
		row[len(row)-1] = e.val
		return true
	case KindDimId:
		if e.val < 0 || int(e.val) >= f.numDims {
			return false
		}
		f.push()[e.val] = 1
		return true
	case KindSymbolId:
		if e.val < 0 || int(e.val) >= f.numSyms {
			return false
		}
		f.push()[f.numDims+int(e.val)] = 1
		return true
	case KindInvalid:
		return false
	}
	if !f.walk(e.bin.lhs) || !f.walk(e.bin.rhs) {
		return false
	}
	n := len(f.stack)
	rhs := f.stack[n-1]
	f.stack = f.stack[:n-1]
	lhs := f.stack[n-2]
	switch e.kind {
	case KindAdd:
		for i := range lhs {
			lhs[i] += rhs[i]
		}
		return true
	case KindMul:
		if e.bin.rhs.kind != KindConstant {
			return false
		}
		c := rhs[len(rhs)-1]
		for i := range lhs {
			lhs[i] *= c
		}
		return true
	case KindMod:
		return f.mod(e, lhs, rhs)
	case KindFloorDiv, KindCeilDiv:
		return f.div(e, lhs, rhs, e.kind == KindCeilDiv)
	}
	return false
}

func gcdRow(c int64, row []int64) int64 {
	g := uint64(abs64(c))
	for _, v := range row {
		g = gcdU64(g, uint64(abs64(v)))
	}
	return int64(g)
}

// mod is visitModExpr: lhs mod c is lhs - c * q with q a local variable
// for lhs floordiv c (after cancelling the common divisor).
func (f *flattener) mod(e Expr, lhs, rhs []int64) bool {
	if e.bin.rhs.kind != KindConstant {
		return false
	}
	c := rhs[len(rhs)-1]
	if c <= 0 {
		return false
	}
	multiple := true
	for _, v := range lhs {
		if v%c != 0 {
			multiple = false
			break
		}
	}
	if multiple {
		for i := range lhs {
			lhs[i] = 0
		}
		return true
	}
	g := gcdRow(c, lhs)
	dividend := append([]int64(nil), lhs...)
	if g != 1 {
		for i := range dividend {
			dividend[i] /= g
		}
	}
	divisor := c / g
	q := FloorDiv(f.exprOf(dividend), Const(divisor))
	loc := f.findLocal(q)
	if loc < 0 {
		f.addLocal(q)
		lhs = f.stack[len(f.stack)-1]
		lhs[f.localStart()+len(f.locals)-1] = -c
		return true
	}
	lhs[f.localStart()+loc] = -c
	return true
}

// div is visitDivExpr: the common divisor of lhs and c cancels; what is
// left becomes a local variable unless the divisor is 1.
func (f *flattener) div(e Expr, lhs, rhs []int64, ceil bool) bool {
	if e.bin.rhs.kind != KindConstant {
		return false
	}
	c := rhs[len(rhs)-1]
	if c <= 0 {
		return false
	}
	g := gcdRow(c, lhs)
	if g != 1 {
		for i := range lhs {
			lhs[i] /= g
		}
	}
	divisor := c / g
	if divisor == 1 {
		return true
	}
	a := f.exprOf(lhs)
	var d Expr
	if ceil {
		d = CeilDiv(a, Const(divisor))
	} else {
		d = FloorDiv(a, Const(divisor))
	}
	loc := f.findLocal(d)
	if loc < 0 {
		f.addLocal(d)
		loc = len(f.locals) - 1
		lhs = f.stack[len(f.stack)-1]
	}
	for i := range lhs {
		lhs[i] = 0
	}
	lhs[f.localStart()+loc] = 1
	return true
}

// exprOf is getAffineExprFromFlatForm.
func (f *flattener) exprOf(flat []int64) Expr {
	e := Const(0)
	for j := 0; j < f.numDims+f.numSyms; j++ {
		if flat[j] == 0 {
			continue
		}
		id := Dim(j)
		if j >= f.numDims {
			id = Sym(j - f.numDims)
		}
		e = Add(e, Mul(id, Const(flat[j])))
	}
	for j := f.localStart(); j < len(flat)-1; j++ {
		if flat[j] == 0 {
			continue
		}
		e = Add(e, Mul(f.locals[j-f.localStart()], Const(flat[j])))
	}
	if c := flat[len(flat)-1]; c != 0 {
		e = Add(e, Const(c))
	}
	return e
}

// SimplifyExpr is MLIR's simplifyAffineExpr for an expression over
// numDims dimensions and numSyms symbols: a pure affine expression is
// flattened and rebuilt in canonical form. Expressions that are not pure
// affine (products of dimensions and symbols, divisions by symbols) and
// those MLIR's flattener rejects (division by a non-positive constant) are
// returned unchanged.
func SimplifyExpr(e Expr, numDims, numSyms int) Expr {
	if !e.IsPureAffine() {
		return e
	}
	f := &flattener{numDims: numDims, numSyms: numSyms}
	if !f.walk(e) || len(f.stack) != 1 {
		return e
	}
	return f.exprOf(f.stack[0])
}

// SimplifyMap is MLIR's simplifyAffineMap: SimplifyExpr on every result.
func SimplifyMap(m Map) Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = SimplifyExpr(r, m.NumDims, m.NumSyms)
	}
	return Map{NumDims: m.NumDims, NumSyms: m.NumSyms, Results: res}
}

// SimplifySet simplifies every constraint of s as SimplifyExpr does.
func SimplifySet(s Set) Set {
	cs := make([]Expr, len(s.Constraints))
	for i, c := range s.Constraints {
		cs[i] = SimplifyExpr(c, s.NumDims, s.NumSyms)
	}
	return Set{NumDims: s.NumDims, NumSyms: s.NumSyms, Constraints: cs, EqFlags: append([]bool(nil), s.EqFlags...)}
}

// Flatten returns the flat form of a pure affine expression over numDims
// dimensions and numSyms symbols, as MLIR's SimpleAffineExprFlattener
// computes it: the coefficients of the dimensions, of the symbols, of the
// local variables the floordiv, ceildiv and mod by constants introduce, and
// the constant term. ok is false for expressions the flattener rejects.
func Flatten(e Expr, numDims, numSyms int) (flat []int64, numLocals int, ok bool) {
	if !e.IsPureAffine() {
		return nil, 0, false
	}
	f := &flattener{numDims: numDims, numSyms: numSyms}
	if !f.walk(e) || len(f.stack) != 1 {
		return nil, 0, false
	}
	return f.stack[0], len(f.locals), true
}
