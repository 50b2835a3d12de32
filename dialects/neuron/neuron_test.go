package neuron_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// TestGeneratedFresh checks that neuron_gen.go is what strata-tblgen
// makes of neuron.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "neuron.irdl", "neuron_gen.go", "neuron")
}

// inputs returns the neuron programs the syntax tests read: the lit test
// of every operation and the emitter's inputs (kernels as tile-to-neuron
// makes them).
func inputs(t *testing.T) []string {
	files := []string{filepath.Join(testutil.RepoRoot(), "tests", "neuron", "ops.mlir")}
	more, _ := filepath.Glob(filepath.Join(testutil.RepoRoot(), "targets", "nki", "testdata", "*.mlir"))
	files = append(files, more...)
	if len(files) < 2 {
		t.Fatal("no neuron programs found")
	}
	return files
}

// run runs strata-opt in process on src and returns its output.
func run(t *testing.T, src string, args ...string) string {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	if code := opt.Run(ctx, append(args, "-"), opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("strata-opt %v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

// TestRoundTrip checks that the custom form and the generic form each
// print what they read: printing, parsing the print and printing again
// gives the same text, and the generic form parses back to the custom one.
func TestRoundTrip(t *testing.T) {
	for _, path := range inputs(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			custom := run(t, string(data))
			if again := run(t, custom); again != custom {
				t.Errorf("custom form is not stable:\n%s\nthen\n%s", custom, again)
			}
			generic := run(t, string(data), "--mlir-print-op-generic")
			if again := run(t, generic, "--mlir-print-op-generic"); again != generic {
				t.Errorf("generic form is not stable:\n%s\nthen\n%s", generic, again)
			}
			if back := run(t, generic); back != custom {
				t.Errorf("generic form reads back as\n%s\nnot\n%s", back, custom)
			}
		})
	}
}

// TestGenericMatchesMLIR checks that mlir-opt-22, which does not know the
// neuron dialect, reads Strata's generic form of neuron programs and
// prints it back byte for byte, with and without locations.
func TestGenericMatchesMLIR(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	for _, path := range inputs(t) {
		for _, debug := range []bool{false, true} {
			args := []string{"--mlir-print-op-generic"}
			if debug {
				args = append(args, "--mlir-print-debuginfo")
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			generic := run(t, string(data), args...)
			cmd := exec.Command(mlirOpt, append([]string{"--allow-unregistered-dialect"}, append(args, "-")...)...)
			cmd.Stdin = strings.NewReader(generic)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: mlir-opt-22: %v\n%s", path, err, errb.String())
			}
			if out.String() != generic {
				t.Errorf("%s (debuginfo %v): mlir-opt-22 prints\n%s\nStrata prints\n%s", path, debug, out.String(), generic)
			}
		}
	}
}
