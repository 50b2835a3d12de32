package expandstrided

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/core/ir"
)

func TestKeptDims(t *testing.T) {
	d := ir.Dynamic
	for _, tc := range []struct {
		sizes, result []int64
		kept          []bool
		ok            bool
	}{
		{[]int64{2, 3}, []int64{2, 3}, []bool{true, true}, true},
		{[]int64{1, 6}, []int64{6}, []bool{false, true}, true},
		{[]int64{3, 1}, []int64{3}, []bool{true, false}, true},
		{[]int64{1, 1, 4}, []int64{1, 4}, []bool{false, true, true}, true},
		{[]int64{d, 1, d}, []int64{d, d}, []bool{true, false, true}, true},
		{[]int64{2, 3}, []int64{6}, nil, false},
		{[]int64{2, 3}, []int64{2}, nil, false},
	} {
		kept, ok := keptDims(tc.sizes, tc.result)
		if ok != tc.ok || (ok && !cmp.Equal(kept, tc.kept)) {
			t.Errorf("keptDims(%v, %v) = %v, %v; want %v, %v", tc.sizes, tc.result, kept, ok, tc.kept, tc.ok)
		}
	}
}
