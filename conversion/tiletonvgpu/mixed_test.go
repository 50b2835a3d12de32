package tiletonvgpu_test

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/targets/ptx"
)

const mixedExample = "../../examples/mixed-levels/mixed-levels.mlir"

var numberRE = regexp.MustCompile(`-?[0-9][0-9.]*(e[-+]?[0-9]+)?|nan|inf`)

// matrices returns the data of each memref printMemrefF32 printed.
func matrices(t *testing.T, out string) [][]float64 {
	t.Helper()
	var ms [][]float64
	for _, part := range strings.Split(out, "Unranked Memref")[1:] {
		_, data, ok := strings.Cut(part, "data = ")
		if !ok {
			t.Fatalf("no data in %q", part)
		}
		var m []float64
		for _, s := range numberRE.FindAllString(data, -1) {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			m = append(m, x)
		}
		ms = append(ms, m)
	}
	return ms
}

func runMixed(t *testing.T, src, entry string, lower bool) (string, error) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: mixedExample})
	if err != nil {
		t.Fatal(err)
	}
	if lower {
		pm := pass.NewManager(ctx, "builtin.module")
		if err := pm.Parse("builtin.module(tile-to-nvgpu{chip=sm_80})"); err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(m); err != nil {
			t.Fatal(err)
		}
	}
	return run.Execute(m, entry, "void")
}

// TestMixedLevels runs examples/mixed-levels: the kernel that stages gamma
// with cp.async, a barrier and workgroup memory beside its tile
// operations, lowered by tile-to-nvgpu, prints the rows that its portable
// twin prints (lowered, bit for bit; at the tile level, within rounding
// of the reduction order), on the SIMT interpreter, which checks shared
// memory for races. Without the expert's barrier, the race is found.
func TestMixedLevels(t *testing.T) {
	data, err := os.ReadFile(mixedExample)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	ref, err := runMixed(t, src, "main", false)
	if err != nil {
		t.Fatalf("tile level: %v", err)
	}
	out, err := runMixed(t, src, "main_mixed", true)
	if err != nil {
		t.Fatalf("lowered: %v", err)
	}
	r, ms := matrices(t, ref), matrices(t, out)
	if len(r) != 1 || len(ms) != 2 || len(r[0]) != 8*128 {
		t.Fatalf("printed %d and %d matrices", len(r), len(ms))
	}
	for i := range r[0] {
		if ms[0][i] != ms[1][i] {
			t.Fatalf("element %d: the mixed kernel gives %g, the portable one %g", i, ms[1][i], ms[0][i])
		}
		if d := math.Abs(ms[1][i] - r[0][i]); d > 1e-5*math.Max(1, math.Abs(r[0][i])) {
			t.Fatalf("element %d: %g lowered, %g at the tile level", i, ms[1][i], r[0][i])
		}
	}
	// Without the barrier, threads read gamma while the first warp may
	// still be writing it.
	broken := strings.Replace(src, "  gpu.barrier\n", "", 1)
	if broken == src {
		t.Fatal("no barrier to remove")
	}
	if _, err := runMixed(t, broken, "main_mixed", true); err == nil || !strings.Contains(err.Error(), "data race") {
		t.Errorf("without the barrier: %v, want a data race", err)
	}
}

// TestMixedLevelsPTX lowers examples/mixed-levels as the CUDA engine does
// (tile-to-nvgpu, then the gpu.module to NVVM) and emits its PTX: the
// expert's cp.async copies, the wait and the barrier are there, and the
// tile.load of gamma reads shared memory 16 bytes at a time.
func TestMixedLevelsPTX(t *testing.T) {
	data, err := os.ReadFile(mixedExample)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, data, asm.Config{Filename: mixedExample})
	if err != nil {
		t.Fatal(err)
	}
	pm := pass.NewManager(ctx, "builtin.module")
	if err := pm.Parse("builtin.module(tile-to-nvgpu{chip=sm_80}, canonicalize, cse, " + run.GPUModulePipeline + ")"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	text, err := ptx.EmitModule(m, "", ptx.Options{Chip: "sm_90a"})
	if err != nil {
		t.Fatal(err)
	}
	_, mixed, ok := strings.Cut(text, ".entry rmsnorm_mixed(")
	if !ok {
		t.Fatal("no rmsnorm_mixed kernel in the PTX")
	}
	for _, want := range []string{"cp.async.ca.shared.global", "cp.async.commit_group", "cp.async.wait_group", "bar.sync", "ld.shared.v4.f32"} {
		if !strings.Contains(mixed, want) {
			t.Errorf("no %q in rmsnorm_mixed's PTX", want)
		}
	}
}
