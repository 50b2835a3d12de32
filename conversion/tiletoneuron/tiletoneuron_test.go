package tiletoneuron_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/conversion/tiletoneuron"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/targets/chips"
)

// programs are the linalg programs lowered by the tests: the examples,
// linalg-to-tile's and the executor's test programs (ragged shapes, K in
// several blocks).
func programs() []string {
	root := filepath.Join("..", "..")
	var files []string
	for _, e := range []string{"gemm-bias-relu", "softmax", "layernorm", "rmsnorm", "attention", "matmul", "mlp"} {
		files = append(files, filepath.Join(root, "examples", e, e+".mlir"))
	}
	// FlashAttention over batches and heads: blocks of rank 3 and 4 whose
	// leading dimensions are 1.
	for _, e := range []string{"ragged", "causal-bf16", "gqa"} {
		files = append(files, filepath.Join(root, "examples", "attention", e+".mlir"))
	}
	more, _ := filepath.Glob(filepath.Join(root, "transforms", "linalgtotile", "testdata", "*.mlir"))
	for _, f := range more {
		// The kernels of this one compare floats (arith.cmpf) and combine
		// masks (arith.andi), which this lowering does not take yet.
		if b := filepath.Base(f); b != "attention-mask.mlir" {
			files = append(files, f)
		}
	}
	more, _ = filepath.Glob(filepath.Join(root, "tests", "nki", "testdata", "*.mlir"))
	files = append(files, more...)
	// A split-K GEMM whose programs add into the output (tile.atomic_add).
	return append(files, filepath.Join(root, "interp", "tile", "testdata", "gemm_splitk.mlir"))
}

func parse(t *testing.T, path string) *ir.Operation {
	t.Helper()
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
	return m
}

func runPipeline(t *testing.T, m *ir.Operation, pipeline string) {
	t.Helper()
	pm := pass.NewManager(m.Context(), "builtin.module")
	if err := pm.Parse(pipeline); err != nil {
		t.Fatal(err)
	}
	pm.DiagHandler = func(*ir.Diagnostic) {}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
}

var address = regexp.MustCompile(`base@ = 0x[0-9a-f]+`)

func output(t *testing.T, m *ir.Operation) string {
	t.Helper()
	var b strings.Builder
	if err := run.ExecuteOptions(m, run.Options{Entry: "main", Result: "void", Out: &b}); err != nil {
		t.Fatal(err)
	}
	return address.ReplaceAllString(b.String(), "base@ = <address>")
}

// TestSameNumbers lowers every program's kernels for trn1 and trn2 and
// runs @main at the tile and at the neuron level: the lowering keeps
// tile's arithmetic, so the outputs are identical.
func TestSameNumbers(t *testing.T) {
	for _, path := range programs() {
		for _, chip := range []string{"trn1", "trn2"} {
			t.Run(filepath.Base(path)+"/"+chip, func(t *testing.T) {
				t.Parallel()
				m := parse(t, path)
				runPipeline(t, m, "builtin.module(linalg-to-tile{target=trn1})")
				want := output(t, m)
				runPipeline(t, m, "builtin.module(tile-to-neuron{chip="+chip+"},canonicalize,cse)")
				lowered, kernels := 0, 0
				m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
					if _, ok := tile.AsFuncOp(o); ok {
						kernels++
						if o.Attr(neuron.ChipAttr) != nil {
							lowered++
						}
					}
					return true
				})
				if lowered == 0 {
					t.Fatal("no kernel was lowered")
				}
				// Every kernel of the seven examples, their input
				// generators included, lowers (the batched attention
				// programs' generators broadcast a batch index to rank 4,
				// which stays at the tile level).
				dir := filepath.Base(filepath.Dir(path))
				if filepath.Base(path) == dir+".mlir" && strings.Contains(path, "examples") && lowered != kernels {
					t.Errorf("%d of %d kernels stay at the tile level", kernels-lowered, kernels)
				}
				if got := output(t, m); !sameOutput(m, got, want) {
					t.Errorf("the neuron level prints\n%s\nthe tile level\n%s", got, want)
				}
			})
		}
	}
}

// TestReblocked lowers examples whose blocks are larger than one
// NeuronCore instruction takes (tile-to-neuron re-blocks them) and runs
// them at the tile and at the neuron level (the row kernels and attention
// also under --check-semantics): the same output. The pieces of a row
// kernel keep whole rows and a GEMM's dots chain over K in order, so the
// numbers are the same bit for bit.
func TestReblocked(t *testing.T) {
	for _, c := range []struct {
		example, sizes string
		// check: also under --check-semantics (the row kernels and
		// attention; the GEMMs' padded blocks are costly to interpret).
		check bool
	}{
		{"gemm-bias-relu", "256,1024,384", false}, {"matmul", "300,500,200", false}, {"softmax", "256,1024,384", true},
		{"layernorm", "300,700,200", true}, {"rmsnorm", "256,1024,384", true}, {"attention", "256,128,64", true},
		// Two loops of 128-row pieces of 256 queries, within the eight
		// PSUM banks because their tiles are not live at once.
		{"attention/ragged.mlir", "256,128,64", true},
		// Rows of 700 (bn_stats in two chunks) in blocks of 256 rows.
		{"../tests/nki/testdata/norms-ragged.mlir", "256,1024,384", true},
	} {
		t.Run(c.example+"/"+c.sizes, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("..", "..", "examples", c.example, c.example+".mlir")
			if strings.HasSuffix(c.example, ".mlir") {
				path = filepath.Join("..", "..", "examples", c.example)
			}
			m := parse(t, path)
			runPipeline(t, m, "builtin.module(linalg-to-tile{target=trn1 tile-sizes="+c.sizes+"})")
			want := output(t, m)
			var src bytes.Buffer
			if err := asm.Print(&src, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			runPipeline(t, m, "builtin.module(tile-to-neuron{chip=trn1},canonicalize,cse)")
			lowered := 0
			m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if _, ok := tile.AsFuncOp(o); ok && o.Attr(neuron.ChipAttr) != nil {
					lowered++
				}
				return true
			})
			if lowered == 0 {
				t.Fatal("no kernel was lowered")
			}
			if got := output(t, m); !sameOutput(m, got, want) {
				t.Errorf("the neuron level prints\n%s\nthe tile level\n%s", got, want)
			}
			if !c.check {
				return
			}
			var out, errb bytes.Buffer
			code := opt.Run(newContext(), []string{"--tile-to-neuron=chip=trn2", "--check-semantics", "-"},
				opt.Stdio{In: &src, Out: &out, Err: &errb})
			if code != 0 || strings.Contains(errb.String(), "changed the semantics") {
				t.Fatalf("exit %d:\n%s", code, errb.String())
			}
		})
	}
}

// TestCheckSemantics runs tile-to-neuron under --check-semantics on the
// tile level of every program but the large re-blocked GEMMs.
func TestCheckSemantics(t *testing.T) {
	for _, path := range programs() {
		if strings.HasPrefix(filepath.Base(path), "reblock-") {
			// Large GEMMs that TestSameNumbers runs at both levels
			// already; TestReblocked checks re-blocked kernels under
			// --check-semantics.
			continue
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			m := parse(t, path)
			runPipeline(t, m, "builtin.module(linalg-to-tile{target=trn1})")
			var src bytes.Buffer
			if err := asm.Print(&src, m, asm.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := opt.Run(newContext(), []string{"--tile-to-neuron=chip=trn2", "--check-semantics", "-"},
				opt.Stdio{In: &src, Out: &out, Err: &errb})
			if code != 0 || strings.Contains(errb.String(), "changed the semantics") {
				t.Fatalf("exit %d:\n%s", code, errb.String())
			}
		})
	}
}

func newContext() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	return ctx
}

// TestLeavesKernelOnError checks that a kernel over the chip's limits is
// left exactly as it was.
func TestLeavesKernelOnError(t *testing.T) {
	// A 256x2560 f32 accumulator is re-blocked into ten PSUM tiles of
	// 128x512, all live until the store: the ninth is over the eight
	// banks.
	src := `tile.func @k(%a: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0.0> : tensor<256x2560xf32>
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<256x128xf32>
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x2560xf32>
  %d = tile.dot %x, %y, %z : tensor<256x128xf32>, tensor<128x2560xf32> -> tensor<256x2560xf32>
  tile.store %d, %A[%c0, %c0] bounds_check : tensor<256x2560xf32>, !tile.view<?x?xf32>
  tile.return
}
`
	ctx := newContext()
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "k.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var before bytes.Buffer
	asm.Print(&before, m, asm.PrintOptions{})
	var k *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := tile.AsFuncOp(o); ok {
			k = o
		}
		return true
	})
	chip, _ := chips.Lookup("trn1")
	d := tiletoneuron.Lower(k, chip)
	if d == nil || !strings.Contains(d.Message, "PSUM tiles need 9 banks") {
		t.Fatalf("expected the PSUM error, got %v", d)
	}
	var after bytes.Buffer
	asm.Print(&after, m, asm.PrintOptions{})
	if before.String() != after.String() {
		t.Errorf("the kernel changed:\n%s", after.String())
	}
}

// TestTilePrograms lowers the tile-level test programs of interp/tile
// (ragged GEMMs in f32 and bf16, a row softmax, FlashAttention with an
// online softmax) and runs them at both levels: the same output.
func TestTilePrograms(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "interp", "tile", "testdata", "*.mlir"))
	files = append(files, filepath.Join("..", "..", "interp", "tile", "testdata", "approx", "attention.mlir"))
	for _, path := range files {
		for _, chip := range []string{"trn1", "trn2"} {
			t.Run(filepath.Base(path)+"/"+chip, func(t *testing.T) {
				t.Parallel()
				m := parse(t, path)
				want := output(t, m)
				runPipeline(t, m, "builtin.module(tile-to-neuron{chip="+chip+"},canonicalize,cse)")
				if got := output(t, m); !sameOutput(m, got, want) {
					t.Errorf("the neuron level prints\n%s\nthe tile level\n%s", got, want)
				}
			})
		}
	}
}

// number matches a number printMemrefF32 prints.
var number = regexp.MustCompile(`-?(?:\d+\.?\d*(?:e[-+]?\d+)?|inf|nan)`)

// sameOutput reports whether the neuron level's output got is the tile
// level's, want: bit for bit, or, where m takes the moments of rows with
// bn_stats and bn_aggr (Chan's merge of chunk statistics rather than
// tile's two sums), the same text with every number within 1e-5
// (relative, or absolute below 1).
func sameOutput(m *ir.Operation, got, want string) bool {
	if got == want {
		return true
	}
	moments := false
	m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		_, ok := neuron.AsBnAggrOp(o)
		moments = moments || ok
		return !moments
	})
	if !moments || number.ReplaceAllString(got, "#") != number.ReplaceAllString(want, "#") {
		return false
	}
	g, w := number.FindAllString(got, -1), number.FindAllString(want, -1)
	for i := range g {
		a, errA := strconv.ParseFloat(g[i], 64)
		b, errB := strconv.ParseFloat(w[i], 64)
		if errA != nil || errB != nil {
			if g[i] != w[i] {
				return false
			}
			continue
		}
		if math.Abs(a-b) > 1e-5*math.Max(1, math.Max(math.Abs(a), math.Abs(b))) {
			return false
		}
	}
	return true
}
