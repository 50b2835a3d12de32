package linalg

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	dlinalg "github.com/strata-ir/strata/dialects/linalg"
)

// winogradMatrices are the constant matrices of the minimal filtering
// algorithm F(m x m, r x r) (Lavin and Gray), as upstream's
// decomposition of the winograd operations defines them (its own choice
// of signs and scales): G (alpha x r) transforms the filter, BT (alpha x
// alpha) the input, AT (m x alpha) the product back, with alpha = m + r -
// 1. The right-hand matrices are their transposes. Entries are f32
// values (as upstream's tables are), and AT's scale is multiplied back
// in after the output transform.
type winogradMatrices struct {
	m, r      int
	g, bt, at [][]float64
	scale     float64
}

func f32s(rows ...[]float64) [][]float64 {
	for _, r := range rows {
		for i, x := range r {
			r[i] = float64(float32(x))
		}
	}
	return rows
}

var winograd = map[dlinalg.WinogradConv2DFmr]*winogradMatrices{
	dlinalg.WinogradConv2DFmrF23: {m: 2, r: 3, scale: 1,
		g: f32s(
			[]float64{-1, 0, 0},
			[]float64{1. / 2, -1. / 2, 1. / 2},
			[]float64{1. / 2, 1. / 2, 1. / 2},
			[]float64{0, 0, 1}),
		bt: f32s(
			[]float64{-1, 0, 1, 0},
			[]float64{0, -1, 1, 0},
			[]float64{0, 1, 1, 0},
			[]float64{0, -1, 0, 1}),
		at: f32s(
			[]float64{1, 1, 1, 0},
			[]float64{0, -1, 1, 1}),
	},
	dlinalg.WinogradConv2DFmrF43: {m: 4, r: 3, scale: 32,
		g: f32s(
			[]float64{1, 0, 0},
			[]float64{-1. / 3, 1. / 3, -1. / 3},
			[]float64{-1. / 3, -1. / 3, -1. / 3},
			[]float64{1. / 12, -1. / 6, 1. / 3},
			[]float64{1. / 12, 1. / 6, 1. / 3},
			[]float64{0, 0, 1}),
		bt: f32s(
			[]float64{1. / 4, 0, -5. / 16, 0, 1. / 16, 0},
			[]float64{0, 1. / 4, -1. / 4, -1. / 16, 1. / 16, 0},
			[]float64{0, -1. / 4, -1. / 4, 1. / 16, 1. / 16, 0},
			[]float64{0, 1. / 4, -1. / 8, -1. / 4, 1. / 8, 0},
			[]float64{0, -1. / 4, -1. / 8, 1. / 4, 1. / 8, 0},
			[]float64{0, 1. / 4, 0, -5. / 16, 0, 1. / 16}),
		at: f32s(
			[]float64{1. / 8, 1. / 4, 1. / 4, 1. / 8, 1. / 8, 0},
			[]float64{0, -1. / 4, 1. / 4, -1. / 4, 1. / 4, 0},
			[]float64{0, 1. / 4, 1. / 4, 1. / 2, 1. / 2, 0},
			[]float64{0, -1. / 4, 1. / 4, -1, 1, 1. / 2}),
	},
	dlinalg.WinogradConv2DFmrF25: {m: 2, r: 5, scale: 16,
		g: f32s(
			[]float64{1, 0, 0, 0, 0},
			[]float64{1. / 6, -1. / 6, 1. / 6, -1. / 6, 1. / 6},
			[]float64{-1. / 6, -1. / 6, -1. / 6, -1. / 6, -1. / 6},
			[]float64{-4. / 15, 2. / 15, -1. / 15, 1. / 30, -1. / 60},
			[]float64{1. / 60, 1. / 30, 1. / 15, 2. / 15, 4. / 15},
			[]float64{0, 0, 0, 0, 1}),
		bt: f32s(
			[]float64{1. / 8, 3. / 16, -1. / 4, -3. / 16, 1. / 8, 0},
			[]float64{0, 1. / 8, 1. / 16, -5. / 16, 1. / 8, 0},
			[]float64{0, -1. / 8, -5. / 16, -1. / 16, 1. / 8, 0},
			[]float64{0, 1. / 4, -1. / 8, -1. / 4, 1. / 8, 0},
			[]float64{0, -1. / 8, -1. / 4, 1. / 8, 1. / 4, 0},
			[]float64{0, 1. / 8, 3. / 16, -1. / 4, -3. / 16, 1. / 8}),
		at: f32s(
			[]float64{1. / 2, 1, 1, 2, 1, 0},
			[]float64{0, -1, 1, -1, 2, 1. / 2}),
	},
}

func transposed(a [][]float64) [][]float64 {
	out := make([][]float64, len(a[0]))
	for j := range out {
		out[j] = make([]float64, len(a))
		for i := range a {
			out[j][i] = a[i][j]
		}
	}
	return out
}

// winogradRun holds what one winograd operation computes with: its
// element type, in which every product and sum is rounded, as the
// linalg.matmul operations of upstream's decomposition round them.
type winogradRun struct {
	op *ir.Operation
	et *ir.FloatType
}

func (w winogradRun) round(x float64) float64 { return interp.MakeFloat(w.et, x).Float() }

// constant returns a matrix with its entries in the element type.
func (w winogradRun) constant(a [][]float64) [][]float64 {
	out := make([][]float64, len(a))
	for i, r := range a {
		out[i] = make([]float64, len(r))
		for j, x := range r {
			out[i][j] = w.round(x)
		}
	}
	return out
}

// matmul returns init + a x b, each element accumulated over k in order
// with a rounded product and a rounded sum (linalg.matmul lowered to
// loops); init nil is zero.
func (w winogradRun) matmul(a, b, init [][]float64) [][]float64 {
	out := make([][]float64, len(a))
	for i := range a {
		out[i] = make([]float64, len(b[0]))
		for j := range out[i] {
			acc := 0.0
			if init != nil {
				acc = init[i][j]
			}
			for k := range b {
				acc = w.round(acc + w.round(a[i][k]*b[k][j]))
			}
			out[i][j] = acc
		}
	}
	return out
}

// winogradOperands reads the input and output tensors of a winograd
// operation, its element type and its matrices.
func winogradOperands(f *interp.Frame, op *ir.Operation, in, out ir.Value, fmr dlinalg.WinogradConv2DFmr, inRank, outRank int) (*interp.Dense, *interp.Dense, winogradRun, *winogradMatrices, error) {
	w := winogradRun{op: op}
	iv, err := f.Get(op, in)
	if err != nil {
		return nil, nil, w, nil, err
	}
	ov, err := f.Get(op, out)
	if err != nil {
		return nil, nil, w, nil, err
	}
	a, b := iv.Dense(), ov.Dense()
	if a == nil || b == nil || len(a.Shape) != inRank || len(b.Shape) != outRank {
		return nil, nil, w, nil, interp.Errorf(op, fmt.Sprintf("expected tensors of rank %d and %d", inRank, outRank))
	}
	et, ok := interp.ElementType(ov.Type).(*ir.FloatType)
	if !ok || !interp.SupportedType(et) {
		return nil, nil, w, nil, interp.Errorf(op, "expected tensors of floats")
	}
	w.et = et
	mats, ok := winograd[fmr]
	if !ok {
		return nil, nil, w, nil, interp.Errorf(op, "unknown F(m, r)")
	}
	return a, b, w, mats, nil
}

// winogradFilter is linalg.winograd_filter_transform: for each filter f
// and channel c of the filter (F, H, W, C), G x g x GT of its H x W
// kernel g, stored at (:, :, c, f) of the result (alphaH, alphaW, C, F);
// a dimension of size 1 is not transformed.
func winogradFilter(f *interp.Frame, op *ir.Operation) error {
	o, ok := dlinalg.AsWinogradFilterTransformOp(op)
	if !ok {
		return interp.Errorf(op, "malformed linalg.winograd_filter_transform")
	}
	src, dst, w, mats, err := winogradOperands(f, op, o.Filter(), o.Output(), o.Fmr(), 4, 4)
	if err != nil {
		return err
	}
	nf, h, wd, nc := src.Shape[0], src.Shape[1], src.Shape[2], src.Shape[3]
	left, right := h != 1, wd != 1
	if (left && h != int64(mats.r)) || (right && wd != int64(mats.r)) {
		return interp.Errorf(op, fmt.Sprintf("the filter's %dx%d kernel does not fit F(%d, %d)", h, wd, mats.m, mats.r))
	}
	g := w.constant(mats.g)
	gt := transposed(g)
	out := &interp.Dense{Shape: dst.Shape, Data: append([]uint64(nil), dst.Data...)}
	for fi := int64(0); fi < nf; fi++ {
		for c := int64(0); c < nc; c++ {
			k := make([][]float64, h)
			for i := range k {
				k[i] = make([]float64, wd)
				for j := range k[i] {
					k[i][j] = interp.FromBits(w.et, src.Data[((fi*h+int64(i))*wd+int64(j))*nc+c]).Float()
				}
			}
			if left {
				k = w.matmul(g, k, nil)
			}
			if right {
				k = w.matmul(k, gt, nil)
			}
			if int64(len(k)) != dst.Shape[0] || int64(len(k[0])) != dst.Shape[1] || dst.Shape[2] != nc || dst.Shape[3] != nf {
				return interp.Errorf(op, "the result's shape does not match the filter")
			}
			for i, r := range k {
				for j, x := range r {
					out.Data[((int64(i)*dst.Shape[1]+int64(j))*nc+c)*nf+fi] = interp.MakeFloat(w.et, x).Bits()
				}
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

// winogradInput is linalg.winograd_input_transform: for each tile (th,
// tw), image n and channel c of the input (N, H, W, C), BT x d x B of
// the alphaH x alphaW patch d at (th*m, tw*m), stored at (:, :, th, tw,
// n, c) of the result (alphaH, alphaW, tileH, tileW, N, C); a dimension
// of size 1 is not transformed (its patches are one element apart).
func winogradInput(f *interp.Frame, op *ir.Operation) error {
	o, ok := dlinalg.AsWinogradInputTransformOp(op)
	if !ok {
		return interp.Errorf(op, "malformed linalg.winograd_input_transform")
	}
	src, dst, w, mats, err := winogradOperands(f, op, o.Input(), o.Output(), o.Fmr(), 4, 6)
	if err != nil {
		return err
	}
	n, ih, iw, nc := src.Shape[0], src.Shape[1], src.Shape[2], src.Shape[3]
	ah, aw, th, tw := dst.Shape[0], dst.Shape[1], dst.Shape[2], dst.Shape[3]
	alpha := int64(mats.m + mats.r - 1)
	left, right := ah != 1, aw != 1
	if (left && ah != alpha) || (right && aw != alpha) || dst.Shape[4] != n || dst.Shape[5] != nc {
		return interp.Errorf(op, "the result's shape does not match the input and F(m, r)")
	}
	stepH, stepW := int64(1), int64(1)
	if left {
		stepH = int64(mats.m)
	}
	if right {
		stepW = int64(mats.m)
	}
	bt := w.constant(mats.bt)
	b := transposed(bt)
	out := &interp.Dense{Shape: dst.Shape, Data: append([]uint64(nil), dst.Data...)}
	for ti := int64(0); ti < th; ti++ {
		for tj := int64(0); tj < tw; tj++ {
			if ti*stepH+ah > ih || tj*stepW+aw > iw {
				return interp.Errorf(op, fmt.Sprintf("tile (%d, %d) reads past the input's %dx%d image", ti, tj, ih, iw))
			}
			for ni := int64(0); ni < n; ni++ {
				for c := int64(0); c < nc; c++ {
					d := make([][]float64, ah)
					for i := range d {
						d[i] = make([]float64, aw)
						for j := range d[i] {
							y, x := ti*stepH+int64(i), tj*stepW+int64(j)
							d[i][j] = interp.FromBits(w.et, src.Data[((ni*ih+y)*iw+x)*nc+c]).Float()
						}
					}
					if left {
						d = w.matmul(bt, d, nil)
					}
					if right {
						d = w.matmul(d, b, nil)
					}
					for i, r := range d {
						for j, x := range r {
							q := ((((int64(i)*aw+int64(j))*th+ti)*tw+tj)*n+ni)*nc + c
							out.Data[q] = interp.MakeFloat(w.et, x).Bits()
						}
					}
				}
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}

// winogradOutput is linalg.winograd_output_transform: for each tile (th,
// tw), image n and filter f of the value (alphaH, alphaW, tileH, tileW, N,
// F), AT x v x A of its alphaH x alphaW matrix v, times the matrices'
// scale and added to the output (N, H, W, F) at (th*m, tw*m), in the
// order and with the roundings of upstream's decomposition; a dimension
// of size 1 is not transformed.
func winogradOutput(f *interp.Frame, op *ir.Operation) error {
	o, ok := dlinalg.AsWinogradOutputTransformOp(op)
	if !ok {
		return interp.Errorf(op, "malformed linalg.winograd_output_transform")
	}
	src, dst, w, mats, err := winogradOperands(f, op, o.Value(), o.Output(), o.Fmr(), 6, 4)
	if err != nil {
		return err
	}
	ah, aw, th, tw, n, nf := src.Shape[0], src.Shape[1], src.Shape[2], src.Shape[3], src.Shape[4], src.Shape[5]
	oh, ow := dst.Shape[1], dst.Shape[2]
	alpha := int64(mats.m + mats.r - 1)
	left, right := ah != 1, aw != 1
	if (left && ah != alpha) || (right && aw != alpha) || dst.Shape[0] != n || dst.Shape[3] != nf {
		return interp.Errorf(op, "the value's shape does not match the output and F(m, r)")
	}
	rows, cols := int64(1), int64(1)
	scale := 1.0
	if left {
		rows = int64(mats.m)
		scale *= mats.scale
	}
	if right {
		cols = int64(mats.m)
		scale *= mats.scale
	}
	at := w.constant(mats.at)
	a := transposed(at)
	scaled := scale != 1
	out := &interp.Dense{Shape: dst.Shape, Data: append([]uint64(nil), dst.Data...)}
	for ti := int64(0); ti < th; ti++ {
		for tj := int64(0); tj < tw; tj++ {
			y0, x0 := ti*rows, tj*cols
			if !left {
				y0 = ti
			}
			if !right {
				x0 = tj
			}
			if y0+rows > oh || x0+cols > ow {
				return interp.Errorf(op, fmt.Sprintf("tile (%d, %d) writes past the output's %dx%d image", ti, tj, oh, ow))
			}
			for ni := int64(0); ni < n; ni++ {
				for fi := int64(0); fi < nf; fi++ {
					pos := func(i, j int64) int64 { return ((ni*oh+y0+i)*ow+x0+j)*nf + fi }
					init := make([][]float64, rows)
					for i := range init {
						init[i] = make([]float64, cols)
						for j := range init[i] {
							init[i][j] = interp.FromBits(w.et, out.Data[pos(int64(i), int64(j))]).Float()
						}
					}
					v := make([][]float64, ah)
					for i := range v {
						v[i] = make([]float64, aw)
						for j := range v[i] {
							v[i][j] = interp.FromBits(w.et, src.Data[((((int64(i)*aw+int64(j))*th+ti)*tw+tj)*n+ni)*nf+fi]).Float()
						}
					}
					if left {
						var acc [][]float64
						if !right && !scaled {
							acc = init
						}
						v = w.matmul(at, v, acc)
					}
					if right {
						var acc [][]float64
						if !scaled {
							acc = init
						}
						v = w.matmul(v, a, acc)
					}
					if scaled {
						for i := range v {
							for j := range v[i] {
								v[i][j] = w.round(w.round(scale*v[i][j]) + init[i][j])
							}
						}
					}
					for i, r := range v {
						for j, x := range r {
							out.Data[pos(int64(i), int64(j))] = interp.MakeFloat(w.et, x).Bits()
						}
					}
				}
			}
		}
	}
	f.SetResult(op, 0, interp.MakeDense(op.Result(0).Type(), out))
	return nil
}
