package affine

import "math"

// ExprKind identifies the kind of an affine expression. The order of the
// binary kinds follows MLIR's AffineExprKind.
type ExprKind uint8

const (
	// KindInvalid is the kind of the zero Expr, which stands for "no
	// expression" (MLIR's null AffineExpr).
	KindInvalid ExprKind = iota
	// KindAdd is lhs + rhs.
	KindAdd
	// KindMul is lhs * rhs; at least one operand is symbolic or constant.
	KindMul
	// KindMod is lhs mod rhs (result always non-negative for positive rhs).
	KindMod
	// KindFloorDiv is lhs floordiv rhs.
	KindFloorDiv
	// KindCeilDiv is lhs ceildiv rhs.
	KindCeilDiv
	// KindConstant is an integer constant.
	KindConstant
	// KindDimId is a dimension identifier d<N>.
	KindDimId
	// KindSymbolId is a symbol identifier s<N>.
	KindSymbolId
)

// String returns a short name for the kind.
func (k ExprKind) String() string {
	switch k {
	case KindAdd:
		return "add"
	case KindMul:
		return "mul"
	case KindMod:
		return "mod"
	case KindFloorDiv:
		return "floordiv"
	case KindCeilDiv:
		return "ceildiv"
	case KindConstant:
		return "constant"
	case KindDimId:
		return "dim"
	case KindSymbolId:
		return "symbol"
	}
	return "invalid"
}

// IsBinary reports whether the kind is one of the binary operation kinds.
func (k ExprKind) IsBinary() bool { return k >= KindAdd && k <= KindCeilDiv }

// Expr is an immutable affine expression. It is a small value: leaves
// (constants, dims, symbols) need no allocation and binary expressions hold a
// pointer to a shared, never-modified node. The zero Expr is the invalid
// ("null") expression. Compare expressions with Equal; == compares node
// identity for binary expressions.
type Expr struct {
	kind ExprKind
	val  int64    // constant value or dim/symbol position
	bin  *binNode // operands of a binary expression
}

type binNode struct {
	lhs, rhs Expr
	hash     uint64
	div      int64 // cached LargestKnownDivisor
	symOrCst bool  // cached IsSymbolicOrConstant
}

// Dim returns the dimension identifier d<pos>. pos should be non-negative.
func Dim(pos int) Expr { return Expr{kind: KindDimId, val: int64(pos)} }

// Sym returns the symbol identifier s<pos>. pos should be non-negative.
func Sym(pos int) Expr { return Expr{kind: KindSymbolId, val: int64(pos)} }

// Const returns the constant expression v.
func Const(v int64) Expr { return Expr{kind: KindConstant, val: v} }

// Kind returns the kind of e (KindInvalid for the zero Expr).
func (e Expr) Kind() ExprKind { return e.kind }

// IsValid reports whether e is a real expression (not the zero Expr).
func (e Expr) IsValid() bool { return e.kind != KindInvalid }

// IsBinary reports whether e is a binary operation.
func (e Expr) IsBinary() bool { return e.bin != nil }

// LHS returns the left operand of a binary expression, or the zero Expr.
func (e Expr) LHS() Expr {
	if e.bin == nil {
		return Expr{}
	}
	return e.bin.lhs
}

// RHS returns the right operand of a binary expression, or the zero Expr.
func (e Expr) RHS() Expr {
	if e.bin == nil {
		return Expr{}
	}
	return e.bin.rhs
}

// Value returns the value of a constant expression (0 for other kinds).
func (e Expr) Value() int64 {
	if e.kind != KindConstant {
		return 0
	}
	return e.val
}

// Position returns the position of a dim or symbol expression (0 for other
// kinds).
func (e Expr) Position() int {
	if e.kind != KindDimId && e.kind != KindSymbolId {
		return 0
	}
	return int(e.val)
}

// IsConstant reports whether e is a constant expression.
func (e Expr) IsConstant() bool { return e.kind == KindConstant }

// IsConstantValue reports whether e is the constant v.
func (e Expr) IsConstantValue(v int64) bool { return e.kind == KindConstant && e.val == v }

// IsDim reports whether e is a dimension identifier.
func (e Expr) IsDim() bool { return e.kind == KindDimId }

// IsSym reports whether e is a symbol identifier.
func (e Expr) IsSym() bool { return e.kind == KindSymbolId }

// IsSymbolicOrConstant reports whether e is made only of symbols and
// constants (no dimension identifiers), as MLIR's isSymbolicOrConstant.
func (e Expr) IsSymbolicOrConstant() bool {
	switch e.kind {
	case KindConstant, KindSymbolId:
		return true
	case KindDimId, KindInvalid:
		return false
	}
	return e.bin.symOrCst
}

// IsPureAffine reports whether e is pure affine: multiplication only by
// constants and floordiv/ceildiv/mod only by constants (MLIR's isPureAffine).
func (e Expr) IsPureAffine() bool {
	switch e.kind {
	case KindConstant, KindDimId, KindSymbolId:
		return true
	case KindInvalid:
		return false
	case KindAdd:
		return e.bin.lhs.IsPureAffine() && e.bin.rhs.IsPureAffine()
	case KindMul:
		return e.bin.lhs.IsPureAffine() && e.bin.rhs.IsPureAffine() &&
			(e.bin.lhs.kind == KindConstant || e.bin.rhs.kind == KindConstant)
	}
	return e.bin.lhs.IsPureAffine() && e.bin.rhs.kind == KindConstant
}

// LargestKnownDivisor returns the greatest known integral divisor of e, as
// MLIR's getLargestKnownDivisor (including its wrap-around behaviour on
// overflow).
func (e Expr) LargestKnownDivisor() int64 {
	switch e.kind {
	case KindConstant:
		return abs64(e.val)
	case KindDimId, KindSymbolId, KindInvalid:
		return 1
	}
	return e.bin.div
}

// IsMultipleOf reports whether e is known to be a multiple of factor (MLIR's
// isMultipleOf). A zero factor yields false.
func (e Expr) IsMultipleOf(factor int64) bool {
	if factor == 0 {
		return false
	}
	switch e.kind {
	case KindInvalid:
		return false
	case KindDimId, KindSymbolId:
		return factor*factor == 1
	case KindConstant:
		return e.val%factor == 0
	case KindMul:
		// MLIR computes these in uint64_t.
		f := uint64(factor)
		l := uint64(e.bin.lhs.LargestKnownDivisor())
		if l%f == 0 {
			return true
		}
		u := uint64(e.bin.rhs.LargestKnownDivisor())
		return u%f == 0 || l*u%f == 0
	}
	return gcdU64(uint64(e.bin.lhs.LargestKnownDivisor()),
		uint64(e.bin.rhs.LargestKnownDivisor()))%uint64(factor) == 0
}

// IsFunctionOfDim reports whether dimension pos appears in e.
func (e Expr) IsFunctionOfDim(pos int) bool {
	if e.kind == KindDimId {
		return e.val == int64(pos)
	}
	if e.bin != nil {
		return e.bin.lhs.IsFunctionOfDim(pos) || e.bin.rhs.IsFunctionOfDim(pos)
	}
	return false
}

// IsFunctionOfSymbol reports whether symbol pos appears in e.
func (e Expr) IsFunctionOfSymbol(pos int) bool {
	if e.kind == KindSymbolId {
		return e.val == int64(pos)
	}
	if e.bin != nil {
		return e.bin.lhs.IsFunctionOfSymbol(pos) || e.bin.rhs.IsFunctionOfSymbol(pos)
	}
	return false
}

// Walk calls fn on every sub-expression of e in post-order (operands before
// the operation), as MLIR's AffineExpr::walk.
func (e Expr) Walk(fn func(Expr)) {
	if !e.IsValid() {
		return
	}
	if e.bin != nil {
		e.bin.lhs.Walk(fn)
		e.bin.rhs.Walk(fn)
	}
	fn(e)
}

// ReplaceDimsAndSymbols substitutes dims[i] for d<i> and syms[i] for s<i>
// (positions beyond the slices are kept) and rebuilds the expression through
// the simplifying constructors, as MLIR's replaceDimsAndSymbols.
func (e Expr) ReplaceDimsAndSymbols(dims, syms []Expr) Expr {
	switch e.kind {
	case KindDimId:
		if e.val >= 0 && e.val < int64(len(dims)) {
			return dims[e.val]
		}
		return e
	case KindSymbolId:
		if e.val >= 0 && e.val < int64(len(syms)) {
			return syms[e.val]
		}
		return e
	case KindConstant, KindInvalid:
		return e
	}
	l := e.bin.lhs.ReplaceDimsAndSymbols(dims, syms)
	r := e.bin.rhs.ReplaceDimsAndSymbols(dims, syms)
	if l.Equal(e.bin.lhs) && r.Equal(e.bin.rhs) {
		return e
	}
	return Binary(e.kind, l, r)
}

// Same reports whether a and b are the same value: equal leaves, or binary
// expressions sharing the same node. It is a cheap, conservative form of
// Equal.
func (e Expr) Same(o Expr) bool {
	return e.kind == o.kind && e.val == o.val && e.bin == o.bin
}

// Equal reports whether e and o are structurally identical, which is exactly
// when MLIR's uniqued expressions would be the same object.
func (e Expr) Equal(o Expr) bool {
	for {
		if e.kind != o.kind || e.val != o.val {
			return false
		}
		if e.bin == o.bin {
			return true
		}
		if e.bin == nil || o.bin == nil || e.bin.hash != o.bin.hash {
			return false
		}
		if !e.bin.lhs.Equal(o.bin.lhs) {
			return false
		}
		e, o = e.bin.rhs, o.bin.rhs
	}
}

// Hash returns a structural hash of e: Equal expressions have equal hashes.
func (e Expr) Hash() uint64 {
	if e.bin != nil {
		return e.bin.hash
	}
	return mix64(uint64(e.kind)*0x9e3779b97f4a7c15 ^ uint64(e.val))
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v // wraps for MinInt64, like std::abs in practice
	}
	return v
}

func gcdU64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// newBinary allocates a binary node without any simplification.
func newBinary(kind ExprKind, lhs, rhs Expr) Expr {
	n := &binNode{lhs: lhs, rhs: rhs}
	n.hash = mix64(uint64(kind)*0x2545f4914f6cdd1d ^ lhs.Hash()*31 ^ rhs.Hash()*0x100000001b3)
	n.symOrCst = lhs.IsSymbolicOrConstant() && rhs.IsSymbolicOrConstant()
	switch kind {
	case KindMul:
		n.div = lhs.LargestKnownDivisor() * rhs.LargestKnownDivisor()
	case KindAdd, KindMod:
		n.div = int64(gcdU64(uint64(lhs.LargestKnownDivisor()), uint64(rhs.LargestKnownDivisor())))
	case KindFloorDiv, KindCeilDiv:
		n.div = 1
		if rhs.kind == KindConstant && rhs.val != 0 {
			// Go defines MinInt64 % -1 == 0 and MinInt64 / -1 == MinInt64
			// (no trap), so this cannot panic.
			if ld := lhs.LargestKnownDivisor(); ld%rhs.val == 0 {
				n.div = abs64(ld / rhs.val)
			}
		}
	}
	return Expr{kind: kind, bin: n}
}

// orderCommutative puts dims before symbols and orders dims (and symbols)
// by position; anything else keeps its order. MLIR applies it when it
// creates an Add or Mul node that was not simplified.
func orderCommutative(a, b Expr) (Expr, Expr) {
	switch {
	case a.kind == KindSymbolId && b.kind == KindSymbolId,
		a.kind == KindDimId && b.kind == KindDimId:
		if a.val < b.val {
			return a, b
		}
		return b, a
	case a.kind == KindSymbolId && b.kind == KindDimId:
		return b, a
	}
	return a, b
}

// Binary builds lhs <kind> rhs through the simplifying constructor for kind
// (MLIR's getAffineBinaryOpExpr). It returns the zero Expr when kind is not a
// binary kind or an operand is invalid.
func Binary(kind ExprKind, lhs, rhs Expr) Expr {
	switch kind {
	case KindAdd:
		return Add(lhs, rhs)
	case KindMul:
		return Mul(lhs, rhs)
	case KindFloorDiv:
		return FloorDiv(lhs, rhs)
	case KindCeilDiv:
		return CeilDiv(lhs, rhs)
	case KindMod:
		return Mod(lhs, rhs)
	}
	return Expr{}
}

// Add returns lhs + rhs, simplified as MLIR's AffineExpr::operator+:
// constants are folded (unless the sum overflows) and moved to the right,
// zero is dropped, "(e + c1) + c2" folds, "c1 * e + c2 * e" becomes
// "(c1 + c2) * e", "e - (e floordiv q) * q" becomes "e mod q", and an
// unsimplified sum of two dims or symbols is ordered (dims first, then by
// position). Invalid operands give the zero Expr.
func Add(lhs, rhs Expr) Expr {
	if !lhs.IsValid() || !rhs.IsValid() {
		return Expr{}
	}
	if s, ok := simplifyAdd(lhs, rhs); ok {
		return s
	}
	lhs, rhs = orderCommutative(lhs, rhs)
	return newBinary(KindAdd, lhs, rhs)
}

// AddConst returns e + v.
func AddConst(e Expr, v int64) Expr { return Add(e, Const(v)) }

// Mul returns lhs * rhs, simplified as MLIR's AffineExpr::operator*:
// constants are folded (unless the product overflows), the constant or
// symbolic operand goes to the right, "e * 1" is e, "e * 0" is 0 and
// "(e * c1) * c2" folds. At least one operand should be symbolic or constant;
// when neither is (MLIR asserts), the product is built without
// simplification.
func Mul(lhs, rhs Expr) Expr {
	if !lhs.IsValid() || !rhs.IsValid() {
		return Expr{}
	}
	if s, ok := simplifyMul(lhs, rhs); ok {
		return s
	}
	lhs, rhs = orderCommutative(lhs, rhs)
	return newBinary(KindMul, lhs, rhs)
}

// MulConst returns e * v.
func MulConst(e Expr, v int64) Expr { return Mul(e, Const(v)) }

// Neg returns -e, built as e * -1 like MLIR's unary minus.
func Neg(e Expr) Expr { return Mul(e, Const(-1)) }

// Sub returns lhs - rhs, built as lhs + rhs * -1 like MLIR.
func Sub(lhs, rhs Expr) Expr { return Add(lhs, Neg(rhs)) }

// FloorDiv returns lhs floordiv rhs, simplified as MLIR's floorDiv.
// Division by zero or by a non-constant is kept as is, and so is constant
// folding that would overflow (MinInt64 floordiv -1); nothing panics.
func FloorDiv(lhs, rhs Expr) Expr {
	if !lhs.IsValid() || !rhs.IsValid() {
		return Expr{}
	}
	if s, ok := simplifyFloorDiv(lhs, rhs); ok {
		return s
	}
	return newBinary(KindFloorDiv, lhs, rhs)
}

// CeilDiv returns lhs ceildiv rhs, simplified as MLIR's ceilDiv (division by
// zero or by a non-constant is kept as is).
func CeilDiv(lhs, rhs Expr) Expr {
	if !lhs.IsValid() || !rhs.IsValid() {
		return Expr{}
	}
	if s, ok := simplifyCeilDiv(lhs, rhs); ok {
		return s
	}
	return newBinary(KindCeilDiv, lhs, rhs)
}

// Mod returns lhs mod rhs, simplified as MLIR's operator%. Only a positive
// constant divisor simplifies; "e mod 0", "e mod -3" and "e mod s0" are kept.
func Mod(lhs, rhs Expr) Expr {
	if !lhs.IsValid() || !rhs.IsValid() {
		return Expr{}
	}
	if s, ok := simplifyMod(lhs, rhs); ok {
		return s
	}
	return newBinary(KindMod, lhs, rhs)
}

func simplifyAdd(lhs, rhs Expr) (Expr, bool) {
	lc, rc := lhs.kind == KindConstant, rhs.kind == KindConstant
	// Fold constants, unless the sum overflows: then the sum is kept as is.
	if lc && rc {
		if sum, ok := checkedAdd(lhs.val, rhs.val); ok {
			return Const(sum), true
		}
		return Expr{}, false
	}
	// Canonicalize so that only the RHS is a constant, and a lone symbolic
	// operand is on the right.
	if lc || (lhs.IsSymbolicOrConstant() && !rhs.IsSymbolicOrConstant()) {
		return Add(rhs, lhs), true
	}
	if rc && rhs.val == 0 {
		return lhs, true
	}
	// (d0 + 2) + 3 -> d0 + 5.
	if lhs.kind == KindAdd && rc && lhs.bin.rhs.kind == KindConstant {
		return Add(lhs.bin.lhs, Const(lhs.bin.rhs.val+rhs.val)), true
	}
	// c1 * expr + c2 * expr -> (c1 + c2) * expr.
	lCoef, first := int64(1), lhs
	if lhs.kind == KindMul && lhs.bin.rhs.kind == KindConstant {
		lCoef, first = lhs.bin.rhs.val, lhs.bin.lhs
	}
	rCoef, second := int64(1), rhs
	if rhs.kind == KindMul && rhs.bin.rhs.kind == KindConstant {
		rCoef, second = rhs.bin.rhs.val, rhs.bin.lhs
	}
	if first.Equal(second) {
		return Mul(first, Const(lCoef+rCoef)), true
	}
	// (d0 + 2) + d1 -> (d0 + d1) + 2.
	if lhs.kind == KindAdd && lhs.bin.rhs.kind == KindConstant {
		return Add(Add(lhs.bin.lhs, rhs), lhs.bin.rhs), true
	}
	// expr - q * (expr floordiv q) -> expr mod q.
	if rhs.bin == nil {
		return Expr{}, false
	}
	lrhs, rrhs := rhs.bin.lhs, rhs.bin.rhs
	if rrhs.IsConstantValue(-1) && lrhs.kind == KindMul {
		llrhs, rlrhs := lrhs.bin.lhs, lrhs.bin.rhs
		if llrhs.kind != KindFloorDiv {
			return Expr{}, false
		}
		if llrhs.bin.rhs.Equal(rlrhs) && lhs.Equal(llrhs.bin.lhs) {
			return Mod(lhs, rlrhs), true
		}
	}
	// expr + (expr floordiv c) * -c -> expr mod c, for a positive constant c.
	if rhs.kind != KindMul || lrhs.kind != KindFloorDiv {
		return Expr{}, false
	}
	llrhs, rlrhs := lrhs.bin.lhs, lrhs.bin.rhs
	if rlrhs.kind == KindConstant && rlrhs.val > 0 && lhs.Equal(llrhs) && rlrhs.Equal(Neg(rrhs)) {
		return Mod(lhs, rlrhs), true
	}
	// (a + b) + (x floordiv q) * k -> a + (b + (x floordiv q) * k) when the
	// inner sum simplifies, e.g. (a + b) + (b floordiv c) * -c -> a + b mod c.
	if lhs.kind == KindAdd {
		if inner, ok := simplifyAdd(lhs.bin.rhs, rhs); ok {
			return Add(lhs.bin.lhs, inner), true
		}
	}
	return Expr{}, false
}

func simplifyMul(lhs, rhs Expr) (Expr, bool) {
	lc, rc := lhs.kind == KindConstant, rhs.kind == KindConstant
	if lc && rc {
		if prod, ok := checkedMul(lhs.val, rhs.val); ok {
			return Const(prod), true
		}
		return Expr{}, false
	}
	lsym, rsym := lhs.IsSymbolicOrConstant(), rhs.IsSymbolicOrConstant()
	if !lsym && !rsym {
		// Not affine; MLIR asserts here. Build it as is.
		return Expr{}, false
	}
	// Canonicalize so the constant/symbolic operand is on the right.
	if !rsym || lc {
		return Mul(rhs, lhs), true
	}
	if rc {
		if rhs.val == 1 {
			return lhs, true
		}
		if rhs.val == 0 {
			return rhs, true
		}
	}
	if lhs.kind == KindMul && lhs.bin.rhs.kind == KindConstant {
		// (d0 * 2) * 3 -> d0 * 6.
		if rc {
			return Mul(lhs.bin.lhs, Const(lhs.bin.rhs.val*rhs.val)), true
		}
		// (d0 * 2) * s0 -> (d0 * s0) * 2.
		return Mul(Mul(lhs.bin.lhs, rhs), lhs.bin.rhs), true
	}
	return Expr{}, false
}

// checkedAdd returns a + b and whether it did not overflow.
func checkedAdd(a, b int64) (int64, bool) {
	c := a + b
	return c, (a >= 0) != (b >= 0) || (c >= 0) == (a >= 0)
}

// checkedMul returns a * b and whether it did not overflow.
func checkedMul(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	if (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	c := a * b
	return c, c/b == a
}

// floorDivInt returns floor(a / b) for b != 0 (and not MinInt64 / -1).
func floorDivInt(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// ceilDivInt returns ceil(a / b) for b != 0 (and not MinInt64 / -1).
func ceilDivInt(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}

// modInt returns a mod b in [0, b) for b >= 1.
func modInt(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

func simplifyFloorDiv(lhs, rhs Expr) (Expr, bool) {
	// Division by zero or by a non-constant is kept as is.
	if rhs.kind != KindConstant || rhs.val == 0 {
		return Expr{}, false
	}
	c := rhs.val
	if lhs.kind == KindConstant {
		if lhs.val == math.MinInt64 && c == -1 {
			return Expr{}, false // overflows
		}
		return Const(floorDivInt(lhs.val, c)), true
	}
	if c == 1 {
		return lhs, true
	}
	// (expr * k) floordiv c -> expr * (k / c) when c divides k.
	if lhs.kind == KindMul && lhs.bin.rhs.kind == KindConstant {
		if k := lhs.bin.rhs.val; k%c == 0 {
			return Mul(lhs.bin.lhs, Const(k/c)), true
		}
	}
	// (a + b) floordiv c -> a floordiv c + b floordiv c when either operand
	// is a known multiple of c. MLIR recurses into a; to keep the stack
	// shallow on long sums this walks down the left spine of distributing
	// sums and rebuilds the same expression bottom-up.
	distributes := func(e Expr) bool {
		return e.kind == KindAdd &&
			(e.bin.lhs.LargestKnownDivisor()%c == 0 || e.bin.rhs.LargestKnownDivisor()%c == 0)
	}
	if !distributes(lhs) {
		return Expr{}, false
	}
	var rights []Expr
	for ; distributes(lhs); lhs = lhs.bin.lhs {
		rights = append(rights, lhs.bin.rhs)
	}
	res := FloorDiv(lhs, Const(c))
	for i := len(rights) - 1; i >= 0; i-- {
		res = Add(res, FloorDiv(rights[i], Const(c)))
	}
	return res, true
}

func simplifyCeilDiv(lhs, rhs Expr) (Expr, bool) {
	if rhs.kind != KindConstant || rhs.val == 0 {
		return Expr{}, false
	}
	c := rhs.val
	if lhs.kind == KindConstant {
		if lhs.val == math.MinInt64 && c == -1 {
			return Expr{}, false // overflows
		}
		return Const(ceilDivInt(lhs.val, c)), true
	}
	if c == 1 {
		return lhs, true
	}
	if lhs.kind == KindMul && lhs.bin.rhs.kind == KindConstant {
		if k := lhs.bin.rhs.val; k%c == 0 {
			return Mul(lhs.bin.lhs, Const(k/c)), true
		}
	}
	return Expr{}, false
}

func simplifyMod(lhs, rhs Expr) (Expr, bool) {
	if rhs.kind != KindConstant || rhs.val < 1 {
		return Expr{}, false
	}
	c := rhs.val
	// Each rule below either folds or rewrites lhs mod c to x mod c for a
	// smaller x; MLIR recurses, this loops.
	simplified := false
	for {
		if lhs.kind == KindConstant {
			return Const(modInt(lhs.val, c)), true
		}
		// A known multiple of c is 0 mod c.
		if lhs.LargestKnownDivisor()%c == 0 {
			return Const(0), true
		}
		switch {
		case lhs.kind == KindAdd && lhs.bin.lhs.LargestKnownDivisor()%c == 0:
			// (a + b) mod c -> b mod c when a is a known multiple of c.
			lhs = lhs.bin.rhs
		case lhs.kind == KindAdd && lhs.bin.rhs.LargestKnownDivisor()%c == 0:
			lhs = lhs.bin.lhs
		case lhs.kind == KindMod && lhs.bin.rhs.kind == KindConstant &&
			lhs.bin.rhs.val >= 1 && modInt(lhs.bin.rhs.val, c) == 0:
			// (e mod a) mod c -> e mod c when c divides a.
			lhs = lhs.bin.lhs
		default:
			if !simplified {
				return Expr{}, false
			}
			return newBinary(KindMod, lhs, rhs), true
		}
		simplified = true
	}
}
