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
	return translateFileWith(t, path, llvmir.Options{})
}

func translateFileWith(t *testing.T, path string, opts llvmir.Options) string {
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
	text, err := llvmir.TranslateWith(mod, opts)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// programs are the programs of testdata with a main, and the exit status
// main returns.
var programs = []struct {
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
	{"gather.mlir", 0},
}

// TestCompileAndRun translates each program of testdata, compiles it
// with llc, links it with cc and checks the exit status of main: LLVM
// 16's typed-pointer IR with llc-16, the opaque-pointer IR with llc-22.
func TestCompileAndRun(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		testutil.Missing(t, "cc")
	}
	for _, form := range []struct {
		llc    string
		opaque bool
	}{{"llc-16", false}, {"llc-22", true}} {
		llc := testutil.Tool(t, form.llc)
		for _, tc := range programs {
			t.Run(form.llc+"/"+tc.file, func(t *testing.T) {
				text := translateFileWith(t, filepath.Join("testdata", tc.file), llvmir.Options{OpaquePointers: form.opaque})
				dir := t.TempDir()
				ll := filepath.Join(dir, "m.ll")
				if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				obj := filepath.Join(dir, "m.o")
				if out, err := exec.Command(llc, "-relocation-model=pic", "-filetype=obj", ll, "-o", obj).CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s\n%s", form.llc, err, out, text)
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
}

// TestOpaquePointersSameCode checks the opaque-pointer rewrite against
// the typed-pointer IR it starts from: LLVM 16 reads both forms, and
// llc-16 must generate the same assembly from each (the bitcasts between
// pointers that the rewrite removes generate no code).
func TestOpaquePointersSameCode(t *testing.T) {
	llc := testutil.Tool(t, "llc-16")
	for _, tc := range programs {
		t.Run(tc.file, func(t *testing.T) {
			var asm [2]string
			for i, opaque := range []bool{false, true} {
				text := translateFileWith(t, filepath.Join("testdata", tc.file), llvmir.Options{OpaquePointers: opaque})
				// One file name for both, which the assembly repeats.
				ll := filepath.Join(t.TempDir(), "m.ll")
				if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				out, err := exec.Command(llc, "-relocation-model=pic", ll, "-o", "-").CombinedOutput()
				if err != nil {
					t.Fatalf("llc-16 (opaque %v): %v\n%s", opaque, err, out)
				}
				asm[i] = strings.ReplaceAll(string(out), ll, "m.ll")
			}
			if asm[0] != asm[1] {
				t.Errorf("llc-16 generates different code from the typed and the opaque pointers:\n%s\n----\n%s", asm[0], asm[1])
			}
		})
	}
}

// TestOpaquePointers checks the form of the opaque-pointer IR: pointers
// without element types, no bitcast between pointers, the element types
// on the loads, stores and GEPs, and intrinsics named after the address
// space alone.
func TestOpaquePointers(t *testing.T) {
	text := translateFileWith(t, filepath.Join("testdata", "sumsq.mlir"), llvmir.Options{OpaquePointers: true})
	for _, want := range []string{
		"%1 = alloca double, i64 1",
		"store double %2, ptr %1",
		"load double, ptr %1",
		"getelementptr [3 x double], ptr @tbl, i32 0, i64 %3",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	for _, no := range []string{"*", "bitcast"} {
		if strings.Contains(text, no) {
			t.Errorf("output has %q:\n%s", no, text)
		}
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	src := `llvm.mlir.global internal @lds() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
llvm.mlir.global internal @table(dense<[1, 2]> : tensor<2xi32>) {addr_space = 0 : i32} : !llvm.array<2 x i32>
llvm.mlir.global internal @ref() {addr_space = 0 : i32} : !llvm.ptr<3> {
  %0 = llvm.mlir.addressof @lds : !llvm.ptr<3>
  llvm.return %0 : !llvm.ptr<3>
}
llvm.func @f(%p: !llvm.ptr<1>, %n: i64) -> !llvm.ptr {
  %0 = llvm.mlir.addressof @lds : !llvm.ptr<3>
  %1 = llvm.getelementptr %0[0, 1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<4 x f32>
  %2 = llvm.load %1 : !llvm.ptr<3> -> f32
  llvm.store %2, %p : f32, !llvm.ptr<1>
  %3 = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr
  "llvm.intr.memcpy"(%3, %3, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %4 = llvm.mlir.zero : !llvm.ptr
  %5 = llvm.icmp "eq" %3, %4 : !llvm.ptr
  %6 = llvm.select %5, %3, %4 : i1, !llvm.ptr
  llvm.return %6 : !llvm.ptr
}
`
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := llvmir.TranslateWith(mod, llvmir.Options{OpaquePointers: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"@lds = internal addrspace(3) global [4 x float] undef, align 16",
		"@ref = internal global ptr addrspace(3) @lds",
		"define ptr @f(ptr addrspace(1) %0, i64 %1)",
		"getelementptr [4 x float], ptr addrspace(3) @lds, i32 0, i32 1",
		"store float %4, ptr addrspace(1) %0",
		"addrspacecast ptr addrspace(1) %0 to ptr",
		"call void @llvm.memcpy.p0.p0.i64(ptr %5, ptr %5, i64 %1, i1 false)",
		"icmp eq ptr %5, null",
		"select i1 %6, ptr %5, ptr null",
		"declare void @llvm.memcpy.p0.p0.i64(ptr %0, ptr %1, i64 %2, i1 %3)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "*") || strings.Contains(got, "bitcast") {
		t.Errorf("output has typed pointers or bitcasts:\n%s", got)
	}
	if llc := testutil.LookTool("llc-22"); llc != "" {
		ll := filepath.Join(t.TempDir(), "m.ll")
		if err := os.WriteFile(ll, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(llc, "-filetype=null", ll).CombinedOutput(); err != nil {
			t.Errorf("llc-22: %v\n%s", err, out)
		}
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
