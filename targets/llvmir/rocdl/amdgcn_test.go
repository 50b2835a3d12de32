package rocdl_test

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/llvmir/rocdl"
	"github.com/strata-ir/strata/translate"
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

// TestMFMAKernel translates a lowered MFMA kernel to amdgcn LLVM IR for
// each chip and, where the chip's llc is installed, assembles it: gfx90a
// with llc-16 from typed pointers, gfx942 and gfx950 with llc-22 from
// opaque pointers (and gfx90a with llc-22 too). It reads the assembly for
// the matrix instruction and the metadata for the absence of scratch, and
// llc must not warn (an unknown -mcpu or target-cpu is a warning).
func TestMFMAKernel(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "mfma_kernel.mlir"))
	for _, c := range []struct {
		chip     string
		llvm     int
		ir       []string
		mnemonic string
	}{
		{"gfx90a", 16, []string{`i8 addrspace(1)*`}, "v_mfma_f32_16x16x16f16"},
		{"gfx90a", 22, []string{`ptr addrspace(1)`}, "v_mfma_f32_16x16x16f16"},
		{"gfx942", 22, []string{`ptr addrspace(1)`}, "v_mfma_f32_16x16x16_f16"},
		{"gfx950", 22, []string{`ptr addrspace(1)`}, "v_mfma_f32_16x16x16_f16"},
	} {
		t.Run(c.chip+"/llvm-"+strconv.Itoa(c.llvm), func(t *testing.T) {
			text, err := rocdl.Translate(mod, rocdl.Options{Chip: c.chip, LLVM: c.llvm})
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range append([]string{
				`target triple = "amdgcn-amd-amdhsa"`,
				`define amdgpu_kernel void @mfma_kernel(`,
				`"amdgpu-flat-work-group-size"="64,64"`,
				`"target-cpu"="` + c.chip + `"`,
				`call i32 @llvm.amdgcn.workitem.id.x()`,
				`call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half>`,
				`call void @llvm.amdgcn.s.waitcnt(i32 3952)`,
				`fence syncscope("workgroup") release`,
				`call void @llvm.amdgcn.s.barrier()`,
			}, c.ir...) {
				if !strings.Contains(text, want) {
					t.Errorf("LLVM IR lacks %q:\n%s", want, text)
				}
			}
			tool, _ := rocdl.LLC(c.llvm)
			llc := testutil.Tool(t, tool)
			ll := filepath.Join(t.TempDir(), "k.ll")
			if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(llc, "-mtriple="+rocdl.Triple, "-mcpu="+c.chip, ll, "-o", "-")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || stderr.Len() > 0 {
				t.Fatalf("%s -mcpu=%s: %v\n%s", tool, c.chip, err, stderr.String())
			}
			s := string(out)
			for _, want := range []string{c.mnemonic, "global_load_dwordx2", "s_waitcnt vmcnt(0)", ".private_segment_fixed_size: 0",
				".wavefront_size: 64", ".amdgcn_target \"amdgcn-amd-amdhsa--" + c.chip} {
				if !strings.Contains(s, want) {
					t.Errorf("%s assembly lacks %q", c.chip, want)
				}
			}
		})
	}
}

// TestTypedPointerChips checks that LLVM 16's typed-pointer IR is refused
// for the chips LLVM 16 does not know, and that the default LLVM of a
// chip is the oldest that knows it.
func TestTypedPointerChips(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "mfma_kernel.mlir"))
	for _, chip := range []string{"gfx942", "gfx950"} {
		if _, err := rocdl.Translate(mod, rocdl.Options{Chip: chip, LLVM: 16}); err == nil ||
			!strings.Contains(err.Error(), "LLVM 16 does not know "+chip) {
			t.Errorf("%s with LLVM 16: %v", chip, err)
		}
		if rocdl.DefaultLLVM(chip) != 22 {
			t.Errorf("DefaultLLVM(%s) = %d, want 22", chip, rocdl.DefaultLLVM(chip))
		}
	}
	if _, err := rocdl.Translate(mod, rocdl.Options{LLVM: 18}); err == nil || !strings.Contains(err.Error(), "unsupported LLVM version 18") {
		t.Errorf("LLVM 18: %v", err)
	}
	if rocdl.DefaultLLVM("gfx90a") != 16 || rocdl.DefaultLLVM("") != 16 {
		t.Errorf("gfx90a and no chip default to LLVM 16")
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

// TestCodeObject writes the code objects of a lowered MFMA kernel for
// each chip with its llc and ld.lld (skipped when they are missing,
// failing under CI=true) and reads them: AMDGPU ELF shared objects with
// the kernel and its descriptor, for the chip's ISA.
func TestCodeObject(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "mfma_kernel.mlir"))
	if err := rocdl.CodeObject(mod, "", rocdl.Options{}, filepath.Join(t.TempDir(), "k.hsaco")); err == nil ||
		!strings.Contains(err.Error(), "a code object needs a chip") {
		t.Errorf("no chip: %v", err)
	}
	for _, c := range []struct {
		chip string
		mach uint32 // EF_AMDGPU_MACH
	}{{"gfx90a", 0x3f}, {"gfx942", 0x4c}, {"gfx950", 0x4f}} {
		t.Run(c.chip, func(t *testing.T) {
			opts := rocdl.Options{Chip: c.chip}
			llvm := rocdl.DefaultLLVM(c.chip)
			llc, _ := rocdl.LLC(llvm)
			lld := "ld.lld"
			if llvm > 16 {
				// The default ld.lld (Debian 12's is LLVM 14's) does not
				// know the code object versions of later LLVMs.
				lld, _ = rocdl.Linker(llvm)
			}
			for _, tool := range []string{llc, lld} {
				if testutil.LookTool(tool) == "" {
					if testutil.InCI() {
						t.Fatalf("%s is required under CI=true", tool)
					}
					t.Skipf("%s is not installed", tool)
				}
			}
			text, err := rocdl.Translate(mod, opts)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "k.hsaco")
			if err := rocdl.CodeObject(mod, text, opts, path); err != nil {
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
			// e_flags (at byte 48 of an ELF64 header) holds the ISA in its
			// low byte, EF_AMDGPU_MACH.
			raw, err := os.ReadFile(path)
			if err != nil || len(raw) < 52 {
				t.Fatalf("reading the ELF header: %v", err)
			}
			if mach := binary.LittleEndian.Uint32(raw[48:]) & 0xff; mach != c.mach {
				t.Errorf("EF_AMDGPU_MACH is %#x, want %#x (%s)", mach, c.mach, c.chip)
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
		})
	}
}

// TestTranslateFlags runs strata-translate's --mlir-to-amdgcn with its
// flags: gfx942's IR has opaque pointers and the chip as target-cpu,
// --amdgcn-llvm=16 gives typed pointers and is refused for gfx942, and a
// malformed version is a located error.
func TestTranslateFlags(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "mfma_kernel.mlir"))
	var lowered strings.Builder
	if err := asm.Print(&lowered, mod, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args      []string
		code      int
		out, errs string
	}{
		{[]string{"--amdgcn-chip=gfx942"}, 0, `"target-cpu"="gfx942"`, ""},
		{[]string{"--amdgcn-chip=gfx942"}, 0, "ptr addrspace(1) %", ""},
		{[]string{"--amdgcn-chip=gfx90a"}, 0, "i8 addrspace(1)* %", ""},
		{[]string{"--amdgcn-chip=gfx90a", "--amdgcn-llvm=22"}, 0, "ptr addrspace(1) %", ""},
		{[]string{"--amdgcn-chip=gfx942", "--amdgcn-llvm=16"}, 1, "", "error: LLVM 16 does not know gfx942"},
		{[]string{"--amdgcn-llvm=x"}, 1, "", "error: --amdgcn-llvm: 'x' is not an LLVM major version"},
	} {
		ctx := ir.NewContext()
		all.Register(ctx)
		var stdout, stderr strings.Builder
		args := append([]string{"--mlir-to-amdgcn"}, c.args...)
		code := translate.Main(ctx, append(args, "-"), strings.NewReader(lowered.String()), &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String(), c.out) || !strings.Contains(stderr.String(), c.errs) {
			t.Errorf("%v: status %d, stderr %q; want %d, %q in the output, %q in stderr", c.args, code, stderr.String(), c.code, c.out, c.errs)
		}
	}
}
