package opt_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Expected failures of the corpus tests live in testdata/xfail, one file
// per test kind and corpus group: KIND.GROUP.txt, where GROUP is the
// corpus group with '/' written as '-' (custom.Dialect-Tensor.txt). Each
// line names one chunk as "group/name"; '#' starts a comment. A test fails
// when an unlisted chunk fails and also when a listed chunk passes, so
// that the lists only shrink.

// xfailPath is the file that lists the expected failures of kind in group.
func xfailPath(kind, group string) string {
	return filepath.Join("testdata", "xfail", kind+"."+strings.ReplaceAll(group, "/", "-")+".txt")
}

// readXfail returns the chunks listed in every testdata/xfail/KIND.*.txt.
func readXfail(t *testing.T, kind string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "xfail", kind+".*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if i := strings.IndexByte(l, '#'); i >= 0 {
				l = l[:i]
			}
			if l = strings.TrimSpace(l); l != "" {
				out[l] = true
			}
		}
	}
	return out
}

// xfailTracker checks a run of chunks against the expected failures of
// one kind.
type xfailTracker struct {
	kind     string
	expected map[string]bool
	seen     map[string]bool
	failing  map[string][]string // by group
	passed   int
}

func newXfail(t *testing.T, kind string) *xfailTracker {
	return &xfailTracker{kind: kind, expected: readXfail(t, kind), seen: map[string]bool{}, failing: map[string][]string{}}
}

// check records the outcome of chunk id ("group/name") and reports it:
// detail describes the failure.
func (x *xfailTracker) check(t *testing.T, group, id string, ok bool, detail func() string) {
	t.Helper()
	x.seen[id] = true
	if ok {
		x.passed++
		if x.expected[id] {
			t.Errorf("%s passes now: remove it from %s", id, xfailPath(x.kind, group))
		}
		return
	}
	x.failing[group] = append(x.failing[group], id)
	if !x.expected[id] {
		t.Errorf("%s fails:\n%s", id, detail())
	}
}

// finish reports listed chunks that were not run, logs a summary and, with
// STRATA_UPDATE_XFAIL=1 in the environment, rewrites the lists to the
// chunks that failed.
func (x *xfailTracker) finish(t *testing.T) {
	t.Helper()
	for c := range x.expected {
		if !x.seen[c] {
			t.Errorf("testdata/xfail lists %s for %s, which is not a selected chunk", c, x.kind)
		}
	}
	n := 0
	for _, f := range x.failing {
		n += len(f)
	}
	t.Logf("%s: %d of %d chunks pass; %d fail", x.kind, x.passed, len(x.seen), n)
	if os.Getenv("STRATA_UPDATE_XFAIL") != "1" {
		return
	}
	old, _ := filepath.Glob(filepath.Join("testdata", "xfail", x.kind+".*.txt"))
	for _, f := range old {
		os.Remove(f)
	}
	for group, ids := range x.failing {
		sort.Strings(ids)
		text := "# Chunks of " + group + " that fail the " + x.kind + " test for now.\n" + strings.Join(ids, "\n") + "\n"
		if err := os.WriteFile(xfailPath(x.kind, group), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
