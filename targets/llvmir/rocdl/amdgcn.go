package rocdl

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/targets/llvmir"
	"github.com/strata-ir/strata/translate"
)

// Triple is the target triple of the LLVM IR --mlir-to-amdgcn writes.
const Triple = "amdgcn-amd-amdhsa"

// Options select what --mlir-to-amdgcn translates and for which LLVM.
type Options struct {
	// GPUModule is the name of the gpu.module to translate; empty
	// chooses the only one.
	GPUModule string
	// Chip, when not empty, is an AMD chip of targets/chips; its name
	// becomes the target-cpu of the functions.
	Chip string
	// LLVM is the major version of the LLVM that reads the IR: 16 (typed
	// pointers) or 22 (opaque pointers). Zero chooses by chip: the
	// oldest LLVM that knows it (DefaultLLVM).
	LLVM int
}

// llvm16Chips are the AMD chips of targets/chips that LLVM 16 generates
// code for; gfx942 came with LLVM 17 and gfx950 with LLVM 20, whose IR
// has opaque pointers only.
var llvm16Chips = map[string]bool{"gfx90a": true}

// DefaultLLVM is the LLVM whose IR is written for chip when Options.LLVM
// is zero: LLVM 16 for the chips it knows and without a chip, LLVM 22
// for the others.
func DefaultLLVM(chip string) int {
	if chip == "" || llvm16Chips[chip] {
		return 16
	}
	return 22
}

// resolve checks opts and fills in the LLVM version.
func (opts Options) resolve(loc sir.Location) (Options, error) {
	if opts.Chip != "" {
		c, ok := chips.Lookup(opts.Chip)
		if !ok || c.Vendor != "amd" {
			return opts, sir.NewError(loc, fmt.Sprintf("unknown AMD chip '%s'", opts.Chip))
		}
	}
	switch opts.LLVM {
	case 0:
		opts.LLVM = DefaultLLVM(opts.Chip)
	case 16:
		if opts.Chip != "" && !llvm16Chips[opts.Chip] {
			return opts, sir.NewError(loc, fmt.Sprintf("LLVM 16 does not know %s (it came with a later LLVM): write the IR for LLVM 22", opts.Chip))
		}
	case 22:
	default:
		return opts, sir.NewError(loc, fmt.Sprintf("unsupported LLVM version %d: the IR is written for LLVM 16 or 22", opts.LLVM))
	}
	return opts, nil
}

// AMDGCN translates the gpu.module named name (the only one when name is
// empty) of module, or module itself when it holds llvm.func operations
// directly, to LLVM IR for amdgcn-amd-amdhsa, for the LLVM DefaultLLVM
// chooses for chip (see Translate).
func AMDGCN(module *sir.Operation, name, chip string) (string, error) {
	return Translate(module, Options{GPUModule: name, Chip: chip})
}

// Translate translates a gpu.module of module (or module itself) to LLVM
// IR for amdgcn-amd-amdhsa as opts say: LLVM 16's IR has typed pointers,
// LLVM 22's opaque ones (targets/llvmir's Options.OpaquePointers).
func Translate(module *sir.Operation, opts Options) (string, error) {
	opts, err := opts.resolve(module.Loc())
	if err != nil {
		return "", err
	}
	target := module
	var found []*sir.Operation
	if body := module.Region(0).First(); body != nil {
		for op := body.First(); op != nil; op = op.Next() {
			if _, ok := gpu.AsModuleOp(op); ok {
				if n, _ := sir.SymbolName(op); opts.GPUModule == "" || n == opts.GPUModule {
					found = append(found, op)
				}
			}
		}
	}
	switch {
	case len(found) == 1:
		target = found[0]
	case len(found) > 1:
		return "", sir.NewError(module.Loc(), "several gpu.module operations: choose one with --amdgcn-gpu-module")
	case opts.GPUModule != "":
		return "", sir.NewError(module.Loc(), fmt.Sprintf("no gpu.module named '%s'", opts.GPUModule))
	}
	if lowered := inlineNativeOCML(target); lowered != target {
		defer lowered.Erase()
		target = lowered
	}
	return llvmir.TranslateWith(target, llvmir.Options{TargetTriple: Triple, TargetCPU: opts.Chip,
		OpaquePointers: opts.LLVM >= 17})
}

func init() {
	translate.Register(translate.Translation{
		Name:    "mlir-to-amdgcn",
		Summary: "Translate a gpu.module at the llvm and rocdl level to LLVM IR for amdgcn-amd-amdhsa",
		Options: func(fs *flag.FlagSet) func(*sir.Operation, io.Writer) error {
			chip := fs.String("amdgcn-chip", "", "the AMD chip (gfx90a, gfx942, gfx950) to name as the functions' target-cpu")
			module := fs.String("amdgcn-gpu-module", "", "the gpu.module to translate when there are several")
			version := fs.String("amdgcn-llvm", "", "the LLVM that reads the IR: 16 (typed pointers) or 22 (opaque pointers); default: 16 for gfx90a and without a chip, 22 for gfx942 and gfx950")
			hsaco := fs.String("amdgcn-hsaco", "", "also write the AMDGPU code object (.hsaco) to this file, with that LLVM's llc and ld.lld")
			return func(mod *sir.Operation, w io.Writer) error {
				opts := Options{GPUModule: *module, Chip: *chip}
				if *version != "" {
					v, err := strconv.Atoi(*version)
					if err != nil {
						return sir.NewError(mod.Loc(), fmt.Sprintf("--amdgcn-llvm: '%s' is not an LLVM major version", *version))
					}
					opts.LLVM = v
				}
				text, err := Translate(mod, opts)
				if err != nil {
					return err
				}
				if *hsaco != "" {
					if err := CodeObject(mod, text, opts, *hsaco); err != nil {
						return err
					}
				}
				_, err = io.WriteString(w, text)
				return err
			}
		},
	})
}
