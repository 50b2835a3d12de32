package ptx_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/targets/ptx"
)

// noSecondOpinion marks a test whose input upstream's tools do not take.
var noSecondOpinion = regexp.MustCompile(`(?m)^// NO-SECOND-OPINION: (.*)$`)

var runLine = regexp.MustCompile(`(?m)^// RUN: strata-translate (.*) %s \| FileCheck %s$`)

// translate runs strata-translate --mlir-to-ptx with args on the file.
func translate(t *testing.T, args []string, path string) (stdout, stderr string, code int) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code = ptx.Main(ctx, append(args, path), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestGolden runs each testdata/*.mlir through the RUN line's
// strata-translate and checks the PTX against its CHECK lines.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no tests in testdata")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m := runLine.FindSubmatch(src)
			if m == nil {
				t.Fatal("no RUN line")
			}
			out, errs, code := translate(t, strings.Fields(string(m[1])), path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\noutput:\n%s", err, out)
			}
			if !balanced(out) {
				t.Errorf("unbalanced braces in:\n%s", out)
			}
		})
	}
}

// balanced reports whether the braces of the PTX nest.
func balanced(s string) bool {
	depth := 0
	for _, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// TestErrors checks that unsupported input is a located error.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, chip, src, want string
	}{
		{"feature needs a newer chip", "sm_75", `module {
  llvm.func @k(%a: f32, %b: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %m = llvm.intr.maximum(%a, %b) : (f32, f32) -> f32
    llvm.store %m, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}`, "in.mlir:3:10: error: max.NaN.f32 needs sm_80 or newer, but the target is sm_75"},
		{"bf16 conversion needs sm_90", "sm_80", `module {
  llvm.func @k(%a: bf16, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %m = llvm.fadd %a, %a : bf16
    llvm.store %m, %p : bf16, !llvm.ptr<1>
    llvm.return
  }
}`, "in.mlir:3:10: error: cvt.f32.bf16 needs sm_90 or newer, but the target is sm_80"},
		{"an operation without a lowering", "sm_80", `module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c = arith.constant 1.0 : f32
    llvm.return
  }
}`, "in.mlir:3:10: error: cannot be converted to PTX: no PTX lowering for 'arith.constant'"},
		{"a call of an external function", "sm_80", `module {
  llvm.func @__nv_sinf(f32) -> f32
  llvm.func @k(%a: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %e = llvm.call @__nv_sinf(%a) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}`, "in.mlir:4:10: error: call of '@__nv_sinf', which has no definition in the module"},
		{"a kernel with a result", "sm_80", `module {
  llvm.func @k(%a: i32) -> i32 attributes {gpu.kernel} {
    llvm.return %a : i32
  }
}`, "in.mlir:2:3: error: a kernel must return nothing"},
		{"a cluster shape and a maximal cluster size", "sm_90a", `module {
  llvm.func @k() attributes {gpu.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.cluster_max_blocks = 2 : i32} {
    llvm.return
  }
}`, "in.mlir:2:3: error: a kernel cannot have both nvvm.cluster_dim and nvvm.cluster_max_blocks in PTX (.reqnctapercluster and .maxclusterrank)"},
		{"mapa before sm_90", "sm_80", `module {
  llvm.func @k(%p: !llvm.ptr, %r: i32, %q: !llvm.ptr<1>) attributes {gpu.kernel} {
    %m = nvvm.mapa %p, %r : !llvm.ptr -> !llvm.ptr
    llvm.store %m, %q : !llvm.ptr, !llvm.ptr<1>
    llvm.return
  }
}`, "in.mlir:3:10: error: mapa needs sm_90 or newer, but the target is sm_80"},
		{"a global in the local space", "sm_80", `module {
  llvm.mlir.global internal @g(0 : i32) {addr_space = 5 : i32} : i32
}`, "in.mlir:2:3: error: cannot emit a global in address space 5 to PTX"},
		{"a call of an undefined function", "sm_80", `module {
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel} {
    %r = llvm.call @puts(%p) : (!llvm.ptr) -> i32
    llvm.return
  }
}`, "in.mlir:4:10: error: call of '@puts', which has no definition in the module"},
		{"an odd integer width", "sm_80", `module {
  llvm.func @k(%a: i32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %t = llvm.trunc %a : i32 to i5
    llvm.return
  }
}`, "in.mlir:3:10: error: type 'i5' has no PTX register class"},
		{"cluster registers need sm_90", "sm_80", `module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %r = nvvm.read.ptx.sreg.cluster.ctarank : i32
    llvm.store %r, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}`, "in.mlir:3:10: error: %cluster_ctarank needs sm_90 or newer, but the target is sm_80"},
		{"wgmma needs sm_90a", "sm_90", `module {
  llvm.func @k() attributes {nvvm.kernel} {
    nvvm.wgmma.fence.aligned
    llvm.return
  }
}`, "in.mlir:3:5: error: wgmma needs sm_90a or newer, but the target is sm_90"},
		{"two gpu modules", "sm_80", `module attributes {gpu.container_module} {
  gpu.module @a {
  }
  gpu.module @b {
  }
}`, "in.mlir:1:1: error: the module holds 2 gpu.modules (@a, @b): choose one with --gpu-module"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "in.mlir")
			if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := translate(t, []string{"--mlir-to-ptx", "--chip=" + tc.chip}, path)
			if code != 1 {
				t.Fatalf("exit %d, want 1; stderr:\n%s", code, errs)
			}
			errs = strings.ReplaceAll(errs, dir+string(filepath.Separator), "")
			if !strings.Contains(errs, tc.want) {
				t.Errorf("stderr:\n%s\nwant it to contain:\n%s", errs, tc.want)
			}
		})
	}
}

// TestUsage checks the command line's errors.
func TestUsage(t *testing.T) {
	_, errs, code := translate(t, []string{"--mlir-to-ptx", "--chip=sm_99"}, "x.mlir")
	if code != 2 || !strings.Contains(errs, `unknown chip "sm_99"`) {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestUpstreamLowering lowers the gpu- and nvgpu-level kernels of
// testdata/upstream with mlir-opt-22's convert-nvgpu-to-nvvm and
// convert-gpu-to-nvvm (keeping locations) and requires the emitter to take
// upstream's llvm and nvvm output, its .loc lines pointing into the
// original file, and the PTX to match the file's CHECK lines.
func TestUpstreamLowering(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "upstream", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no tests in testdata/upstream")
	}
	dir := t.TempDir()
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			abs, _ := filepath.Abs(path)
			lowered := filepath.Join(dir, filepath.Base(path))
			out, err := exec.Command(mlirOpt, abs, "--mlir-print-debuginfo", "-o", lowered,
				"--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-gpu-to-nvvm,reconcile-unrealized-casts))").CombinedOutput()
			if err != nil {
				t.Fatalf("mlir-opt-22: %v\n%s", err, out)
			}
			text, errs, code := translate(t, []string{"--mlir-to-ptx", "--chip=sm_90a"}, lowered)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			if !strings.Contains(text, ".file 1 "+strconv.Quote(abs)) || !strings.Contains(text, "\t.loc 1 ") {
				t.Errorf("no line information of %s in:\n%s", abs, text)
			}
			if !balanced(text) {
				t.Errorf("unbalanced braces in:\n%s", text)
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := filecheck.Match(text, filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\noutput:\n%s", err, text)
			}
		})
	}
}

// TestSecondOpinion takes each golden input through mlir-opt-22
// --convert-nvvm-to-llvm (the nvvm operations that translate as inline
// PTX), mlir-translate-22 --mlir-to-llvmir and llc-22 -march=nvptx64
// -mcpu=sm_90a, which must compile it: the IR the emitter accepts is IR
// that LLVM's NVPTX back end accepts too.
func TestSecondOpinion(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	translateTool := testutil.Tool(t, "mlir-translate-22")
	llc := testutil.Tool(t, "llc-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	dir := t.TempDir()
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if m := noSecondOpinion.FindSubmatch(src); m != nil {
				t.Skipf("no second opinion: %s", m[1])
			}
			secondOpinion(t, mlirOpt, translateTool, llc, dir, path, src, "+ptx80")
		})
	}
}

// secondOpinion requires LLVM's NVPTX back end to compile the llvm and
// nvvm module src (its gpu.module's body when it has one).
func secondOpinion(t *testing.T, mlirOpt, translateTool, llc, dir, path string, src []byte, ptxVersion string) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	// mlir-translate takes the gpu.module's body as a module.
	body := mod
	if mods := ptx.GPUModules(mod); len(mods) == 1 {
		body = mods[0]
	}
	var text strings.Builder
	text.WriteString("module {\n")
	for op := body.Region(0).First().First(); op != nil; op = op.Next() {
		text.WriteString(asm.OpString(op) + "\n")
	}
	text.WriteString("}\n")
	in := filepath.Join(dir, filepath.Base(path))
	if err := os.WriteFile(in, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	lowered := in + ".llvm.mlir"
	if out, err := exec.Command(mlirOpt, "--convert-nvvm-to-llvm", in, "-o", lowered).CombinedOutput(); err != nil {
		t.Fatalf("mlir-opt-22: %v\n%s", err, out)
	}
	ll := in + ".ll"
	if out, err := exec.Command(translateTool, "--mlir-to-llvmir", lowered, "-o", ll).CombinedOutput(); err != nil {
		t.Fatalf("mlir-translate-22: %v\n%s", err, out)
	}
	if out, err := exec.Command(llc, "-march=nvptx64", "-mcpu=sm_90a", "-mattr="+ptxVersion, ll, "-o", in+".ptx").CombinedOutput(); err != nil {
		t.Fatalf("llc-22: %v\n%s", err, out)
	}
}

var ptxVersionLine = regexp.MustCompile(`(?m)^\.version ([0-9])\.([0-9])$`)

var nvgpuRunLine = regexp.MustCompile(`(?m)^// RUN: strata-opt (.*) %s \| strata-translate (.*) \| FileCheck %s$`)

// TestNVGPULowering lowers the nvgpu-level kernels of testdata/nvgpu with
// Strata's own passes (the RUN line's strata-opt pipeline), emits PTX and
// checks it against the file's CHECK lines; LLVM's NVPTX back end must
// compile the lowered module too.
func TestNVGPULowering(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "nvgpu", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no tests in testdata/nvgpu")
	}
	dir := t.TempDir()
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m := nvgpuRunLine.FindSubmatch(src)
			if m == nil {
				t.Fatal("no RUN line")
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var low, errb bytes.Buffer
			args := append(strings.Fields(string(m[1])), path)
			if code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(""), Out: &low, Err: &errb}); code != 0 {
				t.Fatalf("strata-opt: exit %d:\n%s", code, errb.String())
			}
			lowered := filepath.Join(dir, filepath.Base(path))
			if err := os.WriteFile(lowered, low.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			text, errs, code := translate(t, strings.Fields(string(m[2])), lowered)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			if !balanced(text) {
				t.Errorf("unbalanced braces in:\n%s", text)
			}
			if err := filecheck.Match(text, filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\noutput:\n%s", err, text)
			}
			mlirOpt := testutil.LookTool("mlir-opt-22")
			translateTool := testutil.LookTool("mlir-translate-22")
			llc := testutil.LookTool("llc-22")
			if mlirOpt == "" || translateTool == "" || llc == "" {
				testutil.Missing(t, "mlir-opt-22, mlir-translate-22 and llc-22 (the second opinion)")
			}
			version := "+ptx80"
			if v := ptxVersionLine.FindStringSubmatch(text); v != nil && v[1]+v[2] > "80" {
				version = "+ptx" + v[1] + v[2]
			}
			secondOpinion(t, mlirOpt, translateTool, llc, t.TempDir(), lowered, low.Bytes(), version)
		})
	}
}

// TestAnyInput emits every llvm-dialect file of the repository's tests:
// each gives PTX or located errors, never a crash.
func TestAnyInput(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../llvmir/testdata/*.mlir", "../../run/testdata/cuda/*.mlir", "../../dialects/nvvm/testdata/*.mlir"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, path := range files {
		for _, chip := range []string{"sm_80", "sm_90a"} {
			_, errs, code := translate(t, []string{"--mlir-to-ptx", "--chip=" + chip}, path)
			switch {
			case code == 0:
			case code == 1 && strings.Contains(errs, ": error: "):
			default:
				t.Errorf("%s (%s): exit %d:\n%s", path, chip, code, errs)
			}
		}
	}
}
