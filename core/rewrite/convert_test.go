package rewrite_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
)

// widen rewrites "src.add" on i32 into "dst.add" on i64.
var widen = &rewrite.ConversionFunc{RootName: "src.add", BenefitValue: 1, PatternName: "widen-add",
	Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
		i64 := r.Ctx.I(64)
		n := r.CreateOp("dst.add", operands, []ir.Type{i64})
		r.ReplaceOp(op, n.Results())
		return true
	}}

func convert(t *testing.T, src string, full bool, patterns ...rewrite.ConversionPattern) (string, error) {
	t.Helper()
	ctx := newContext()
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("dst", "builtin")
	target.AddIllegalDialect("src")
	tc := &rewrite.TypeConverter{}
	tc.AddConversion(func(ty ir.Type) ir.Type {
		if it, ok := ty.(*ir.IntegerType); ok && it.Width == 32 {
			return ctx.I(64)
		}
		return nil
	})
	cerr := rewrite.ApplyConversion(ctx, mod, target, patterns, rewrite.ConversionConfig{Full: full, TypeConverter: tc})
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("IR invalid after conversion: %v", err)
	}
	var buf bytes.Buffer
	asm.Print(&buf, mod, asm.PrintOptions{Generic: true})
	return strings.TrimRight(buf.String(), "\n"), cerr
}

func TestConversion(t *testing.T) {
	src := `%a = "t.arg"() : () -> i32
%b = "src.add"(%a, %a) : (i32, i32) -> i32
"t.use"(%b) : (i32) -> ()`
	got, err := convert(t, src, false, widen)
	if err != nil {
		t.Fatal(err)
	}
	want := `"builtin.module"() ({
  %0 = "t.arg"() : () -> i32
  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
  %2 = "dst.add"(%1, %1) : (i64, i64) -> i64
  %3 = "builtin.unrealized_conversion_cast"(%2) : (i64) -> i32
  "t.use"(%3) : (i32) -> ()
}) : () -> ()`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestConversionFailureRollsBack(t *testing.T) {
	src := `%a = "t.arg"() : () -> i32
%b = "src.add"(%a, %a) : (i32, i32) -> i32
%c = "src.mul"(%b, %b) : (i32, i32) -> i32
"t.use"(%c) : (i32) -> ()`
	got, err := convert(t, src, false, widen)
	if err == nil || !strings.Contains(err.Error(), "failed to legalize operation 'src.mul' that was explicitly marked illegal") {
		t.Fatalf("error = %v", err)
	}
	if !strings.Contains(got, `"src.add"`) || strings.Contains(got, `"dst.add"`) {
		t.Errorf("IR not restored:\n%s", got)
	}
	// A full conversion also rejects unknown operations.
	_, err = convert(t, `"t.unknown"() : () -> ()`, true)
	if err == nil || !strings.Contains(err.Error(), "failed to legalize operation 't.unknown'") {
		t.Fatalf("full conversion error = %v", err)
	}
}
