package index_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/progtest"
	"github.com/strata-ir/strata/opt"
)

// TestPrograms runs the programs of testdata against their CHECK lines.
func TestPrograms(t *testing.T) {
	progtest.CheckPrograms(t, filepath.Join("testdata", "*.mlir"))
}

// TestLowered runs the programs of testdata lowered by
// convert-index-to-llvm (the ceiling and floor divisions expanded), which
// must print what they print unlowered.
func TestLowered(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			var low, errb strings.Builder
			if code := opt.Run(ctx, []string{"--convert-index-to-llvm", file}, opt.Stdio{In: strings.NewReader(""), Out: &low, Err: &errb}); code != 0 {
				t.Fatalf("lowering: exit %d: %s", code, errb.String())
			}
			if strings.Contains(low.String(), "index.") {
				t.Fatalf("index operations left:\n%s", low.String())
			}
			path := filepath.Join(t.TempDir(), filepath.Base(file))
			if err := os.WriteFile(path, []byte(low.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			want, _, code := progtest.Run(file)
			got, errs, code2 := progtest.Run(path)
			if code != 0 || code2 != 0 {
				t.Fatalf("exit %d and %d: %s", code, code2, errs)
			}
			if data(got) != data(want) {
				t.Errorf("lowered, prints\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// data drops the memref headers, whose addresses differ, from printed
// output.
func data(out string) string {
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "Unranked Memref") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}
