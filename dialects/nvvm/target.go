package nvvm

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/gputarget"
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

// GPUTarget marks the attribute as a target of gpu.module (upstream's
// GPUTargetAttrInterface).
func (*TargetAttr) GPUTarget() {}

// Body returns `target<...>`, listing the parameters that differ from
// their defaults.
func (a *TargetAttr) Body() string { return a.body }

// GetTarget returns the interned #nvvm.target with these parameters.
func GetTarget(ctx *ir.Context, o int64, triple, chip, features string, flags *ir.DictionaryAttr, link *ir.ArrayAttr) *TargetAttr {
	body := gputarget.Body(o, DefaultO, []gputarget.String{{Key: "triple", Value: triple, Default: DefaultTriple}, {Key: "chip", Value: chip, Default: DefaultChip}, {Key: "features", Value: features}}, flags, link)
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
	p := gputarget.Params{O: DefaultO, Strings: map[string]string{"triple": DefaultTriple, "chip": DefaultChip, "features": ""}}
	if err := gputarget.Parse(ctx, params, "#nvvm.target", "NVVM_TargetAttr", &p); err != nil {
		return nil, err
	}
	o, flags, link := p.O, p.Flags, p.Link
	triple, chip, features := p.Strings["triple"], p.Strings["chip"], p.Strings["features"]
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
