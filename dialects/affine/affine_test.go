package affine_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/affine"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
)

// newContext returns a context with the dialects the tests use.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	affine.Register(ctx)
	return ctx
}

// parseAndVerify parses src and verifies it, returning the first error's
// text or "".
func parseAndVerify(t *testing.T, src string) (*ir.Operation, string) {
	t.Helper()
	ctx := newContext()
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		return nil, err.Error()
	}
	if err := ir.Verify(m); err != nil {
		return nil, err.Error()
	}
	return m, ""
}

// TestDimAndSymbolRules checks which operands are valid dimensions and
// symbols of affine operations.
func TestDimAndSymbolRules(t *testing.T) {
	tests := []struct {
		name, body, wantErr string
	}{
		{"argument as symbol", "affine.for %i = %n to 10 {\n}", ""},
		{"iv as dim", "affine.for %i = 0 to 10 {\n  %x = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)\n}", ""},
		{"iv as symbol", "affine.for %i = 0 to 10 {\n  affine.for %j = %i to 10 {\n  }\n}",
			"'affine.for' op operand cannot be used as a symbol"},
		{"constant as symbol", "affine.for %i = 0 to 10 {\n  %c = arith.constant 3 : index\n  affine.for %j = %c to 10 {\n  }\n}", ""},
		{"pure op of symbols", "affine.for %i = 0 to 10 {\n  %s = arith.addi %n, %n : index\n  affine.for %j = %s to 10 {\n  }\n}", ""},
		{"apply of iv as dim", "affine.for %i = 0 to 10 {\n  %x = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)\n  affine.if affine_set<(d0) : (d0 >= 0)>(%x) {\n  }\n}", ""},
		{"apply of iv as symbol", "affine.for %i = 0 to 10 {\n  %x = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)\n  affine.if affine_set<()[s0] : (s0 >= 0)>()[%x] {\n  }\n}",
			"'affine.if' op operand cannot be used as a symbol"},
		{"apply with dim as symbol", "affine.for %i = 0 to 10 {\n  %x = affine.apply affine_map<()[s0] -> (s0)>()[%i]\n}",
			"dimensional operand cannot be used as a symbol"},
		{"non-index operand", "%c = arith.constant 1 : i32\n\"affine.if\"(%c) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({\n  affine.yield\n}, {\n}) : (i32) -> ()",
			"'affine.if' op operand cannot be used as a dimension id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "func.func @f(%n: index) {\n" + tt.body + "\nreturn\n}\n"
			_, got := parseAndVerify(t, src)
			if tt.wantErr == "" && got != "" || !strings.Contains(got, tt.wantErr) {
				t.Errorf("error = %q, want %q", got, tt.wantErr)
			}
		})
	}
}

// TestFold checks the folders of affine.apply, affine.min and affine.max
// on constant operands.
func TestFold(t *testing.T) {
	tests := []struct {
		name, op string
		operands []int64
		want     int64
	}{
		{"apply", "%r = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0)>(%a)[%b]", []int64{3, 5}, 17},
		{"apply floordiv", "%r = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%a)", []int64{-7}, -2},
		{"min", "%r = affine.min affine_map<(d0, d1) -> (d0, d1 - 1, 8)>(%a, %b)", []int64{9, 5}, 4},
		{"max", "%r = affine.max affine_map<(d0)[s0] -> (d0, s0 mod 3)>(%a)[%b]", []int64{-1, 5}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "func.func @f(%a: index, %b: index) -> index {\n" + tt.op + "\nreturn %r : index\n}\n"
			m, errText := parseAndVerify(t, src)
			if errText != "" {
				t.Fatal(errText)
			}
			var op *ir.Operation
			m.Walk(ir.PreOrder, func(o *ir.Operation) bool {
				if strings.HasPrefix(o.Name(), "affine.") {
					op = o
				}
				return true
			})
			ctx := m.Context()
			consts := make([]ir.Attribute, len(tt.operands))
			for i, v := range tt.operands {
				consts[i] = ctx.IntegerAttr(ctx.IndexType(), v)
			}
			res, ok := op.Def().Fold(op, consts)
			if !ok || len(res) != 1 {
				t.Fatalf("fold = %v, %v", res, ok)
			}
			ia, isInt := res[0].Attr.(*ir.IntegerAttr)
			if !isInt {
				t.Fatalf("fold result %v is not an integer", res[0])
			}
			if diff := cmp.Diff(tt.want, ia.Int64()); diff != "" {
				t.Errorf("fold (-want +got):\n%s", diff)
			}
		})
	}
}
