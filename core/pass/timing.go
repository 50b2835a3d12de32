package pass

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
)

// TimingDisplay selects the layout of the timing report
// (--mlir-timing-display).
type TimingDisplay uint8

// The timing layouts.
const (
	// TimingTree nests the timers as the passes nest (the default).
	TimingTree TimingDisplay = iota
	// TimingList merges the timers by name, sorted by time.
	TimingList
)

// Timing collects execution times in a tree of timers and prints MLIR's
// execution time report (--mlir-timing), as MLIR's DefaultTimingManager.
// A driver times its own phases with Start ("Parser", "Output") and hands
// the Timing to Manager.EnableTiming for the passes.
//
// Timers track wall time and user time. A timer nested from another
// goroutine than its parent's is kept apart and merged at report time:
// the merged wall time is the largest of the goroutines', the user time
// their sum, so that parallel work shows a user time above its wall time.
type Timing struct {
	// Display selects the layout of the report.
	Display TimingDisplay
	// Now is the clock; nil means time.Now. Tests set a fake one.
	Now func() time.Time

	mu   sync.Mutex
	root *timer
}

// NewTiming returns a Timing whose root timer runs from now until Report.
// The zero value is also ready to use; its root timer starts at the first
// Start or run.
func NewTiming() *Timing {
	t := &Timing{}
	t.ensureRoot()
	return t
}

func (t *Timing) ensureRoot() *timer {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.root == nil {
		t.root = newTimer(t, "root", 0)
		t.root.hidden = true
		t.root.start()
	}
	return t.root
}

func (t *Timing) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// Timer is a running timer returned by Timing.Start.
type Timer struct{ t *timer }

// Start starts a timer named name directly under the root, on the calling
// goroutine (thread 0); timers with the same name accumulate.
func (t *Timing) Start(name string) *Timer {
	tm := t.ensureRoot().nest(0, name, func() string { return name })
	tm.start()
	return &Timer{tm}
}

// Stop stops the timer.
func (tm *Timer) Stop() { tm.t.stop() }

// timer is MLIR's TimerImpl.
type timer struct {
	tg       *Timing
	name     string
	thread   int
	hidden   bool
	startAt  time.Time
	wall     time.Duration
	user     time.Duration
	keys     []any // children in creation order
	children map[any]*timer
	// async holds the children nested from other goroutines, by goroutine.
	asyncThreads []int
	async        map[int]*childMap
}

type childMap struct {
	keys     []any
	children map[any]*timer
}

func newTimer(t *Timing, name string, thread int) *timer {
	return &timer{tg: t, name: name, thread: thread}
}

func (tm *timer) start() { tm.startAt = tm.tg.now() }

func (tm *timer) stop() {
	d := tm.tg.now().Sub(tm.startAt)
	tm.wall += d
	tm.user += d
}

// nest returns the child with the given id, creating it; thread is the
// goroutine asking.
func (tm *timer) nest(thread int, id any, name func() string) *timer {
	tm.tg.mu.Lock()
	defer tm.tg.mu.Unlock()
	if thread == tm.thread {
		if c := tm.children[id]; c != nil {
			return c
		}
		c := newTimer(tm.tg, name(), thread)
		if tm.children == nil {
			tm.children = map[any]*timer{}
		}
		tm.children[id] = c
		tm.keys = append(tm.keys, id)
		return c
	}
	if tm.async == nil {
		tm.async = map[int]*childMap{}
	}
	cm := tm.async[thread]
	if cm == nil {
		cm = &childMap{children: map[any]*timer{}}
		tm.async[thread] = cm
		tm.asyncThreads = append(tm.asyncThreads, thread)
	}
	if c := cm.children[id]; c != nil {
		return c
	}
	c := newTimer(tm.tg, name(), thread)
	cm.children[id] = c
	cm.keys = append(cm.keys, id)
	return c
}

// addAsyncUserTime adds the user time of the async children to the
// timers, recursively, and returns what was added.
func (tm *timer) addAsyncUserTime() time.Duration {
	var added time.Duration
	for _, k := range tm.keys {
		added += tm.children[k].addAsyncUserTime()
	}
	for _, th := range tm.asyncThreads {
		cm := tm.async[th]
		for _, k := range cm.keys {
			c := cm.children[k]
			c.addAsyncUserTime()
			added += c.user
		}
	}
	tm.user += added
	return added
}

// mergeAsyncChildren folds the async children into the children.
func (tm *timer) mergeAsyncChildren() {
	for _, k := range tm.keys {
		tm.children[k].mergeAsyncChildren()
	}
	for _, th := range tm.asyncThreads {
		cm := tm.async[th]
		for _, k := range cm.keys {
			tm.mergeChild(k, cm.children[k])
		}
	}
	tm.async, tm.asyncThreads = nil, nil
}

func (tm *timer) mergeChild(id any, other *timer) {
	into := tm.children[id]
	if into == nil {
		if tm.children == nil {
			tm.children = map[any]*timer{}
		}
		tm.children[id] = other
		tm.keys = append(tm.keys, id)
		other.mergeAsyncChildren()
		return
	}
	into.wall = max(into.wall, other.wall)
	into.user += other.user
	for _, k := range other.keys {
		into.mergeChild(k, other.children[k])
	}
	for _, th := range other.asyncThreads {
		cm := other.async[th]
		for _, k := range cm.keys {
			into.mergeChild(k, cm.children[k])
		}
	}
}

type timeRecord struct{ wall, user float64 }

func (tm *timer) record() timeRecord {
	return timeRecord{wall: tm.wall.Seconds(), user: tm.user.Seconds()}
}

// Report stops the root timer and writes the report:
//
//	===-------------------------------------------------------------------------===
//	                         ... Execution time report ...
//	===-------------------------------------------------------------------------===
//	  Total Execution Time: 0.0060 seconds
//
//	  ----User Time----  ----Wall Time----  ----Name----
//	    0.0008 ( 12.6%)    0.0008 ( 13.2%)  Parser
//	    0.0003 (  4.8%)    0.0003 (  5.1%)  'func.func' Pipeline
//	    0.0002 (  3.7%)    0.0002 (  3.9%)    Canonicalizer
//	    ...
//	    0.0063 (100.0%)    0.0060 (100.0%)  Total
//
// The User Time column appears when it differs from the wall time, that is
// when passes ran in parallel. Call it once, at the end.
func (t *Timing) Report(w io.Writer) {
	t.ensureRoot()
	t.root.stop()
	t.root.addAsyncUserTime()
	t.root.mergeAsyncChildren()
	total := t.root.record()
	var b strings.Builder
	b.WriteString(banner("... Execution time report ..."))
	fmt.Fprintf(&b, "  Total Execution Time: %.4f seconds\n\n", total.wall)
	showUser := total.user != total.wall
	if showUser {
		b.WriteString("  ----User Time----")
	}
	b.WriteString("  ----Wall Time----  ----Name----\n")
	entry := func(indent int, name string, r timeRecord) {
		if showUser {
			fmt.Fprintf(&b, "  %8.4f (%5.1f%%)", r.user, 100*r.user/total.user)
		}
		fmt.Fprintf(&b, "  %8.4f (%5.1f%%)  ", r.wall, 100*r.wall/total.wall)
		b.WriteString(strings.Repeat(" ", indent))
		b.WriteString(name)
		b.WriteByte('\n')
	}
	if t.Display == TimingList {
		merged := map[string]*timeRecord{}
		var names []string
		var add func(tm *timer)
		add = func(tm *timer) {
			r := merged[tm.name]
			if r == nil {
				r = &timeRecord{}
				merged[tm.name] = r
				names = append(names, tm.name)
			}
			rec := tm.record()
			r.wall += rec.wall
			r.user += rec.user
			for _, k := range tm.keys {
				add(tm.children[k])
			}
		}
		add(t.root)
		sort.SliceStable(names, func(i, j int) bool { return merged[names[i]].wall > merged[names[j]].wall })
		for _, n := range names {
			entry(0, n, *merged[n])
		}
	} else {
		var tree func(tm *timer, indent int)
		tree = func(tm *timer, indent int) {
			child := indent
			if !tm.hidden {
				entry(indent, tm.name, tm.record())
				child += 2
			}
			for _, k := range tm.keys {
				tree(tm.children[k], child)
			}
		}
		tree(t.root, 0)
	}
	rest := total
	for _, k := range t.root.keys {
		r := t.root.children[k].record()
		rest.wall -= r.wall
		rest.user -= r.user
	}
	entry(0, "Rest", rest)
	entry(0, "Total", total)
	io.WriteString(w, b.String())
}

// EnableTiming times every pass, nested pipeline and analysis under t's
// root (MLIR's PassTiming instrumentation).
func (m *Manager) EnableTiming(t *Timing) {
	t.ensureRoot()
	m.AddInstrumentation(&passTiming{t: t, active: map[int][]*timer{}, parentIdx: map[parentKey]int{}})
}

type parentKey struct {
	thread int
	pass   Pass
}

// passTiming is MLIR's PassTiming: a stack of active timers per
// goroutine; an adaptor records where its timer is so that the pipelines
// it runs on other goroutines nest under it.
type passTiming struct {
	NopInstrumentation
	t         *Timing
	active    map[int][]*timer
	parentIdx map[parentKey]int
}

type anchorKey string

func (pt *passTiming) top(thread int) *timer {
	if s := pt.active[thread]; len(s) > 0 {
		return s[len(s)-1]
	}
	return pt.t.root
}

func (pt *passTiming) push(thread int, tm *timer) {
	tm.start()
	pt.active[thread] = append(pt.active[thread], tm)
}

func (pt *passTiming) pop(thread int) {
	s := pt.active[thread]
	if len(s) == 0 {
		return
	}
	s[len(s)-1].stop()
	pt.active[thread] = s[:len(s)-1]
}

func (pt *passTiming) BeforePipeline(e PipelineEvent) {
	parent := pt.t.root
	if i, ok := pt.parentIdx[parentKey{e.ParentThread, e.Parent}]; ok {
		parent = pt.active[e.ParentThread][i]
	}
	name := "'" + e.Anchor + "' Pipeline"
	pt.push(e.Thread, parent.nest(e.Thread, anchorKey(e.Anchor), func() string { return name }))
}

func (pt *passTiming) AfterPipeline(e PipelineEvent) { pt.pop(e.Thread) }

func (pt *passTiming) BeforePass(e PassEvent) {
	parent := pt.top(e.Thread)
	if a, ok := e.Pass.(*Adaptor); ok {
		pt.parentIdx[parentKey{e.Thread, e.Pass}] = len(pt.active[e.Thread])
		tm := parent.nest(e.Thread, e.Pass, func() string { return a.PassInfo().Name })
		if len(a.managers) <= 1 {
			tm.hidden = true
		}
		pt.push(e.Thread, tm)
		return
	}
	pt.push(e.Thread, parent.nest(e.Thread, e.Pass, func() string { return passName(e.Pass) }))
}

func (pt *passTiming) AfterPass(e PassEvent) {
	if _, ok := e.Pass.(*Adaptor); ok {
		delete(pt.parentIdx, parentKey{e.Thread, e.Pass})
	}
	pt.pop(e.Thread)
}

func (pt *passTiming) AfterPassFailed(e PassEvent) { pt.AfterPass(e) }

func (pt *passTiming) BeforeAnalysis(e AnalysisEvent) {
	parent := pt.top(e.Thread)
	pt.push(e.Thread, parent.nest(e.Thread, e.Analysis, func() string { return "(A) " + e.Analysis.AnalysisName() }))
}

func (pt *passTiming) AfterAnalysis(e AnalysisEvent) { pt.pop(e.Thread) }
