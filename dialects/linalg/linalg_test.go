package linalg_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/linalg"
)

// TestGeneratedFresh checks that linalg_gen.go is what strata-tblgen makes
// of linalg.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "linalg.irdl", "linalg_gen.go", "linalg")
}

func parse(t *testing.T, src string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	return ctx, mod
}

func find(mod *ir.Operation, name string) *ir.Operation {
	var found *ir.Operation
	mod.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if found == nil && op.Name() == name {
			found = op
		}
		return found == nil
	})
	return found
}

// TestStructuredOpAPI reads the loops, maps, operands and body of
// structured operations through linalg.StructuredOp.
func TestStructuredOpAPI(t *testing.T) {
	_, mod := parse(t, `
func.func @f(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>,
             %t: tensor<2x3x5xf32>, %i: tensor<2x5xf32>, %img: tensor<1x9x9x3xf32>,
             %k: tensor<3x3x3x8xf32>, %o: tensor<1x4x4x8xf32>) -> (tensor<2x5xf32>, tensor<1x4x4x8xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  %r = linalg.reduce { arith.addf } ins(%t : tensor<2x3x5xf32>) outs(%i : tensor<2x5xf32>) dimensions = [1]
  %cv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%img, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %r, %cv : tensor<2x5xf32>, tensor<1x4x4x8xf32>
}`)
	type info struct {
		Maps       []string
		Iterators  []string
		Ins, Outs  int
		BodyOps    []string
		Tensor     bool
		Buffer     bool
		LoopRanges []int64
	}
	get := func(name string) info {
		s, ok := linalg.AsStructuredOp(find(mod, name))
		if !ok {
			t.Fatalf("%s is not a structured op", name)
		}
		var in info
		for _, m := range s.IndexingMaps() {
			in.Maps = append(in.Maps, m.String())
		}
		for _, it := range s.IteratorTypes() {
			in.Iterators = append(in.Iterators, it.String())
		}
		in.Ins, in.Outs = len(s.Inputs()), len(s.Outputs())
		for op := s.Body().First(); op != nil; op = op.Next() {
			in.BodyOps = append(in.BodyOps, op.Name())
		}
		in.Tensor, in.Buffer = s.HasPureTensorSemantics(), s.HasPureBufferSemantics()
		in.LoopRanges = s.StaticLoopRanges()
		return in
	}
	tests := []struct {
		op   string
		want info
	}{
		{"linalg.matmul", info{
			Maps:      []string{"(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"},
			Iterators: []string{"parallel", "parallel", "reduction"}, Ins: 2, Outs: 1,
			BodyOps: []string{"arith.mulf", "arith.addf", "linalg.yield"}, Buffer: true, LoopRanges: []int64{4, 16, 8}}},
		{"linalg.reduce", info{
			Maps:      []string{"(d0, d1, d2) -> (d0, d1, d2)", "(d0, d1, d2) -> (d0, d2)"},
			Iterators: []string{"parallel", "reduction", "parallel"}, Ins: 1, Outs: 1,
			BodyOps: []string{"arith.addf", "linalg.yield"}, Tensor: true, LoopRanges: []int64{2, 3, 5}}},
		{"linalg.conv_2d_nhwc_hwcf", info{
			Maps: []string{"(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)",
				"(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)", "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)"},
			Iterators: []string{"parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"},
			Ins:       2, Outs: 1, BodyOps: []string{"arith.mulf", "arith.addf", "linalg.yield"}, Tensor: true,
			LoopRanges: []int64{1, 4, 4, 8, 3, 3, 3}}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, get(tc.op)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.op, diff)
		}
	}
	// Memory effects: memref inputs are read, memref outputs read and
	// written; tensors have none.
	mm := find(mod, "linalg.matmul")
	effects, known := mm.Effects()
	if !known || len(effects) != 4 {
		t.Errorf("matmul on memrefs: effects %v (known %v), want 4", effects, known)
	}
	if !find(mod, "linalg.reduce").IsMemoryEffectFree() {
		t.Error("reduce on tensors has effects")
	}
	if d, ok := ir.DestinationStyleOp.Of(mm); !ok {
		t.Error("matmul does not implement DestinationStyleOpInterface")
	} else if first, n := d.DPSInits(mm); first != 2 || n != 1 {
		t.Errorf("matmul DPSInits = %d, %d; want 2, 1", first, n)
	}
}

// TestVerifier checks upstream's diagnostics for malformed structured
// operations.
func TestVerifier(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"map count", `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, "expected the number of indexing_map (1) to be equal to the number of input/output operands (2)"},
		{"map rank", `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, "expected operand #1 rank (1) to match the result rank of indexing_map (0)"},
		{"bb arg type", `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: i32, %y: f32):
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, "expected type of bb argument #0 (i32) to match element or self type of the corresponding operand (f32)"},
		{"shape", `
func.func @f(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
    (%x: f32, %y: f32) {
      linalg.yield %x : f32
    }
  return %0 : tensor<5xf32>
}`, "expected shape of input (4) to match shape of output (5)"},
		{"yield type", `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xi32>) {
  ^bb0(%x: f32, %y: i32):
    linalg.yield %x : f32
  } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}`, "type of yield operand 1 ('f32') doesn't match the element type of the enclosing linalg.generic op ('i32')"},
		{"index dim", `
func.func @f(%b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%b : tensor<4xf32>) {
  ^bb0(%y: f32):
    %i = linalg.index 1 : index
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, "expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp"},
		{"matmul shapes", `
func.func @f(%a: memref<4x8xf32>, %b: memref<9x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<9x16xf32>) outs(%c : memref<4x16xf32>)
  return
}`, "inferred input/output operand #1 has shape's dimension #0 to be 8, but found 9"},
		{"unknown payload", `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.map { arith.nonexistent } ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>)
  return %0 : tensor<4xf32>
}`, "test.mlir:3:8: error: unregistered operation 'arith.nonexistent' found in dialect ('arith') that does not allow unknown operations"},
		{"maps kind", `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "linalg.generic"(%a, %b) <{indexing_maps = [1, 2], iterator_types = [], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, "'linalg.generic' op attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			mod, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "test.mlir"})
			if err == nil {
				err = ir.Verify(mod)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
