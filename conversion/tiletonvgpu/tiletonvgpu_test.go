package tiletonvgpu_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/semcheck"
)

// contains reports whether out holds pattern, in which {{.*}} matches
// any text on one line.
func contains(out, pattern string) bool {
	parts := strings.Split(pattern, "{{.*}}")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(strings.Join(parts, ".*")).MatchString(out)
}

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

// TestSemantics lowers the programs of testdata from linalg to tile
// kernels and on to nvgpu kernels with several block sizes, and runs each
// level on the interpreter (the nvgpu kernels on the SIMT model, with
// mma.sync's fragment layouts): every lowering prints what the tile
// kernels print (for the row-wise kernels, the results of the entry
// called with generated inputs). The kernels hold the instructions of the
// sm_80 path.
func TestSemantics(t *testing.T) {
	cases := []struct {
		file, sizes string
		want        []string
		entry       string
		none        []string
	}{
		{"gemm_bias_relu.mlir", "32,32,16", []string{"nvgpu.device_async_copy", "nvgpu.ldmatrix", "nvgpu.mma.sync", "arith.maximumf", "numGroups = 1"}, "", nil},
		{"gemm_bias_relu.mlir", "64,64,32", []string{"nvgpu.device_async_copy", "transpose = true", "nvgpu.mma.sync"}, "", nil},
		{"gemm_bias_relu.mlir", "16,32,16", []string{"nvgpu.mma.sync"}, "", nil},
		{"gemm_f16.mlir", "32,32,32", []string{"nvgpu.mma.sync", "vector<4x2xf16>"}, "", nil},
		// Persistent grids: fewer blocks than programs, each running several.
		{"softmax.mlir", "4,256,1 persistent=2", []string{"arith.minui", "gpu.grid_dim  x"}, "softmax", nil},
		{"rmsnorm.mlir", "2,64,1 persistent=3", []string{"arith.minui"}, "rmsnorm", nil},
		// A persistent grid's loop issues the next program's rows before
		// it computes the current one (carried registers, bf16 as the
		// 32-bit words they were loaded in), γ once before the loop; ragged rows (9 in blocks of 2, 72 columns of 128,
		// 200 of 256) and more programs than blocks.
		{"rmsnorm.mlir", "2,128,1 persistent=2", []string{"iter_args(%{{.*}} = %{{.*}}) -> (vector<"}, "rmsnorm", nil},
		{"layernorm.mlir", "4,128,1 persistent=2", []string{"iter_args("}, "layernorm", nil},
		{"softmax_bf16.mlir", "2,256,1 persistent=3", []string{"iter_args(%{{.*}}) -> (vector<{{.*}}xi32>)", "vector.bitcast"}, "softmax", nil},
		{"softmax.mlir", "1,256,1 persistent=4 warps=2", []string{"iter_args("}, "softmax", nil},
		// A bf16 γ and β loaded once, kept as the 32-bit words they were
		// loaded in and unpacked in the loop where the program uses
		// them; ragged rows and columns.
		{"layernorm_bf16_params.mlir", "4,128,1 persistent=2", []string{"vector.load %arg1[%{{.*}}] : memref<72xbf16>, vector<8xbf16>", "vector.bitcast %{{.*}} : vector<8xbf16> to vector<4xi32>", "scf.for", "vector.bitcast %{{.*}} : vector<4xi32> to vector<8xbf16>"}, "layernorm", nil},
		{"layernorm_bf16_params.mlir", "2,128,1 persistent=3 prefetch-depth=2 warps=2", []string{"iter_args("}, "layernorm", nil},
		{"rmsnorm_bf16_params.mlir", "2,128,1 persistent=2", []string{"iter_args(", "arith.extf"}, "rmsnorm", nil},
		{"rmsnorm_bf16_params.mlir", "2,64,1", []string{"scf.for"}, "rmsnorm", nil},
		// Two and three programs ahead: the loop carries the registers
		// of each, oldest first, and yields them shifted by one.
		{"rmsnorm.mlir", "2,128,1 persistent=2 prefetch-depth=2", []string{"iter_args(%arg5 = %{{.*}}, %arg6 = %{{.*}}) -> (vector<1x4xi32>, vector<1x4xi32>)", "scf.yield %arg6, %{{.*}} : vector<1x4xi32>, vector<1x4xi32>"}, "rmsnorm", nil},
		{"layernorm.mlir", "1,128,1 persistent=3 prefetch-depth=3 warps=2", []string{"iter_args(%{{.*}}, %{{.*}}, %{{.*}}) -> (vector<"}, "layernorm", nil},
		{"softmax_bf16.mlir", "2,256,1 persistent=2 prefetch-depth=2", []string{"iter_args(%{{.*}}, %{{.*}}) -> (vector<{{.*}}xi32>, vector<{{.*}}xi32>)"}, "softmax", nil},
		// Rows of a whole number of blocks need no column mask; ragged
		// rows keep it.
		{"softmax_bf16_whole.mlir", "2,256,1", []string{"gpu.shuffle"}, "softmax", []string{"arith.cmpi slt", "arith.select {{.*}}xi1>, vector<"}},
		{"softmax_bf16.mlir", "2,256,1 warps=4", []string{"arith.cmpi slt", "arith.select {{.*}}xi1>, vector<"}, "softmax", nil},
		// Within a budget of one register no row fits ahead, and the
		// loop loads nothing ahead (γ neither); with none, the same.
		{"rmsnorm.mlir", "1,128,1 persistent=2 prefetch=1", []string{"scf.for"}, "rmsnorm", []string{"iter_args("}},
		{"rmsnorm.mlir", "2,128,1 persistent=2 prefetch=-1", []string{"scf.for"}, "rmsnorm", []string{"iter_args("}},
		// Tile-level input: transposes are layouts.
		{"transpose.mlir", "", []string{"vector.load"}, "k", []string{"tile."}},
		// Programs in groups of two block rows.
		{"gemm_bias_relu.mlir", "16,8,16 group-m=2", []string{"gpu.grid_dim  y", "arith.minui"}, "", nil},
		{"gemm_bias_relu.mlir", "128,128,32", []string{"numGroups = 1", "threads in (%c256", "vector.store"}, "", nil},
		// B's 32x16 block is 64 chunks for 128 threads: the copy's round
		// is guarded, and the threads past the end give the group poison.
		{"gemm_ragged_k.mlir", "32,16,32", []string{"nvgpu.device_async_copy", "nvgpu.mma.sync", "ub.poison : !nvgpu.device.async.token"}, "", nil},
		{"gemm_ragged_k.mlir", "64,32,16", []string{"nvgpu.mma.sync"}, "", nil},
		// Rows in one block: warps split the row (shuffles, then shared
		// memory), and the row is read once for all the passes.
		{"softmax.mlir", "4,256,1", []string{"gpu.shuffle", "gpu.barrier", "vector.load"}, "softmax", []string{"scf.for"}},
		// A long row: eight warps share it.
		{"softmax.mlir", "1,4096,1", []string{"threads in (%c256"}, "softmax", []string{"scf.for"}},
		{"softmax_bf16.mlir", "2,256,1", []string{"gpu.shuffle", "arith.extf"}, "softmax", []string{"scf.for"}},
		// Rows in blocks of 64 columns: a loop of reductions.
		{"rmsnorm.mlir", "2,64,1", []string{"gpu.shuffle", "scf.for"}, "rmsnorm", nil},
		{"layernorm.mlir", "8,128,1", []string{"gpu.shuffle", "math.rsqrt %{{.*}} : vector<1xf32>"}, "layernorm", []string{"scf.for"}},
		// The warps of a row kernel from the pass option; the per-row
		// mean, variance and reciprocal square root computed once per row
		// (vector<1xf32>), before their broadcasts.
		{"layernorm.mlir", "1,128,1 warps=2", []string{"known_block_size = array<i32: 64, 1, 1>", "math.rsqrt %{{.*}} : vector<1xf32>"}, "layernorm", []string{"math.rsqrt %{{.*}} : vector<2xf32>", "math.rsqrt %{{.*}} : vector<4xf32>"}},
		// Softmax divides by the row's sum once, then multiplies.
		{"softmax.mlir", "1,256,1", []string{"arith.divf %{{.*}} : vector<1xf32>", "arith.mulf %{{.*}} : vector<1x4xf32>"}, "softmax", []string{"arith.divf %{{.*}} : vector<1x4xf32>"}},
		{"rmsnorm.mlir", "2,64,1 warps=8", []string{"known_block_size = array<i32: 256, 1, 1>"}, "rmsnorm", nil},
		{"softmax_bf16.mlir", "1,256,1 warps=1", []string{"known_block_size = array<i32: 32, 1, 1>", "gpu.shuffle"}, "softmax", []string{"gpu.barrier"}},
		// Blocks a multiprocessor must hold: the assembler's register
		// bound.
		{"softmax_bf16.mlir", "2,256,1 blocks-per-sm=3", []string{"nvvm.minctasm = 3 : i32"}, "softmax", nil},
		// By default, enough blocks for 1024 threads: 64 registers a
		// thread at most (a 4096-column row on 256 threads: 4 blocks).
		{"softmax.mlir", "1,4096,1", []string{"threads in (%c256", "nvvm.minctasm = 4 : i32"}, "softmax", nil},
		// Attention: two heads sharing one K and V head, 72 queries and
		// keys (both ragged), D=64: the K and V blocks stream through
		// one ring of stages, P feeds the second product from registers.
		{"flash_gqa.mlir", "", []string{"memref.reinterpret_cast", "nvgpu.device_async_copy", "math.exp2", "numGroups = 1", "memref<12288xbf16, #gpu.address_space<workgroup>>"}, "attn", nil},
		// Causal: the loop stops at the diagonal block, keys past a query
		// masked.
		{"flash_causal.mlir", "", []string{"arith.minui", "nvgpu.device_async_copy", "gpu.shuffle"}, "attn", nil},
		// The form linalg-to-tile gives causal attention: [B*H, S, D]
		// views, unit reshapes, a loop below the diagonal without masks
		// and one over the diagonal blocks, sharing the Q fragments.
		{"../../../transforms/linalgtotile/testdata/flash-form.mlir", "", []string{"memref<3072xbf16, #gpu.address_space<workgroup>>", "nvgpu.device_async_copy"}, "main", []string{"memref<2048xbf16"}},
		// From linalg: linalg-to-tile's FlashAttention kernel, P from
		// registers, K and V through the ring.
		{"attention_bf16.mlir", "64,32,64", []string{"memref<12288xbf16, #gpu.address_space<workgroup>>", "math.exp2", "vector<4x2xbf16>"}, "attention", nil},
		// f16, blocks of 128 queries on eight warps.
		{"flash_f16.mlir", "", []string{"threads in (%c256", "vector<4x2xf16>"}, "attn", nil},
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.sizes, func(t *testing.T) {
			t.Parallel()
			ctx, m := parse(t, filepath.Join("testdata", c.file))
			sizes, group, _ := strings.Cut(c.sizes, " ")
			pipeline := "linalg-to-tile{target=sm_80 tile-sizes=" + sizes + "}, tile-to-nvgpu{chip=sm_80 " + group + "}"
			if sizes == "" {
				pipeline = "tile-to-nvgpu{chip=sm_80}"
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
			if len(r.Validated) != strings.Count(pipeline, "}") {
				t.Fatalf("validated %v", r.Validated)
			}
			var sb strings.Builder
			if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			out := sb.String()
			for _, w := range c.want {
				if !contains(out, w) {
					t.Errorf("no %q in the lowered module", w)
				}
			}
			for _, w := range c.none {
				if contains(out, w) {
					t.Errorf("%q in the lowered module", w)
				}
			}
			if strings.Contains(out, "tile.") {
				t.Errorf("tile operations left")
			}
		})
	}
}
