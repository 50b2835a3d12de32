// Package opt is the library behind strata-opt: an opt-style driver that
// parses MLIR text, verifies it, runs passes and prints the result. Any
// project can build its own driver with its own dialects by calling Main
// with a Context that has them registered.
package opt

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/cli"
	"github.com/strata-ir/strata/semcheck"
)

// Exit codes of Main.
const (
	ExitOK    = 0
	ExitError = 1
	// ExitUsage is the status of a command-line error: 1, as mlir-opt-22's
	// (LLVM's option parser exits with 1).
	ExitUsage = 1
)

// Options are the parsed command-line options.
type Options struct {
	Input             string
	Output            string
	AllowUnregistered bool
	Generic           bool
	DebugInfo         bool
	LocalScope        bool
	SplitInputFile    bool
	SplitMarker       string
	OutputSplitMarker string
	VerifyDiagnostics bool
	// VerifyOnlyExpected leaves the diagnostics that no annotation
	// expects unreported (--verify-diagnostics=only-expected).
	VerifyOnlyExpected bool
	ShowDialects       bool
	// Version prints the version line and exits.
	Version          bool
	NoImplicitModule bool
	HexThreshold     int64
	AssumeVerified   bool
	// CheckSemantics interprets the function CheckEntry before the
	// pipeline and after every pass, and fails at the first pass that
	// changes what it prints or returns (translation validation).
	CheckSemantics bool
	CheckEntry     string
	// LoadDialects are dialect definition files to load before parsing.
	LoadDialects []string
	// Pass holds the pass-manager flags and the requested pipeline.
	Pass pass.CLOptions
}

// Stdio bundles the streams Main uses, so tests can run it in process.
type Stdio struct {
	In       io.Reader
	Out, Err io.Writer
}

// Main runs strata-opt with args (without the program name) on the
// process's standard streams and returns the exit code.
func Main(ctx *ir.Context, args []string) int {
	return Run(ctx, args, Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
}

// Run is Main with explicit streams.
func Run(ctx *ir.Context, args []string, io Stdio) int {
	// Plugins load before the flags are parsed: a pass plugin adds flags
	// (one per pass), and a dialect plugin's dialects show in --help.
	for _, pl := range pluginArgs(args) {
		var err error
		if pl.pass {
			err = loadPassPlugin(pl.path)
		} else {
			err = loadDialectPlugin(ctx, pl.path)
		}
		if err != nil {
			fmt.Fprintf(io.Err, "strata-opt: %v\n", err)
			return ExitError
		}
	}
	opts, err := parseFlags(args, io.Err)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	ctx.AllowUnregisteredDialects = opts.AllowUnregistered
	for _, f := range opts.LoadDialects {
		data, err := os.ReadFile(f)
		if err == nil {
			err = irdl.Load(ctx, f, data)
		}
		if err != nil {
			fmt.Fprintf(io.Err, "%v\n", err)
			return ExitError
		}
	}
	if opts.ShowDialects {
		// The dialects that define operations, those of --load-dialect
		// included; namespaces registered only as placeholders are not
		// dialects Strata has.
		fmt.Fprintln(io.Out, "Available Dialects:")
		var names []string
		for _, d := range ctx.Dialects() {
			if !d.Placeholder {
				names = append(names, d.Name)
			}
		}
		sort.Strings(names)
		fmt.Fprintln(io.Out, strings.Join(names, ", "))
		return ExitOK
	}
	if opts.Version {
		fmt.Fprint(io.Out, cli.Version("strata-opt"))
		return ExitOK
	}
	src, name, err := readInput(opts.Input, io.In)
	if err != nil {
		// The same words as mlir-opt: "cannot open input file 'x': No such
		// file or directory".
		msg := err.Error()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			msg = pe.Err.Error()
		}
		if msg != "" {
			msg = strings.ToUpper(msg[:1]) + msg[1:]
		}
		fmt.Fprintf(io.Err, "cannot open input file '%s': %s\n", opts.Input, msg)
		return ExitError
	}
	dest, closeOut, err := openOutput(opts.Output, io.Out)
	if err != nil {
		fmt.Fprintf(io.Err, "strata-opt: %v\n", err)
		return ExitError
	}
	out := bufio.NewWriterSize(dest, 1<<20)
	sm := asm.NewSourceManager()
	sm.Add(name, src)
	chunks := []asm.Chunk{{Start: 0, End: len(src), MarkerEnd: -1}}
	if opts.SplitInputFile {
		chunks = asm.SplitInput(src, opts.SplitMarker)
	}
	failed := false
	// As mlir-opt-22, the annotations of the input are read (and
	// malformed ones reported) with or without --verify-diagnostics,
	// and those that nothing matched are listed at the end either way;
	// only with it do they count and are diagnostics checked against
	// them.
	verifier := asm.NewDiagnosticVerifier(sm, name, src, io.Err)
	verifier.OnlyExpected = opts.VerifyOnlyExpected
	emit := func(d *ir.Diagnostic) {
		if opts.VerifyDiagnostics {
			// As mlir-opt (printOpOnDiagnostic is off when verifying
			// diagnostics), drop the "see current operation" notes.
			verifier.Handle(withoutOpNotes(d))
			return
		}
		sm.WriteDiagnostic(io.Err, d)
	}
	for i, c := range chunks {
		if i > 0 {
			out.WriteString(opts.OutputSplitMarker)
			out.WriteByte('\n')
		}
		if !processChunk(ctx, src, name, c, opts, out, io.Err, emit) {
			failed = true
		}
	}
	if opts.VerifyDiagnostics {
		failed = !verifier.Verify()
	}
	// mlir-opt's handler verifies once more when it is destroyed: the
	// only check without --verify-diagnostics, and with it a second
	// report of the unmatched @unknown annotations.
	verifier.Verify()
	err = out.Flush()
	if cerr := closeOut(!failed && err == nil); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(io.Err, "strata-opt: %v\n", err)
		return ExitError
	}
	if failed {
		return ExitError
	}
	return ExitOK
}

func processChunk(ctx *ir.Context, src []byte, name string, c asm.Chunk, opts *Options, out io.Writer, errw io.Writer, emit func(*ir.Diagnostic)) bool {
	// As mlir-opt, each chunk has its own timing report, printed when the
	// chunk is done: parsing (with the verification after it), the
	// passes, then the output.
	timing := opts.Pass.NewTiming()
	if timing != nil {
		defer timing.Report(errw)
	}
	var parserTimer *pass.Timer
	if timing != nil {
		parserTimer = timing.Start("Parser")
	}
	cfg := asm.Config{Filename: name, Chunked: true, Start: c.Start, End: c.End}
	s, err := asm.Parse(ctx, src, cfg)
	if err != nil {
		emitErr(err, emit)
		return false
	}
	var top *ir.Operation
	if opts.NoImplicitModule {
		f := s.Block.First()
		if f == nil || f != s.Block.Last() {
			emit(ir.NewError(ctx.FileLineCol(name, 1, 1), "source must contain a single top-level operation, found: "+fmt.Sprint(s.Block.NumOps())))
			return false
		}
		f.Remove()
		top = f
	} else {
		var loc ir.Location = ctx.FileLineCol(name, 0, 0)
		if c.MarkerEnd >= 0 {
			line, col := lineColOf(src, c.MarkerEnd)
			loc = ctx.FileLineCol(name, uint32(line), uint32(col))
		}
		top = asm.WrapInModule(ctx, s.Block, loc)
	}
	if err := ir.Verify(top); err != nil {
		emitErr(err, emit)
		return false
	}
	if parserTimer != nil {
		parserTimer.Stop()
	}
	popts := asm.PrintOptions{Generic: opts.Generic, DebugInfo: opts.DebugInfo, LocalScope: opts.LocalScope,
		HexThreshold: opts.HexThreshold, Resources: s.Resources, Sequential: opts.Pass.DisableThreading}
	if !runPipeline(ctx, top, s.Resources, opts, popts, timing, errw, emit) {
		return false
	}
	if timing != nil {
		defer timing.Start("Output").Stop()
	}
	// The parser verified the input and, with --verify-each, the pass
	// manager each pass's output; otherwise the printer verifies first,
	// as mlir-opt's does without --mlir-print-assume-verified.
	popts.VerifyFirst = !opts.AssumeVerified && !opts.Pass.VerifyEach && hasPipeline(&opts.Pass)
	if err := asm.Print(out, top, popts); err != nil {
		emitErr(err, emit)
		return false
	}
	return true
}

// withoutOpNotes returns d without the "see current operation" notes that
// ir.EmitError attaches.
func withoutOpNotes(d *ir.Diagnostic) *ir.Diagnostic {
	keep := d.Notes[:0:0]
	for _, n := range d.Notes {
		if !strings.HasPrefix(n.Message, "see current operation: ") {
			keep = append(keep, n)
		}
	}
	if len(keep) == len(d.Notes) {
		return d
	}
	c := *d
	c.Notes = keep
	return &c
}

func emitErr(err error, emit func(*ir.Diagnostic)) {
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		emit(d)
		return
	}
	var ds ir.Diagnostics
	if errors.As(err, &ds) {
		for _, d := range ds {
			emit(d)
		}
		return
	}
	emit(&ir.Diagnostic{Severity: ir.SeverityError, Message: err.Error()})
}

// optionParserError prints what mlir-opt's option parser prints on its
// own for err (see pass.OptionError.PrintedByParser) and returns the
// error the diagnostic then carries, or nil when there is none.
func optionParserError(err error, errw io.Writer) error {
	var pe *pass.PipelineError
	if errors.As(err, &pe) {
		if pe.Parser != nil {
			fmt.Fprint(errw, pe.Parser.PrintedText("strata-opt"))
		}
		return err
	}
	var oe *pass.OptionError
	if errors.As(err, &oe) {
		if oe.PrintedByParser() {
			fmt.Fprint(errw, oe.PrintedText("strata-opt"))
			if oe.OfPipeline {
				return nil
			}
		}
		return errors.New(oe.DiagnosticText())
	}
	return err
}

func lineColOf(src []byte, off int) (int, int) {
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, off - ls + 1
}

func readInput(name string, in io.Reader) ([]byte, string, error) {
	return asm.ReadSource(name, in)
}

// openOutput opens the -o destination. The returned close function keeps a
// named output file only when keep is true (as mlir-opt's ToolOutputFile
// does), removing it otherwise. Only a regular file is ever removed: a
// device such as /dev/null or a named pipe given as the output stays.
func openOutput(name string, stdout io.Writer) (io.Writer, func(keep bool) error, error) {
	if name == "" || name == "-" {
		return stdout, func(bool) error { return nil }, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func(keep bool) error {
		err := f.Close()
		if !keep {
			if fi, serr := os.Lstat(name); serr == nil && fi.Mode().IsRegular() {
				os.Remove(name)
			}
		}
		return err
	}, nil
}

// runPipeline builds the pass manager from the flags and runs it on top,
// with the dumps and statistics the flags ask for, timing the passes
// with timing when it is not nil.
// hasPipeline reports whether clo asks for passes to run.
func hasPipeline(clo *pass.CLOptions) bool {
	return clo.PassPipeline != "" || len(clo.Passes) > 0 || clo.RunReproducer || clo.DumpPassPipeline
}

func runPipeline(ctx *ir.Context, top *ir.Operation, res *ir.Resources, opts *Options, popts asm.PrintOptions, timing *pass.Timing, errw io.Writer, emit func(*ir.Diagnostic)) bool {
	clo := &opts.Pass
	if !hasPipeline(clo) {
		return true
	}
	m := pass.NewManager(ctx, top.Name())
	m.PanicStackTraces = os.Getenv("STRATA_PANIC_STACKS") != ""
	m.DiagHandler = emit
	m.Output = errw
	// The IR dumps of a pass (after a failure, or without --verify-each)
	// may show invalid IR.
	popts.VerifyFirst = !opts.AssumeVerified
	m.PrintOptions = popts
	if err := clo.Configure(m); err != nil {
		if err := optionParserError(err, errw); err != nil {
			emitErr(err, emit)
		}
		return false
	}
	if clo.RunReproducer {
		if err := m.ApplyReproducer(res); err != nil {
			emitErr(err, emit)
			return false
		}
	}
	var checker *semcheck.Checker
	if opts.CheckSemantics {
		// The checker goes first so that its After hook runs when the
		// pass's timer has stopped: interpreting is timed on its own.
		c, err := semcheck.NewChecker(top, opts.CheckEntry, timing)
		if err != nil {
			emitErr(err, emit)
			return false
		}
		checker = c
		if isTerminal(errw) {
			c.Progress = progressLine(errw)
		}
		m.DisableThreading = true
		m.AddInstrumentation(c)
		defer clearProgress(errw, c)
	}
	if timing != nil {
		m.EnableTiming(timing)
	}
	if clo.DumpPassPipeline {
		m.Dump(errw)
	}
	err := m.Run(top)
	if clo.PassStatistics {
		m.PrintStatistics(errw, clo.StatisticsMode())
	}
	return err == nil && (checker == nil || checker.Failure() == nil)
}

// progressDelay is how long --check-semantics runs silently before it
// shows a progress line on a terminal.
const progressDelay = 2 * time.Second

// progressLine returns a --check-semantics progress callback that keeps
// one line on w up to date once the run has taken progressDelay.
func progressLine(w io.Writer) func(string, int) {
	start := time.Now()
	return func(passArg string, checked int) {
		if d := time.Since(start); d >= progressDelay {
			fmt.Fprintf(w, "\r\x1b[Kstrata-opt: checking semantics: %d passes checked, last '%s' (%.1f s)", checked, passArg, d.Seconds())
		}
	}
}

// clearProgress erases the progress line, if one was shown.
func clearProgress(w io.Writer, c *semcheck.Checker) {
	if c.Progress != nil {
		fmt.Fprint(w, "\r\x1b[K")
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
