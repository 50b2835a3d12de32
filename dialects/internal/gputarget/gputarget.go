// Package gputarget reads and writes the parameters of the GPU target
// attributes (#nvvm.target, #rocdl.target): a struct `<key = value, ...>`
// of an optimization level, strings, flags and libraries to link, with
// upstream's messages for a parameter of the wrong kind.
package gputarget

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// Params are the parameters read; O, Strings and the rest keep the
// defaults they were given where the text does not set them.
type Params struct {
	O       int64
	Strings map[string]string
	Flags   *ir.DictionaryAttr
	Link    *ir.ArrayAttr
}

// Parse reads params, the text after the attribute's mnemonic (empty,
// or `<...>`), into p. attr names the attribute in messages (#nvvm.target)
// and def its definition upstream (NVVM_TargetAttr); the string
// parameters are the keys p.Strings holds.
func Parse(ctx *ir.Context, params, attr, def string, p *Params) error {
	if params == "" {
		return nil
	}
	inner := strings.TrimSpace(params)
	if !strings.HasPrefix(inner, "<") || !strings.HasSuffix(inner, ">") {
		return fmt.Errorf("expected '<' and '>' around the parameters of %s", attr)
	}
	dict, err := asm.ParseAttrString(ctx, "{"+inner[1:len(inner)-1]+"}", nil)
	if err != nil {
		return err
	}
	d, ok := dict.(*ir.DictionaryAttr)
	if !ok {
		return fmt.Errorf("expected the parameters of %s", attr)
	}
	wrong := func(name, kind string) error {
		return fmt.Errorf("failed to parse %s parameter '%s' which is to be a `%s`", def, name, kind)
	}
	for _, e := range d.Entries {
		if _, isString := p.Strings[e.Name]; isString {
			sa, ok := e.Value.(*ir.StringAttr)
			if !ok {
				return wrong(e.Name, "StringRef")
			}
			p.Strings[e.Name] = sa.Value
			continue
		}
		switch e.Name {
		case "O":
			ia, ok := e.Value.(*ir.IntegerAttr)
			if !ok {
				return wrong("O", "int")
			}
			p.O = ia.Int64()
		case "flags":
			da, ok := e.Value.(*ir.DictionaryAttr)
			if !ok {
				return wrong("flags", "DictionaryAttr")
			}
			p.Flags = da
		case "link":
			aa, ok := e.Value.(*ir.ArrayAttr)
			if !ok {
				return wrong("link", "ArrayAttr")
			}
			p.Link = aa
		default:
			return fmt.Errorf("duplicate or unknown struct parameter name: %s", e.Name)
		}
	}
	return nil
}

// String is a string parameter as Body writes it: its key, its value and
// the default that leaves it out.
type String struct{ Key, Value, Default string }

// Body returns `target<...>`, listing the parameters that differ from
// their defaults, in the order upstream prints them: O, strs, flags and
// link.
func Body(o, defaultO int64, strs []String, flags *ir.DictionaryAttr, link *ir.ArrayAttr) string {
	var parts []string
	if o != defaultO {
		parts = append(parts, "O = "+strconv.FormatInt(o, 10))
	}
	for _, s := range strs {
		if s.Value != s.Default {
			parts = append(parts, s.Key+" = "+strconv.Quote(s.Value))
		}
	}
	if flags != nil {
		parts = append(parts, "flags = "+ir.AttrString(flags))
	}
	if link != nil {
		parts = append(parts, "link = "+ir.AttrString(link))
	}
	if len(parts) == 0 {
		return "target"
	}
	return "target<" + strings.Join(parts, ", ") + ">"
}
