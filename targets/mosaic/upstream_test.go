package mosaic_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
)

// TestUpstreamVerifies is a second opinion on the golden Mosaic modules:
// their generic form, with the TPU memory spaces replaced by integers
// (MLIR accepts no unregistered memory space) and semaphores by i32, goes through mlir-opt-22
// --allow-unregistered-dialect --verify-each, which verifies every func,
// arith, math, vector, scf and memref operation of the kernels with
// upstream's verifiers (the tpu operations are opaque to it; JAX's own
// check of them is scripts/tpu-device-check.sh).
func TestUpstreamVerifies(t *testing.T) {
	tool := testutil.Tool(t, "mlir-opt-22")
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no golden Mosaic modules")
	}
	// Semaphores are not memref element types upstream: they become i32
	// in memory space 4.
	spaces := strings.NewReplacer("#tpu.memory_space<vmem>", "1", "#tpu.memory_space<smem>", "2", "#tpu.memory_space<any>", "3",
		"#tpu.memory_space<semaphore_mem>", "4", "!tpu.dma_semaphore", "i32", "!tpu.semaphore", "i32")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, part := range strings.Split(string(src), "// -----\n") {
			ctx := ir.NewContext()
			all.Register(ctx)
			m := parse(t, ctx, f, []byte(part))
			var sb strings.Builder
			if err := asm.Print(&sb, m, asm.PrintOptions{Generic: true}); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(tool, "--allow-unregistered-dialect", "--verify-each", "-o", filepath.Join(t.TempDir(), "out.mlir"))
			cmd.Stdin = strings.NewReader(spaces.Replace(sb.String()))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s, module %d: mlir-opt-22 rejects it: %v\n%s", filepath.Base(f), i, err, out)
			}
		}
	}
}
