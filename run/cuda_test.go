package run_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/cuda"
)

// needGPU skips a test that needs an NVIDIA GPU: always in CI, which has
// none, and where no CUDA driver is installed.
func needGPU(t *testing.T) {
	t.Helper()
	if testutil.InCI() {
		t.Skip("CI has no GPU: run scripts/gpu-test.sh on a machine with one")
	}
	d, err := cuda.Open(0)
	if err != nil {
		t.Skipf("no CUDA device (%v): run scripts/gpu-test.sh on a machine with one", err)
	}
	d.Close()
}

// TestCUDANoDriver checks that without a driver the CUDA engine says so in
// one line and fails.
func TestCUDANoDriver(t *testing.T) {
	if d, err := cuda.Open(0); err == nil {
		d.Close()
		t.Skip("a CUDA driver is installed")
	} else if !errors.Is(err, cuda.ErrNoDriver) {
		t.Skipf("the driver is installed but fails: %v", err)
	}
	out, errs, code := strataRun("--engine=cuda", filepath.Join("testdata", "cuda", "vadd.mlir"))
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	want := "strata-run: --engine=cuda: no CUDA driver on this machine (libcuda.so.1 cannot be loaded)\n"
	if errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
}

// cudaPrograms are the programs of testdata/cuda (kernels at the llvm and
// nvvm level) with their exit code and what their output must contain.
var cudaPrograms = []struct {
	file, result string
	code         int
	out, errs    []string
}{
	{"vadd.mlir", "i32", 0, []string{"[1000,  1000.25,  1000.5,  1000.75,  1001,  1001.25,  1001.5,  1001.75]", "\n0\n"}, nil},
	{"reduce.mlir", "i32", 0, []string{"[-3,  -3]", "\n0\n"}, nil},
	{"warpsum.mlir", "i32", 0, []string{"[400000]", "[200000]", "\n0\n"}, nil},
	{"cluster.mlir", "i32", 0, []string{"[0,  1,  10,  11,  20,  21,  30,  31]", "\n0\n"}, nil},
	{"wgmma.mlir", "i32", 0, []string{"\n0\n"}, nil},
	{"async.mlir", "i32", 0, []string{"[1,  1.25,  1.5,  1.75,  2,  2.25,  2.5,  2.75]", "\n0\n"}, nil},
	{"jitfail.mlir", "i32", 1, nil, []string{"jitfail.mlir:5:3: error: the CUDA driver could not load the PTX of gpu.module @kernels", "note: ptxas: "}},
}

// interpretedNotYet lists the programs of testdata/cuda the interpreter
// cannot run yet, with the reason.
var interpretedNotYet = map[string]string{
	"jitfail.mlir": "checks the CUDA driver's JIT error",
}

// TestCUDAProgramsInterpreted runs the programs of testdata/cuda with the
// interpreter: the kernels, lowered to the llvm and nvvm dialects, take
// the launch's memrefs as descriptors or bare pointers and their shared
// memory per block, and must print what they print on the GPU.
func TestCUDAProgramsInterpreted(t *testing.T) {
	for _, tc := range cudaPrograms {
		if _, skip := interpretedNotYet[tc.file]; skip {
			continue
		}
		t.Run(tc.file, func(t *testing.T) {
			out, errs, code := strataRun("-entry-point-result="+tc.result, filepath.Join("testdata", "cuda", tc.file))
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
			for _, w := range tc.out {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestCUDAEngine runs the programs of testdata/cuda on the GPU.
func TestCUDAEngine(t *testing.T) {
	needGPU(t)
	for _, tc := range cudaPrograms {
		t.Run(tc.file, func(t *testing.T) {
			out, errs, code := strataRun("--engine=cuda", "-entry-point-result="+tc.result, filepath.Join("testdata", "cuda", tc.file))
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
			for _, w := range tc.out {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.errs {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
		})
	}
}

// TestGPUIntegrationCUDA runs upstream's CUDA integration tests with
// --engine=cuda on the GPU (scripts/gpu-test.sh carries them to the GPU
// machine and points STRATA_GPU_INTEGRATION_DIR at them). The tests the
// interpreter cannot run yet may fail here too, and so may those of
// cudaNotYet.
func TestGPUIntegrationCUDA(t *testing.T) {
	needGPU(t)
	dir := gpuIntegrationDir
	if d := os.Getenv("STRATA_GPU_INTEGRATION_DIR"); d != "" {
		dir = d
	}
	notYet := map[string]string{}
	for k, v := range gpuNotYet {
		notYet[k] = v
	}
	for k, v := range cudaNotYet {
		notYet[k] = v
	}
	gpuIntegration(t, dir, []string{"--engine=cuda"}, notYet)
}

// strataRunProcess runs strata-run with args in a process of its own (this
// test binary, as TestStrataRunProcess): a kernel that faults leaves the
// CUDA driver unusable for the rest of its process, which must not fail
// the tests after it.
func strataRunProcess(args ...string) (string, string, int) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestStrataRunProcess$")
	cmd.Env = append(os.Environ(), "STRATA_RUN_ARGS="+strings.Join(args, "\x1f"))
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		return "", err.Error(), -1
	}
	return out.String(), errb.String(), code
}

// TestStrataRunProcess is strataRunProcess's child: it runs strata-run
// with the arguments of STRATA_RUN_ARGS and exits with its status.
func TestStrataRunProcess(t *testing.T) {
	args := os.Getenv("STRATA_RUN_ARGS")
	if args == "" {
		t.Skip("the child process of strataRunProcess")
	}
	out, errs, code := strataRun(strings.Split(args, "\x1f")...)
	os.Stdout.WriteString(out)
	os.Stderr.WriteString(errs)
	os.Exit(code)
}

// emitOnly lists the upstream CUDA integration tests whose kernels
// TestGPUIntegrationCUDALowered lowers and emits (their PTX checked by
// llc-22 here and ptxas on the GPU machine) but does not interpret
// (gpuNotYet says why), with what checks them instead.
var emitOnly = map[string]string{
	"sm90/gemm_f32_f16_f16_128x128x128.mlir": "TestGPUIntegrationGEMMLowered runs it lowered as the engine lowers it, with its race reported and, fixed, its results checked",
}

// cudaNotYet lists the upstream CUDA integration tests that the
// interpreter runs but the CUDA engine does not yet, with the reason.
var cudaNotYet = map[string]string{
	"all-reduce-xor.mlir":        "its gpu.all_reduce is not uniform, which upstream's all-reduce rewrite (and Strata's) leaves to the target, and NVVM has no lowering of it",
	"subgroup-reduce-redux.mlir": "a compilation test without an entry point: its PTX is checked by TestGPUIntegrationRedux",
}
