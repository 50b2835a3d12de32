package main

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/tune"
	"github.com/strata-ir/strata/targets/chips"
)

func TestCompileOnly(t *testing.T) {
	var out, errw strings.Builder
	rc := Main([]string{"--compile-only", "--timing", "--tile-sizes", "4,256,1", "--options", "blocks-per-sm=2", "--space", "tile-sizes=2,256,1|4,256,1;warps=2|4",
		"testdata/layernorm_64x256_f32.mlir"}, &out, &errw)
	if rc != exitOK {
		t.Fatalf("rc %d\n%s%s", rc, out.String(), errw.String())
	}
	for _, want := range []string{"compile time of @layernorm from linalg to PTX", "tile-to-nvgpu, canonicalize, cse, licm", "PTX",
		"(tile-sizes=4,256,1 blocks-per-sm=2)", "tile-sizes=2,256,1 blocks-per-sm=2 warps=2", "tile-sizes=4,256,1 blocks-per-sm=2 warps=4"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
	if n := strings.Count(out.String(), "compiled to PTX in"); n != 5 {
		t.Errorf("%d candidates compiled, want 5 (the default and 4)\n%s", n, out.String())
	}
}

// TestCompileFailureIsANote checks that a candidate that does not compile
// is reported in one line, and that the default's failure is an error.
func TestCompileFailureIsANote(t *testing.T) {
	var out, errw strings.Builder
	rc := Main([]string{"--compile-only", "--tile-sizes", "4,256,1", "--space", "warps=4|64", "testdata/layernorm_64x256_f32.mlir"}, &out, &errw)
	if rc != exitOK || !strings.Contains(out.String(), "warps=64") || !strings.Contains(out.String(), "does not compile: ") ||
		!strings.Contains(out.String(), "not a power of two") {
		t.Errorf("rc %d\n%s%s", rc, out.String(), errw.String())
	}
	out.Reset()
	rc = Main([]string{"--compile-only", "--tile-sizes", "3,256,1", "testdata/layernorm_64x256_f32.mlir"}, &out, &errw)
	if rc != exitError {
		t.Errorf("a default that does not compile: rc %d\n%s", rc, out.String())
	}
}

func TestDefaultSpaces(t *testing.T) {
	p := &program{target: "sm_90a", chip: "sm_80"}
	for _, tt := range []struct {
		file string
		dot  bool
	}{{"layernorm_8192x8192_bf16.mlir", false}, {"gemm_4096x4096x4096_bf16.mlir", true}} {
		src, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		p.src, p.name = src, tt.file
		dot, err := p.hasDot(tune.Config{})
		if err != nil || dot != tt.dot {
			t.Errorf("%s: dot %v (%v), want %v", tt.file, dot, err, tt.dot)
		}
		sig, err := p.signature("")
		if err != nil {
			t.Fatal(err)
		}
		if r, c, ok := sig.rows(); !ok || r != 8192 && r != 4096 || c != 8192 && c != 4096 {
			t.Errorf("%s: rows %d, cols %d", tt.file, r, c)
		}
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(bad, []byte("func.func @f(%a: tensor<4xf32>) {\n  %x = arith.addf %a\n}\n"), 0o644)
	dyn := filepath.Join(dir, "dyn.mlir")
	os.WriteFile(dyn, []byte("func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {\n  return %a : tensor<?xf32>\n}\n"), 0o644)
	for _, tt := range []struct {
		args []string
		rc   int
		msg  string
	}{
		{[]string{bad}, exitError, "bad.mlir:2:"},
		{[]string{"-e", "nothere", "testdata/layernorm_64x256_f32.mlir"}, exitError, "no function named '@nothere'"},
		{[]string{dyn}, exitError, "dyn.mlir:1:1: error: argument 0 of '@f' is not a statically shaped tensor or memref"},
		{[]string{"--space", "warps", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "invalid space"},
		{[]string{"--runs", "0", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "--runs must be positive"},
		{[]string{"--margin", "1", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "--margin must be in [0, 1)"},
		{[]string{"--window-ms", "-1", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "--window-ms must not be negative"},
		{[]string{"--window-ms", "NaN", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "--window-ms must not be negative"},
		{[]string{"--options", "chip=sm_90a", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "--options takes one value"},
		{[]string{"--options", "warps=4|8", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "not warps=4|8"},
		{[]string{"--options", "warps", "testdata/layernorm_64x256_f32.mlir"}, exitUsage, "--options: invalid space"},
		{[]string{"--bogus"}, exitUsage, "flag provided but not defined"},
		{[]string{}, exitUsage, "expected one input file"},
		{[]string{filepath.Join(dir, "missing.mlir")}, exitError, "no such file"},
	} {
		var out, errw strings.Builder
		rc := Main(tt.args, &out, &errw)
		if rc != tt.rc || !strings.Contains(errw.String(), tt.msg) {
			t.Errorf("%v: rc %d, want %d; stderr %q, want %q", tt.args, rc, tt.rc, errw.String(), tt.msg)
		}
	}
}

// TestLaunchesFor checks the number of launches that fill a window.
func TestLaunchesFor(t *testing.T) {
	for _, tt := range []struct {
		window, ms  float64
		least, want int
	}{
		{300, 1.7, 20, 177},   // an 8192³ GEMM: 177 launches of 1.7 ms
		{300, 0.21, 20, 1429}, // a 4096³ GEMM
		{300, 60, 20, 20},     // a slow kernel: --runs launches
		{300, 0.001, 20, 20000},
		{0, 1.7, 20, 20}, // no window
		{300, 0, 20, 20}, // no time measured
		{300, math.NaN(), 20, 20},
	} {
		if got := launchesFor(tt.window, tt.ms, tt.least); got != tt.want {
			t.Errorf("launchesFor(%g, %g, %d) = %d, want %d", tt.window, tt.ms, tt.least, got, tt.want)
		}
	}
}

func TestNPY(t *testing.T) {
	dir := t.TempDir()
	ctx := ir.NewContext()
	types := []ir.ShapedType{
		ctx.RankedTensorType([]int64{3, 5}, ctx.FloatType(ir.F32), nil),
		ctx.RankedTensorType([]int64{7}, ctx.FloatType(ir.BF16), nil),
		ctx.RankedTensorType([]int64{2, 2}, ctx.FloatType(ir.F16), nil),
		ctx.RankedTensorType([]int64{4}, ctx.I(32), nil),
	}
	files, err := writeInputs(dir, types)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		v, err := readNPY(f)
		if err != nil {
			t.Fatal(err)
		}
		shape, _ := types[i].ShapeDims()
		n := int64(1)
		for _, d := range shape {
			n *= d
		}
		if int64(len(v)) != n {
			t.Fatalf("%s: %d values, want %d", f, len(v), n)
		}
		nonzero := false
		for _, x := range v {
			if math.IsNaN(x) || math.Abs(x) > 10 {
				t.Errorf("%s: value %g", f, x)
			}
			nonzero = nonzero || x != 0
		}
		if !nonzero {
			t.Errorf("%s: all zero", f)
		}
	}
	for _, x := range []float32{0, 1, -2.5, 0.1, 65504, 1e-3} {
		if got := f16ToF32(f32ToF16(x)); math.Abs(float64(got-x)) > math.Abs(float64(x))*1e-3 {
			t.Errorf("f16 round trip of %g: %g", x, got)
		}
		if got := math.Float32frombits(uint32(f32ToBF16(x)) << 16); math.Abs(float64(got-x)) > math.Abs(float64(x))*8e-3 {
			t.Errorf("bf16 round trip of %g: %g", x, got)
		}
	}
	if f32ToBF16(1+1.0/256) != 0x3f80 || f32ToBF16(1+3.0/256) != 0x3f82 {
		t.Errorf("bf16 ties to even: %#x %#x", f32ToBF16(1+1.0/256), f32ToBF16(1+3.0/256))
	}
}

// BenchmarkCompile measures the compile time of one kernel from linalg to
// PTX in process (parse, linalg-to-tile, tile-to-nvgpu and clean-up, the
// gpu.module lowering to NVVM, PTX emission), as strata-tune pays it for
// each candidate.
func BenchmarkCompile(b *testing.B) {
	sm90 := map[string]string{"group-m": "8", "persistent": "132"}
	for _, c := range []struct {
		name, file, tiles, chip string
		opts                    map[string]string
	}{
		{"layernorm_8192x8192_bf16", "layernorm_8192x8192_bf16.mlir", "1,8192,1", "sm_80", nil},
		{"softmax_32768x1024_bf16", "softmax_32768x1024_bf16.mlir", "4,1024,1", "sm_80", nil},
		{"gemm_4096_sm80", "gemm_4096x4096x4096_bf16.mlir", "128,128,32", "sm_80", nil},
		// The bench's sm_90a GEMM: 128x256x64 blocks, groups of 8 block
		// rows, 132 persistent blocks.
		{"gemm_4096_sm90a", "gemm_4096x4096x4096_bf16.mlir", "128,256,64", "sm_90a", sm90},
	} {
		src, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			b.Fatal(err)
		}
		p := &program{src: src, name: c.file, target: "sm_90a", chip: c.chip}
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, _, err := p.compile(tune.Config{TileSizes: c.tiles, Options: c.opts}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRecordWinner writes a search's winner for the 4096³ bf16 GEMM into
// a winners cache: keyed by the GEMM's operand type, shape class and the
// target, found with the first configuration the sm_90a path takes, a
// second record of the key replacing the first; a program without a GEMM
// is not cached.
func TestRecordWinner(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "gemm_4096x4096x4096_bf16.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	p := &program{src: src, name: "gemm.mlir", entry: "gemm", target: "sm_90a", chip: "sm_90a"}
	path := filepath.Join(t.TempDir(), "winners.json")
	best := tune.Config{TileSizes: "128,256,64", Options: map[string]string{"group-m": "16", "persistent": "132"}}
	o := tune.Outcome{Default: tune.Result{Config: tune.Config{TileSizes: "128,256,64"}, Ms: 0.25}, Best: tune.Result{Config: best, Ms: 0.23}}
	// 32x32x16 blocks go to the sm_80 path: the key comes from the next.
	tries := []tune.Config{{TileSizes: "32,32,16"}, best}
	key, err := recordWinner(path, p, o, tries)
	want := tune.Key{Kernel: "gemm.bf16", Class: "4096x4096x4096", Chip: "sm_90a"}
	if err != nil || key != want {
		t.Fatalf("key %v, %v; want %v", key, err, want)
	}
	o.Best.Config.Options["group-m"] = "8"
	if _, err := recordWinner(path, p, o, tries); err != nil {
		t.Fatal(err)
	}
	c, err := tune.LoadCache(path)
	if err != nil {
		t.Fatal(err)
	}
	w, ok := c.Lookup(want)
	if !ok || len(c.Winners) != 1 || w.TileSizes != "128,256,64" || w.Options["group-m"] != "8" || w.Ms != 0.23 || w.DefaultMs != 0.25 ||
		w.Shape != "tensor<4096x4096xbf16>, tensor<4096x4096xbf16>" {
		t.Fatalf("cache %+v", c)
	}
	rows, err := os.ReadFile(filepath.Join("testdata", "layernorm_64x256_f32.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	p.src, p.entry = rows, "layernorm"
	if _, err := recordWinner(path, p, o, []tune.Config{{TileSizes: "4,256,1"}}); err == nil || !strings.Contains(err.Error(), "only those are cached") {
		t.Errorf("a program without a GEMM: %v", err)
	}
}

// TestShippedCache reads the winners cache measured on the H200
// (bench/tune/h200-sm_90a.json): every winner is keyed by its timed
// shape's class on sm_90a, and a GEMM of a cached class lowered through
// the cache (linalg-to-tile's and tile-to-nvgpu's tune-cache, with
// neither blocks nor options given) is the same module as one lowered
// with the winner's configuration written out.
func TestShippedCache(t *testing.T) {
	path := filepath.Join("..", "..", "bench", "tune", "h200-sm_90a.json")
	c, err := tune.LoadCache(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Winners) == 0 {
		t.Fatalf("%s: no winners", path)
	}
	shapeRE := regexp.MustCompile(`^tensor<(\d+)x(\d+)x(\w+)>, tensor<(\d+)x(\d+)x(\w+)>$`)
	for _, w := range c.Winners {
		m := shapeRE.FindStringSubmatch(w.Shape)
		if m == nil {
			t.Errorf("%s: shape %q is not two matrices", w.Key, w.Shape)
			continue
		}
		dim := func(s string) int64 { v, _ := strconv.ParseInt(s, 10, 64); return v }
		if cls := tune.ShapeClass(dim(m[1]), dim(m[5]), dim(m[2])); w.Class != cls || w.Kernel != "gemm."+m[3] || w.Chip != "sm_90a" {
			t.Errorf("%s: the timed shape %s is of %s %s", w.Key, w.Shape, "gemm."+m[3], cls)
		}
		if !(w.Ms > 0 && w.Ms <= w.DefaultMs) {
			t.Errorf("%s: the winner's %.4f ms is slower than the default's %.4f ms", w.Key, w.Ms, w.DefaultMs)
		}
	}
	src, err := os.ReadFile(filepath.Join("testdata", "gemm_4096x4096x4096_bf16.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	w, ok := c.Lookup(tune.Key{Kernel: "gemm.bf16", Class: "4096x4096x4096", Chip: "sm_90a"})
	if !ok {
		t.Fatal("no winner for the 4096³ bf16 GEMM")
	}
	lower := func(pipeline string) string {
		p := &program{src: src, name: "gemm.mlir"}
		m, err := p.parse()
		if err != nil {
			t.Fatal(err)
		}
		pm := pass.NewManager(m.Context(), "builtin.module")
		if err := pm.Parse(pipeline); err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(m); err != nil {
			t.Fatalf("%s: %v", pipeline, err)
		}
		var sb strings.Builder
		if err := asm.Print(&sb, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	clean := ", canonicalize, cse, loop-invariant-code-motion)"
	cached := lower("builtin.module(linalg-to-tile{target=sm_90a tune-cache=" + path + "}, tile-to-nvgpu{chip=sm_90a tune-cache=" + path + "}" + clean)
	explicit := lower(w.Config().Pipeline("sm_90a", "sm_90a"))
	plain := lower("builtin.module(linalg-to-tile{target=sm_90a}, tile-to-nvgpu{chip=sm_90a}" + clean)
	if cached != explicit {
		t.Errorf("the GEMM lowered through the cache differs from the winner's configuration %s", w.Config())
	}
	if cached == plain {
		t.Errorf("the cache changed nothing: the lowering's defaults are the winner's")
	}
}

// TestGEMMSpaceTakesSM90 checks that every candidate of the sm_90a GEMM
// space read from the chip description is a GEMM that the sm_90a path
// lowers, not one that falls back to the sm_80 path.
func TestGEMMSpaceTakesSM90(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "gemm_4096x4096x4096_bf16.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	p := &program{src: src, name: "gemm.mlir", entry: "gemm", target: "sm_90a", chip: "sm_90a"}
	sig, err := p.signature("")
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := chips.Lookup("sm_90a")
	cands := tune.GEMMSpace(ch, sig.inputs[0].ElementType(), 132)
	if len(cands) == 0 {
		t.Fatal("no candidates")
	}
	for _, c := range cands {
		if _, ok, att, err := p.kernelKey(c); err != nil || !ok || att {
			t.Errorf("%s: not an sm_90a GEMM (%v)", c, err)
		}
	}
}

// TestAttention tunes an attention kernel: its default space is the
// loop as it is and rotated, on the sm_90a path alone; its winner is
// cached under its attention key with tile-to-nvgpu's options alone, and
// a winner with other blocks than the default's is not cached.
func TestAttention(t *testing.T) {
	file := filepath.Join("testdata", "attention_1x2x136x64_causal_bf16.mlir")
	var out, errw strings.Builder
	rc := Main([]string{"--compile-only", "--chip", "sm_90a", "--tile-sizes", "128,128,64", file}, &out, &errw)
	if rc != exitOK || strings.Count(out.String(), "compiled to PTX in") != 2 || !strings.Contains(out.String(), "tile-sizes=128,128,64 attention-overlap=true ") {
		t.Errorf("rc %d\n%s%s", rc, out.String(), errw.String())
	}
	errw.Reset()
	if rc := Main([]string{"--compile-only", "--tile-sizes", "128,128,64", file}, &out, &errw); rc != exitUsage || !strings.Contains(errw.String(), "give --chip sm_90a") {
		t.Errorf("attention on sm_80: rc %d, %s", rc, errw.String())
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &program{src: src, name: "attention.mlir", entry: "attention", target: "sm_90a", chip: "sm_90a"}
	path := filepath.Join(t.TempDir(), "winners.json")
	def := tune.Config{TileSizes: "128,128,64", Options: map[string]string{}}
	rot := tune.Config{TileSizes: "128,128,64", Options: map[string]string{"attention-overlap": "true"}}
	o := tune.Outcome{Default: tune.Result{Config: def, Ms: 0.2}, Best: tune.Result{Config: rot, Ms: 0.15}}
	key, err := recordWinner(path, p, o, []tune.Config{rot, def})
	want := tune.Key{Kernel: "attention.bf16.causal", Class: "256x256x64", Chip: "sm_90a"}
	if err != nil || key != want {
		t.Fatalf("key %v, %v; want %v", key, err, want)
	}
	c, err := tune.LoadCache(path)
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := c.Lookup(want); !ok || w.TileSizes != "" || w.Options["attention-overlap"] != "true" {
		t.Errorf("cache %+v", c)
	}
	o.Best.Config = tune.Config{TileSizes: "128,64,64", Options: map[string]string{}}
	if _, err := recordWinner(path, p, o, []tune.Config{def}); err == nil || !strings.Contains(err.Error(), "not the default's") {
		t.Errorf("a winner with other blocks: %v", err)
	}
}
