package run_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/filecheck"
)

// gpuIntegrationDir holds upstream's CUDA integration tests
// (mlir/test/Integration/GPU/CUDA) in the shared conformance corpus.
const gpuIntegrationDir = "../../shared/conformance/gpu-integration/CUDA"

// gpuNotYet lists the upstream CUDA integration tests the interpreter
// cannot run, with the reason. They are still run: one that passes is
// reported, so that the list stays true.
var gpuNotYet = map[string]string{
	"command-line-arg.mlir":      "checks the ptxas command line of the compilation, not a program's output",
	"subgroup-reduce-redux.mlir": "checks the PTX of the lowering (redux.sync), not a program's output",
	"alloc-host-shared.mlir":     "stores at index 1 of a memref<1xi32>: out of bounds, which the interpreter reports",

	// Inputs that mlir-opt-22 rejects too (written for older versions).
	"all-reduce-max.mlir":                     "uses 'gpu.all_reduce max', a spelling mlir-opt-22 no longer parses",
	"all-reduce-min.mlir":                     "uses 'gpu.all_reduce min', a spelling mlir-opt-22 no longer parses",
	"assert.mlir":                             "gpu.printf without a comma before its arguments, which mlir-opt-22 does not parse",
	"host-register-ranked-memref.mlir":        "gpu.host_register of a ranked memref, which mlir-opt-22 rejects",
	"sm90/tma_load_64x8_8x128_noswizzle.mlir": "nvgpu.mbarrier.init without a barrier index, which mlir-opt-22 does not parse",
	"sm90/tmaload.mlir":                       "nvgpu.mbarrier.init without a barrier index, which mlir-opt-22 does not parse",

	// Dialects and semantics Strata does not have yet.
	"async.mlir": "needs the async dialect (async.execute, async.await)",
	"TensorCore/sm80/transform-mma-sync-matmul-f32.mlir": "needs the transform dialect (rewrite_matmul_as_mma_sync)",
	"TensorCore/wmma-matmul-f16-elementwise.mlir":        "its RUN line turns vector.contract into gpu.subgroup_mma_* with convert-vector-to-gpu, which Strata does not have",
	"sm90/cga_cluster.mlir":                              "needs the index dialect (index.casts)",
	"sm90/non-portable-cluster-launch.mlir":              "needs the index dialect (index.casts)",
	"sm90/gemm_f32_f16_f16_128x128x128.mlir":             "at the nvgpu level, needs byte-addressed shared memory (memref.view of the dynamic shared memory, a 0-element memref.global reinterpreted as it); TestGPUIntegrationGEMMLowered runs it lowered to nvvm",
}

// TestGPUIntegration runs upstream's CUDA integration tests with the
// interpreter (strata-run -e main -entry-point-result=void, the flags of
// their RUN lines) and matches the output against their CHECK lines.
// Tests listed in gpuNotYet may fail; every other one must pass.
func TestGPUIntegration(t *testing.T) {
	gpuIntegration(t, gpuIntegrationDir, nil, gpuNotYet)
}

// gpuIntegration runs the upstream CUDA integration tests under dir with
// strata-run and the flags engine, as TestGPUIntegration describes; the
// tests of notYet may fail.
func gpuIntegration(t *testing.T, dir string, engine []string, notYet map[string]string) {
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mlir") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no upstream CUDA integration tests under %s", dir)
		}
		t.Skipf("no upstream CUDA integration tests under %s", dir)
	}
	sort.Strings(files)
	var passed, failed []string
	for _, file := range files {
		name, _ := filepath.Rel(dir, file)
		name = filepath.ToSlash(name)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{}, engine...), "-e", upstreamEntry(string(src)), "-entry-point-result=void", file)
			out, errs, code := strataRun(args...)
			err = nil
			if code != 0 {
				err = errString(errs)
			} else {
				err = filecheck.Match(out, filecheck.Parse(string(src), "CHECK"))
			}
			reason, expected := notYet[name]
			switch {
			case err == nil && expected:
				t.Logf("passes, but is listed as not running yet (%s)", reason)
				passed = append(passed, name)
			case err == nil:
				passed = append(passed, name)
			case expected:
				t.Logf("does not run yet (%s): %v", reason, err)
				failed = append(failed, name)
			default:
				t.Errorf("%v\noutput:\n%s", err, out)
				failed = append(failed, name)
			}
		})
	}
	t.Logf("%d of %d pass: %s", len(passed), len(files), strings.Join(passed, ", "))
}

// errString makes an error of strata-run's standard error.
type errString string

func (e errString) Error() string { return string(e) }
