// Package run is the library behind strata-run, Strata's mlir-runner: it
// parses and verifies a module, interprets an entry function with the
// semantics of interp/all (func, arith, cf, math, scf, memref,
// bufferization, tensor, linalg and the runner utilities such as
// printMemrefF32) and prints its result as mlir-runner does.
//
//	strata-run file.mlir -e main -entry-point-result=i32
//
// The flags are mlir-runner's spellings: -e names the entry function,
// -entry-point-result is one of i32, i64, f32 (the default, as
// mlir-runner's), f64 or void (f64 is an extension), -shared-libs=... is accepted and ignored, -O0 to -O3 are
// llc's level with --engine=cpu. Integers print in decimal (signed),
// floats as C's "%e" ("1.500000e+00", "nan", "-INF"). Extensions:
// --engine=cpu compiles the program through LLVM and runs it instead of
// interpreting it (ExecuteCPU); --engine=cuda interprets the host side and
// runs the gpu.modules on an NVIDIA GPU (ExecuteCUDA);
// --allow-unregistered-dialect;
// --args=a.npy,b.npy passes NumPy arrays as the entry function's arguments
// (memrefs, tensors, or scalars from 0-d arrays); --dump-results=DIR
// writes each result as DIR/result<N>.npy (results are then not printed).
package run

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/cli"
	"github.com/strata-ir/strata/interp/all"
	"github.com/strata-ir/strata/interp/tile"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitError = 1
	// ExitUsage is the status of a command-line error: 1, as mlir-runner's
	// (LLVM's option parser exits with 1).
	ExitUsage = 1
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
	result := fs.String("entry-point-result", "f32", "the entry function's result type: i32, i64, f32, f64 or void (mlir-runner's default, f32, when absent)")
	version := fs.Bool("version", false, "print the version and exit")
	var libs []string
	fs.Func("shared-libs", "libraries to link dynamically (accepted and ignored)", func(s string) error {
		libs = append(libs, s)
		return nil
	})
	allowUnreg := fs.Bool("allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	argFiles := fs.String("args", "", "comma-separated .npy files passed as the entry function's arguments")
	dump := fs.String("dump-results", "", "directory where each result is written as result<N>.npy")
	checkLeaks := fs.Bool("check-leaks", false, "report the buffers allocated by memref.alloc, memref.realloc or bufferization.clone that are still live when the entry function returns (interpreter only)")
	var programSeed *int64
	fs.Func("program-order-seed", "run the programs of parallel axes of tile.launch grids in an order shuffled by this seed (interpreter only)", func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("invalid seed %q", v)
		}
		programSeed = &n
		return nil
	})
	engine := fs.String("engine", EngineInterp, "how to run the program: interp (interpret it), cpu (compile it with LLVM and run it) or cuda (interpret the host, run the gpu.modules on an NVIDIA GPU)")
	timeKernels := fs.Int("time-kernels", 0, "with --engine=cuda, repeat every kernel launch this many times between CUDA events and report the median time on standard error")
	optLevel := ""
	for _, o := range []string{"0", "1", "2", "3"} {
		fs.BoolFunc("O"+o, "optimization level (llc's with --engine=cpu, ignored by the interpreter)", func(string) error {
			optLevel = o
			return nil
		})
	}
	// Errors are reported here, in one line (and a suggestion), as
	// LLVM's tools do; the whole usage is printed only for --help.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	// Flags may follow the input file, as with LLVM's tools.
	var inputs []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdio.Out, "OVERVIEW: Strata runner: compiles a program and runs its entry function\n\nUSAGE: strata-run [options] <input file>\n\nOPTIONS:\n\n")
				cli.WriteFlags(stdio.Out, fs, nil, cli.FlagsWidth(fs, nil))
				return ExitOK
			}
			if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: "); ok {
				fmt.Fprint(stdio.Err, cli.UnknownFlag("strata-run", name, rest, cli.FlagNames(fs)))
			} else {
				fmt.Fprintf(stdio.Err, "strata-run: %v\n", err)
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
	if *version {
		fmt.Fprint(stdio.Out, cli.Version("strata-run"))
		return ExitOK
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
	switch *engine {
	case EngineInterp, EngineCUDA:
	case EngineCPU:
		if *argFiles != "" || *dump != "" {
			fmt.Fprintln(stdio.Err, "strata-run: --args and --dump-results are not supported with --engine=cpu")
			return ExitUsage
		}
		if *checkLeaks {
			fmt.Fprintln(stdio.Err, "strata-run: --check-leaks is not supported with --engine=cpu")
			return ExitUsage
		}
		if programSeed != nil {
			fmt.Fprintln(stdio.Err, "strata-run: --program-order-seed is not supported with --engine=cpu")
			return ExitUsage
		}
	default:
		fmt.Fprintf(stdio.Err, "strata-run: invalid --engine=%q (want interp, cpu or cuda)\n", *engine)
		return ExitUsage
	}
	if *timeKernels < 0 || *timeKernels > 0 && *engine != EngineCUDA {
		fmt.Fprintln(stdio.Err, "strata-run: --time-kernels takes a positive count and --engine=cuda")
		return ExitUsage
	}

	src, name, err := asm.ReadSource(input, stdio.In)
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
	if *allowUnreg {
		ctx.AllowUnregisteredDialects = true
	}
	module, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: name})
	if err != nil {
		return emit(err)
	}
	if err := ir.Verify(module); err != nil {
		return emit(err)
	}
	opts := Options{Entry: *entry, Result: *result, DumpDir: *dump, Out: stdio.Out, Err: stdio.Err, Engine: *engine, OptLevel: optLevel, CheckLeaks: *checkLeaks, ProgramOrderSeed: programSeed, TimeKernels: *timeKernels}
	if *argFiles != "" {
		opts.ArgFiles = strings.Split(*argFiles, ",")
	}
	if err := ExecuteOptions(module, opts); err != nil {
		var ee *ProgramExit
		if errors.As(err, &ee) {
			if ee.Signal != nil {
				fmt.Fprintf(stdio.Err, "strata-run: %v\n", err)
			}
			return ee.Code
		}
		return emit(err)
	}
	return ExitOK
}

// Options configure ExecuteOptions.
type Options struct {
	// Entry is the function to call; Result the expected result type
	// (i32, i64, f32, f64 or void).
	Entry, Result string
	// ArgFiles are .npy files whose arrays are the entry's arguments.
	ArgFiles []string
	// DumpDir, when set, receives each result as result<N>.npy instead
	// of the result being printed.
	DumpDir string
	// Out receives the program's output and the printed result.
	Out io.Writer
	// Err receives the standard error of a program compiled by the CPU
	// engine (discarded when nil).
	Err io.Writer
	// Engine is EngineInterp (also when empty) or EngineCPU, which
	// compiles the program (ExecuteCPU); ArgFiles and DumpDir are the
	// interpreter's only.
	Engine string
	// OptLevel is llc's optimization level for the CPU engine, "0" to
	// "3", or "" for llc's default.
	OptLevel string
	// CheckLeaks makes the interpreter fail when buffers allocated on the
	// heap (memref.alloc, memref.realloc, bufferization.clone) and not
	// returned are still live when the entry function returns.
	CheckLeaks bool
	// ProgramOrderSeed, when set, makes the interpreter run the programs
	// of the parallel axes of tile.launch grids in an order shuffled by
	// the seed (interp/tile.SetProgramOrder).
	ProgramOrderSeed *int64
	// TimeKernels, with EngineCUDA, repeats every kernel launch that many
	// times between CUDA events and writes the median time to Err.
	TimeKernels int
}

// Execute interprets the function named entry in module and returns what
// mlir-runner prints: the program's output, then the result for the
// result type resultType (i32, i64, f32, f64 or void) with its trailing
// newline. Errors are located diagnostics.
func Execute(module *ir.Operation, entry, resultType string) (string, error) {
	var b strings.Builder
	err := ExecuteOptions(module, Options{Entry: entry, Result: resultType, Out: &b})
	return b.String(), err
}

// ExecuteOptions runs opts.Entry in module with opts.Engine (the
// interpreter by default, or the CPU engine: ExecuteCPU), writing what
// mlir-runner prints to opts.Out.
func ExecuteOptions(module *ir.Operation, opts Options) error {
	switch opts.Engine {
	case "", EngineInterp:
	case EngineCPU:
		if len(opts.ArgFiles) > 0 || opts.DumpDir != "" {
			return errors.New("arguments and dumped results are not supported with --engine=cpu")
		}
		return ExecuteCPU(module, opts)
	case EngineCUDA:
		return ExecuteCUDA(module, opts)
	default:
		return fmt.Errorf("unknown engine %q (want interp, cpu or cuda)", opts.Engine)
	}
	return interpret(module, opts, nil)
}

// interpret runs opts.Entry in module with the interpreter, whose
// registry extend may complete (nil: the semantics of interp/all).
func interpret(module *ir.Operation, opts Options, extend func(*interp.Registry)) error {
	entry, resultType := opts.Entry, opts.Result
	fn := interp.LookupFunction(module, entry)
	if fn == nil {
		return ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return interp.Errorf(fn, "entry point '@"+entry+"' has no body")
	}
	body := fn.Region(0).First()
	var args []interp.Value
	for i, file := range opts.ArgFiles {
		if i >= body.NumArguments() {
			return interp.Errorf(fn, fmt.Sprintf("entry point '@%s' takes %d arguments, %d given", entry, body.NumArguments(), len(opts.ArgFiles)))
		}
		v, err := ReadNPYFile(file, body.Argument(i).Type())
		if err != nil {
			return err
		}
		args = append(args, v)
	}
	if body.NumArguments() != len(args) {
		if len(args) == 0 {
			return interp.Errorf(fn, "entry point '@"+entry+"' must take no arguments")
		}
		return interp.Errorf(fn, fmt.Sprintf("entry point '@%s' takes %d arguments, %d given", entry, body.NumArguments(), len(args)))
	}
	reg := interp.NewRegistry()
	all.Register(reg)
	if extend != nil {
		extend(reg)
	}
	in := interp.New(reg)
	in.Out = opts.Out
	in.CheckLeaks = opts.CheckLeaks
	if opts.ProgramOrderSeed != nil {
		tile.SetProgramOrder(in, *opts.ProgramOrderSeed)
	}
	res, err := in.Call(nil, fn, args)
	if err != nil {
		return err
	}
	if leaks := in.Leaks(res); len(leaks) > 0 {
		return leakError(leaks, entry)
	}
	if opts.DumpDir != "" {
		for i, r := range res {
			if err := WriteNPYFile(filepath.Join(opts.DumpDir, fmt.Sprintf("result%d.npy", i)), r); err != nil {
				return err
			}
		}
		return nil
	}
	if resultType == "void" {
		if len(res) != 0 {
			return interp.Errorf(fn, "entry point '@"+entry+"' returns values but -entry-point-result=void")
		}
		return nil
	}
	if len(res) != 1 || asm.TypeString(res[0].Type) != resultType {
		got := make([]string, len(res))
		for i, r := range res {
			got[i] = asm.TypeString(r.Type)
		}
		return interp.Errorf(fn, "entry point '@"+entry+"' returns ("+strings.Join(got, ", ")+") but -entry-point-result="+resultType)
	}
	_, err = io.WriteString(opts.Out, Format(res[0])+"\n")
	return err
}

// Format renders a value as mlir-runner prints a result (llvm::raw_ostream):
// integers in signed decimal, floats with C's "%e", NaN as "nan" whatever
// its sign, infinities as "INF" and "-INF".
func Format(v interp.Value) string {
	if !v.IsFloat() {
		return fmt.Sprint(v.Int())
	}
	f := v.Float()
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "INF"
	case math.IsInf(f, -1):
		return "-INF"
	}
	return fmt.Sprintf("%e", f)
}

// leakError reports the allocations still live when the entry returns,
// located at the first allocating operation, with a note for each other
// operation that leaked.
func leakError(leaks []*ir.Operation, entry string) error {
	msg := fmt.Sprintf("buffer allocated here is still live when '@%s' returns", entry)
	if n := len(leaks); n > 1 {
		msg += fmt.Sprintf(" (%d buffers leak)", n)
	}
	d := ir.NewError(leaks[0].Loc(), msg)
	seen := map[*ir.Operation]bool{leaks[0]: true}
	for _, op := range leaks[1:] {
		if !seen[op] {
			seen[op] = true
			d.Note(op.Loc(), "a buffer allocated here is still live too")
		}
	}
	return d
}
