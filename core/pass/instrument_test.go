package pass_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	function "github.com/strata-ir/strata/dialects/func"
)

// Stand-ins for mlir-opt's test passes.
func init() {
	pass.Register(pass.Registration{Argument: "test-pass-failure", New: func() pass.Pass {
		p := &pass.FuncPass{Info: pass.Info{Argument: "test-pass-failure", Name: "(anonymous namespace)::TestFailurePass",
			Summary: "Test a pass in the pass manager that always fails"}}
		diag := p.Options.Bool("gen-diagnostics", false, "Generate a diagnostic message")
		p.RunFunc = func(op *ir.Operation, st *pass.State) error {
			if *diag {
				st.Emit(ir.NewError(op.Loc(), "illegal operation"))
			}
			st.SignalFailure()
			return nil
		}
		return p
	}})
}

// optRun emulates mlir-opt on a file: it parses it, runs the pipeline with
// the given configuration and returns what mlir-opt would write to stderr
// (IR dumps and diagnostics, in order) with the output discarded.
func optRun(t *testing.T, file, pipeline string, configure func(*pass.Manager)) (string, error) {
	t.Helper()
	ctx := newContext()
	function.Register(ctx)
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	top, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: file})
	if err != nil {
		t.Fatal(err)
	}
	sm := asm.NewSourceManager()
	sm.Add(file, src)
	var out bytes.Buffer
	pm := pass.NewManager(ctx, "builtin.module")
	pm.Output = &out
	pm.DiagHandler = func(d *ir.Diagnostic) { sm.WriteDiagnostic(&out, d) }
	if err := pm.Parse(pipeline); err != nil {
		t.Fatal(err)
	}
	if configure != nil {
		configure(pm)
	}
	err = pm.Run(top)
	return out.String(), err
}

const funcInput = `func.func @f(%arg0: i32) -> i32 {
  return %arg0 : i32
}
func.func @g() {
  return
}
`

func writeInput(t *testing.T) string {
	file := filepath.Join(t.TempDir(), "in.mlir")
	if err := os.WriteFile(file, []byte(funcInput), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// discard returns a path for an output that is not read. mlir-opt deletes
// its output file when it fails, so "/dev/null" must never be given to it
// as the output: run as root, it would remove the device node.
func discard(t *testing.T) string {
	return filepath.Join(t.TempDir(), "out.mlir")
}

func mlirOpt(t *testing.T, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath("mlir-opt-22")
	if err != nil {
		t.Skip("mlir-opt-22 not installed")
	}
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run()
	return stderr.String()
}

func TestIRPrintingFormat(t *testing.T) {
	file := writeInput(t)
	const pipeline = "builtin.module(func.func(canonicalize,cse),symbol-dce)"
	tests := []struct {
		flags []string
		cfg   pass.IRPrinting
	}{
		{[]string{"--mlir-print-ir-after-all"}, pass.IRPrinting{AfterAll: true}},
		{[]string{"--mlir-print-ir-before=cse", "--mlir-print-ir-after=canonicalize,symbol-dce"},
			pass.IRPrinting{Before: []string{"cse"}, After: []string{"canonicalize", "symbol-dce"}}},
		{[]string{"--mlir-print-ir-before-all", "--mlir-print-ir-module-scope"}, pass.IRPrinting{BeforeAll: true, ModuleScope: true}},
		// Nothing changes: after-change prints no After dump.
		{[]string{"--mlir-print-ir-before-all", "--mlir-print-ir-after-all", "--mlir-print-ir-after-change"},
			pass.IRPrinting{BeforeAll: true, AfterAll: true, AfterChange: true}},
	}
	for _, tc := range tests {
		got, err := optRun(t, file, pipeline, func(pm *pass.Manager) { pm.EnableIRPrinting(tc.cfg) })
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string{file, "--mlir-disable-threading", "--pass-pipeline=" + pipeline, "-o", discard(t)}, tc.flags...)
		if want := mlirOpt(t, args...); got != want {
			t.Errorf("%v:\n--- got\n%s\n--- want\n%s", tc.flags, got, want)
		}
	}
	// A failing pass, printed after failure only, with its diagnostics.
	const failing = "builtin.module(func.func(canonicalize,test-pass-failure{gen-diagnostics=true}))"
	for _, threads := range []int{1, 2} {
		got, err := optRun(t, file, failing, func(pm *pass.Manager) {
			pm.Threads = threads
			pm.EnableIRPrinting(pass.IRPrinting{AfterFailure: true})
		})
		if err == nil {
			t.Fatal("no failure")
		}
		want := mlirOpt(t, file, "--mlir-disable-threading", "--pass-pipeline="+failing, "--mlir-print-ir-after-failure", "-o", discard(t))
		if got != want {
			t.Errorf("after failure, %d threads:\n--- got\n%s\n--- want\n%s", threads, got, want)
		}
	}
}

func TestIRPrintingAfterChange(t *testing.T) {
	// test-rename changes f0 and f1; test-count changes nothing.
	_, _, instr, err := runPipeline(t, funcs(2), "builtin.module(test.func(test-rename,test-count))", func(pm *pass.Manager) {
		pm.EnableIRPrinting(pass.IRPrinting{AfterAll: true, AfterChange: true})
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `// -----// IR Dump After TestRename (test-rename) //----- //
"test.func"() <{sym_name = "f0"}> ({
  %0 = "test.const"() {value = 0 : i32} : () -> i32
  %1 = "test.new"(%0) : (i32) -> i32
  "test.dead"() : () -> ()
  "test.use"(%1) : (i32) -> ()
}) : () -> ()

// -----// IR Dump After TestRename (test-rename) //----- //
"test.func"() <{sym_name = "f1"}> ({
  %0 = "test.const"() {value = 1 : i32} : () -> i32
  %1 = "test.new"(%0) : (i32) -> i32
  "test.dead"() : () -> ()
  "test.use"(%1) : (i32) -> ()
}) : () -> ()

`
	if instr != want {
		t.Errorf("got:\n%s\nwant:\n%s", instr, want)
	}
}

func TestReproducer(t *testing.T) {
	file := writeInput(t)
	dir := t.TempDir()
	const pipeline = "builtin.module(func.func(canonicalize,test-pass-failure),symbol-dce)"
	for _, local := range []bool{false, true} {
		ours, theirs := filepath.Join(dir, fmt.Sprint("ours", local)), filepath.Join(dir, fmt.Sprint("theirs", local))
		got, err := optRun(t, file, pipeline, func(pm *pass.Manager) {
			pm.DisableThreading = true
			pm.EnableCrashReproducer(ours, local)
		})
		if err == nil {
			t.Fatal("no failure")
		}
		args := []string{file, "--mlir-disable-threading", "--pass-pipeline=" + pipeline, "--mlir-pass-pipeline-crash-reproducer=" + theirs, "-o", discard(t)}
		if local {
			args = append(args, "--mlir-pass-pipeline-local-reproducer")
		}
		want := mlirOpt(t, args...)
		got = strings.ReplaceAll(got, ours, theirs)
		if local {
			// mlir-opt writes one local reproducer per failure; Strata
			// keeps the first.
			want = want[:strings.Index(want, "\n"+file+":0:0")+1]
		}
		if got != want {
			t.Errorf("local=%v diagnostics:\n--- got\n%s\n--- want\n%s", local, got, want)
		}
		gotFile, _ := os.ReadFile(ours)
		wantFile, _ := os.ReadFile(theirs)
		if string(gotFile) != string(wantFile) {
			t.Errorf("local=%v reproducer:\n--- got\n%s\n--- want\n%s", local, gotFile, wantFile)
		}
	}
}

func TestReproducerReplay(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(3))
	path := filepath.Join(t.TempDir(), "repro.mlir")
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(test.func(test-rename,test-fail{only=f1}),test-erase)"); err != nil {
		t.Fatal(err)
	}
	pm.Threads = 4
	var d diags
	pm.DiagHandler = d.handler
	pm.EnableCrashReproducer(path, false)
	if err := pm.Run(top); err == nil {
		t.Fatal("no failure")
	}
	wantDiag := "in.mlir:8:3: error: Failures have been detected while processing an MLIR pass pipeline\n" +
		"  in.mlir:8:3: note: Pipeline failed while executing [`TestFail` on 'test.func' operation: @f1]: reproducer generated at `" + path + "`"
	if d.String() != wantDiag {
		t.Errorf("diagnostics:\n%s\nwant\n%s", d.String(), wantDiag)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The IR before the pipeline, and the finalized pipeline.
	wantTail := `{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(test.func(test-rename,test-fail{gen-diagnostics=false only={f1}}), test-erase)",
      disable_threading: false,
      verify_each: true
    }
  }
#-}
`
	if !strings.HasPrefix(string(data), "module {\n  \"test.func\"() <{sym_name = \"f0\"}> ({\n    %0 = \"test.const\"() {value = 0 : i32} : () -> i32\n    %1 = \"test.old\"") ||
		!strings.HasSuffix(string(data), "}\n\n"+wantTail) {
		t.Errorf("reproducer:\n%s", data)
	}
	// Replay it.
	ctx = newContext()
	src, err := asm.Parse(ctx, data, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	r, err := pass.ReadReproducer(src.Resources)
	if err != nil || r == nil || *r.Pipeline != "builtin.module(test.func(test-rename,test-fail{gen-diagnostics=false only={f1}}), test-erase)" || *r.DisableThreading || !*r.VerifyEach {
		t.Fatalf("ReadReproducer = %+v, %v", r, err)
	}
	pm = pass.NewManager(ctx, "builtin.module")
	if err := pm.ApplyReproducer(src.Resources); err != nil {
		t.Fatal(err)
	}
	top = asm.WrapInModule(ctx, src.Block, ctx.FileLineCol(path, 0, 0))
	err = pm.Run(top)
	if err == nil || err.Error() != "pass `TestFail` on 'test.func' operation: @f1 failed" {
		t.Errorf("replay: %v", err)
	}
	// An unknown key is an error.
	bad := &ir.Resources{External: []ir.ResourceGroup{{Name: "mlir_reproducer", Entries: []ir.ResourceEntry{{Key: "verify_eac", Kind: ir.ResourceBool, Value: "true"}}}}}
	if err := pm.ApplyReproducer(bad); err == nil || err.Error() != "unknown 'mlir_reproducer' resource key 'verify_eac'" {
		t.Errorf("bad key: %v", err)
	}
}

func TestPanicReproducer(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(2))
	path := filepath.Join(t.TempDir(), "crash.mlir")
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(test.func(test-rename,test-panic))"); err != nil {
		t.Fatal(err)
	}
	var d diags
	pm.DiagHandler = d.handler
	pm.EnableCrashReproducer(path, true)
	if err := pm.Run(top); err == nil {
		t.Fatal("no failure")
	}
	if !strings.Contains(d.String(), "note: Pipeline failed while executing `TestPanic` on 'test.func' operation: @f0: reproducer generated at") {
		t.Errorf("diagnostics:\n%s", d.String())
	}
	data, _ := os.ReadFile(path)
	// The local reproducer holds the IR right before the panicking pass:
	// f0 renamed, f1 not yet.
	if !strings.Contains(string(data), `pipeline: "builtin.module(test.func(test-panic))"`) ||
		!strings.Contains(string(data), "disable_threading: true") ||
		strings.Count(string(data), "test.new") != 1 {
		t.Errorf("reproducer:\n%s", data)
	}
}

var (
	percents = regexp.MustCompile(`\(\s*[0-9]+\.[0-9]%\)`)
	numbers  = regexp.MustCompile(`[0-9]+\.[0-9]+`)
)

func TestTimingReport(t *testing.T) {
	// A fake clock that advances one millisecond per reading.
	var ticks time.Duration
	clock := func() time.Time { ticks += time.Millisecond; return time.Unix(0, 0).Add(ticks) }
	tm := &pass.Timing{Now: clock}
	parser := tm.Start("Parser")
	ctx := newContext()
	top := parse(t, ctx, funcs(2))
	parser.Stop()
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(test.func(test-use-clobber,test-rename),test-count)"); err != nil {
		t.Fatal(err)
	}
	pm.DisableThreading = true
	pm.EnableTiming(tm)
	if err := pm.Run(top); err != nil {
		t.Fatal(err)
	}
	out := tm.Start("Output")
	out.Stop()
	var b bytes.Buffer
	tm.Report(&b)
	// Each clock reading advances 1ms: the numbers are exact. The adaptor
	// is hidden (its pipeline shows instead), but its time counts in Rest
	// as in MLIR.
	want := `===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0250 seconds

  ----Wall Time----  ----Name----
    0.0010 (  4.0%)  Parser
    0.0140 ( 56.0%)  'test.func' Pipeline
    0.0060 ( 24.0%)    test-use-clobber
    0.0020 (  8.0%)      (A) OpCount
    0.0020 (  8.0%)    TestRename
    0.0010 (  4.0%)  TestCount
    0.0010 (  4.0%)  Output
    0.0050 ( 20.0%)  Rest
    0.0250 (100.0%)  Total
`
	if b.String() != want {
		t.Errorf("tree report:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestTimingMatchesMLIRLayout(t *testing.T) {
	file := writeInput(t)
	const pipeline = "builtin.module(func.func(canonicalize,cse),symbol-dce)"
	for _, list := range []bool{false, true} {
		tm := pass.NewTiming()
		if list {
			tm.Display = pass.TimingList
		}
		p := tm.Start("Parser")
		p.Stop()
		if _, err := optRun(t, file, pipeline, func(pm *pass.Manager) {
			pm.DisableThreading = true
			pm.EnableTiming(tm)
		}); err != nil {
			t.Fatal(err)
		}
		o := tm.Start("Output")
		o.Stop()
		var b bytes.Buffer
		tm.Report(&b)
		args := []string{file, "--mlir-disable-threading", "--pass-pipeline=" + pipeline, "--mlir-timing", "-o", discard(t)}
		if list {
			args = append(args, "--mlir-timing-display=list")
		}
		want := mlirOpt(t, args...)
		// Strata's stand-in CSE computes no DominanceInfo.
		want = regexp.MustCompile(`(?m)^.*\(A\) DominanceInfo\n`).ReplaceAllString(want, "")
		mask := func(s string) []string {
			lines := strings.Split(numbers.ReplaceAllString(percents.ReplaceAllString(s, "(P)"), "N"), "\n")
			if list {
				// The order of a list report follows the times.
				for i := range lines {
					lines[i] = strings.TrimSpace(lines[i])
				}
				sortStrings(lines)
			}
			return lines
		}
		if g, w := mask(b.String()), mask(want); strings.Join(g, "\n") != strings.Join(w, "\n") {
			t.Errorf("list=%v layout:\n--- got\n%s\n--- want\n%s", list, b.String(), want)
		}
	}
	// Parallel runs show user time besides wall time.
	tm := pass.NewTiming()
	ctx := newContext()
	top := parse(t, ctx, funcs(50))
	pm := pass.NewManager(ctx, "builtin.module")
	pm.Threads = 4
	pm.EnableTiming(tm)
	pm.Nest("test.func").Add(newRename(), newErase())
	if err := pm.Run(top); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	tm.Report(&b)
	if !strings.Contains(b.String(), "  ----User Time----  ----Wall Time----  ----Name----\n") ||
		!strings.Contains(b.String(), "%)  'test.func' Pipeline\n") || !strings.Contains(b.String(), "%)    TestRename\n") {
		t.Errorf("parallel report:\n%s", b.String())
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestStatisticsReport(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(3))
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(test.func(test-rename,test-erase),test.func(test-count),test-count)"); err != nil {
		t.Fatal(err)
	}
	pm.Threads = 2
	if err := pm.Run(top); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pm.PrintStatistics(&b, pass.StatisticsPipeline)
	want := `===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
'test.func' Pipeline
  TestRename
    (S) 3 num-renamed - Number of operations renamed
  TestErase
    (S) 3 num-erased - Number of operations erased
  TestCount
    (S)  3 num-funcs - Number of functions
    (S) 12 num-ops   - Number of operations
TestCount
  (S)  3 num-funcs - Number of functions
  (S) 13 num-ops   - Number of operations

`
	if b.String() != want {
		t.Errorf("pipeline view:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	pm.PrintStatistics(&b, pass.StatisticsList)
	want = `===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
  TestCount
    (S)  6 num-funcs - Number of functions
    (S) 25 num-ops   - Number of operations
  TestErase
    (S) 3 num-erased - Number of operations erased
  TestRename
    (S) 3 num-renamed - Number of operations renamed

`
	if b.String() != want {
		t.Errorf("list view:\n%s\nwant:\n%s", b.String(), want)
	}
	// mlir-opt-22 is built without LLVM_ENABLE_STATS: it prints the
	// banner and an empty line only, which the header above matches.
	if got := mlirOpt(t, writeInput(t), "--mlir-pass-statistics", "-o", discard(t)); !strings.HasPrefix(want, got[:len(got)-1]) {
		t.Errorf("mlir-opt banner %q", got)
	}
}

// recorder logs the hooks it sees.
type recorder struct {
	name string
	log  *[]string
}

func (r recorder) add(s string, args ...any) {
	*r.log = append(*r.log, r.name+" "+fmt.Sprintf(s, args...))
}

func opDesc(op *ir.Operation) string {
	if n, ok := ir.SymbolName(op); ok {
		return "@" + n
	}
	return op.Name()
}

func (r recorder) BeforePipeline(e pass.PipelineEvent) {
	r.add("before-pipeline %s %s", e.Anchor, opDesc(e.Op))
}
func (r recorder) AfterPipeline(e pass.PipelineEvent) {
	r.add("after-pipeline %s %s", e.Anchor, opDesc(e.Op))
}
func (r recorder) BeforePass(e pass.PassEvent) {
	r.add("before %s %s", e.Pass.PassInfo().Name, opDesc(e.Op))
}
func (r recorder) AfterPass(e pass.PassEvent) {
	r.add("after %s %s", e.Pass.PassInfo().Name, opDesc(e.Op))
}
func (r recorder) AfterPassFailed(e pass.PassEvent) {
	r.add("failed %s %s", e.Pass.PassInfo().Name, opDesc(e.Op))
}
func (r recorder) BeforeAnalysis(e pass.AnalysisEvent) {
	r.add("before-analysis %s %s", e.Analysis.AnalysisName(), opDesc(e.Op))
}
func (r recorder) AfterAnalysis(e pass.AnalysisEvent) {
	r.add("after-analysis %s %s", e.Analysis.AnalysisName(), opDesc(e.Op))
}

func TestInstrumentationOrder(t *testing.T) {
	ctx := newContext()
	top := parse(t, ctx, funcs(2))
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(test.func(test-use-clobber,test-fail{only=f1}))"); err != nil {
		t.Fatal(err)
	}
	pm.DisableThreading = true
	var log []string
	pm.AddInstrumentation(recorder{"A", &log})
	pm.AddInstrumentation(recorder{"B", &log})
	pm.Run(top)
	var filtered []string
	for _, l := range log {
		if strings.HasPrefix(l, "A") || strings.Contains(l, "before-pipeline") || strings.Contains(l, "Collection") {
			filtered = append(filtered, l)
		}
	}
	want := `A before Pipeline Collection : ['test.func'] builtin.module
B before Pipeline Collection : ['test.func'] builtin.module
A before-pipeline test.func @f0
B before-pipeline test.func @f0
A before test-use-clobber @f0
A before-analysis OpCount @f0
A after-analysis OpCount @f0
A after test-use-clobber @f0
A before TestFail @f0
A after TestFail @f0
A after-pipeline test.func @f0
A before-pipeline test.func @f1
B before-pipeline test.func @f1
A before test-use-clobber @f1
A before-analysis OpCount @f1
A after-analysis OpCount @f1
A after test-use-clobber @f1
A before TestFail @f1
A failed TestFail @f1
A after-pipeline test.func @f1
B failed Pipeline Collection : ['test.func'] builtin.module
A failed Pipeline Collection : ['test.func'] builtin.module`
	if got := strings.Join(filtered, "\n"); got != want {
		t.Errorf("hooks:\n%s\nwant:\n%s", got, want)
	}
	// After hooks run in reverse order.
	for i, l := range log {
		if l == "B after TestFail @f0" && log[i+1] != "A after TestFail @f0" {
			t.Errorf("after hooks not reversed: %v", log[i:i+2])
		}
	}
}
