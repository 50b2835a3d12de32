package run_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/targets/ptx"
)

// TestGPUIntegrationCUDALowered prepares each upstream CUDA integration
// test that --engine=cuda runs as the engine does (run.LowerForCUDA: the
// gpu.launch bodies outlined, the kernels lowered to llvm and nvvm),
// emits the PTX of every gpu.module for sm_90a, and runs the lowered
// program with the interpreter against the test's CHECK lines: CI checks
// the code that scripts/gpu-test.sh runs on the GPU.
func TestGPUIntegrationCUDALowered(t *testing.T) {
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
		if _, no := gpuNotYet[name]; no {
			continue
		}
		if _, no := cudaNotYet[name]; no {
			continue
		}
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text, _, err := respell(name, string(raw))
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
			for _, m := range ptx.GPUModules(module) {
				if _, err := ptx.Emit(m, ptx.Options{Chip: "sm_90a"}); err != nil {
					t.Fatalf("PTX of gpu.module @%s: %v", gpu.ModuleOp{Operation: m}.SymName(), err)
				}
			}
			var low bytes.Buffer
			if err := asm.Print(&low, module, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), filepath.Base(file))
			if err := os.WriteFile(path, low.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errs, code := strataRun("-e", upstreamEntry(string(src)), "-entry-point-result=void", path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
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
