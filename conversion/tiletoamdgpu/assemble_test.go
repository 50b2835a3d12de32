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
// and, where the chip's llc is installed, assembles the kernels: gfx90a
// with llc-16 (typed pointers), gfx942 and gfx950 with llc-22 (opaque
// pointers), each with -mcpu and the target-cpu of its chip. It reads the
// assembly for the matrix instructions, the buffer loads, the LDS
// accesses and the barriers (the cross-lane moves for reductions), and
// the kernel descriptors for scratch and LDS.
func TestAssemble(t *testing.T) {
	type assembleCase struct {
		file, chip, sizes string
		ir, asm           []string
	}
	cases := []assembleCase{
		{"gemm_bias_relu.mlir", "gfx90a", "32,32,16",
			[]string{"@llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16>", "@llvm.amdgcn.raw.buffer.load.v4i32(<4 x i32>", "addrspace(3)"},
			[]string{"v_mfma_f32_16x16x16bf16_1k", "buffer_load_dwordx4", "ds_read_b64", "s_barrier"}},
		{"gemm_bias_relu.mlir", "gfx942", "64,64,32",
			[]string{"@llvm.amdgcn.mfma.f32.32x32x8bf16.1k(<4 x i16>"},
			[]string{"v_mfma_f32_32x32x8", "buffer_load_dwordx4", "ds_read_b64"}},
		{"gemm_bias_relu.mlir", "gfx950", "64,64,64",
			[]string{"@llvm.amdgcn.mfma.f32.32x32x16.bf16(<8 x bfloat>"},
			[]string{"v_mfma_f32_32x32x16_bf16", "buffer_load_dwordx4", "ds_read_b128"}},
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
	}
	// The five examples with the chip's own block sizes ("-"), on every
	// chip: the products on the matrix cores with their operands staged
	// through LDS behind barriers, the reductions across lanes, and (for
	// every case) no scratch and LDS within the chip's limit. Attention's
	// block is one wave, for which the backend drops s_barrier.
	five := []struct {
		file    string
		ir, asm []string
	}{
		{"gemm-bias-relu", []string{"@llvm.amdgcn.mfma.f32.32x32x2f32(float"},
			[]string{"v_mfma_f32_32x32x2", "buffer_load_dwordx4", "ds_write", "ds_read_b32", "s_barrier"}},
		{"softmax", nil, []string{"ds_swizzle_b32", "v_exp_f32", "flat_load_dword", "flat_store_dword"}},
		{"layernorm", nil, []string{"ds_swizzle_b32", "v_sqrt_f32"}},
		{"rmsnorm", nil, []string{"ds_swizzle_b32"}},
		{"attention", []string{"@llvm.amdgcn.mfma.f32.16x16x4f32(float", "@llvm.exp2.f32"},
			[]string{"v_mfma_f32_16x16x4", "v_exp_f32", "buffer_load_dword", "ds_write", "ds_read"}},
	}
	for _, e := range five {
		for _, chip := range []string{"gfx90a", "gfx942", "gfx950"} {
			cases = append(cases, assembleCase{"../../examples/" + e.file + "/" + e.file + ".mlir", chip, "-", e.ir, e.asm})
		}
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
			llvm := rocdl.DefaultLLVM(c.chip)
			text, err := rocdl.Translate(m, rocdl.Options{Chip: c.chip})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range append([]string{`target triple = "amdgcn-amd-amdhsa"`, "define amdgpu_kernel void"}, c.ir...) {
				if !strings.Contains(text, w) {
					t.Errorf("LLVM IR lacks %q", w)
				}
			}
			tool, pkg := rocdl.LLC(llvm)
			llc := testutil.LookTool(tool)
			if llc == "" {
				if testutil.InCI() {
					t.Fatalf("%s (Debian package %s) is required under CI=true", tool, pkg)
				}
				t.Skipf("%s is not installed (Debian package %s): the LLVM IR is not assembled", tool, pkg)
			}
			cpu := c.chip
			dir := t.TempDir()
			ll := filepath.Join(dir, "k.ll")
			if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu="+cpu, ll, "-o", "-")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || stderr.Len() > 0 {
				// llc warns of a processor it does not know.
				t.Fatalf("%s -mcpu=%s: %v\n%s", tool, cpu, err, stderr.String())
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
