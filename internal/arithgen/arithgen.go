// Package arithgen writes large arith modules in custom form for
// measuring --canonicalize --cse: constant-offset chains of addi, subi
// and muli that the canonicalization rules merge, negated comparisons,
// nested selects on one condition, repeated constants, common
// subexpressions and dead operations. The programs avoid what only a
// folder would simplify (identities such as x + 0, operations on constant
// operands, comparisons of a value with itself), so the result depends on
// the canonicalization patterns, constant deduplication, dead code removal
// and CSE.
package arithgen

import (
	"bufio"
	"bytes"
	"fmt"
)

// Module returns a module of funcs functions with about ops arith
// operations in all.
func Module(ops, funcs int) []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	w.WriteString("module {\n")
	per := ops / funcs
	for f := 0; f < funcs; f++ {
		function(w, f, per)
	}
	w.WriteString("}\n")
	w.Flush()
	return b.Bytes()
}

// groupOps is the number of operations one group writes.
const groupOps = 24

// function writes @fN with about n operations, in groups that each use two
// recent values and feed an accumulator that the function returns.
func function(w *bufio.Writer, f, n int) {
	fmt.Fprintf(w, "  func.func @f%d(%%a: i32, %%b: i32, %%p: i1) -> i32 {\n", f)
	vals := []string{"%a", "%b"}
	acc := "%a"
	id := 0
	next := func() string { id++; return fmt.Sprintf("%%v%d", id) }
	for g := 0; g*groupOps < n; g++ {
		x := vals[(g*7+1)%len(vals)]
		y := vals[(g*3)%len(vals)]
		if x == y {
			y = vals[(g*3+1)%len(vals)]
		}
		k1, k2 := 2+g%13, 17+g%11 // k1 < k2: no chain cancels out
		c1, c2 := next(), next()
		fmt.Fprintf(w, "    %s = arith.constant %d : i32\n", c1, k1)
		fmt.Fprintf(w, "    %s = arith.constant %d : i32\n", c2, k2)
		// addi(addi(x, c1), c2) and addi(c2, addi(x, c1)).
		t1, t2, t3 := next(), next(), next()
		fmt.Fprintf(w, "    %s = arith.addi %s, %s overflow<nsw> : i32\n", t1, x, c1)
		fmt.Fprintf(w, "    %s = arith.addi %s, %s overflow<nsw> : i32\n", t2, t1, c2)
		fmt.Fprintf(w, "    %s = arith.addi %s, %s : i32\n", t3, c2, t1)
		// subi(subi(y, c1), c2) and subi(c2, addi(y, c1)).
		s1, s2, s3, s4 := next(), next(), next(), next()
		fmt.Fprintf(w, "    %s = arith.subi %s, %s : i32\n", s1, y, c1)
		fmt.Fprintf(w, "    %s = arith.subi %s, %s : i32\n", s2, s1, c2)
		fmt.Fprintf(w, "    %s = arith.addi %s, %s : i32\n", s3, y, c1)
		fmt.Fprintf(w, "    %s = arith.subi %s, %s : i32\n", s4, c2, s3)
		// muli(muli(x, c1), c2).
		m1, m2 := next(), next()
		fmt.Fprintf(w, "    %s = arith.muli %s, %s : i32\n", m1, x, c1)
		fmt.Fprintf(w, "    %s = arith.muli %s, %s : i32\n", m2, m1, c2)
		// xori(cmpi(x, y), true) and selects on one condition.
		tr, cmp, not, sel1, sel2 := next(), next(), next(), next(), next()
		fmt.Fprintf(w, "    %s = arith.constant true\n", tr)
		fmt.Fprintf(w, "    %s = arith.cmpi slt, %s, %s : i32\n", cmp, x, y)
		fmt.Fprintf(w, "    %s = arith.xori %s, %s : i1\n", not, cmp, tr)
		fmt.Fprintf(w, "    %s = arith.select %s, %s, %s : i32\n", sel1, not, t2, s2)
		fmt.Fprintf(w, "    %s = arith.select %s, %s, %s : i32\n", sel2, not, sel1, m2)
		// A common subexpression and a dead operation.
		e1, e2, d := next(), next(), next()
		fmt.Fprintf(w, "    %s = arith.addi %s, %s : i32\n", e1, t3, s4)
		fmt.Fprintf(w, "    %s = arith.addi %s, %s : i32\n", e2, t3, s4)
		fmt.Fprintf(w, "    %s = arith.muli %s, %s : i32\n", d, e1, x)
		// The accumulator.
		r1, r2, r3 := next(), next(), next()
		fmt.Fprintf(w, "    %s = arith.xori %s, %s : i32\n", r1, e1, e2)
		fmt.Fprintf(w, "    %s = arith.addi %s, %s : i32\n", r2, sel2, r1)
		fmt.Fprintf(w, "    %s = arith.addi %s, %s : i32\n", r3, acc, r2)
		acc = r3
		vals = append(vals, sel2, r2)
		if len(vals) > 32 {
			vals = vals[len(vals)-32:]
		}
	}
	fmt.Fprintf(w, "    return %s : i32\n  }\n", acc)
}

// CFG returns a module of one function made of n if-then-else diamonds in
// sequence: each block computes from values of the blocks that dominate
// it, repeating some of their expressions, so that verifying it checks
// dominance across blocks and CSE walks the dominator tree.
func CFG(n int) []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	w.WriteString("module {\n  func.func @f(%a: i32, %b: i32, %p: i1) -> i32 {\n")
	prev := "%a"
	for d := 0; d < n; d++ {
		// The head: x = prev + a, y = x * b, branching on p.
		fmt.Fprintf(w, "    %%x%d = arith.addi %s, %%a : i32\n", d, prev)
		fmt.Fprintf(w, "    %%y%d = arith.muli %%x%d, %%b : i32\n", d, d)
		fmt.Fprintf(w, "    cf.cond_br %%p, ^t%d, ^e%d\n", d, d)
		// Both arms repeat the head's addition and use both values.
		for _, arm := range []string{"t", "e"} {
			fmt.Fprintf(w, "  ^%s%d:\n", arm, d)
			fmt.Fprintf(w, "    %%%sr%d = arith.addi %s, %%a : i32\n", arm, d, prev)
			fmt.Fprintf(w, "    %%%ss%d = arith.subi %%%sr%d, %%y%d : i32\n", arm, d, arm, d, d)
			fmt.Fprintf(w, "    cf.br ^j%d(%%%ss%d : i32)\n", d, arm, d)
		}
		// The join repeats the head's product and merges the arms.
		fmt.Fprintf(w, "  ^j%d(%%m%d: i32):\n", d, d)
		fmt.Fprintf(w, "    %%z%d = arith.muli %%x%d, %%b : i32\n", d, d)
		fmt.Fprintf(w, "    %%w%d = arith.addi %%z%d, %%m%d : i32\n", d, d, d)
		prev = fmt.Sprintf("%%w%d", d)
	}
	fmt.Fprintf(w, "    return %s : i32\n  }\n}\n", prev)
	w.Flush()
	return b.Bytes()
}
