package tiletoamdgpu_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/semcheck"
)

// examples are the programs tile-to-nvgpu is tested on, which this
// lowering shares.
const examples = "../tiletonvgpu/testdata"

func parse(t *testing.T, file string) (*ir.Context, *ir.Operation) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: file})
	if err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

// TestSemantics lowers the programs from linalg to tile kernels and on to
// amdgpu kernels with several block sizes and chips, and runs each level
// on the interpreter (the amdgpu kernels on the SIMT model with 64-lane
// waves and the MFMA register layouts): every lowering prints what the
// tile kernels print (for the row-wise kernels, the results of the entry
// called with generated inputs).
func TestSemantics(t *testing.T) {
	cases := []struct {
		file, chip, sizes string
		want              []string
		entry             string
		none              []string
	}{
		// 16x16 fragments (one per wave), ragged in every dimension.
		{"gemm_bias_relu.mlir", "gfx90a", "32,32,16", []string{"amdgpu.mfma 16x16x16", "amdgpu.raw_buffer_load", "arith.maximumf", "#rocdl.target<chip = \"gfx90a\">", "vector<4xbf16>"}, "", nil},
		// 32x32 fragments, several per wave.
		{"gemm_bias_relu.mlir", "gfx942", "128,128,32", []string{"amdgpu.mfma 32x32x8", "vector<16xf32>", "threads in (%c512"}, "", nil},
		// gfx950: the f16/bf16 MFMAs of twice the K, eight elements a lane.
		{"gemm_bias_relu.mlir", "gfx950", "64,64,32", []string{"amdgpu.mfma 32x32x16", "vector<8xbf16>", "#rocdl.target<chip = \"gfx950\">"}, "", nil},
		{"gemm_bias_relu.mlir", "gfx950", "32,32,32 rocdl", []string{"rocdl.mfma.f32.16x16x32.bf16"}, "", nil},
		{"gemm_f16.mlir", "gfx950", "64,64,16 rocdl", []string{"rocdl.mfma.f32.32x32x16.f16"}, "", nil},
		{"gemm_f16.mlir", "gfx90a", "32,32,32", []string{"amdgpu.mfma 16x16x16", "vector<4xf16>"}, "", nil},
		{"gemm_ragged_k.mlir", "gfx90a", "32,16,32", []string{"amdgpu.mfma 16x16x16", "amdgpu.raw_buffer_load"}, "", nil},
		{"gemm_ragged_k.mlir", "gfx942", "64,32,16", []string{"amdgpu.mfma"}, "", nil},
		// Row-wise kernels: butterflies over the 64 lanes of a wave.
		{"softmax.mlir", "gfx90a", "4,256,1", []string{"gpu.shuffle", "threads in (%c256"}, "softmax", nil},
		// A long row: waves split it (shuffles, then LDS).
		{"softmax.mlir", "gfx942", "1,4096,1", []string{"gpu.shuffle", "gpu.barrier"}, "softmax", nil},
		{"softmax_bf16.mlir", "gfx90a", "2,256,1", []string{"gpu.shuffle", "arith.extf"}, "softmax", nil},
		{"rmsnorm.mlir", "gfx90a", "2,64,1", []string{"gpu.shuffle", "scf.for"}, "rmsnorm", nil},
		{"layernorm.mlir", "gfx942", "8,128,1", []string{"gpu.shuffle", "math.rsqrt"}, "layernorm", nil},
		// On to rocdl: the kernels run at the llvm and rocdl level too
		// (mfma intrinsics, buffer resources, ds_swizzle and ds_bpermute).
		{"gemm_bias_relu.mlir", "gfx90a", "32,32,16 rocdl", []string{"rocdl.mfma.f32.16x16x16bf16.1k", "rocdl.raw.ptr.buffer.load"}, "", nil},
		{"gemm_ragged_k.mlir", "gfx942", "64,32,16 rocdl", []string{"rocdl.mfma.f32.16x16x16bf16.1k"}, "", nil},
		{"gemm_bias_relu.mlir", "gfx942", "64,64,32 rocdl", []string{"rocdl.mfma.f32.32x32x8bf16.1k"}, "", nil},
		{"softmax.mlir", "gfx90a", "1,4096,1 rocdl", []string{"rocdl.ds_swizzle", "rocdl.ds_bpermute"}, "softmax", nil},
		{"layernorm.mlir", "gfx942", "8,128,1 rocdl", []string{"rocdl.ds_swizzle"}, "layernorm", nil},
		// The examples, with the chip's block sizes (f32 products on the
		// f32 MFMAs), down to rocdl.
		{"../../examples/gemm-bias-relu/gemm-bias-relu.mlir", "gfx942", "- rocdl", []string{"rocdl.mfma.f32.32x32x2f32", "rocdl.raw.ptr.buffer.load"}, "", nil},
		{"../../examples/matmul/matmul.mlir", "gfx90a", "32,32,16 rocdl", []string{"rocdl.mfma.f32.16x16x4f32"}, "", nil},
		{"../../examples/softmax/softmax.mlir", "gfx950", "- rocdl", []string{"rocdl.ds_swizzle"}, "", nil},
		{"../../examples/layernorm/layernorm.mlir", "gfx90a", "- rocdl", []string{"rocdl.ds_swizzle"}, "", nil},
		{"../../examples/rmsnorm/rmsnorm.mlir", "gfx942", "- rocdl", []string{"rocdl.ds_swizzle"}, "", nil},
		// FlashAttention: both products of the online softmax on the
		// f32 MFMAs, P staged through LDS from the accumulator.
		{"../../examples/attention/attention.mlir", "gfx90a", "- rocdl", []string{"rocdl.mfma.f32.16x16x4f32", "__ocml_exp2_f32"}, "", nil},
		{"../../examples/attention/attention.mlir", "gfx942", "- rocdl", []string{"rocdl.mfma.f32.16x16x4f32"}, "", nil},
		{"../../examples/attention/attention.mlir", "gfx950", "-", []string{"amdgpu.mfma 16x16x4", "math.exp2"}, "", nil},
		// tile-to-nvgpu's FlashAttention kernels (bf16 and f16, ragged
		// and causal bounds, grouped-query heads, head dimension 128).
		{"flash_causal.mlir", "gfx942", "", []string{"amdgpu.mfma 16x16x16", "math.exp2"}, "attn", nil},
		{"flash_gqa.mlir", "gfx90a", "", []string{"amdgpu.mfma 16x16x16"}, "attn", nil},
		{"flash_f16.mlir", "gfx950", "", []string{"amdgpu.mfma 16x16x32", "vector<8xf16>"}, "attn", nil},
		{"flash_d128.mlir", "gfx942", "", []string{"amdgpu.mfma 16x16x16"}, "attn", nil},
		// fp8 products (gfx942's FNUZ formats) on the 16x16x32 MFMA.
		{"../tiletoamdgpu/testdata/gemm_fp8.mlir", "gfx942", "", []string{"amdgpu.mfma 16x16x32", "vector<8xf8E4M3FNUZ>"}, "main", nil},
		// Tile-level input: transposes are layouts.
		{"transpose.mlir", "gfx90a", "", []string{"vector.load"}, "k", nil},
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.chip+"/"+c.sizes, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(examples, c.file)
			if strings.HasPrefix(c.file, "../") {
				file = c.file
			}
			ctx, m := parse(t, file)
			sizes, rest, _ := strings.Cut(c.sizes, " ")
			opts := "target=" + c.chip
			if sizes != "-" {
				opts += " tile-sizes=" + sizes
			}
			pipeline := "linalg-to-tile{" + opts + "}, tile-to-amdgpu{chip=" + c.chip + "}"
			if rest == "rocdl" {
				pipeline += ", gpu.module(convert-scf-to-cf, convert-amdgpu-to-rocdl{chipset=" + c.chip + "}, convert-gpu-to-rocdl{chipset=" + c.chip + "}, reconcile-unrealized-casts)"
			}
			if c.sizes == "" {
				pipeline = "tile-to-amdgpu{chip=" + c.chip + "}"
			}
			entry := c.entry
			if entry == "" {
				entry = "main"
			}
			r, err := semcheck.Validate(ctx, m, pipeline, entry)
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil {
				t.Fatalf("%v", r.Failure)
			}
			if r.PassError != nil {
				t.Fatalf("%s: %v", r.FailedPass, r.PassError)
			}
			if len(r.Validated) != strings.Count(pipeline, "}")+strings.Count(pipeline, "cf,")+strings.Count(pipeline, "casts") {
				t.Fatalf("validated %v", r.Validated)
			}
			var sb strings.Builder
			if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			out := sb.String()
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the lowered module", w)
				}
			}
			for _, w := range c.none {
				if strings.Contains(out, w) {
					t.Errorf("%q in the lowered module", w)
				}
			}
			if strings.Contains(out, "tile.") {
				t.Errorf("tile operations left")
			}
		})
	}
}
