package chips

import (
	"slices"
	"testing"
)

// TestTable checks that chips.mlir decodes and describes every chip the
// lowerings of tile target.
func TestTable(t *testing.T) {
	if err := Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"gfx90a", "gfx942", "gfx950", "sm_80", "sm_90a", "tpu-v5e", "tpu-v6e", "trn1", "trn2"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("chips %v, want %v", got, want)
	}
	for _, c := range []struct {
		name      string
		warp      int64
		mem       int64
		partition int64
		rule      string
	}{
		{"sm_80", 32, 166912, 0, ""},
		{"sm_90a", 32, 232448, 0, ""},
		{"gfx90a", 64, 65536, 0, ""},
		{"gfx942", 64, 65536, 0, ""},
		{"gfx950", 64, 163840, 0, ""},
		{"tpu-v5e", 0, 128 << 20, 0, "tpu"},
		{"tpu-v6e", 0, 128 << 20, 0, "tpu"},
		{"trn1", 0, 24 << 20, 128, ""},
		{"trn2", 0, 28 << 20, 128, ""},
	} {
		ch, ok := Lookup(c.name)
		if !ok {
			t.Fatalf("no %s", c.name)
		}
		if ch.WarpSize != c.warp || ch.MemoryBytes != c.mem || ch.PartitionMax != c.partition || ch.BlockRule != c.rule || len(ch.Matrix) == 0 {
			t.Errorf("%s: %+v", c.name, ch)
		}
	}
	h, _ := Lookup("sm_90a")
	if in := h.Matrix[0]; in.M != 64 || in.N != 8 || in.K != 16 || !slices.Equal(in.A, []string{"f16"}) || !slices.Equal(in.B, in.A) || !slices.Equal(in.Acc, []string{"f32", "f16"}) {
		t.Errorf("sm_90a's first instruction: %+v", in)
	}
	if _, ok := Lookup("sm_70"); ok {
		t.Error("sm_70 is not described")
	}
}

// TestDecodeErrors checks that malformed descriptions are reported.
func TestDecodeErrors(t *testing.T) {
	for _, src := range []string{
		`{x = 1}`,
		`{x = {vendor = "a", memory_bytes = 0}}`,
		`{x = {vendor = "a", memory_bytes = 4, colour = "red"}}`,
		`{x = {vendor = "a", memory_bytes = 4, block_rule = "gpu"}}`,
		`{x = {vendor = "a", memory_bytes = 4, matrix = [{m = 0, n = 8, k = 8, a = [f16], acc = [f32]}]}}`,
		`{x = {vendor = 3, memory_bytes = 4}}`,
		`{x = {vendor = "a", memory_bytes = 4, vector_dot = [1]}}`,
		`{x = {`,
	} {
		if _, err := parse(src); err == nil {
			t.Errorf("%s: no error", src)
		}
	}
}
