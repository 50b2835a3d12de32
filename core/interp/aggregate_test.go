package interp_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

func TestMemRefViews(t *testing.T) {
	ctx := ir.NewContext()
	i64 := ctx.I(64)
	m := interp.NewMemRef(i64, []int64{3, 4})
	for i := range m.Buf.Data {
		m.Buf.Data[i] = uint64(i)
	}
	tests := []struct {
		name string
		view *interp.MemRef
		want []uint64
		err  bool
	}{
		{"identity", m, []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, false},
		{"column", &interp.MemRef{Buf: m.Buf, Offset: 2, Sizes: []int64{3}, Strides: []int64{4}}, []uint64{2, 6, 10}, false},
		{"transpose", &interp.MemRef{Buf: m.Buf, Sizes: []int64{4, 3}, Strides: []int64{1, 4}}, []uint64{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}, false},
		{"reversed", &interp.MemRef{Buf: m.Buf, Offset: 11, Sizes: []int64{3}, Strides: []int64{-5}}, []uint64{11, 6, 1}, false},
		{"broadcast", &interp.MemRef{Buf: m.Buf, Offset: 1, Sizes: []int64{2, 2}, Strides: []int64{0, 1}}, []uint64{1, 2, 1, 2}, false},
		{"outside", &interp.MemRef{Buf: m.Buf, Offset: 10, Sizes: []int64{3}, Strides: []int64{1}}, nil, true},
	}
	for _, tc := range tests {
		err := tc.view.Check()
		if (err != nil) != tc.err {
			t.Errorf("%s: Check() = %v", tc.name, err)
			continue
		}
		if err != nil {
			continue
		}
		if d := cmp.Diff(tc.want, tc.view.Load()); d != "" {
			t.Errorf("%s: Load (-want +got):\n%s", tc.name, d)
		}
	}
	if _, err := m.Index([]int64{2, 4}); err == nil {
		t.Error("Index out of bounds: no error")
	}
	if p, err := m.Index([]int64{2, 3}); err != nil || p != 11 {
		t.Errorf("Index = %d, %v", p, err)
	}
	m.Buf.Freed = true
	if _, err := m.Index([]int64{0, 0}); err == nil {
		t.Error("Index after dealloc: no error")
	}
}

func TestIntegersAndFloats(t *testing.T) {
	ctx := ir.NewContext()
	tests := []struct {
		v    interp.Value
		i    int64
		u    uint64
		name string
	}{
		{interp.MakeInt(ctx.I(1), 1), -1, 1, "i1"},
		{interp.MakeInt(ctx.I(7), 0x7f), -1, 0x7f, "i7"},
		{interp.MakeInt(ctx.I(8), 300), 44, 44, "i8 wraps"},
		{interp.MakeInt(ctx.I(33), 1<<32), -(1 << 32), 1 << 32, "i33"},
		{interp.MakeInt(ctx.IndexType(), ^uint64(0)), -1, ^uint64(0), "index"},
	}
	for _, tc := range tests {
		if tc.v.Int() != tc.i || tc.v.Uint() != tc.u {
			t.Errorf("%s: Int %d Uint %d, want %d %d", tc.name, tc.v.Int(), tc.v.Uint(), tc.i, tc.u)
		}
	}
	floats := []struct {
		kind ir.FloatKind
		in   float64
		want float64
	}{
		{ir.F16, 0.1, 0.0999755859375},
		{ir.BF16, 0.1, 0.10009765625},
		{ir.F8E4M3FN, 400, 384},
		{ir.F8E5M2, 0.3, 0.3125},
		{ir.F32, 0.1, float64(float32(0.1))},
	}
	for _, tc := range floats {
		if got := interp.MakeFloat(ctx.FloatType(tc.kind), tc.in).Float(); got != tc.want {
			t.Errorf("%s(%v) = %v, want %v", tc.kind, tc.in, got, tc.want)
		}
	}
}
