package pass

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// AnyOp is the anchor name of op-agnostic pass managers: any(...) in the
// pipeline syntax.
const AnyOp = "any"

// Nesting says what adding a pass restricted to another operation than the
// manager's anchor does.
type Nesting uint8

const (
	// Explicit reports it as an error (MLIR's default, and --pass-pipeline's).
	Explicit Nesting = iota
	// Implicit nests a manager for the pass's operation (mlir-opt's per-pass
	// flags: `strata-opt --cse --canonicalize`).
	Implicit
)

// OpManager is a pipeline anchored on an operation name: its passes run on
// operations of that name, and nested managers run on the operations of
// their anchor found directly in the regions of those operations (MLIR's
// OpPassManager). An OpManager anchored on "any" runs on any registered
// operation that is isolated from above and on which all its passes can be
// scheduled.
type OpManager struct {
	anchor  string // "" for any
	passes  []Pass
	nesting Nesting
	err     error
}

// NewOpManager returns an empty pipeline anchored on the operation name
// (or AnyOp) with explicit nesting.
func NewOpManager(anchor string) *OpManager {
	if anchor == AnyOp {
		anchor = ""
	}
	return &OpManager{anchor: anchor}
}

// Anchor returns the anchor operation name, or "any".
func (m *OpManager) Anchor() string {
	if m.anchor == "" {
		return AnyOp
	}
	return m.anchor
}

// IsOpAgnostic reports whether the manager is anchored on "any".
func (m *OpManager) IsOpAgnostic() bool { return m.anchor == "" }

// Nesting returns the nesting mode.
func (m *OpManager) Nesting() Nesting { return m.nesting }

// SetNesting sets the nesting mode; managers nested later inherit it.
func (m *OpManager) SetNesting(n Nesting) { m.nesting = n }

// Passes returns the passes, with nested pipelines as *Adaptor values.
func (m *OpManager) Passes() []Pass { return m.passes }

// Len returns the number of passes (a nested pipeline counts as one).
func (m *OpManager) Len() int { return len(m.passes) }

// Clear removes every pass.
func (m *OpManager) Clear() { m.passes, m.err = nil, nil }

// Err returns the first error from Add (a pass restricted to another
// operation on an explicitly nesting manager); Run reports it too.
func (m *OpManager) Err() error { return m.err }

// Nest appends a nested pipeline anchored on opName (or AnyOp) and returns
// it.
func (m *OpManager) Nest(opName string) *OpManager {
	n := NewOpManager(opName)
	n.nesting = m.nesting
	m.passes = append(m.passes, newAdaptor(n))
	return n
}

// NestAny appends an op-agnostic nested pipeline and returns it.
func (m *OpManager) NestAny() *OpManager { return m.Nest(AnyOp) }

// Add appends passes and returns m. A pass restricted to another operation
// than m's anchor is nested under a new manager for that operation when
// nesting is implicit; with explicit nesting it is an error, returned by
// Err and Run.
func (m *OpManager) Add(passes ...Pass) *OpManager {
	for _, p := range passes {
		m.addPass(p)
	}
	return m
}

func (m *OpManager) addPass(p Pass) error {
	if t := reflect.TypeOf(p); t == nil || !t.Comparable() {
		err := fmt.Errorf("pass of type %v cannot be added: passes must be comparable values, such as pointers", t)
		if m.err == nil {
			m.err = err
		}
		return err
	}
	on := p.PassInfo().OpName
	if m.anchor != "" && on != "" && on != m.anchor {
		if m.nesting == Implicit {
			return m.Nest(on).addPass(p)
		}
		//lint:ignore ST1005 the text is mlir-opt's, word for word
		err := fmt.Errorf("Can't add pass '%s' restricted to '%s' on a PassManager intended to run on '%s', did you intend to nest?", passName(p), on, m.Anchor())
		if m.err == nil {
			m.err = err
		}
		return err
	}
	m.passes = append(m.passes, p)
	return nil
}

// AddNamed adds the registered pass or pipeline named argument, configured
// with an option string (the text of --canonicalize=OPTIONS, or of
// canonicalize{OPTIONS}), following m's nesting mode.
func (m *OpManager) AddNamed(argument, options string) error {
	if r, ok := LookupPipeline(argument); ok {
		return ofPipeline(r.Build(m, options))
	}
	r, ok := Lookup(argument)
	if !ok {
		return fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline", argument)
	}
	return r.addTo(m, options)
}

// String returns the pipeline in MLIR's textual syntax, with every option
// printed: `builtin.module(func.func(cse,canonicalize{...}))`.
func (m *OpManager) String() string {
	var w indentWriter
	m.print(&w, false)
	return w.String()
}

// WritePretty writes the pipeline over several indented lines, as
// --dump-pass-pipeline does.
func (m *OpManager) WritePretty(w io.Writer) {
	var iw indentWriter
	m.print(&iw, true)
	io.WriteString(w, iw.String())
}

func (m *OpManager) print(w *indentWriter, pretty bool) {
	w.WriteString(m.Anchor())
	w.WriteString("(")
	if pretty {
		w.WriteString("\n")
		w.indent += 2
	}
	m.printPasses(w, pretty)
	if pretty {
		w.WriteString("\n")
		w.indent -= 2
	}
	w.WriteString(")")
}

func (m *OpManager) printPasses(w *indentWriter, pretty bool) {
	for i, p := range m.passes {
		if i > 0 {
			w.WriteString(",")
			if pretty {
				w.WriteString("\n")
			}
		}
		printPass(w, p, pretty)
	}
}

func printPass(w *indentWriter, p Pass, pretty bool) {
	if a, ok := p.(*Adaptor); ok {
		for i, sub := range a.managers {
			if i > 0 {
				w.WriteString(",")
				if pretty {
					w.WriteString("\n")
				}
			}
			sub.print(w, pretty)
		}
		return
	}
	w.WriteString(argumentOrName(p))
	w.WriteString(p.PassInfo().Options.Text())
}

// indentWriter indents every non-empty line, as LLVM's
// raw_indented_ostream.
type indentWriter struct {
	strings.Builder
	indent  int
	midLine bool
}

func (w *indentWriter) WriteString(s string) {
	for s != "" {
		if s[0] == '\n' {
			w.Builder.WriteByte('\n')
			w.midLine = false
			s = s[1:]
			continue
		}
		if !w.midLine {
			w.Builder.WriteString(strings.Repeat(" ", w.indent))
			w.midLine = true
		}
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			i = len(s)
		}
		w.Builder.WriteString(s[:i])
		s = s[i:]
	}
}

// Adaptor is the pass that runs nested pipelines on the operations nested
// directly in the regions of its operation (MLIR's OpToOpPassAdaptor).
// Managers with the same anchor that follow each other are merged into one
// adaptor before a run, so that `func.func(a),func.func(b)` runs a then b
// on each function in turn.
type Adaptor struct {
	info     Info
	managers []*OpManager
}

func newAdaptor(m *OpManager) *Adaptor {
	a := &Adaptor{managers: []*OpManager{m}}
	a.updateName()
	return a
}

func (a *Adaptor) updateName() {
	names := make([]string, len(a.managers))
	for i, m := range a.managers {
		names[i] = "'" + m.Anchor() + "'"
	}
	a.info.Name = "Pipeline Collection : [" + strings.Join(names, ", ") + "]"
}

// PassInfo returns the adaptor's description; its Name is MLIR's
// "Pipeline Collection : ['func.func']".
func (a *Adaptor) PassInfo() *Info { return &a.info }

// Managers returns the nested pipelines.
func (a *Adaptor) Managers() []*OpManager { return a.managers }

// Run runs the nested pipelines on the children of op.
func (a *Adaptor) Run(op *ir.Operation, st *State) error {
	return st.exec.r.runAdaptor(a, op, st)
}

// managerFor returns the manager that runs on operations named name.
func (a *Adaptor) managerFor(ctx *ir.Context, name *ir.OpName) (int, *OpManager) {
	for i, m := range a.managers {
		if m.canScheduleOn(ctx, name) {
			return i, m
		}
	}
	return -1, nil
}

// canScheduleOn mirrors OpPassManagerImpl::canScheduleOn.
func (m *OpManager) canScheduleOn(ctx *ir.Context, name *ir.OpName) bool {
	if m.anchor != "" {
		return m.anchor == name.Name
	}
	if name.Def == nil || !name.Def.HasTrait(ir.IsolatedFromAbove) {
		return false
	}
	for _, p := range m.passes {
		if !canScheduleOn(p, name) {
			return false
		}
	}
	return true
}

// finalize merges adjacent adaptors and checks that every pass can run on
// the anchor (MLIR's finalizePassList).
func (m *OpManager) finalize(ctx *ir.Context) error {
	if m.err != nil {
		return m.err
	}
	var last *Adaptor
	out := m.passes[:0]
	for _, p := range m.passes {
		a, ok := p.(*Adaptor)
		if !ok {
			if last != nil {
				if err := last.finalize(ctx); err != nil {
					return err
				}
				last = nil
			}
			out = append(out, p)
			continue
		}
		if last != nil && a.tryMergeInto(ctx, last) {
			continue
		}
		if last != nil {
			if err := last.finalize(ctx); err != nil {
				return err
			}
		}
		last = a
		out = append(out, p)
	}
	if last != nil {
		if err := last.finalize(ctx); err != nil {
			return err
		}
	}
	for i := len(out); i < len(m.passes); i++ {
		m.passes[i] = nil
	}
	m.passes = out
	if m.anchor == "" {
		return nil
	}
	name := ctx.OpName(m.anchor)
	if name.Def == nil {
		return nil
	}
	for _, p := range m.passes {
		if !canScheduleOn(p, name) {
			//lint:ignore ST1005 the text is mlir-opt's, word for word
			return fmt.Errorf("unable to schedule pass '%s' on a PassManager intended to run on '%s'!", passName(p), m.Anchor())
		}
	}
	return nil
}

func (a *Adaptor) finalize(ctx *ir.Context) error {
	for _, m := range a.managers {
		if err := m.finalize(ctx); err != nil {
			return err
		}
	}
	return nil
}

// tryMergeInto merges a's managers into rhs (OpToOpPassAdaptor::
// tryMergeInto): managers with the same anchor are concatenated, others
// added, and the result sorted with op-agnostic managers last. Merging is
// refused when an op-agnostic manager could run on the same operations as
// another manager.
func (a *Adaptor) tryMergeInto(ctx *ir.Context, rhs *Adaptor) bool {
	conflicts := func(generic *OpManager, others []*OpManager) bool {
		for _, o := range others {
			if o.anchor == "" || generic.canScheduleOn(ctx, ctx.OpName(o.anchor)) {
				return true
			}
		}
		return false
	}
	for _, m := range a.managers {
		if m.anchor == "" && conflicts(m, rhs.managers) {
			return false
		}
	}
	for _, m := range rhs.managers {
		if m.anchor == "" && conflicts(m, a.managers) {
			return false
		}
	}
	for _, m := range a.managers {
		merged := false
		for _, r := range rhs.managers {
			if r.anchor == m.anchor {
				r.passes = append(r.passes, m.passes...)
				merged = true
				break
			}
		}
		if !merged {
			rhs.managers = append(rhs.managers, m)
		}
	}
	a.managers = nil
	sort.SliceStable(rhs.managers, func(i, j int) bool {
		x, y := rhs.managers[i].anchor, rhs.managers[j].anchor
		if x == "" || y == "" {
			return x != "" && y == ""
		}
		return x < y
	})
	rhs.updateName()
	return true
}

// Manager is the top-level pass manager: a pipeline anchored on the
// operation it runs on, with the run configuration.
type Manager struct {
	*OpManager

	// Context is the IR context.
	Context *ir.Context
	// VerifyEach runs the verifier after every pass (--verify-each; on by
	// default). A pass that declares all analyses preserved is not
	// verified after, as in MLIR.
	VerifyEach bool
	// DisableThreading runs everything on the calling goroutine
	// (--mlir-disable-threading).
	DisableThreading bool
	// Threads bounds the goroutines that process sibling operations in
	// parallel; 0 means runtime.GOMAXPROCS.
	Threads int
	// DiagHandler receives the diagnostics of passes, of the verifier and
	// of the instrumentations, in the order of a sequential run. Without a
	// handler they are only available from the Failure that Run returns.
	DiagHandler ir.DiagnosticHandler
	// Output receives the text of instrumentations (IR dumps); nil means
	// os.Stderr.
	Output io.Writer
	// PrintOptions are used to print IR in dumps and crash reproducers.
	PrintOptions asm.PrintOptions
	// PanicStackTraces attaches the goroutine stack to the diagnostic of a
	// pass that panicked.
	PanicStackTraces bool

	instr       instrumentor
	repro       *reproducer
	sequential  bool // forced by module-scope printing and local reproducers
	initialized map[Pass]bool
	threadSeq   atomic.Int64
}

// NewManager returns a manager with an empty pipeline anchored on anchor
// (usually "builtin.module"), verification after each pass, threading
// enabled and explicit nesting.
func NewManager(ctx *ir.Context, anchor string) *Manager {
	return &Manager{OpManager: NewOpManager(anchor), Context: ctx, VerifyEach: true}
}

// Parse replaces the pipeline with the one described by text, which names
// its anchor: `builtin.module(func.func(cse),symbol-dce)`. On error the
// pipeline is unchanged and the error is a *PipelineError.
func (m *Manager) Parse(text string) error {
	pm, err := ParsePipeline(text)
	if err != nil {
		return err
	}
	pm.nesting = m.nesting
	m.OpManager = pm
	m.initialized = nil
	return nil
}

// AddInstrumentation adds an instrumentation; its Before hooks run after
// those of the instrumentations added earlier, its After hooks before.
func (m *Manager) AddInstrumentation(i Instrumentation) { m.instr.list = append(m.instr.list, i) }

// Dump writes the pipeline as mlir-opt's --dump-pass-pipeline does:
//
//	Pass Manager with 1 passes:
//	builtin.module(
//	  func.func(
//	    cse
//	  )
//	)
//
// followed by an empty line.
func (m *Manager) Dump(w io.Writer) {
	fmt.Fprintf(w, "Pass Manager with %d passes:\n", len(m.passes))
	m.WritePretty(w)
	io.WriteString(w, "\n\n")
}

// PrintStatistics writes the statistics report (--mlir-pass-statistics).
func (m *Manager) PrintStatistics(w io.Writer, mode StatisticsDisplay) {
	WriteStatistics(w, m.OpManager, mode)
}

func (m *Manager) output() io.Writer {
	if m.Output != nil {
		return m.Output
	}
	return os.Stderr
}
