package ir

import (
	"math/rand/v2"
	"testing"
)

// TestOpIndex checks the table against a built-in map under random
// insertions, updates and deletions.
func TestOpIndex(t *testing.T) {
	ops := make([]*Operation, 500)
	for i := range ops {
		ops[i] = new(Operation)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var m OpIndex
	want := map[*Operation]int{}
	for step := 0; step < 200000; step++ {
		op := ops[r.IntN(len(ops))]
		switch r.IntN(3) {
		case 0, 1:
			v := r.IntN(1 << 20)
			m.Set(op, v)
			want[op] = v
		default:
			m.Delete(op)
			delete(want, op)
		}
		if step%1000 == 0 {
			for _, o := range ops {
				got, ok := m.Get(o)
				w, wok := want[o]
				if ok != wok || got != w {
					t.Fatalf("step %d: get = %d, %v; want %d, %v", step, got, ok, w, wok)
				}
			}
			if m.Len() != len(want) {
				t.Fatalf("step %d: %d entries, want %d", step, m.Len(), len(want))
			}
		}
		if step == 100000 {
			m.Reset(10)
			clear(want)
		}
	}
}
