package rocdl_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/llvmir/rocdl"
)

// lowering takes a gpu.module of gpu, amdgpu, vector, memref and arith
// operations to the llvm and rocdl dialects.
const lowering = "builtin.module(gpu.module(convert-amdgpu-to-rocdl{chipset=gfx90a},convert-vector-to-llvm," +
	"convert-gpu-to-rocdl,reconcile-unrealized-casts))"

func lower(t *testing.T, path string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse(lowering); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(mod); err != nil {
		t.Fatal(err)
	}
	return mod
}

// TestMFMAKernel translates a lowered MFMA kernel to amdgcn LLVM IR and,
// where llc-16 is installed, assembles it for gfx90a and gfx940 (LLVM 16
// reads the typed pointers of the translation; it knows gfx940, not
// gfx942) and reads the assembly for the matrix instruction and the
// metadata for the absence of scratch.
func TestMFMAKernel(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "mfma_kernel.mlir"))
	text, err := rocdl.AMDGCN(mod, "", "gfx90a")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`target triple = "amdgcn-amd-amdhsa"`,
		`define amdgpu_kernel void @mfma_kernel(`,
		`"amdgpu-flat-work-group-size"="64,64"`,
		`"target-cpu"="gfx90a"`,
		`call i32 @llvm.amdgcn.workitem.id.x()`,
		`call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half>`,
		`call void @llvm.amdgcn.s.waitcnt(i32 3952)`,
		`fence syncscope("workgroup") release`,
		`call void @llvm.amdgcn.s.barrier()`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("LLVM IR lacks %q:\n%s", want, text)
		}
	}
	llc := testutil.Tool(t, "llc-16")
	dir := t.TempDir()
	// Without a target-cpu in the IR, llc's -mcpu chooses the chip.
	plain, err := rocdl.AMDGCN(mod, "", "")
	if err != nil {
		t.Fatal(err)
	}
	ll := filepath.Join(dir, "k.ll")
	if err := os.WriteFile(ll, []byte(plain), 0o644); err != nil {
		t.Fatal(err)
	}
	for chip, mnemonic := range map[string]string{"gfx90a": "v_mfma_f32_16x16x16f16", "gfx940": "v_mfma_f32_16x16x16_f16"} {
		out, err := exec.Command(llc, "-mtriple="+rocdl.Triple, "-mcpu="+chip, ll, "-o", "-").CombinedOutput()
		if err != nil {
			t.Fatalf("llc-16 -mcpu=%s: %v\n%s", chip, err, out)
		}
		s := string(out)
		for _, want := range []string{mnemonic, "global_load_dwordx2", "s_waitcnt vmcnt(0)", ".private_segment_fixed_size: 0",
			".wavefront_size: 64"} {
			if !strings.Contains(s, want) {
				t.Errorf("%s assembly lacks %q", chip, want)
			}
		}
	}
}

// TestUnsupported checks that an operation LLVM 16 has no intrinsic for
// is a located error, and that a chip that is not an AMD one is refused.
func TestUnsupported(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	src := `llvm.func @f(%p: !llvm.ptr<3>) -> vector<4xf16> {
  %0 = rocdl.ds.read.tr16.b64 %p : !llvm.ptr<3> -> vector<4xf16>
  llvm.return %0 : vector<4xf16>
}
`
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rocdl.AMDGCN(mod, "", "")
	if err == nil || !strings.Contains(err.Error(), "in.mlir:2:8") || !strings.Contains(err.Error(), "rocdl.ds.read.tr16.b64") {
		t.Errorf("got %v, want a located error naming the operation", err)
	}
	if _, err := rocdl.AMDGCN(mod, "", "sm_80"); err == nil || !strings.Contains(err.Error(), "unknown AMD chip 'sm_80'") {
		t.Errorf("got %v, want an unknown chip error", err)
	}
}

// TestCodeObject writes the code object of a lowered MFMA kernel with
// llc-16 and ld.lld (skipped when they are missing, failing under
// CI=true) and reads it: an AMDGPU ELF shared object with the kernel and
// its descriptor. A chip LLVM 16 does not know is an error.
func TestCodeObject(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "mfma_kernel.mlir"))
	if err := rocdl.CodeObject(mod, "", "gfx942", filepath.Join(t.TempDir(), "k.hsaco")); err == nil ||
		!strings.Contains(err.Error(), "a code object for gfx942 needs llc-16 to know the chip") {
		t.Errorf("gfx942: %v", err)
	}
	for _, tool := range []string{"llc-16", "ld.lld"} {
		if testutil.LookTool(tool) == "" {
			if testutil.InCI() {
				t.Fatalf("%s is required under CI=true", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	text, err := rocdl.AMDGCN(mod, "", "gfx90a")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "k.hsaco")
	if err := rocdl.CodeObject(mod, text, "gfx90a", path); err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Type != elf.ET_DYN || f.Machine != elf.EM_AMDGPU {
		t.Errorf("type %v machine %v, want a shared object for AMDGPU", f.Type, f.Machine)
	}
	syms, err := f.DynamicSymbols()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, s := range syms {
		found[s.Name] = true
	}
	for _, want := range []string{"mfma_kernel", "mfma_kernel.kd"} {
		if !found[want] {
			t.Errorf("no symbol %s in the code object (%v)", want, found)
		}
	}
}
