package run_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/opt"
)

// rocmIntegrationDir holds upstream's ROCm integration tests
// (mlir/test/Integration/GPU/ROCM) in the shared conformance corpus.
const rocmIntegrationDir = "../../shared/conformance/gpu-integration/ROCM"

// rocmStages are the forms in which TestGPUIntegrationROCM runs each
// test: the kernels outlined into a gpu.module targeting gfx942 (so that
// they run on 64-lane waves), then also lowered to the rocdl and llvm
// dialects by Strata's passes, as their RUN lines lower them.
var rocmStages = []struct{ name, pipeline string }{
	{"gpu", "builtin.module(convert-scf-to-cf,gpu-kernel-outlining,rocdl-attach-target{chip=gfx942})"},
	{"rocdl", "builtin.module(convert-scf-to-cf,gpu-kernel-outlining,rocdl-attach-target{chip=gfx942},gpu.module(strip-debuginfo,convert-gpu-to-rocdl{chipset=gfx942 runtime=HIP}),reconcile-unrealized-casts)"},
}

// rocmNotYet lists the stages of tests that do not run yet, with the
// reason; they are still run, and one that passes is reported.
var rocmNotYet = map[string]string{}

// TestGPUIntegrationROCM runs upstream's ROCm integration tests on the
// SIMT interpreter with 64-lane waves, before and after the lowering of
// their kernels to rocdl, and matches the output against their CHECK
// lines.
func TestGPUIntegrationROCM(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(rocmIntegrationDir, "*.mlir"))
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no upstream ROCm integration tests under %s", rocmIntegrationDir)
		}
		t.Skipf("no upstream ROCm integration tests under %s", rocmIntegrationDir)
	}
	sort.Strings(files)
	for _, file := range files {
		for _, stage := range rocmStages {
			name := filepath.Base(file) + "/" + stage.name
			t.Run(name, func(t *testing.T) {
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				ctx := ir.NewContext()
				all.Register(ctx)
				var low, errb bytes.Buffer
				err = nil
				if code := opt.Run(ctx, []string{"--pass-pipeline=" + stage.pipeline, "-"}, opt.Stdio{In: bytes.NewReader(src), Out: &low, Err: &errb}); code != 0 {
					err = errString(errb.String())
				}
				var out string
				if err == nil {
					if !strings.Contains(low.String(), `#rocdl.target<chip = "gfx942">`) {
						t.Fatalf("no gfx942 target in the lowered program")
					}
					path := filepath.Join(t.TempDir(), filepath.Base(file))
					if err := os.WriteFile(path, low.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					var errs string
					var code int
					out, errs, code = strataRun("-e", upstreamEntry(string(src)), "-entry-point-result=void", path)
					if code != 0 {
						err = errString(errs)
					} else {
						err = filecheck.Match(out, filecheck.Parse(string(src), "CHECK"))
					}
				}
				reason, expected := rocmNotYet[name]
				switch {
				case err == nil && expected:
					t.Logf("passes, but is listed as not running yet (%s)", reason)
				case expected:
					t.Logf("does not run yet (%s): %v", reason, err)
				case err != nil:
					t.Errorf("%v\noutput:\n%s", err, out)
				}
			})
		}
	}
}
