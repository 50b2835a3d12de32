package rewrite

import (
	"math/rand/v2"
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// TestOpIndex checks the table against a built-in map under random
// insertions, updates and deletions.
func TestOpIndex(t *testing.T) {
	ops := make([]*ir.Operation, 500)
	for i := range ops {
		ops[i] = new(ir.Operation)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var m opIndex
	want := map[*ir.Operation]int{}
	for step := 0; step < 200000; step++ {
		op := ops[r.IntN(len(ops))]
		switch r.IntN(3) {
		case 0, 1:
			v := r.IntN(1 << 20)
			m.set(op, v)
			want[op] = v
		default:
			m.del(op)
			delete(want, op)
		}
		if step%1000 == 0 {
			for _, o := range ops {
				got, ok := m.get(o)
				w, wok := want[o]
				if ok != wok || got != w {
					t.Fatalf("step %d: get = %d, %v; want %d, %v", step, got, ok, w, wok)
				}
			}
			if m.n != len(want) {
				t.Fatalf("step %d: %d entries, want %d", step, m.n, len(want))
			}
		}
		if step == 100000 {
			m.reset(10)
			clear(want)
		}
	}
}
