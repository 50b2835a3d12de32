package cli

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The garbage collector's pacing for a compiler run: a run builds one
// large, long-lived IR, so collecting at the default GOGC=100 spends time
// tracing an IR that is all live; but GOGC=400 alone lets the heap grow to
// five times the live IR, which on large inputs is most of the peak
// memory. TuneGC starts at maxGCPercent and lowers the percentage as the
// live heap grows past tunedHeap, so that the heap goal stays near
// tunedHeap*(1+maxGCPercent/100) until GOGC=minGCPercent takes over.
const (
	maxGCPercent = 400
	minGCPercent = 50
	tunedHeap    = 32 << 20
	maxSlack     = 128 << 20
)

// TuneGC sets the collector's pacing for a compiler run unless the
// environment sets GOGC: GOGC=400 while the live heap is under 32 MiB,
// then a percentage that falls with the live heap (the heap grows by
// about 128 MiB over it) down to GOGC=50, reached at a live heap of
// 256 MiB: a large module's peak is then about 1.5 times its live IR
// rather than twice.
func TuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(maxGCPercent)
	t := &gcTuner{percent: maxGCPercent, sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	t.arm()
}

// gcTuner adjusts the GC percentage after each collection, from a
// finalizer that every cycle runs and re-arms.
type gcTuner struct {
	percent int
	sample  []metrics.Sample
}

// gcSentinel is the object whose finalizer runs after a collection.
type gcSentinel struct{ t *gcTuner }

func (t *gcTuner) arm() {
	runtime.SetFinalizer(&gcSentinel{t}, func(s *gcSentinel) {
		s.t.adjust()
		s.t.arm()
	})
}

// adjust sets the percentage for the live heap the last cycle measured.
func (t *gcTuner) adjust() {
	metrics.Read(t.sample)
	if t.sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	if p := gcPercentFor(t.sample[0].Value.Uint64()); p != t.percent {
		t.percent = p
		debug.SetGCPercent(p)
	}
}

// gcPercentFor is the GC percentage for a live heap of live bytes.
func gcPercentFor(live uint64) int {
	if live <= tunedHeap {
		return maxGCPercent
	}
	p := int(100 * maxSlack / live)
	// Change in steps of 25 points, so that a slowly growing heap does
	// not reset the percentage after every cycle.
	p -= p % 25
	return max(p, minGCPercent)
}
