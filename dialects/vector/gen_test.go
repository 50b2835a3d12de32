package vector_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl/gen/gentest"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/vector"
)

// TestGeneratedFresh checks that vector_gen.go is what strata-tblgen makes
// of vector.irdl now.
func TestGeneratedFresh(t *testing.T) {
	gentest.Fresh(t, "vector.irdl", "vector_gen.go", "vector")
}

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	memref.Register(ctx)
	vector.Register(ctx)
	return ctx
}

// TestVerifierMessages checks the diagnostics of invalid operations.
func TestVerifierMessages(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"broadcast rank", `func.func @f(%v: vector<2x4xf32>) {
  %0 = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
  return
}`, "'vector.broadcast' op source rank higher than destination rank"},
		{"broadcast dims", `func.func @f(%v: vector<3xf32>) {
  %0 = vector.broadcast %v : vector<3xf32> to vector<2x4xf32>
  return
}`, "'vector.broadcast' op dimension mismatch (3 vs. 4)"},
		{"extract rank", `func.func @f(%v: vector<4xf32>) {
  %0 = vector.extract %v[0, 0] : f32 from vector<4xf32>
  return
}`, "'vector.extract' op expected position attribute of rank no greater than vector rank"},
		{"extract bounds", `func.func @f(%v: vector<4xf32>) {
  %0 = vector.extract %v[7] : f32 from vector<4xf32>
  return
}`, "'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)"},
		{"shape_cast count", `func.func @f(%v: vector<4xf32>) {
  %0 = vector.shape_cast %v : vector<4xf32> to vector<2x3xf32>
  return
}`, "'vector.shape_cast' op has different number of elements at source (4) and result (6)"},
		{"transpose", `func.func @f(%v: vector<4x8xf32>) {
  %0 = vector.transpose %v, [0, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}`, "'vector.transpose' op dimension size mismatch at: 0"},
		{"transfer indices", `func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  %0 = vector.transfer_read %m[%i], %p : memref<?x?xf32>, vector<4xf32>
  return
}`, "'vector.transfer_read' op requires 2 indices"},
		{"constant_mask", `func.func @f() {
  %0 = vector.constant_mask [5] : vector<4xi1>
  return
}`, "'vector.constant_mask' op array attr of size out of bounds of vector result dimension size"},
		{"outerproduct", `func.func @f(%v: vector<4x4xf32>) {
  %0 = vector.outerproduct %v, %v : vector<4x4xf32>, vector<4x4xf32>
  return
}`, "'vector.outerproduct' op expected 1-d vector for operand #1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: "test.mlir"})
			if err == nil {
				err = ir.Verify(m)
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err.Error(), tc.want)
			}
		})
	}
}

// TestFolds checks the folders through the generated API and the
// operation's registered fold hook.
func TestFolds(t *testing.T) {
	ctx := newContext()
	src := `func.func @f(%v: vector<4x8xf32>, %s: f32) -> (vector<4x8xf32>, vector<32xf32>, vector<4x8xf32>, f32) {
  %0 = vector.transpose %v, [0, 1] : vector<4x8xf32> to vector<4x8xf32>
  %1 = vector.shape_cast %v : vector<4x8xf32> to vector<2x16xf32>
  %2 = vector.shape_cast %1 : vector<2x16xf32> to vector<32xf32>
  %3 = vector.shape_cast %2 : vector<32xf32> to vector<4x8xf32>
  %4 = vector.broadcast %s : f32 to vector<4x8xf32>
  %5 = vector.extract %4[1, 2] : f32 from vector<4x8xf32>
  return %0, %2, %3, %5 : vector<4x8xf32>, vector<32xf32>, vector<4x8xf32>, f32
}`
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		d := op.Def()
		if d == nil || d.Fold == nil {
			return true
		}
		res, ok := d.Fold(op, make([]ir.Attribute, op.NumOperands()))
		if ok && len(res) == 0 {
			got = append(got, op.Name()+" -> in place")
			return true
		}
		if !ok || res[0].Value == nil {
			return true
		}
		v := res[0].Value
		if r, isRes := v.(*ir.OpResult); isRes && r.Owner() == op {
			got = append(got, op.Name()+" -> in place")
			return true
		}
		got = append(got, op.Name()+" -> "+ir.TypeString(v.Type()))
		return true
	})
	want := []string{
		"vector.transpose -> vector<4x8xf32>",
		"vector.shape_cast -> in place",
		"vector.shape_cast -> vector<4x8xf32>",
		"vector.extract -> f32",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("folds (-want +got):\n%s", diff)
	}
}
