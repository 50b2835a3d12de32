package nvvm_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/progtest"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
)

// TestPrograms runs the kernels of testdata with strata-run and matches
// their output against their CHECK lines, computed by hand from the PTX
// ISA's definitions.
func TestPrograms(t *testing.T) {
	progtest.CheckPrograms(t, filepath.Join("testdata", "*.mlir"))
}

var baseAddress = regexp.MustCompile(`base@ = 0x[0-9a-f]+`)

// lowerGPUModules is the pipeline that lowers the kernels of a program to
// the llvm and nvvm dialects, leaving its host code as it is.
const lowerGPUModules = "--pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-vector-to-llvm,convert-gpu-to-nvvm,reconcile-unrealized-casts))"

// TestLowered runs the programs of testdata/lowered twice: as written
// (kernels at the gpu and nvgpu level) and with their kernels lowered to
// the nvvm dialect by Strata's passes. Both runs must print what the
// CHECK lines say (the host also compares the kernels' results with its
// own): the nvvm-level semantics agree with the nvgpu-level ones.
func TestLowered(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "lowered", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no programs in testdata/lowered")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			var low, lerr bytes.Buffer
			if code := opt.Run(ctx, []string{lowerGPUModules, file}, opt.Stdio{In: strings.NewReader(""), Out: &low, Err: &lerr}); code != 0 {
				t.Fatalf("lowering: exit %d:\n%s", code, lerr.String())
			}
			mod, _, err := asm.ParseModule(ctx, low.Bytes(), asm.Config{Filename: file})
			if err != nil {
				t.Fatal(err)
			}
			nvvmOps := 0
			mod.Walk(ir.PreOrder, func(m *ir.Operation) bool {
				if _, isGPU := gpu.AsModuleOp(m); !isGPU {
					return true
				}
				m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
					switch {
					case strings.HasPrefix(o.Name(), "nvgpu."):
						t.Errorf("the kernels keep %s", o.Name())
					case strings.HasPrefix(o.Name(), "nvvm."):
						nvvmOps++
					}
					return true
				})
				return false
			})
			if nvvmOps == 0 {
				t.Fatalf("the kernels were not lowered to nvvm:\n%s", low.String())
			}
			lowered := filepath.Join(t.TempDir(), filepath.Base(file))
			if err := os.WriteFile(lowered, low.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			var outs []string
			for _, path := range []string{file, lowered} {
				ctx := ir.NewContext()
				all.Register(ctx)
				var out, errb bytes.Buffer
				code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", path},
					run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
				if code != 0 {
					t.Fatalf("%s: exit %d:\n%s", path, code, errb.String())
				}
				if err := filecheck.Match(out.String(), filecheck.Parse(string(src), "CHECK")); err != nil {
					t.Errorf("%s: %v\ngot:\n%s", path, err, out.String())
				}
				// Buffers are at different addresses in the two runs.
				outs = append(outs, baseAddress.ReplaceAllString(out.String(), "base@ = ?"))
			}
			if outs[0] != outs[1] {
				t.Errorf("the lowered program prints\n%s\nthe original\n%s", outs[1], outs[0])
			}
		})
	}
}

// TestClusterBugs plants bugs in the cluster programs of testdata and
// checks their located errors: a missing remote arrival (through nvvm.mapa
// or nvgpu.mbarrier.arrive.cluster) or a multicast
// that leaves out a block expecting its bytes never completes a phase (a
// deadlock at the wait), a rank beyond the cluster is an error, and a
// multicast before the other block has allocated its shared memory (no
// cluster barrier after the initialization) is one too.
func TestClusterBugs(t *testing.T) {
	const lowered = "builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-vector-to-llvm,convert-gpu-to-nvvm,reconcile-unrealized-casts))"
	tests := []struct{ name, file, old, new, pipeline, want string }{
		{"no remote arrive", "cluster_mapa.mlir", "        %s1 = nvvm.mbarrier.arrive %rbar : !llvm.ptr -> i64\n", "", "",
			"cluster_mapa.mlir:42:7: error: deadlock: every thread still running waits and no wait can succeed"},
		{"rank beyond the cluster", "cluster_mapa.mlir", "%rbar = nvvm.mapa %gbar, %peer", "%rbar = nvvm.mapa %gbar, %c2i", "",
			"cluster_mapa.mlir:35:17: error: rank 2 is not a block of the cluster of 2"},
		{"multicast to one block", "lowered/tma_multicast.mlir", "arith.constant 3 : i16", "arith.constant 2 : i16", lowered,
			"error: deadlock: every thread still running waits and no wait can succeed"},
		{"no remote arrive of nvgpu", "lowered/cluster_arrive.mlir", "        nvgpu.mbarrier.arrive.cluster %bar[%c0], %c1 : !bar\n", "", "",
			"cluster_arrive.mlir:38:7: error: deadlock: every thread still running waits and no wait can succeed"},
		{"no remote arrive lowered", "lowered/cluster_arrive.mlir", "        nvgpu.mbarrier.arrive.cluster %bar[%c0], %c1 : !bar\n", "", lowered,
			"error: deadlock: every thread still running waits and no wait can succeed"},
		{"remote arrive beyond the cluster", "lowered/cluster_arrive.mlir", "%bar[%c0], %c1 : !bar\n", "%bar[%c0], %ticks : !bar\n", "",
			"cluster_arrive.mlir:26:9: error: rank 10000000 is not a block of the cluster of 2"},
		{"multicast before the cluster barrier", "lowered/tma_multicast.mlir", "      nvvm.cluster.arrive\n      nvvm.cluster.wait\n      %row", "      %row", lowered,
			"error: block (1, 0, 0) of the cluster has not allocated this shared memory yet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			bad := strings.Replace(string(src), tc.old, tc.new, 1)
			if bad == string(src) {
				t.Fatal("the text to replace is not in the program")
			}
			ctx := ir.NewContext()
			all.Register(ctx)
			file := filepath.Join(t.TempDir(), filepath.Base(tc.file))
			if tc.pipeline != "" {
				in := file + ".in"
				if err := os.WriteFile(in, []byte(bad), 0o644); err != nil {
					t.Fatal(err)
				}
				var low, lerr bytes.Buffer
				if code := opt.Run(ctx, []string{"--pass-pipeline=" + tc.pipeline, in}, opt.Stdio{In: strings.NewReader(""), Out: &low, Err: &lerr}); code != 0 {
					t.Fatalf("lowering: exit %d:\n%s", code, lerr.String())
				}
				bad = low.String()
			}
			if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := run.Run(ctx, []string{"-e", "main", "-entry-point-result=void", file},
				run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != 1 || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant %q", code, errb.String(), tc.want)
			}
		})
	}
}
