package runner_test

import (
	"bufio"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/runner"
)

func TestFormatG(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0.1, "0.1"}, {1.5e-7, "1.5e-07"}, {123456789, "1.23457e+08"}, {100000, "100000"},
		{1e6, "1e+06"}, {math.Copysign(0, -1), "-0"}, {3e100, "3e+100"}, {math.Inf(1), "inf"}, {math.Inf(-1), "-inf"},
		{math.NaN(), "nan"}, {math.Float64frombits(0xfff8000000000000), "-nan"}, {2.5, "2.5"},
	}
	for _, tc := range tests {
		if got := runner.FormatG(tc.in); got != tc.want {
			t.Errorf("FormatG(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriteMemref pins the layout of printMemref's output.
func TestWriteMemref(t *testing.T) {
	ctx := ir.NewContext()
	i32 := ctx.I(32)
	m := interp.NewMemRef(i32, []int64{2, 2, 3})
	for i := range m.Buf.Data {
		m.Buf.Data[i] = interp.MakeInt(i32, uint64(i)).Bits()
	}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	runner.WriteMemref(w, m)
	w.Flush()
	want := "rank = 3 offset = 0 sizes = [2, 2, 3] strides = [6, 3, 1] data = \n" +
		"[[[0,    1,    2], \n" +
		"  [3,    4,    5]], \n" +
		" [[6,    7,    8], \n" +
		"  [9,    10,    11]]]\n"
	got := b.String()[strings.Index(b.String(), " rank")+1:]
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// A strided view of one column.
	v := &interp.MemRef{Buf: m.Buf, Offset: 1, Sizes: []int64{4}, Strides: []int64{3}}
	b.Reset()
	runner.WriteMemref(w, v)
	w.Flush()
	if !strings.HasSuffix(b.String(), "rank = 1 offset = 1 sizes = [4] strides = [3] data = \n[1,  4,  7,  10]\n") {
		t.Errorf("got %q", b.String())
	}
}
