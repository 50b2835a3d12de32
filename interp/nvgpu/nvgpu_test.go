package nvgpu_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/run"
)

// TestPrograms runs the kernels of testdata with strata-run and matches
// their output against their CHECK lines, computed by hand from the PTX
// ISA's definitions, and the programs of testdata/errors, whose planted
// bugs must fail with the located errors of their CHECK lines.
func TestPrograms(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no programs in testdata")
	}
	bugs, _ := filepath.Glob(filepath.Join("testdata", "errors", "*.mlir"))
	files = append(files, bugs...)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb bytes.Buffer
			code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file},
				run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			got := out.String()
			if filepath.Base(filepath.Dir(file)) == "errors" {
				if code != 1 {
					t.Fatalf("exit %d, want 1:\n%s", code, errb.String())
				}
				got = errb.String()
			} else if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errb.String())
			}
			if err := filecheck.Match(got, filecheck.Parse(string(src), "CHECK")); err != nil {
				t.Errorf("%v\ngot:\n%s", err, got)
			}
		})
	}
}

// TestPlantedBugs plants bugs in the programs of testdata and checks
// the located errors: a wrong transaction count never completes the
// mbarrier's phase (a deadlock at the wait), and so does a multicast
// that leaves out a block expecting the bytes; a multicast into a block
// whose mbarrier is not yet initialized, or beyond the cluster, is an
// error. testdata/errors holds
// programs with bugs of their own.
func TestPlantedBugs(t *testing.T) {
	tests := []struct{ name, file, old, new, want string }{
		{"transaction count", "tma.mlir", "arith.constant 5120 : index", "arith.constant 5124 : index",
			"tma.mlir:61:7: error: deadlock: every thread still running waits and no wait can succeed"},
		{"multicast to one block", "tma_multicast.mlir", "arith.constant 3 : i16", "arith.constant 1 : i16",
			"tma_multicast.mlir:52:7: error: deadlock: every thread still running waits and no wait can succeed"},
		{"multicast before the cluster barrier", "tma_multicast.mlir", "      nvvm.cluster.arrive\n      nvvm.cluster.wait\n", "",
			"tma_multicast.mlir:46:9: error: multicast: block (1, 0, 0) of the cluster has not made its mbarriers yet"},
		{"multicast beyond the cluster", "tma_multicast.mlir", "arith.constant 3 : i16", "arith.constant 7 : i16",
			"tma_multicast.mlir:48:9: error: the multicast mask 0x7 names blocks beyond the cluster of 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			bad := strings.Replace(string(src), tc.old, tc.new, 1)
			if bad == string(src) {
				t.Fatal("the text to replace is not in the program")
			}
			file := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var out, errb bytes.Buffer
			code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file},
				run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != 1 || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant %q", code, errb.String(), tc.want)
			}
		})
	}
}
