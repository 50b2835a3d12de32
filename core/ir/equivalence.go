package ir

// OperationsEquivalent reports whether a and b compute the same thing:
// equal names, properties, attributes, result types and operands, and
// structurally equal regions (MLIR's OperationEquivalence with locations
// ignored). Values and blocks defined inside a's regions are matched
// positionally with those of b.
func OperationsEquivalent(a, b *Operation) bool {
	return equivalentWith(a, b, map[Value]Value{}, map[*Block]*Block{}, false)
}

// OperationsEquivalentCommutative is OperationsEquivalent where the
// operands of a and b themselves, when they are Commutative, may come in
// any order, as CSE compares operations (MLIR's OperationEquivalence
// sorts the operands of a commutative operation); operations nested in
// their regions still compare position by position.
func OperationsEquivalentCommutative(a, b *Operation) bool {
	return equivalentWith(a, b, map[Value]Value{}, map[*Block]*Block{}, true)
}

func equivalentWith(a, b *Operation, vmap map[Value]Value, bmap map[*Block]*Block, commutative bool) bool {
	if a.OpName() != b.OpName() || a.Properties() != b.Properties() || a.Attrs() != b.Attrs() ||
		a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.NumRegions() != b.NumRegions() || a.NumSuccessors() != b.NumSuccessors() {
		return false
	}
	for i := 0; i < a.NumResults(); i++ {
		if a.Result(i).Type() != b.Result(i).Type() {
			return false
		}
	}
	if !operandsEquivalent(a, b, vmap, commutative) {
		return false
	}
	for i := 0; i < a.NumSuccessors(); i++ {
		x, y := a.Successor(i), b.Successor(i)
		if m, ok := bmap[x]; ok {
			x = m
		}
		if x != y {
			return false
		}
	}
	for i := 0; i < a.NumRegions(); i++ {
		if !regionsEquivalent(a.Region(i), b.Region(i), vmap, bmap) {
			return false
		}
	}
	return true
}

// RegionsEquivalent reports whether two regions have the same block
// structure and pairwise equivalent operations (see OperationsEquivalent);
// locations are ignored.
func RegionsEquivalent(ra, rb *Region) bool {
	return regionsEquivalent(ra, rb, map[Value]Value{}, map[*Block]*Block{})
}

func regionsEquivalent(ra, rb *Region, vmap map[Value]Value, bmap map[*Block]*Block) bool {
	ba, bb := ra.First(), rb.First()
	for ; ba != nil && bb != nil; ba, bb = ba.Next(), bb.Next() {
		if ba.NumArguments() != bb.NumArguments() {
			return false
		}
		for i, arg := range ba.Arguments() {
			if arg.Type() != bb.Argument(i).Type() {
				return false
			}
			vmap[arg] = bb.Argument(i)
		}
		bmap[ba] = bb
	}
	if ba != nil || bb != nil {
		return false
	}
	for ba, bb = ra.First(), rb.First(); ba != nil; ba, bb = ba.Next(), bb.Next() {
		oa, ob := ba.First(), bb.First()
		for ; oa != nil && ob != nil; oa, ob = oa.Next(), ob.Next() {
			if !equivalentWith(oa, ob, vmap, bmap, false) {
				return false
			}
			for i := 0; i < oa.NumResults(); i++ {
				vmap[oa.Result(i)] = ob.Result(i)
			}
		}
		if oa != nil || ob != nil {
			return false
		}
	}
	return true
}

// operandsEquivalent compares the operands of a, mapped through vmap, with
// those of b: position by position, or, with commutative set, as
// multisets when the operation is Commutative, so that `muli %a, %b` and
// `muli %b, %a` match.
func operandsEquivalent(a, b *Operation, vmap map[Value]Value, commutative bool) bool {
	n := a.NumOperands()
	mapped := func(i int) Value {
		x := a.Operand(i)
		if m, ok := vmap[x]; ok {
			return m
		}
		return x
	}
	same := true
	for i := 0; i < n; i++ {
		if mapped(i) != b.Operand(i) {
			same = false
			break
		}
	}
	if same || !commutative || n < 2 || !a.HasTrait(Commutative) {
		return same
	}
	if n == 2 {
		return mapped(0) == b.Operand(1) && mapped(1) == b.Operand(0)
	}
	used := make([]bool, n)
next:
	for i := 0; i < n; i++ {
		x := mapped(i)
		for j := 0; j < n; j++ {
			if !used[j] && b.Operand(j) == x {
				used[j] = true
				continue next
			}
		}
		return false
	}
	return true
}
