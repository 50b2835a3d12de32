package arith_test

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
)

func TestConversionOpName(t *testing.T) {
	ctx := ir.NewContext()
	i8, i32, idx := ctx.I(8), ctx.I(32), ctx.IndexType()
	f16, bf16, f32 := ctx.FloatType(ir.F16), ctx.FloatType(ir.BF16), ctx.FloatType(ir.F32)
	for _, tc := range []struct {
		from, to ir.Type
		unsigned bool
		want     string
	}{
		{f16, f32, false, arith.ExtfOpName},
		{f32, bf16, false, arith.TruncfOpName},
		{f16, bf16, false, ""},
		{f32, i32, false, arith.FptosiOpName},
		{f32, i8, true, arith.FptouiOpName},
		{i32, f32, false, arith.SitofpOpName},
		{i8, f16, true, arith.UitofpOpName},
		{i8, i32, false, arith.ExtsiOpName},
		{i8, i32, true, arith.ExtuiOpName},
		{i32, i8, true, arith.TrunciOpName},
		{i32, i32, false, ""},
		{idx, i32, false, arith.IndexCastOpName},
		{idx, f32, false, ""},
	} {
		if got := arith.ConversionOpName(tc.from, tc.to, tc.unsigned); got != tc.want {
			t.Errorf("ConversionOpName(%v, %v, %v) = %q, want %q", tc.from, tc.to, tc.unsigned, got, tc.want)
		}
	}
}
