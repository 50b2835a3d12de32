package rocdl

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/gputarget"
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

// GPUTarget marks the attribute as a target of gpu.module (upstream's
// GPUTargetAttrInterface).
func (*TargetAttr) GPUTarget() {}

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
	body := gputarget.Body(o, DefaultO, []gputarget.String{{Key: "triple", Value: triple, Default: DefaultTriple}, {Key: "chip", Value: chip, Default: DefaultChip}, {Key: "features", Value: features}, {Key: "abi", Value: abi, Default: DefaultABI}}, flags, link)
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
	p := gputarget.Params{O: DefaultO, Strings: map[string]string{"triple": DefaultTriple, "chip": DefaultChip, "features": "", "abi": DefaultABI}}
	if err := gputarget.Parse(ctx, params, "#rocdl.target", "ROCDL_TargetAttr", &p); err != nil {
		return nil, err
	}
	o, flags, link := p.O, p.Flags, p.Link
	triple, chip, features := p.Strings["triple"], p.Strings["chip"], p.Strings["features"]
	abi := p.Strings["abi"]
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
