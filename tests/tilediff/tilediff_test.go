// Package tilediff checks linalg-to-tile differentially: each linalg
// program is lowered to tile kernels with strata-opt
// --linalg-to-tile=target=sm_90a and run by strata-run, and its output
// must equal what mlir-runner prints for the original program lowered by
// mlir-opt-22's standard CPU pipeline (after decomposing linalg.softmax
// with upstream's transform decompose_interface, testdata/decompose.transform.mlir,
// which the pipeline needs).
package tilediff

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
)

// cpuPipeline is the standard lowering of a tensor program to the LLVM
// dialect for mlir-runner.
const cpuPipeline = "--one-shot-bufferize=bufferize-function-boundaries --scf-forall-to-for " +
	"--convert-linalg-to-loops --convert-vector-to-scf --expand-strided-metadata --lower-affine --convert-scf-to-cf --convert-vector-to-llvm " +
	"--finalize-memref-to-llvm --convert-math-to-llvm --convert-math-to-libm --convert-arith-to-llvm --convert-index-to-llvm " +
	"--convert-ub-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts"

// layout hides what bufferization chooses rather than what is computed:
// heap addresses, and the offset and strides of a printed memref (a
// tensor.extract_slice prints as a view of its source upstream and as a
// copy after linalg-to-tile). Sizes and data are compared.
var layout = regexp.MustCompile(`base@ = 0x[0-9a-f]+|offset = \d+|strides = \[[0-9, ]*\]`)

func mask(s string) string { return layout.ReplaceAllString(s, "?") }

// reference lowers file with mlir-opt-22 and runs @main with mlir-runner.
func reference(t *testing.T, file string) string {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	runner := "/usr/lib/llvm-22/bin/mlir-runner"
	if _, err := os.Stat(runner); err != nil {
		testutil.Missing(t, "mlir-runner (/usr/lib/llvm-22/bin/mlir-runner, apt-get install mlir-22-tools)")
	}
	var libs []string
	for _, lib := range []string{"libmlir_runner_utils.so", "libmlir_c_runner_utils.so"} {
		m, _ := filepath.Glob("/usr/lib/llvm-22/lib/" + lib + "*")
		if len(m) == 0 {
			testutil.Missing(t, lib)
		}
		libs = append(libs, m[0])
	}
	ll := filepath.Join(t.TempDir(), "lowered.mlir")
	decompose := filepath.Join(testutil.RepoRoot(), "tests", "tilediff", "testdata", "decompose.transform.mlir")
	args := append([]string{"--transform-preload-library=transform-library-paths=" + decompose, "--transform-interpreter"}, strings.Fields(cpuPipeline)...)
	if out, err := exec.Command(mlirOpt, append(args, file, "-o", ll)...).CombinedOutput(); err != nil {
		t.Fatalf("mlir-opt-22 %s: %v\n%s", file, err, out)
	}
	cmd := exec.Command(runner, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(libs, ","), ll)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-runner %s: %v\n%s", file, err, stderr.String())
	}
	if len(out) == 0 {
		t.Fatal("mlir-runner printed nothing")
	}
	return string(out)
}

// tileLower runs strata-opt --linalg-to-tile=target=sm_90a on file and
// returns the lowered text; it fails if no kernel is launched or a linalg
// operation is left.
func tileLower(file string) (string, error) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	if code := opt.Run(ctx, []string{"--linalg-to-tile=target=sm_90a", file}, opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
		return "", fmt.Errorf("strata-opt --linalg-to-tile=target=sm_90a %s: exit %d\n%s", file, code, errb.String())
	}
	src := out.String()
	if !strings.Contains(src, "tile.launch") {
		return "", fmt.Errorf("linalg-to-tile launched no kernel")
	}
	if i := strings.Index(src, "linalg."); i >= 0 {
		return "", fmt.Errorf("linalg-to-tile left a linalg operation: %s", strings.SplitN(src[i:], "\n", 2)[0])
	}
	return src, nil
}

// viaTile lowers file with linalg-to-tile and runs @main with strata-run.
func viaTile(t *testing.T, file string) string {
	src, err := tileLower(file)
	if err != nil {
		t.Fatal(err)
	}
	tiled := filepath.Join(t.TempDir(), "tile.mlir")
	if err := os.WriteFile(tiled, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	if code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", tiled}, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("strata-run: exit %d\n%s", code, errb.String())
	}
	return out.String()
}

// programs are the examples with a @main and the programs of testdata.
func programs(t *testing.T) []string {
	root := testutil.RepoRoot()
	var files []string
	for _, g := range []string{"examples/*/*.mlir", "tests/tilediff/testdata/*.mlir"} {
		m, _ := filepath.Glob(filepath.Join(root, g))
		for _, f := range m {
			src, err := os.ReadFile(f)
			if err == nil && strings.Contains(string(src), "func.func @main(") && strings.Contains(string(src), "linalg.") {
				files = append(files, f)
			}
		}
	}
	if len(files) < 8 {
		t.Fatalf("found only %d programs", len(files))
	}
	return files
}

// notTiled are the programs linalg-to-tile does not lower yet, with the
// reason; one listed here that lowers fails the test.
var notTiled = map[string]string{
	"conv.mlir": "linalg-to-tile does not tile convolutions",
}

// tolerance is the relative difference allowed in the printed numbers of
// the programs that linalg-to-tile computes in another order: attention's
// online softmax rescales partial sums (docs/dialects/tile.md). Every
// other program must print the same text.
var tolerance = map[string]float64{"attention.mlir": 1e-5}

var number = regexp.MustCompile(`-?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)`)

// sameWithin compares two outputs whose text outside numbers is equal and
// whose numbers differ by at most tol relative; it returns a description
// of the first difference, or "".
func sameWithin(want, got string, tol float64) string {
	if number.ReplaceAllString(want, "#") != number.ReplaceAllString(got, "#") {
		return "the outputs differ outside their numbers"
	}
	w, g := number.FindAllString(want, -1), number.FindAllString(got, -1)
	for i := range w {
		a, errA := strconv.ParseFloat(w[i], 64)
		b, errB := strconv.ParseFloat(g[i], 64)
		if errA != nil || errB != nil {
			if w[i] != g[i] {
				return fmt.Sprintf("number %d: %s vs %s", i, w[i], g[i])
			}
			continue
		}
		if math.Abs(a-b) > tol*math.Max(math.Abs(a), math.Abs(b)) {
			return fmt.Sprintf("number %d: mlir-runner prints %s, strata-run %s (more than %g apart, relative)", i, w[i], g[i], tol)
		}
	}
	return ""
}

// big names the programs that take long in the interpreter (skipped
// with -short).
var big = map[string]bool{"matmul-1000.mlir": true}

func TestLinalgToTileMatchesMLIRRunner(t *testing.T) {
	for _, file := range programs(t) {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			if big[name] && testing.Short() {
				t.Skip("skipping a 1000x1000x1000 product in the interpreter under -short")
			}
			want := reference(t, file)
			if why, ok := notTiled[name]; ok {
				if _, err := tileLower(file); err == nil {
					t.Fatalf("%s now lowers completely: remove it from notTiled", name)
				}
				t.Skipf("skipping: %s", why)
			}
			got := viaTile(t, file)
			if tol, ok := tolerance[name]; ok {
				if d := sameWithin(mask(want), mask(got), tol); d != "" {
					t.Errorf("strata-run after linalg-to-tile differs from mlir-runner: %s\n%s", d, cmp.Diff(mask(want), mask(got)))
				}
				return
			}
			if diff := cmp.Diff(mask(want), mask(got)); diff != "" {
				t.Errorf("strata-run after linalg-to-tile differs from mlir-runner (-mlir-runner +strata):\n%s", diff)
			}
		})
	}
}
