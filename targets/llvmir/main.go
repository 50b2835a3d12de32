package llvmir

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// Main is strata-translate: it reads MLIR text and, with --mlir-to-llvmir,
// writes the LLVM IR of the module. It accepts mlir-translate's spellings
// of its flags (-o, --allow-unregistered-dialect). It returns the exit
// status: 0 on success, 1 on an error, 2 on bad usage.
func Main(ctx *ir.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("strata-translate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	toLLVM := fs.Bool("mlir-to-llvmir", false, "translate MLIR (llvm dialect) to LLVM IR")
	out := fs.String("o", "-", "output file")
	allowUnreg := fs.Bool("allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	// Flags may follow the input file, as with mlir-translate.
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if !*toLLVM {
		fmt.Fprintln(stderr, "strata-translate: no translation chosen (use --mlir-to-llvmir)")
		return 2
	}
	input := "-"
	switch len(positional) {
	case 0:
	case 1:
		input = positional[0]
	default:
		fmt.Fprintln(stderr, "strata-translate: too many input files")
		return 2
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
	module, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err != nil {
		return emit(err)
	}
	if err := ir.Verify(module); err != nil {
		return emit(err)
	}
	text, err := Translate(module)
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
