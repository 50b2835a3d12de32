package llvmir_test

import (
	"strings"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/llvmir"
)

// testIntr translates the operations of the dialect testintr, which
// stands for a dialect of intrinsics defined outside this package:
// testintr.fma becomes a call of llvm.fma, testintr.double an add.
type testIntr struct{}

func (testIntr) ConvertOperation(op *sir.Operation, b *ir.Block, mt *llvmir.ModuleTranslation) error {
	ops, err := mt.LookupOperands(op)
	if err != nil {
		return err
	}
	switch op.Name() {
	case "testintr.fma":
		f := mt.OverloadedIntrinsic("fma", types.Float, []types.Type{types.Float, types.Float, types.Float})
		mt.MapValue(op.Result(0), b.NewCall(f, ops...))
	case "testintr.double":
		mt.MapValue(op.Result(0), b.NewAdd(ops[0], ops[0]))
	default:
		return sir.NewError(op.Loc(), "testintr: cannot translate "+op.Name())
	}
	return nil
}

func init() { llvmir.RegisterDialectTranslation("testintr", testIntr{}) }

// TestDialectTranslation translates operations of a dialect whose
// translation is registered from outside the package, next to llvm
// dialect operations; an operation the translation rejects and one of a
// dialect without a translation are located errors.
func TestDialectTranslation(t *testing.T) {
	tests := []struct {
		name, body string
		want, err  []string
	}{
		{"ok", `%0 = "testintr.fma"(%a, %b, %a) : (f32, f32, f32) -> f32
    %1 = "testintr.double"(%n) : (i32) -> i32
    %2 = llvm.fadd %0, %0 : f32
    llvm.return %2 : f32`,
			[]string{"%4 = call float @llvm.fma.f32(float %0, float %1, float %0)", "%5 = add i32 %2, %2", "%6 = fadd float %4, %4", "declare float @llvm.fma.f32(float %0, float %1, float %2)"}, nil},
		{"rejected", `%0 = "testintr.other"(%a) : (f32) -> f32
    llvm.return %0 : f32`, nil, []string{"rejected:3:10: error: testintr: cannot translate testintr.other"}},
		{"no-translation", `%0 = "nodialect.op"(%a) : (f32) -> f32
    llvm.return %0 : f32`, nil, []string{"no-translation:3:10: error: unsupported operation 'nodialect.op' in LLVM IR translation"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := sir.NewContext()
			all.Register(ctx)
			ctx.AllowUnregisteredDialects = true
			src := "module {\n  llvm.func @f(%a: f32, %b: f32, %n: i32) -> f32 {\n    " + tc.body + "\n  }\n}\n"
			mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: tc.name})
			if err != nil {
				t.Fatal(err)
			}
			text, err := llvmir.Translate(mod)
			if tc.err != nil {
				if err == nil {
					t.Fatalf("no error; output:\n%s", text)
				}
				for _, w := range tc.err {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not contain %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("missing %q in:\n%s", w, text)
				}
			}
		})
	}
}
