// Package run is the library behind strata-run, Strata's mlir-runner: it
// parses and verifies a module, interprets an entry function with the
// semantics of interp/std and prints its result as mlir-runner does.
//
//	strata-run file.mlir -e main -entry-point-result=i32
//
// The flags are mlir-runner's spellings: -e names the entry function,
// -entry-point-result is one of i32, i64, f32, f64 or void (f64 is an
// extension), -shared-libs=... is accepted and ignored. Integers print in
// decimal (signed), floats as C's "%e" ("1.500000e+00", "nan", "-inf").
package run

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/std"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
)

// Stdio bundles the streams Run uses, so tests can run it in process.
type Stdio struct {
	In       io.Reader
	Out, Err io.Writer
}

// Main runs strata-run with args (without the program name) on the
// process's standard streams and returns the exit code. ctx must have the
// dialects registered (all.Register).
func Main(ctx *ir.Context, args []string) int {
	return Run(ctx, args, Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
}

// Run is Main with explicit streams.
func Run(ctx *ir.Context, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("strata-run", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	entry := fs.String("e", "main", "the function to be called")
	result := fs.String("entry-point-result", "i32", "the entry function's result type: i32, i64, f32, f64 or void")
	var libs []string
	fs.Func("shared-libs", "libraries to link dynamically (accepted and ignored)", func(s string) error {
		libs = append(libs, s)
		return nil
	})
	fs.Usage = func() {
		fmt.Fprintln(stdio.Err, "usage: strata-run [flags] <input file>")
		fs.PrintDefaults()
	}
	// Flags may follow the input file, as with LLVM's tools.
	var inputs []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return ExitOK
			}
			return ExitUsage
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		inputs = append(inputs, rest[0])
		rest = rest[1:]
	}
	if len(inputs) > 1 {
		fmt.Fprintf(stdio.Err, "strata-run: too many input files: %s\n", strings.Join(inputs, " "))
		return ExitUsage
	}
	input := "-"
	if len(inputs) == 1 {
		input = inputs[0]
	}
	switch *result {
	case "i32", "i64", "f32", "f64", "void":
	default:
		fmt.Fprintf(stdio.Err, "strata-run: invalid -entry-point-result=%q (want i32, i64, f32, f64 or void)\n", *result)
		return ExitUsage
	}

	var src []byte
	var err error
	name := input
	if input == "-" {
		name = "<stdin>"
		src, err = io.ReadAll(stdio.In)
	} else {
		src, err = os.ReadFile(input)
	}
	if err != nil {
		fmt.Fprintf(stdio.Err, "strata-run: %v\n", err)
		return ExitError
	}
	sm := asm.NewSourceManager()
	sm.Add(name, src)
	emit := func(err error) int {
		var d *ir.Diagnostic
		var ds ir.Diagnostics
		switch {
		case errors.As(err, &d):
			sm.WriteDiagnostic(stdio.Err, d)
		case errors.As(err, &ds):
			for _, d := range ds {
				sm.WriteDiagnostic(stdio.Err, d)
			}
		default:
			fmt.Fprintf(stdio.Err, "strata-run: %v\n", err)
		}
		return ExitError
	}
	module, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err != nil {
		return emit(err)
	}
	if err := ir.Verify(module); err != nil {
		return emit(err)
	}
	out, err := Execute(module, *entry, *result)
	if err != nil {
		return emit(err)
	}
	io.WriteString(stdio.Out, out)
	return ExitOK
}

// Execute interprets the function named entry in module and returns what
// mlir-runner prints for the result type resultType (i32, i64, f32, f64 or
// void), including the trailing newline. Errors are located diagnostics.
func Execute(module *ir.Operation, entry, resultType string) (string, error) {
	fn := interp.LookupFunction(module, entry)
	if fn == nil {
		return "", ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return "", interp.Errorf(fn, "entry point '@"+entry+"' has no body")
	}
	body := fn.Region(0).First()
	if body.NumArguments() != 0 {
		return "", interp.Errorf(fn, "entry point '@"+entry+"' must take no arguments")
	}
	reg := interp.NewRegistry()
	std.Register(reg)
	res, err := interp.New(reg).Call(nil, fn, nil)
	if err != nil {
		return "", err
	}
	if resultType == "void" {
		if len(res) != 0 {
			return "", interp.Errorf(fn, "entry point '@"+entry+"' returns values but -entry-point-result=void")
		}
		return "", nil
	}
	if len(res) != 1 || asm.TypeString(res[0].Type) != resultType {
		got := make([]string, len(res))
		for i, r := range res {
			got[i] = asm.TypeString(r.Type)
		}
		return "", interp.Errorf(fn, "entry point '@"+entry+"' returns ("+strings.Join(got, ", ")+") but -entry-point-result="+resultType)
	}
	return Format(res[0]) + "\n", nil
}

// Format renders a value as mlir-runner prints a result: integers in signed
// decimal, floats with C's "%e".
func Format(v interp.Value) string {
	if !v.IsFloat() {
		return fmt.Sprint(v.Int())
	}
	f := v.Float()
	switch {
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return fmt.Sprintf("%e", f)
}
