package pass

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/strata-ir/strata/core/ir"
)

// runner holds the state of one Manager.Run.
type runner struct {
	m       *Manager
	instr   *instrumentor
	threads int
	top     *Output
	errs    ir.Diagnostics
}

// execCtx is where a pass runs: the goroutine ("thread") and its ordered
// output stream.
type execCtx struct {
	r      *runner
	thread int
	out    *Output
}

// Run runs the pipeline on op, whose name must be the manager's anchor
// (any name for an op-agnostic manager). It returns nil on success and a
// *Failure otherwise; the diagnostics reported along the way also went to
// DiagHandler.
//
// Nested pipelines run on the operations of their anchor found directly in
// the regions of the current operation. Each such operation goes through
// its whole nested pipeline before the next one; with threading enabled
// the operations are spread over goroutines, and diagnostics and
// instrumentation output are still delivered in operation order. As in
// MLIR, a failure on one operation does not stop its siblings, but no
// later pass of the enclosing pipeline runs.
//
// A Manager runs one pipeline at a time; use one Manager per goroutine.
func (m *Manager) Run(op *ir.Operation) error {
	r := &runner{m: m, instr: &m.instr}
	r.top = &Output{w: m.output(), emit: func(d *ir.Diagnostic) {
		if d.Severity == ir.SeverityError {
			r.errs = append(r.errs, d)
		}
		if m.DiagHandler != nil {
			m.DiagHandler(d)
		}
	}}
	r.threads = 1
	if !m.DisableThreading && !m.sequential {
		r.threads = m.Threads
		if r.threads <= 0 {
			r.threads = runtime.GOMAXPROCS(0)
		}
	}
	ex := &execCtx{r: r, out: r.top}
	if m.anchor != "" && op.Name() != m.anchor {
		r.top.Emit(ir.NewError(op.Loc(), "can't run '"+m.Anchor()+"' pass manager on '"+op.Name()+"' op"))
		return &Failure{Op: op, Diagnostics: r.errs}
	}
	if err := r.prepare(m.OpManager); err != nil {
		r.top.Emit(ir.NewError(m.Context.UnknownLoc(), err.Error()))
		return &Failure{Op: op, Diagnostics: r.errs}
	}
	am := newAnalysisManager(op, nil)
	am.exec = ex
	if m.repro != nil {
		m.repro.start(m, op)
	}
	var err error
	for _, p := range m.passes {
		if err = r.runPass(p, op, am, ex); err != nil {
			break
		}
	}
	if m.repro != nil {
		m.repro.finish(op, err, r.top)
	}
	if err == nil {
		return nil
	}
	var f *Failure
	if !errors.As(err, &f) {
		f = &Failure{Op: op}
	}
	f.Diagnostics = r.errs
	return f
}

// prepare finalizes a pipeline before it runs and initializes the passes
// that were not initialized yet.
func (r *runner) prepare(pm *OpManager) error {
	if err := pm.finalize(r.m.Context); err != nil {
		return err
	}
	return r.initialize(pm)
}

func (r *runner) initialize(pm *OpManager) error {
	for _, p := range pm.passes {
		if a, ok := p.(*Adaptor); ok {
			for _, sub := range a.managers {
				if err := r.initialize(sub); err != nil {
					return err
				}
			}
			continue
		}
		if r.m.initialized[p] {
			continue
		}
		if in, ok := p.(Initializer); ok {
			if err := in.Initialize(r.m.Context); err != nil {
				return err
			}
		}
		if r.m.initialized == nil {
			r.m.initialized = map[Pass]bool{}
		}
		r.m.initialized[p] = true
	}
	return nil
}

// runPass runs one pass on op: the scheduling checks, the hooks, the pass
// itself with panics turned into diagnostics, analysis invalidation and
// verification (MLIR's OpToOpPassAdaptor::run).
func (r *runner) runPass(p Pass, op *ir.Operation, am *AnalysisManager, ex *execCtx) error {
	if d := scheduleError(op); d != nil {
		ex.out.Emit(d)
		return &Failure{Pass: p, Op: op}
	}
	if !canScheduleOn(p, op.OpName()) {
		ex.out.Emit(ir.OpError(op, "trying to schedule a pass on an unsupported operation"))
		return &Failure{Pass: p, Op: op}
	}
	st := &State{op: op, pass: p, am: am, exec: ex}
	ev := PassEvent{Pass: p, Op: op, Thread: ex.thread, Out: ex.out}
	r.instr.beforePass(ev)
	_, isAdaptor := p.(*Adaptor)
	err, panicked := r.invoke(p, op, st)
	failed := err != nil || st.failed
	var fail *Failure
	if err != nil {
		var re reportedError
		switch {
		case errors.As(err, &fail):
			// A nested pipeline failed; its diagnostics are out already.
		case errors.As(err, &re):
		default:
			var ds ir.Diagnostics
			if errors.As(err, &ds) {
				for _, d := range ds {
					ex.out.Emit(d)
				}
			} else {
				ex.out.Emit(asDiagnostic(op, err))
			}
		}
	}
	if failed && fail == nil {
		fail = &Failure{Pass: p, Op: op, Panic: panicked}
	}
	am.Invalidate(&st.preserved)
	if !failed && r.m.VerifyEach && !isAdaptor && !st.preserved.all {
		if verr := r.verify(op); verr != nil {
			var ds ir.Diagnostics
			if errors.As(verr, &ds) {
				for _, d := range ds {
					ex.out.Emit(d)
				}
			} else {
				ex.out.Emit(asDiagnostic(op, verr))
			}
			failed = true
			fail = &Failure{Pass: p, Op: op, Verify: true}
		}
	}
	r.instr.afterPass(ev, failed)
	if failed {
		return fail
	}
	return nil
}

// scheduleError returns the error for running any pass on op, which must
// be registered and isolated from above.
func scheduleError(op *ir.Operation) *ir.Diagnostic {
	name := op.OpName()
	switch {
	case name.Def == nil:
		return ir.OpError(op, "trying to schedule a pass on an unregistered operation")
	case !name.Def.HasTrait(ir.IsolatedFromAbove):
		return ir.OpError(op, "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'")
	}
	return nil
}

// invoke runs the pass after computing its required analyses, turning a
// panic into an error diagnostic at op.
func (r *runner) invoke(p Pass, op *ir.Operation, st *State) (err error, panicked bool) {
	defer func() {
		if v := recover(); v != nil {
			d := ir.NewError(op.Loc(), "pass "+describePassOp(p, op)+" panicked: "+fmt.Sprint(v))
			d.Note(op.Loc(), "the IR may have been left in an invalid state")
			if r.m.PanicStackTraces {
				d.Note(op.Loc(), "panic stack:\n"+string(debug.Stack()))
			}
			st.Emit(d)
			err, panicked = reportedError{d}, true
		}
	}()
	for _, k := range p.PassInfo().Requires {
		if _, err := st.am.get(k); err != nil {
			return err, false
		}
	}
	return p.Run(op, st), false
}

// verify runs the verifier, turning a panic in a verifier hook into a
// diagnostic.
func (r *runner) verify(op *ir.Operation) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = ir.NewError(op.Loc(), "verifier panicked on '"+op.Name()+"' operation: "+fmt.Sprint(v))
		}
	}()
	return ir.Verify(op)
}

// runPipeline runs the passes of pm on op in order, stopping at the first
// failure (OpToOpPassAdaptor::runPipeline).
func (r *runner) runPipeline(pm *OpManager, op *ir.Operation, am *AnalysisManager, ex *execCtx, parent Pass) error {
	return r.runPipelineFrom(pm, op, am, ex, parent, ex.thread, nil)
}

func (r *runner) runPipelineFrom(pm *OpManager, op *ir.Operation, am *AnalysisManager, ex *execCtx, parent Pass, parentThread int, pre *ir.Diagnostic) error {
	am.exec = ex
	pe := PipelineEvent{Anchor: pm.Anchor(), Op: op, Thread: ex.thread, Parent: parent, ParentThread: parentThread, Out: ex.out}
	r.instr.beforePipeline(pe)
	var err error
	if pre != nil && len(pm.passes) > 0 {
		// The operation cannot run passes; the diagnostic was made before
		// the goroutines started.
		ex.out.Emit(pre)
		err = &Failure{Pass: pm.passes[0], Op: op}
		pm = &OpManager{}
	}
	for _, p := range pm.passes {
		if err = r.runPass(p, op, am, ex); err != nil {
			break
		}
	}
	r.instr.afterPipeline(pe)
	am.Clear()
	return err
}

// runAdaptor runs the nested pipelines of a on the operations nested
// directly in op's regions, in parallel when threading allows.
func (r *runner) runAdaptor(a *Adaptor, op *ir.Operation, st *State) error {
	type item struct {
		pm *OpManager
		op *ir.Operation
		am *AnalysisManager
	}
	var work []item
	ctx := r.m.Context
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			for c := b.First(); c != nil; c = c.Next() {
				if _, pm := a.managerFor(ctx, c.OpName()); pm != nil {
					work = append(work, item{pm, c, st.am.Nest(c)})
				}
			}
		}
	}
	ex := st.exec
	if r.threads <= 1 || len(work) <= 1 {
		var first error
		for _, it := range work {
			if err := r.runPipeline(it.pm, it.op, it.am, ex, a); err != nil && first == nil {
				first = err
			}
		}
		return first
	}
	outs := make([]*Output, len(work))
	errs := make([]error, len(work))
	pre := make([]*ir.Diagnostic, len(work))
	for i := range outs {
		outs[i] = ex.out.child()
		// Diagnostics print the operation, reading the IR around it: make
		// those of operations that cannot be scheduled now, before other
		// goroutines change the IR.
		pre[i] = scheduleError(work[i].op)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := min(r.threads, len(work)); w > 0; w-- {
		thread := int(r.m.threadSeq.Add(1))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(work) {
					return
				}
				it := work[i]
				wex := &execCtx{r: r, thread: thread, out: outs[i]}
				errs[i] = r.safePipeline(it.pm, it.op, it.am, wex, a, ex.thread, pre[i])
			}
		}()
	}
	wg.Wait()
	for _, o := range outs {
		o.replay()
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// safePipeline runs a nested pipeline on a worker goroutine; a panic that
// escapes the per-pass recovery (in an instrumentation, say) becomes a
// diagnostic instead of crashing the program.
func (r *runner) safePipeline(pm *OpManager, op *ir.Operation, am *AnalysisManager, ex *execCtx, parent Pass, parentThread int, pre *ir.Diagnostic) (err error) {
	defer func() {
		if v := recover(); v != nil {
			ex.out.Emit(ir.NewError(op.Loc(), "panic while running the '"+pm.Anchor()+"' pipeline on '"+op.Name()+"' operation: "+fmt.Sprint(v)))
			err = &Failure{Op: op, Panic: true}
		}
	}()
	return r.runPipelineFrom(pm, op, am, ex, parent, parentThread, pre)
}
