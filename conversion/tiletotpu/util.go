package tiletotpu

import (
	"math"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

func nanOf() float64          { return math.NaN() }
func infOf(s float64) float64 { return math.Inf(int(s)) }

func minInt(t ir.Type) int64 {
	w := ir.IntOrFloatBitWidth(t)
	if w >= 64 {
		return math.MinInt64
	}
	return -(int64(1) << (w - 1))
}

func maxInt(t ir.Type) int64 {
	w := ir.IntOrFloatBitWidth(t)
	if w >= 64 {
		return math.MaxInt64
	}
	return int64(1)<<(w-1) - 1
}

func parseScalar(ctx *ir.Context, text string, t ir.Type) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, text+" : "+ir.TypeString(t), nil)
}
