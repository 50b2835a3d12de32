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

// TestConformanceCustom reads every corpus chunk as upstream wrote it
// (custom syntax) and checks that strata-opt prints both the custom form
// and the generic form exactly as mlir-opt-22 printed them (the chunk's
// .custom.mlir and .generic.mlir). Chunks listed in
// testdata/xfail/custom.*.txt are known not to match yet.
func TestConformanceCustom(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := newXfail(t, "custom")
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 {
			continue
		}
		group, name := cols[0], cols[1]
		base := filepath.Join(root, group, name)
		var problems []string
		for _, form := range []string{"custom", "generic"} {
			want, err := os.ReadFile(base + "." + form + ".mlir")
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"--allow-unregistered-dialect"}
			if form == "generic" {
				args = append(args, "--mlir-print-op-generic")
			}
			got, stderr, _ := runStrata(t, append(args, base+".input.mlir")...)
			if got != string(want) {
				problems = append(problems, fmt.Sprintf("%s form differs (-mlir-opt +strata-opt):\n%s%s", form, cmp.Diff(string(want), got), stderr))
			}
		}
		x.check(t, group, group+"/"+name, len(problems) == 0, func() string { return strings.Join(problems, "\n") })
	}
	x.finish(t)
}
