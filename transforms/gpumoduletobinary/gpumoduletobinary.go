// Package gpumoduletobinary is gpu-module-to-binary, upstream's
// GpuModuleToBinaryPass: every gpu.module at the top of the operation
// becomes a gpu.binary holding one #gpu.object per target of the module,
// made by the serializer attached to the target's attribute
// (gpu.AttachSerializer; targets/ptx attaches #nvvm.target's).
package gpumoduletobinary

import (
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/gpu"
)

// Argument is the pass's command-line name.
const Argument = "gpu-module-to-binary"

// Pass registers gpu-module-to-binary.
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

type toBinary struct {
	pass.Info
	format, toolkit, opts, section *string
	link                           *[]string
}

// New returns a gpu-module-to-binary pass.
func New() pass.Pass {
	p := &toBinary{Info: pass.Info{Argument: Argument, Name: "GpuModuleToBinaryPass",
		Summary: "Transforms a GPU module into a GPU binary."}}
	p.format = p.Options.String("format", "fatbin", "The target representation of the compilation process.")
	p.link = p.Options.StringList("l", nil, "Extra files to link to.")
	p.opts = p.Options.String("opts", "", "Command line options to pass to the tools.")
	p.section = p.Options.String("section", "", "ELF section where binary is to be located.")
	p.toolkit = p.Options.String("toolkit", "", "Toolkit path.")
	return p
}

// Format returns the object format a format option names (upstream's
// spellings: offloading or llvm, assembly or isa, binary or bin,
// fatbinary or fatbin), and false for any other.
func Format(name string) (string, bool) {
	switch name {
	case "offloading", "llvm":
		return gpu.FormatOffload, true
	case "assembly", "isa":
		return gpu.FormatAssembly, true
	case "binary", "bin":
		return gpu.FormatBinary, true
	case "fatbinary", "fatbin":
		return gpu.FormatFatbin, true
	}
	return "", false
}

func (p *toBinary) Run(op *ir.Operation, st *pass.State) error {
	format, ok := Format(*p.format)
	if !ok {
		return ir.NewError(op.Loc(), "Invalid format specified.")
	}
	return Run(op, gpu.SerializeOptions{Format: format, Toolkit: *p.toolkit, CmdOptions: strings.TrimSpace(*p.opts), Link: *p.link})
}

// Run replaces the gpu.modules directly inside op by gpu.binary
// operations of the same name.
func Run(op *ir.Operation, opts gpu.SerializeOptions) error {
	var mods []*ir.Operation
	for i := 0; i < op.NumRegions(); i++ {
		r := op.Region(i)
		for b := r.First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; o = o.Next() {
				if _, ok := gpu.AsModuleOp(o); ok {
					mods = append(mods, o)
				}
			}
		}
	}
	for _, m := range mods {
		if err := serialize(m, opts); err != nil {
			return err
		}
	}
	return nil
}

// serialize replaces one gpu.module by its gpu.binary.
func serialize(m *ir.Operation, opts gpu.SerializeOptions) error {
	mod := gpu.ModuleOp{Operation: m}
	targets, _ := mod.Targets().(*ir.ArrayAttr)
	if targets == nil {
		return ir.NewError(m.Loc(), "the module has no target attributes")
	}
	ctx := m.Context()
	var objects []ir.Attribute
	for _, t := range targets.Elems {
		fn := gpu.SerializerOf(t)
		if fn == nil {
			return ir.NewError(m.Loc(), "no serializer for the target "+ir.AttrString(t)+" (link the package of its compiler)")
		}
		obj, err := fn(m, t, opts)
		if err != nil {
			return err
		}
		if obj == nil {
			return ir.NewError(m.Loc(), "An error happened while serializing the module.")
		}
		objects = append(objects, obj)
	}
	handler := mod.OffloadingHandler()
	if handler == nil {
		handler = gpu.DefaultOffloadingHandler(ctx)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(m)
	gpu.BuildBinary(b, m.Loc(), mod.SymName(), ctx.ArrayAttr(objects), gpu.BinaryOptions{OffloadingHandler: handler})
	if err := b.Err(); err != nil {
		return ir.OpError(m, err.Error())
	}
	m.Erase()
	return nil
}
