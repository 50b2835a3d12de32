package tune

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShapeClass(t *testing.T) {
	for _, c := range []struct {
		dims []int64
		want string
	}{
		{[]int64{4096, 4096, 4096}, "4096x4096x4096"},
		{[]int64{3000, 5000, 2000}, "4096x8192x2048"},
		{[]int64{768, 12288, 768}, "1024x16384x1024"},
		{[]int64{1, 2, 3}, "1x2x4"},
	} {
		if got := ShapeClass(c.dims...); got != c.want {
			t.Errorf("ShapeClass(%v) = %s, want %s", c.dims, got, c.want)
		}
	}
}

func TestCache(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.json")
	c, err := LoadCache(path)
	if err != nil || len(c.Winners) != 0 {
		t.Fatalf("a missing cache: %v %v", c, err)
	}
	k1 := Key{Kernel: "gemm.bf16", Class: "8192x8192x8192", Chip: "sm_90a"}
	k2 := Key{Kernel: "gemm.f16", Class: "8192x8192x8192", Chip: "sm_90a"}
	c.Put(Winner{Key: k2, TileSizes: "128,256,64"})
	c.Put(Winner{Key: k1, TileSizes: "128,128,64", Options: map[string]string{"ping-pong": "true"}})
	c.Put(Winner{Key: k1, TileSizes: "128,256,64", Options: map[string]string{"group-m": "16"}})
	if err := c.Save(path); err != nil {
		t.Fatal(err)
	}
	d, err := LoadCache(path)
	if err != nil {
		t.Fatal(err)
	}
	w, ok := d.Lookup(k1)
	if !ok || len(d.Winners) != 2 || d.Winners[0].Key != k1 || w.Config().String() != "tile-sizes=128,256,64 group-m=16" {
		t.Fatalf("cache %+v", d)
	}
	if _, ok := d.Lookup(Key{Kernel: "gemm.bf16", Class: "8192x8192x8192", Chip: "sm_80"}); ok {
		t.Error("a winner of another chip")
	}
	for _, bad := range []string{"[", `{"winners": [{"kernel": "gemm.bf16"}]}`,
		`{"winners": [{"kernel": "gemm.bf16", "class": "8x8x8", "chip": "sm_90a", "tile_sizes": "128,0,64"}]}`,
		`{"winners": [{"kernel": "gemm.bf16", "class": "8x8x8", "chip": "sm_90a", "tile_sizes": "128,64"}]}`} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadCache(path); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
