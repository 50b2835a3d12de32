package llvmir_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/llvmir"
	"github.com/strata-ir/strata/translate"
)

// lowerPipeline takes memref, func, arith, cf and math to the llvm
// dialect.
const lowerPipeline = "builtin.module(finalize-memref-to-llvm,convert-math-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)"

func translateFile(t *testing.T, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(filepath.Base(path), "lowered") {
		pm := pass.NewManager(ctx, "builtin.module")
		if err := pm.Parse(lowerPipeline); err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(mod); err != nil {
			t.Fatal(err)
		}
	}
	text, err := llvmir.Translate(mod)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// TestCompileAndRun translates each program of testdata, compiles it with
// llc-16, links it with cc and checks the exit status of main.
func TestCompileAndRun(t *testing.T) {
	llc := testutil.Tool(t, "llc-16")
	cc, err := exec.LookPath("cc")
	if err != nil {
		testutil.Missing(t, "cc")
	}
	for _, tc := range []struct {
		file string
		want int
	}{
		{"sumsq.mlir", 0},
		{"arith.mlir", 0},
		{"lowered.mlir", 0},
		{"lowered_memref.mlir", 0},
		{"intrinsics.mlir", 0},
		{"bits.mlir", 0},
		{"vector.mlir", 0},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text := translateFile(t, filepath.Join("testdata", tc.file))
			dir := t.TempDir()
			ll := filepath.Join(dir, "m.ll")
			if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			obj := filepath.Join(dir, "m.o")
			if out, err := exec.Command(llc, "-relocation-model=pic", "-filetype=obj", ll, "-o", obj).CombinedOutput(); err != nil {
				t.Fatalf("llc-16: %v\n%s\n%s", err, out, text)
			}
			exe := filepath.Join(dir, "m")
			if out, err := exec.Command(cc, obj, "-o", exe, "-lm").CombinedOutput(); err != nil {
				t.Fatalf("cc: %v\n%s", err, out)
			}
			err := exec.Command(exe).Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.want {
				t.Errorf("exit status %d, want %d\n%s", code, tc.want, text)
			}
		})
	}
}

// TestTypedPointers checks that opaque pointers become i8* with bitcasts
// around memory accesses.
func TestTypedPointers(t *testing.T) {
	text := translateFile(t, filepath.Join("testdata", "sumsq.mlir"))
	for _, want := range []string{
		"alloca double, i64 1",
		"bitcast double* %1 to i8*",
		"getelementptr [3 x double], [3 x double]*",
		"call double @llvm.sqrt.f64(double",
		"phi i64 [ 0, %1 ]",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

// TestErrors checks the located errors of unsupported input.
func TestErrors(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, tc := range []struct{ src, want string }{
		{"func.func @f() {\n  return\n}\n", "in.mlir:1:1: error: cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: func.func"},
		{"llvm.func @f(%p: !llvm.ptr) {\n  %0 = llvm.call %p() : !llvm.ptr, () -> i32\n  llvm.return\n}\n", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := translate.Main(ctx, []string{"--mlir-to-llvmir", "-"}, strings.NewReader(tc.src), &stdout, &stderr)
		if tc.want == "" {
			if code == 0 {
				t.Errorf("%q: exit status 0", tc.src)
			}
			continue
		}
		got := strings.ReplaceAll(stderr.String(), "<stdin>", "in.mlir")
		if code != 1 || !strings.Contains(got, tc.want) {
			t.Errorf("%q: status %d, stderr %q, want %q", tc.src, code, got, tc.want)
		}
	}
}
