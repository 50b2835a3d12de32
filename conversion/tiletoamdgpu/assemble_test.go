package tiletoamdgpu_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/targets/llvmir/rocdl"
)

// TestAssemble continues the lowering of the examples through
// convert-amdgpu-to-rocdl and convert-gpu-to-rocdl to LLVM IR for amdgcn
// and, where llc-16 is installed, assembles the kernels for gfx90a and
// gfx940 (LLVM 16's name of the MI300 family; it does not know gfx942),
// reading the assembly for the matrix instructions, the buffer loads, the
// LDS accesses and the barriers (the cross-lane moves for reductions).
func TestAssemble(t *testing.T) {
	cases := []struct {
		file, chip, sizes string
		ir, asm           []string
	}{
		{"gemm_bias_relu.mlir", "gfx90a", "32,32,16",
			[]string{"@llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16>", "@llvm.amdgcn.raw.buffer.load.v4i32(<4 x i32>", "addrspace(3)"},
			[]string{"v_mfma_f32_16x16x16bf16_1k", "buffer_load_dwordx4", "ds_read_b64", "s_barrier"}},
		{"gemm_bias_relu.mlir", "gfx942", "64,64,32",
			[]string{"@llvm.amdgcn.mfma.f32.32x32x8bf16.1k(<4 x i16>"},
			[]string{"v_mfma_f32_32x32x8", "buffer_load_dwordx4", "ds_read_b64"}},
		{"gemm_f16.mlir", "gfx90a", "32,32,32",
			[]string{"@llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half>"},
			[]string{"v_mfma_f32_16x16x16f16", "buffer_load_dwordx4"}},
		{"gemm_ragged_k.mlir", "gfx90a", "32,16,32", nil, []string{"v_mfma_f32_16x16x16bf16_1k", "buffer_load_ushort"}},
		{"softmax.mlir", "gfx90a", "1,4096,1", []string{"@llvm.amdgcn.ds.swizzle", "@llvm.amdgcn.ds.bpermute"}, []string{"ds_swizzle_b32", "ds_bpermute_b32", "s_barrier"}},
		{"layernorm.mlir", "gfx942", "8,128,1", []string{"@llvm.amdgcn.ds.swizzle"}, []string{"ds_swizzle_b32"}},
		{"rmsnorm.mlir", "gfx90a", "2,64,1", []string{"@llvm.amdgcn.ds.swizzle"}, []string{"ds_swizzle_b32"}},
		{"../../examples/gemm-bias-relu/gemm-bias-relu.mlir", "gfx942", "64,64,32",
			[]string{"@llvm.amdgcn.mfma.f32.32x32x2f32(float"}, []string{"v_mfma_f32_32x32x2"}},
		{"../../examples/matmul/matmul.mlir", "gfx90a", "32,32,16",
			[]string{"@llvm.amdgcn.mfma.f32.16x16x4f32(float"}, []string{"v_mfma_f32_16x16x4f32"}},
		// The five examples with the chip's own block sizes ("-"): the
		// products on the matrix cores, the reductions across lanes, and
		// (for every case) no scratch and LDS within the chip's limit.
		{"../../examples/gemm-bias-relu/gemm-bias-relu.mlir", "gfx90a", "-", nil, []string{"v_mfma_f32_32x32x2f32"}},
		{"../../examples/gemm-bias-relu/gemm-bias-relu.mlir", "gfx942", "-", nil, []string{"v_mfma_f32_32x32x2_f32"}},
		{"../../examples/softmax/softmax.mlir", "gfx90a", "-", nil, []string{"ds_swizzle_b32", "v_exp_f32"}},
		{"../../examples/softmax/softmax.mlir", "gfx942", "-", nil, []string{"ds_swizzle_b32", "v_exp_f32"}},
		{"../../examples/layernorm/layernorm.mlir", "gfx90a", "-", nil, []string{"ds_swizzle_b32", "v_sqrt_f32"}},
		{"../../examples/layernorm/layernorm.mlir", "gfx942", "-", nil, []string{"ds_swizzle_b32", "v_sqrt_f32"}},
		{"../../examples/rmsnorm/rmsnorm.mlir", "gfx90a", "-", nil, []string{"ds_swizzle_b32"}},
		{"../../examples/rmsnorm/rmsnorm.mlir", "gfx942", "-", nil, []string{"ds_swizzle_b32"}},
		// FlashAttention: both products on the f32 MFMA, exp2 on the
		// transcendental unit (v_exp_f32), P staged through LDS.
		{"../../examples/attention/attention.mlir", "gfx90a", "-",
			[]string{"@llvm.amdgcn.mfma.f32.16x16x4f32(float", "@llvm.exp2.f32"}, []string{"v_mfma_f32_16x16x4f32", "v_exp_f32", "ds_write", "ds_read"}},
		{"../../examples/attention/attention.mlir", "gfx942", "-",
			[]string{"@llvm.amdgcn.mfma.f32.16x16x4f32(float"}, []string{"v_mfma_f32_16x16x4_f32", "v_exp_f32"}},
	}
	llc := testutil.LookTool("llc-16")
	if llc == "" {
		if testutil.InCI() {
			t.Fatal("llc-16 is required under CI=true")
		}
		t.Log("llc-16 is not installed: the LLVM IR is not assembled")
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.chip+"/"+c.sizes, func(t *testing.T) {
			file := filepath.Join(examples, c.file)
			if strings.HasPrefix(c.file, "../") {
				file = c.file
			}
			ctx, m := parse(t, file)
			sizes := " tile-sizes=" + c.sizes
			if c.sizes == "-" {
				sizes = ""
			}
			pipeline := "builtin.module(linalg-to-tile{target=" + c.chip + sizes + "}, tile-to-amdgpu{chip=" + c.chip + "}," +
				" gpu.module(convert-scf-to-cf, convert-amdgpu-to-rocdl{chipset=" + c.chip + "}, convert-gpu-to-rocdl{chipset=" + c.chip + "}, reconcile-unrealized-casts))"
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse(pipeline); err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			text, err := rocdl.AMDGCN(m, "", "")
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range append([]string{`target triple = "amdgcn-amd-amdhsa"`, "define amdgpu_kernel void"}, c.ir...) {
				if !strings.Contains(text, w) {
					t.Errorf("LLVM IR lacks %q", w)
				}
			}
			if llc == "" {
				return
			}
			cpu := c.chip
			if cpu == "gfx942" || cpu == "gfx950" {
				cpu = "gfx940"
			}
			dir := t.TempDir()
			ll := filepath.Join(dir, "k.ll")
			if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu="+cpu, ll, "-o", "-").CombinedOutput()
			if err != nil {
				t.Fatalf("llc-16 -mcpu=%s: %v\n%s", cpu, err, out)
			}
			s := string(out)
			for _, w := range append([]string{".amdhsa_kernel", ".wavefront_size: 64"}, c.asm...) {
				if !strings.Contains(s, w) {
					t.Errorf("the %s assembly lacks %q", cpu, w)
				}
			}
			chip, _ := chips.Lookup(c.chip)
			checkResources(t, s, chip.MemoryBytes)
		})
	}
}

// kernelResources matches the resource lines of each kernel's descriptor
// in AMDGPU assembly.
var kernelResources = regexp.MustCompile(`(?m)^\s*\.amdhsa_kernel (\S+)|^\s*\.amdhsa_(private|group)_segment_fixed_size (\d+)`)

// checkResources reads the kernel descriptors of an assembly: no kernel
// may use scratch (private segment: spills or a call stack) or more LDS
// (group segment) than lds bytes.
func checkResources(t *testing.T, s string, lds int64) {
	t.Helper()
	kernel, kernels := "", 0
	for _, m := range kernelResources.FindAllStringSubmatch(s, -1) {
		if m[1] != "" {
			kernel = m[1]
			kernels++
			continue
		}
		n, _ := strconv.ParseInt(m[3], 10, 64)
		switch {
		case m[2] == "private" && n != 0:
			t.Errorf("kernel %s uses %d bytes of scratch per lane", kernel, n)
		case m[2] == "group" && n > lds:
			t.Errorf("kernel %s uses %d bytes of LDS, over the chip's %d", kernel, n, lds)
		}
	}
	if kernels == 0 {
		t.Errorf("no kernel descriptor in the assembly")
	}
}
