package rocdl_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/llvmir/rocdl"
)

// TestLDSBarrier translates a kernel whose amdgpu.lds_barrier became
// workgroup fences around s_barrier (their MMRA tags dropped: LLVM 16 has
// none, which leaves the stronger fences) and assembles it with llc-16.
func TestLDSBarrier(t *testing.T) {
	mod := lower(t, filepath.Join("testdata", "lds_barrier_kernel.mlir"))
	text, err := rocdl.AMDGCN(mod, "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`fence syncscope("workgroup") release`,
		`call void @llvm.amdgcn.s.barrier()`,
		`fence syncscope("workgroup") acquire`,
		`addrspace(3)`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("LLVM IR lacks %q:\n%s", want, text)
		}
	}
	llc := testutil.Tool(t, "llc-16")
	ll := filepath.Join(t.TempDir(), "k.ll")
	if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", ll, "-o", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("llc-16: %v\n%s", err, out)
	}
	for _, want := range []string{"ds_write_b32", "s_barrier", "ds_read_b32"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the assembly lacks %q", want)
		}
	}
}
