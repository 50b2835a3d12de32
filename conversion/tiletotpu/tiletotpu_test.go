package tiletotpu_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/conversion/tiletotpu"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/semcheck"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/transforms/linalgtotile"
)

func parse(t *testing.T, path string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSameResultsAsTile lowers the examples (and the programs of
// testdata) to tile kernels and then to Mosaic kernels for each TPU, and
// requires the interpreter to print exactly what it printed at the tile
// level: the TPU-level semantics (windows with garbage past the arrays,
// the k axis with scratch accumulators) must reproduce the tile
// program's bit for bit.
func TestSameResultsAsTile(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	for _, e := range []string{"softmax", "layernorm", "rmsnorm", "attention", "gemm-bias-relu"} {
		files = append(files, filepath.Join(root, "examples", e, e+".mlir"))
	}
	files = append(files, filepath.Join(root, "examples", "attention", "ragged.mlir"), filepath.Join(root, "examples", "attention", "causal-bf16.mlir"))
	own, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	files = append(files, own...)
	for _, chip := range []string{"tpu-v5e", "tpu-v6e"} {
		c, _ := chips.Lookup(chip)
		for _, f := range files {
			t.Run(chip+"/"+filepath.Base(f), func(t *testing.T) {
				t.Parallel()
				m := parse(t, f)
				bl, err := linalgtotile.ChooseBlocks(c, nil)
				if err != nil {
					t.Fatal(err)
				}
				linalgtotile.Run(m.Context(), m, bl)
				before, err := semcheck.Observe(m, "main")
				if err != nil {
					t.Fatal(err)
				}
				if err := tiletotpu.Run(m.Context(), m, c); err != nil {
					t.Fatal(err)
				}
				if err := ir.Verify(m); err != nil {
					t.Fatal(err)
				}
				var sb strings.Builder
				if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
					t.Fatal(err)
				}
				if strings.Contains(sb.String(), "tile.") {
					t.Fatalf("tile operations remain")
				}
				after, err := semcheck.Observe(m, "main")
				if err != nil {
					t.Fatal(err)
				}
				if before.Err != "" {
					t.Fatalf("the tile program fails: %s", before.Err)
				}
				if !before.Equal(after) {
					t.Errorf("the TPU program prints\n%s\nthe tile program\n%s", after, before)
				}
			})
		}
	}
}

// TestRules checks the located errors of the TPU rules.
func TestRules(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"block", `
tile.func @k(%a: memref<20x300xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %A = tile.view %a : memref<20x300xf32> -> !tile.view<20x300xf32>
  %x = tile.load %A[%p, %c0] pad zero : !tile.view<20x300xf32> -> tensor<12x128xf32>
  tile.store %x, %A[%p, %c0] bounds_check : tensor<12x128xf32>, !tile.view<20x300xf32>
  tile.return
}
func.func @main(%a: memref<20x300xf32>) {
  %c2 = arith.constant 2 : index
  tile.launch @k grid [%c2] (%a) : memref<20x300xf32>
  return
}`, "6:8: error: tile-to-tpu: block 12x128 of an array of 20x300 breaks the (8, 128) rule on tpu-v5e: the last two dimensions of a block must be multiples of 8 and 128 or equal the array's"},
		{"leading reduction", `
tile.func @k(%a: memref<16x256xf32>) grid [arbitrary, parallel] {
  tile.return
}
func.func @main(%a: memref<16x256xf32>) {
  %c2 = arith.constant 2 : index
  tile.launch @k grid [%c2, %c2] (%a) : memref<16x256xf32>
  return
}`, "2:1: error: tile-to-tpu: grid axis 0 is arbitrary (a reduction) but axis 1 after it is parallel: on a TPU, reductions must be the trailing grid axes"},
		{"vmem", `
tile.func @k(%a: memref<8192x8192xf32>, %b: memref<8192x8192xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %A = tile.view %a : memref<8192x8192xf32> -> !tile.view<8192x8192xf32>
  %B = tile.view %b : memref<8192x8192xf32> -> !tile.view<8192x8192xf32>
  %x = tile.load %A[%c0, %c0] : !tile.view<8192x8192xf32> -> tensor<4096x4096xf32>
  tile.store %x, %B[%c0, %c0] : tensor<4096x4096xf32>, !tile.view<8192x8192xf32>
  tile.return
}
func.func @main(%a: memref<8192x8192xf32>, %b: memref<8192x8192xf32>) {
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%a, %b) : memref<8192x8192xf32>, memref<8192x8192xf32>
  return
}`, "2:1: error: tile-to-tpu: the kernel needs 268435456 bytes of VMEM (268435456 for double-buffered windows, 0 for scratch), more than the 134217728 bytes of tpu-v5e"},
		{"mxu", `
tile.func @k(%a: memref<64x512xbf16>, %b: memref<512x512xbf16>, %c: memref<64x512xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %A = tile.view %a : memref<64x512xbf16> -> !tile.view<64x512xbf16>
  %B = tile.view %b : memref<512x512xbf16> -> !tile.view<512x512xbf16>
  %C = tile.view %c : memref<64x512xf32> -> !tile.view<64x512xf32>
  %x = tile.load %A[%c0, %c0] : !tile.view<64x512xbf16> -> tensor<64x128xbf16>
  %y = tile.load %B[%c0, %c0] : !tile.view<512x512xbf16> -> tensor<128x128xbf16>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = tile.dot %x, %y, %z : tensor<64x128xbf16>, tensor<128x128xbf16> -> tensor<64x128xf32>
  tile.store %d, %C[%c0, %c0] : tensor<64x128xf32>, !tile.view<64x512xf32>
  tile.return
}
func.func @main(%a: memref<64x512xbf16>, %b: memref<512x512xbf16>, %c: memref<64x512xf32>) {
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%a, %b, %c) : memref<64x512xbf16>, memref<512x512xbf16>, memref<64x512xf32>
  return
}`, "10:8: error: tile-to-tpu: dot block 64x128x128 (MxNxK) does not fill the 256x256 MXU of tpu-v6e: N and K must be multiples of 256 or cover the whole dimension"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "in.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			chip := "tpu-v5e"
			if tc.name == "mxu" {
				chip = "tpu-v6e"
			}
			c, _ := chips.Lookup(chip)
			err = tiletotpu.Run(ctx, m, c)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			d, ok := err.(*ir.Diagnostic)
			if !ok {
				t.Fatalf("error %v is not a diagnostic", err)
			}
			if got := d.Error(); !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
