package pipefuzz_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/pipefuzz"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// inProcess runs strata-opt's driver in the test process, turning a panic
// that escapes it into a crash result.
type inProcess struct{}

func (inProcess) Run(input string, args ...string) (res pipefuzz.Result) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	defer func() {
		if v := recover(); v != nil {
			res = pipefuzz.Result{Code: 2, Stderr: errb.String() + "\npanic: " + fmt.Sprint(v) + "\n\n" + string(debug.Stack())}
		}
	}()
	code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(input), Out: &out, Err: &errb})
	return pipefuzz.Result{Code: code, Stdout: out.String(), Stderr: errb.String()}
}

// TestReplayFindings runs every fixed finding in testdata/pipefuzz again:
// none may crash, leave invalid IR or print output that does not read
// back. (testdata/pipefuzz/open holds inputs whose behaviour matches
// mlir-opt-22; they are seeds only.)
func TestReplayFindings(t *testing.T) {
	t.Setenv("STRATA_PANIC_STACKS", "1")
	files, err := filepath.Glob(filepath.Join(testutil.RepoRoot(), "testdata", "pipefuzz", "*.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no findings in testdata/pipefuzz")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sig, p, input, ok := pipefuzz.ParseFinding(string(data))
			if !ok {
				t.Fatal("no // PIPELINE: header")
			}
			if o := pipefuzz.Check(inProcess{}, input, p); o.IsFinding() {
				t.Errorf("%s on %s: %s (was: %s)\n%s", p, filepath.Base(f), o.Sig, sig, o.Stderr)
			}
		})
	}
}
