package nvvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// TargetAttr is #nvvm.target<...>: the NVPTX target of a gpu.module,
// with upstream's parameters and defaults (O = 2, triple =
// "nvptx64-nvidia-cuda", chip = "sm_50", features = "").
type TargetAttr struct {
	ir.AttrStorage
	O        int64
	Triple   string
	Chip     string
	Features string
	// Flags and Link are nil when absent.
	Flags *ir.DictionaryAttr
	Link  *ir.ArrayAttr
	body  string
}

// Target defaults, as upstream's NVVMTargetAttr.
const (
	DefaultO      = 2
	DefaultTriple = "nvptx64-nvidia-cuda"
	DefaultChip   = "sm_50"
)

// DialectName returns "nvvm".
func (*TargetAttr) DialectName() string { return "nvvm" }

// Body returns `target<...>`, listing the parameters that differ from
// their defaults.
func (a *TargetAttr) Body() string { return a.body }

// GetTarget returns the interned #nvvm.target with these parameters.
func GetTarget(ctx *ir.Context, o int64, triple, chip, features string, flags *ir.DictionaryAttr, link *ir.ArrayAttr) *TargetAttr {
	var parts []string
	if o != DefaultO {
		parts = append(parts, "O = "+strconv.FormatInt(o, 10))
	}
	if triple != DefaultTriple {
		parts = append(parts, "triple = "+strconv.Quote(triple))
	}
	if chip != DefaultChip {
		parts = append(parts, "chip = "+strconv.Quote(chip))
	}
	if features != "" {
		parts = append(parts, "features = "+strconv.Quote(features))
	}
	if flags != nil {
		parts = append(parts, "flags = "+ir.AttrString(flags))
	}
	if link != nil {
		parts = append(parts, "link = "+ir.AttrString(link))
	}
	body := "target"
	if len(parts) > 0 {
		body += "<" + strings.Join(parts, ", ") + ">"
	}
	return ir.InternAttr(ctx, "nvvm.target "+body, func(id uint64) *TargetAttr {
		return &TargetAttr{AttrStorage: ir.NewAttrStorage(id), O: o, Triple: triple, Chip: chip, Features: features,
			Flags: flags, Link: link, body: body}
	})
}

// registerTarget teaches the dialect's attribute parser #nvvm.target.
func registerTarget(ctx *ir.Context) {
	d := ctx.Dialect("nvvm")
	next := d.ParseAttr
	d.ParseAttr = func(ctx *ir.Context, body string) (ir.Attribute, error) {
		if body == "target" || strings.HasPrefix(body, "target<") {
			return parseTarget(ctx, strings.TrimPrefix(body, "target"))
		}
		return next(ctx, body)
	}
}

// parseTarget reads the parameters `<key = value, ...>` of #nvvm.target.
func parseTarget(ctx *ir.Context, params string) (ir.Attribute, error) {
	o, triple, chip, features := int64(DefaultO), DefaultTriple, DefaultChip, ""
	var flags *ir.DictionaryAttr
	var link *ir.ArrayAttr
	if params != "" {
		inner := strings.TrimSpace(params)
		if !strings.HasPrefix(inner, "<") || !strings.HasSuffix(inner, ">") {
			return nil, fmt.Errorf("expected '<' and '>' around the parameters of #nvvm.target")
		}
		dict, err := asm.ParseAttrString(ctx, "{"+inner[1:len(inner)-1]+"}", nil)
		if err != nil {
			return nil, err
		}
		d, ok := dict.(*ir.DictionaryAttr)
		if !ok {
			return nil, fmt.Errorf("expected the parameters of #nvvm.target")
		}
		for _, e := range d.Entries {
			switch e.Name {
			case "O":
				ia, ok := e.Value.(*ir.IntegerAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse NVVM_TargetAttr parameter 'O' which is to be a `int`")
				}
				o = ia.Int64()
			case "triple", "chip", "features":
				sa, ok := e.Value.(*ir.StringAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse NVVM_TargetAttr parameter '%s' which is to be a `StringRef`", e.Name)
				}
				switch e.Name {
				case "triple":
					triple = sa.Value
				case "chip":
					chip = sa.Value
				default:
					features = sa.Value
				}
			case "flags":
				da, ok := e.Value.(*ir.DictionaryAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse NVVM_TargetAttr parameter 'flags' which is to be a `DictionaryAttr`")
				}
				flags = da
			case "link":
				aa, ok := e.Value.(*ir.ArrayAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse NVVM_TargetAttr parameter 'link' which is to be a `ArrayAttr`")
				}
				link = aa
			default:
				return nil, fmt.Errorf("duplicate or unknown struct parameter name: %s", e.Name)
			}
		}
	}
	if o < 0 || o > 3 {
		return nil, upstreamError("The optimization level must be a number between 0 and 3.")
	}
	if triple == "" {
		return nil, upstreamError("The target triple cannot be empty.")
	}
	if chip == "" {
		return nil, upstreamError("The target chip cannot be empty.")
	}
	return GetTarget(ctx, o, triple, chip, features, flags, link), nil
}

// upstreamError is a diagnostic whose text is upstream's, sentence case
// and period included.
type upstreamError string

func (e upstreamError) Error() string { return string(e) }
