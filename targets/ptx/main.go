package ptx

import (
	"flag"
	"io"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/translate"
)

var registered struct {
	sync.Mutex
	ctxs map[*ir.Context]bool
}

// ensureRegistered attaches the lowerings to ctx once.
func ensureRegistered(ctx *ir.Context) {
	registered.Lock()
	defer registered.Unlock()
	if registered.ctxs[ctx] {
		return
	}
	if registered.ctxs == nil {
		registered.ctxs = map[*ir.Context]bool{}
	}
	registered.ctxs[ctx] = true
	Register(ctx)
}

// GPUModules returns the gpu.module operations at the top of module.
func GPUModules(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	for op := module.Region(0).First().First(); op != nil; op = op.Next() {
		if _, ok := gpu.AsModuleOp(op); ok {
			out = append(out, op)
		}
	}
	return out
}

// EmitModule returns the PTX of the gpu.module of module named name (the
// only one when name is empty), or of module itself when it holds no
// gpu.module.
func EmitModule(module *ir.Operation, name string, opts Options) (string, error) {
	mods := GPUModules(module)
	if len(mods) == 0 {
		if name != "" {
			return "", Errorf(module, "no gpu.module named '@%s'", name)
		}
		return Emit(module, opts)
	}
	var names []string
	for _, m := range mods {
		n := gpu.ModuleOp{Operation: m}.SymName()
		if n == name || name == "" && len(mods) == 1 {
			return Emit(m, opts)
		}
		names = append(names, "@"+n)
	}
	if name == "" {
		return "", Errorf(module, "the module holds %d gpu.modules (%s): choose one with --gpu-module", len(mods), strings.Join(names, ", "))
	}
	return "", Errorf(module, "no gpu.module named '@%s' (found %s)", name, strings.Join(names, ", "))
}

// The translation --mlir-to-ptx reads MLIR text and writes the PTX of its
// gpu.module (or of the module itself when it holds the llvm dialect's
// functions directly), with the flags --chip=sm_80|sm_90a|...,
// --gpu-module=name and --no-line-info.

// Main is strata-translate restricted to the translations registered in
// this binary, with --mlir-to-ptx among them (the translation registry's
// driver, translate.Main).
func Main(ctx *ir.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return translate.Main(ctx, args, stdin, stdout, stderr)
}

func init() {
	translate.Register(translate.Translation{
		Name:    "mlir-to-ptx",
		Summary: "Translate a gpu.module at the llvm and nvvm level to PTX",
		Options: func(fs *flag.FlagSet) func(*ir.Operation, io.Writer) error {
			// An unknown chip is a usage error, reported when the flags are
			// read.
			chip := new(string)
			fs.Func("chip", "the target: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90 or sm_90a (default: the gpu.module's #nvvm.target, else sm_80)", func(s string) error {
				if _, err := LookupChip(s); err != nil {
					return err
				}
				*chip = s
				return nil
			})
			module := fs.String("gpu-module", "", "the gpu.module to translate when there are several")
			noLines := fs.Bool("no-line-info", false, "emit no .file and .loc directives")
			return func(mod *ir.Operation, w io.Writer) error {
				text, err := EmitModule(mod, *module, Options{Chip: *chip, NoLineInfo: *noLines})
				if err != nil {
					return err
				}
				_, err = io.WriteString(w, text)
				return err
			}
		},
	})
}
