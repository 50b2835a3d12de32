package tiletonvgpu_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/nvgpu"
	"github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/semcheck"
	"github.com/strata-ir/strata/targets/ptx"
)

// TestSM90Semantics lowers GEMM programs from linalg to tile kernels and
// on to warp-specialized sm_90a kernels (TMA into a ring of swizzled
// stages, mbarriers, wgmma, setmaxnreg), and runs every level on the
// interpreter: the nvgpu kernels on the SIMT model with TMA's
// zero-filling boxes and wgmma's shared-memory layouts print what the
// tile kernels print. The shapes are ragged against the blocks in M, N
// and K. Kernels the sm_90a GEMM does not take keep the sm_80 path.
func TestSM90Semantics(t *testing.T) {
	wgmma := []string{"nvgpu.tma.async.load", "nvgpu.mbarrier.arrive.expect_tx", "nvgpu.mbarrier.try_wait.parity",
		"nvgpu.warpgroup.mma", "{transposeB}", "nvgpu.warpgroup.mma.registers", "nvgpu.setmaxnreg  decrease 40",
		"nvgpu.setmaxnreg  increase 232", "nvgpu.tma.create.descriptor", "dynamic_shared_memory_size", "arith.maximumf", "nvgpu.tma.prefetch.descriptor"}
	cases := []struct {
		file, sizes string
		want, none  []string
		nvvm        bool
		// opts are more options of tile-to-nvgpu.
		opts string
	}{
		// On through the gpu.module's lowering to llvm and nvvm: the
		// interpreter reads the wgmma descriptors' bits (start, leading
		// and stride byte offsets, swizzle) as the hardware does.
		{"gemm_bias_relu.mlir", "128,128,64", []string{"nvvm.wgmma.mma_async", "nvvm.cp.async.bulk.tensor.shared.cluster.global",
			"nvvm.setmaxregister", "nvvm.wgmma.wait.group.sync.aligned"}, []string{"nvgpu.warpgroup", "nvgpu.tma.async"}, true, ""},
		{"gemm_bias_relu.mlir", "64,64,64", []string{"nvvm.wgmma.mma_async"}, []string{"nvgpu.warpgroup", "nvgpu.tma.async"}, true, ""},
		// One consumer warpgroup: 64x64 blocks.
		{"gemm_bias_relu.mlir", "64,64,64", append(wgmma, "threads in (%c256"), []string{"nvgpu.mma.sync"}, false, ""},
		// Two consumer warpgroups taking whole 128x128 tiles in turn
		// (ping-pong), two B boxes per stage.
		{"gemm_bias_relu.mlir", "128,128,64", append(wgmma, "threads in (%c384", "vector<128x128xf32>"), []string{"nvgpu.mma.sync"}, false, " ping-pong=true"},
		// Two consumer warpgroups sharing 128x128 tiles.
		{"gemm_bias_relu.mlir", "128,128,64", append(wgmma, "threads in (%c384", "vector<64x128xf32>"), []string{"nvgpu.mma.sync"}, false, ""},
		// Two consumer warpgroups sharing 128x256 tiles, 64 rows each,
		// four B boxes per stage.
		// The epilogue's block through shared memory and TMA stores.
		{"gemm_tiles.mlir", "128,256,64", []string{"threads in (%c384", "vector<64x256xf32>", "nvgpu.tma.async.store", "nvgpu.fence.proxy.async",
			"nvvm.cp.async.bulk.wait_group 1 {read}", "nvvm.cp.async.bulk.commit.group", "nvvm.cp.async.bulk.wait_group 0"},
			[]string{"nvgpu.mma.sync"}, false, " persistent=1"},
		{"gemm_f16.mlir", "64,64,64", []string{"nvgpu.warpgroup.mma", "f16"}, []string{"nvgpu.mma.sync"}, false, ""},
		// Rows of A of 40 bytes, which TMA cannot copy (its strides are
		// multiples of 16 bytes): the sm_80 path.
		{"gemm_ragged_k.mlir", "64,128,64", []string{"nvgpu.mma.sync"}, []string{"nvgpu.warpgroup.mma"}, false, ""},
		// More tiles than blocks (persistent blocks run several, the ring's
		// rounds going on from tile to tile) in grouped order, ragged in
		// M, N and K, with a gelu epilogue stored in bf16.
		{"gemm_tiles.mlir", "64,64,64", append(wgmma[:9], "math.exp", "vector<2xbf16>", "arith.minui"), nil, false, " persistent=4 group-m=2"},
		{"gemm_tiles.mlir", "128,128,64", []string{"nvgpu.warpgroup.mma", "threads in (%c384", "arith.minui", "vector<128x128xf32>"}, nil, false, " persistent=3 group-m=3 ping-pong=true"},
		{"gemm_tiles.mlir", "128,128,64", []string{"nvvm.wgmma.mma_async"}, []string{"nvgpu.warpgroup"}, true, " persistent=2 ping-pong=true"},
		// Ping-pong over a k loop longer than twice the ring: the second
		// warpgroup's first tile starts phases ahead of the ring.
		{"gemm_deep.mlir", "128,128,64", []string{"vector<128x128xf32>"}, nil, false, " persistent=1 ping-pong=true"},
		{"gemm_tiles.mlir", "64,64,64", []string{"nvvm.wgmma.mma_async"}, []string{"nvgpu.warpgroup"}, true, " persistent=5"},
		// f8E4M3FN operands, B k-major (the transpose of an N x K
		// memref, loaded as one box of bn rows), k blocks of 128: wgmma
		// k32 of e4m3 without transposition.
		{"gemm_f8.mlir", "64,64,128", []string{"nvgpu.warpgroup.mma", "memref<64x128xf8E4M3FN", "box[%c64_1, %c128]"}, []string{"{transposeB}", "nvgpu.mma.sync"}, false, ""},
		{"gemm_f8.mlir", "128,128,128", []string{"threads in (%c384", "vector<64x128xf32>"}, []string{"{transposeB}"}, false, " persistent=1"},
		{"gemm_f8.mlir", "128,128,128", []string{"nvvm.wgmma.mma_async", "A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]", "k = 32"}, []string{"nvgpu.warpgroup"}, true, ""},
		{"gemm_f8.mlir", "64,256,128", []string{"nvvm.wgmma.mma_async", "n = 256"}, []string{"nvgpu.warpgroup"}, true, " persistent=1"},
		{"gemm_f8e5m2.mlir", "128,64,128", []string{"A[<e5m2>, <one>, <row>], B[<e5m2>, <one>, <col>]"}, []string{"nvgpu.warpgroup"}, true, ""},
		// Clusters of two blocks on adjacent tiles sharing an operand
		// through TMA multicast, the consumers releasing each stage on
		// both blocks' barriers: B shared by tiles paired along the rows (the grid's
		// 3 rows of 64x64 tiles leave the last pair's second tile past the
		// edge), its one box loaded in halves of 32 rows; B's four boxes
		// of 128x256 tiles shared out two by two; A shared by tiles
		// paired along the columns (128x64: A's box in halves of 64 rows);
		// ping-pong; k-major 8-bit B in halves of its rows; and on
		// through nvvm (mapa, remote arrivals with PTX's default
		// semantics: no cluster-scope release).
		{"gemm_tiles.mlir", "64,64,64", append(wgmma[:9], "nvgpu.mbarrier.arrive.cluster", "multicast_mask", "nvvm.cluster.wait", "clusters in (%c2",
			"nvvm.cluster_dim = array<i32: 2, 1, 1>", "box[%c32, "), nil, false, " cluster=2 persistent=2 group-m=2"},
		{"gemm_tiles.mlir", "128,256,64", []string{"nvgpu.mbarrier.arrive.cluster", "multicast_mask", "nvgpu.tma.async.store", "memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle"}, []string{"memref<32x64xbf16"}, false, " cluster=2 persistent=2"},
		{"gemm_tiles.mlir", "128,64,64", []string{"nvgpu.mbarrier.arrive.cluster", "multicast_mask", "memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle"}, []string{"memref<128x64xbf16, #gpu.address_space<workgroup>>, swizzle"}, false, " cluster=2 persistent=4"},
		{"gemm_tiles.mlir", "128,128,64", []string{"nvgpu.mbarrier.arrive.cluster", "vector<128x128xf32>"}, nil, false, " cluster=2 persistent=2 ping-pong=true"},
		{"gemm_f8.mlir", "128,128,128", []string{"nvgpu.mbarrier.arrive.cluster", "memref<64x128xf8E4M3FN, #gpu.address_space<workgroup>>, swizzle"}, nil, false, " cluster=2"},
		{"gemm_tiles.mlir", "64,64,64", []string{"nvvm.mapa", "nvvm.mbarrier.arrive", "multicast_mask"}, []string{"nvgpu.mbarrier", "nvgpu.tma.async", "#nvvm.mem_scope<cluster>"}, true, " cluster=2 persistent=4"},
		// A k block other than 64: the sm_80 path.
		{"gemm_bias_relu.mlir", "32,32,16", []string{"nvgpu.mma.sync", "nvgpu.device_async_copy"}, []string{"nvgpu.warpgroup.mma"}, false, ""},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/nvvm=%v%s", c.file, c.sizes, c.nvvm, c.opts), func(t *testing.T) {
			t.Parallel()
			ctx, m := parse(t, filepath.Join("testdata", c.file))
			pipeline := "linalg-to-tile{target=sm_90a tile-sizes=" + c.sizes + "}, tile-to-nvgpu{chip=sm_90a" + c.opts + "}"
			if c.nvvm {
				// The passes of the gpu.module's lowering leave kernels
				// half in memrefs, half in llvm pointers, which the
				// interpreter does not bridge: the lowered program is
				// compared with the source.
				base, err := semcheck.Observe(m, "main")
				if err != nil || base.Err != "" {
					t.Fatalf("%v %s", err, base.Err)
				}
				pm := pass.NewManager(ctx, "builtin.module")
				if err := pm.Parse("builtin.module(" + pipeline + ", " + run.GPUModulePipeline + ")"); err != nil {
					t.Fatal(err)
				}
				if err := pm.Run(m); err != nil {
					t.Fatal(err)
				}
				got, err := semcheck.Observe(m, "main")
				if err != nil || got.Err != "" {
					t.Fatalf("%v %s", err, got.Err)
				}
				if !got.Near(base, semcheck.RelTolerance) {
					t.Fatalf("the lowered program prints\n%s\nnot\n%s", got.Output, base.Output)
				}
			} else {
				validate(t, ctx, m, pipeline)
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
		})
	}
}

// validate runs pipeline on m with every pass's semantics checked on the
// interpreter.
func validate(t *testing.T, ctx *ir.Context, m *ir.Operation, pipeline string) {
	t.Helper()
	r, err := semcheck.Validate(ctx, m, pipeline, "main")
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
}

// sm90PTX lowers file with blocks of sizes through the sm_90a GEMM and
// the gpu.module pipeline of the CUDA runner, and returns the PTX of its
// kernels.
func sm90PTX(t *testing.T, file, sizes, opts string) string {
	t.Helper()
	ctx, m := parse(t, filepath.Join("testdata", file))
	pm := pass.NewManager(ctx, "builtin.module")
	pipeline := "builtin.module(linalg-to-tile{target=sm_90a tile-sizes=" + sizes + "}, tile-to-nvgpu{chip=sm_90a" + opts + "}, " + run.GPUModulePipeline + ")"
	if err := pm.Parse(pipeline); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	for _, g := range ptx.GPUModules(m) {
		if (gpu.ModuleOp{Operation: g}).SymName() == tiletonvgpu.ModuleName {
			text, err := ptx.Emit(g, ptx.Options{Chip: "sm_90a", NoLineInfo: true})
			if err != nil {
				t.Fatal(err)
			}
			return text
		}
	}
	t.Fatal("no gpu.module of the kernels")
	return ""
}

// TestSM90PTX checks the key instructions of the PTX of sm_90a GEMMs
// (testdata/*.ptx.check).
func TestSM90PTX(t *testing.T) {
	for _, c := range []struct{ file, sizes, check, opts string }{
		{"gemm_bias_relu.mlir", "128,128,64", "gemm_sm90.ptx.check", ""},
		{"gemm_bias_relu.mlir", "128,128,64", "gemm_sm90_pingpong.ptx.check", " ping-pong=true"},
		{"gemm_f8.mlir", "128,128,128", "gemm_f8_sm90.ptx.check", ""},
		{"gemm_tiles.mlir", "128,256,64", "gemm_sm90_cluster.ptx.check", " cluster=2"},
	} {
		t.Run(c.check, func(t *testing.T) {
			text := sm90PTX(t, c.file, c.sizes, c.opts)
			check, err := os.ReadFile(filepath.Join("testdata", c.check))
			if err != nil {
				t.Fatal(err)
			}
			if err := filecheck.Match(text, filecheck.Parse(string(check), "CHECK")); err != nil {
				t.Fatal(err)
			}
			// No 64-bit division in the GEMM's kernel: ptxas calls a
			// subroutine for one, which on the loops' path cost the
			// 8192³ GEMM 18% (docs/performance.md).
			_, kernel, ok := strings.Cut(text, ".entry gemm_kernel0(")
			if !ok {
				t.Fatal("no entry gemm_kernel0")
			}
			kernel, _, _ = strings.Cut(kernel, ".entry ")
			for _, insn := range []string{"div.u64", "rem.u64", "div.s64", "rem.s64"} {
				if strings.Contains(kernel, insn) {
					t.Errorf("the GEMM's kernel holds %s", insn)
				}
			}
		})
	}
}

// TestSM90Ptxas assembles the PTX of sm_90a GEMMs with ptxas, which only
// GPU machines have (CI has none: the test skips there).
func TestSM90Ptxas(t *testing.T) {
	bin, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas is not installed: the sm_90a PTX is not assembled here (scripts/gpu-test.sh runs this test on a GPU machine)")
	}
	for _, c := range []struct{ file, sizes, opts string }{
		{"gemm_bias_relu.mlir", "64,64,64", ""}, {"gemm_bias_relu.mlir", "128,128,64", ""}, {"gemm_bias_relu.mlir", "128,256,64", ""},
		{"gemm_f8.mlir", "128,128,128", ""}, {"gemm_f8.mlir", "128,256,128", ""},
		{"gemm_bias_relu.mlir", "128,256,64", " cluster=2"}, {"gemm_bias_relu.mlir", "128,128,64", " cluster=2 ping-pong=true"},
	} {
		sizes := c.file + ":" + c.sizes + c.opts
		text := sm90PTX(t, c.file, c.sizes, c.opts)
		dir := t.TempDir()
		src := filepath.Join(dir, "k.ptx")
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "-arch=sm_90a", "-v", "-o", filepath.Join(dir, "k.cubin"), src).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: ptxas: %v\n%s", sizes, err, out)
		}
		if strings.Contains(string(out), "C7508") {
			t.Errorf("%s: ptxas ignored setmaxnreg:\n%s", sizes, out)
		}
		t.Logf("%s:\n%s", sizes, out)
	}
}

// TestFloat8Errors checks the diagnostics of 8-bit float GEMMs that a
// chip cannot multiply: located at the product, naming the chip and why.
func TestFloat8Errors(t *testing.T) {
	for _, c := range []struct{ pipeline, want string }{
		{"linalg-to-tile{target=sm_80 tile-sizes=64,64,128}, tile-to-nvgpu{chip=sm_80}",
			"gemm_f8.mlir:18:9: error: linalg-to-tile{target=sm_80}: chip sm_80 has no matrix instruction that multiplies f8E4M3FN"},
		{"linalg-to-tile{target=sm_90a tile-sizes=64,64,128}, tile-to-nvgpu{chip=sm_80}",
			"error: tile-to-nvgpu{chip=sm_80}: a tile.dot of f8E4M3FN runs on wgmma only: chip sm_80 has no tensor-core instruction of 8-bit floats"},
		{"linalg-to-tile{target=sm_90a tile-sizes=64,64,64}, tile-to-nvgpu{chip=sm_90a}",
			"error: tile-to-nvgpu{chip=sm_90a}: a tile.dot of f8E4M3FN runs on wgmma only: blocks 64x64x64: the sm_90a GEMM of f8E4M3FN takes bm 64 or 128, bk 128"},
	} {
		t.Run(c.pipeline, func(t *testing.T) {
			ctx, m := parse(t, filepath.Join("testdata", "gemm_f8.mlir"))
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse("builtin.module(" + c.pipeline + ")"); err != nil {
				t.Fatal(err)
			}
			err := pm.Run(m)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestClusterOption checks that a cluster of more than 2 blocks is a
// diagnostic of the pass, not a lowering.
func TestClusterOption(t *testing.T) {
	ctx, m := parse(t, filepath.Join("testdata", "gemm_tiles.mlir"))
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(linalg-to-tile{target=sm_90a tile-sizes=128,256,64}, tile-to-nvgpu{chip=sm_90a cluster=4})"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err == nil || !strings.Contains(err.Error(), "tile-to-nvgpu: cluster=4 is not 0, 1 or 2") {
		t.Fatalf("got %v", err)
	}
}

// TestSM90TMAStoreOrder checks that the interpreter needs the ordering of
// the epilogue's TMA stores: the block, written to the staging buffers by
// every thread of a warpgroup and read by the copy one thread issues,
// races without the barrier between the writes and the copy; and a
// buffer written again before its copy's bulk async-group was waited
// for (without the cp.async.bulk.wait_group before the writes) races
// with the copy.
func TestSM90TMAStoreOrder(t *testing.T) {
	for _, c := range []struct {
		name string
		// drop reports whether to erase an operation of the lowered
		// kernel, and whether it is the operation sought.
		drop func(op *ir.Operation) bool
		want string
	}{
		{"barrier", func(op *ir.Operation) bool {
			if _, ok := nvvm.AsBarrierOp(op); !ok {
				return false
			}
			for p := op.Prev(); p != nil; p = p.Prev() {
				if _, ok := nvgpu.AsFenceProxyAsyncOp(p); ok {
					return true
				}
			}
			return false
		}, "reads an element of shared memory that"},
		{"wait", func(op *ir.Operation) bool {
			w, ok := nvvm.AsCpAsyncBulkWaitGroupOp(op)
			return ok && w.Read()
		}, "still reads: no cp.async.bulk.wait_group"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, m := parse(t, filepath.Join("testdata", "gemm_tiles.mlir"))
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse("builtin.module(linalg-to-tile{target=sm_90a tile-sizes=64,64,64}, tile-to-nvgpu{chip=sm_90a persistent=2})"); err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			got, err := semcheck.Observe(m, "main")
			if err != nil || got.Err != "" {
				t.Fatalf("%v %s", err, got.Err)
			}
			var drop []*ir.Operation
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				if c.drop(op) {
					drop = append(drop, op)
				}
				return true
			})
			if len(drop) == 0 {
				t.Fatal("nothing to erase")
			}
			for _, op := range drop {
				op.Erase()
			}
			got, err = semcheck.Observe(m, "main")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(got.Err, "data race") || !strings.Contains(got.Err, c.want) {
				t.Fatalf("got %q, want a data race (%s)", got.Err, c.want)
			}
		})
	}
}

// TestSM90StoreFallback lowers a GEMM whose epilogue stores its block
// twice: the sm_90a GEMM stores it from the registers, not through TMA,
// and prints what the tile kernel prints.
func TestSM90StoreFallback(t *testing.T) {
	ctx, m := parse(t, filepath.Join("testdata", "gemm_two_stores.mlir"))
	validate(t, ctx, m, "tile-to-nvgpu{chip=sm_90a}")
	var sb strings.Builder
	if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	if !strings.Contains(out, "nvgpu.warpgroup.mma") || strings.Contains(out, "nvgpu.tma.async.store") {
		t.Errorf("want the sm_90a GEMM with stores from the registers:\n%s", out)
	}
}
