package pass_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// nested holds functions at several depths: only the ones directly in the
// module are anchored by builtin.module(test.func(...)).
const nested = `module {
  "test.func"() <{sym_name = "a"}> ({
    "test.old"() : () -> ()
  }) : () -> ()
  "test.region"() ({
    "test.func"() <{sym_name = "in_region"}> ({
      "test.old"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  module @inner {
    "test.func"() <{sym_name = "in_module"}> ({
      "test.old"() : () -> ()
    }) : () -> ()
  }
  "test.func"() <{sym_name = "b"}> ({
    "test.old"() : () -> ()
    "test.dead"() : () -> ()
  }) : () -> ()
}
`

func TestNestingAndAnchoring(t *testing.T) {
	tests := []struct {
		pipeline string
		// The symbols whose test.old was renamed.
		renamed []string
	}{
		{"builtin.module(test.func(test-rename))", []string{"a", "b"}},
		{"builtin.module(builtin.module(test.func(test-rename)))", []string{"in_module"}},
		{"builtin.module(test-rename)", []string{"a", "in_region", "in_module", "b"}},
		// any() runs on every registered isolated op: the functions and
		// the inner module (whose walk reaches in_module).
		{"builtin.module(any(test-rename))", []string{"a", "in_module", "b"}},
		{"builtin.module(test.func(test-func-only),builtin.module(test-rename))", []string{"in_module"}},
	}
	for _, tc := range tests {
		ctx := newContext()
		top := parse(t, ctx, nested)
		pm := pass.NewManager(ctx, "builtin.module")
		if err := pm.Parse(tc.pipeline); err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(top); err != nil {
			t.Fatalf("%s: %v", tc.pipeline, err)
		}
		var got []string
		top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			if op.Name() == "test.func" {
				name, _ := ir.SymbolName(op)
				if op.Region(0).First().First().Name() == "test.new" {
					got = append(got, name)
				}
			}
			return true
		})
		if fmt.Sprint(got) != fmt.Sprint(tc.renamed) {
			t.Errorf("%s renamed in %v, want %v", tc.pipeline, got, tc.renamed)
		}
	}
}

func TestRunErrors(t *testing.T) {
	const src = `module {
  "test.unknown"() ({
    "test.func"() <{sym_name = "x"}> ({
    }) : () -> ()
  }) : () -> ()
  "test.region"() ({
  }) : () -> ()
}
`
	tests := []struct {
		pipeline, anchor string
		want             string
	}{
		{"test.func(test-count)", "builtin.module", "in.mlir:1:1: error: can't run 'test.func' pass manager on 'builtin.module' op"},
		{"builtin.module(test.unknown(test-count))", "", "in.mlir:2:3: error: 'test.unknown' op trying to schedule a pass on an unregistered operation"},
		{"builtin.module(test.region(test-count))", "", "in.mlir:6:3: error: 'test.region' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'"},
	}
	for _, tc := range tests {
		ctx := newContext()
		top := parse(t, ctx, src)
		pm := pass.NewManager(ctx, "builtin.module")
		var d diags
		pm.DiagHandler = d.handler
		if err := pm.Parse(tc.pipeline); err != nil {
			t.Fatal(err)
		}
		err := pm.Run(top)
		var f *pass.Failure
		if !errors.As(err, &f) {
			t.Fatalf("%s: Run = %v, want a *Failure", tc.pipeline, err)
		}
		if len(d.lines) == 0 || d.lines[0] != tc.want {
			t.Errorf("%s: diagnostics\n%s\nwant first %s", tc.pipeline, d.String(), tc.want)
		}
		if f.Error() != tc.want {
			t.Errorf("%s: Failure.Error() = %q", tc.pipeline, f.Error())
		}
	}
	// A pass that cannot be scheduled on the anchor is refused before the
	// run (MLIR's finalizePassList).
	ctx0 := newContext()
	pm0 := pass.NewManager(ctx0, "builtin.module")
	pm0.Add(&initPass{Info: pass.Info{Argument: "init", Name: "InitPass"}})
	if err := pm0.Run(parse(t, ctx0, src)); err == nil || err.Error() != "loc(unknown): error: unable to schedule pass 'InitPass' on a PassManager intended to run on 'builtin.module'!" {
		t.Errorf("unschedulable pass: %v", err)
	}
	// An explicitly nested manager with a misplaced pass fails at Run.
	ctx := newContext()
	pm := pass.NewManager(ctx, "builtin.module")
	pm.Add(newFuncOnly())
	err := pm.Run(parse(t, ctx, src))
	if err == nil || !strings.Contains(err.Error(), "loc(unknown): error: Can't add pass 'TestFuncOnly' restricted to 'test.func'") {
		t.Errorf("Run with misplaced pass = %v", err)
	}
}

// runPipeline parses src, runs the pipeline and returns the printed IR,
// the diagnostics, the instrumentation output and the error.
func runPipeline(t testing.TB, src, pipeline string, configure func(*pass.Manager)) (out, diagText, instr string, err error) {
	t.Helper()
	ctx := newContext()
	top := parse(t, ctx, src)
	pm := pass.NewManager(ctx, "builtin.module")
	var d diags
	var ib bytes.Buffer
	pm.DiagHandler = d.handler
	pm.Output = &ib
	if e := pm.Parse(pipeline); e != nil {
		t.Fatal(e)
	}
	if configure != nil {
		configure(pm)
	}
	err = pm.Run(top)
	return print(t, top), d.String(), ib.String(), err
}

func TestFailureSemantics(t *testing.T) {
	// A failure on f1 does not stop f0 and f2, but the module-level pass
	// after the nested pipeline does not run, nor test-rename on f1.
	out, dg, _, err := runPipeline(t, funcs(3), "builtin.module(test.func(test-fail{only=f1 gen-diagnostics=1},test-rename),test-erase)", nil)
	var f *pass.Failure
	if !errors.As(err, &f) {
		t.Fatalf("Run = %v", err)
	}
	if name, _ := ir.SymbolName(f.Op); name != "f1" || f.Pass.PassInfo().Argument != "test-fail" {
		t.Errorf("Failure = %v on %v", f.Pass.PassInfo().Argument, name)
	}
	if got := strings.Count(out, "test.new"); got != 2 {
		t.Errorf("renamed %d functions, want 2:\n%s", got, out)
	}
	if got := strings.Count(out, "test.dead"); got != 3 {
		t.Errorf("test-erase ran after a failure:\n%s", out)
	}
	if dg != "in.mlir:8:3: error: illegal operation" {
		t.Errorf("diagnostics: %q", dg)
	}
	// SignalFailure without a diagnostic.
	_, dg, _, err = runPipeline(t, funcs(2), "builtin.module(test.func(test-fail))", nil)
	if dg != "" || err == nil || err.Error() != "pass `TestFail` on 'test.func' operation: @f0 failed" {
		t.Errorf("silent failure: diags %q, err %v", dg, err)
	}
}

func TestParallelMatchesSequential(t *testing.T) {
	src := funcs(100)
	pipelines := []string{
		"builtin.module(test.func(test-rename,test-erase,test-count{remark=true}),test-count)",
		"builtin.module(test.func(test-rename,test-fail{only=f3,f7,f50 gen-diagnostics=true},test-erase))",
		"builtin.module(test.func(test-rename),test.func(test-invalid{plain}))",
		"builtin.module(any(test-rename,test-panic))",
	}
	for _, p := range pipelines {
		type result struct{ out, diags, instr, err string }
		run := func(threads int) result {
			out, dg, instr, err := runPipeline(t, src, p, func(pm *pass.Manager) {
				pm.DisableThreading = threads == 1
				pm.Threads = threads
				pm.EnableIRPrinting(pass.IRPrinting{AfterAll: true, BeforeAll: true})
			})
			es := ""
			if err != nil {
				es = err.Error()
				var f *pass.Failure
				if errors.As(err, &f) && f.Op != nil {
					name, _ := ir.SymbolName(f.Op)
					es += " @" + name
				}
			}
			return result{out, dg, instr, es}
		}
		seq := run(1)
		for _, threads := range []int{2, 8} {
			par := run(threads)
			if par.out != seq.out {
				t.Errorf("%s: output differs with %d threads", p, threads)
			}
			if par.diags != seq.diags {
				t.Errorf("%s: diagnostics differ with %d threads:\n%s\nvs\n%s", p, threads, par.diags, seq.diags)
			}
			if par.instr != seq.instr {
				t.Errorf("%s: IR dumps differ with %d threads", p, threads)
			}
			if par.err != seq.err {
				t.Errorf("%s: error %q with %d threads, %q sequentially", p, par.err, threads, seq.err)
			}
		}
		if strings.Contains(p, "remark") && strings.Count(seq.diags, "remark: 4 operations") != 100 {
			t.Errorf("%s: expected 100 remarks, got:\n%.300s", p, seq.diags)
		}
	}
}

func TestStatisticsParallel(t *testing.T) {
	for _, threads := range []int{1, 4} {
		ctx := newContext()
		top := parse(t, ctx, funcs(100))
		pm := pass.NewManager(ctx, "builtin.module")
		pm.Threads = threads
		rename := newRename()
		pm.Nest("test.func").Add(rename)
		if err := pm.Run(top); err != nil {
			t.Fatal(err)
		}
		if got := rename.PassInfo().Stats.All()[0].Value(); got != 100 {
			t.Errorf("threads=%d: num-renamed = %d", threads, got)
		}
	}
}

func TestVerifyEach(t *testing.T) {
	tests := []struct{ pipeline, want string }{
		{"builtin.module(test.func(test-invalid))", "in.mlir:2:3: error: 'test.checked' op requires attribute 'ok'\n" +
			"  in.mlir:2:3: note: see current operation: \"test.checked\"() : () -> ()"},
		{"builtin.module(test.func(test-invalid{plain=true}))", "in.mlir:2:3: error: 'test.checked_plain' op requires attribute 'ok'\n" +
			"in.mlir:8:3: error: 'test.checked_plain' op requires attribute 'ok'\n" +
			"in.mlir:14:3: error: 'test.checked_plain' op requires attribute 'ok'"},
	}
	for _, tc := range tests {
		threads := 1
		if strings.Contains(tc.pipeline, "plain") {
			threads = 4
		}
		_, dg, _, err := runPipeline(t, funcs(3), tc.pipeline, func(pm *pass.Manager) { pm.Threads = threads })
		var f *pass.Failure
		if !errors.As(err, &f) || !f.Verify || f.Pass.PassInfo().Argument != "test-invalid" {
			t.Fatalf("Run = %#v", err)
		}
		if !strings.HasPrefix(dg, tc.want) {
			t.Errorf("diagnostics:\n%s\nwant\n%s", dg, tc.want)
		}
	}
	out, _, _, err := runPipeline(t, funcs(1), "builtin.module(test.func(test-invalid))", func(pm *pass.Manager) { pm.VerifyEach = false })
	if err != nil || !strings.Contains(out, "test.checked") {
		t.Errorf("without VerifyEach: %v", err)
	}
}

func TestPanicBecomesDiagnostic(t *testing.T) {
	for _, threads := range []int{1, 4} {
		_, dg, _, err := runPipeline(t, funcs(3), "builtin.module(test.func(test-panic))", func(pm *pass.Manager) { pm.Threads = threads })
		var f *pass.Failure
		if !errors.As(err, &f) || !f.Panic {
			t.Fatalf("Run = %v", err)
		}
		lines := strings.Split(dg, "\n")
		want := "in.mlir:2:3: error: pass `TestPanic` on 'test.func' operation: @f0 panicked: runtime error: index out of range [9] with length 0"
		if lines[0] != want {
			t.Errorf("got %q\nwant %q", lines[0], want)
		}
		if len(lines) != 6 || lines[1] != "  in.mlir:2:3: note: the IR may have been left in an invalid state" {
			t.Errorf("diagnostics:\n%s", dg)
		}
	}
	// With stack traces on, the note holds the stack.
	_, dg, _, _ := runPipeline(t, funcs(1), "builtin.module(test.func(test-panic))", func(pm *pass.Manager) { pm.PanicStackTraces = true })
	if !strings.Contains(dg, "panic stack:") || !strings.Contains(dg, "helpers_test.go") {
		t.Errorf("no stack trace in:\n%s", dg)
	}
}

func TestAnalysisPreservation(t *testing.T) {
	tests := []struct {
		pipeline string
		want     int64 // computations per function
	}{
		{"builtin.module(test.func(test-use-preserve,test-use-preserve,test-use-preserve))", 1},
		{"builtin.module(test.func(test-use-clobber,test-use-preserve,test-use-preserve))", 2},
		{"builtin.module(test.func(test-use-clobber,test-use-clobber,test-use-preserve))", 3},
		// test-count marks everything preserved.
		{"builtin.module(test.func(test-use-preserve,test-count,test-use-clobber))", 1},
		// test-rename preserves nothing.
		{"builtin.module(test.func(test-use-preserve,test-rename,test-use-preserve))", 2},
	}
	for _, tc := range tests {
		computed.Store(0)
		if _, _, _, err := runPipeline(t, funcs(4), tc.pipeline, nil); err != nil {
			t.Fatalf("%s: %v", tc.pipeline, err)
		}
		if got := computed.Load(); got != 4*tc.want {
			t.Errorf("%s: %d computations, want %d", tc.pipeline, got, 4*tc.want)
		}
	}
}

func TestAnalysisManagerAPI(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(2))
	pm := pass.NewManager(ctx, "builtin.module")
	var checks []string
	pm.Add(&pass.FuncPass{Info: pass.Info{Argument: "check"}, RunFunc: func(op *ir.Operation, st *pass.State) error {
		am := st.Analyses()
		n, err := pass.Get(am, opCount)
		if err != nil {
			return err
		}
		f0 := op.Region(0).First().First()
		c, err := pass.Child(am, f0, opCount)
		if err != nil {
			return err
		}
		if p, ok := pass.CachedParent(am.Nest(f0), opCount); !ok || p != n {
			return errors.New("parent analysis not cached")
		}
		if _, ok := pass.Cached(am.Nest(f0), opCount); !ok {
			return errors.New("child analysis not cached")
		}
		checks = append(checks, fmt.Sprintf("module=%d f0=%d", n, c))
		if _, err := pass.Get(am, failing); err == nil {
			return errors.New("failing analysis succeeded")
		}
		return nil
	}})
	if err := pm.Run(top); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(checks) != "[module=11 f0=5]" {
		t.Errorf("checks = %v", checks)
	}
	// A required analysis that fails fails the pass.
	pm = pass.NewManager(ctx, "builtin.module")
	pm.Add(&pass.FuncPass{Info: pass.Info{Argument: "needs-failing", Requires: []pass.AnalysisKey{failing}},
		RunFunc: func(*ir.Operation, *pass.State) error { return nil }})
	if err := pm.Run(top); err == nil || err.Error() != "in.mlir:1:1: error: analysis failed" {
		t.Errorf("Run = %v", err)
	}
}

func TestAdaptorMerging(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(2))
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(test.func(test-rename),test.func(test-erase),any(test-count),builtin.module(test-count),test.func(test-count))"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(top); err != nil {
		t.Fatal(err)
	}
	// Adjacent test.func managers merge; any() conflicts with its
	// neighbours and stays apart; builtin.module and test.func merge,
	// sorted by name.
	want := "builtin.module(test.func(test-rename,test-erase),any(test-count{remark=false}),builtin.module(test-count{remark=false}),test.func(test-count{remark=false}))"
	if got := pm.String(); got != want {
		t.Errorf("after Run:\n got %s\nwant %s", got, want)
	}
	var b bytes.Buffer
	pm.Dump(&b)
	if !strings.Contains(b.String(), "  ),\n  builtin.module(\n    test-count{remark=false}\n  ),\n  test.func(\n") {
		t.Errorf("Dump:\n%s", b.String())
	}
}

// dynamicPass runs a nested pipeline on each function itself.
type dynamicPass struct {
	pass.Info
	inner *pass.OpManager
}

func (p *dynamicPass) Run(op *ir.Operation, st *pass.State) error {
	for c := op.Region(0).First().First(); c != nil; c = c.Next() {
		if err := st.RunPipeline(p.inner, c); err != nil {
			return err
		}
	}
	return st.RunPipeline(p.inner, op)
}

type initPass struct {
	pass.Info
	inits int
}

func (p *initPass) Initialize(*ir.Context) error         { p.inits++; return nil }
func (p *initPass) Run(*ir.Operation, *pass.State) error { return nil }
func (p *initPass) CanScheduleOn(name *ir.OpName) bool   { return name.Name != "builtin.module" }

func TestDynamicPipelineAndInitialize(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(2))
	inner := pass.NewOpManager("test.func")
	inner.Add(newRename())
	pm := pass.NewManager(ctx, "builtin.module")
	pm.Add(&dynamicPass{Info: pass.Info{Argument: "dyn"}, inner: inner})
	var d diags
	pm.DiagHandler = d.handler
	err := pm.Run(top)
	// The functions are renamed, then running the test.func pipeline on
	// the module itself is refused.
	if got := strings.Count(print(t, top), "test.new"); got != 2 {
		t.Errorf("renamed %d", got)
	}
	if err == nil || d.String() != "in.mlir:1:1: error: can't run 'test.func' pass manager on 'builtin.module' op" {
		t.Errorf("Run = %v, diagnostics %s", err, d.String())
	}
	ip := &initPass{Info: pass.Info{Argument: "init"}}
	pm = pass.NewManager(ctx, "builtin.module")
	pm.NestAny().Add(ip)
	for i := 0; i < 3; i++ {
		if err := pm.Run(top); err != nil {
			t.Fatal(err)
		}
	}
	if ip.inits != 1 {
		t.Errorf("Initialize called %d times, want 1", ip.inits)
	}
}
