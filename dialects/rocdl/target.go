package rocdl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// TargetAttr is #rocdl.target<...>: the AMDGPU target of a gpu.module,
// with upstream's parameters and defaults (O = 2, triple =
// "amdgcn-amd-amdhsa", chip = "gfx900", features = "", abi = "600").
type TargetAttr struct {
	ir.AttrStorage
	O        int64
	Triple   string
	Chip     string
	Features string
	ABI      string
	// Flags and Link are nil when absent.
	Flags *ir.DictionaryAttr
	Link  *ir.ArrayAttr
	body  string
}

// Target defaults, as upstream's ROCDLTargetAttr.
const (
	DefaultO      = 2
	DefaultTriple = "amdgcn-amd-amdhsa"
	DefaultChip   = "gfx900"
	DefaultABI    = "600"
)

// DialectName returns "rocdl".
func (*TargetAttr) DialectName() string { return "rocdl" }

// WaveSize returns the number of lanes of a wavefront of the target: 64
// on GCN and CDNA chips (gfx6 to gfx9), 32 on RDNA (gfx10 and later),
// unless the features choose the other with +wavefrontsize32 or
// +wavefrontsize64.
func (a *TargetAttr) WaveSize() int64 {
	for _, f := range strings.Split(a.Features, ",") {
		switch strings.TrimSpace(f) {
		case "+wavefrontsize32", "-wavefrontsize64":
			return 32
		case "+wavefrontsize64", "-wavefrontsize32":
			return 64
		}
	}
	// gfx6 to gfx9 have three characters after gfx (gfx90a), RDNA four
	// (gfx1100).
	if v := strings.TrimPrefix(a.Chip, "gfx"); len(v) >= 4 && v[0] == '1' {
		return 32
	}
	return 64
}

// Body returns `target<...>`, listing the parameters that differ from
// their defaults.
func (a *TargetAttr) Body() string { return a.body }

// GetTarget returns the interned #rocdl.target with these parameters.
func GetTarget(ctx *ir.Context, o int64, triple, chip, features, abi string, flags *ir.DictionaryAttr, link *ir.ArrayAttr) *TargetAttr {
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
	if abi != DefaultABI {
		parts = append(parts, "abi = "+strconv.Quote(abi))
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
	return ir.InternAttr(ctx, "rocdl.target "+body, func(id uint64) *TargetAttr {
		return &TargetAttr{AttrStorage: ir.NewAttrStorage(id), O: o, Triple: triple, Chip: chip, Features: features, ABI: abi,
			Flags: flags, Link: link, body: body}
	})
}

// registerTarget teaches the dialect's attribute parser #rocdl.target.
func registerTarget(ctx *ir.Context) {
	d := ctx.Dialect("rocdl")
	next := d.ParseAttr
	d.ParseAttr = func(ctx *ir.Context, body string) (ir.Attribute, error) {
		if body == "target" || strings.HasPrefix(body, "target<") {
			return parseTarget(ctx, strings.TrimPrefix(body, "target"))
		}
		return next(ctx, body)
	}
}

// parseTarget reads the parameters `<key = value, ...>` of #rocdl.target.
func parseTarget(ctx *ir.Context, params string) (ir.Attribute, error) {
	o, triple, chip, features, abi := int64(DefaultO), DefaultTriple, DefaultChip, "", DefaultABI
	var flags *ir.DictionaryAttr
	var link *ir.ArrayAttr
	if params != "" {
		inner := strings.TrimSpace(params)
		if !strings.HasPrefix(inner, "<") || !strings.HasSuffix(inner, ">") {
			return nil, fmt.Errorf("expected '<' and '>' around the parameters of #rocdl.target")
		}
		dict, err := asm.ParseAttrString(ctx, "{"+inner[1:len(inner)-1]+"}", nil)
		if err != nil {
			return nil, err
		}
		d, ok := dict.(*ir.DictionaryAttr)
		if !ok {
			return nil, fmt.Errorf("expected the parameters of #rocdl.target")
		}
		for _, e := range d.Entries {
			switch e.Name {
			case "O":
				ia, ok := e.Value.(*ir.IntegerAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse ROCDL_TargetAttr parameter 'O' which is to be a `int`")
				}
				o = ia.Int64()
			case "triple", "chip", "features", "abi":
				sa, ok := e.Value.(*ir.StringAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse ROCDL_TargetAttr parameter '%s' which is to be a `StringRef`", e.Name)
				}
				switch e.Name {
				case "triple":
					triple = sa.Value
				case "chip":
					chip = sa.Value
				case "abi":
					abi = sa.Value
				default:
					features = sa.Value
				}
			case "flags":
				da, ok := e.Value.(*ir.DictionaryAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse ROCDL_TargetAttr parameter 'flags' which is to be a `DictionaryAttr`")
				}
				flags = da
			case "link":
				aa, ok := e.Value.(*ir.ArrayAttr)
				if !ok {
					return nil, fmt.Errorf("failed to parse ROCDL_TargetAttr parameter 'link' which is to be a `ArrayAttr`")
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
	if abi != "400" && abi != "500" && abi != "600" {
		return nil, upstreamError("Invalid ABI version, it must be `400`, `500` or '600'.")
	}
	return GetTarget(ctx, o, triple, chip, features, abi, flags, link), nil
}

// upstreamError is a diagnostic whose text is upstream's, sentence case
// and period included.
type upstreamError string

func (e upstreamError) Error() string { return string(e) }

// NewTarget returns #rocdl.target<chip = chip> with the other
// parameters at their defaults.
func NewTarget(ctx *ir.Context, chip string) (*TargetAttr, error) {
	if chip == "" {
		return nil, upstreamError("The target chip cannot be empty.")
	}
	return GetTarget(ctx, DefaultO, DefaultTriple, chip, "", DefaultABI, nil, nil), nil
}
