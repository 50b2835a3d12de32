package semcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/semcheck"
)

func init() {
	// test-nd-row-swap miscompiles the unrolling of n-D vector arithmetic:
	// an llvm.extractvalue of row 0 of an array of vectors reads row 1.
	pass.Register(pass.Registration{Argument: "test-nd-row-swap", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "test-nd-row-swap"}, RunFunc: func(op *ir.Operation, st *pass.State) error {
			ctx := op.Context()
			op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if o.Name() != "llvm.extractvalue" {
					return true
				}
				d, ok := o.Properties().(*ir.DictionaryAttr)
				if !ok {
					return true
				}
				var kept []ir.NamedAttr
				for _, e := range d.Entries {
					if p, ok := e.Value.(*ir.DenseArrayAttr); ok && e.Name == "position" && p.Size == 1 && p == ctx.DenseI64Array(0) {
						e.Value = ctx.DenseI64Array(1)
					}
					kept = append(kept, e)
				}
				o.SetProperties(ctx.DictionaryAttr(kept))
				return true
			})
			return nil
		}}
	}})

	// test-fmuladd-swap miscompiles the lowering of vector.fma: a * b + c
	// becomes c * b + a.
	pass.Register(pass.Registration{Argument: "test-fmuladd-swap", New: func() pass.Pass {
		return &pass.FuncPass{Info: pass.Info{Argument: "test-fmuladd-swap"}, RunFunc: func(op *ir.Operation, st *pass.State) error {
			op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if o.Name() == "llvm.intr.fmuladd" {
					a, c := o.Operand(0), o.Operand(2)
					o.SetOperand(0, c)
					o.SetOperand(2, a)
				}
				return true
			})
			return nil
		}}
	}})
}

// vectorLLVMProgram covers what convert-vector-to-llvm lowers: broadcast
// of scalars to 1-D and n-D vectors and of 1-D vectors to n-D ones,
// extract and insert at static positions of 1-D and n-D vectors, fma,
// every reduction kind on integers, i1 and floats (f16, f32, f64),
// vector.load and vector.store, shape_cast; and, around them, arith and
// math on 1-D vectors and prints of n-D vectors.
const vectorLLVMProgram = `func.func @main() {
  %f = arith.constant 1.25 : f32
  %b1 = vector.broadcast %f : f32 to vector<4xf32>
  vector.print %b1 : vector<4xf32>
  %v = arith.constant dense<[0.5, -3.0, 7.25, 2.0]> : vector<4xf32>
  %w = arith.constant dense<[1.5, 4.0, -0.75, 8.0]> : vector<4xf32>
  %s = arith.addf %v, %w : vector<4xf32>
  %m = arith.mulf %s, %b1 : vector<4xf32>
  vector.print %m : vector<4xf32>
  %fm = vector.fma %v, %w, %b1 : vector<4xf32>
  vector.print %fm : vector<4xf32>
  %r0 = vector.reduction <add>, %v : vector<4xf32> into f32
  %r1 = vector.reduction <mul>, %w : vector<4xf32> into f32
  %r2 = vector.reduction <maxnumf>, %v : vector<4xf32> into f32
  %r3 = vector.reduction <minnumf>, %v : vector<4xf32> into f32
  %r4 = vector.reduction <maximumf>, %w : vector<4xf32> into f32
  %r5 = vector.reduction <minimumf>, %w : vector<4xf32> into f32
  vector.print %r0 : f32 punctuation <comma>
  vector.print %r1 : f32 punctuation <comma>
  vector.print %r2 : f32 punctuation <comma>
  vector.print %r3 : f32 punctuation <comma>
  vector.print %r4 : f32 punctuation <comma>
  vector.print %r5 : f32
  %d = arith.constant dense<[0.25, -1.5, 3.0]> : vector<3xf64>
  %d3 = arith.truncf %d : vector<3xf64> to vector<3xf32>
  %b1b = vector.broadcast %f : f32 to vector<2xf32>
  %d0 = vector.reduction <add>, %d : vector<3xf64> into f64
  %d1 = vector.reduction <mul>, %d : vector<3xf64> into f64
  vector.print %d0 : f64 punctuation <comma>
  vector.print %d1 : f64
  %i = arith.constant dense<[5, -3, 12, 7, -128, 9]> : vector<6xi8>
  %i0 = vector.reduction <add>, %i : vector<6xi8> into i8
  %i1 = vector.reduction <mul>, %i : vector<6xi8> into i8
  %i2 = vector.reduction <and>, %i : vector<6xi8> into i8
  %i3 = vector.reduction <or>, %i : vector<6xi8> into i8
  %i4 = vector.reduction <xor>, %i : vector<6xi8> into i8
  %i5 = vector.reduction <minsi>, %i : vector<6xi8> into i8
  %i6 = vector.reduction <maxsi>, %i : vector<6xi8> into i8
  %i7 = vector.reduction <minui>, %i : vector<6xi8> into i8
  %i8 = vector.reduction <maxui>, %i : vector<6xi8> into i8
  vector.print %i0 : i8 punctuation <comma>
  vector.print %i1 : i8 punctuation <comma>
  vector.print %i2 : i8 punctuation <comma>
  vector.print %i3 : i8 punctuation <comma>
  vector.print %i4 : i8 punctuation <comma>
  vector.print %i5 : i8 punctuation <comma>
  vector.print %i6 : i8 punctuation <comma>
  vector.print %i7 : i8 punctuation <comma>
  vector.print %i8 : i8
  %bl = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %ba = vector.reduction <and>, %bl : vector<4xi1> into i1
  %bo = vector.reduction <or>, %bl : vector<4xi1> into i1
  %bx = vector.reduction <xor>, %bl : vector<4xi1> into i1
  vector.print %ba : i1 punctuation <comma>
  vector.print %bo : i1 punctuation <comma>
  vector.print %bx : i1
  %cmp = arith.cmpf olt, %v, %w : vector<4xf32>
  vector.print %cmp : vector<4xi1>
  %sel = arith.select %cmp, %v, %w : vector<4xi1>, vector<4xf32>
  vector.print %sel : vector<4xf32>
  %nb = arith.xori %cmp, %bl : vector<4xi1>
  vector.print %nb : vector<4xi1>
  %h = arith.constant dense<[0.5, 1.5, -2.25]> : vector<3xf16>
  %h2 = arith.mulf %h, %h : vector<3xf16>
  %hr = vector.reduction <maxnumf>, %h2 : vector<3xf16> into f16
  vector.print %h2 : vector<3xf16>
  vector.print %hr : f16
  %he = arith.extf %h2 : vector<3xf16> to vector<3xf32>
  vector.print %he : vector<3xf32>
  %hb = vector.broadcast %hr : f16 to vector<2x3xf16>
  vector.print %hb : vector<2x3xf16>
  %row = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %rsq = arith.muli %row, %row : vector<3xi32>
  %n2 = vector.broadcast %rsq : vector<3xi32> to vector<2x3xi32>
  %n3 = vector.insert %i5, %i[2] : i8 into vector<6xi8>
  vector.print %n3 : vector<6xi8>
  %x = vector.extract %n2[1] : vector<3xi32> from vector<2x3xi32>
  %x2 = vector.extract %n2[0, 2] : i32 from vector<2x3xi32>
  %x3 = arith.addi %x, %row : vector<3xi32>
  %n4 = vector.insert %x2, %n2[1, 1] : i32 into vector<2x3xi32>
  %n5 = vector.insert %x3, %n4[0] : vector<3xi32> into vector<2x3xi32>
  vector.print %n5 : vector<2x3xi32>
  %sc = vector.shape_cast %n5 : vector<2x3xi32> to vector<6xi32>
  vector.print %sc : vector<6xi32>
  %sc2 = vector.shape_cast %sc : vector<6xi32> to vector<3x2xi32>
  vector.print %sc2 : vector<3x2xi32>
  %y = vector.extract %sc2[2] : vector<2xi32> from vector<3x2xi32>
  %yf = arith.sitofp %y : vector<2xi32> to vector<2xf32>
  %yd = arith.divf %yf, %b1b : vector<2xf32>
  vector.print %yd : vector<2xf32>
  %bb = vector.broadcast %r2 : f32 to vector<2x2x3xf32>
  %bz = vector.extract %bb[1, 0] : vector<3xf32> from vector<2x2x3xf32>
  %bz2 = arith.subf %bz, %d3 : vector<3xf32>
  %bb2 = vector.insert %bz2, %bb[0, 1] : vector<3xf32> into vector<2x2x3xf32>
  vector.print %bb2 : vector<2x2x3xf32>
  %bs = vector.shape_cast %bb2 : vector<2x2x3xf32> to vector<12xf32>
  %bsum = vector.reduction <add>, %bs : vector<12xf32> into f32
  vector.print %bsum : f32
  %ex = arith.extsi %i : vector<6xi8> to vector<6xi32>
  %tr = arith.trunci %ex : vector<6xi32> to vector<6xi16>
  vector.print %tr : vector<6xi16>
  %sq = math.sqrt %w : vector<4xf32>
  %ab = math.absf %v : vector<4xf32>
  vector.print %sq : vector<4xf32>
  vector.print %ab : vector<4xf32>
  %ii = arith.constant dense<[3, 4]> : vector<2xindex>
  %ic = arith.index_cast %ii : vector<2xindex> to vector<2xi32>
  vector.print %ic : vector<2xi32>
  vector.print %ii : vector<2xindex>
  %buf = memref.alloc() : memref<3x4xf32>
  %bi = memref.alloc() : memref<8xi16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  vector.store %fm, %buf[%c2, %c0] : memref<3x4xf32>, vector<4xf32>
  vector.store %b1, %buf[%c0, %c0] : memref<3x4xf32>, vector<4xf32>
  %ld = vector.load %buf[%c2, %c0] : memref<3x4xf32>, vector<4xf32>
  %ld2 = vector.load %buf[%c0, %c1] : memref<3x4xf32>, vector<3xf32>
  vector.print %ld : vector<4xf32>
  vector.print %ld2 : vector<3xf32>
  vector.store %tr, %bi[%c2] : memref<8xi16>, vector<6xi16>
  %ld3 = vector.load %bi[%c2] : memref<8xi16>, vector<3xi16>
  vector.print %ld3 : vector<3xi16>
  %sum = vector.reduction <add>, %ld3 : vector<3xi16> into i16
  vector.print %sum : i16
  memref.dealloc %buf : memref<3x4xf32>
  memref.dealloc %bi : memref<8xi16>
  return
}`

// vectorLLVMOutput is what vectorLLVMProgram prints (as mlir-runner
// prints it for upstream's lowering).
const vectorLLVMOutput = "( 1.25, 1.25, 1.25, 1.25 )\n" +
	"( 2.5, 1.25, 8.125, 12.5 )\n" +
	"( 2, -10.75, -4.1875, 17.25 )\n" +
	"6.75, -36, 7.25, -3, 8, -0.75\n" +
	"1.75, -1.125\n" +
	"-98, 0, 0, -1, 122, -128, 12, 5, -3\n" +
	"0, 1, 1\n" +
	"( 1, 1, 0, 1 )\n" +
	"( 0.5, -3, -0.75, 2 )\n" +
	"( 0, 1, 1, 0 )\n" +
	"( 0.25, 2.25, 5.0625 )\n" +
	"5.0625\n" +
	"( 0.25, 2.25, 5.0625 )\n" +
	"( ( 5.0625, 5.0625, 5.0625 ), ( 5.0625, 5.0625, 5.0625 ) )\n" +
	"( 5, -3, -128, 7, -128, 9 )\n" +
	"( ( 2, 6, 12 ), ( 1, 9, 9 ) )\n" +
	"( 2, 6, 12, 1, 9, 9 )\n" +
	"( ( 2, 6 ), ( 12, 1 ), ( 9, 9 ) )\n" +
	"( 7.2, 7.2 )\n" +
	"( ( ( 7.25, 7.25, 7.25 ), ( 7, 8.75, 4.25 ) ), ( ( 7.25, 7.25, 7.25 ), ( 7.25, 7.25, 7.25 ) ) )\n" +
	"85.25\n" +
	"( 5, -3, 12, 7, -128, 9 )\n" +
	"( 1.22474, 2, -nan, 2.82843 )\n" +
	"( 0.5, 3, 7.25, 2 )\n" +
	"( 3, 4 )\n" +
	"( 3, 4 )\n" +
	"( 2, -10.75, -4.1875, 17.25 )\n" +
	"( 1.25, 1.25, 1.25 )\n" +
	"( 5, -3, 12 )\n" +
	"14\n"

// TestVectorToLLVM validates the CPU engine's whole lowering
// (run.LLVMPipeline: convert-vector-to-scf, lower-affine,
// convert-scf-to-cf, ..., convert-vector-to-llvm, finalize-memref-to-llvm,
// ..., reconcile-unrealized-casts) on run/testdata/diff/vector.mlir and
// on vectorLLVMProgram: the interpreter runs every intermediate program,
// vectors of the llvm dialect included.
func TestVectorToLLVM(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "vector.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	nd, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "vector_nd.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	zeroD, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "vector_0d.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	expand, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "arith_expand_vector.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src, want string
		ops             []string // llvm operations the lowering must produce
	}{
		{"vector.mlir", string(src), "", []string{"llvm.intr.vector.reduce.fadd",
			"llvm.intr.vector.reduce.smax", "llvm.intr.fmuladd", "llvm.insertelement", "llvm.extractelement"}},
		{"lowered-ops", vectorLLVMProgram, vectorLLVMOutput, []string{"llvm.shufflevector", "llvm.insertelement",
			"llvm.extractelement", "llvm.insertvalue", "llvm.extractvalue", "llvm.intr.fmuladd", "llvm.fcmp", "llvm.select",
			"llvm.intr.vector.reduce.add", "llvm.intr.vector.reduce.mul", "llvm.intr.vector.reduce.and",
			"llvm.intr.vector.reduce.or", "llvm.intr.vector.reduce.xor", "llvm.intr.vector.reduce.smin",
			"llvm.intr.vector.reduce.smax", "llvm.intr.vector.reduce.umin", "llvm.intr.vector.reduce.umax",
			"llvm.intr.vector.reduce.fadd", "llvm.intr.vector.reduce.fmul", "llvm.intr.vector.reduce.fmax",
			"llvm.intr.vector.reduce.fmin", "llvm.intr.vector.reduce.fmaximum", "llvm.intr.vector.reduce.fminimum",
			"llvm.load", "llvm.store"}},
		// arith and math on n-D vectors, unrolled over the outer
		// dimensions into operations on 1-D vectors.
		{"vector_nd.mlir", string(nd), "", []string{"llvm.mlir.poison", "llvm.insertvalue", "llvm.extractvalue",
			"llvm.fadd", "llvm.fmul", "llvm.fneg", "llvm.fdiv", "llvm.fcmp", "llvm.icmp", "llvm.select", "llvm.fpext",
			"llvm.fptrunc", "llvm.sitofp", "llvm.trunc", "llvm.zext", "llvm.sext", "llvm.mul", "llvm.ashr", "llvm.srem",
			"llvm.intr.maxnum", "llvm.intr.smin", "llvm.intr.sqrt", "llvm.intr.fabs", "llvm.intr.floor",
			"llvm.intr.fma", "llvm.intr.ctpop"}},
		// 0-D vectors, converted to vectors of one element.
		{"vector_0d.mlir", string(zeroD), "", []string{"llvm.fadd", "llvm.fmul", "llvm.fcmp", "llvm.select", "llvm.mul",
			"llvm.sitofp", "llvm.intr.sqrt", "llvm.fdiv", "llvm.intr.ctlz", "llvm.intr.fmuladd", "llvm.insertelement",
			"llvm.extractelement", "llvm.shufflevector", "llvm.load", "llvm.store", "llvm.fneg"}},
		// The ceil and floor division expansions and the extended
		// multiplications on vectors, unrolled on 2-D ones.
		{"arith_expand_vector.mlir", string(expand), "", []string{"llvm.sdiv", "llvm.udiv", "llvm.icmp", "llvm.and",
			"llvm.select", "llvm.sext", "llvm.zext", "llvm.lshr", "llvm.trunc", "llvm.insertvalue", "llvm.extractvalue"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m := parseAll(t, tc.src)
			if tc.want != "" {
				obs, err := semcheck.Observe(m, "main")
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tc.want, obs.String()); diff != "" {
					t.Fatalf("baseline (-want +got):\n%s", diff)
				}
			}
			r, err := semcheck.Validate(ctx, m, run.LLVMPipeline, "main")
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure != nil || r.PassError != nil {
				msg := fmt.Sprintf("pass %s: %v", r.FailedPass, r.PassError)
				if r.Failure != nil {
					msg = r.Failure.Error()
					for _, n := range r.Failure.Notes {
						msg += "\n" + n.Error()
					}
				}
				t.Fatal(msg)
			}
			for _, p := range []string{"convert-vector-to-scf", "convert-vector-to-llvm", "convert-math-to-llvm", "convert-arith-to-llvm", "convert-func-to-llvm"} {
				if !slices.Contains(r.Validated, p) {
					t.Errorf("%s not validated (validated %v)", p, r.Validated)
				}
			}
			seen := map[string]bool{}
			m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
				n := op.Name()
				seen[n] = true
				if n != "builtin.module" && !strings.HasPrefix(n, "llvm.") {
					t.Errorf("operation %s left", n)
				}
				return true
			})
			for _, n := range tc.ops {
				if !seen[n] {
					t.Errorf("the lowered program has no %s", n)
				}
			}
		})
	}
}

// TestVectorToLLVMMiscompile checks that the validation catches a wrong
// rewrite of the lowered vectors: swapping the addend and a factor of the
// llvm.intr.fmuladd that vector.fma lowers to.
func TestVectorToLLVMMiscompile(t *testing.T) {
	pipeline := strings.Replace(run.LLVMPipeline, "convert-vector-to-llvm,", "convert-vector-to-llvm,func.func(test-fmuladd-swap),", 1)
	if pipeline == run.LLVMPipeline {
		t.Fatal("convert-vector-to-llvm is not in the CPU pipeline")
	}
	r := caughtMiscompile(t, vectorLLVMProgram, pipeline, "test-fmuladd-swap")
	if !slices.Contains(r.Validated, "convert-vector-to-llvm") || slices.Contains(r.Validated, "test-fmuladd-swap") {
		t.Errorf("validated %v", r.Validated)
	}
}

// TestVectorNDMiscompile checks that the validation catches a wrong
// unrolling of n-D vector arithmetic: reading row 1 where
// convert-arith-to-llvm and convert-math-to-llvm read row 0.
func TestVectorNDMiscompile(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testutil.RepoRoot(), "run", "testdata", "diff", "vector_nd.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	pipeline := strings.Replace(run.LLVMPipeline, "convert-arith-to-llvm,", "convert-arith-to-llvm,func.func(test-nd-row-swap),", 1)
	if pipeline == run.LLVMPipeline {
		t.Fatal("convert-arith-to-llvm is not in the CPU pipeline")
	}
	caughtMiscompile(t, string(src), pipeline, "test-nd-row-swap")
}
