package tiletonvgpu_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/pass"
)

// TestFlashDynamicShared lowers an attention kernel whose ring of K and V
// stages (three of 64 keys of 128 bf16 each, 96 KiB) is past the static
// shared memory: the ring is a view of the dynamic shared memory and the
// launch passes its size. (The interpreter has no memref.view of bytes;
// the GPU benchmark runs this path.)
func TestFlashDynamicShared(t *testing.T) {
	ctx, m := parse(t, filepath.Join("testdata", "flash_d128.mlir"))
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(tile-to-nvgpu{chip=sm_80})"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, w := range []string{
		"gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>",
		"memref.view", "to memref<49152xbf16, #gpu.address_space<workgroup>>",
		"dynamic_shared_memory_size", "arith.constant 98304 : i32",
		"nvgpu.ldmatrix", "transpose = true", "nvgpu.device_async_copy",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in the lowered module", w)
		}
	}
	if strings.Contains(out, "workgroup(") {
		t.Errorf("static shared memory left")
	}
}
