package tileverify_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/transforms/tileverify"
)

// TestCheckGEMM checks the GEMM of dialects/tile/testdata (128x128x64
// bf16 blocks, an f32 accumulator, 33280 bytes of loaded blocks) against
// every chip: it fits the GPUs and Trainium, and breaks the TPU's (8, 128)
// block rule (its 128x64 block of A) and MXU tiling (K = 64).
func TestCheckGEMM(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "dialects", "tile", "testdata", "gemm.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "gemm.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"sm_80": 0, "sm_90a": 0, "gfx90a": 0, "gfx942": 0, "gfx950": 0, "tpu-v5e": 2, "tpu-v6e": 2, "trn1": 0, "trn2": 0}
	for _, name := range chips.Names() {
		chip, _ := chips.Lookup(name)
		var got []string
		m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			if k, ok := tile.AsFuncOp(o); ok {
				tileverify.Check(chip, k, func(at *ir.Operation, format string, args ...any) {
					got = append(got, at.Name()+": "+fmt.Sprintf(format, args...))
				})
			}
			return true
		})
		if len(got) != want[name] {
			t.Errorf("%s: %d violations, want %d: %q", name, len(got), want[name], got)
		}
	}
}
