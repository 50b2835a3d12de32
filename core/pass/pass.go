package pass

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// Pass is a unit of work that runs on one operation. A pass is a value: it
// carries its description, options and statistics in an Info (usually by
// embedding one) and does its work in Run.
//
// Run may be called concurrently on different operations (sibling
// operations that are isolated from above run on several goroutines), so
// it must keep per-run state in local variables; options are read-only
// while the pipeline runs and statistics are atomic counters. Run must only
// touch op and what is nested in it (op's own attributes excepted), as in
// MLIR.
type Pass interface {
	// PassInfo returns the pass's description; it must return the same
	// pointer on every call. Embedding an Info provides it.
	PassInfo() *Info
	// Run runs the pass on op. A non-nil error fails the pass: a
	// *ir.Diagnostic or ir.Diagnostics is reported as is, any other error
	// as an error located at op. State.SignalFailure fails the pass
	// without a message, as MLIR's signalPassFailure.
	Run(op *ir.Operation, st *State) error
}

// Info describes a pass: what the pipeline syntax, the registry, the IR
// printer, the statistics and the timing report call it, where it may run,
// and the options and counters it declares. Embed it in a pass type:
//
//	type cse struct {
//		pass.Info
//		numCSE *pass.Statistic
//	}
type Info struct {
	// Argument is the registry and pipeline name, e.g. "cse".
	Argument string
	// Name is the display name used in IR dumps, statistics and timing
	// reports ("CSE" in `// -----// IR Dump After CSE (cse) //----- //`).
	// When empty, the Go type name of the pass is used.
	Name string
	// Summary is the one-line description for --help.
	Summary string
	// Description is a longer description for documentation.
	Description string
	// OpName is the operation the pass is restricted to, e.g. "func.func";
	// empty means the pass may run on any operation (MLIR's op-agnostic
	// passes).
	OpName string
	// Options are the pass's options.
	Options Options
	// Stats are the pass's counters.
	Stats Statistics
	// Requires lists the analyses the pass uses; they are computed (or
	// taken from the cache) before Run, under the pass's timer.
	Requires []AnalysisKey
}

// PassInfo returns i, so that types embedding an Info implement that part
// of Pass.
func (i *Info) PassInfo() *Info { return i }

// FuncPass is a Pass whose Run is a function value, for passes without
// state of their own.
type FuncPass struct {
	Info
	RunFunc func(op *ir.Operation, st *State) error
}

// Run calls p.RunFunc.
func (p *FuncPass) Run(op *ir.Operation, st *State) error { return p.RunFunc(op, st) }

// Initializer is implemented by passes that prepare state once before a
// pipeline first runs them (MLIR's Pass::initialize), e.g. to build and
// freeze pattern sets. Initialize is called once per pass instance.
type Initializer interface {
	Initialize(ctx *ir.Context) error
}

// Scheduler is implemented by passes that restrict the operations they can
// run on beyond Info.OpName (MLIR's canScheduleOn), such as passes that
// need an interface.
type Scheduler interface {
	CanScheduleOn(name *ir.OpName) bool
}

// passName is the display name of a pass.
func passName(p Pass) string {
	info := p.PassInfo()
	if info.Name != "" {
		return info.Name
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", p), "*")
}

// argumentOrName is what the textual pipeline prints for a pass: its
// argument, or unknown<Name> when it has none.
func argumentOrName(p Pass) string {
	if a := p.PassInfo().Argument; a != "" {
		return a
	}
	return "unknown<" + passName(p) + ">"
}

// canScheduleOn reports whether p may run on operations named name.
func canScheduleOn(p Pass, name *ir.OpName) bool {
	if _, ok := p.(*Adaptor); ok {
		return true
	}
	if on := p.PassInfo().OpName; on != "" && on != name.Name {
		return false
	}
	if s, ok := p.(Scheduler); ok {
		return s.CanScheduleOn(name)
	}
	return true
}

// State is what a running pass sees besides its operation: the context,
// the analysis manager of the operation, and the means to mark analyses
// preserved, to fail, to report diagnostics and to run nested pipelines.
type State struct {
	op        *ir.Operation
	pass      Pass
	am        *AnalysisManager
	preserved Preserved
	failed    bool
	exec      *execCtx
}

// Context returns the IR context.
func (s *State) Context() *ir.Context { return s.exec.r.m.Context }

// Op returns the operation the pass runs on.
func (s *State) Op() *ir.Operation { return s.op }

// Pass returns the running pass.
func (s *State) Pass() Pass { return s.pass }

// Analyses returns the analysis manager of the operation.
func (s *State) Analyses() *AnalysisManager { return s.am }

// MarkAllPreserved declares that the pass did not change the IR, so no
// analysis is invalidated and the verifier does not run after it.
func (s *State) MarkAllPreserved() { s.preserved.all = true }

// MarkPreserved declares that the pass kept the given analyses valid.
func (s *State) MarkPreserved(keys ...AnalysisKey) {
	if s.preserved.keys == nil {
		s.preserved.keys = map[AnalysisKey]bool{}
	}
	for _, k := range keys {
		s.preserved.keys[k] = true
	}
}

// SignalFailure marks the pass as failed without a diagnostic.
func (s *State) SignalFailure() { s.failed = true }

// Failed reports whether the pass has signalled failure.
func (s *State) Failed() bool { return s.failed }

// Emit reports a diagnostic. It does not fail the pass by itself: return
// an error or call SignalFailure for that. Diagnostics of passes that run
// in parallel are delivered in operation order.
func (s *State) Emit(d *ir.Diagnostic) { s.exec.out.Emit(d) }

// Output returns the ordered stream for text a pass reports (such as
// print-op-stats' table); it reaches the manager's Output writer in op
// order even when passes run in parallel.
func (s *State) Output() io.Writer { return s.exec.out }

// EmitError reports an error at op with MLIR's "'name' op " prefix and
// the "see current operation" note, and returns it so that Run can return
// it (which also fails the pass, without reporting it twice).
func (s *State) EmitError(op *ir.Operation, msg string) error {
	d := ir.OpError(op, msg)
	s.Emit(d)
	return reportedError{d}
}

// RunPipeline runs pm on op, which must be the pass's operation or nested
// in it (MLIR's dynamic pass pipelines). pm's anchor must match op.
func (s *State) RunPipeline(pm *OpManager, op *ir.Operation) error {
	if !s.op.IsAncestor(op) {
		d := ir.OpError(op, "Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing")
		s.Emit(d)
		return reportedError{d}
	}
	if pm.anchor != "" && pm.anchor != op.Name() {
		d := ir.NewError(op.Loc(), "can't run '"+pm.Anchor()+"' pass manager on '"+op.Name()+"' op")
		s.Emit(d)
		return reportedError{d}
	}
	if err := s.exec.r.prepare(pm); err != nil {
		s.Emit(asDiagnostic(op, err))
		return reportedError{err}
	}
	am := s.am
	if op != s.op {
		am = s.am.Nest(op)
	}
	return s.exec.r.runPipeline(pm, op, am, s.exec, s.pass)
}

// reportedError wraps an error whose diagnostics were already emitted.
type reportedError struct{ err error }

func (e reportedError) Error() string { return e.err.Error() }
func (e reportedError) Unwrap() error { return e.err }

// Failure is the error Manager.Run returns when a pass failed. When several
// sibling operations failed, the first one in operation order is
// described, whatever goroutine finished first.
type Failure struct {
	// Pass is the failing pass and Op the operation it ran on.
	Pass Pass
	Op   *ir.Operation
	// Verify is set when the pass succeeded but the IR it produced did not
	// verify (VerifyEach).
	Verify bool
	// Panic is set when the pass panicked; the IR may be left invalid.
	Panic bool
	// Diagnostics are the error diagnostics the run reported, in order.
	Diagnostics ir.Diagnostics
}

func (f *Failure) Error() string {
	if len(f.Diagnostics) > 0 {
		return f.Diagnostics[0].Error()
	}
	if f.Pass == nil {
		return "pass pipeline failed"
	}
	return "pass " + describePassOp(f.Pass, f.Op) + " failed"
}

// Unwrap returns the diagnostics.
func (f *Failure) Unwrap() []error {
	out := make([]error, len(f.Diagnostics))
	for i, d := range f.Diagnostics {
		out[i] = d
	}
	return out
}

// describePassOp renders "`Name` on 'op' operation: @sym" as MLIR's crash
// reproducer messages do.
func describePassOp(p Pass, op *ir.Operation) string {
	s := "`" + passName(p) + "` on '" + op.Name() + "' operation"
	if name, ok := ir.SymbolName(op); ok {
		s += ": @" + name
	}
	return s
}

// asDiagnostic turns an error returned by a pass into a diagnostic located
// at op.
func asDiagnostic(op *ir.Operation, err error) *ir.Diagnostic {
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		return d
	}
	return ir.NewError(op.Loc(), err.Error())
}
