package llvm_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// vectorProgram exercises the vector semantics of the llvm dialect:
// constants, extractelement, insertelement, shufflevector with a poison
// mask lane, elementwise arithmetic, comparisons, select, casts and
// bitcasts, the reduce intrinsics, arrays of vectors, and loads and stores
// with LLVM's vector layout (a vector<3xf32> accesses 12 bytes, lanes are
// packed, i1 lanes bit by bit).
const vectorProgram = `
  llvm.func @pf(%v: vector<4xf32>) {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %a = llvm.extractelement %v[%c0 : i32] : vector<4xf32>
    %b = llvm.extractelement %v[%c1 : i32] : vector<4xf32>
    %c = llvm.extractelement %v[%c2 : i32] : vector<4xf32>
    %d = llvm.extractelement %v[%c3 : i32] : vector<4xf32>
    llvm.call @printF32(%a) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printF32(%b) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printF32(%c) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printF32(%d) : (f32) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @pi(%v: vector<4xi32>) {
    %f = llvm.sitofp %v : vector<4xi32> to vector<4xf32>
    llvm.call @pf(%f) : (vector<4xf32>) -> ()
    llvm.return
  }
  llvm.func @main() {
    %v = llvm.mlir.constant(dense<[1.5, -2.0, 3.25, 8.0]> : vector<4xf32>) : vector<4xf32>
    %w = llvm.mlir.constant(dense<2.0> : vector<4xf32>) : vector<4xf32>
    %s = llvm.fadd %v, %w : vector<4xf32>
    %m = llvm.fmul %s, %v : vector<4xf32>
    llvm.call @pf(%m) : (vector<4xf32>) -> ()
    %fma = llvm.intr.fmuladd(%v, %w, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    llvm.call @pf(%fma) : (vector<4xf32>) -> ()
    %p = llvm.mlir.poison : vector<4xf32>
    %sh = llvm.shufflevector %v, %p [3, 0, -1, 1] : vector<4xf32>
    %c9 = llvm.mlir.constant(9.0 : f32) : f32
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %sh2 = llvm.insertelement %c9, %sh[%c2 : i64] : vector<4xf32>
    llvm.call @pf(%sh2) : (vector<4xf32>) -> ()
    %cat = llvm.shufflevector %v, %w [7, 6, 1, 0] : vector<4xf32>
    llvm.call @pf(%cat) : (vector<4xf32>) -> ()
    %lt = llvm.fcmp "olt" %v, %w : vector<4xf32>
    %sel = llvm.select %lt, %v, %w : vector<4xi1>, vector<4xf32>
    llvm.call @pf(%sel) : (vector<4xf32>) -> ()
    %i = llvm.fptosi %m : vector<4xf32> to vector<4xi32>
    %i2 = llvm.mul %i, %i : vector<4xi32>
    llvm.call @pi(%i2) : (vector<4xi32>) -> ()
    %t = llvm.trunc %i2 : vector<4xi32> to vector<4xi8>
    %bits = llvm.bitcast %t : vector<4xi8> to i32
    %b64 = llvm.zext %bits : i32 to i64
    llvm.call @printI64(%b64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %bl = llvm.mlir.constant(dense<[true, false, true, true, false, false, false, true]> : vector<8xi1>) : vector<8xi1>
    %bb = llvm.bitcast %bl : vector<8xi1> to i8
    %bb64 = llvm.zext %bb : i8 to i64
    llvm.call @printI64(%bb64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %ra = "llvm.intr.vector.reduce.add"(%i2) : (vector<4xi32>) -> i32
    %ra64 = llvm.sext %ra : i32 to i64
    llvm.call @printI64(%ra64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %neg = llvm.mlir.constant(dense<[3, -7, 5, 1]> : vector<4xi32>) : vector<4xi32>
    %rs = "llvm.intr.vector.reduce.smin"(%neg) : (vector<4xi32>) -> i32
    %rs64 = llvm.sext %rs : i32 to i64
    llvm.call @printI64(%rs64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %ru = "llvm.intr.vector.reduce.umax"(%neg) : (vector<4xi32>) -> i32
    %ru64 = llvm.zext %ru : i32 to i64
    llvm.call @printI64(%ru64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %z = llvm.mlir.constant(0.5 : f32) : f32
    %rf = "llvm.intr.vector.reduce.fadd"(%z, %v) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
    llvm.call @printF32(%rf) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    %rm = "llvm.intr.vector.reduce.fmul"(%z, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
    llvm.call @printF32(%rm) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %nan = llvm.fdiv %zero, %zero : f32
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %vn = llvm.insertelement %nan, %v[%c1 : i64] : vector<4xf32>
    %mx = "llvm.intr.vector.reduce.fmax"(%vn) : (vector<4xf32>) -> f32
    llvm.call @printF32(%mx) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    %mn = "llvm.intr.vector.reduce.fmin"(%vn) : (vector<4xf32>) -> f32
    llvm.call @printF32(%mn) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    %mxx = "llvm.intr.vector.reduce.fmaximum"(%vn) : (vector<4xf32>) -> f32
    %isnan = llvm.fcmp "uno" %mxx, %mxx : f32
    %isnan64 = llvm.zext %isnan : i1 to i64
    llvm.call @printI64(%isnan64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %c12 = llvm.mlir.constant(12 : i64) : i64
    %buf = llvm.call @malloc(%c12) : (i64) -> !llvm.ptr
    %v3 = llvm.mlir.constant(dense<[4.0, 5.0, 6.5]> : vector<3xf32>) : vector<3xf32>
    llvm.store %v3, %buf {alignment = 4 : i64} : vector<3xf32>, !llvm.ptr
    %e1p = llvm.getelementptr %buf[1] : (!llvm.ptr) -> !llvm.ptr, f32
    %e1 = llvm.load %e1p : !llvm.ptr -> f32
    llvm.call @printF32(%e1) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    %h = llvm.mlir.constant(dense<[1, 2]> : vector<2xi16>) : vector<2xi16>
    llvm.store %h, %buf : vector<2xi16>, !llvm.ptr
    %hw = llvm.load %buf : !llvm.ptr -> i32
    %hw64 = llvm.zext %hw : i32 to i64
    llvm.call @printI64(%hw64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %back = llvm.load %buf {alignment = 4 : i64} : !llvm.ptr -> vector<3xf32>
    %b2 = llvm.extractelement %back[%c2 : i64] : vector<3xf32>
    llvm.call @printF32(%b2) : (f32) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%buf) : (!llvm.ptr) -> ()
    %arr0 = llvm.mlir.zero : !llvm.array<2 x vector<4xf32>>
    %arr1 = llvm.insertvalue %v, %arr0[1] : !llvm.array<2 x vector<4xf32>>
    %row = llvm.extractvalue %arr1[1] : !llvm.array<2 x vector<4xf32>>
    %row0 = llvm.extractvalue %arr1[0] : !llvm.array<2 x vector<4xf32>>
    %sum = llvm.fsub %row, %row0 : vector<4xf32>
    llvm.call @pf(%sum) : (vector<4xf32>) -> ()
    %ac = llvm.mlir.constant(dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : vector<2x4xi32>) : !llvm.array<2 x vector<4xi32>>
    %ar = llvm.extractvalue %ac[1] : !llvm.array<2 x vector<4xi32>>
    llvm.call @pi(%ar) : (vector<4xi32>) -> ()
    llvm.return
  }`

// TestVectors runs vectorProgram with the interpreter and, where it is
// installed, with mlir-runner.
func TestVectors(t *testing.T) {
	const want = "5.25, -0, 17.0625, 80\n4.5, -6, 9.75, 24\n8, 1.5, 9, -2\n2, 2, -2, 1.5\n1.5, -2, 2, 2\n" +
		"25, 0, 289, 6400\n2162713, 141, 6714, -7, 4294967289\n11.25, -39, 8, 1.5, 1\n5, 131073, 6.5\n" +
		"1.5, -2, 3.25, 8\n5, 6, 7, 8\n"
	src := "module {" + decls + vectorProgram + "\n}\n"
	got, err := execute(t, "vectors.mlir", src)
	if err != nil {
		t.Fatalf("interpreter: %v\noutput so far:\n%s", err, got)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("interpreter output (-want +got):\n%s", diff)
	}
	if out, ok := runnerOutput(t, src); ok {
		if diff := cmp.Diff(want, out); diff != "" {
			t.Errorf("mlir-runner output (-want +got):\n%s", diff)
		}
	}
}

// TestVectorErrors checks that undefined behaviour on vectors, and
// operations the interpreter does not run, are located errors.
func TestVectorErrors(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"poison-lane-used", `
  llvm.func @main() {
    %v = llvm.mlir.constant(dense<[1.5, 2.0]> : vector<2xf32>) : vector<2xf32>
    %s = llvm.shufflevector %v, %v [0, -1] : vector<2xf32>
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %x = llvm.extractelement %s[%c1 : i32] : vector<2xf32>
    llvm.call @printF32(%x) : (f32) -> ()
    llvm.return
  }`, "poison-lane-used.mlir:17:5: error: an argument is poison (a poison mask element)"},
		{"extract-out-of-range", `
  llvm.func @main() {
    %v = llvm.mlir.constant(dense<[1, 2]> : vector<2xi64>) : vector<2xi64>
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %x = llvm.extractelement %v[%c2 : i32] : vector<2xi64>
    %c = llvm.icmp "eq" %x, %x : i64
    llvm.cond_br %c, ^a, ^b
  ^a:
    llvm.return
  ^b:
    llvm.return
  }`, "extract-out-of-range.mlir:17:5: error: the branch condition is poison (index 2 out of a vector of 2 lanes)"},
		{"store-poison-lane", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %v = llvm.mlir.poison : vector<2xi32>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %w = llvm.insertelement %one, %v[%c0 : i32] : vector<2xi32>
    llvm.store %w, %p : vector<2xi32>, !llvm.ptr
    llvm.return
  }`, "store-poison-lane.mlir:19:5: error: lane 1 of the stored vector is poison (llvm.mlir.poison)"},
		{"division-by-zero-lane", `
  llvm.func @main() {
    %a = llvm.mlir.constant(dense<[6, 8]> : vector<2xi32>) : vector<2xi32>
    %b = llvm.mlir.constant(dense<[3, 0]> : vector<2xi32>) : vector<2xi32>
    %q = llvm.udiv %a, %b : vector<2xi32>
    llvm.return
  }`, "division-by-zero-lane.mlir:15:10: error: integer division by zero"},
		{"load-out-of-bounds", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %v = llvm.load %p : !llvm.ptr -> vector<3xf32>
    llvm.return
  }`, "load-out-of-bounds.mlir:15:10: error: load from 12 bytes at offset 0 of a heap allocation of 8 bytes"},
		{"nsw-lane", `
  llvm.func @main() {
    %a = llvm.mlir.constant(dense<[1, 2147483647]> : vector<2xi32>) : vector<2xi32>
    %s = llvm.add %a, %a overflow<nsw> : vector<2xi32>
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %x = llvm.extractelement %s[%c1 : i32] : vector<2xi32>
    %y = llvm.sext %x : i32 to i64
    llvm.call @printI64(%y) : (i64) -> ()
    llvm.return
  }`, "nsw-lane.mlir:18:5: error: an argument is poison (signed overflow with the nsw flag)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "module {" + decls + tc.body + "\n}\n"
			_, err := tryExecute(tc.name+".mlir", src)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}
