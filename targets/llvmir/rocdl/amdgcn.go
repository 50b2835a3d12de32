package rocdl

import (
	"flag"
	"fmt"
	"io"

	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/targets/llvmir"
	"github.com/strata-ir/strata/translate"
)

// Triple is the target triple of the LLVM IR --mlir-to-amdgcn writes.
const Triple = "amdgcn-amd-amdhsa"

// AMDGCN translates the gpu.module named name (the only one when name is
// empty) of module, or module itself when it holds llvm.func operations
// directly, to LLVM IR for amdgcn-amd-amdhsa. chip, when not empty, must
// be an AMD chip of targets/chips; its name becomes the target-cpu of the
// functions.
func AMDGCN(module *sir.Operation, name, chip string) (string, error) {
	if chip != "" {
		c, ok := chips.Lookup(chip)
		if !ok || c.Vendor != "amd" {
			return "", sir.NewError(module.Loc(), fmt.Sprintf("unknown AMD chip '%s'", chip))
		}
	}
	target := module
	var found []*sir.Operation
	if body := module.Region(0).First(); body != nil {
		for op := body.First(); op != nil; op = op.Next() {
			if _, ok := gpu.AsModuleOp(op); ok {
				if n, _ := sir.SymbolName(op); name == "" || n == name {
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
	case name != "":
		return "", sir.NewError(module.Loc(), fmt.Sprintf("no gpu.module named '%s'", name))
	}
	if lowered := inlineNativeOCML(target); lowered != target {
		defer lowered.Erase()
		target = lowered
	}
	text, err := llvmir.TranslateWith(target, llvmir.Options{TargetTriple: Triple, TargetCPU: chip})
	if err != nil {
		return "", err
	}
	return text, nil
}

func init() {
	translate.Register(translate.Translation{
		Name:    "mlir-to-amdgcn",
		Summary: "Translate a gpu.module at the llvm and rocdl level to LLVM IR for amdgcn-amd-amdhsa",
		Options: func(fs *flag.FlagSet) func(*sir.Operation, io.Writer) error {
			chip := fs.String("amdgcn-chip", "", "the AMD chip (gfx90a, gfx942, ...) to name as the functions' target-cpu")
			module := fs.String("amdgcn-gpu-module", "", "the gpu.module to translate when there are several")
			hsaco := fs.String("amdgcn-hsaco", "", "also write the AMDGPU code object (.hsaco) to this file, with llc-16 and ld.lld")
			return func(mod *sir.Operation, w io.Writer) error {
				text, err := AMDGCN(mod, *module, *chip)
				if err != nil {
					return err
				}
				if *hsaco != "" {
					if err := CodeObject(mod, text, *chip, *hsaco); err != nil {
						return err
					}
				}
				_, err = io.WriteString(w, text)
				return err
			}
		},
	})
}
