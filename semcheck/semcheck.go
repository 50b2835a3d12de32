// Package semcheck is translation validation for pass pipelines: it
// interprets a module's entry function before a pipeline and again after
// every pass, with the same inputs, and reports the first pass after which
// the program prints something else, returns another result or fails where
// it did not. strata-opt exposes it as --check-semantics.
//
// The interpreter has the semantics of every level of the lowering, the
// llvm dialect and the casts between levels included (interp/llvm), so
// every pass down to the llvm dialect is checked. The entry's inputs are
// made for its signature before the pipeline (small numbers, memrefs and
// tensors filled with a pattern) and passed as the entry expects them
// after each pass (a memref as a memref, a descriptor struct or the
// unpacked descriptor fields); its results are read back as the original
// types and compared by value, as are the final contents of its memref
// arguments.
package semcheck

import (
	"fmt"
	"github.com/strata-ir/strata/core/apfloat"
	"math"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Observation is what one execution of the entry function produced: the
// text it printed followed by its printed result, or the error that
// stopped it.
type Observation struct {
	Output string
	Err    string
}

// Equal reports whether two observations are the same: the same output,
// and both succeeding or both failing. The messages of two failures are
// not compared: the same failure reads differently at each level of the
// lowering (an out-of-bounds memref.load becomes an out-of-bounds
// llvm.load, cf.assert a call of abort).
func (o Observation) Equal(p Observation) bool {
	return o.Output == p.Output && (o.Err == "") == (p.Err == "")
}

func (o Observation) String() string {
	if o.Err != "" {
		return "error: " + o.Err
	}
	return o.Output
}

// ResultKind returns the -entry-point-result spelling for entry: void
// for a function without results, else its single i32, i64, f32 or f64
// result type; "" for other results (checked by value).
func ResultKind(module *ir.Operation, entry string) (string, error) {
	s, err := EntrySignature(module, entry)
	if err != nil {
		return "", err
	}
	switch {
	case len(s.Results) == 0:
		return "void", nil
	case len(s.Results) == 1 && runnerResult(s.Results[0]):
		return asm.TypeString(s.Results[0]), nil
	}
	return "", nil
}

func findFunc(module *ir.Operation, name string) *ir.Operation {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	var found *ir.Operation
	module.Region(0).First().Ops(func(op *ir.Operation) bool {
		if s, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			found = op
			return false
		}
		return true
	})
	return found
}

// Checker is a pass instrumentation that re-runs the entry function after
// every pass (nested pipelines' adaptors excluded) and compares what it
// observes with the observation before the pipeline. Run the manager with
// threading disabled: the whole module is interpreted after each pass.
type Checker struct {
	pass.NopInstrumentation
	// Entry is the function interpreted.
	Entry string
	// Timing, when set, receives the time spent interpreting under a
	// top-level entry of its own ("Check semantics"), so that a pass is
	// charged only with its own time. Add the checker to the manager
	// before the timing instrumentation so that its After hook runs once
	// the pass's timer has stopped.
	Timing *pass.Timing
	// Progress, when set, is called after each check with the pass just
	// checked and the number of checks so far.
	Progress func(passArg string, checked int)

	sig     Signature
	base    Observation
	baseSet bool
	// rel is the relative difference allowed after a Reassociating
	// pass (Tolerance).
	rel     float64
	failure *ir.Diagnostic
	ran     int
	// validated lists the passes checked so far, failed the pass that
	// failed to run.
	validated []string
	failed    string
}

// CheckTimerName is the entry of the --mlir-timing report that holds the
// time --check-semantics spends interpreting.
const CheckTimerName = "Check semantics"

// NewChecker records the baseline observation of module's entry, timed
// under CheckTimerName when timing is not nil.
func NewChecker(module *ir.Operation, entry string, timing *pass.Timing) (*Checker, error) {
	c := &Checker{Entry: entry, Timing: timing}
	sig, err := EntrySignature(module, entry)
	if err != nil {
		return nil, err
	}
	if timing != nil {
		defer timing.Start(CheckTimerName).Stop()
	}
	obs, err := ObserveAs(module, entry, sig)
	if err != nil {
		return nil, err
	}
	c.sig, c.base, c.baseSet = sig, obs, true
	c.rel = Tolerance(module)
	return c, nil
}

// Baseline returns the observation before the pipeline.
func (c *Checker) Baseline() Observation { return c.base }

// Failure returns the diagnostic of the first pass that changed the
// semantics, or nil.
func (c *Checker) Failure() *ir.Diagnostic { return c.failure }

// Checked returns how many pass executions were checked.
func (c *Checker) Checked() int { return c.ran }

// Validated returns the passes (their arguments, each once, in the order
// they first ran) after which the semantics were checked and found
// unchanged.
func (c *Checker) Validated() []string { return c.validated }

// FailedPass returns the argument of the pass that failed to run (not a
// change of semantics: a pass that reported an error), or "".
func (c *Checker) FailedPass() string { return c.failed }

// AfterPassFailed records the pass that failed.
func (c *Checker) AfterPassFailed(e pass.PassEvent) {
	if _, ok := e.Pass.(*pass.Adaptor); ok || c.failed != "" {
		return
	}
	c.failed = e.Pass.PassInfo().Argument
}

// AfterPass interprets the module after a pass and compares.
func (c *Checker) AfterPass(e pass.PassEvent) {
	if c.failure != nil || !c.baseSet {
		return
	}
	if _, ok := e.Pass.(*pass.Adaptor); ok {
		return
	}
	top := e.Op
	for top.ParentOp() != nil {
		top = top.ParentOp()
	}
	c.ran++
	var timer *pass.Timer
	if c.Timing != nil {
		timer = c.Timing.Start(CheckTimerName)
	}
	obs, err := ObserveAs(top, c.Entry, c.sig)
	if timer != nil {
		timer.Stop()
	}
	if err != nil {
		obs = Observation{Err: err.Error()}
	}
	name := e.Pass.PassInfo().Argument
	if c.Progress != nil {
		c.Progress(name, c.ran)
	}
	same := obs.Equal(c.base)
	r, reassoc := e.Pass.(Reassociating)
	if !same && reassoc && r.ReassociatesFloats() {
		same = obs.Near(c.base, c.rel)
		if same {
			// The reassociated program is the reference of the passes
			// after it, which must not change it further.
			c.base = obs
		}
	}
	if same {
		for _, v := range c.validated {
			if v == name {
				return
			}
		}
		c.validated = append(c.validated, name)
		return
	}
	d := ir.NewError(e.Op.Loc(), fmt.Sprintf("pass '%s' changed the semantics of '@%s'", name, c.Entry))
	d.Notes = append(d.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: e.Op.Loc(), Message: describe(c.base, obs, c.rel)})
	c.failure = d
	if e.Out != nil {
		e.Out.Emit(d)
	}
}

// Reassociating is implemented by passes that may reorder floating-point
// sums (tiled reductions, fused multiply-adds): their output is compared
// number by number within RelTolerance instead of exactly.
type Reassociating interface {
	ReassociatesFloats() bool
}

// AbsTolerance is the absolute difference always allowed after a
// Reassociating pass: a sum that cancels to zero in one order leaves a
// rounding residue (2e-10, say) in another, whose relative difference
// from zero is unbounded.
const AbsTolerance = 1e-6

// RelTolerance is the relative difference allowed between the numbers
// printed before and after a Reassociating pass, for programs that
// compute in f32 or wider.
const RelTolerance = 1e-4

// Tolerance returns the relative difference allowed after a
// Reassociating pass on module: RelTolerance, or, where the module
// computes in a narrower float type (bf16, f16, f8), two units in the
// last place of the narrowest: a tiled or fused kernel may round its
// intermediates to that type at other points than the program
// (FlashAttention rounds the unnormalized probabilities to bf16, the
// program the normalized ones), which moves a result by units of the
// intermediates' magnitude: a number may then differ by that much of the
// largest number printed with a fraction or an exponent (not the sizes
// and strides that printMemref prints).
func Tolerance(module *ir.Operation) float64 {
	rel := RelTolerance
	narrow := func(t ir.Type) {
		if st, ok := t.(ir.ShapedType); ok {
			t = st.ElementType()
		}
		if ft, ok := t.(*ir.FloatType); ok {
			if sem := apfloat.ByName(ft.Kind.String()); sem != nil {
				if u := math.Ldexp(1, 2-sem.Precision()); u > rel {
					rel = u
				}
			}
		}
	}
	module.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		for i := 0; i < op.NumResults(); i++ {
			narrow(op.Result(i).Type())
		}
		return true
	})
	return rel
}

// Near reports whether two observations agree but for numbers within a
// relative difference rel of each other (the rest of the text, and
// success or failure, the same).
func (o Observation) Near(p Observation, rel float64) bool {
	if (o.Err == "") != (p.Err == "") {
		return false
	}
	_, _, _, ok := firstDifference(o.Output, p.Output, rel)
	return ok
}

// firstDifference splits two outputs into numbers and the text between
// them and returns the index of the first number that differs by more
// than rel (relative), with both values, or ok when none does and the
// text agrees.
func firstDifference(a, b string, rel float64) (int, string, string, bool) {
	ta, tb := tokens(a), tokens(b)
	if len(ta) != len(tb) {
		return -1, "", "", false
	}
	// Past f32, differences are bounded by the rounding of intermediates
	// as large as the largest result: a number may differ by rel of that.
	abs := AbsTolerance * rel / RelTolerance
	if rel > RelTolerance {
		for _, tok := range ta {
			if !strings.ContainsAny(tok, ".eE") {
				continue // sizes and strides, not computed numbers
			}
			if x, err := strconv.ParseFloat(tok, 64); err == nil && !math.IsInf(x, 0) && rel*math.Abs(x) > abs {
				abs = rel * math.Abs(x)
			}
		}
	}
	n := 0
	for i := range ta {
		x, errX := strconv.ParseFloat(ta[i], 64)
		y, errY := strconv.ParseFloat(tb[i], 64)
		if errX != nil || errY != nil {
			if ta[i] != tb[i] {
				return -1, ta[i], tb[i], false
			}
			continue
		}
		if x != y && !(math.IsNaN(x) && math.IsNaN(y)) {
			d := math.Abs(x - y)
			if d > rel*math.Max(math.Abs(x), math.Abs(y)) && d > abs {
				return n, ta[i], tb[i], false
			}
		}
		n++
	}
	return -1, "", "", true
}

// tokens splits s into runs of number characters and runs of others.
func tokens(s string) []string {
	isNum := func(r rune) bool {
		return r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+' || r == 'e' || r == 'E'
	}
	var out []string
	start := 0
	for i, r := range s {
		if i > start && isNum(r) != isNum(rune(s[start])) {
			out = append(out, s[start:i])
			start = i
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// describe explains the first difference between two observations.
func describe(before, after Observation, rel float64) string {
	if (before.Err == "") == (after.Err == "") {
		if i, x, y, ok := firstDifference(before.Output, after.Output, rel); !ok && i >= 0 {
			return fmt.Sprintf("printed number %d was %s, is now %s; %s", i, x, y, describeLines(before, after))
		}
	}
	return describeLines(before, after)
}

// describeLines explains the first difference between two observations
// line by line.
func describeLines(before, after Observation) string {
	if (before.Err == "") != (after.Err == "") {
		if after.Err != "" && before.Err == "" {
			return "it now fails: " + firstLine(after.Err)
		}
		if before.Err != "" && after.Err == "" {
			return "it no longer fails with: " + firstLine(before.Err)
		}
	}
	b := strings.Split(before.Output, "\n")
	a := strings.Split(after.Output, "\n")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(b) {
			x = b[i]
		}
		if i < len(a) {
			y = a[i]
		}
		if x != y {
			return fmt.Sprintf("output line %d was %q, is now %q", i+1, x, y)
		}
	}
	return "the output differs"
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// Report is the outcome of validating a pipeline.
type Report struct {
	// Validated lists the passes checked and found to keep the semantics.
	Validated []string
	// Failure is the diagnostic of the first pass that changed the
	// semantics, or nil.
	Failure *ir.Diagnostic
	// FailedPass is the pass that failed to run and PassError its error
	// (the pipeline stopped there), or "" and nil.
	FailedPass string
	PassError  error
}

// Validate parses pipeline (anchored on module's operation name, or a
// bare list of passes), runs it on module with a Checker and reports
// which passes kept the entry's semantics, the first that changed them,
// and the pass that failed to run. The error is for a pipeline that
// cannot start: an entry that cannot be run, or fails before the
// pipeline, or a pipeline that does not parse.
func Validate(ctx *ir.Context, module *ir.Operation, pipeline, entry string) (*Report, error) {
	c, err := NewChecker(module, entry, nil)
	if err != nil {
		return nil, err
	}
	if c.base.Err != "" {
		return nil, fmt.Errorf("the entry fails before the pipeline: %s", c.base.Err)
	}
	m := pass.NewManager(ctx, module.Name())
	text := pipeline
	if !strings.HasPrefix(text, module.Name()+"(") {
		text = module.Name() + "(" + pipeline + ")"
	}
	if err := m.Parse(text); err != nil {
		return nil, err
	}
	m.DisableThreading = true
	m.AddInstrumentation(c)
	m.DiagHandler = func(*ir.Diagnostic) {}
	runErr := m.Run(module)
	r := &Report{Validated: c.validated, Failure: c.failure}
	if c.failure == nil && runErr != nil {
		r.FailedPass, r.PassError = c.failed, runErr
		if r.FailedPass == "" {
			r.FailedPass = "?"
		}
	}
	return r, nil
}

// CheckPipeline is Validate returning the first problem as an error: the
// checker's failure, a pass failure, or nil when every pass kept the
// entry's semantics.
func CheckPipeline(ctx *ir.Context, module *ir.Operation, pipeline, entry string) error {
	r, err := Validate(ctx, module, pipeline, entry)
	if err != nil {
		return err
	}
	if r.Failure != nil {
		return r.Failure
	}
	return r.PassError
}
