package pass

import (
	"io"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Instrumentation observes a pipeline run (MLIR's PassInstrumentation).
// The Before hooks of the instrumentations of a manager are called in the
// order they were added and the After hooks in reverse order. Calls are
// serialized by the manager, so an instrumentation needs no locking of its
// own even when passes run on several goroutines; the Thread fields tell
// the goroutines apart. Embed NopInstrumentation to implement only some
// hooks.
type Instrumentation interface {
	// BeforePipeline and AfterPipeline bracket the run of a nested pass
	// manager on one operation.
	BeforePipeline(e PipelineEvent)
	AfterPipeline(e PipelineEvent)
	// BeforePass is called before a pass runs on an operation, AfterPass
	// after it succeeded (and the IR verified, with VerifyEach), and
	// AfterPassFailed after it failed. Adaptors, the passes that run
	// nested pipelines, are reported too.
	BeforePass(e PassEvent)
	AfterPass(e PassEvent)
	AfterPassFailed(e PassEvent)
	// BeforeAnalysis and AfterAnalysis bracket the computation of an
	// analysis.
	BeforeAnalysis(e AnalysisEvent)
	AfterAnalysis(e AnalysisEvent)
}

// NopInstrumentation implements every hook of Instrumentation as a no-op;
// embed it to implement only some hooks.
type NopInstrumentation struct{}

// The no-op hooks.

func (NopInstrumentation) BeforePipeline(PipelineEvent) {}
func (NopInstrumentation) AfterPipeline(PipelineEvent)  {}
func (NopInstrumentation) BeforePass(PassEvent)         {}
func (NopInstrumentation) AfterPass(PassEvent)          {}
func (NopInstrumentation) AfterPassFailed(PassEvent)    {}
func (NopInstrumentation) BeforeAnalysis(AnalysisEvent) {}
func (NopInstrumentation) AfterAnalysis(AnalysisEvent)  {}

// PassEvent describes one execution of a pass on an operation.
type PassEvent struct {
	Pass Pass
	Op   *ir.Operation
	// Thread identifies the goroutine running the pass: 0 for the caller
	// of Manager.Run, a distinct positive number for each worker.
	Thread int
	// Out is where the instrumentation writes text (IR dumps) and reports
	// diagnostics; it keeps the order of a sequential run.
	Out *Output
}

// PipelineEvent describes the run of a nested pass manager on one
// operation.
type PipelineEvent struct {
	// Anchor is the manager's operation name, or "any".
	Anchor string
	Op     *ir.Operation
	Thread int
	// Parent is the adaptor that runs the pipeline (nil for the top-level
	// pipeline and for dynamic pipelines started by a pass, where it is
	// that pass), and ParentThread the goroutine that runs Parent.
	Parent       Pass
	ParentThread int
	Out          *Output
}

// AnalysisEvent describes the computation of an analysis.
type AnalysisEvent struct {
	Analysis AnalysisKey
	Op       *ir.Operation
	Thread   int
	Out      *Output
}

// Output is an ordered output stream. Text written to it and diagnostics
// emitted through it reach the manager's Output writer and diagnostic
// handler in the order a sequential run would produce them: when sibling
// operations are processed in parallel, each gets a buffer, and the
// buffers are replayed in operation order once all are done.
type Output struct {
	parent *Output // nil for the top-level stream
	w      io.Writer
	emit   func(*ir.Diagnostic)
	log    []outEntry
}

type outEntry struct {
	text []byte
	diag *ir.Diagnostic
	fn   func(*Output)
}

// Write writes text.
func (o *Output) Write(p []byte) (int, error) {
	if o.parent == nil {
		if o.w == nil {
			return len(p), nil
		}
		return o.w.Write(p)
	}
	if n := len(o.log); n > 0 && o.log[n-1].text != nil {
		o.log[n-1].text = append(o.log[n-1].text, p...)
	} else {
		o.log = append(o.log, outEntry{text: append([]byte(nil), p...)})
	}
	return len(p), nil
}

// Emit reports a diagnostic.
func (o *Output) Emit(d *ir.Diagnostic) {
	if o.parent == nil {
		o.emit(d)
		return
	}
	o.log = append(o.log, outEntry{diag: d})
}

// Do calls f in stream order: at once in a sequential run, at replay time
// for a buffered stream. It lets an instrumentation take decisions (such
// as "this is the first failure") in operation order. f receives the
// stream to write to at that point. f runs outside the manager's
// instrumentation lock.
func (o *Output) Do(f func(out *Output)) {
	if o.parent == nil {
		f(o)
		return
	}
	o.log = append(o.log, outEntry{fn: f})
}

func (o *Output) child() *Output { return &Output{parent: o} }

// replay sends the buffered entries to the parent stream.
func (o *Output) replay() {
	for _, e := range o.log {
		switch {
		case e.diag != nil:
			o.parent.Emit(e.diag)
		case e.fn != nil:
			o.parent.Do(e.fn)
		default:
			o.parent.Write(e.text)
		}
	}
	o.log = nil
}

// instrumentor dispatches hooks to the instrumentations under a lock.
type instrumentor struct {
	mu   sync.Mutex
	list []Instrumentation
}

func (in *instrumentor) empty() bool { return in == nil || len(in.list) == 0 }

func (in *instrumentor) beforePipeline(e PipelineEvent) {
	if in.empty() {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, i := range in.list {
		i.BeforePipeline(e)
	}
}

func (in *instrumentor) afterPipeline(e PipelineEvent) {
	if in.empty() {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for j := len(in.list) - 1; j >= 0; j-- {
		in.list[j].AfterPipeline(e)
	}
}

func (in *instrumentor) beforePass(e PassEvent) {
	if in.empty() {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, i := range in.list {
		i.BeforePass(e)
	}
}

func (in *instrumentor) afterPass(e PassEvent, failed bool) {
	if in.empty() {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for j := len(in.list) - 1; j >= 0; j-- {
		if failed {
			in.list[j].AfterPassFailed(e)
		} else {
			in.list[j].AfterPass(e)
		}
	}
}

func (in *instrumentor) beforeAnalysis(e AnalysisEvent) {
	if in.empty() {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, i := range in.list {
		i.BeforeAnalysis(e)
	}
}

func (in *instrumentor) afterAnalysis(e AnalysisEvent) {
	if in.empty() {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for j := len(in.list) - 1; j >= 0; j-- {
		in.list[j].AfterAnalysis(e)
	}
}
