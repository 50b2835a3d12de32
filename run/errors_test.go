package run_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/run"
)

// TestRuntimeErrors checks that failures during execution are located
// diagnostics and a non-zero exit, never a panic.
func TestRuntimeErrors(t *testing.T) {
	alloc := `  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>` + "\n"
	tests := []struct{ name, body, want string }{
		{"load out of bounds", alloc +
			"  %i = arith.constant 4 : index\n" +
			"  %v = \"memref.load\"(%m, %i) : (memref<4xf32>, index) -> f32\n",
			"p.mlir:4:8: error: index 4 out of bounds for dimension 0 of size 4"},
		{"use after dealloc", alloc +
			"  \"memref.dealloc\"(%m) : (memref<4xf32>) -> ()\n" +
			"  %i = arith.constant 0 : index\n" +
			"  %v = \"memref.load\"(%m, %i) : (memref<4xf32>, index) -> f32\n",
			"p.mlir:5:8: error: access to a deallocated memref"},
		{"double dealloc", alloc +
			"  \"memref.dealloc\"(%m) : (memref<4xf32>) -> ()\n" +
			"  \"memref.dealloc\"(%m) : (memref<4xf32>) -> ()\n",
			"p.mlir:4:3: error: double deallocation of a memref"},
		{"division by zero",
			"  %a = arith.constant 1 : i32\n  %z = arith.constant 0 : i32\n  %d = arith.divsi %a, %z : i32\n",
			"p.mlir:4:8: error: integer division by zero"},
		{"signed overflow",
			"  %a = arith.constant -128 : i8\n  %z = arith.constant -1 : i8\n  %d = arith.divsi %a, %z : i8\n",
			"p.mlir:4:8: error: signed integer division overflow"},
		{"assert",
			"  %f = arith.constant false\n  \"cf.assert\"(%f) <{msg = \"boom\"}> : (i1) -> ()\n",
			"p.mlir:3:3: error: assertion failed: boom"},
		{"subview out of bounds", alloc +
			"  %s = \"memref.subview\"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2>, static_sizes = array<i64: 3>, static_strides = array<i64: 1>}> : (memref<4xf32>) -> memref<3xf32, strided<[1], offset: 2>>\n",
			"p.mlir:3:8: error: subview out of bounds in dimension 0"},
		{"linalg shapes", alloc +
			`  %n = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<3xf32>` + "\n" +
			`  "linalg.copy"(%m, %n) <{operandSegmentSizes = array<i32: 1, 1>}> ({` + "\n" +
			"  ^bb0(%a: f32, %b: f32):\n    \"linalg.yield\"(%a) : (f32) -> ()\n  }) : (memref<4xf32>, memref<3xf32>) -> ()\n",
			"p.mlir:4:3: error: operand #1 is accessed out of bounds in dimension 0 (indices 0 to 3, size 3)"},
		{"allocation over the limit",
			`  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1000000000x1000000000xf64>` + "\n",
			"p.mlir:2:8: error: cannot allocate a buffer of 1000000000000000000 elements"},
		{"allocation size overflows",
			`  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4000000000x4000000000x4000000000xf64>` + "\n",
			"p.mlir:2:8: error: cannot allocate a buffer of more than 2^63 elements"},
		{"huge splat constant written to",
			"  %c = arith.constant dense<1.0> : tensor<100000000000xf32>\n" +
				"  %f = arith.constant 0.0 : f32\n  %i = arith.constant 0 : index\n" +
				"  %d = \"tensor.insert\"(%f, %c, %i) : (f32, tensor<100000000000xf32>, index) -> tensor<100000000000xf32>\n",
			"p.mlir:5:8: error: cannot allocate a buffer of 100000000000 elements"},
		{"no semantics",
			"  \"foo.bar\"() : () -> ()\n",
			"p.mlir:2:3: error: the interpreter has no semantics for 'foo.bar'"},
		{"missing runtime function",
			"  func.call @nope() : () -> ()\n",
			"p.mlir:2:3: error: cannot call '@nope': it has no body and the interpreter has no implementation of it"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "func.func @main() {\n" + tc.body + "  return\n}\nfunc.func private @nope()\n"
			file := filepath.Join(dir, "p.mlir")
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := runCLI([]string{"--allow-unregistered-dialect", "-e", "main", "-entry-point-result=void", file}, "")
			if code != 1 || !strings.Contains(errs, tc.want) {
				t.Errorf("got exit %d, %q; want %q", code, errs, tc.want)
			}
		})
	}
}

// TestNPY passes .npy arrays as arguments and dumps the results.
func TestNPY(t *testing.T) {
	dir := t.TempDir()
	ctx := ir.NewContext()
	f32, i16 := ctx.FloatType(ir.F32), ctx.I(16)
	tt := ctx.RankedTensorType([]int64{2, 3}, f32, nil)
	x := interp.MakeDense(tt, &interp.Dense{Shape: []int64{2, 3}, Data: make([]uint64, 6)})
	for i := range x.Dense().Data {
		x.Dense().Data[i] = interp.MakeFloat(f32, float64(i)*1.5-2).Bits()
	}
	s := interp.MakeInt(i16, uint64(0xfff0))
	write := func(name string, v interp.Value) string {
		p := filepath.Join(dir, name)
		if err := run.WriteNPYFile(p, v); err != nil {
			t.Fatal(err)
		}
		return p
	}
	xf, sf := write("x.npy", x), write("s.npy", s)
	src := `func.func @main(%x: tensor<2x3xf32>, %s: i16) -> (tensor<2x3xf32>, i16) {
  %y = arith.addf %x, %x : tensor<2x3xf32>
  %t = arith.addi %s, %s : i16
  return %y, %t : tensor<2x3xf32>, i16
}
`
	file := filepath.Join(dir, "p.mlir")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCLI([]string{"-e", "main", "--args=" + xf + "," + sf, "--dump-results=" + out, file}, "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(filepath.Join(out, "result0.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data[:80]), "'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }") || (len(data)-128) != 24 {
		t.Errorf("bad header or size: %q (%d bytes)", data[:80], len(data))
	}
	y, err := run.ReadNPY(data, tt)
	if err != nil {
		t.Fatal(err)
	}
	var got []float64
	for _, b := range y.Dense().Data {
		got = append(got, interp.FromBits(f32, b).Float())
	}
	if d := cmp.Diff([]float64{-4, -1, 2, 5, 8, 11}, got); d != "" {
		t.Errorf("result0 (-want +got):\n%s", d)
	}
	data, err = os.ReadFile(filepath.Join(out, "result1.npy"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := run.ReadNPY(data, i16)
	if err != nil || r.Int() != -32 {
		t.Errorf("result1 = %v, %v; want -32", r, err)
	}
	// A shape mismatch is an error.
	_, errs, code = runCLI([]string{"-e", "main", "--args=" + sf + "," + sf, file}, "")
	if code != 1 || !strings.Contains(errs, "does not fit tensor<2x3xf32>") {
		t.Errorf("got exit %d, %q", code, errs)
	}
}

// TestGenericAtomicRMW runs memref.generic_atomic_rmw, which upstream's
// lowering to LLVM used by the differential tests does not accept.
func TestGenericAtomicRMW(t *testing.T) {
	src := `func.func @main() -> i32 {
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1xi32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i32
  "memref.store"(%v, %m, %c0) : (i32, memref<1xi32>, index) -> ()
  %old = "memref.generic_atomic_rmw"(%m, %c0) ({
  ^bb0(%cur: i32):
    %x = arith.muli %cur, %cur : i32
    "memref.atomic_yield"(%x) : (i32) -> ()
  }) : (memref<1xi32>, index) -> i32
  %new = "memref.load"(%m, %c0) : (memref<1xi32>, index) -> i32
  %r = arith.subi %new, %old : i32
  return %r : i32
}
`
	out, errs, code := runCLI([]string{"--allow-unregistered-dialect", "-e", "main", "-entry-point-result=i32"}, src)
	if code != 0 || out != "20\n" {
		t.Errorf("got %q, %q, exit %d; want 20", out, errs, code)
	}
}
