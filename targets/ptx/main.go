package ptx

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
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

// Main is strata-translate --mlir-to-ptx: it reads MLIR text and writes
// the PTX of its gpu.module (or of the module itself when it holds the
// llvm dialect's functions directly). Flags: --chip=sm_80|sm_90a|...,
// --gpu-module=name, -o, --allow-unregistered-dialect, --no-line-info. It
// returns the exit status: 0 on success, 1 on an error, 2 on bad usage.
func Main(ctx *ir.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("strata-translate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("mlir-to-ptx", false, "translate a gpu.module at the llvm and nvvm level to PTX")
	chip := fs.String("chip", "", "the target: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90 or sm_90a (default: the gpu.module's #nvvm.target, else sm_80)")
	module := fs.String("gpu-module", "", "the gpu.module to translate when there are several")
	noLines := fs.Bool("no-line-info", false, "emit no .file and .loc directives")
	out := fs.String("o", "-", "output file")
	allowUnreg := fs.Bool("allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(positional) > 1 {
		fmt.Fprintln(stderr, "strata-translate: too many input files")
		return 2
	}
	if _, err := LookupChip(*chip); err != nil && *chip != "" {
		fmt.Fprintf(stderr, "strata-translate: %v\n", err)
		return 2
	}
	input := "-"
	if len(positional) == 1 {
		input = positional[0]
	}
	src, name, err := asm.ReadSource(input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "strata-translate: %v\n", err)
		return 1
	}
	sm := asm.NewSourceManager()
	sm.Add(name, src)
	emit := func(err error) int {
		var d *ir.Diagnostic
		var ds ir.Diagnostics
		switch {
		case errors.As(err, &d):
			sm.WriteDiagnostic(stderr, d)
		case errors.As(err, &ds):
			for _, d := range ds {
				sm.WriteDiagnostic(stderr, d)
			}
		default:
			fmt.Fprintf(stderr, "strata-translate: %v\n", err)
		}
		return 1
	}
	ctx.AllowUnregisteredDialects = *allowUnreg
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err != nil {
		return emit(err)
	}
	if err := ir.Verify(mod); err != nil {
		return emit(err)
	}
	text, err := EmitModule(mod, *module, Options{Chip: *chip, NoLineInfo: *noLines})
	if err != nil {
		return emit(err)
	}
	if *out == "-" {
		_, err = io.WriteString(stdout, text)
	} else {
		err = os.WriteFile(*out, []byte(text), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "strata-translate: %v\n", err)
		return 1
	}
	return 0
}
