package run_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/targets/ptx"
)

// TestGPUIntegrationCUDALowered prepares each upstream CUDA integration
// test that --engine=cuda runs as the engine does (run.LowerForCUDA: the
// gpu.launch bodies outlined, the kernels lowered to llvm and nvvm),
// emits the PTX of every gpu.module for sm_90a, has LLVM's NVPTX back end
// compile the same module (llc-22, the second opinion), and runs the
// lowered program with the interpreter against the test's CHECK lines:
// CI checks the code that scripts/gpu-test.sh runs on the GPU. The tests
// of emitOnly are lowered and emitted, not interpreted. A test's
// CHECK-PTX lines are matched against the PTX. With
// STRATA_GPU_PTX_DIR set, the PTX files are written there (for sm_90a,
// and for sm_80 where the kernels use no Hopper feature), for
// scripts/gpu-test.sh to assemble with ptxas.
func TestGPUIntegrationCUDALowered(t *testing.T) {
	ptxDir := os.Getenv("STRATA_GPU_PTX_DIR")
	mlirOpt, translateTool, llc := testutil.LookTool("mlir-opt-22"), testutil.LookTool("mlir-translate-22"), testutil.LookTool("llc-22")
	var files []string
	filepath.WalkDir(gpuIntegrationDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mlir") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		needFile(t, gpuIntegrationDir)
	}
	sort.Strings(files)
	var passed []string
	for _, file := range files {
		name, _ := filepath.Rel(gpuIntegrationDir, file)
		name = filepath.ToSlash(name)
		_, only := emitOnly[name]
		if _, no := gpuNotYet[name]; no && !only {
			continue
		}
		if _, no := cudaNotYet[name]; no && !only {
			continue
		}
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text, _, err := prepare(name, string(raw))
			if err != nil {
				t.Fatal(err)
			}
			src := []byte(text)
			ctx := ir.NewContext()
			all.Register(ctx)
			module, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: file})
			if err != nil {
				t.Fatal(err)
			}
			if err := run.LowerForCUDA(module); err != nil {
				t.Fatalf("lowering: %v", err)
			}
			ptxChecks := filecheck.Parse(string(raw), "CHECK-PTX")
			for _, m := range ptx.GPUModules(module) {
				mod := gpu.ModuleOp{Operation: m}.SymName()
				text, err := ptx.Emit(m, ptx.Options{Chip: "sm_90a"})
				if err != nil {
					t.Fatalf("PTX of gpu.module @%s: %v", mod, err)
				}
				if len(ptxChecks) > 0 {
					if err := filecheck.Match(text, ptxChecks); err != nil {
						t.Errorf("CHECK-PTX: %v\nPTX:\n%s", err, text)
					}
				}
				if mlirOpt == "" || translateTool == "" || llc == "" {
					testutil.Missing(t, "mlir-opt-22, mlir-translate-22 and llc-22 (the second opinion)")
				} else {
					nvptxSecondOpinion(t, mlirOpt, translateTool, llc, m)
				}
				if ptxDir == "" {
					continue
				}
				base := filepath.Join(ptxDir, "integration-"+strings.NewReplacer("/", "-", ".mlir", "").Replace(name)+"-"+mod)
				if err := os.WriteFile(base+".sm_90a.ptx", []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				if text80, err := ptx.Emit(m, ptx.Options{Chip: "sm_80"}); err == nil {
					if err := os.WriteFile(base+".sm_80.ptx", []byte(text80), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if only {
				passed = append(passed, name+" (emitted only)")
				return
			}
			var low bytes.Buffer
			if err := asm.Print(&low, module, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), filepath.Base(file))
			if err := os.WriteFile(path, low.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errs, code := strataRun("-e", upstreamEntry(string(raw)), "-entry-point-result=void", path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			if err := filecheck.Match(out, filecheck.Parse(string(raw), "CHECK")); err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			passed = append(passed, name)
		})
	}
	t.Logf("%d run lowered: %s", len(passed), strings.Join(passed, ", "))
}

// TestGPUIntegrationRedux lowers upstream's subgroup-reduce-redux test
// with convert-gpu-to-nvvm{has-redux=1} (what its pipeline does for
// sm_80) and matches the PTX Strata emits for sm_80 against its CHECK
// lines (redux.sync).
func TestGPUIntegrationRedux(t *testing.T) {
	file := filepath.Join(gpuIntegrationDir, "subgroup-reduce-redux.mlir")
	src, err := os.ReadFile(file)
	if err != nil {
		needFile(t, file)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	var low, errb bytes.Buffer
	if code := opt.Run(ctx, []string{"--pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm{has-redux=1},reconcile-unrealized-casts))", file},
		opt.Stdio{In: strings.NewReader(""), Out: &low, Err: &errb}); code != 0 {
		t.Fatalf("lowering: exit %d:\n%s", code, errb.String())
	}
	module, _, err := asm.ParseModule(ctx, low.Bytes(), asm.Config{Filename: file})
	if err != nil {
		t.Fatal(err)
	}
	text, err := ptx.EmitModule(module, "", ptx.Options{Chip: "sm_80"})
	if err != nil {
		t.Fatal(err)
	}
	if err := filecheck.Match(text, filecheck.Parse(string(src), "CHECK")); err != nil {
		t.Errorf("%v\nPTX:\n%s", err, text)
	}
}

// nvptxSecondOpinion has LLVM's NVPTX back end compile the llvm and nvvm
// body of gpu.module m: mlir-opt-22 --convert-nvvm-to-llvm (the nvvm
// operations that translate as inline PTX), mlir-translate-22
// --mlir-to-llvmir, llc-22 -march=nvptx64 -mcpu=sm_90a.
func nvptxSecondOpinion(t *testing.T, mlirOpt, translateTool, llc string, m *ir.Operation) {
	t.Helper()
	var text strings.Builder
	text.WriteString("module {\n")
	for op := m.Region(0).First().First(); op != nil; op = op.Next() {
		text.WriteString(asm.OpString(op) + "\n")
	}
	text.WriteString("}\n")
	dir := t.TempDir()
	in := filepath.Join(dir, "kernels.mlir")
	if err := os.WriteFile(in, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{
		{mlirOpt, "--convert-nvvm-to-llvm", in, "-o", in + ".llvm.mlir"},
		{translateTool, "--mlir-to-llvmir", in + ".llvm.mlir", "-o", in + ".ll"},
		{llc, "-march=nvptx64", "-mcpu=sm_90a", "-mattr=+ptx80", in + ".ll", "-o", in + ".ptx"},
	} {
		if out, err := exec.Command(cmd[0], cmd[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(cmd[0]), err, out)
		}
	}
}
