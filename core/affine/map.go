package affine

import "strconv"

// Map is an affine map (d0, ..., dN-1)[s0, ..., sM-1] -> (results...). Treat
// it as immutable once built: share it freely but do not modify Results in
// place.
type Map struct {
	NumDims, NumSyms int
	Results          []Expr
}

// Set is an integer set (d0, ...)[s0, ...] : (constraints...), where
// constraint i means Constraints[i] == 0 when EqFlags[i] is true and
// Constraints[i] >= 0 otherwise. Treat it as immutable once built.
type Set struct {
	NumDims, NumSyms int
	Constraints      []Expr
	EqFlags          []bool
}

// NewMap returns the map with the given dimension and symbol counts and
// results.
func NewMap(numDims, numSyms int, results ...Expr) Map {
	return Map{NumDims: numDims, NumSyms: numSyms, Results: results}
}

// IdentityMap returns (d0, ..., dn-1) -> (d0, ..., dn-1) (MLIR's
// getMultiDimIdentityMap).
func IdentityMap(n int) Map {
	res := make([]Expr, n)
	for i := range res {
		res[i] = Dim(i)
	}
	return Map{NumDims: n, Results: res}
}

// ConstantMap returns () -> (v) (MLIR's getConstantMap).
func ConstantMap(v int64) Map { return Map{Results: []Expr{Const(v)}} }

// PermutationMap returns the map (d0, ..., dn-1) -> (d_perm[0], ...)
// (MLIR's getPermutationMap). perm should be a permutation of 0..n-1.
func PermutationMap(perm []int) Map {
	res := make([]Expr, len(perm))
	for i, p := range perm {
		res[i] = Dim(p)
	}
	return Map{NumDims: len(perm), Results: res}
}

// NumInputs returns NumDims + NumSyms.
func (m Map) NumInputs() int { return m.NumDims + m.NumSyms }

// NumResults returns the number of results.
func (m Map) NumResults() int { return len(m.Results) }

// IsEmpty reports whether m is () -> () (no inputs and no results).
func (m Map) IsEmpty() bool { return m.NumDims == 0 && m.NumSyms == 0 && len(m.Results) == 0 }

// IsIdentity reports whether m has as many results as dims and result i is
// d<i> (symbols are allowed), as MLIR's isIdentity.
func (m Map) IsIdentity() bool {
	if m.NumDims != len(m.Results) {
		return false
	}
	for i, r := range m.Results {
		if r.kind != KindDimId || r.val != int64(i) {
			return false
		}
	}
	return true
}

// IsSymbolIdentity reports whether m has as many results as symbols and
// result i is s<i> (MLIR's isSymbolIdentity).
func (m Map) IsSymbolIdentity() bool {
	if m.NumSyms != len(m.Results) {
		return false
	}
	for i, r := range m.Results {
		if r.kind != KindSymbolId || r.val != int64(i) {
			return false
		}
	}
	return true
}

// IsMinorIdentity reports whether m is the identity on its last NumResults
// dims: (d0, ..., dn-1) -> (dn-k, ..., dn-1) (MLIR's isMinorIdentity).
func (m Map) IsMinorIdentity() bool {
	k := len(m.Results)
	if m.NumSyms != 0 || k > m.NumDims {
		return false
	}
	for i, r := range m.Results {
		if r.kind != KindDimId || r.val != int64(m.NumDims-k+i) {
			return false
		}
	}
	return true
}

// IsProjectedPermutation reports whether every result is a distinct dim
// (or, when allowZeroInResults, the constant 0) and m has no symbols, as
// MLIR's isProjectedPermutation.
func (m Map) IsProjectedPermutation(allowZeroInResults bool) bool {
	if m.NumSyms > 0 || len(m.Results) > m.NumDims {
		return false
	}
	seen := make([]bool, m.NumDims)
	for _, r := range m.Results {
		switch {
		case r.kind == KindDimId:
			if r.val < 0 || r.val >= int64(m.NumDims) || seen[r.val] {
				return false
			}
			seen[r.val] = true
		case allowZeroInResults && r.IsConstantValue(0):
		default:
			return false
		}
	}
	return true
}

// IsPermutation reports whether m is a permutation of its dims: a projected
// permutation with as many results as dims.
func (m Map) IsPermutation() bool {
	return m.NumDims == len(m.Results) && m.IsProjectedPermutation(false)
}

// IsConstant reports whether every result is a constant.
func (m Map) IsConstant() bool {
	for _, r := range m.Results {
		if r.kind != KindConstant {
			return false
		}
	}
	return true
}

// IsSingleConstant reports whether m has exactly one result and it is a
// constant.
func (m Map) IsSingleConstant() bool {
	return len(m.Results) == 1 && m.Results[0].kind == KindConstant
}

// ConstantResults returns the values of the results; ok is false when some
// result is not a constant.
func (m Map) ConstantResults() (vals []int64, ok bool) {
	vals = make([]int64, len(m.Results))
	for i, r := range m.Results {
		if r.kind != KindConstant {
			return nil, false
		}
		vals[i] = r.val
	}
	return vals, true
}

// Equal reports whether m and o are the same map (what MLIR's uniquing would
// consider identical).
func (m Map) Equal(o Map) bool {
	if m.NumDims != o.NumDims || m.NumSyms != o.NumSyms || len(m.Results) != len(o.Results) {
		return false
	}
	for i := range m.Results {
		if !m.Results[i].Equal(o.Results[i]) {
			return false
		}
	}
	return true
}

// Key returns a string that identifies m structurally: two maps have the
// same key exactly when they are Equal. Use it as a Go map key for uniquing.
func (m Map) Key() string {
	b := make([]byte, 0, 16+16*len(m.Results))
	b = append(b, 'M')
	b = strconv.AppendInt(b, int64(m.NumDims), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(m.NumSyms), 10)
	for _, r := range m.Results {
		b = append(b, ';')
		b = appendKey(b, r)
	}
	return string(b)
}

// NumInputs returns NumDims + NumSyms.
func (s Set) NumInputs() int { return s.NumDims + s.NumSyms }

// NumConstraints returns the number of constraints.
func (s Set) NumConstraints() int { return len(s.Constraints) }

// IsEq reports whether constraint i is an equality.
func (s Set) IsEq(i int) bool { return i >= 0 && i < len(s.EqFlags) && s.EqFlags[i] }

// Equal reports whether s and o are the same set (what MLIR's uniquing would
// consider identical).
func (s Set) Equal(o Set) bool {
	if s.NumDims != o.NumDims || s.NumSyms != o.NumSyms || len(s.Constraints) != len(o.Constraints) {
		return false
	}
	for i := range s.Constraints {
		if s.IsEq(i) != o.IsEq(i) || !s.Constraints[i].Equal(o.Constraints[i]) {
			return false
		}
	}
	return true
}

// Key returns a string that identifies s structurally: two sets have the
// same key exactly when they are Equal.
func (s Set) Key() string {
	b := make([]byte, 0, 16+16*len(s.Constraints))
	b = append(b, 'S')
	b = strconv.AppendInt(b, int64(s.NumDims), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(s.NumSyms), 10)
	for i, c := range s.Constraints {
		if s.IsEq(i) {
			b = append(b, '=')
		} else {
			b = append(b, '>')
		}
		b = appendKey(b, c)
	}
	return string(b)
}

// Key returns a string that identifies e structurally: two expressions have
// the same key exactly when they are Equal.
func (e Expr) Key() string { return string(appendKey(nil, e)) }

// appendKey writes e in prefix form: d<N>, s<N>, c<V>, or
// <op>(<lhs>,<rhs>) with op one of + * % / \ (mod, floordiv, ceildiv).
func appendKey(b []byte, e Expr) []byte {
	switch e.kind {
	case KindDimId:
		return strconv.AppendInt(append(b, 'd'), e.val, 10)
	case KindSymbolId:
		return strconv.AppendInt(append(b, 's'), e.val, 10)
	case KindConstant:
		return strconv.AppendInt(append(b, 'c'), e.val, 10)
	case KindInvalid:
		return append(b, '?')
	}
	b = append(b, "?+*%/\\"[e.kind], '(')
	b = appendKey(b, e.bin.lhs)
	b = append(b, ',')
	b = appendKey(b, e.bin.rhs)
	return append(b, ')')
}

// ReplaceDimsAndSymbols applies Expr.ReplaceDimsAndSymbols to every result
// and returns a map with the given dimension and symbol counts.
func (m Map) ReplaceDimsAndSymbols(dims, syms []Expr, numDims, numSyms int) Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = r.ReplaceDimsAndSymbols(dims, syms)
	}
	return Map{NumDims: numDims, NumSyms: numSyms, Results: res}
}
