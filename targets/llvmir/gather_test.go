package llvmir_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/llvmir"
)

// gatherSrc has vector GEPs (vector indices, a vector base), a masked gather with and without a
// pass-through vector, and a masked scatter.
const gatherSrc = `llvm.func @g(%base: !llvm.ptr, %idx: vector<4xi32>, %m: vector<4xi1>, %pass: vector<4xf32>, %v: vector<4xf32>) -> vector<4xf32> {
  %p = llvm.getelementptr inbounds %base[%idx] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
  %g = llvm.intr.masked.gather %p, %m, %pass {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.intr.masked.scatter %v, %p, %m {alignment = 8 : i32} : vector<4xf32>, vector<4xi1> into vector<4x!llvm.ptr>
  %g2 = llvm.intr.masked.gather %p, %m {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>) -> vector<4xf32>
  %s = llvm.fadd %g, %g2 : vector<4xf32>
  llvm.return %s : vector<4xf32>
}
llvm.func @h(%p: vector<2x!llvm.ptr>, %c: i64) -> vector<2x!llvm.ptr> {
  %x = llvm.getelementptr %p[%c] : (vector<2x!llvm.ptr>, i64) -> vector<2x!llvm.ptr>, i32
  llvm.return %x : vector<2x!llvm.ptr>
}
`

// TestGatherScatter checks the LLVM IR of vector GEPs and the masked
// gather and scatter intrinsics in both pointer forms: LLVM 16's
// intrinsics with the alignment as an i32 argument, overloaded on the
// vector of pointers (v4p0f32, v4p0 with opaque pointers). Each form must
// assemble with the llc that reads it.
func TestGatherScatter(t *testing.T) {
	tests := []struct {
		opaque bool
		llc    string
		want   []string
	}{
		{false, "llc-16", []string{
			"%7 = getelementptr inbounds float, float* %6, <4 x i32> %1",
			"%8 = bitcast <4 x float*> %7 to <4 x i8*>",
			"%9 = bitcast <4 x i8*> %8 to <4 x float*>",
			"call <4 x float> @llvm.masked.gather.v4f32.v4p0f32(<4 x float*> %9, i32 4, <4 x i1> %2, <4 x float> %3)",
			"call void @llvm.masked.scatter.v4f32.v4p0f32(<4 x float> %4, <4 x float*> %11, i32 8, <4 x i1> %2)",
			"call <4 x float> @llvm.masked.gather.v4f32.v4p0f32(<4 x float*> %12, i32 4, <4 x i1> %2, <4 x float> poison)",
			"declare <4 x float> @llvm.masked.gather.v4f32.v4p0f32(<4 x float*> %0, i32 %1, <4 x i1> %2, <4 x float> %3)",
			"declare void @llvm.masked.scatter.v4f32.v4p0f32(<4 x float> %0, <4 x float*> %1, i32 %2, <4 x i1> %3)",
			"%3 = bitcast <2 x i8*> %0 to <2 x i32*>",
			"%4 = getelementptr i32, <2 x i32*> %3, i64 %1",
			"%5 = bitcast <2 x i32*> %4 to <2 x i8*>",
		}},
		{true, "llc-22", []string{
			"%6 = getelementptr inbounds float, ptr %0, <4 x i32> %1",
			"%7 = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %6, i32 4, <4 x i1> %2, <4 x float> %3)",
			"call void @llvm.masked.scatter.v4f32.v4p0(<4 x float> %4, <4 x ptr> %6, i32 8, <4 x i1> %2)",
			"%8 = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %6, i32 4, <4 x i1> %2, <4 x float> poison)",
			"%3 = getelementptr i32, <2 x ptr> %0, i64 %1",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.llc, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			mod, _, err := asm.ParseModule(ctx, []byte(gatherSrc), asm.Config{Filename: "g.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(mod); err != nil {
				t.Fatal(err)
			}
			text, err := llvmir.TranslateWith(mod, llvmir.Options{OpaquePointers: tc.opaque})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %q:\n%s", w, text)
				}
			}
			if tc.opaque && (strings.Contains(text, "*") || strings.Contains(text, "bitcast")) {
				t.Errorf("output has typed pointers or bitcasts:\n%s", text)
			}
			llc := testutil.Tool(t, tc.llc)
			ll := filepath.Join(t.TempDir(), "g.ll")
			if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(llc, "-filetype=null", ll).CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s\n%s", tc.llc, err, out, text)
			}
		})
	}
}
