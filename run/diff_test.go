package run_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
)

// upstreamPipeline lowers tensor, linalg, scf, memref, math, arith, func
// and cf programs to the LLVM dialect for mlir-runner (convert-ub-to-llvm
// for the ub.poison that upstream's shape_cast lowering makes of n-D
// vectors printed at run time).
const upstreamPipeline = "--one-shot-bufferize=bufferize-function-boundaries --scf-forall-to-for " +
	"--convert-linalg-to-loops --convert-vector-to-scf --expand-strided-metadata --lower-affine --convert-scf-to-cf --convert-vector-to-llvm " +
	"--finalize-memref-to-llvm --convert-math-to-llvm --convert-math-to-libm --convert-arith-to-llvm --convert-index-to-llvm " +
	"--convert-ub-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts"

var baseAddr = regexp.MustCompile(`base@ = 0x[0-9a-f]+`)

// maskAddresses hides heap addresses, which differ from run to run.
func maskAddresses(s string) string { return baseAddr.ReplaceAllString(s, "base@ = 0x?") }

func runnerTools(t *testing.T) (mlirOpt, runner, libs string) {
	mlirOpt = testutil.Tool(t, "mlir-opt-22")
	runner = testutil.LookTool("mlir-runner-22")
	if runner == "" {
		if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-runner"); err == nil {
			runner = "/usr/lib/llvm-22/bin/mlir-runner"
		} else {
			testutil.Missing(t, "mlir-runner (apt-get install mlir-22-tools)")
		}
	}
	var found []string
	for _, lib := range []string{"libmlir_runner_utils.so", "libmlir_c_runner_utils.so"} {
		matches, _ := filepath.Glob("/usr/lib/llvm-22/lib/" + lib + "*")
		if len(matches) == 0 {
			testutil.Missing(t, lib)
		}
		found = append(found, matches[0])
	}
	return mlirOpt, runner, strings.Join(found, ",")
}

// needsDecomposition reports whether the program src uses operations
// that upstream's lowering to loops accepts only once
// testdata/decompose.mlir has decomposed them: linalg.softmax and the
// winograd transforms (decomposed), linalg.pack and linalg.unpack
// (lowered to tensor and linalg operations).
func needsDecomposition(src string) bool {
	for _, op := range []string{"linalg.softmax", "linalg.pack", "linalg.unpack", "linalg.winograd_"} {
		if strings.Contains(src, op) {
			return true
		}
	}
	return false
}

// upstreamOutput lowers file with mlir-opt-22 and runs @main with
// mlir-runner.
func upstreamOutput(t *testing.T, file string) string {
	t.Helper()
	mlirOpt, runner, libs := runnerTools(t)
	ll := filepath.Join(t.TempDir(), "lowered.mlir")
	args := strings.Fields(upstreamPipeline)
	if src, err := os.ReadFile(file); err == nil {
		if needsDecomposition(string(src)) {
			lib, _ := filepath.Abs(filepath.Join("testdata", "decompose.mlir"))
			args = append([]string{"--transform-preload-library=transform-library-paths=" + lib, "--transform-interpreter"}, args...)
		}
		args = append(upstreamPasses(string(src)), args...)
	}
	cmd := exec.Command(mlirOpt, append(args, file, "-o", ll)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mlir-opt-22 %s: %v\n%s", file, err, out)
	}
	out, err := exec.Command(runner, "-e", "main", "-entry-point-result=void", "-shared-libs="+libs, ll).Output()
	if err != nil {
		t.Fatalf("mlir-runner %s: %v", file, err)
	}
	return string(out)
}

// upstreamPasses returns the passes a program's `// UPSTREAM-PASSES:`
// lines ask to run before the lowering pipeline: upstream steps that
// convert-vector-to-llvm leaves to a pass of their own (lower-vector-mask
// folding vector.mask into the masked transfers).
func upstreamPasses(src string) []string {
	var passes []string
	for _, l := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "// UPSTREAM-PASSES:"); ok {
			passes = append(passes, strings.Fields(rest)...)
		}
	}
	return passes
}

// genericForm prints file in MLIR's generic form with mlir-opt-22, so that
// it parses whichever dialects are registered.
func genericForm(t *testing.T, file string) string {
	t.Helper()
	mlirOpt, _, _ := runnerTools(t)
	out, err := exec.Command(mlirOpt, "--mlir-print-op-generic", file).Output()
	if err != nil {
		t.Fatalf("mlir-opt-22 --mlir-print-op-generic %s: %v", file, err)
	}
	g := filepath.Join(t.TempDir(), filepath.Base(file))
	if err := os.WriteFile(g, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return g
}

func diffPrograms(t *testing.T) []string {
	files, _ := filepath.Glob(filepath.Join("testdata", "diff", "*.mlir"))
	ex, _ := filepath.Glob(filepath.Join(testutil.RepoRoot(), "examples", "*", "*.mlir"))
	for _, f := range ex {
		// Programs written at the tile level (examples/mixed-levels) have
		// no upstream counterpart: mlir-opt-22 has no tile dialect.
		if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), "func.func @main()") && strings.Contains(string(b), "@printMemref") &&
			!strings.Contains(string(b), "tile.func @") {
			files = append(files, f)
		}
	}
	return files
}

// TestDifferentialPrograms runs every program of testdata/diff and every
// example with a printing main through strata-run (with every dialect
// registered, as the tool has them) and through mlir-opt-22
// + mlir-runner, and compares their output (heap addresses masked).
func TestDifferentialPrograms(t *testing.T) {
	files := diffPrograms(t)
	if len(files) < 3 {
		t.Fatalf("found only %d programs", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want := upstreamOutput(t, file)
			got, errs, code := runCLIAll([]string{"--allow-unregistered-dialect", "-e", "main", "-entry-point-result=void", genericForm(t, file)}, "")
			if code != 0 {
				t.Fatalf("strata-run failed (exit %d): %s", code, errs)
			}
			if maskAddresses(got) != maskAddresses(want) {
				t.Errorf("output differs\n--- strata-run\n%s\n--- mlir-runner\n%s", got, want)
			}
		})
	}
}
