package tile_test

import (
	"bytes"
	"math"
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	tiled "github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/filecheck"
	interpall "github.com/strata-ir/strata/interp/all"
	"github.com/strata-ir/strata/interp/tile"
	"github.com/strata-ir/strata/run"
)

func parse(t *testing.T, path string) *ir.Operation {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseSrc(t, path, src)
}

func parseSrc(t *testing.T, name string, src []byte) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// call runs fn of module, its parallel programs shuffled by seed unless
// seed is negative.
func call(t *testing.T, module *ir.Operation, fn string, seed int64, args ...interp.Value) ([]interp.Value, error) {
	t.Helper()
	reg := interp.NewRegistry()
	interpall.Register(reg)
	in := interp.New(reg)
	var out bytes.Buffer
	in.Out = &out
	if seed >= 0 {
		tile.SetProgramOrder(in, seed)
	}
	f := interp.LookupFunction(module, fn)
	if f == nil {
		t.Fatalf("no function @%s", fn)
	}
	return in.Call(nil, f, args)
}

var seeds = []int64{-1, 0, 1, 2, 3, 42}

// TestKernelsMatchReference runs the kernels of testdata (a ragged f32
// GEMM, a ragged bf16 GEMM whose sums round, a row softmax) under several
// program orders and checks that their results equal, bit for bit, those
// of the same computation by linalg, which @compute returns beside them.
func TestKernelsMatchReference(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) < 3 {
		t.Fatal("missing kernels in testdata")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			m := parse(t, path)
			var first []uint64
			for _, seed := range seeds {
				res, err := call(t, m, "compute", seed)
				if err != nil {
					t.Fatal(err)
				}
				got, want := res[0].MemRef().Load(), res[1].MemRef().Load()
				if len(got) == 0 || len(got) != len(want) {
					t.Fatalf("results of %d and %d elements", len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("seed %d: element %d is %#x, linalg gives %#x", seed, i, got[i], want[i])
					}
				}
				if first == nil {
					first = got
				}
				for i := range got {
					if got[i] != first[i] {
						t.Fatalf("seed %d changes element %d", seed, i)
					}
				}
			}
			// strata-run prints both results identically.
			out, err := run.Execute(m, "main", "void")
			if err != nil {
				t.Fatal(err)
			}
			blocks := strings.Split(regexp.MustCompile(`base@ = 0x[0-9a-f]+`).ReplaceAllString(out, ""), "Unranked Memref")
			if len(blocks) != 3 || blocks[1] != blocks[2] {
				t.Errorf("printed results differ:\n%s", out)
			}
		})
	}
}

// TestApproxKernels runs the kernels of testdata/approx (FlashAttention
// forward with an online softmax) under several program orders and checks
// that their results agree, within rounding (absolute 1e-6), with the same
// computation by linalg, whose summation order differs.
func TestApproxKernels(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "approx", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no kernels in testdata/approx")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			m := parse(t, path)
			for _, seed := range seeds {
				res, err := call(t, m, "compute", seed)
				if err != nil {
					t.Fatal(err)
				}
				et := res[0].MemRef().Buf.Elem
				got, want := res[0].MemRef().Load(), res[1].MemRef().Load()
				if len(got) == 0 || len(got) != len(want) {
					t.Fatalf("results of %d and %d elements", len(got), len(want))
				}
				for i := range got {
					g, w := interp.FromBits(et, got[i]).Float(), interp.FromBits(et, want[i]).Float()
					if math.IsNaN(g) || math.Abs(g-w) > 1e-6 {
						t.Fatalf("seed %d: element %d is %v, linalg gives %v", seed, i, g, w)
					}
				}
			}
		})
	}
}

// TestSemantics runs the programs of testdata/semantics and checks their
// output against their CHECK lines.
func TestSemantics(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "semantics", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no semantics tests")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m := parseSrc(t, path, src)
			for _, seed := range []int64{-1, 7} {
				reg := interp.NewRegistry()
				interpall.Register(reg)
				in := interp.New(reg)
				var out bytes.Buffer
				in.Out = &out
				if seed >= 0 {
					tile.SetProgramOrder(in, seed)
				}
				if _, err := in.Call(nil, interp.LookupFunction(m, "main"), nil); err != nil {
					t.Fatal(err)
				}
				if err := filecheck.Match(out.String(), filecheck.Parse(string(src), "CHECK")); err != nil {
					t.Errorf("seed %d: %v\noutput:\n%s", seed, err, out.String())
				}
			}
		})
	}
}

// TestProgramOrder checks that the programs of a parallel axis run in a
// shuffled order (a kernel in which every program writes one element sees
// different last writers) and those of an arbitrary axis in order.
func TestProgramOrder(t *testing.T) {
	src := `
tile.func @last(%m: memref<1xindex>) grid [parallel] {
  %V = tile.view %m : memref<1xindex> -> !tile.view<1xindex>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %t = tile.splat %p : index -> tensor<1xindex>
  tile.store %t, %V[%c0] : tensor<1xindex>, !tile.view<1xindex>
  tile.return
}
tile.func @seq(%m: memref<1xindex>) grid [parallel, arbitrary] {
  %V = tile.view %m : memref<1xindex> -> !tile.view<1xindex>
  %q = tile.program_id 0 : index
  %p = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ten = arith.constant 10 : index
  %old = tile.load %V[%c0] : !tile.view<1xindex> -> tensor<1xindex>
  %pq = arith.muli %q, %c0 : index
  %ps = arith.addi %p, %pq : index
  %s = tile.splat %ps : index -> tensor<1xindex>
  %tens = tile.splat %ten : index -> tensor<1xindex>
  %x = arith.muli %old, %tens : tensor<1xindex>
  %y = arith.addi %x, %s : tensor<1xindex>
  tile.store %y, %V[%c0] : tensor<1xindex>, !tile.view<1xindex>
  tile.return
}
func.func @run(%m: memref<1xindex>, %k: index) {
  %c1 = arith.constant 1 : index
  %n = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  scf.index_switch %k
  case 0 {
    tile.launch @last grid [%n] (%m) : memref<1xindex>
    scf.yield
  }
  default {
    memref.store %zero, %m[%c0] : memref<1xindex>
    tile.launch @seq grid [%c1, %c4] (%m) : memref<1xindex>
    scf.yield
  }
  return
}`
	m := parseSrc(t, "order.mlir", []byte(src))
	idx := m.Context().IndexType()
	mk := func() interp.Value {
		return interp.MakeMemRef(m.Context().MemRefType([]int64{1}, idx, nil, nil), interp.NewMemRef(idx, []int64{1}))
	}
	lasts := map[uint64]bool{}
	for seed := int64(-1); seed < 10; seed++ {
		buf := mk()
		if _, err := call(t, m, "run", seed, buf, interp.MakeInt(idx, 0)); err != nil {
			t.Fatal(err)
		}
		last := buf.MemRef().Load()[0]
		if seed < 0 && last != 15 {
			t.Errorf("in row-major order the last program is %d, want 15", last)
		}
		lasts[last] = true
		buf = mk()
		if _, err := call(t, m, "run", seed, buf, interp.MakeInt(idx, 1)); err != nil {
			t.Fatal(err)
		}
		if got := buf.MemRef().Load()[0]; got != 123 {
			t.Errorf("seed %d: the arbitrary axis ran out of order: %d, want 123", seed, got)
		}
	}
	if len(lasts) < 3 {
		t.Errorf("shuffled orders gave only the last writers %v", lasts)
	}
}

// TestErrors checks that unguarded out-of-bounds accesses and malformed
// views are located errors.
func TestErrors(t *testing.T) {
	kernel := func(body string) string {
		return `tile.func @k(%m: memref<?xf32>) grid [parallel] {
  %V = tile.view %m : memref<?xf32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
` + body + `
  tile.return
}
func.func @main() {
  %c3 = arith.constant 3 : index
  %m = memref.alloc(%c3) : memref<?xf32>
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%m) : memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return
}`
	}
	for _, c := range []struct{ body, want string }{
		{`  %t = tile.load %V at [%c1] : !tile.view<?xf32> -> tensor<4xf32>`,
			"order.mlir:7:8: error: load out of bounds: element [3] of a view of sizes [3], without a mask, pad or bounds_check"},
		{`  %t = arith.constant dense<1.0> : tensor<2xf32>
  tile.store %t, %V at [%c2] : tensor<2xf32>, !tile.view<?xf32>`,
			"error: store out of bounds: element [3] of a view of sizes [3]"},
		{`  %o = tile.iota : tensor<4xindex>
  %t = tile.gather %V[%o] : !tile.view<?xf32>, tensor<4xindex> -> tensor<4xf32>`,
			"error: gather out of bounds: element [3]"},
		{`  %W = tile.view %m offset %c1 sizes [%c9] strides [%c1] : memref<?xf32> -> !tile.view<?xf32>`,
			"error: the view reaches elements 1 to 9 of a buffer of 3 elements"},
		{`  %two = arith.addi %c1, %c1 : index
  %W = tile.view %m offset %c0 sizes [%two] strides [%c1] : memref<?xf32> -> !tile.view<3xf32>`,
			"error: size 0 of the view is 2, but its type says 3"},
	} {
		m := parseSrc(t, "order.mlir", []byte(kernel(c.body)))
		_, err := call(t, m, "main", -1)
		if err == nil {
			t.Errorf("%s: no error, want %q", c.body, c.want)
			continue
		}
		var b strings.Builder
		sm := asm.NewSourceManager()
		sm.Add("order.mlir", []byte(kernel(c.body)))
		var d *ir.Diagnostic
		if de, ok := err.(*ir.Diagnostic); ok {
			d = de
			sm.WriteDiagnostic(&b, d)
		} else {
			b.WriteString(err.Error())
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("error %q lacks %q", b.String(), c.want)
		}
	}
}

// TestConvert checks tile.cast's rounding of scalars.
func TestConvert(t *testing.T) {
	ctx := ir.NewContext()
	f32, bf16, f8 := ctx.FloatType(ir.F32), ctx.FloatType(ir.BF16), ctx.FloatType(ir.F8E4M3FN)
	i8, i32, i64 := ctx.I(8), ctx.I(32), ctx.I(64)
	const (
		rne  = tiled.RoundingModeToNearestEven
		up   = tiled.RoundingModeUpward
		down = tiled.RoundingModeDownward
		rtz  = tiled.RoundingModeTowardZero
		away = tiled.RoundingModeToNearestAway
	)
	fl := func(t *ir.FloatType, x float64) interp.Value { return interp.MakeFloat(t, x) }
	tie := 1 + math.Ldexp(1, -8)   // halfway between two bf16 values
	above := 1 + math.Ldexp(1, -9) // a quarter of a bf16 ulp above 1
	for _, c := range []struct {
		in       interp.Value
		to       ir.Type
		mode     tiled.RoundingMode
		has, uns bool
		want     float64
	}{
		{fl(f32, tie), bf16, rne, false, false, 1},
		{fl(f32, tie), bf16, away, true, false, 1 + math.Ldexp(1, -7)},
		{fl(f32, -tie), bf16, away, true, false, -1 - math.Ldexp(1, -7)},
		{fl(f32, above), bf16, up, true, false, 1 + math.Ldexp(1, -7)},
		{fl(f32, above), bf16, down, true, false, 1},
		{fl(f32, -above), bf16, down, true, false, -1 - math.Ldexp(1, -7)},
		{fl(f32, -above), bf16, rtz, true, false, -1},
		{fl(f32, 1+3*math.Ldexp(1, -9)), bf16, rne, true, false, 1 + math.Ldexp(1, -7)},
		{fl(f32, 500), f8, rtz, true, false, 448},
		{fl(f32, 500), f8, rne, true, false, math.NaN()},
		{fl(f32, 450), f8, rne, true, false, 448},
		{fl(f32, -1e-9), f8, down, true, false, -math.Ldexp(1, -9)},
		{fl(f32, 1e-9), f8, rtz, true, false, 0},
		{fl(f32, math.Inf(1)), bf16, rtz, true, false, math.Inf(1)},
		{interp.MakeInt(i64, 1<<24+1), f32, rne, false, false, 1 << 24},
		{interp.MakeInt(i64, 1<<24+1), f32, up, true, false, 1<<24 + 2},
		{interp.MakeInt(i64, 1<<60+1), f32, up, true, false, 1<<60 + 1<<37},
		{interp.MakeInt(i64, 1<<60+1<<36), f32, rne, true, false, 1 << 60},
		{interp.MakeInt(i64, 1<<60+1<<36+1), f32, rne, true, false, 1<<60 + 1<<37},
		{interp.MakeInt(i8, 0xff), f32, rne, false, true, 255},
		{interp.MakeInt(i8, 0xff), f32, rne, false, false, -1},
		{fl(f32, 2.5), i32, rne, true, false, 2},
		{fl(f32, 2.5), i32, away, true, false, 3},
		{fl(f32, -2.5), i32, down, true, false, -3},
		{fl(f32, -2.7), i32, rne, false, false, -2},
		{fl(f32, 300), i8, rtz, false, false, 127},
		{fl(f32, -5), i8, rtz, false, true, 0},
		{fl(f32, math.NaN()), i32, rtz, false, false, 0},
		{interp.MakeInt(i32, uint64(0xffffff80)), i8, rne, false, false, -128},
		{interp.MakeInt(i8, 0x80), i32, rne, false, true, 128},
	} {
		got, err := tile.Convert(c.in, c.to, c.mode, c.has, c.uns)
		if err != nil {
			t.Fatal(err)
		}
		var g float64
		if got.IsFloat() {
			g = got.Float()
		} else {
			g = float64(got.Int())
		}
		if !(g == c.want || math.IsNaN(g) && math.IsNaN(c.want)) {
			t.Errorf("%v to %s (%v, unsigned %v): got %v, want %v", c.in, asm.TypeString(c.to), c.mode, c.uns, g, c.want)
		}
	}
	// Rounding once from the exact value agrees with big.Float's rounding
	// to f32's precision for normal values in every directed mode.
	modes := map[tiled.RoundingMode]big.RoundingMode{up: big.ToPositiveInf, down: big.ToNegativeInf, rtz: big.ToZero, rne: big.ToNearestEven, away: big.ToNearestAway}
	for i := int64(0); i < 2000; i++ {
		v := (i*7919+13)<<31 + i*104729
		if i%2 == 1 {
			v = -v
		}
		for m, bm := range modes {
			got, _ := tile.Convert(interp.MakeInt(i64, uint64(v)), f32, m, true, false)
			want, _ := new(big.Float).SetPrec(24).SetMode(bm).SetInt64(v).Float64()
			if got.Float() != want {
				t.Fatalf("%d in mode %v: got %v, want %v", v, m, got.Float(), want)
			}
		}
	}
}

// TestFMARound checks FMARound against the exact x*y+acc rounded once
// to nearest-even (big.Float), for products of f32 values (and values
// narrower still) with f32 accumulators, in f32, f16 and bf16, ties,
// cancellations and overflow included.
func TestFMARound(t *testing.T) {
	ctx := ir.NewContext()
	r := rand.New(rand.NewSource(7))
	f32 := func() float64 {
		switch r.Intn(8) {
		case 0:
			return float64(float32(r.Intn(9) - 4))
		case 1:
			return float64(float32(math.Ldexp(float64(r.Intn(1<<8)), r.Intn(40)-20)))
		case 2:
			return float64(math.Float32frombits(r.Uint32()&^(0xff<<23) | uint32(r.Intn(4)+125)<<23))
		}
		return float64(math.Float32frombits(r.Uint32()))
	}
	for _, kind := range []ir.FloatKind{ir.F32, ir.F16, ir.BF16} {
		ft := ctx.FloatType(kind)
		for i := 0; i < 40000; i++ {
			x, y, acc := f32(), f32(), f32()
			if math.IsNaN(x) || math.IsNaN(y) || math.IsNaN(acc) || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(acc, 0) {
				continue
			}
			if i%3 == 0 {
				acc = -x * y // cancellation
				if r.Intn(2) == 0 {
					acc = float64(float32(acc))
				}
			}
			exact := new(big.Float).SetPrec(400).SetFloat64(x)
			exact.Mul(exact, new(big.Float).SetPrec(400).SetFloat64(y))
			exact.Add(exact, new(big.Float).SetPrec(400).SetFloat64(acc))
			f64, _ := exact.Float64() // not the result: big.Float rounds once below
			var want float64
			switch kind {
			case ir.F32:
				w, _ := exact.Float32()
				want = float64(w)
			default:
				p := uint(11)
				if kind == ir.BF16 {
					p = 8
				}
				w, _ := new(big.Float).SetPrec(p).SetMode(big.ToNearestEven).Set(exact).Float64()
				if minNormal := math.Ldexp(1, -14); kind == ir.F16 && math.Abs(w) < minNormal || kind == ir.BF16 && math.Abs(w) < 0x1p-126 {
					continue // a subnormal: big.Float has no exponent range
				}
				want = interp.MakeFloat(ft, w).Float()
			}
			got := tile.FMARound(ft, x, y, acc)
			if math.Float64bits(got) != math.Float64bits(want) && !(got == 0 && want == 0) {
				t.Fatalf("%v: %v*%v+%v = %v, want %v (exact %v)", kind, x, y, acc, got, want, f64)
			}
		}
	}
}
