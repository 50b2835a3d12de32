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

// TestCanonicalizeCorpus runs `--canonicalize` over every corpus chunk
// with strata-opt and with mlir-opt-22 and compares the outputs. Chunks
// listed in testdata/xfail/canonicalize.*.txt are known to differ still.
func TestCanonicalizeCorpus(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := newXfail(t, "canonicalize")
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
		in := filepath.Join(root, group, name+".input.mlir")
		args := []string{"--allow-unregistered-dialect", "--canonicalize", in}
		want, werr, wcode := testutil.Run(t, tool, args...)
		got, gerr, gcode := runStrata(t, args...)
		ok := wcode == gcode && want == got
		x.check(t, group, group+"/"+name, ok, func() string {
			return fmt.Sprintf("exit %d vs %d\n%s%s%s", wcode, gcode, cmp.Diff(want, got), werr, gerr)
		})
	}
	x.finish(t)
}
