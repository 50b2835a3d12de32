package pass_test

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// Stand-ins for upstream passes, with upstream's arguments, names and
// options, so that pipelines can be compared with mlir-opt-22's output.
func init() {
	pass.Register(pass.Registration{Argument: "cse", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "cse", Name: "CSE", Summary: "Eliminate common sub-expressions"},
			RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
	}})
	pass.Register(pass.Registration{Argument: "canonicalize", New: func() pass.Pass {
		p := &pass.FuncPass{Info: pass.Info{Argument: "canonicalize", Name: "Canonicalizer", Summary: "Canonicalize operations"},
			RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
		p.Options.StringList("disable-patterns", nil, "Labels of patterns that should be filtered out during application")
		p.Options.StringList("enable-patterns", nil, "Labels of patterns that should be used during application, all other patterns are filtered out")
		p.Options.Int("max-iterations", 10, "Max. iterations between applying patterns / simplifying regions")
		p.Options.Int("max-num-rewrites", -1, "Max. number of pattern rewrites within an iteration")
		p.Options.Enum("region-simplify", "normal", []pass.EnumValue{
			{Name: "disabled", Desc: "Don't run any control-flow simplification."},
			{Name: "normal", Desc: "Perform simple control-flow simplifications (e.g. dead args elimination)."},
			{Name: "aggressive", Desc: "Perform aggressive control-flow simplification (e.g. block merging)."},
		}, "Perform control flow optimizations to the region tree")
		p.Options.Bool("test-convergence", false, "Test only: Fail pass on non-convergence to detect cyclic pattern")
		p.Options.Bool("top-down", true, "Seed the worklist in general top-down order")
		return p
	}})
	pass.Register(pass.Registration{Argument: "symbol-dce", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "symbol-dce", Name: "SymbolDCE", Summary: "Eliminate dead symbols"},
			RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
	}})
	pass.Register(pass.Registration{Argument: "inline", New: func() pass.Pass {
		p := &pass.FuncPass{Info: pass.Info{Argument: "inline", Name: "Inliner", Summary: "Inline function calls"},
			RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
		p.Options.String("default-pipeline", "canonicalize", "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList")
		p.Options.Uint("inlining-threshold", 4294967295, "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it")
		p.Options.Uint("max-iterations", 4, "Maximum number of iterations when inlining within an SCC")
		p.Options.StringList("op-pipelines", nil, "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)")
		return p
	}})
}

func TestPipelinePrint(t *testing.T) {
	tests := []struct {
		in, want    string
		noRoundTrip bool // MLIR prints x{y} z unescaped too
	}{
		{"builtin.module(test.func(test-rename,test-erase),test-count)",
			"builtin.module(test.func(test-rename,test-erase),test-count{remark=false})", false},
		{" builtin.module ( test.func( test-rename , test-erase ) ) ",
			"builtin.module(test.func(test-rename,test-erase))", false},
		{`builtin.module(test-options{count=3 flag name="a b" labels={x,y} sizes=1,0x10})`,
			"builtin.module(test-options{count=3 flag=true labels={x,y} limit=7 mode=normal name={a b} sizes={1,16}})", false},
		{`builtin.module(test-options{labels="" mode=off flag=0 name={x{y} z}})`,
			"builtin.module(test-options{count=-1 flag=false labels={} limit=7 mode=off name=x{y} z })", true},
		{"builtin.module(test-options{labels=a labels=b,c})",
			"builtin.module(test-options{count=-1 flag=false labels={a,b,c} limit=7 mode=normal name= })", false},
		{"builtin.module(any(test-count),test.func(test-fail))",
			"builtin.module(any(test-count{remark=false}),test.func(test-fail{gen-diagnostics=false }))", false},
		{"builtin.module(test-cleanup)", "builtin.module(test-rename,test-erase)", false},
		{"builtin.module()", "builtin.module()", false},
		{"test.func(test-func-only)", "test.func(test-func-only)", false},
		{"builtin.module(canonicalize{max-iterations=3 top-down=false})",
			"builtin.module(canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false})", false},
		{`builtin.module(inline{default-pipeline="canonicalize,cse" op-pipelines=func.func(cse),gpu.module(cse{})})`,
			"builtin.module(inline{default-pipeline=canonicalize,cse inlining-threshold=4294967295 max-iterations=4 op-pipelines={func.func(cse),gpu.module(cse{})}})", false},
	}
	for _, tc := range tests {
		pm, err := pass.ParsePipeline(tc.in)
		if err != nil {
			t.Errorf("ParsePipeline(%q): %v", tc.in, err)
			continue
		}
		if got := pm.String(); got != tc.want {
			t.Errorf("ParsePipeline(%q).String()\n got %s\nwant %s", tc.in, got, tc.want)
		}
		if tc.noRoundTrip {
			continue
		}
		// Printing is a fixed point of parsing.
		pm2, err := pass.ParsePipeline(tc.want)
		if err != nil {
			t.Errorf("reparse %q: %v", tc.want, err)
			continue
		}
		if got := pm2.String(); got != tc.want {
			t.Errorf("round trip of %q gave %q", tc.want, got)
		}
	}
}

func TestPipelineErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string
		col  int // 1-based column in the full pipeline, 0 if none
	}{
		{"test-count", "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'", 0},
		{"builtin.module(test-count", "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'", 0},
		{"builtin.module(foo)", "MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline\nfoo\n^", 16},
		{"builtin.module(test.func(test-count,  bar))", "MLIR Textual PassPipeline Parser:1:24: error: 'bar' does not refer to a registered pass or pass pipeline\ntest.func(test-count,  bar)\n                       ^", 39},
		{"builtin.module(test.func(test-count)  x)", "MLIR Textual PassPipeline Parser:1:24: error: expected ',' after parsing pipeline\ntest.func(test-count)  x\n                       ^", 39},
		{"builtin.module(test.func(test-count),)", "MLIR Textual PassPipeline Parser:1:23: error: '' does not refer to a registered pass or pass pipeline\ntest.func(test-count),\n                      ^", 38},
		{"builtin.module(test-count))", "MLIR Textual PassPipeline Parser:1:11: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline\ntest-count)\n          ^", 26},
		{"builtin.module(test.func(test-count)x)", "MLIR Textual PassPipeline Parser:1:22: error: expected ',' after parsing pipeline\ntest.func(test-count)x\n                     ^", 37},
		{"builtin.module(test.func(test-count)", "MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline\ntest.func(test-count\n          ^", 26},
		{"builtin.module(test-count{remark=true)", "MLIR Textual PassPipeline Parser:1:11: error: missing closing '}' while processing pass options\ntest-count{remark=true\n          ^", 26},
		{"builtin.module(test-count{foo=1})", "<Pass-Options-Parser>: no such option foo\n\nfailed to add `test-count` with options `foo=1`", 16},
		{"builtin.module(test.func(test-count{remark=maybe}))", "\nfailed to add `test-count` with options `remark=maybe`\nfailed to add `test.func` with options `` to inner pipeline", 26},
		{"builtin.module(test-options{count=x1})", "\nfailed to add `test-options` with options `count=x1`", 16},
		{"builtin.module(test-options{mode=fast})", "\nfailed to add `test-options` with options `mode=fast`", 16},
		{"builtin.module(test-func-only)", "Can't add pass 'TestFuncOnly' restricted to 'test.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?\nfailed to add `test-func-only` with options ``", 16},
	}
	// What the option parser prints on its own, before the diagnostic
	// (a bad option value).
	parserPrints := map[string]string{
		"builtin.module(test.func(test-count{remark=maybe}))": "strata-opt: for the --remark option: 'maybe' is invalid value for boolean argument! Try 0 or 1\n",
		"builtin.module(test-options{count=x1})":              "strata-opt: for the --count option: 'x1' value invalid for long argument!\n",
		"builtin.module(test-options{mode=fast})":             "strata-opt: for the --mode option: Cannot find option named 'fast'!\n",
	}
	for _, tc := range tests {
		_, err := pass.ParsePipeline(tc.in)
		var pe *pass.PipelineError
		if !errors.As(err, &pe) {
			t.Errorf("ParsePipeline(%q) = %v, want a *PipelineError", tc.in, err)
			continue
		}
		if pe.Error() != tc.want {
			t.Errorf("ParsePipeline(%q):\n got %q\nwant %q", tc.in, pe.Error(), tc.want)
		}
		var printed string
		if pe.Parser != nil {
			printed = pe.Parser.PrintedText("strata-opt")
		}
		if want := parserPrints[tc.in]; printed != want {
			t.Errorf("ParsePipeline(%q): the option parser prints %q, want %q", tc.in, printed, want)
		}
		if pe.Column() != tc.col {
			t.Errorf("ParsePipeline(%q): column %d, want %d", tc.in, pe.Column(), tc.col)
		}
	}
}

func TestAddPipelineAndNesting(t *testing.T) {
	// Implicit nesting, as mlir-opt's per-pass flags: a pass restricted to
	// test.func lands in a nested manager.
	pm := pass.NewOpManager("builtin.module")
	pm.SetNesting(pass.Implicit)
	for _, a := range []string{"test-count", "test-func-only"} {
		if err := pm.AddNamed(a, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := pm.AddNamed("test-count", "remark=true"); err != nil {
		t.Fatal(err)
	}
	want := "builtin.module(test-count{remark=false},test.func(test-func-only),test-count{remark=true})"
	if got := pm.String(); got != want {
		t.Errorf("implicit nesting:\n got %s\nwant %s", got, want)
	}
	if err := pm.AddNamed("nope", ""); err == nil || err.Error() != "'nope' does not refer to a registered pass or pass pipeline" {
		t.Errorf("AddNamed(nope) = %v", err)
	}
	// Explicit nesting reports the mismatch, at Add and at Run.
	pm = pass.NewOpManager("builtin.module")
	pm.Add(newFuncOnly())
	if pm.Err() == nil || !strings.Contains(pm.Err().Error(), "did you intend to nest?") {
		t.Errorf("explicit Add error = %v", pm.Err())
	}
	// Programmatic nesting.
	m := pass.NewManager(newContext(), "builtin.module")
	m.Nest("test.func").Add(newRename(), newErase())
	m.NestAny().Add(newCount())
	m.Add(newCount())
	if got, want := m.String(), "builtin.module(test.func(test-rename,test-erase),any(test-count{remark=false}),test-count{remark=false})"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	// AddPipeline appends elements without an anchor.
	if err := m.AddPipeline("test.func(test-count),test-cleanup"); err != nil {
		t.Fatal(err)
	}
	if got, want := m.Len(), 6; got != want {
		t.Errorf("Len = %d, want %d", got, want)
	}
}

func TestDump(t *testing.T) {
	m := pass.NewManager(newContext(), "builtin.module")
	if err := m.Parse("builtin.module(test.func(test-rename,test-erase),any(test-count),test-count)"); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	m.Dump(&b)
	want := `Pass Manager with 3 passes:
builtin.module(
  test.func(
    test-rename,
    test-erase
  ),
  any(
    test-count{remark=false}
  ),
  test-count{remark=false}
)

`
	if b.String() != want {
		t.Errorf("Dump:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestDumpMatchesMLIR compares --dump-pass-pipeline and the pipeline
// errors with mlir-opt-22 for pipelines of upstream passes.
func TestDumpMatchesMLIR(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-22")
	if err != nil {
		t.Skip("mlir-opt-22 not installed")
	}
	pipelines := []string{
		"builtin.module(func.func(cse))",
		"builtin.module(func.func(canonicalize{max-iterations=3 top-down=false},cse),symbol-dce)",
		"builtin.module(any(cse,canonicalize),func.func(cse),cse)",
		"builtin.module(func.func(cse),func.func(canonicalize),gpu.module(cse))",
		"builtin.module(canonicalize{enable-patterns=a,b disable-patterns={c,d}})",
		"builtin.module(canonicalize{enable-patterns={} })",
		`builtin.module(inline{default-pipeline="a b"})`,
		`builtin.module(inline{default-pipeline="canonicalize,cse" op-pipelines=func.func(cse)})`,
		"builtin.module(inline{default-pipeline= })",
		"builtin.module(canonicalize{top-down})",
		"builtin.module()",
		"builtin.module(func.func(foo.bar(cse)))",
		"builtin.module(cse{})",
		"builtin.module( cse , canonicalize )",
		"builtin.module(func.func(cse) ,cse)",
		"builtin.module(cse{}  )",
		"builtin.module(func.func(cse)  x)",
		"builtin.module(func.func(cse ) )",
		"builtin.module(nosuchpass)",
		"builtin.module(func.func(cse),)",
		"builtin.module(cse))",
		"builtin.module(func.func(cse)x)",
		"builtin.module(func.func(cse)",
		"builtin.module(func.func(cse,)",
		"builtin.module(canonicalize{max-iterations=3 top-down=false)",
		"builtin.module(cse{a}x)",
		"builtin.module(canonicalize{foo=1})",
		"builtin.module(func.func(canonicalize{foo=1}))",
		"cse",
	}
	// mlir-opt's outputs, computed concurrently.
	wants := make([]string, len(pipelines))
	outDir := t.TempDir()
	var wg sync.WaitGroup
	for i, p := range pipelines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(mlirOpt, "--dump-pass-pipeline", "--pass-pipeline="+p, "/dev/null", "-o", filepath.Join(outDir, strconv.Itoa(i)))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			cmd.Run()
			wants[i] = stderr.String()
		}()
	}
	wg.Wait()
	for i, p := range pipelines {
		var got bytes.Buffer
		m := pass.NewManager(newContext(), "builtin.module")
		if err := m.Parse(p); err != nil {
			msg := err.Error()
			got.WriteString("<unknown>:0: error: " + msg + "\n")
			if !strings.HasPrefix(msg, "expected pass pipeline") {
				got.WriteString("\n") // mlir-opt's message ends with a newline
			}
		} else {
			m.Dump(&got)
		}
		if got.String() != wants[i] {
			t.Errorf("pipeline %q:\n got %q\nwant %q", p, got.String(), wants[i])
		}
	}
}
