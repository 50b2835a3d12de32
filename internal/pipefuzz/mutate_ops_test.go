package pipefuzz

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestSameTypePairs(t *testing.T) {
	tests := []struct {
		line string
		want []string // "a/b" for each pair, in order
	}{
		{"%d = arith.addi %b, %c : i32", []string{"%b/%c"}},
		{"%d = arith.addi %b, %b : i32", nil},
		{"%s = arith.select %p, %a, %b : f32", nil},
		{"memref.store %v, %m[%i, %j] : memref<4x4xf32>", []string{"%i/%j"}},
		{`%r = "test.op"(%a, %b, %c) : (i32, f32, i32) -> i1`, []string{"%a/%c"}},
		{"linalg.matmul ins(%a, %b : memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1]>>) outs(%c : memref<4x4xf32>)", []string{"%a/%b"}},
		{"%t = tensor.insert %y into %t0[%c0] : tensor<4xf32>", nil},
		{"%x = arith.cmpi sge, %a, %b : index", []string{"%a/%b"}},
	}
	for _, tt := range tests {
		var got []string
		for _, p := range sameTypePairs(tt.line, 0) {
			got = append(got, tt.line[p[0].lo:p[0].hi]+"/"+tt.line[p[1].lo:p[1].hi])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("sameTypePairs(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestMutateAttrDropsOneEntry(t *testing.T) {
	tests := []struct {
		in   string
		outs []string // every result mutateAttr may give
	}{
		{`"op"() {a = 1 : i64, b = [1, 2], c} : () -> ()`, []string{`"op"() {b = [1, 2], c} : () -> ()`, `"op"() {a = 1 : i64, c} : () -> ()`}},
		{`x <{f = (i32) -> i32, g = "a,b"}>`, []string{`x <{g = "a,b"}>`, `x <{f = (i32) -> i32}>`}},
		{`%0 = arith.addi %a, %b : i32`, nil},
	}
	for _, tt := range tests {
		seen := map[string]bool{}
		r := rand.New(rand.NewPCG(3, 4))
		for range 40 {
			out, _, ok := mutateAttr(r, tt.in)
			if !ok {
				break
			}
			seen[out] = true
		}
		var got []string
		for s := range seen {
			got = append(got, s)
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tt.outs))
		if !slices.Equal(got, want) {
			t.Errorf("mutateAttr(%q) gives %q, want %q", tt.in, got, want)
		}
	}
}

func TestMutateBoundUsesTheWidth(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	want := []string{"0", "-1", "127", "-128", "255", "128", "256"}
	seen := map[string]bool{}
	for range 200 {
		out, _, ok := mutateBound(r, "%c = arith.constant 5 : i8\n")
		if !ok {
			t.Fatal("mutateBound found no typed integer")
		}
		v := strings.TrimSuffix(strings.TrimPrefix(out, "%c = arith.constant "), " : i8\n")
		if !slices.Contains(want, v) {
			t.Fatalf("mutateBound gave %q", out)
		}
		seen[v] = true
	}
	if len(seen) != len(want) {
		t.Errorf("mutateBound gave %d of the %d boundary values", len(seen), len(want))
	}
}

// TestMutateIsDeterministic checks that one seed gives one sequence of
// mutations, so that a run can be repeated from its seed.
func TestMutateIsDeterministic(t *testing.T) {
	const input = "%d = arith.addi %b, %c : i32\n\"test.op\"(%d) {k = 5 : i64} : (i32) -> ()\nmemref.store %d, %m[%i, %j] : memref<4x4xi32>\n"
	run := func() []string {
		r := rand.New(rand.NewPCG(7, 8))
		var outs []string
		for range 100 {
			out, m, _ := Mutate(r, input)
			outs = append(outs, m.Desc+"\n"+out)
		}
		return outs
	}
	if a, b := run(), run(); !slices.Equal(a, b) {
		t.Error("the same seed gave different mutations")
	}
}
