package opt_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
)

// invalidGroups are the groups of the invalid corpus whose chunks
// TestInvalidCorpus runs.
var invalidGroups = map[string]bool{"IR": true, "Dialect/Func": true}

// invalidChunks lists the chunks of invalidGroups (as "group/name") that
// only use dialects Strata models: no operations, unregistered ops, func
// and builtin. Dialects registered in the test context that Strata does not
// implement yet (arith, affine, cf, test, ...) exclude a chunk.
func invalidChunks(t *testing.T, root string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx := newContext()
	supported := func(d string) bool {
		switch d {
		case "(none)", "(no ops)", "func", "builtin":
			return true
		}
		return ctx.Dialect(d) == nil
	}
	var chunks []string
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 11 || !invalidGroups[cols[0]] {
			continue
		}
		ok := true
		for _, d := range strings.Split(cols[10], ",") {
			ok = ok && supported(d)
		}
		if ok {
			chunks = append(chunks, cols[0]+"/"+cols[1])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Strings(chunks)
	return chunks
}

// readExpectedFailures reads testdata/invalid_expected_failures.txt: one
// chunk per line, `#` comments.
func readExpectedFailures(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "invalid_expected_failures.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		if l = strings.TrimSpace(l); l != "" {
			out[l] = true
		}
	}
	return out
}

// TestInvalidCorpus runs `strata-opt --allow-unregistered-dialect
// --verify-diagnostics` on the chunks of the invalid corpus (upstream
// tests whose expected-* annotations mlir-opt-22 satisfies) that use only
// the dialects Strata models. A chunk passes when every annotation matches
// and no other diagnostic is produced. The chunks listed in
// testdata/invalid_expected_failures.txt are known not to pass yet; the
// test fails when any other chunk fails and also when a listed chunk
// passes, so that the list shrinks as Strata improves.
func TestInvalidCorpus(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "invalid")
	chunks := invalidChunks(t, root)
	if len(chunks) == 0 {
		t.Fatal("no invalid chunks selected")
	}
	expected := readExpectedFailures(t)
	known := map[string]bool{}
	passed := 0
	for _, c := range chunks {
		known[c] = true
		t.Run(c, func(t *testing.T) {
			_, stderr, code := runStrata(t, "--allow-unregistered-dialect", "--verify-diagnostics", filepath.Join(root, c+".mlir"))
			switch {
			case code == 0 && expected[c]:
				passed++
				t.Errorf("%s passes now: remove it from testdata/invalid_expected_failures.txt", c)
			case code == 0:
				passed++
			case !expected[c]:
				t.Errorf("%s fails (exit %d):\n%s", c, code, stderr)
			}
		})
	}
	for c := range expected {
		if !known[c] {
			t.Errorf("testdata/invalid_expected_failures.txt lists %s, which is not a selected chunk", c)
		}
	}
	t.Logf("%d of %d invalid chunks pass; %d listed as expected failures", passed, len(chunks), len(expected))
}
