package opt_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/internal/testutil"
)

// TestConformancePasses runs every corpus chunk that has a .pass.mlir with
// the chunk's pass flags and compares strata-opt's output with mlir-opt-22's
// recorded one. Chunks listed in testdata/xfail/pass.*.txt are expected to
// differ still.
func TestConformancePasses(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	x := newXfail(t, "pass")
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 12 || cols[10] == "" || cols[11] == "" {
			continue
		}
		group, name, flags := cols[0], cols[1], testutil.ShellSplit(cols[10])
		id := group + "/" + name
		base := filepath.Join(root, group, name)
		want, err := os.ReadFile(base + ".pass.mlir")
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string{"--allow-unregistered-dialect"}, flags...)
		args = append(args, base+".input.mlir")
		got, _, _ := runStrata(t, args...)
		x.check(t, group, id, got == string(want), func() string {
			return fmt.Sprintf("%v differs from mlir-opt-22:\n%s", flags, cmp.Diff(string(want), got))
		})
	}
	x.finish(t)
}
