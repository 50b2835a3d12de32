package tiletonvgpu_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/semcheck"
)

// TestFlash90Semantics lowers attention programs from linalg to tile
// kernels and on to the warp-specialized sm_90a attention kernel (TMA of
// Q, K and V, a ring of stages on mbarriers, wgmma with P in registers),
// and runs each level on the interpreter with the program's inputs: the
// nvgpu kernel prints what the tile kernel prints. The cases are ragged
// against the blocks, causal with grouped K/V heads, f16 with D=128, with
// one and two consumer warpgroups (two take turns), each also with the
// loop rotated (attention-overlap). The scores' scale is folded into one
// fused multiply-add with the row maximum.
func TestFlash90Semantics(t *testing.T) {
	hopper := []string{"nvgpu.tma.async.load", "nvgpu.mbarrier.arrive.expect_tx", "nvgpu.mbarrier.try_wait.parity",
		"nvgpu.warpgroup.mma.rs", "transposeB", "nvgpu.setmaxnreg  decrease 40",
		"nvgpu.setmaxnreg  increase 232", "nvgpu.tma.create.descriptor", "dynamic_shared_memory_size", "math.exp2",
		// The scale folded into the exponent's argument.
		"math.fma"}
	// Two consumer warpgroups issue their products in turn and wait for
	// them after the turn passed.
	pingpong := []string{"nvvm.barrier id = ", "nvvm.barrier.arrive id = ", "nvvm.wgmma.wait.group.sync.aligned 0"}
	// Q's fragments loaded once into registers for S.
	qRegs := []string{"nvgpu.ldmatrix"}
	// The rotated loop: S of a block (from Q in shared memory) and P V
	// of the block before issued together, S waited for before the
	// softmax, P V after it.
	rotated := []string{"nvgpu.warpgroup.mma.ss", "waitGroup = 2", "nvvm.wgmma.wait.group.sync.aligned 1", "nvvm.wgmma.wait.group.sync.aligned 0"}
	cat := func(xs ...[]string) []string {
		var out []string
		for _, x := range xs {
			out = append(out, x...)
		}
		return out
	}
	const overlap = "attention-overlap=true"
	cases := []struct {
		file, sizes, options string
		want                 []string
	}{
		{"flash90_causal.mlir", "64,64,64", "", cat(hopper, qRegs, []string{"threads in (%c256", "vector<16x2xbf16>"})},
		{"flash90_causal.mlir", "128,64,64", "", cat(hopper, qRegs, pingpong, []string{"threads in (%c384"})},
		{"flash90_causal.mlir", "128,128,64", "", cat(hopper, qRegs, pingpong, []string{"vector<16x2xbf16>", "vector<32x2xbf16>"})},
		{"flash90_causal.mlir", "128,128,64", overlap, cat(hopper, pingpong, rotated)},
		{"flash90_d128.mlir", "128,64,128", "", cat(hopper, qRegs, pingpong, []string{"vector<32x2xf16>", "vector<16x2xf16>"})},
		{"flash90_d128.mlir", "128,64,128", overlap, cat(hopper, pingpong, rotated)},
		// The tile kernel linalg-to-tile makes of grouped-query attention
		// (the interpreter does not run its linalg source's floordiv map).
		{"flash90_gqa_tile.mlir", "", "", cat(hopper, qRegs, []string{"arith.divui"})},
		{"flash90_gqa_tile.mlir", "", overlap, cat(hopper, rotated, []string{"arith.divui"})},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s", c.file, c.sizes, c.options), func(t *testing.T) {
			t.Parallel()
			ctx, m := parse(t, filepath.Join("testdata", c.file))
			pipeline := "linalg-to-tile{target=sm_90a tile-sizes=" + c.sizes + "}, tile-to-nvgpu{chip=sm_90a " + c.options + "}"
			if c.sizes == "" {
				pipeline = "tile-to-nvgpu{chip=sm_90a " + c.options + "}"
			}
			r, err := semcheck.Validate(ctx, m, pipeline, "attention")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil {
				t.Fatalf("%v: %v", r.Failure, r.Failure.Notes)
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
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the lowered module", w)
				}
			}
			if strings.Contains(out, "nvgpu.mma.sync") {
				t.Errorf("the mma.sync path in the lowered module")
			}
			if strings.Contains(out, "threads in (%c256") && strings.Contains(out, "nvvm.barrier") {
				t.Errorf("named barriers with one consumer warpgroup")
			}
			if c.options == "" && strings.Contains(out, "waitGroup = 2") {
				t.Errorf("the loop rotated without attention-overlap")
			}
			if c.options != "" && strings.Contains(out, "nvgpu.ldmatrix") {
				t.Errorf("Q's fragments in registers in the rotated kernel")
			}
		})
	}
}

// TestFlash90NVVM runs the sm_90a attention kernel on the interpreter
// after the gpu.module's lowering to llvm and nvvm, where the wgmma
// descriptors' bits (start, leading and stride byte offsets, swizzle) and
// the registers of P are read as the hardware reads them: the lowered
// program prints what the linalg program prints, with the loop as it is
// and rotated (D=64 and D=128), and with more key blocks than stages.
// Its PTX has wgmma with
// A in registers, 3-D bulk tensor copies and the register budgets.
func TestFlash90NVVM(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "flash90_main.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	// The program with heads of 128: two TMA boxes of Q and K, across
	// which the rotated kernel steps Q's descriptor.
	d128 := strings.NewReplacer("x64xbf16", "x128xbf16", "x64xf32", "x128xf32", "72, 64]", "72, 128]",
		"%cd = arith.constant 64 : index", "%cd = arith.constant 128 : index").Replace(string(src))
	// 400 keys in blocks of 128 through a ring of three stages: the
	// fourth block waits on the first stage's barriers in their second
	// phase (the consumers' loop carries the stage and the phase, the
	// producer computes them from the step).
	long, err := os.ReadFile(filepath.Join("testdata", "flash90_long.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, src, sizes, options string }{
		{"", string(src), "64,64,64", ""}, {"", string(src), "128,128,64", ""}, {"", d128, "128,64,128", " attention-overlap=true"},
		{"long/", string(long), "128,128,128", ""},
	} {
		sizes, options := c.sizes, c.options
		t.Run(c.name+sizes+options, func(t *testing.T) {
			t.Parallel()
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(c.src), asm.Config{Filename: "flash90_main.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			base, err := semcheck.Observe(m, "main")
			if err != nil || base.Err != "" {
				t.Fatalf("%v %s", err, base.Err)
			}
			tol := semcheck.Tolerance(m)
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse("builtin.module(linalg-to-tile{target=sm_90a tile-sizes=" + sizes + "}, tile-to-nvgpu{chip=sm_90a" + options + "}, " + run.GPUModulePipeline + ")"); err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			got, err := semcheck.Observe(m, "main")
			if err != nil || got.Err != "" {
				t.Fatalf("%v %s", err, got.Err)
			}
			if !got.Near(base, tol) {
				t.Fatalf("the lowered program prints\n%s\nnot\n%s", got.Output, base.Output)
			}
		})
	}
	text := sm90PTX(t, "flash90_causal.mlir", "128,128,64", "")
	for _, w := range []string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16", "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16",
		"}, {%r", "cp.async.bulk.tensor.3d", "setmaxnreg.inc.sync.aligned.u32 232", "setmaxnreg.dec.sync.aligned.u32 40", "ex2.approx",
		"bar.sync %r", "bar.arrive %r", "wgmma.wait_group.sync.aligned 1;", "fma.rn.f32"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in the PTX", w)
		}
	}
}

// TestFlash90Fallback: attention kernels the sm_90a kernel does not take
// (blocks of 2-D views with offsets, which TMA boxes of the whole memref
// do not copy; key blocks of 32) keep the mma.sync kernel with
// chip=sm_90a.
func TestFlash90Fallback(t *testing.T) {
	for _, c := range []struct{ file, pipeline string }{
		{"flash_gqa.mlir", "tile-to-nvgpu{chip=sm_90a}"},
		{"attention_bf16.mlir", "linalg-to-tile{target=sm_90a tile-sizes=64,32,64}, tile-to-nvgpu{chip=sm_90a}"},
	} {
		t.Run(c.file, func(t *testing.T) {
			ctx, m := parse(t, filepath.Join("testdata", c.file))
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse("builtin.module(" + c.pipeline + ")"); err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			if out := sb.String(); !strings.Contains(out, "nvgpu.mma.sync") || strings.Contains(out, "nvgpu.warpgroup.mma.rs") {
				t.Errorf("not the mma.sync kernel")
			}
		})
	}
}

// TestFlash90FoldScale: the scale of the scores folds into one fma per
// attention loop where it is a positive constant and the masks are -inf,
// and stays a multiply where it is not (a negative scale would turn the
// row maximum into the minimum).
func TestFlash90FoldScale(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "flash90_gqa_tile.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, from, to string
		fmas           int
	}{
		{"positive", "", "", 2},
		{"negative", "%cst_1 = arith.constant 0.180336878 : f32", "%cst_1 = arith.constant -0.180336878 : f32", 0},
		// A mask of a finite value is not unchanged by the scale: the
		// masked loop keeps its multiply, the other folds.
		{"finite mask", "%39 = tile.splat %cst : f32 -> tensor<64x64xf32>", "%39 = tile.splat %cst_0 : f32 -> tensor<64x64xf32>", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(string(src), c.from, c.to, 1)
			ctx := ir.NewContext()
			all.Register(ctx)
			m, _, err := asm.ParseModule(ctx, []byte(text), asm.Config{Filename: c.name})
			if err != nil {
				t.Fatal(err)
			}
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse("builtin.module(tile-to-nvgpu{chip=sm_90a})"); err != nil {
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
			if !strings.Contains(out, "nvgpu.warpgroup.mma.rs") {
				t.Fatalf("not the sm_90a attention kernel")
			}
			if n := strings.Count(out, "math.fma"); n != c.fmas {
				t.Errorf("%d math.fma, want %d", n, c.fmas)
			}
		})
	}
}
