package irdl

import (
	"math/bits"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// valid reports whether v is a case of the enum (for bit enums: a
// combination of cases).
func (e *enumDef) valid(v uint64) bool {
	if !e.bit {
		for _, c := range e.cases {
			if c.value == v {
				return true
			}
		}
		return false
	}
	var all uint64
	for _, c := range e.cases {
		all |= c.value
	}
	return v&^all == 0
}

// stringify returns the textual form of v, as tblgen's stringifyEnum: the
// case name, or for bit enums the zero case, then the multi-bit groups
// fully contained in v, then the single bits, joined by the separator.
func (e *enumDef) stringify(v uint64) string {
	if !e.bit {
		for _, c := range e.cases {
			if c.value == v {
				return c.name
			}
		}
		return ""
	}
	if v == 0 {
		for _, c := range e.cases {
			if c.value == 0 {
				return c.name
			}
		}
		return ""
	}
	var strs []string
	rest := v
	for _, c := range e.cases {
		if c.value != 0 && bits.OnesCount64(c.value) > 1 && rest&c.value == c.value {
			strs = append(strs, c.name)
			rest &^= c.value
		}
	}
	for _, c := range e.cases {
		if bits.OnesCount64(c.value) == 1 && rest&c.value == c.value {
			strs = append(strs, c.name)
		}
	}
	return strings.Join(strs, e.sep)
}

// symbolize maps a case name (or, for bit enums, a list of names joined by
// the separator) to its value.
func (e *enumDef) symbolize(s string) (uint64, bool) {
	if !e.bit {
		for _, c := range e.cases {
			if c.name == s {
				return c.value, true
			}
		}
		return 0, false
	}
	var v uint64
	for _, part := range strings.Split(s, strings.TrimSpace(e.sep)) {
		v1, ok := e.symbolizeOne(strings.TrimSpace(part))
		if !ok {
			return 0, false
		}
		v |= v1
	}
	return v, true
}

func (e *enumDef) symbolizeOne(s string) (uint64, bool) {
	for _, c := range e.cases {
		if c.name == s {
			return c.value, true
		}
	}
	return 0, false
}

func (e *enumDef) caseNames() []string {
	var out []string
	for _, c := range e.cases {
		out = append(out, c.name)
	}
	return out
}

// attrOf returns the attribute holding v: the dialect attribute for `as
// attr` enums, else an IntegerAttr of the storage type.
func (e *enumDef) attrOf(ctx *ir.Context, v uint64) ir.Attribute {
	if e.attr != nil {
		a, _ := buildAttr(ctx, e.attr, []any{v})
		return a
	}
	return ctx.IntegerAttrBits(e.storage, v)
}

// valueOf returns the enum value held by a (see attrOf).
func (e *enumDef) valueOf(a ir.Attribute) (uint64, bool) {
	switch a := a.(type) {
	case *DynAttr:
		if a.def == e.attr && len(a.params) == 1 {
			v, ok := a.params[0].(uint64)
			return v, ok
		}
	case *ir.IntegerAttr:
		if a.Big == nil {
			return a.Lo, true
		}
	}
	return 0, false
}
