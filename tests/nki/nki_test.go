// Package nki_test runs the NKI that strata-translate --mlir-to-nki emits
// on a NumPy model of NKI (tests/nki/mock, run by run_kernel.py) and
// compares what each kernel writes with what the interpreter computes at
// the neuron level, for the examples lowered through linalg-to-tile and
// tile-to-neuron for trn1 and trn2, in both NKI spellings. The model is
// itself checked on NKI kernels written by hand in the style of AWS's
// tutorials (samples/, against NumPy references). The tests need python3
// with NumPy (Debian's python3-numpy): they skip without, and fail under
// CI=true.
package nki_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/testutil"
	iall "github.com/strata-ir/strata/interp/all"
	"github.com/strata-ir/strata/targets/nki"
)

// python returns a python3 that imports numpy, or skips.
func python(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		path, err := exec.LookPath(p)
		if err != nil {
			continue
		}
		if exec.Command(path, "-c", "import numpy").Run() == nil {
			return path
		}
	}
	testutil.Missing(t, "python3 with NumPy (apt-get install python3-numpy)")
	return ""
}

type array struct {
	Shape []int64   `json:"shape"`
	Dtype string    `json:"dtype"`
	Data  []float64 `json:"data"`
}

type kcase struct {
	File    string  `json:"file"`
	Kernel  string  `json:"kernel"`
	Chip    string  `json:"chip"`
	Grid    []int64 `json:"grid"`
	Inputs  []array `json:"inputs"`
	Outputs []array `json:"outputs"`
	// InPlace gives, for each input the kernel writes (by position), its
	// expected contents afterwards.
	InPlace map[int]array `json:"inplace"`
	Rtol    float64       `json:"rtol"`
	Atol    float64       `json:"atol"`
}

func toArray(t *testing.T, v interp.Value) array {
	if ft, ok := v.Type.(*ir.FloatType); ok && ft.Kind == ir.F32 {
		// A scalar argument: NKI takes a Python float.
		return array{Shape: []int64{}, Dtype: "float32", Data: []float64{v.Float()}}
	}
	m := v.MemRef()
	if m == nil {
		t.Fatalf("expected a memref argument, got %s", asm.TypeString(v.Type))
	}
	ft, ok := m.Buf.Elem.(*ir.FloatType)
	if !ok || (ft.Kind != ir.F32 && ft.Kind != ir.BF16) {
		t.Fatalf("the executor tests take f32 and bf16 memrefs, not %s", asm.TypeString(m.Buf.Elem))
	}
	a := array{Shape: append([]int64(nil), m.Sizes...), Dtype: "float32"}
	if ft.Kind == ir.BF16 {
		a.Dtype = "bfloat16"
	}
	for _, bits := range m.Load() {
		a.Data = append(a.Data, interp.FromBits(ft, bits).Float())
	}
	return a
}

// lowerBlocks runs the example through the Trainium pipeline,
// with linalg-to-tile's tile-sizes (M,N,K) when sizes is not empty, and
// trn1's blocks otherwise.
func lowerBlocks(t *testing.T, path, chip, sizes string) (*ir.Context, *ir.Operation) {
	ctx := ir.NewContext()
	all.Register(ctx)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: path})
	if err != nil {
		t.Fatal(err)
	}
	pm := pass.NewManager(ctx, "builtin.module")
	blocks := "target=trn1"
	if sizes != "" {
		blocks += " tile-sizes=" + sizes
	}
	if err := pm.Parse(fmt.Sprintf("builtin.module(linalg-to-tile{%s},tile-to-neuron{chip=%s},canonicalize,cse)", blocks, chip)); err != nil {
		t.Fatal(err)
	}
	pm.DiagHandler = func(d *ir.Diagnostic) {}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

// capture interprets main and records, for every launch of a kernel at
// the neuron level, its grid, inputs and the outputs it wrote.
func capture(t *testing.T, m *ir.Operation) map[string][]kcase {
	reg := interp.NewRegistry()
	iall.Register(reg)
	launch := reg.Lookup("tile.launch")
	cases := map[string][]kcase{}
	reg.Register("tile.launch", func(f *interp.Frame, op *ir.Operation) error {
		l, _ := tile.AsLaunchOp(op)
		k := tile.LaunchedKernel(l)
		if k == nil || k.Attr(neuron.ChipAttr) == nil {
			return launch(f, op)
		}
		grid, err := f.Ints(op, l.Grid())
		if err != nil {
			return err
		}
		args, err := f.Values(op, l.Args())
		if err != nil {
			return err
		}
		sig := nki.KernelSignature(k)
		name := tile.FuncOp{Operation: k}.SymName()
		c := kcase{Kernel: name, Grid: grid}
		for _, i := range sig.Inputs {
			c.Inputs = append(c.Inputs, toArray(t, args[i]))
		}
		if err := launch(f, op); err != nil {
			return err
		}
		for _, i := range sig.Outputs {
			c.Outputs = append(c.Outputs, toArray(t, args[i]))
		}
		c.InPlace = map[int]array{}
		for _, j := range sig.InPlace {
			c.InPlace[j] = toArray(t, args[sig.Inputs[j]])
		}
		cases[name] = append(cases[name], c)
		return nil
	})
	in := interp.New(reg)
	var out bytes.Buffer
	in.Out = &out
	fn := interp.LookupFunction(m, "main")
	if fn == nil {
		t.Fatal("no @main")
	}
	if _, err := in.Call(nil, fn, nil); err != nil {
		t.Fatal(err)
	}
	return cases
}

var examples = []string{"gemm-bias-relu", "softmax", "layernorm", "rmsnorm", "attention", "matmul", "mlp"}

// programs returns the examples and tests/nki/testdata's programs.
func programs(t *testing.T) []string {
	root := testutil.RepoRoot()
	var out []string
	for _, ex := range examples {
		out = append(out, filepath.Join(root, "examples", ex, ex+".mlir"))
	}
	more, _ := filepath.Glob(filepath.Join(root, "tests", "nki", "testdata", "*.mlir"))
	out = append(out, more...)
	// FlashAttention over batches and heads (blocks of rank 3 and 4 with
	// leading unit dimensions): ragged keys, causal bf16, grouped-query.
	for _, f := range []string{"ragged.mlir", "causal-bf16.mlir", "gqa.mlir"} {
		out = append(out, filepath.Join(root, "examples", "attention", f))
	}
	// Tile-level programs: FlashAttention with an online softmax, a
	// ragged f32 GEMM, a split-K GEMM (tile.atomic_add), a row softmax.
	for _, f := range []string{"approx/attention.mlir", "gemm_f32.mlir", "gemm_splitk.mlir", "softmax.mlir"} {
		out = append(out, filepath.Join(root, "interp", "tile", "testdata", f))
	}
	return out
}

// reblocked lists examples lowered with blocks larger than one NeuronCore
// instruction takes (M,N,K of linalg-to-tile's tile-sizes), which
// tile-to-neuron re-blocks: GEMMs of 256x1024 blocks with k blocks of
// 384 (and of 200x600 with k blocks of 130, cut into even pieces), row
// kernels of 256 rows of 1024 (the examples' and the 200x700 rows of
// testdata/norms-ragged.mlir), FlashAttention with 256 queries per block
// (the example's, and the batched one with ragged keys, whose two loops
// each hold 128-row pieces in PSUM).
var reblocked = []struct{ example, sizes string }{
	{"gemm-bias-relu", "256,1024,384"}, {"matmul", "256,1024,384"}, {"softmax", "256,1024,384"},
	{"layernorm", "256,1024,384"}, {"rmsnorm", "256,1024,384"}, {"attention", "256,128,64"},
	{"mlp", "200,600,130"}, {"attention/ragged.mlir", "256,128,64"}, {"../tests/nki/testdata/norms-ragged.mlir", "256,1024,384"},
}

// examplePath returns the file of a reblocked entry: an example's name,
// or a file relative to examples/.
func examplePath(example string) string {
	if strings.HasSuffix(example, ".mlir") {
		return filepath.Join(testutil.RepoRoot(), "examples", example)
	}
	return filepath.Join(testutil.RepoRoot(), "examples", example, example+".mlir")
}

type lowering struct{ path, sizes string }

// TestEmittedKernelsRun emits every lowered kernel of the examples (with
// trn1's blocks, and re-blocked from larger ones) and runs it on the
// executor against the interpreter's results.
func TestEmittedKernelsRun(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	var all []kcase
	var todo []lowering
	for _, path := range programs(t) {
		todo = append(todo, lowering{path: path})
	}
	for _, r := range reblocked {
		todo = append(todo, lowering{examplePath(r.example), r.sizes})
	}
	for _, lw := range todo {
		path := lw.path
		ex := strings.TrimSuffix(filepath.Base(path), ".mlir")
		if lw.sizes != "" {
			ex += "_" + strings.ReplaceAll(lw.sizes, ",", "x")
		}
		for _, chip := range []string{"trn1", "trn2"} {
			_, m := lowerBlocks(t, path, chip, lw.sizes)
			cases := capture(t, m)
			if len(cases) == 0 {
				t.Errorf("%s: no kernel lowered for %s", ex, chip)
			}
			for name, cs := range cases {
				for _, legacy := range []bool{false, true} {
					var buf bytes.Buffer
					if err := nki.Emit(&buf, m, nki.Options{Kernel: name, Legacy: legacy}); err != nil {
						t.Fatalf("%s: %v", ex, err)
					}
					file := filepath.Join(dir, fmt.Sprintf("%s_%s_%s_%v.py", strings.ReplaceAll(ex, "-", "_"), chip, name, legacy))
					if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					for _, c := range cs {
						c.File, c.Chip, c.Rtol, c.Atol = file, chip, 1e-5, 1e-6
						if writesBF16(c) {
							// Rounded to bf16 as the interpreter rounds:
							// bit for bit.
							c.Rtol, c.Atol = 0, 0
						}
						all = append(all, c)
					}
				}
			}
		}
	}
	runCases(t, py, dir, all)
}

// writesBF16 reports whether a case's outputs are bf16 arrays.
func writesBF16(c kcase) bool {
	for _, a := range c.Outputs {
		if a.Dtype == "bfloat16" {
			return true
		}
	}
	for _, a := range c.InPlace {
		if a.Dtype == "bfloat16" {
			return true
		}
	}
	return false
}

func runCases(t *testing.T, py, dir string, cases []kcase) {
	t.Helper()
	js, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "cases.json")
	if err := os.WriteFile(file, js, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, filepath.Join(testutil.RepoRoot(), "tests", "nki", "run_kernel.py"), file).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := strings.Count(string(out), "ok "); n != len(cases) {
		t.Fatalf("%d of %d cases passed:\n%s", n, len(cases), out)
	}
	t.Logf("%d kernels ran on the executor", len(cases))
}

// TestSamples checks the executor on NKI kernels Strata did not write
// (samples/: matmul, softmax, layernorm and attention in the style of
// AWS's tutorials) against NumPy references, and that it refuses kernels
// that break the NeuronCore's rules.
func TestSamples(t *testing.T) {
	py := python(t)
	out, err := exec.Command(py, filepath.Join(testutil.RepoRoot(), "tests", "nki", "run_samples.py")).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if strings.Contains(string(out), "FAIL") || strings.Count(string(out), "ok ") < 10 {
		t.Fatalf("unexpected output:\n%s", out)
	}
}
