package affine

import (
	"strconv"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// ssaMapParser parses a list of affine expressions whose identifiers are
// SSA values, `%i + 1` and `symbol(%n) * 2` (MLIR's
// parseAffineMapOfSSAIds): each new SSA value becomes the next dimension,
// or the next symbol inside `symbol(...)`.
type ssaMapParser struct {
	p     ir.OpAsmParser
	names map[string]affine.Expr
	dims  []ir.UnresolvedOperand
	syms  []ir.UnresolvedOperand
	err   error
}

// fail records the first error, at pos, as the affine parser reports it.
func (s *ssaMapParser) fail(pos ir.SourcePos, msg string) affine.Expr {
	if s.err == nil {
		s.err = ir.NewError(s.p.LocAt(pos), msg)
	}
	return affine.Expr{}
}

// parseSSAMap parses `[expr, ...]` and returns the map over the values it
// names and those values, dimensions first.
func parseSSAMap(p ir.OpAsmParser) (affine.Map, []ir.UnresolvedOperand, error) {
	s := &ssaMapParser{p: p, names: map[string]affine.Expr{}}
	p.ParsePunct("[")
	var exprs []affine.Expr
	if !p.ParseOptionalPunct("]") {
		for {
			e := s.parseExpr()
			if s.err != nil {
				return affine.Map{}, nil, s.err
			}
			exprs = append(exprs, e)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	m := affine.NewMap(len(s.dims), len(s.syms), exprs...)
	return m, append(append([]ir.UnresolvedOperand{}, s.dims...), s.syms...), nil
}

// key identifies an SSA use by its name and result number.
func key(u ir.UnresolvedOperand) string { return u.Name + "#" + strconv.Itoa(u.Number) }

// parseSSAId parses `%name` as a symbol.
func (s *ssaMapParser) parseSSAId() affine.Expr {
	pos := s.p.CurrentPos()
	u, ok := s.p.ParseOptionalOperand()
	if !ok {
		return s.fail(pos, "expected ssa identifier")
	}
	return s.use(u, true)
}

// use returns the expression of the SSA use u, giving it the next
// dimension or, with isSym, the next symbol when it is new.
func (s *ssaMapParser) use(u ir.UnresolvedOperand, isSym bool) affine.Expr {
	if e, ok := s.names[key(u)]; ok {
		return e
	}
	var e affine.Expr
	if isSym {
		e = affine.Sym(len(s.syms))
		s.syms = append(s.syms, u)
	} else {
		e = affine.Dim(len(s.dims))
		s.dims = append(s.dims, u)
	}
	s.names[key(u)] = e
	return e
}

// parseExpr parses a sum of terms.
func (s *ssaMapParser) parseExpr() affine.Expr {
	lhs := s.parseTerm(false)
	for s.err == nil {
		switch {
		case s.p.ParseOptionalPunct("+"):
			lhs = affine.Add(lhs, s.parseTerm(true))
		case s.p.ParseOptionalPunct("-"):
			lhs = affine.Sub(lhs, s.parseTerm(true))
		default:
			return lhs
		}
	}
	return affine.Expr{}
}

// parseTerm parses a product or quotient of operands.
func (s *ssaMapParser) parseTerm(afterOp bool) affine.Expr {
	lhs := s.parseOperand(afterOp)
	for s.err == nil {
		pos := s.p.CurrentPos()
		switch {
		case s.p.ParseOptionalPunct("*"):
			rhs := s.parseOperand(true)
			if s.err != nil {
				return affine.Expr{}
			}
			if !lhs.IsSymbolicOrConstant() && !rhs.IsSymbolicOrConstant() {
				return s.fail(pos, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
			}
			lhs = affine.Mul(lhs, rhs)
		case s.p.ParseOptionalKeyword("floordiv"):
			lhs = s.divLike(pos, "floordiv", lhs, affine.FloorDiv)
		case s.p.ParseOptionalKeyword("ceildiv"):
			lhs = s.divLike(pos, "ceildiv", lhs, affine.CeilDiv)
		case s.p.ParseOptionalKeyword("mod"):
			lhs = s.divLike(pos, "mod", lhs, affine.Mod)
		default:
			return lhs
		}
	}
	return affine.Expr{}
}

// divLike parses the right operand of floordiv, ceildiv or mod, which
// must be symbolic or constant.
func (s *ssaMapParser) divLike(pos ir.SourcePos, name string, lhs affine.Expr, build func(a, b affine.Expr) affine.Expr) affine.Expr {
	rhs := s.parseOperand(true)
	if s.err != nil {
		return affine.Expr{}
	}
	if !rhs.IsSymbolicOrConstant() {
		return s.fail(pos, "non-affine expression: right operand of "+name+" has to be either a constant or symbolic")
	}
	return build(lhs, rhs)
}

// parseOperand parses an SSA value, `symbol(%v)`, an integer, a
// parenthesized expression or a negation.
func (s *ssaMapParser) parseOperand(afterOp bool) affine.Expr {
	p := s.p
	pos := p.CurrentPos()
	if p.ParseOptionalKeyword("symbol") {
		if !p.ParseOptionalPunct("(") {
			return s.fail(p.CurrentPos(), "expected '(' at start of SSA symbol")
		}
		e := s.parseSSAId()
		if s.err != nil {
			return e
		}
		if !p.ParseOptionalPunct(")") {
			return s.fail(p.CurrentPos(), "expected ')' at end of SSA symbol")
		}
		return e
	}
	if p.ParseOptionalPunct("(") {
		if p.ParseOptionalPunct(")") {
			return s.fail(pos, "no expression inside parentheses")
		}
		e := s.parseExpr()
		if s.err != nil {
			return e
		}
		if !p.ParseOptionalPunct(")") {
			return s.fail(p.CurrentPos(), "expected ')'")
		}
		return e
	}
	if p.ParseOptionalPunct("-") {
		e := s.parseOperand(true)
		if s.err != nil {
			return e
		}
		return affine.Neg(e)
	}
	if v, ok := p.ParseOptionalInteger(); ok {
		return affine.Const(v)
	}
	if u, ok := p.ParseOptionalOperand(); ok {
		return s.use(u, false)
	}
	if afterOp {
		return s.fail(pos, "missing right operand of binary operator")
	}
	return s.fail(pos, "expected affine expression")
}

// printSSAMap prints the results of m with its dimensions and symbols
// replaced by the names of operands (MLIR's printAffineMapOfSSAIds).
func printSSAMap(p ir.OpAsmPrinter, m affine.Map, operands []ir.Value) {
	leaf := func(e affine.Expr) {
		i := e.Position()
		if e.IsSym() {
			i += m.NumDims
		}
		if i >= len(operands) {
			p.WriteString(e.String())
			return
		}
		if e.IsSym() {
			p.WriteString("symbol(")
			p.PrintOperand(operands[i])
			p.WriteString(")")
			return
		}
		p.PrintOperand(operands[i])
	}
	for i, e := range m.Results {
		if i > 0 {
			p.WriteString(", ")
		}
		printExpr(p, e, false, leaf)
	}
}

// printExpr is MLIR's printAffineExprInternal with the dimensions and
// symbols printed by leaf; strong is BindingStrength::Strong.
func printExpr(p ir.OpAsmPrinter, e affine.Expr, strong bool, leaf func(affine.Expr)) {
	switch {
	case e.IsDim() || e.IsSym():
		leaf(e)
		return
	case e.IsConstant():
		p.WriteString(strconv.FormatInt(e.Value(), 10))
		return
	case !e.IsBinary():
		p.WriteString(e.String())
		return
	}
	lhs, rhs := e.LHS(), e.RHS()
	if strong {
		p.WriteString("(")
	}
	switch {
	case e.Kind() != affine.KindAdd:
		if e.Kind() == affine.KindMul && rhs.IsConstantValue(-1) {
			p.WriteString("-")
			printExpr(p, lhs, true, leaf)
			break
		}
		printExpr(p, lhs, true, leaf)
		switch e.Kind() {
		case affine.KindMul:
			p.WriteString(" * ")
		case affine.KindFloorDiv:
			p.WriteString(" floordiv ")
		case affine.KindCeilDiv:
			p.WriteString(" ceildiv ")
		default:
			p.WriteString(" mod ")
		}
		printExpr(p, rhs, true, leaf)
	case rhs.Kind() == affine.KindMul && rhs.RHS().IsConstant() && rhs.RHS().Value() <= -1:
		printExpr(p, lhs, false, leaf)
		p.WriteString(" - ")
		if c := rhs.RHS().Value(); c == -1 {
			printExpr(p, rhs.LHS(), rhs.LHS().Kind() == affine.KindAdd, leaf)
		} else {
			printExpr(p, rhs.LHS(), true, leaf)
			p.WriteString(" * " + strconv.FormatInt(-c, 10))
		}
	case rhs.IsConstant() && rhs.Value() < 0:
		printExpr(p, lhs, false, leaf)
		p.WriteString(" - " + strconv.FormatInt(-rhs.Value(), 10))
	default:
		printExpr(p, lhs, false, leaf)
		p.WriteString(" + ")
		printExpr(p, rhs, false, leaf)
	}
	if strong {
		p.WriteString(")")
	}
}
