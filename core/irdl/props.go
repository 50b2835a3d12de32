package irdl

import (
	"errors"
	"fmt"
	"sort"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// The names of the segment sizes properties, and the spellings of them
// that MLIR still accepts when it converts properties.
const (
	operandSegments       = "operandSegmentSizes"
	resultSegments        = "resultSegmentSizes"
	legacyOperandSegments = "operand_segment_sizes"
	legacyResultSegments  = "result_segment_sizes"
)

// hasProperties reports whether the operation has any property: a declared
// one or segment sizes.
func (o *opDef) hasProperties() bool {
	return len(o.props) > 0 || o.segOperands || o.segResults
}

// sortedProps returns the declared properties in the order of the fields
// of the properties struct ODS generates, by name.
func (o *opDef) sortedProps() []*propDef {
	ps := append([]*propDef(nil), o.props...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].name < ps[j].name })
	return ps
}

// isI32Array reports whether a is a DenseI32ArrayAttr.
func isI32Array(a ir.Attribute) (*ir.DenseArrayAttr, bool) {
	da, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	it, ok := da.Elem.(*ir.IntegerType)
	return da, ok && it.Width == 32 && it.Signedness == ir.Signless
}

// segmentsFit reports whether a can be stored as segment sizes of n groups.
func segmentsFit(a ir.Attribute, n int) bool {
	da, ok := isI32Array(a)
	return ok && da.Size == n
}

// inherentAttrFits is OpDef.InherentAttrFits: a declared property fits when
// it has the storage class of its constraint, segment sizes when they are
// an i32 dense array with one entry per group.
func (o *opDef) inherentAttrFits(name string, a ir.Attribute) bool {
	switch {
	case name == operandSegments && o.segOperands:
		return segmentsFit(a, len(o.operands))
	case name == resultSegments && o.segResults:
		return segmentsFit(a, len(o.results))
	}
	if i := o.propIndex(name); i >= 0 {
		if k := o.props[i].c.kind; k != nil {
			return k(a)
		}
	}
	return true
}

// propertiesFromAttr is OpDef.PropertiesFromAttr, in the order of ODS's
// generated setPropertiesFromAttr: the declared properties by name, then
// the operand and the result segment sizes.
func (o *opDef) propertiesFromAttr(ctx *ir.Context, attr ir.Attribute) (ir.Attribute, error) {
	if !o.hasProperties() {
		return nil, errors.New("this operation does not support properties")
	}
	dict, ok := attr.(*ir.DictionaryAttr)
	if !ok {
		return nil, errors.New("expected DictionaryAttr to set properties")
	}
	var out []ir.NamedAttr
	for _, p := range o.sortedProps() {
		a := dict.Get(p.name)
		if a == nil {
			continue
		}
		if p.c.kind != nil && !p.c.kind(a) {
			return nil, errors.New("Invalid attribute `" + p.name + "` in property conversion: " + asm.AttrString(a))
		}
		out = append(out, ir.NamedAttr{Name: p.name, Value: a})
	}
	segs := []struct {
		on           bool
		name, legacy string
		n            int
	}{
		{o.segOperands, operandSegments, legacyOperandSegments, len(o.operands)},
		{o.segResults, resultSegments, legacyResultSegments, len(o.results)},
	}
	for _, s := range segs {
		if !s.on {
			continue
		}
		a := dict.Get(s.name)
		if a == nil {
			a = dict.Get(s.legacy)
		}
		if a == nil {
			continue
		}
		da, ok := isI32Array(a)
		if !ok {
			return nil, errors.New("expected DenseI32ArrayAttr for key `value`")
		}
		if da.Size != s.n {
			return nil, fmt.Errorf("size mismatch in attribute conversion: %d vs %d", da.Size, s.n)
		}
		out = append(out, ir.NamedAttr{Name: s.name, Value: a})
	}
	if len(out) == 0 {
		return nil, nil
	}
	return ctx.DictionaryAttr(out), nil
}
