package cli

import "testing"

// TestGCPercentFor checks the pacing: GOGC=400 up to the tuned heap, then
// a percentage falling with the live heap, in steps, down to 125.
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
		{4 * tunedHeap, 125},
		{5 * tunedHeap, 125},
		{8 * tunedHeap, 125},
		{100 * tunedHeap, 125},
	} {
		if got := gcPercentFor(c.live); got != c.want {
			t.Errorf("gcPercentFor(%d) = %d, want %d", c.live, got, c.want)
		}
	}
}

// TestNextGCPercent checks that a cycle which finds the heap growing with
// live data doubles the percentage instead of lowering it, up to 400 and
// to a slack of 512 MiB or the live heap, and that one which finds mostly
// garbage goes back to the live heap's percentage.
func TestNextGCPercent(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		name                      string
		prev                      int
		prevLive, live, allocated uint64
		want                      int
	}{
		{"small heap", 400, 0, 10 * mb, 40 * mb, 400},
		{"building", 75, 200 * mb, 300 * mb, 150 * mb, 150},
		{"building, capped at 400", 300, 40 * mb, 100 * mb, 100 * mb, 400},
		{"building, slack capped", 300, 100 * mb, 200 * mb, 150 * mb, 256},
		{"building, slack capped by the live heap", 300, 300 * mb, 600 * mb, 300 * mb, 125},
		{"building, live heap's percentage higher", 25, 40 * mb, 64 * mb, 30 * mb, 200},
		{"garbage", 400, 300 * mb, 320 * mb, 500 * mb, 125},
		{"garbage, small heap", 400, 60 * mb, 64 * mb, 500 * mb, 200},
		{"shrinking", 100, 400 * mb, 300 * mb, 100 * mb, 125},
	} {
		if got := nextGCPercent(c.prev, c.prevLive, c.live, c.allocated); got != c.want {
			t.Errorf("%s: nextGCPercent(%d, %d, %d, %d) = %d, want %d", c.name, c.prev, c.prevLive, c.live, c.allocated, got, c.want)
		}
	}
}
