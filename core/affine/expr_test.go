package affine

import (
	"math"
	"testing"
)

// TestConstructors checks the simplifying constructors directly (the
// expected strings were produced by mlir-opt-22 for the equivalent maps).
func TestConstructors(t *testing.T) {
	d0, d1, s0, s1 := Dim(0), Dim(1), Sym(0), Sym(1)
	c := Const
	tests := []struct {
		got  Expr
		want string
	}{
		{Add(c(2), c(3)), "5"},
		{Mul(c(2), c(3)), "6"},
		{Add(d0, c(0)), "d0"},
		{Add(c(0), d0), "d0"},
		{Mul(d0, c(1)), "d0"},
		{Mul(c(1), d0), "d0"},
		{Mul(d0, c(0)), "0"},
		{Add(Add(d0, c(2)), c(3)), "d0 + 5"},
		{Add(c(4), d0), "d0 + 4"},
		{Add(s0, d0), "d0 + s0"},
		{Add(d1, d0), "d0 + d1"},
		{Add(s1, s0), "s0 + s1"},
		{Mul(s1, s0), "s0 * s1"},
		{Mul(s0, d0), "d0 * s0"},
		{Add(Add(d0, c(2)), d1), "d0 + d1 + 2"},
		{Mul(Mul(d0, c(2)), c(3)), "d0 * 6"},
		{Mul(Mul(d0, c(2)), s0), "(d0 * s0) * 2"},
		{Add(Mul(d0, c(2)), Mul(d0, c(3))), "d0 * 5"},
		{Add(d0, d0), "d0 * 2"},
		{Sub(d0, d0), "0"},
		{Sub(d0, d1), "d0 - d1"},
		{Sub(d0, c(1)), "d0 - 1"},
		{Neg(d0), "-d0"},
		{Neg(Add(d0, d1)), "-(d0 + d1)"},
		{Neg(Neg(d0)), "d0"},
		{Sub(d0, Mul(d1, c(3))), "d0 - d1 * 3"},
		{Sub(d0, Mul(Add(d1, c(1)), c(3))), "d0 - (d1 + 1) * 3"},
		{Mul(Add(d0, d1), c(2)), "(d0 + d1) * 2"},
		{FloorDiv(d0, c(1)), "d0"},
		{CeilDiv(d0, c(1)), "d0"},
		{Mod(d0, c(1)), "0"},
		{FloorDiv(c(7), c(2)), "3"},
		{FloorDiv(c(-7), c(2)), "-4"},
		{FloorDiv(c(7), c(-2)), "-4"},
		{CeilDiv(c(7), c(2)), "4"},
		{CeilDiv(c(-7), c(2)), "-3"},
		{CeilDiv(c(-7), c(-2)), "4"},
		{Mod(c(-7), c(3)), "2"},
		{Mod(c(7), c(-3)), "7 mod -3"},
		{FloorDiv(c(7), c(0)), "7 floordiv 0"},
		{CeilDiv(c(7), c(0)), "7 ceildiv 0"},
		{Mod(c(7), c(0)), "7 mod 0"},
		{FloorDiv(d0, c(0)), "d0 floordiv 0"},
		{FloorDiv(d0, c(-1)), "d0 floordiv -1"},
		{FloorDiv(Mul(d0, c(128)), c(64)), "d0 * 2"},
		{FloorDiv(Mul(d0, c(6)), c(-3)), "d0 * -2"},
		{CeilDiv(Mul(d0, c(128)), c(64)), "d0 * 2"},
		{Mod(Mul(d0, c(128)), c(64)), "0"},
		{FloorDiv(Add(Mul(d0, c(4)), c(3)), c(2)), "d0 * 2 + 1"},
		{Mod(Add(Mul(d0, c(4)), c(3)), c(2)), "1"},
		{Mod(Add(Mul(d0, c(4)), d1), c(2)), "d1 mod 2"},
		{Mod(Mod(d0, c(8)), c(4)), "d0 mod 4"},
		{Mod(Mod(d0, c(8)), c(3)), "(d0 mod 8) mod 3"},
		{Sub(d0, Mul(FloorDiv(d0, c(4)), c(4))), "d0 mod 4"},
		{Sub(d0, Mul(FloorDiv(d0, s0), s0)), "d0 mod s0"},
		{Add(Add(d0, d1), Mul(FloorDiv(d1, c(4)), c(-4))), "d0 + d1 mod 4"},
		{Mul(d0, s0), "d0 * s0"},
		{Mod(d0, s0), "d0 mod s0"},
		{FloorDiv(Neg(s0), c(4)), "(-s0) floordiv 4"},
		// Overflowing constant arithmetic is not folded.
		{Add(c(math.MaxInt64), c(1)), "9223372036854775807 + 1"},
		{Mul(c(1<<62), c(2)), "4611686018427387904 * 2"},
		{FloorDiv(c(math.MinInt64), c(-1)), "-9223372036854775808 floordiv -1"},
		{CeilDiv(c(math.MinInt64), c(-1)), "-9223372036854775808 ceildiv -1"},
		{Add(d0, c(math.MinInt64)), "d0 - -9223372036854775808"},
		{Add(Add(d0, c(math.MaxInt64)), c(1)), "d0 - -9223372036854775808"},
		// Non-affine products are built as is (MLIR would assert).
		{Mul(d0, d1), "d0 * d1"},
		{Add(Expr{}, d0), "<<NULL AFFINE EXPR>>"},
	}
	for i, tc := range tests {
		if got := tc.got.String(); got != tc.want {
			t.Errorf("#%d: got %q, want %q", i, got, tc.want)
		}
	}
}

func TestExprAccessors(t *testing.T) {
	e := Add(Mul(Dim(1), Const(4)), Sym(2))
	if e.Kind() != KindAdd || !e.IsBinary() || e.LHS().Kind() != KindMul || e.RHS().Position() != 2 {
		t.Fatalf("unexpected structure for %v", e)
	}
	if e.LHS().RHS().Value() != 4 || !e.LHS().RHS().IsConstantValue(4) {
		t.Fatalf("constant accessors")
	}
	if e.IsSymbolicOrConstant() || !e.RHS().IsSymbolicOrConstant() || !e.IsPureAffine() {
		t.Fatalf("predicates")
	}
	if Mul(Dim(0), Sym(0)).IsPureAffine() || Mod(Dim(0), Sym(0)).IsPureAffine() {
		t.Fatalf("semi-affine reported pure")
	}
	if !e.IsFunctionOfDim(1) || e.IsFunctionOfDim(0) || !e.IsFunctionOfSymbol(2) || e.IsFunctionOfSymbol(0) {
		t.Fatalf("IsFunctionOf")
	}
	if d := Mul(Dim(0), Const(6)).LargestKnownDivisor(); d != 6 {
		t.Fatalf("divisor %d", d)
	}
	if !Mul(Dim(0), Const(6)).IsMultipleOf(3) || Dim(0).IsMultipleOf(2) || Const(4).IsMultipleOf(0) {
		t.Fatalf("IsMultipleOf")
	}
	var kinds []ExprKind
	e.Walk(func(x Expr) { kinds = append(kinds, x.Kind()) })
	want := []ExprKind{KindDimId, KindConstant, KindMul, KindSymbolId, KindAdd}
	if len(kinds) != len(want) {
		t.Fatalf("walk: %v", kinds)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("walk: %v", kinds)
		}
	}
	r := e.ReplaceDimsAndSymbols([]Expr{Dim(0), Add(Dim(0), Const(1))}, nil)
	if got := r.String(); got != "(d0 + 1) * 4 + s2" {
		t.Fatalf("replace: %s", got)
	}
	if got := e.ReplaceDimsAndSymbols(nil, nil); !got.Same(e) {
		t.Fatalf("replace without change should return the same node")
	}
	var zero Expr
	if zero.IsValid() || zero.LHS().IsValid() || zero.String() != "<<NULL AFFINE EXPR>>" {
		t.Fatalf("zero Expr")
	}
}

func TestEqualAndKey(t *testing.T) {
	a := Add(Mul(Dim(0), Const(2)), Sym(0))
	b := Add(Mul(Dim(0), Const(2)), Sym(0))
	if !a.Equal(b) || a.Same(b) || a.Hash() != b.Hash() || a.Key() != b.Key() {
		t.Fatalf("structurally equal expressions differ")
	}
	// Same printed text, different trees: d0 + (d1 + d2) vs (d0 + d1) + d2.
	x := Add(Dim(0), Add(Dim(1), Dim(2)))
	y := Add(Add(Dim(0), Dim(1)), Dim(2))
	if x.String() != y.String() {
		t.Fatalf("expected the same text")
	}
	if x.Equal(y) || x.Key() == y.Key() {
		t.Fatalf("different trees must have different keys")
	}
	m1, _ := ParseMap("(i, j) -> (i + 1, 4 * j + 2)")
	m2, _ := ParseMap("(d0, d1) -> (1 + d0, 2 * 2 * d1 + 2)")
	m3, _ := ParseMap("(d0, d1)[s0] -> (1 + d0, 2 * 2 * d1 + 2)")
	if m1.Key() != m2.Key() || !m1.Equal(m2) {
		t.Fatalf("maps MLIR uniques together must have equal keys")
	}
	if m1.Key() == m3.Key() || m1.Equal(m3) {
		t.Fatalf("maps with different symbol counts must differ")
	}
	s1, _ := ParseSet("(d0) : (d0 >= 0)")
	s2, _ := ParseSet("(d0) : (d0 == 0)")
	if s1.Key() == s2.Key() || s1.Equal(s2) {
		t.Fatalf("eq flags must be part of the key")
	}
	if Const(1).Key() == Dim(1).Key() || Dim(1).Key() == Sym(1).Key() {
		t.Fatalf("leaf keys collide")
	}
}

func TestMapPredicates(t *testing.T) {
	parse := func(s string) Map {
		t.Helper()
		m, err := ParseMap(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return m
	}
	tests := []struct {
		m                                   string
		identity, perm, projPerm, projPerm0 bool
	}{
		{"(d0, d1) -> (d0, d1)", true, true, true, true},
		{"(d0, d1)[s0] -> (d0, d1)", true, false, false, false},
		{"(d0, d1) -> (d1, d0)", false, true, true, true},
		{"(d0, d1, d2) -> (d2, d0)", false, false, true, true},
		{"(d0, d1) -> (d0, 0)", false, false, false, true},
		{"(d0, d1) -> (d0, d0)", false, false, false, false},
		{"(d0) -> (d0 + 1)", false, false, false, false},
		{"() -> ()", true, true, true, true},
	}
	for _, tc := range tests {
		m := parse(tc.m)
		if m.IsIdentity() != tc.identity || m.IsPermutation() != tc.perm ||
			m.IsProjectedPermutation(false) != tc.projPerm || m.IsProjectedPermutation(true) != tc.projPerm0 {
			t.Errorf("%s: identity=%v perm=%v proj=%v proj0=%v", tc.m, m.IsIdentity(), m.IsPermutation(),
				m.IsProjectedPermutation(false), m.IsProjectedPermutation(true))
		}
	}
	if !IdentityMap(3).IsIdentity() || IdentityMap(3).String() != "(d0, d1, d2) -> (d0, d1, d2)" {
		t.Fatalf("IdentityMap")
	}
	if got := PermutationMap([]int{1, 0}).String(); got != "(d0, d1) -> (d1, d0)" {
		t.Fatalf("PermutationMap: %s", got)
	}
	if got := ConstantMap(-3).String(); got != "() -> (-3)" {
		t.Fatalf("ConstantMap: %s", got)
	}
	m := parse("(d0, d1)[s0] -> (3, 4)")
	if m.NumInputs() != 3 || m.NumResults() != 2 || !m.IsConstant() || m.IsSingleConstant() {
		t.Fatalf("counts/constant predicates")
	}
	if v, ok := m.ConstantResults(); !ok || v[0] != 3 || v[1] != 4 {
		t.Fatalf("ConstantResults")
	}
	if !parse("(d0, d1, d2) -> (d1, d2)").IsMinorIdentity() || parse("(d0, d1, d2) -> (d0, d2)").IsMinorIdentity() {
		t.Fatalf("IsMinorIdentity")
	}
	if !parse("()[s0, s1] -> (s0, s1)").IsSymbolIdentity() {
		t.Fatalf("IsSymbolIdentity")
	}
	r := parse("(d0, d1) -> (d0 + d1)").ReplaceDimsAndSymbols([]Expr{Dim(0), Dim(0)}, nil, 1, 0)
	if got := r.String(); got != "(d0) -> (d0 * 2)" {
		t.Fatalf("Map.ReplaceDimsAndSymbols: %s", got)
	}
}

func TestAppendAllocs(t *testing.T) {
	m, err := ParseMap("(d0, d1)[s0] -> (d0 * 4 + s0 - 1, (d1 floordiv 2) mod 3, -(d0 + d1))")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		buf = AppendMap(buf[:0], m)
	})
	if allocs != 0 {
		t.Errorf("AppendMap allocates %v times", allocs)
	}
	if string(buf) != m.String() {
		t.Errorf("AppendMap and String disagree")
	}
}
