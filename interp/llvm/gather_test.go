package llvm_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gatherProgram exercises vectors of pointers: a GEP with a vector of
// i32 indices (negative ones included), one with a vector base and a
// scalar index (a lane one past the end, masked off), one with i64
// indices, masked.gather with and without masked-off lanes,
// masked.scatter with two lanes aliasing (the later lane wins) and with
// a masked-off lane whose pointer is out of bounds.
const gatherProgram = `
  llvm.func @pi(%v: vector<4xi32>) {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %a = llvm.extractelement %v[%c0 : i32] : vector<4xi32>
    %b = llvm.extractelement %v[%c1 : i32] : vector<4xi32>
    %c = llvm.extractelement %v[%c2 : i32] : vector<4xi32>
    %d = llvm.extractelement %v[%c3 : i32] : vector<4xi32>
    %a64 = llvm.sext %a : i32 to i64
    %b64 = llvm.sext %b : i32 to i64
    %c64 = llvm.sext %c : i32 to i64
    %d64 = llvm.sext %d : i32 to i64
    llvm.call @printI64(%a64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printI64(%b64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printI64(%c64) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printI64(%d64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }
  llvm.func @main() {
    %c32 = llvm.mlir.constant(32 : i64) : i64
    %buf = llvm.call @malloc(%c32) : (i64) -> !llvm.ptr
    %init = llvm.mlir.constant(dense<[10, 11, 12, 13, 14, 15, 16, 17]> : vector<8xi32>) : vector<8xi32>
    llvm.store %init, %buf {alignment = 4 : i64} : vector<8xi32>, !llvm.ptr
    %mid = llvm.getelementptr %buf[4] : (!llvm.ptr) -> !llvm.ptr, i32
    %idx = llvm.mlir.constant(dense<[-4, 3, 0, -1]> : vector<4xi32>) : vector<4xi32>
    %ps = llvm.getelementptr %mid[%idx] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, i32
    %all = llvm.mlir.constant(dense<true> : vector<4xi1>) : vector<4xi1>
    %pass = llvm.mlir.constant(dense<-1> : vector<4xi32>) : vector<4xi32>
    %g = llvm.intr.masked.gather %ps, %all, %pass {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
    llvm.call @pi(%g) : (vector<4xi32>) -> ()
    %m = llvm.mlir.constant(dense<[false, true, false, true]> : vector<4xi1>) : vector<4xi1>
    %g2 = llvm.intr.masked.gather %ps, %m, %pass {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
    llvm.call @pi(%g2) : (vector<4xi32>) -> ()
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %next = llvm.getelementptr inbounds %ps[%c1] : (vector<4x!llvm.ptr>, i64) -> vector<4x!llvm.ptr>, i32
    %m3 = llvm.mlir.constant(dense<[true, false, true, true]> : vector<4xi1>) : vector<4xi1>
    %g3 = llvm.intr.masked.gather %next, %m3, %pass {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
    llvm.call @pi(%g3) : (vector<4xi32>) -> ()
    %sidx = llvm.mlir.constant(dense<[0, 2, 0, 9]> : vector<4xi64>) : vector<4xi64>
    %sp = llvm.getelementptr %buf[%sidx] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, i32
    %sm = llvm.mlir.constant(dense<[true, true, true, false]> : vector<4xi1>) : vector<4xi1>
    %sv = llvm.mlir.constant(dense<[100, 200, 300, 400]> : vector<4xi32>) : vector<4xi32>
    llvm.intr.masked.scatter %sv, %sp, %sm {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr>
    %lo = llvm.load %buf {alignment = 4 : i64} : !llvm.ptr -> vector<4xi32>
    llvm.call @pi(%lo) : (vector<4xi32>) -> ()
    llvm.call @free(%buf) : (!llvm.ptr) -> ()
    llvm.return
  }`

// TestGatherScatter runs gatherProgram with the interpreter and, where
// it is installed, with mlir-runner.
func TestGatherScatter(t *testing.T) {
	const want = "10, 17, 14, 13\n-1, 17, -1, 13\n11, -1, 15, 14\n300, 11, 200, 13\n"
	src := "module {" + decls + gatherProgram + "\n}\n"
	got, err := execute(t, "gather.mlir", src)
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

// TestGatherScatterErrors checks that an active lane addressing memory
// outside its allocation, a poison address lane and a poison stored lane
// are located errors.
func TestGatherScatterErrors(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"gather-out-of-bounds", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %idx = llvm.mlir.constant(dense<[0, 2]> : vector<2xi64>) : vector<2xi64>
    %ps = llvm.getelementptr %p[%idx] : (!llvm.ptr, vector<2xi64>) -> vector<2x!llvm.ptr>, f32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %g = llvm.intr.masked.gather %ps, %m {alignment = 4 : i32} : (vector<2x!llvm.ptr>, vector<2xi1>) -> vector<2xf32>
    llvm.return
  }`, "gather-out-of-bounds.mlir:18:10: error: masked gather from lane 1 at offset 8 of a heap allocation of 8 bytes"},
		{"scatter-before-start", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %idx = llvm.mlir.constant(dense<[-1, 1]> : vector<2xi32>) : vector<2xi32>
    %ps = llvm.getelementptr %p[%idx] : (!llvm.ptr, vector<2xi32>) -> vector<2x!llvm.ptr>, i32
    %m = llvm.mlir.constant(dense<[true, false]> : vector<2xi1>) : vector<2xi1>
    %v = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
    llvm.intr.masked.scatter %v, %ps, %m {alignment = 4 : i32} : vector<2xi32>, vector<2xi1> into vector<2x!llvm.ptr>
    llvm.return
  }`, "scatter-before-start.mlir:19:5: error: masked scatter to lane 0 at offset -4 of a heap allocation of 8 bytes"},
		{"gather-poison-address", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %idx = llvm.mlir.constant(dense<[0, 5]> : vector<2xi64>) : vector<2xi64>
    %ps = llvm.getelementptr inbounds %p[%idx] : (!llvm.ptr, vector<2xi64>) -> vector<2x!llvm.ptr>, i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %g = llvm.intr.masked.gather %ps, %m {alignment = 4 : i32} : (vector<2x!llvm.ptr>, vector<2xi1>) -> vector<2xi32>
    llvm.return
  }`, "gather-poison-address.mlir:18:10: error: the address of lane 1 is poison (inbounds offset outside the allocation)"},
		{"scatter-poison-lane", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %idx = llvm.mlir.constant(dense<[0, 1]> : vector<2xi64>) : vector<2xi64>
    %ps = llvm.getelementptr %p[%idx] : (!llvm.ptr, vector<2xi64>) -> vector<2x!llvm.ptr>, i32
    %m = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
    %v = llvm.mlir.poison : vector<2xi32>
    llvm.intr.masked.scatter %v, %ps, %m {alignment = 4 : i32} : vector<2xi32>, vector<2xi1> into vector<2x!llvm.ptr>
    llvm.return
  }`, "scatter-poison-lane.mlir:19:5: error: lane 0 of the stored vector is poison (llvm.mlir.poison)"},
		{"gather-freed", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %idx = llvm.mlir.constant(dense<[0, 1]> : vector<2xi64>) : vector<2xi64>
    %ps = llvm.getelementptr %p[%idx] : (!llvm.ptr, vector<2xi64>) -> vector<2x!llvm.ptr>, i32
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    %m = llvm.mlir.constant(dense<[false, true]> : vector<2xi1>) : vector<2xi1>
    %g = llvm.intr.masked.gather %ps, %m {alignment = 4 : i32} : (vector<2x!llvm.ptr>, vector<2xi1>) -> vector<2xi32>
    llvm.return
  }`, "gather-freed.mlir:19:10: error: load from a freed heap allocation of 8 bytes"},
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
