package cli

import "testing"

// TestGCPercentFor checks the pacing: GOGC=400 up to the tuned heap, then
// a percentage falling with the live heap, in steps, down to 50.
func TestGCPercentFor(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 400},
		{tunedHeap, 400},
		{tunedHeap + 1, 375},
		{2 * tunedHeap, 200},
		{3 * tunedHeap, 125},
		{4 * tunedHeap, 100},
		{5 * tunedHeap, 75},
		{8 * tunedHeap, 50},
		{100 * tunedHeap, 50},
	} {
		if got := gcPercentFor(c.live); got != c.want {
			t.Errorf("gcPercentFor(%d) = %d, want %d", c.live, got, c.want)
		}
	}
}
