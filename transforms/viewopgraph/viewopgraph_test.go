package viewopgraph_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/transforms/internal/passtest"
	"github.com/strata-ir/strata/transforms/viewopgraph"
)

// TestAgainstMLIR writes the graph of each testdata file with several
// option sets and compares it with what mlir-opt-22 --view-op-graph writes.
func TestAgainstMLIR(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	files := passtest.Files(t)
	cases := []struct {
		flag string
		opts func(*viewopgraph.Options)
	}{
		{"", func(*viewopgraph.Options) {}},
		{"print-control-flow-edges=1 max-label-len=5", func(o *viewopgraph.Options) { o.PrintControlFlowEdges, o.MaxLabelLen = true, 5 }},
		{"print-attrs=0", func(o *viewopgraph.Options) { o.PrintAttrs = false }},
		{"print-result-types=0 print-data-flow-edges=0", func(o *viewopgraph.Options) { o.PrintResultTypes, o.PrintDataFlowEdges = false, false }},
	}
	for _, f := range files {
		for _, c := range cases {
			t.Run(filepath.Base(f)+"/"+c.flag, func(t *testing.T) {
				flag := "--view-op-graph"
				if c.flag != "" {
					flag += "=" + c.flag
				}
				_, want, code := testutil.Run(t, tool, "--allow-unregistered-dialect", flag, "-o", filepath.Join(t.TempDir(), "out"), f)
				if code != 0 {
					t.Fatalf("mlir-opt failed:\n%s", want)
				}
				_, module := passtest.Parse(t, f)
				opts := viewopgraph.DefaultOptions()
				c.opts(&opts)
				var got strings.Builder
				if err := viewopgraph.Write(&got, module, opts); err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(want, got.String()); diff != "" {
					t.Errorf("graph differs (-mlir-opt +strata):\n%s", diff)
				}
			})
		}
	}
}
