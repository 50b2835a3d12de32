// Package nvvmattachtarget is nvvm-attach-target, upstream's
// GpuNVVMAttachTarget: it appends an #nvvm.target with the pass's
// options to the targets of every gpu.module (those whose name matches
// the module option's regular expression), unless an equal target is
// already there.
package nvvmattachtarget

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/nvvm"
	"github.com/strata-ir/strata/transforms/internal/gpuattach"
)

// Argument is the pass's command-line name.
const Argument = "nvvm-attach-target"

// Pass registers nvvm-attach-target.
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

type attach struct {
	pass.Info
	module, triple, chip, features, ptxas *string
	o                                     *int64
	fast, ftz                             *bool
	link                                  *[]string
}

// New returns an nvvm-attach-target pass.
func New() pass.Pass {
	p := &attach{Info: pass.Info{Argument: Argument, Name: "GpuNVVMAttachTarget",
		Summary: "Attaches an NVVM target attribute to a GPU Module."}}
	p.module = p.Options.String("module", "", "Regex used to identify the modules to attach the target to.")
	p.triple = p.Options.String("triple", nvvm.DefaultTriple, "Target triple.")
	p.chip = p.Options.String("chip", nvvm.DefaultChip, "Target chip.")
	p.features = p.Options.String("features", "", "Target features, default is to use the minimum PTX ISA version for the SM target.")
	p.o = p.Options.Int("O", nvvm.DefaultO, "Optimization level.")
	p.fast = p.Options.Bool("fast", false, "Enable fast math mode.")
	p.ftz = p.Options.Bool("ftz", false, "Enable flush to zero for denormals.")
	p.link = p.Options.StringList("l", nil, "Extra bitcode libraries paths to link to.")
	p.ptxas = p.Options.String("ptxas-cmd-options", "", "Command line options passed to downstream compiler")
	return p
}

func (p *attach) Run(op *ir.Operation, st *pass.State) error {
	return gpuattach.Attach(op, st, Argument, *p.module, p.target(st.Context()))
}

// target is the #nvvm.target of the options: the flags fast and ftz,
// and the downstream compiler's options, split at white space, as
// "ptxas-cmd-options".
func (p *attach) target(ctx *ir.Context) ir.Attribute {
	var entries []ir.NamedAttr
	if *p.fast {
		entries = append(entries, ir.NamedAttr{Name: "fast", Value: ctx.Unit()})
	}
	if *p.ftz {
		entries = append(entries, ir.NamedAttr{Name: "ftz", Value: ctx.Unit()})
	}
	if opts := strings.Fields(*p.ptxas); len(opts) > 0 {
		var strs []ir.Attribute
		for _, o := range opts {
			strs = append(strs, ctx.Str(o))
		}
		entries = append(entries, ir.NamedAttr{Name: "ptxas-cmd-options", Value: ctx.ArrayAttr(strs)})
	}
	var dict *ir.DictionaryAttr
	if len(entries) > 0 {
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
	return nvvm.GetTarget(ctx, *p.o, *p.triple, *p.chip, *p.features, dict, link)
}
