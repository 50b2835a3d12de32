package pipefuzz

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/pass"
)

func TestSplitChunksAndComments(t *testing.T) {
	text := "// RUN: x\na\n// CHECK: b\n// -----\nc\n  // expected-error {{x}}\nd\n"
	got := SplitChunks(text)
	want := []string{"// RUN: x\na\n// CHECK: b\n", "c\n  // expected-error {{x}}\nd\n"}
	if !slices.Equal(got, want) {
		t.Fatalf("SplitChunks = %q, want %q", got, want)
	}
	if s := StripComments(got[1]); s != "c\nd\n" {
		t.Errorf("StripComments = %q", s)
	}
}

func TestTokenPatterns(t *testing.T) {
	tests := []struct {
		name string
		re   interface {
			FindAllStringSubmatch(string, int) [][]string
		}
		text string
		want []string
	}{
		{"int", intLit, "%0 = arith.constant 42 : i32 loc(#loc3)", []string{"42"}},
		{"int skips floats and shapes", intLit, "%c = arith.constant 1.5 : f32\n%t = tensor.empty() : tensor<4x8xf32>\n", nil},
		{"int negative", intLit, "x = -7 ]", []string{"-7"}},
		{"type", typeTok, "(%a: i32, %b: tensor<4x?xf32>, %i32: index)", []string{"i32", "f32", "index"}},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range tt.re.FindAllStringSubmatch(tt.text, -1) {
			got = append(got, m[1])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: matched %q, want %q", tt.name, got, tt.want)
		}
	}
	text := "tensor<4x?x8xf32> memref<16xi8> 0x1F vector<[4]x2xf32>"
	var dims []string
	for _, m := range dimMatches(text) {
		dims = append(dims, text[m[2]:m[3]])
	}
	if want := []string{"4", "?", "8", "16", "2"}; !slices.Equal(dims, want) {
		t.Errorf("dimMatches = %q, want %q", dims, want)
	}
}

func TestMutateChangesOneThing(t *testing.T) {
	const input = `func.func @f(%a: tensor<4x8xf32>, %b: i32) -> tensor<4x8xf32> {
  %c = arith.constant 3 : i32
  %d = arith.addi %b, %c : i32
  "test.op"(%d) {k = 5 : i64, s = "x"} : (i32) -> ()
  return %a : tensor<4x8xf32>
}
`
	r := rand.New(rand.NewPCG(1, 2))
	kinds := map[string]bool{}
	for range 500 {
		out, m, ok := Mutate(r, input)
		if !ok || out == input {
			t.Fatalf("Mutate made no change (%v)", m)
		}
		if !strings.HasPrefix(m.Desc, m.Kind+": ") {
			t.Errorf("description %q does not name kind %q", m.Desc, m.Kind)
		}
		kinds[m.Kind] = true
	}
	for _, mu := range mutators {
		if !kinds[mu.kind] {
			t.Errorf("mutator %q never applied", mu.kind)
		}
	}
	if _, _, ok := Mutate(r, "x"); ok {
		t.Errorf("Mutate changed an input with nothing to mutate")
	}
}

func TestEnclosingType(t *testing.T) {
	text := "%a: tensor<4x8xf32>, %b: memref<2x?xi8, strided<[?, 1]>>"
	for _, tc := range []struct {
		at   string
		want string
	}{{"4x", "tensor<4x8xf32>"}, {"2x", "memref<2x?xi8, strided<[?, 1]>>"}} {
		lo, hi, ok := enclosingType(text, strings.Index(text, tc.at))
		if !ok || text[lo:hi] != tc.want {
			t.Errorf("enclosingType at %q = %q, %v; want %q", tc.at, text[lo:hi], ok, tc.want)
		}
	}
}

// registerTestPasses registers two passes of the test's own: one that runs
// anywhere with options of every kind, one restricted to func.func.
func registerTestPasses() {
	if _, ok := pass.Lookup("pipefuzz-test-any"); ok {
		return
	}
	pass.Register(pass.Registration{Argument: "pipefuzz-test-any", New: func() pass.Pass {
		p := &pass.FuncPass{}
		p.Options.Bool("flag", false, "")
		p.Options.Int("n", 1, "")
		p.Options.Enum("mode", "a", []pass.EnumValue{{Name: "a"}, {Name: "b"}}, "")
		p.Options.IntList("sizes", nil, "")
		return p
	}})
	pass.Register(pass.Registration{Argument: "pipefuzz-test-func", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{OpName: "func.func"}}
	}})
}

func TestRandomPipelineIsValidAndReadsBack(t *testing.T) {
	registerTestPasses()
	cs := Candidates()
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		p := RandomPipeline(r, cs)
		if len(p) < 1 || len(p) > 4 {
			t.Fatalf("pipeline of %d passes", len(p))
		}
		if _, err := pass.ParsePipeline(p.String()); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		back, ok := ParsePipeline(p.String())
		if !ok || !slices.Equal(back, p) {
			t.Fatalf("ParsePipeline(%q) = %v, want %v", p.String(), back, p)
		}
		for _, s := range p {
			if s.Pass == "pipefuzz-test-func" && s.Anchor != "func.func" {
				t.Fatalf("func.func pass nested on %q", s.Anchor)
			}
		}
	}
}

func TestNormalizeAndPanicSite(t *testing.T) {
	if got := Normalize("'memref.load' op  index 12 of %arg3 in @f0x"); got != "'memref.load' op index N of %V in @S" {
		t.Errorf("Normalize = %q", got)
	}
	stderr := `<stdin>:3:3: error: pass cse on 'func.func' panicked: runtime error: index out of range [3] with length 3
<stdin>:3:3: note: panic stack:
goroutine 1 [running]:
runtime/debug.Stack()
	/usr/lib/go/src/runtime/debug/stack.go:26 +0x5e
github.com/strata-ir/strata/core/pass.(*runner).invoke.func1()
	/src/core/pass/run.go:213 +0x1a5
panic({0x8c1e20?, 0xc000222000?})
	/usr/lib/go/src/runtime/panic.go:792 +0x132
runtime.goPanicIndex(0x3, 0x3)
	/usr/lib/go/src/runtime/panic.go:115 +0x74
github.com/strata-ir/strata/dialects/memref.(*SubViewOp).infer(0xc0001, {0x0, 0x1})
	/src/dialects/memref/subview.go:88 +0x2a5
`
	res := Result{Code: 1, Stderr: stderr}
	if !isCrash(res) {
		t.Fatal("a panicked diagnostic is not a crash")
	}
	want := "crash at dialects/memref.(*SubViewOp).infer: runtime error: index out of range [N] with length N"
	if got := CrashSignature(res); got != want {
		t.Errorf("CrashSignature = %q, want %q", got, want)
	}
}

func TestDeltaLines(t *testing.T) {
	var lines []string
	for i := range 40 {
		lines = append(lines, string(rune('a'+i%26))+strings.Repeat("x", i/26)+"\n")
	}
	keep := func(ls []string) bool {
		return slices.Contains(ls, "c\n") && slices.Contains(ls, "nx\n")
	}
	got := DeltaLines(lines, keep)
	if !slices.Equal(got, []string{"c\n", "nx\n"}) {
		t.Errorf("DeltaLines = %q", got)
	}
}

// scripted is a Runner that answers from a function of the arguments.
type scripted func(input string, args []string) Result

func (s scripted) Run(input string, args ...string) Result { return s(input, args) }

func has(args []string, prefix string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, prefix) })
}

func TestCheckClassifies(t *testing.T) {
	p := Pipeline{{Pass: "cse"}}
	const failedDump = "<stdin>:1:1: error: 'x.y' op operand #0 bad\n// -----// IR Dump After CSE Failed (cse) //----- //\n"
	tests := []struct {
		name     string
		run      scripted
		kind     string
		sigStart string
	}{
		{"invalid input", func(string, []string) Result { return Result{Code: 1, Stderr: "<stdin>:1:1: error: expected op"} }, InvalidInput, ""},
		{"hang", func(string, []string) Result { return Result{Code: -1, TimedOut: true} }, Hang, "hang in cse"},
		{"signal", func(string, []string) Result { return Result{Code: -1, Signal: "killed"} }, Crash, "crash at ?: signal killed"},
		{"usage exit", func(string, []string) Result { return Result{Code: 2, Stderr: "bad flag 3"} }, Exit, "exit bad flag N"},
		{"pass failed", func(_ string, args []string) Result { return Result{Code: 1, Stderr: failedDump} }, PassFailed, ""},
		{"verify after pass", func(_ string, args []string) Result {
			if has(args, "--verify-each=false") {
				return Result{Code: 0, Stdout: "generic"}
			}
			return Result{Code: 1, Stderr: failedDump}
		}, Verify, "verify after cse: 'x.y' op operand #N bad"},
		{"reparse", func(in string, args []string) Result {
			if has(args, "--pass-pipeline") {
				return Result{Code: 0, Stdout: "out"}
			}
			return Result{Code: 1, Stderr: "<stdin>:2:9: error: expected ':'"}
		}, Reparse, "reparse: expected ':'"},
		{"reprint", func(in string, args []string) Result {
			if has(args, "--pass-pipeline") {
				return Result{Code: 0, Stdout: "a\n  %0 = x.y 1\n"}
			}
			return Result{Code: 0, Stdout: "a\n  %0 = x.y 2\n"}
		}, Reprint, "reprint: x.y"},
		{"ok", func(in string, args []string) Result { return Result{Code: 0, Stdout: "same"} }, OK, ""},
	}
	for _, tt := range tests {
		o := Check(tt.run, "input", p)
		if o.Kind != tt.kind || o.Sig != tt.sigStart {
			t.Errorf("%s: got %s %q, want %s %q", tt.name, o.Kind, o.Sig, tt.kind, tt.sigStart)
		}
	}
}

func TestMinimizeKeepsSignature(t *testing.T) {
	// The "bug": a pipeline containing cse on an input holding both
	// "boom" and "fuse" lines crashes.
	run := scripted(func(in string, args []string) Result {
		pipe := ""
		for _, a := range args {
			if s, ok := strings.CutPrefix(a, "--pass-pipeline="); ok {
				pipe = s
			}
		}
		if strings.Contains(pipe, "cse") && strings.Contains(in, "boom") && strings.Contains(in, "fuse") {
			return Result{Code: 2, Stderr: "panic: boom\n\ngoroutine 1 [running]:\n"}
		}
		return Result{Code: 0, Stdout: "ok"}
	})
	input := "a\nboom\nb\nc\nfuse\nd\n"
	p := Pipeline{{Pass: "canonicalize", Options: "max-iterations=2"}, {Anchor: "func.func", Pass: "cse"}, {Pass: "symbol-dce"}}
	o := Check(run, input, p)
	if o.Kind != Crash {
		t.Fatalf("Check = %+v", o)
	}
	in, q := Minimize(run, input, p, o.Sig, 100)
	if in != "boom\nfuse\n" || q.String() != "builtin.module(func.func(cse))" {
		t.Errorf("Minimize = %q, %s", in, q)
	}
}

func TestFindingFileReadsBack(t *testing.T) {
	p := Pipeline{{Anchor: "func.func", Pass: "canonicalize", Options: "max-iterations=1 top-down=false"}, {Pass: "cse"}}
	text := FormatFinding("crash at x: y", p, "func.func @f() {\n  return\n}\n")
	sig, q, in, ok := ParseFinding(text)
	if !ok || sig != "crash at x: y" || !slices.Equal(q, p) || in != "func.func @f() {\n  return\n}\n" {
		t.Errorf("ParseFinding = %q %v %q %v", sig, q, in, ok)
	}
}

func TestDropBlocks(t *testing.T) {
	lines := strings.SplitAfter("func.func @a() {\n  x\n}\nfunc.func @b() {\n  scf.for {\n    bad\n  }\n}\nfunc.func @c() {\n}\n", "\n")
	keep := func(ls []string) bool { return slices.Contains(ls, "    bad\n") }
	got := strings.Join(DropBlocks(lines, keep), "")
	if want := "func.func @b() {\n  scf.for {\n    bad\n  }\n}\n"; got != want {
		t.Errorf("DropBlocks = %q, want %q", got, want)
	}
}

// TestKnownFindings checks that a run whose signature is a known finding
// (one that behaves as mlir-opt-22 does) is counted as known, neither
// written nor counted as distinct, while other findings still are.
func TestKnownFindings(t *testing.T) {
	dir := t.TempDir()
	known := filepath.Join(dir, "open")
	if err := os.MkdirAll(known, 0o755); err != nil {
		t.Fatal(err)
	}
	p := Pipeline{{Pass: "cse"}}
	if err := os.WriteFile(filepath.Join(known, "reparse-x.mlir"), []byte(FormatFinding("reparse: expected ':'", p, "x\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	k, err := LoadKnown(known)
	if err != nil || len(k) != 1 {
		t.Fatalf("LoadKnown = %v, %v", k, err)
	}
	// The output does not read back, with the known message.
	reparse := scripted(func(in string, args []string) Result {
		if has(args, "--pass-pipeline") {
			return Result{Code: 0, Stdout: "out"}
		}
		return Result{Code: 1, Stderr: "<stdin>:2:9: error: expected ':'"}
	})
	crash := scripted(func(in string, args []string) Result {
		if has(args, "--pass-pipeline") {
			return Result{Code: 2, Stderr: "panic: new\n\ngoroutine 1 [running]:\n"}
		}
		return Result{Code: 0, Stdout: "out"}
	})
	f := &Fuzzer{
		Runner: reparse, Seeds: []Seed{{Source: "a", Text: "x = 1\n"}}, Candidates: []Candidate{{Argument: "cse"}},
		Rand: rand.New(rand.NewPCG(1, 2)), Dir: filepath.Join(dir, "out"), MinimizeBudget: 5, Known: k,
	}
	if o := f.Step(); o.Kind != Known {
		t.Fatalf("known finding: %+v", o)
	}
	f.Runner = crash
	if o := f.Step(); o.Kind != Crash {
		t.Fatalf("new finding: %+v", o)
	}
	if f.Stats.Distinct != 1 || f.Stats.Outcomes[Known] != 1 || f.Stats.Hits != 1 {
		t.Errorf("stats: %+v", f.Stats)
	}
}
