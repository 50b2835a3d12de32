package tiletonvgpu_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/semcheck"
)

// TestReductionBarriers counts the barriers of row kernels whose warps
// split the rows: a reduction through shared memory takes a barrier
// after its writes and one after its reads, but the second is dropped
// when another reduction's barrier in the same block always separates
// the reads from the next writes (softmax: max and sum; layernorm: mean
// and variance, also in a persistent grid's loop); a lone reduction
// (rmsnorm) keeps both. The semantics are checked on the SIMT
// interpreter as in TestSemantics.
func TestReductionBarriers(t *testing.T) {
	cases := []struct {
		file, sizes, opts, entry string
		barriers                 int
	}{
		{"softmax.mlir", "1,256,1", "warps=4", "softmax", 2},
		{"softmax_wide.mlir", "1,1024,1", "warps=4", "softmax", 2},
		{"softmax_wide.mlir", "1,1024,1", "warps=8 persistent=3", "softmax", 2},
		// Ragged rows: 1000 columns in blocks of 1024.
		{"layernorm_wide.mlir", "1,1024,1", "warps=4", "layernorm", 2},
		{"layernorm_wide.mlir", "2,1024,1", "warps=8 persistent=2", "layernorm", 2},
		{"rmsnorm_wide.mlir", "1,1024,1", "warps=4 persistent=2", "rmsnorm", 2},
		{"rmsnorm_wide.mlir", "1,1024,1", "warps=8", "rmsnorm", 2},
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.sizes+"/"+c.opts, func(t *testing.T) {
			ctx, m := parse(t, filepath.Join("testdata", c.file))
			pipeline := "linalg-to-tile{target=sm_80 tile-sizes=" + c.sizes + "}, tile-to-nvgpu{chip=sm_80 " + c.opts + "}"
			r, err := semcheck.Validate(ctx, m, pipeline, c.entry)
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil {
				t.Fatalf("%v", r.Failure)
			}
			if r.PassError != nil {
				t.Fatalf("%s: %v", r.FailedPass, r.PassError)
			}
			var sb strings.Builder
			if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(sb.String(), "gpu.barrier"); n != c.barriers {
				t.Errorf("%d barriers, want %d", n, c.barriers)
			}
		})
	}
}
