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
//
// A lower percentage pays only where there is garbage to collect. While
// the IR is being built (parsing, a conversion that creates more than it
// erases) a cycle finds most of what was allocated since the previous one
// still live, and collecting again after the next few megabytes would
// trace the growing IR over and over (a fixed slack makes that quadratic
// in the size of the IR) to free little. So after a cycle in which at
// least half of the allocation since the previous cycle stayed live, the
// percentage is not lowered but doubled (up to maxGCPercent); the first
// cycle that finds mostly garbage brings it back to the live heap's
// percentage.
//
// Building ends without a collection to tell it: the passes that follow
// parsing turn the IR into garbage at once. The slack a building cycle
// grants is therefore bounded by buildSlack or the live heap, whichever
// is larger, so that the first collection of the passes comes before the
// heap holds several times the live IR. And minGCPercent is 125: a floor
// of 50 collected two or three times more during the passes and the
// printing of a large module, each cycle tracing the whole IR, to keep a
// peak that the building cycles already set; at 100, the pacer, which
// starts a cycle as early as 70% of the way to the goal, still often
// collected once more while the output was printed, just before exiting.
const (
	maxGCPercent = 400
	minGCPercent = 125
	tunedHeap    = 32 << 20
	maxSlack     = 128 << 20
	buildSlack   = 4 * maxSlack
)

// TuneGC sets the collector's pacing for a compiler run unless the
// environment sets GOGC: GOGC=400 while the live heap is under 32 MiB,
// then a percentage that falls with the live heap (the heap grows by
// about 128 MiB over it) down to GOGC=125, reached at a live heap of
// about 100 MiB; while the IR is being built, up to GOGC=400 again, the heap
// growing by at most 512 MiB or the live heap over it.
func TuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(maxGCPercent)
	t := &gcTuner{percent: maxGCPercent, sample: []metrics.Sample{
		{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/allocs:bytes"}}}
	t.arm()
}

// gcTuner adjusts the GC percentage after each collection, from a
// finalizer that every cycle runs and re-arms.
type gcTuner struct {
	percent int
	sample  []metrics.Sample
	// live and allocs are the live heap and the bytes allocated in all
	// at the end of the previous cycle.
	live, allocs uint64
}

// gcSentinel is the object whose finalizer runs after a collection.
type gcSentinel struct{ t *gcTuner }

func (t *gcTuner) arm() {
	runtime.SetFinalizer(&gcSentinel{t}, func(s *gcSentinel) {
		s.t.adjust()
		s.t.arm()
	})
}

// adjust sets the percentage for what the last cycle measured.
func (t *gcTuner) adjust() {
	metrics.Read(t.sample)
	if t.sample[0].Value.Kind() != metrics.KindUint64 || t.sample[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	live, allocs := t.sample[0].Value.Uint64(), t.sample[1].Value.Uint64()
	p := nextGCPercent(t.percent, t.live, live, allocs-t.allocs)
	t.live, t.allocs = live, allocs
	if p != t.percent {
		t.percent = p
		debug.SetGCPercent(p)
	}
}

// nextGCPercent is the GC percentage after a cycle that measured a live
// heap of live bytes, when the previous cycle measured prevLive, the
// percentage was prev, and allocated bytes were allocated in between.
func nextGCPercent(prev int, prevLive, live, allocated uint64) int {
	p := gcPercentFor(live)
	if live > prevLive && live-prevLive >= allocated/2 {
		// Building: at least half of the allocation stayed live.
		p = max(p, min(maxGCPercent, 2*prev, buildPercent(live)))
	}
	return p
}

// buildPercent is the highest GC percentage a building cycle grants at a
// live heap of live bytes: the heap may grow by buildSlack or by the live
// heap, whichever is larger.
func buildPercent(live uint64) int {
	if live == 0 {
		return maxGCPercent
	}
	return max(int(100*max(buildSlack, live)/live), minGCPercent)
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
