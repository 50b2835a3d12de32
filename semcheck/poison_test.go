package semcheck_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/semcheck"
)

// The entries' arguments are the inputs semcheck makes (-3 for the first),
// so that the folder does not see constants.

// TestPoisonAndWideIntegers validates the lowering to the llvm dialect on
// programs with overflow flags and integers wider than 64 bits: the arith
// level makes the same values poison as the llvm level, so a poison value
// printed or branched on fails at both, and a poison value that is never
// used fails at neither.
func TestPoisonAndWideIntegers(t *testing.T) {
	tests := []struct{ name, src, baseline string }{
		{"printed nsw overflow", `func.func private @printI64(i64)
func.func @main(%x: i32) {
  %a = arith.constant 2147483647 : i32
  %b = arith.constant 1 : i32
  %c = arith.subi %a, %x overflow<nsw> : i32
  %d = arith.muli %c, %b : i32
  %e = arith.extsi %d : i32 to i64
  call @printI64(%e) : (i64) -> ()
  return
}
`, "error: argument #0 of '@printI64' is poison (signed overflow with the nsw flag)"},
		{"branch on nuw overflow", `func.func private @printI64(i64)
func.func @main(%a: i8) {
  %b = arith.constant 100 : i8
  %c = arith.addi %a, %b overflow<nuw> : i8
  %z = arith.constant 0 : i8
  %p = arith.cmpi eq, %c, %z : i8
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  cf.cond_br %p, ^bb1(%one : i64), ^bb1(%two : i64)
^bb1(%x: i64):
  call @printI64(%x) : (i64) -> ()
  return
}
`, "the branch condition is poison (unsigned overflow with the nuw flag)"},
		{"unused poison", `func.func private @printI64(i64)
func.func @main() {
  %a = arith.constant 9223372036854775807 : i64
  %b = arith.constant 2 : i64
  %big = arith.muli %a, %b overflow<nsw, nuw> : i64
  %sh = arith.shli %b, %a : i64
  %t = arith.trunci %a overflow<nsw> : i64 to i32
  %false = arith.constant false
  %s = arith.select %false, %big, %b : i64
  %s2 = arith.select %false, %sh, %s : i64
  %ok = arith.addi %s2, %b overflow<nsw> : i64
  call @printI64(%ok) : (i64) -> ()
  return
}
`, "4"},
		{"wide integers", `func.func private @printI64(i64)
func.func private @printU64(i64)
func.func @main() {
  %a = arith.constant -170141183460469231731687303715884105000 : i128
  %b = arith.constant 98765432109876543210987 : i128
  %m = memref.alloc() : memref<4xi80>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = arith.muli %a, %b : i128
  %q = arith.divsi %p, %b : i128
  %r = arith.remui %a, %b : i128
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i128
    %v = arith.addi %q, %ii : i128
    %w = arith.xori %v, %r : i128
    %n = arith.trunci %w : i128 to i80
    memref.store %n, %m[%i] : memref<4xi80>
  }
  %l = memref.load %m[%c1] : memref<4xi80>
  %x = arith.extsi %l : i80 to i128
  %c64 = arith.constant 64 : i128
  %hi = arith.shrsi %x, %c64 : i128
  %h = arith.trunci %hi : i128 to i64
  %lo = arith.trunci %x : i128 to i64
  %ov = arith.addi %x, %x overflow<nsw> : i128
  %o = arith.trunci %ov : i128 to i64
  call @printU64(%lo) : (i64) -> ()
  call @printI64(%h) : (i64) -> ()
  call @printI64(%o) : (i64) -> ()
  memref.dealloc %m : memref<4xi80>
  return
}
`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m := parseAll(t, tc.src)
			obs, err := semcheck.Observe(m, "main")
			if err != nil {
				t.Fatal(err)
			}
			if tc.baseline != "" && !strings.Contains(obs.String(), tc.baseline) {
				t.Fatalf("baseline %q, want %q", obs.String(), tc.baseline)
			}
			if obs.Err == "" {
				// Every pass of the lowering keeps the output.
				if err := semcheck.CheckPipeline(ctx, m, llvmPipeline, "main"); err != nil {
					t.Fatalf("unexpected failure: %v", err)
				}
				return
			}
			// A failing entry is not validated pass by pass; lowered to
			// the llvm dialect it must fail on the poison value too.
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse("builtin.module(" + llvmPipeline + ")"); err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			low, err := semcheck.Observe(m, "main")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(low.Err, "is poison") || !obs.Equal(low) {
				t.Errorf("llvm level: %q, arith level: %q", low.String(), obs.String())
			}
		})
	}
}

// TestWideFloorDivLowering shows what translation validation finds in
// convert-arith-to-llvm, which follows upstream: arith.floordivsi on an
// integer wider than 64 bits subtracts 1 - 2^64 (a 64-bit -1,
// zero-extended) where it should subtract 1.
func TestWideFloorDivLowering(t *testing.T) {
	ctx, m := parseAll(t, `func.func private @printI64(i64)
func.func @main(%x: i64, %y: i64) {
  %a = arith.extsi %x : i64 to i128
  %b = arith.extsi %y : i64 to i128
  %q = arith.floordivsi %a, %b : i128
  %c64 = arith.constant 64 : i128
  %hi = arith.shrsi %q, %c64 : i128
  %h = arith.trunci %hi : i128 to i64
  %l = arith.trunci %q : i128 to i64
  call @printI64(%l) : (i64) -> ()
  call @printI64(%h) : (i64) -> ()
  return
}
`)
	// The inputs are -3 and 4: floor(-3/4) = -1.
	obs, err := semcheck.Observe(m, "main")
	if err != nil || obs.Output != "-1-1" {
		t.Fatalf("baseline %q, %v", obs.Output, err)
	}
	err = semcheck.CheckPipeline(ctx, m, llvmPipeline, "main")
	if err == nil || !strings.Contains(err.Error(), "pass 'convert-arith-to-llvm' changed the semantics") {
		t.Fatalf("got %v", err)
	}
}
