package run_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
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
	"assert.mlir":                      "gpu.printf without a comma before its arguments, which mlir-opt-22 does not parse",
	"host-register-ranked-memref.mlir": "gpu.host_register of a ranked memref, which mlir-opt-22 rejects",

	// Its RUN line's -test-transform-dialect-interpreter is gone from
	// mlir-opt-22, whose -transform-interpreter wants a named sequence
	// @__transform_main that the test (an old transform.sequence) lacks;
	// Strata has no transform dialect either.
	"TensorCore/sm80/transform-mma-sync-matmul-f32.mlir": "mlir-opt-22 cannot run its RUN line (-test-transform-dialect-interpreter no longer exists; -transform-interpreter needs @__transform_main); needs the transform dialect",

	// Its kernel is lowered and emitted (emitOnly).
	"sm90/gemm_f32_f16_f16_128x128x128.mlir": "the test races: every thread initializes the mbarriers that the leader thread already arrives on and loads into with TMA, which the interpreter reports (TestGPUIntegrationGEMMLowered, which also checks all 16384 results once the race is fixed); at the nvgpu level the interpreter also lacks byte-addressed dynamic shared memory (a 0-element memref.global reinterpreted)",
}

// respelling rewrites a test written in a spelling mlir-opt-22 no longer
// parses into the one it parses: every match of from becomes to.
type respelling struct {
	from *regexp.Regexp
	to   string
}

// printfComma puts the comma that gpu.printf now wants between its
// format and its arguments.
var printfComma = respelling{regexp.MustCompile(`(gpu\.printf\s+"(?:[^"\\]|\\.)*")(\s+%)`), "${1},${2}"}

// The mbarrier operations now take an mbarrier group and an index into
// it (the first barrier, %c0, for a single one), and the parity of
// nvgpu.mbarrier.try_wait.parity is an i1 (the index 0 becomes false).
var (
	mbarrierIndex = respelling{regexp.MustCompile(`(nvgpu\.mbarrier\.(?:init|arrive\.expect_tx|try_wait\.parity) %\w+)(, )`), "${1}[%c0]${2}"}
	tmaBarrier    = respelling{regexp.MustCompile(`(nvgpu\.tma\.async\.load %\w+\[[^\]]*\], %\w+)( to )`), "${1}[%c0]${2}"}
	parityI1      = respelling{regexp.MustCompile(`( *)(nvgpu\.mbarrier\.try_wait\.parity %\w+\[%c0\]), %c0,`), "${1}%parity = arith.constant false\n${1}${2}, %parity,"}
)

// gpu.all_reduce's max and min of integers are now maxsi and minsi (the
// signed ones they were).
var (
	allReduceMax = respelling{regexp.MustCompile(`(gpu\.all_reduce) max( %\w+ uniform \{\} : \(i32\))`), "${1} maxsi${2}"}
	allReduceMin = respelling{regexp.MustCompile(`(gpu\.all_reduce) min( %\w+ uniform \{\} : \(i32\))`), "${1} minsi${2}"}
)

// gpuRespelled lists the upstream CUDA integration tests that mlir-opt-22
// rejects only because of a spelling that has changed since they were
// written, with the rewrites to the current one. They run rewritten (and
// are counted apart); TestGPUIntegrationRespelled checks that mlir-opt-22
// parses the rewritten text.
var gpuRespelled = map[string][]respelling{
	"all-reduce-max.mlir":                   {allReduceMax},
	"all-reduce-min.mlir":                   {allReduceMin},
	"sm90/cga_cluster.mlir":                 {printfComma},
	"sm90/non-portable-cluster-launch.mlir": {printfComma},
	// The TMA loads into shared memory, waited for on an mbarrier.
	"sm90/tma_load_64x8_8x128_noswizzle.mlir": {printfComma, mbarrierIndex, tmaBarrier, parityI1},
	// The same program checked by its PTX only (CHECK-PTX, matched by
	// TestGPUIntegrationCUDALowered); it must run without error.
	"sm90/tmaload.mlir": {printfComma, mbarrierIndex, tmaBarrier, parityI1},
}

// gpuPrePasses are the passes the RUN lines of upstream's tests apply
// before their lowering pipeline (`mlir-opt %s -convert-vector-to-gpu |
// mlir-opt -gpu-lower-to-nvvm-pipeline`), which the tests run through
// too: the engines lower the rest.
// The conversion leaves the vector operations it replaced for the
// pipeline's canonicalize to remove, which runs here too, since the
// interpreter would run them.
var gpuPrePasses = map[string]string{
	"TensorCore/wmma-matmul-f16-elementwise.mlir": "convert-vector-to-gpu,canonicalize",
	"TensorCore/wmma-transposed-store-f16.mlir":   "convert-vector-to-gpu,canonicalize",
	"sm90/gemm_f32_f16_f16_128x128x128.mlir":      "convert-linalg-to-loops",
}

// prepare returns the text of the test name as it is run: respelled
// (gpuRespelled), then through the passes of gpuPrePasses; and whether it
// differs from the file.
func prepare(name, src string) (string, bool, error) {
	src, changed, err := respell(name, src)
	if err != nil {
		return "", false, err
	}
	passes, ok := gpuPrePasses[name]
	if !ok {
		return src, changed, nil
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	if code := opt.Run(ctx, []string{"--pass-pipeline=builtin.module(" + passes + ")", "-"},
		opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb}); code != 0 {
		return "", false, fmt.Errorf("%s: %s: %s", name, passes, errb.String())
	}
	return out.String(), true, nil
}

// respell returns the text of the test name as gpuRespelled rewrites it,
// and whether it is rewritten. A rewrite that matches nothing is an
// error: the test has changed.
func respell(name, src string) (string, bool, error) {
	rs, ok := gpuRespelled[name]
	if !ok {
		return src, false, nil
	}
	for _, r := range rs {
		if !r.from.MatchString(src) {
			return "", false, fmt.Errorf("%s: the respelling %s no longer matches", name, r.from)
		}
		src = r.from.ReplaceAllString(src, r.to)
	}
	return src, true, nil
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
	var passed, respelled, failed []string
	for _, file := range files {
		name, _ := filepath.Rel(dir, file)
		name = filepath.ToSlash(name)
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			src, rewritten, err := prepare(name, string(raw))
			if err != nil {
				t.Fatal(err)
			}
			path := file
			if rewritten {
				path = filepath.Join(t.TempDir(), filepath.Base(file))
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := append(append([]string{}, engine...), "-e", upstreamEntry(string(raw)), "-entry-point-result=void", path)
			run := strataRun
			if len(engine) > 0 {
				// Each test in a process of its own on the GPU.
				run = strataRunProcess
			}
			out, errs, code := run(args...)
			err = nil
			if code != 0 {
				err = errString(errs)
			} else {
				err = filecheck.Match(out, filecheck.Parse(string(raw), "CHECK"))
			}
			if _, ok := gpuRespelled[name]; err == nil && ok {
				respelled = append(respelled, name)
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
	t.Logf("%d of %d pass (%d of them respelled: %s): %s", len(passed), len(files), len(respelled), strings.Join(respelled, ", "), strings.Join(passed, ", "))
}

// errString makes an error of strata-run's standard error.
type errString string

func (e errString) Error() string { return string(e) }

// TestGPUIntegrationRespelled checks that each test of gpuRespelled is
// rejected by mlir-opt-22 as written and parsed once rewritten: the
// rewrites change only the spelling.
func TestGPUIntegrationRespelled(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	names := make([]string, 0, len(gpuRespelled))
	for name := range gpuRespelled {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(gpuIntegrationDir, name)
			raw, err := os.ReadFile(file)
			if err != nil {
				needFile(t, file)
			}
			if _, _, code := testutil.Run(t, tool, file); code == 0 {
				t.Errorf("mlir-opt-22 parses the test as written: it needs no respelling")
			}
			src, _, err := respell(name, string(raw))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), filepath.Base(file))
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, errs, code := testutil.Run(t, tool, path); code != 0 {
				t.Errorf("mlir-opt-22 rejects the respelled test:\n%s", errs)
			}
		})
	}
}
