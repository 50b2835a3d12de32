package opt_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
)

// invalidChunks lists every chunk of the invalid corpus as "group/name",
// with its group.
func invalidChunks(t *testing.T, root string) (ids, groups []string) {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 11 {
			continue
		}
		ids = append(ids, cols[0]+"/"+cols[1])
		groups = append(groups, cols[0])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ids, groups
}

// TestInvalidCorpus runs `strata-opt --allow-unregistered-dialect
// --verify-diagnostics` on every chunk of the invalid corpus (upstream
// tests whose expected-* annotations mlir-opt-22 satisfies). A chunk
// passes when every annotation matches and no other diagnostic is
// produced. The chunks listed in testdata/xfail/invalid.*.txt are known
// not to pass yet.
func TestInvalidCorpus(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "invalid")
	chunks, groups := invalidChunks(t, root)
	if len(chunks) == 0 {
		t.Fatal("no invalid chunks")
	}
	x := newXfail(t, "invalid")
	for i, c := range chunks {
		_, stderr, code := runStrata(t, "--allow-unregistered-dialect", "--verify-diagnostics", filepath.Join(root, c+".mlir"))
		x.check(t, groups[i], c, code == 0, func() string { return stderr })
	}
	x.finish(t)
}
