package linalg

import (
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
)

// convOp describes a named operation by the maps of its operands over
// loops, each written as space-separated results: "N" is dN, "N+M" is
// dN + dM, and "N*M" the window dN * stride + dM * dilation of the next
// spatial dimension (strides and dilations have spatial entries, 1 where
// absent); an empty string is the map of a scalar. The loops that the
// output's map uses are parallel, the others reductions, as in upstream's
// OpDSL definitions.
func convOp(name string, spatial, loops int, body func(h *regionBuilder, args []ir.Value, _ opAttrs) []ir.Value, maps ...string) *namedOp {
	specs := make([][]string, len(maps))
	for i, m := range maps {
		specs[i] = strings.Fields(m)
	}
	n := &namedOp{name: name, numArgs: len(maps), memoize: true, body: body}
	n.maps = func(op *ir.Operation) []affine.Map {
		var s, dl []int64
		if spatial > 0 {
			s, dl = convParams(op, spatial)
		}
		out := make([]affine.Map, len(specs))
		for i, spec := range specs {
			var res []affine.Expr
			k := 0
			for _, tok := range spec {
				if a, b, ok := strings.Cut(tok, "*"); ok {
					res = append(res, window(atoi(a), atoi(b), s[k], dl[k]))
					k++
				} else if a, b, ok := strings.Cut(tok, "+"); ok {
					res = append(res, affine.Add(d(atoi(a)), d(atoi(b))))
				} else {
					res = append(res, d(atoi(tok)))
				}
			}
			out[i] = affine.NewMap(loops, 0, res...)
		}
		return out
	}
	n.iters = make([]IteratorType, loops)
	for i := range n.iters {
		n.iters[i] = red
	}
	for _, tok := range specs[len(specs)-1] {
		n.iters[atoi(tok)] = par
	}
	return n
}

func atoi(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		panic("linalg: bad map specification " + s)
	}
	return v
}

// convNamedOps are the matrix products on packed layouts, the quantized
// matrix products and the convolutions and poolings beyond those of
// named.go.
func convNamedOps() []*namedOp {
	maxU := poolBodyCast(BinaryFnMaxUnsigned, TypeFnCastUnsigned)
	minU := poolBodyCast(BinaryFnMinUnsigned, TypeFnCastUnsigned)
	return []*namedOp{
		convOp("mmt4d", 0, 6, mulAcc, "0 2 3 5", "1 2 4 5", "0 1 3 4"),
		convOp("batch_mmt4d", 0, 7, mulAcc, "0 1 3 4 6", "0 2 3 5 6", "0 1 2 4 5"),
		convOp("quantized_matmul", 0, 3, mulAccQ, "0 2", "2 1", "", "", "0 1"),
		convOp("quantized_batch_matmul", 0, 4, mulAccQ, "0 1 3", "0 3 2", "", "", "0 1 2"),
		convOp("conv_1d", 0, 2, mulAcc, "0+1", "1", "0"),
		convOp("conv_2d", 0, 4, mulAcc, "0+2 1+3", "2 3", "0 1"),
		convOp("conv_3d", 0, 6, mulAcc, "0+3 1+4 2+5", "3 4 5", "0 1 2"),
		convOp("conv_1d_ncw_fcw", 1, 5, mulAcc, "0 3 2*4", "1 3 4", "0 1 2"),
		convOp("conv_2d_nhwc_fhwc_q", 2, 7, mulAccQ, "0 1*4 2*5 6", "3 4 5 6", "", "", "0 1 2 3"),
		convOp("conv_2d_nhwgc_gfhwc", 2, 8, mulAcc, "0 1*5 2*6 3 7", "3 4 5 6 7", "0 1 2 3 4"),
		convOp("conv_2d_nhwgc_gfhwc_q", 2, 8, mulAccQ, "0 1*5 2*6 3 7", "3 4 5 6 7", "", "", "0 1 2 3 4"),
		convOp("conv_2d_ngchw_fgchw", 2, 8, mulAcc, "0 1 5 3*6 4*7", "2 1 5 6 7", "0 1 2 3 4"),
		convOp("conv_2d_ngchw_gfchw", 2, 8, mulAcc, "0 1 5 3*6 4*7", "1 2 5 6 7", "0 1 2 3 4"),
		convOp("conv_2d_ngchw_gfchw_q", 2, 8, mulAccQ, "0 1 5 3*6 4*7", "1 2 5 6 7", "", "", "0 1 2 3 4"),
		convOp("conv_3d_ndhwc_dhwcf_q", 3, 9, mulAccQ, "0 1*5 2*6 3*7 8", "5 6 7 8 4", "", "", "0 1 2 3 4"),
		convOp("conv_3d_ncdhw_fcdhw", 3, 9, mulAcc, "0 5 2*6 3*7 4*8", "1 5 6 7 8", "0 1 2 3 4"),
		convOp("depthwise_conv_1d_ncw_cw", 1, 4, mulAcc, "0 2 1*3", "2 3", "0 2 1"),
		convOp("depthwise_conv_1d_nwc_wcm", 1, 5, mulAcc, "0 1*4 2", "4 2 3", "0 1 2 3"),
		convOp("depthwise_conv_2d_nhwc_hwc_q", 2, 6, mulAccQ, "0 1*4 2*5 3", "4 5 3", "", "", "0 1 2 3"),
		convOp("depthwise_conv_2d_nhwc_hwcm", 2, 7, mulAcc, "0 1*5 2*6 3", "5 6 3 4", "0 1 2 3 4"),
		convOp("depthwise_conv_2d_nhwc_hwcm_q", 2, 7, mulAccQ, "0 1*5 2*6 3", "5 6 3 4", "", "", "0 1 2 3 4"),
		convOp("depthwise_conv_3d_ndhwc_dhwc", 3, 8, mulAcc, "0 1*4 2*5 3*6 7", "4 5 6 7", "0 1 2 3 7"),
		convOp("depthwise_conv_3d_ncdhw_cdhw", 3, 8, mulAcc, "0 7 1*4 2*5 3*6", "7 4 5 6", "0 7 1 2 3"),
		convOp("depthwise_conv_3d_ndhwc_dhwcm", 3, 9, mulAcc, "0 1*5 2*6 3*7 8", "5 6 7 8 4", "0 1 2 3 8 4"),
		convOp("pooling_nhwc_max_unsigned", 2, 6, maxU, "0 1*4 2*5 3", "4 5", "0 1 2 3"),
		convOp("pooling_nhwc_min_unsigned", 2, 6, minU, "0 1*4 2*5 3", "4 5", "0 1 2 3"),
		convOp("pooling_nwc_sum", 1, 4, poolBody(BinaryFnAdd), "0 1*3 2", "3", "0 1 2"),
		convOp("pooling_nwc_max", 1, 4, poolBody(BinaryFnMaxSigned), "0 1*3 2", "3", "0 1 2"),
		convOp("pooling_nwc_min", 1, 4, poolBody(BinaryFnMinSigned), "0 1*3 2", "3", "0 1 2"),
		convOp("pooling_nwc_max_unsigned", 1, 4, maxU, "0 1*3 2", "3", "0 1 2"),
		convOp("pooling_nwc_min_unsigned", 1, 4, minU, "0 1*3 2", "3", "0 1 2"),
		convOp("pooling_ncw_sum", 1, 4, poolBody(BinaryFnAdd), "0 1 2*3", "3", "0 1 2"),
		convOp("pooling_ncw_max", 1, 4, poolBody(BinaryFnMaxSigned), "0 1 2*3", "3", "0 1 2"),
		convOp("pooling_ndhwc_sum", 3, 8, poolBody(BinaryFnAdd), "0 1*5 2*6 3*7 4", "5 6 7", "0 1 2 3 4"),
		convOp("pooling_ndhwc_max", 3, 8, poolBody(BinaryFnMaxSigned), "0 1*5 2*6 3*7 4", "5 6 7", "0 1 2 3 4"),
		convOp("pooling_ndhwc_min", 3, 8, poolBody(BinaryFnMinSigned), "0 1*5 2*6 3*7 4", "5 6 7", "0 1 2 3 4"),
	}
}
