// Package rocdlattachtarget is rocdl-attach-target, upstream's
// GpuROCDLAttachTarget: it appends a #rocdl.target with the pass's
// options to the targets of every gpu.module (those whose name matches
// the module option's regular expression), unless an equal target is
// already there.
package rocdlattachtarget

import (
	"sort"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/rocdl"
	"github.com/strata-ir/strata/transforms/internal/gpuattach"
)

// Argument is the pass's command-line name.
const Argument = "rocdl-attach-target"

// Pass registers rocdl-attach-target.
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

type attach struct {
	pass.Info
	module, triple, chip, features, abi     *string
	o                                       *int64
	wave64, fast, daz, finite, unsafe, sqrt *bool
	link                                    *[]string
}

// New returns a rocdl-attach-target pass.
func New() pass.Pass {
	p := &attach{Info: pass.Info{Argument: Argument, Name: "GpuROCDLAttachTarget",
		Summary: "Attaches a ROCDL target attribute to a GPU Module."}}
	p.module = p.Options.String("module", "", "Regex used to identify the modules to attach the target to.")
	p.triple = p.Options.String("triple", rocdl.DefaultTriple, "Target triple.")
	p.chip = p.Options.String("chip", rocdl.DefaultChip, "Target chip.")
	p.features = p.Options.String("features", "", "Target features.")
	p.abi = p.Options.String("abi", rocdl.DefaultABI, "ABI version.")
	p.o = p.Options.Int("O", rocdl.DefaultO, "Optimization level.")
	p.wave64 = p.Options.Bool("wave64", true, "Use Wave64 mode.")
	p.fast = p.Options.Bool("fast", false, "Enable fast relaxed math opt.")
	p.daz = p.Options.Bool("daz", false, "Enable denormals are zero opt.")
	p.finite = p.Options.Bool("finite-only", false, "Enable finite only opt.")
	p.unsafe = p.Options.Bool("unsafe-math", false, "Enable unsafe math opt.")
	p.sqrt = p.Options.Bool("correct-sqrt", true, "Enable correct rounded sqrt.")
	p.link = p.Options.StringList("l", nil, "Extra bitcode libraries paths to link to.")
	return p
}

func (p *attach) Run(op *ir.Operation, st *pass.State) error {
	return gpuattach.Attach(op, st, Argument, *p.module, p.target(st.Context()))
}

// target is the #rocdl.target of the options: the flags as upstream
// names them (no_wave64 and unsafe_sqrt for the options that are off).
func (p *attach) target(ctx *ir.Context) ir.Attribute {
	var flags []string
	add := func(on bool, name string) {
		if on {
			flags = append(flags, name)
		}
	}
	add(!*p.wave64, "no_wave64")
	add(*p.fast, "fast")
	add(*p.daz, "daz")
	add(*p.finite, "finite_only")
	add(*p.unsafe, "unsafe_math")
	add(!*p.sqrt, "unsafe_sqrt")
	var dict *ir.DictionaryAttr
	if len(flags) > 0 {
		sort.Strings(flags)
		var entries []ir.NamedAttr
		for _, f := range flags {
			entries = append(entries, ir.NamedAttr{Name: f, Value: ctx.Unit()})
		}
		dict = ctx.DictionaryAttr(entries)
	}
	var link *ir.ArrayAttr
	if len(*p.link) > 0 {
		var files []ir.Attribute
		for _, f := range *p.link {
			files = append(files, ctx.Str(f))
		}
		link = ctx.ArrayAttr(files)
	}
	return rocdl.GetTarget(ctx, *p.o, *p.triple, *p.chip, *p.features, *p.abi, dict, link)
}
