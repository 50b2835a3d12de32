package interp

import (
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// enumCases caches EnumCase per attribute (attributes are interned).
var enumCases sync.Map

// EnumCase returns the case of an enum attribute, the last word of its
// spelling: "x" for #gpu<dim x>, "bfly" for #nvvm<shfl_kind bfly>, "add"
// for #gpu<all_reduce_op add>; "" for nil.
func EnumCase(a ir.Attribute) string {
	if a == nil {
		return ""
	}
	if v, ok := enumCases.Load(a); ok {
		return v.(string)
	}
	s := asm.AttrString(a)
	if i, j := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>'); i >= 0 && j > i {
		s = s[i+1 : j]
	}
	f := strings.Fields(s)
	v := ""
	if len(f) > 0 {
		v = f[len(f)-1]
	}
	enumCases.Store(a, v)
	return v
}
