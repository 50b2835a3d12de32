package run_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/run"
)

// upstreamEntry returns the entry function of an upstream integration
// test: @entry where the file defines one, else @main.
func upstreamEntry(src string) string {
	if strings.Contains(src, "func.func @entry(") {
		return "entry"
	}
	return "main"
}

// strataRun runs strata-run with every dialect registered.
func strataRun(args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := run.Run(ctx, args, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestUpstreamIntegration runs upstream's integration tests of
// testdata/upstream, unchanged but for their RUN and CHECK lines, with
// strata-run (the interpreter and --engine=cpu) and with mlir-opt-22 +
// mlir-runner, with mlir-runner's flags, and requires the same output
// (heap addresses masked).
func TestUpstreamIntegration(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "upstream", "*.mlir"))
	if len(files) < 5 {
		t.Fatalf("found only %d programs", len(files))
	}
	mlirOpt, runner, libs := runnerTools(t)
	_, cpuErr := run.FindToolchain()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			entry := upstreamEntry(string(src))
			ll := filepath.Join(t.TempDir(), "lowered.mlir")
			if out, err := exec.Command(mlirOpt, append(strings.Fields(upstreamPipeline), file, "-o", ll)...).CombinedOutput(); err != nil {
				t.Fatalf("mlir-opt-22 %s: %v\n%s", file, err, out)
			}
			cmd := exec.Command(runner, "-e", entry, "-entry-point-result=void", "-shared-libs="+libs, ll)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			want, err := cmd.Output()
			if err != nil {
				t.Fatalf("mlir-runner %s: %v\n%s", file, err, stderr.String())
			}
			if len(want) == 0 {
				t.Fatal("mlir-runner printed nothing")
			}
			flags := []string{"-e", entry, "-entry-point-result=void", "-shared-libs=" + libs}
			engines := [][]string{nil}
			if cpuErr == nil {
				engines = append(engines, []string{"--engine=cpu"})
			} else if os.Getenv("CI") == "true" {
				t.Errorf("--engine=cpu not checked: %v", cpuErr)
			}
			for _, engine := range engines {
				out, errs, code := strataRun(append(append(append([]string{}, flags...), engine...), file)...)
				if code != 0 {
					t.Errorf("strata-run %v failed (exit %d): %s", engine, code, errs)
					continue
				}
				if diff := cmp.Diff(maskAddresses(string(want)), maskAddresses(out)); diff != "" {
					t.Errorf("strata-run %v differs from mlir-runner (-mlir-runner +strata-run):\n%s", engine, diff)
				}
			}
		})
	}
}
