// Package semcheck is translation validation for pass pipelines: it
// interprets a module's entry function before a pipeline and again after
// every pass, with the same (absent) inputs, and reports the first pass
// after which the program prints something else, returns another result or
// fails where it did not. strata-opt exposes it as --check-semantics.
package semcheck

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/run"
)

var baseAddr = regexp.MustCompile(`base@ = 0x[0-9a-fA-F]+`)

// Observation is what one execution of the entry function produced: the
// text it printed followed by its printed result, or the error that
// stopped it.
type Observation struct {
	Output string
	Err    string
}

// Equal reports whether two observations are the same.
func (o Observation) Equal(p Observation) bool { return o == p }

func (o Observation) String() string {
	if o.Err != "" {
		return "error: " + o.Err
	}
	return o.Output
}

// Observe interprets the function entry of module (a builtin.module) and
// returns what it printed and returned. The result is printed as
// mlir-runner prints it when the function returns one i32, i64, f32 or f64
// value; a function without results is run as void. It returns an error
// (not an Observation) when the entry cannot be run at all: no such
// function, or results of other types.
func Observe(module *ir.Operation, entry string) (Observation, error) {
	kind, err := ResultKind(module, entry)
	if err != nil {
		return Observation{}, err
	}
	out, err := run.Execute(module, entry, kind)
	// Buffer addresses depend on the allocation order, not on semantics.
	out = baseAddr.ReplaceAllString(out, "base@ = <address>")
	if err != nil {
		return Observation{Output: out, Err: err.Error()}, nil
	}
	return Observation{Output: out}, nil
}

// ResultKind returns the -entry-point-result spelling for entry: void
// for a function without results, else its single scalar result type.
func ResultKind(module *ir.Operation, entry string) (string, error) {
	fn := findFunc(module, entry)
	if fn == nil {
		return "", ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	}
	ft, ok := fn.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return "void", nil
	}
	f, ok := ft.Type.(*ir.FunctionType)
	if !ok || len(f.Results) == 0 {
		return "void", nil
	}
	if len(f.Results) == 1 {
		switch t := f.Results[0].(type) {
		case *ir.IntegerType:
			if t.Width == 32 || t.Width == 64 {
				return fmt.Sprintf("i%d", t.Width), nil
			}
		case *ir.FloatType:
			switch t.Kind {
			case ir.F32:
				return "f32", nil
			case ir.F64:
				return "f64", nil
			}
		}
	}
	return "", ir.NewError(fn.Loc(), "entry point '@"+entry+"' must return nothing or one i32, i64, f32 or f64 value to be checked")
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

	base    Observation
	baseSet bool
	failure *ir.Diagnostic
	ran     int
}

// NewChecker records the baseline observation of module's entry.
func NewChecker(module *ir.Operation, entry string) (*Checker, error) {
	c := &Checker{Entry: entry}
	obs, err := Observe(module, entry)
	if err != nil {
		return nil, err
	}
	c.base, c.baseSet = obs, true
	return c, nil
}

// Baseline returns the observation before the pipeline.
func (c *Checker) Baseline() Observation { return c.base }

// Failure returns the diagnostic of the first pass that changed the
// semantics, or nil.
func (c *Checker) Failure() *ir.Diagnostic { return c.failure }

// Checked returns how many pass executions were checked.
func (c *Checker) Checked() int { return c.ran }

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
	obs, err := Observe(top, c.Entry)
	if err != nil {
		obs = Observation{Err: err.Error()}
	}
	if obs.Equal(c.base) {
		return
	}
	name := e.Pass.PassInfo().Argument
	d := ir.NewError(e.Op.Loc(), fmt.Sprintf("pass '%s' changed the semantics of '@%s'", name, c.Entry))
	d.Notes = append(d.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: e.Op.Loc(), Message: describe(c.base, obs)})
	c.failure = d
	if e.Out != nil {
		e.Out.Emit(d)
	}
}

// describe explains the first difference between two observations.
func describe(before, after Observation) string {
	if before.Err != after.Err {
		if after.Err != "" && before.Err == "" {
			return "it now fails: " + firstLine(after.Err)
		}
		if before.Err != "" && after.Err == "" {
			return "it no longer fails with: " + firstLine(before.Err)
		}
		return "the failure changed from '" + firstLine(before.Err) + "' to '" + firstLine(after.Err) + "'"
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

// CheckPipeline parses pipeline (anchored on module's operation name, or
// a bare list of passes), runs it on module with a Checker and returns the
// checker's failure, a pass failure, or nil when every pass kept the
// entry's semantics.
func CheckPipeline(ctx *ir.Context, module *ir.Operation, pipeline, entry string) error {
	c, err := NewChecker(module, entry)
	if err != nil {
		return err
	}
	if c.base.Err != "" {
		return fmt.Errorf("the entry fails before the pipeline: %s", c.base.Err)
	}
	m := pass.NewManager(ctx, module.Name())
	text := pipeline
	if !strings.HasPrefix(text, module.Name()+"(") {
		text = module.Name() + "(" + pipeline + ")"
	}
	if err := m.Parse(text); err != nil {
		return err
	}
	m.DisableThreading = true
	m.AddInstrumentation(c)
	m.DiagHandler = func(*ir.Diagnostic) {}
	runErr := m.Run(module)
	if c.failure != nil {
		return c.failure
	}
	if runErr != nil {
		return runErr
	}
	return nil
}
