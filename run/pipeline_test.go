package run_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// The upstream CUDA integration tests through upstream's own pipeline:
// gpu-lower-to-nvvm-pipeline with the options of their RUN lines (or, for
// a test whose RUN line lowers with other passes, those passes:
// runLinePipelines), then the lowered program (llvm dialect, calls of the
// mgpu* runtime functions, gpu.binary) run by strata-run.

// pipelineOptions matches the lowering stage of a RUN line: the
// pipeline, or the test pipelines it replaced, with their options.
var pipelineOptions = regexp.MustCompile(`-(?:gpu-lower-to-nvvm-pipeline|test-lower-to-nvvm|gpu-lower-to-nvvm)(?:="([^"]*)")?`)

// runLineTarget matches the chip and the PTX version that a RUN line
// without the pipeline gives its kernels (nvvm-attach-target's or
// gpu-to-cubin's options).
var runLineTarget = []*regexp.Regexp{regexp.MustCompile(`\bchip=(sm_\w+)`), regexp.MustCompile(`\bfeatures=(\+ptx\d+)`)}

// pipelineFor returns the option string of gpu-lower-to-nvvm-pipeline for
// the test src with the object format format. A test whose RUN line does
// not use the pipeline gets the chip and features its RUN line names.
func pipelineFor(src, format string) string {
	opts := ""
	run := strings.ReplaceAll(src, "\\\n// RUN:", " ")
	if m := pipelineOptions.FindStringSubmatch(run); m != nil {
		opts = m[1]
	} else {
		for i, name := range []string{"cubin-chip", "cubin-features"} {
			if m := runLineTarget[i].FindStringSubmatch(run); m != nil {
				opts = strings.TrimSpace(opts + " " + name + "=" + m[1])
			}
		}
	}
	opts = strings.ReplaceAll(opts, "%gpu_compilation_format", format)
	if !strings.Contains(opts, "cubin-format=") {
		opts = strings.TrimSpace(opts + " cubin-format=" + format)
	}
	return opts
}

// runLinePipelines are the lowerings of the tests whose RUN line does not
// use gpu-lower-to-nvvm-pipeline, as pass pipelines with the object
// format as %s: their RUN line's passes up to the binaries. (async.mlir's
// then lowers async.execute to the async runtime, which the interpreter
// and the CUDA engine need not: they run the async dialect.)
var runLinePipelines = map[string]string{
	"async.mlir": "builtin.module(gpu-kernel-outlining,gpu.module(strip-debuginfo,convert-gpu-to-nvvm),nvvm-attach-target," +
		"func.func(gpu-async-region),gpu-to-llvm,gpu-module-to-binary{format=%s})",
}

// lowerTest lowers the test name (its text raw, prepared as src) as its
// RUN line does, with objects of the format format.
func lowerTest(name, raw, src, format string) (string, string, int) {
	if p, ok := runLinePipelines[name]; ok {
		return lowerWithPasses(src, fmt.Sprintf(p, format))
	}
	return lowerWithPipeline(src, pipelineFor(raw, format))
}

// lowerWithPasses runs the pass pipeline passes on src.
func lowerWithPasses(src, passes string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, []string{"--pass-pipeline=" + passes, "-"},
		opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// pipelineNotYet lists the tests that do not run through the pipeline
// on the SIMT interpreter, with the reason; those of gpuNotYet are added.
var pipelineNotYet = map[string]string{
	"TensorCore/wmma-matmul-f64.mlir":             "the test passes %d to its kernel without gpu.host_register (its copy under sm80/ registers it): a GPU would fault, the runtime functions report it at the launch",
	"TensorCore/wmma-matmul-f16-elementwise.mlir": "the pipeline's convert-func-to-llvm leaves an unrealized cast of a !gpu.mma_matrix that gpu-to-llvm cannot legalize; mlir-opt-22's pipeline crashes on it",
	"TensorCore/wmma-transposed-store-f16.mlir":   "as wmma-matmul-f16-elementwise; mlir-opt-22's pipeline leaves an unrealized cast in the kernel, which its translation rejects",
}

// lowerWithPipeline runs Strata's gpu-lower-to-nvvm-pipeline on src.
func lowerWithPipeline(src, options string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, []string{"-gpu-lower-to-nvvm-pipeline=" + options, "-"},
		opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

func integrationFiles(t *testing.T, dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mlir") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		if testutil.InCI() {
			t.Fatalf("no upstream CUDA integration tests under %s", dir)
		}
		t.Skipf("no upstream CUDA integration tests under %s", dir)
	}
	sort.Strings(files)
	return files
}

// cudaPipelineNotYet lists the tests that run through the pipeline on
// the SIMT interpreter but not on the GPU, with the reason.
var cudaPipelineNotYet = map[string]string{
	"all-reduce-xor.mlir":                    "its gpu.all_reduce is not uniform, which convert-gpu-to-nvvm leaves (as upstream's) and the PTX emitter cannot lower",
	"sm90/gemm_f32_f16_f16_128x128x128.mlir": "the test races (see gpuNotYet)",
}

// TestGPUIntegrationPipelineCUDA is TestGPUIntegrationPipeline on the GPU
// (strata-run --engine=cuda), with the objects of the assembly format:
// Strata's PTX, loaded by the driver (STRATA_GPU_PIPELINE_FORMAT=llvm
// takes the offload objects, which the engine emits for the device's
// chip). CI has no GPU: scripts/gpu-test.sh runs it.
func TestGPUIntegrationPipelineCUDA(t *testing.T) {
	needGPU(t)
	dir := gpuIntegrationDir
	if d := os.Getenv("STRATA_GPU_INTEGRATION_DIR"); d != "" {
		dir = d
	}
	format := "isa"
	if f := os.Getenv("STRATA_GPU_PIPELINE_FORMAT"); f != "" {
		format = f
	}
	pipelineIntegration(t, dir, format, []string{"--engine=cuda"})
}

// TestGPUIntegrationPipeline lowers each upstream CUDA integration test
// with gpu-lower-to-nvvm-pipeline{cubin-format=llvm} (objects holding the
// kernels' IR) and runs the result with the interpreter: the host code
// at the llvm level, the mgpu* calls and the launches of the binaries'
// kernels on the SIMT model. The output must match the CHECK lines.
func TestGPUIntegrationPipeline(t *testing.T) {
	pipelineIntegration(t, gpuIntegrationDir, "llvm", nil)
}

func pipelineIntegration(t *testing.T, dir, format string, engine []string) {
	notYet := map[string]string{}
	lists := []map[string]string{gpuNotYet, pipelineNotYet}
	if len(engine) > 0 {
		lists = append(lists, cudaPipelineNotYet)
	}
	for _, m := range lists {
		for k, v := range m {
			notYet[k] = v
		}
	}
	var passed []string
	files := integrationFiles(t, dir)
	for _, file := range files {
		name, _ := filepath.Rel(dir, file)
		name = filepath.ToSlash(name)
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			reason, expected := notYet[name]
			src, _, err := prepare(name, string(raw))
			if err != nil {
				t.Fatal(err)
			}
			lowered, errs, code := lowerTest(name, string(raw), src, format)
			if code == 0 {
				path := filepath.Join(t.TempDir(), "lowered.mlir")
				if err := os.WriteFile(path, []byte(lowered), 0o644); err != nil {
					t.Fatal(err)
				}
				args := append(append([]string{}, engine...), "-e", upstreamEntry(string(raw)), "-entry-point-result=void", path)
				run := strataRun
				if len(engine) > 0 {
					run = strataRunProcess
				}
				var out string
				out, errs, code = run(args...)
				if code == 0 {
					if err := filecheck.Match(out, filecheck.Parse(string(raw), "CHECK")); err != nil {
						errs, code = err.Error()+"\noutput:\n"+out, 1
					}
				}
			}
			switch {
			case code == 0 && expected:
				t.Logf("passes, but is listed as not running yet (%s)", reason)
				passed = append(passed, name)
			case code == 0:
				passed = append(passed, name)
			case expected:
				t.Logf("does not run yet (%s): %s", reason, firstLine(errs))
			default:
				t.Errorf("%s", errs)
			}
		})
	}
	t.Logf("%d of %d pass through gpu-lower-to-nvvm-pipeline{cubin-format=%s}: %s", len(passed), len(files), format, strings.Join(passed, ", "))
}

// gpuObjectPayload matches the bytes of a #gpu.object and upstream's
// timing properties, which differ between the tools by design (Strata's
// PTX is its own; mlir-opt-22's is LLVM's) or by run.
var gpuObjectPayload = []*regexp.Regexp{
	regexp.MustCompile(`[A-Za-z]+TimeInMs = \d+ : i64, `),
	regexp.MustCompile(`((?:assembly|bin|offload) = |, )"(?:[^"\\]|\\.)*">`),
}

func maskObjects(s string) string {
	s = gpuObjectPayload[0].ReplaceAllString(s, "")
	return gpuObjectPayload[1].ReplaceAllString(s, `${1}"...">`)
}

// pipelineDiffers lists the tests whose lowering by the pipeline differs
// from mlir-opt-22's (objects aside), with the reason.
var pipelineDiffers = map[string]string{
	"all-reduce-xor.mlir":                    "mlir-opt-22's first pass (convert-nvgpu-to-nvvm) folds the gpu.all_reduce of the gpu.launch's entry block to uniform, since MLIR's conversion driver folds the operations it visits; Strata's does not, so the reduction stays non-uniform, which convert-gpu-to-nvvm leaves and the PTX emitter cannot lower",
	"sm90/gemm_f32_f16_f16_128x128x128.mlir": "upstream's convert-nvvm-to-llvm turns nvvm.wgmma.mma_async and nvvm.mbarrier.try_wait.parity into inline PTX, which Strata's pipeline leaves to its PTX emitter",
	"command-line-arg.mlir":                  "ptxas-cmd-options: the pipeline's textual options keep the quotes of the option's value",
	"TensorCore/sm80/wmma-matmul-f64.mlir":   "the f64 wmma kernels canonicalize differently",
	"TensorCore/wmma-matmul-f64.mlir":        "the f64 wmma kernels canonicalize differently",
}

// TestGPUIntegrationPipelineMLIROpt compares Strata's
// gpu-lower-to-nvvm-pipeline{cubin-format=isa} (or the passes of
// runLinePipelines) with mlir-opt-22's on each upstream CUDA integration
// test that mlir-opt-22 lowers: the same output
// but for the objects' bytes (Strata's PTX against LLVM's) and upstream's
// timing properties.
func TestGPUIntegrationPipelineMLIROpt(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	same := 0
	for _, file := range integrationFiles(t, gpuIntegrationDir) {
		name, _ := filepath.Rel(gpuIntegrationDir, file)
		name = filepath.ToSlash(name)
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			src, _, err := prepare(name, string(raw))
			if err != nil {
				t.Fatal(err)
			}
			in := filepath.Join(t.TempDir(), "in.mlir")
			if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			flag := "-gpu-lower-to-nvvm-pipeline=" + pipelineFor(string(raw), "isa")
			if p, ok := runLinePipelines[name]; ok {
				flag = "--pass-pipeline=" + fmt.Sprintf(p, "isa")
			}
			want, wantErr, code := testutil.Run(t, mlirOpt, flag, in)
			if code != 0 {
				t.Skipf("mlir-opt-22 does not lower it: %s", firstLine(wantErr))
			}
			got, gotErr, code := lowerTest(name, string(raw), src, "isa")
			reason, known := pipelineDiffers[name]
			if reason == "" {
				reason, known = pipelineNotYet[name]
			}
			switch {
			case code == 0 && maskObjects(got) == maskObjects(want):
				same++
				if known {
					t.Errorf("identical, but listed as differing (%s)", reason)
				}
			case known:
				t.Logf("differs (%s)", reason)
			case code != 0:
				t.Errorf("Strata fails where mlir-opt-22 does not:\n%s", gotErr)
			default:
				t.Errorf("differs from mlir-opt-22 (-want +got):\n%s", cmp.Diff(maskObjects(want), maskObjects(got)))
			}
		})
	}
	t.Logf("%d identical to mlir-opt-22 but for the objects' bytes", same)
}

// TestPipelineRuntimeErrors checks the located errors of the runtime
// functions and of launches of gpu.binary kernels in the interpreter.
func TestPipelineRuntimeErrors(t *testing.T) {
	const prog = `func.func @main() {
  %c1 = arith.constant 1 : index
  %h = memref.alloc() : memref<4xf32>
  %u = memref.cast %h : memref<4xf32> to memref<*xf32>
  REGISTER
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %f = arith.constant 1.0 : f32
    %c0 = arith.constant 0 : index
    memref.store %f, %h[%c0] : memref<4xf32>
    gpu.terminator
  }
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
`
	cases := []struct {
		name, register, format, want string
	}{
		{"registered", "gpu.host_register %u : memref<*xf32>", "llvm", ""},
		{"unregistered", "", "llvm", "error: operand 0 of the launch points into host memory that is not registered with the device (gpu.host_register)"},
		{"ptx object", "gpu.host_register %u : memref<*xf32>", "isa", "error: gpu.binary @main_kernel holds an object of the assembly format, which the interpreter cannot run"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(prog, "REGISTER", c.register, 1)
			lowered, errs, code := lowerWithPipeline(src, "cubin-chip=sm_80 cubin-format="+c.format)
			if code != 0 {
				t.Fatalf("lowering: exit %d:\n%s", code, errs)
			}
			path := filepath.Join(t.TempDir(), "lowered.mlir")
			if err := os.WriteFile(path, []byte(lowered), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errs, code := strataRun("-e", "main", "-entry-point-result=void", path)
			if c.want == "" {
				if code != 0 || !strings.Contains(out, "[1,  0,  0,  0]") {
					t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
				}
				return
			}
			// Located at the launch, in the lowered file.
			if code == 0 || !strings.Contains(errs, "lowered.mlir:") || !strings.Contains(errs, c.want) || !strings.Contains(errs, "gpu.launch_func") {
				t.Errorf("exit %d, want an error at the launch containing %q; stderr:\n%s", code, c.want, errs)
			}
		})
	}
}

// TestPipelineTensorMap checks mgpuTensorMapEncodeTiledMemref in the
// interpreter (nvgpu.tma.create.descriptor through the pipeline): a tensor
// map of host memory that is not registered, and a box the driver
// refuses, are located errors at the call; the tensor copies of tensor
// maps that the runtime makes run in upstream's sm90 integration tests.
func TestPipelineTensorMap(t *testing.T) {
	const prog = `func.func @main() {
  %c8 = arith.constant 8 : index
  %cB = arith.constant BOX : index
  %h = memref.alloc() : memref<8x8xf32>
  %u = memref.cast %h : memref<8x8xf32> to memref<*xf32>
  REGISTER
  %d = nvgpu.tma.create.descriptor %u box[%c8, %cB] : memref<*xf32> -> <tensor = memref<8xBOXxf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
  return
}
`
	cases := []struct {
		name, register, box, want string
	}{
		{"registered", "gpu.host_register %u : memref<*xf32>", "8", ""},
		{"unregistered", "", "8", "error: the memref's data is host memory that is not registered with the device (gpu.host_register)"},
		{"inner box of 8 bytes", "gpu.host_register %u : memref<*xf32>", "2", "error: the inner box dimension is 8 bytes, not a multiple of 16"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.ReplaceAll(strings.Replace(prog, "REGISTER", c.register, 1), "BOX", c.box)
			lowered, errs, code := lowerWithPipeline(src, "cubin-chip=sm_90a cubin-format=llvm")
			if code != 0 {
				t.Fatalf("lowering: exit %d:\n%s", code, errs)
			}
			path := filepath.Join(t.TempDir(), "lowered.mlir")
			if err := os.WriteFile(path, []byte(lowered), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code = strataRun("-e", "main", "-entry-point-result=void", path)
			if c.want == "" {
				if code != 0 {
					t.Errorf("exit %d, stderr:\n%s", code, errs)
				}
				return
			}
			if code == 0 || !strings.Contains(errs, "lowered.mlir:") || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, want an error at the call containing %q; stderr:\n%s", code, c.want, errs)
			}
		})
	}
}
