package opt_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/internal/testutil"
)

// TestConformancePasses runs every corpus chunk that has a .pass.mlir with
// the chunk's pass flags and compares strata-opt's output with mlir-opt-22's
// recorded one. Chunks listed in testdata/pass_expected_failures.txt are
// expected to differ still (their dialects are not defined yet); the test
// fails when one of them starts passing, so the list stays honest.
func TestConformancePasses(t *testing.T) {
	root := filepath.Join(testutil.Shared(t), "conformance", "corpus")
	expected := readList(t, filepath.Join("testdata", "pass_expected_failures.txt"))
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var failing []string
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
		ok := got == string(want)
		if !ok {
			failing = append(failing, id)
		}
		switch {
		case !ok && !expected[id]:
			t.Errorf("%s (%v) differs from mlir-opt-22:\n%s", id, flags, cmp.Diff(string(want), got))
		case ok && expected[id]:
			t.Errorf("%s now passes: remove it from testdata/pass_expected_failures.txt", id)
		}
	}
	sort.Strings(failing)
	t.Logf("%d pass chunks still differ", len(failing))
}

func readList(t *testing.T, path string) map[string]bool {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}
