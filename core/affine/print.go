package affine

import "strconv"

// AppendExpr appends the MLIR textual form of e to dst and returns the
// extended buffer. The invalid (zero) Expr prints as MLIR prints a null
// expression.
func AppendExpr(dst []byte, e Expr) []byte {
	if !e.IsValid() {
		return append(dst, "<<NULL AFFINE EXPR>>"...)
	}
	return appendExpr(dst, e, false)
}

// String returns the MLIR textual form of e, e.g. "d0 * 4 + s0 - 1".
func (e Expr) String() string { return string(AppendExpr(nil, e)) }

// appendExpr is MLIR's printAffineExprInternal; strong is
// BindingStrength::Strong.
func appendExpr(dst []byte, e Expr, strong bool) []byte {
	switch e.kind {
	case KindSymbolId:
		return strconv.AppendInt(append(dst, 's'), e.val, 10)
	case KindDimId:
		return strconv.AppendInt(append(dst, 'd'), e.val, 10)
	case KindConstant:
		return strconv.AppendInt(dst, e.val, 10)
	case KindInvalid:
		return append(dst, "<<NULL AFFINE EXPR>>"...)
	}
	lhs, rhs := e.bin.lhs, e.bin.rhs
	if strong {
		dst = append(dst, '(')
	}
	if e.kind != KindAdd {
		if e.kind == KindMul && rhs.IsConstantValue(-1) {
			// Pretty print multiplication with -1.
			dst = append(dst, '-')
			dst = appendExpr(dst, lhs, true)
		} else {
			dst = appendExpr(dst, lhs, true)
			switch e.kind {
			case KindMul:
				dst = append(dst, " * "...)
			case KindFloorDiv:
				dst = append(dst, " floordiv "...)
			case KindCeilDiv:
				dst = append(dst, " ceildiv "...)
			default:
				dst = append(dst, " mod "...)
			}
			dst = appendExpr(dst, rhs, true)
		}
	} else if rhs.kind == KindMul && rhs.bin.rhs.kind == KindConstant && rhs.bin.rhs.val <= -1 {
		// Addition of a product with a negative constant prints as a
		// subtraction.
		dst = appendExpr(dst, lhs, false)
		dst = append(dst, " - "...)
		if c := rhs.bin.rhs.val; c == -1 {
			dst = appendExpr(dst, rhs.bin.lhs, rhs.bin.lhs.kind == KindAdd)
		} else {
			dst = appendExpr(dst, rhs.bin.lhs, true)
			dst = append(dst, " * "...)
			dst = strconv.AppendInt(dst, -c, 10)
		}
	} else if rhs.kind == KindConstant && rhs.val < 0 {
		// Addition of a negative number prints as a subtraction.
		dst = appendExpr(dst, lhs, false)
		dst = append(dst, " - "...)
		dst = strconv.AppendInt(dst, -rhs.val, 10)
	} else {
		dst = appendExpr(dst, lhs, false)
		dst = append(dst, " + "...)
		dst = appendExpr(dst, rhs, false)
	}
	if strong {
		dst = append(dst, ')')
	}
	return dst
}

// appendIdentifiers appends "(d0, d1)[s0]" (the symbol list only when there
// are symbols).
func appendIdentifiers(dst []byte, numDims, numSyms int) []byte {
	dst = append(dst, '(')
	for i := 0; i < numDims; i++ {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = strconv.AppendInt(append(dst, 'd'), int64(i), 10)
	}
	dst = append(dst, ')')
	if numSyms > 0 {
		dst = append(dst, '[')
		for i := 0; i < numSyms; i++ {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = strconv.AppendInt(append(dst, 's'), int64(i), 10)
		}
		dst = append(dst, ']')
	}
	return dst
}

// AppendMap appends the text MLIR prints inside affine_map<...> for m, e.g.
// "(d0, d1)[s0] -> (d0 + s0, d1 * 4 + 2)".
func AppendMap(dst []byte, m Map) []byte {
	dst = appendIdentifiers(dst, m.NumDims, m.NumSyms)
	dst = append(dst, " -> ("...)
	for i, r := range m.Results {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = AppendExpr(dst, r)
	}
	return append(dst, ')')
}

// AppendSet appends the text MLIR prints inside affine_set<...> for s, e.g.
// "(d0) : (d0 - 2 >= 0, -d0 + 4 >= 0)".
func AppendSet(dst []byte, s Set) []byte {
	dst = appendIdentifiers(dst, s.NumDims, s.NumSyms)
	dst = append(dst, " : ("...)
	for i, c := range s.Constraints {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = AppendExpr(dst, c)
		if i < len(s.EqFlags) && s.EqFlags[i] {
			dst = append(dst, " == 0"...)
		} else {
			dst = append(dst, " >= 0"...)
		}
	}
	return append(dst, ')')
}

// String returns the text MLIR prints inside affine_map<...>.
func (m Map) String() string { return string(AppendMap(nil, m)) }

// String returns the text MLIR prints inside affine_set<...>.
func (s Set) String() string { return string(AppendSet(nil, s)) }
