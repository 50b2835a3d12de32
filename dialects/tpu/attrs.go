package tpu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// DotDimensionNumbersAttr is #tpu.dot_dimension_numbers<[lc], [rc], [lnc],
// [rnc], [out], [lb], [rb]>: the contracting, non-contracting and batch
// dimensions of a tpu.matmul's operands, and the order of the result's
// dimensions as (operand, dimension) pairs, operand 0 being the left
// input and 1 the right.
type DotDimensionNumbersAttr struct {
	ir.AttrStorage
	LhsContracting, RhsContracting       []int64
	LhsNonContracting, RhsNonContracting []int64
	OutputDimOrder                       []int64
	LhsBatch, RhsBatch                   []int64
	body                                 string
}

// DialectName returns "tpu".
func (*DotDimensionNumbersAttr) DialectName() string { return "tpu" }

// Body returns `dot_dimension_numbers<...>`.
func (a *DotDimensionNumbersAttr) Body() string { return a.body }

// GetDotDimensionNumbers returns the interned attribute with these lists.
func GetDotDimensionNumbers(ctx *ir.Context, lc, rc, lnc, rnc, out, lb, rb []int64) *DotDimensionNumbersAttr {
	parts := make([]string, 0, 7)
	for _, l := range [][]int64{lc, rc, lnc, rnc, out, lb, rb} {
		s := make([]string, len(l))
		for i, v := range l {
			s[i] = strconv.FormatInt(v, 10)
		}
		parts = append(parts, "["+strings.Join(s, ", ")+"]")
	}
	body := "dot_dimension_numbers<" + strings.Join(parts, ", ") + ">"
	return ir.InternAttr(ctx, "tpu."+body, func(id uint64) *DotDimensionNumbersAttr {
		return &DotDimensionNumbersAttr{AttrStorage: ir.NewAttrStorage(id), LhsContracting: lc, RhsContracting: rc,
			LhsNonContracting: lnc, RhsNonContracting: rnc, OutputDimOrder: out, LhsBatch: lb, RhsBatch: rb, body: body}
	})
}

// MatmulDimensionNumbers returns the numbers of a plain 2-D product: the
// left input's dimension 1 against the right's dimension 0 (or its
// dimension 1 when transposeRHS), the result (lhs 0, rhs 1 or 0).
func MatmulDimensionNumbers(ctx *ir.Context, transposeRHS bool) *DotDimensionNumbersAttr {
	if transposeRHS {
		return GetDotDimensionNumbers(ctx, []int64{1}, []int64{1}, []int64{0}, []int64{0}, []int64{0, 0, 1, 0}, nil, nil)
	}
	return GetDotDimensionNumbers(ctx, []int64{1}, []int64{0}, []int64{0}, []int64{1}, []int64{0, 0, 1, 1}, nil, nil)
}

// parseDotDimensionNumbers reads `<[..], [..], [..], [..], [..], [..], [..]>`.
func parseDotDimensionNumbers(ctx *ir.Context, s string) (ir.Attribute, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "<") || !strings.HasSuffix(s, ">") {
		return nil, fmt.Errorf("expected '<' and '>' around the parameters of #tpu.dot_dimension_numbers")
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	var lists [][]int64
	for s != "" {
		if !strings.HasPrefix(s, "[") {
			return nil, fmt.Errorf("expected '[' in #tpu.dot_dimension_numbers")
		}
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return nil, fmt.Errorf("expected ']' in #tpu.dot_dimension_numbers")
		}
		var l []int64
		for _, f := range strings.Split(s[1:end], ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("expected an integer in #tpu.dot_dimension_numbers, got %q", f)
			}
			l = append(l, v)
		}
		lists = append(lists, l)
		s = strings.TrimSpace(s[end+1:])
		if rest, ok := strings.CutPrefix(s, ","); ok {
			s = strings.TrimSpace(rest)
			if s == "" {
				return nil, fmt.Errorf("expected a list after ',' in #tpu.dot_dimension_numbers")
			}
		} else if s != "" {
			return nil, fmt.Errorf("expected ',' between the lists of #tpu.dot_dimension_numbers")
		}
	}
	if len(lists) != 7 {
		return nil, fmt.Errorf("#tpu.dot_dimension_numbers takes 7 lists, got %d", len(lists))
	}
	if len(lists[4])%2 != 0 {
		return nil, fmt.Errorf("the output dimension order of #tpu.dot_dimension_numbers must list (operand, dimension) pairs")
	}
	return GetDotDimensionNumbers(ctx, lists[0], lists[1], lists[2], lists[3], lists[4], lists[5], lists[6]), nil
}
