package tiletonvgpu_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/tune"
)

// TestSM90TuneCache lowers a GEMM with a winners cache: the kernel's key
// is its operand type and the class of its 150x136x104 problem, a
// winner of that key gives the kernel its options (ping-pong, whole
// 128x128 accumulators in a warpgroup; 3 persistent blocks; or clusters
// of two blocks), checked on
// the interpreter; another key or chip leaves the defaults; a bad cached
// value is a located error.
func TestSM90TuneCache(t *testing.T) {
	_, m := tiledSM90(t, "gemm_tiles.mlir")
	var keys []tune.Key
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if _, ok := tile.AsFuncOp(op); ok {
			if k, ok := tiletonvgpu.GEMMKey(op, "sm_90a"); ok {
				keys = append(keys, k)
			}
			return false
		}
		return true
	})
	want := tune.Key{Kernel: "gemm.bf16", Class: "256x256x128", Chip: "sm_90a"}
	if len(keys) != 1 || keys[0] != want {
		t.Fatalf("GEMM keys %v, want [%v]", keys, want)
	}
	dir := t.TempDir()
	write := func(name string, w ...tune.Winner) string {
		c := &tune.Cache{}
		for _, x := range w {
			c.Put(x)
		}
		p := filepath.Join(dir, name)
		if err := c.Save(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pingpong := map[string]string{"ping-pong": "true", "persistent": "3", "group-m": "2", "tile-sizes-note": "ignored"}
	hit := write("hit.json", tune.Winner{Key: want, TileSizes: "128,128,64", Options: pingpong})
	other := want
	other.Class = "512x256x128"
	miss := write("miss.json", tune.Winner{Key: other, Options: pingpong})
	clustered := write("cluster.json", tune.Winner{Key: want, Options: map[string]string{"cluster": "2", "persistent": "2"}})
	for _, c := range []struct {
		cache      string
		want, none []string
	}{
		{hit, []string{"vector<128x128xf32>", "arith.minui", "%c3"}, []string{"vector<64x128xf32>"}},
		{miss, []string{"vector<64x128xf32>"}, []string{"vector<128x128xf32>", "clusters in"}},
		{clustered, []string{"clusters in (%c2", "nvgpu.mbarrier.arrive.cluster"}, nil},
	} {
		ctx, m := parse(t, filepath.Join("testdata", "gemm_tiles.mlir"))
		validate(t, ctx, m, "linalg-to-tile{target=sm_90a tile-sizes=128,128,64}, tile-to-nvgpu{chip=sm_90a tune-cache="+c.cache+"}")
		var sb strings.Builder
		if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(sb.String(), w) {
				t.Errorf("%s: no %q in the lowered module", filepath.Base(c.cache), w)
			}
		}
		for _, w := range c.none {
			if strings.Contains(sb.String(), w) {
				t.Errorf("%s: %q in the lowered module", filepath.Base(c.cache), w)
			}
		}
	}
	// linalg-to-tile takes the cached winner's blocks in place of its
	// tile-sizes: 64x64 accumulators, one consumer warpgroup.
	blocks := write("blocks.json", tune.Winner{Key: want, TileSizes: "64,64,64"})
	{
		ctx, m := parse(t, filepath.Join("testdata", "gemm_tiles.mlir"))
		validate(t, ctx, m, "linalg-to-tile{target=sm_90a tile-sizes=128,128,64 tune-cache="+blocks+"}, tile-to-nvgpu{chip=sm_90a tune-cache="+blocks+"}")
		var sb strings.Builder
		if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(sb.String(), "vector<64x64xf32>") || strings.Contains(sb.String(), "vector<64x128xf32>") {
			t.Errorf("the cached blocks were not taken")
		}
	}
	bad := write("bad.json", tune.Winner{Key: want, Options: map[string]string{"ping-pong": "sometimes"}})
	badCluster := write("bad-cluster.json", tune.Winner{Key: want, Options: map[string]string{"cluster": "3"}})
	junk := filepath.Join(dir, "junk.json")
	if err := os.WriteFile(junk, []byte("{\"winners\": [{}]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ cache, msg string }{
		{bad, `gemm.bf16 256x256x128 sm_90a ping-pong="sometimes", which is not a valid value`},
		{junk, "lacks its kernel, class or chip"},
		{badCluster, `gemm.bf16 256x256x128 sm_90a cluster="3", which is not a valid value`},
	} {
		ctx, m := parse(t, filepath.Join("testdata", "gemm_tiles.mlir"))
		pm := pass.NewManager(ctx, "builtin.module")
		if err := pm.Parse("builtin.module(linalg-to-tile{target=sm_90a tile-sizes=128,128,64}, tile-to-nvgpu{chip=sm_90a tune-cache=" + c.cache + "})"); err != nil {
			t.Fatal(err)
		}
		err := pm.Run(m)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want %q", filepath.Base(c.cache), err, c.msg)
		}
	}
}

// TestSM90AttentionTuneCache lowers attention kernels with a winners
// cache: a kernel's key is its operand type, ".causal" when its attention
// runs in two loops, and the class of its queries, keys and head size; a
// winner of the key rotates its loop (attention-overlap, whose lowering
// TestFlash90Semantics checks on the interpreter), a winner of another
// key leaves it as it is, and a bad value is a located error.
func TestSM90AttentionTuneCache(t *testing.T) {
	keyOf := func(file string) []tune.Key {
		_, m := tiledSM90(t, file)
		var keys []tune.Key
		m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			if _, ok := tile.AsFuncOp(op); ok {
				if _, ok := tiletonvgpu.GEMMKey(op, "sm_90a"); ok {
					t.Errorf("%s: an attention kernel keyed as a GEMM", file)
				}
				if k, ok := tiletonvgpu.AttentionKey(op, "sm_90a"); ok {
					keys = append(keys, k)
				}
				return false
			}
			return true
		})
		return keys
	}
	causal := tune.Key{Kernel: "attention.bf16.causal", Class: "256x256x64", Chip: "sm_90a"}
	plain := tune.Key{Kernel: "attention.bf16", Class: "128x128x64", Chip: "sm_90a"}
	if k := keyOf("flash90_causal.mlir"); len(k) != 1 || k[0] != causal {
		t.Errorf("causal attention keys %v, want [%v]", k, causal)
	}
	if k := keyOf("flash90_main.mlir"); len(k) != 1 || k[0] != plain {
		t.Errorf("attention keys %v, want [%v]", k, plain)
	}
	dir := t.TempDir()
	write := func(name string, w tune.Winner) string {
		c := &tune.Cache{}
		c.Put(w)
		p := filepath.Join(dir, name)
		if err := c.Save(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	overlap := map[string]string{"attention-overlap": "true"}
	hit := write("hit.json", tune.Winner{Key: causal, Options: overlap})
	miss := write("miss.json", tune.Winner{Key: plain, Options: overlap})
	bad := write("bad.json", tune.Winner{Key: causal, Options: map[string]string{"attention-overlap": "often"}})
	for _, c := range []struct {
		cache   string
		rotated bool
		err     string
	}{
		{hit, true, ""},
		{miss, false, ""},
		{bad, false, `attention.bf16.causal 256x256x64 sm_90a attention-overlap="often", which is not a valid value`},
	} {
		ctx, m := parse(t, filepath.Join("testdata", "flash90_causal.mlir"))
		pm := pass.NewManager(ctx, "builtin.module")
		if err := pm.Parse("builtin.module(linalg-to-tile{target=sm_90a tile-sizes=128,128,64}, tile-to-nvgpu{chip=sm_90a tune-cache=" + c.cache + "})"); err != nil {
			t.Fatal(err)
		}
		err := pm.Run(m)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", filepath.Base(c.cache), err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(sb.String(), "waitGroup = 2"); got != c.rotated {
			t.Errorf("%s: rotated loop %v, want %v", filepath.Base(c.cache), got, c.rotated)
		}
	}
}

// tiledSM90 parses testdata/file and tiles its linalg operations for
// sm_90a in 128x128x64 blocks, as the winners cache's keys are read.
func tiledSM90(t *testing.T, file string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx, m := parse(t, filepath.Join("testdata", file))
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(linalg-to-tile{target=sm_90a tile-sizes=128,128,64})"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}
