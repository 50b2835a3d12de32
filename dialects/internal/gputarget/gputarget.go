// Package gputarget reads the parameters of the GPU target attributes
// (#nvvm.target, #rocdl.target): a struct `<key = value, ...>` of an
// optimization level, strings, flags and libraries to link, with
// upstream's messages for a parameter of the wrong kind.
package gputarget

import (
	"fmt"
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
