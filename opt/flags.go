package opt

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/cli"
)

// parseFlags parses mlir-opt style flags: a single or double dash, `=value`
// or a separate value, and one positional input file.
func parseFlags(args []string, stderr io.Writer) (*Options, error) {
	o := &Options{Input: "-", SplitMarker: "// -----", OutputSplitMarker: "// -----"}
	fs := flag.NewFlagSet("strata-opt", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.Output, "o", "-", "output filename")
	fs.BoolVar(&o.AllowUnregistered, "allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	fs.BoolVar(&o.Generic, "mlir-print-op-generic", false, "print the generic op form")
	fs.BoolVar(&o.DebugInfo, "mlir-print-debuginfo", false, "print debug info (locations)")
	fs.BoolVar(&o.LocalScope, "mlir-print-local-scope", false, "print without aliases")
	fs.Var((*verifyLevel)(o), "verify-diagnostics", "check expected-* annotations against the diagnostics (=only-expected: leave unexpected ones unreported)")
	fs.BoolVar(&o.ShowDialects, "show-dialects", false, "print the registered dialects and exit")
	fs.BoolVar(&o.Version, "version", false, "print the version and exit")
	fs.BoolVar(&o.NoImplicitModule, "no-implicit-module", false, "do not wrap the input in a module")
	fs.Int64Var(&o.HexThreshold, "mlir-print-elementsattrs-with-hex-if-larger", 100, "print dense elements with more elements than this as hex (-1 disables)")
	fs.BoolVar(&o.AssumeVerified, "mlir-print-assume-verified", false, "skip verification before printing")
	fs.BoolVar(&o.CheckSemantics, "check-semantics", false, "interpret the entry function before the pipeline and after each pass, and fail at the first pass that changes its output")
	fs.StringVar(&o.CheckEntry, "check-semantics-entry", "main", "the function --check-semantics interprets")
	fs.StringVar(&o.OutputSplitMarker, "output-split-marker", "// -----", "marker printed between split outputs")
	split := &optionalString{def: "// -----"}
	fs.Var(split, "split-input-file", "split the input on the marker (default \"// -----\") and process each chunk")
	o.Pass.Register(fs)
	fs.Var((*stringList)(&o.LoadDialects), "load-dialect", "load a dialect definition file (.irdl); may be repeated")
	fs.Var(new(stringList), "load-dialect-plugin", "load a dialect plugin (a Go plugin .so exporting RegisterDialects); may be repeated")
	fs.Var(new(stringList), "load-pass-plugin", "load a pass plugin (a Go plugin .so exporting RegisterPasses); may be repeated")
	var positional []string
	rest := args
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			name := strings.TrimPrefix(err.Error(), "flag provided but not defined: ")
			if err == flag.ErrHelp {
				writeHelp(stderr, fs)
				return nil, err
			}
			if name != err.Error() {
				fmt.Fprint(stderr, cli.UnknownFlag("strata-opt", name, rest, cli.FlagNames(fs)))
			} else {
				fmt.Fprintf(stderr, "strata-opt: %v\n", err)
			}
			return nil, err
		}
		rest = fs.Args()
		if len(rest) > 0 {
			positional = append(positional, rest[0])
			rest = rest[1:]
		}
	}
	if len(positional) > 1 {
		fmt.Fprintf(stderr, "strata-opt: Too many positional arguments specified!\n")
		return nil, fmt.Errorf("too many positional arguments")
	}
	if len(positional) == 1 {
		o.Input = positional[0]
	}
	if split.set {
		o.SplitInputFile = true
		o.SplitMarker = split.val
	}
	return o, nil
}

// optionalString is a flag that may appear bare (--split-input-file) or
// with a value (--split-input-file=MARKER).
type optionalString struct {
	def, val string
	set      bool
}

func (s *optionalString) String() string { return s.val }
func (s *optionalString) Set(v string) error {
	s.set = true
	if v == "true" || v == "" {
		s.val = s.def
	} else {
		s.val = v
	}
	return nil
}
func (s *optionalString) IsBoolFlag() bool { return true }

// OptionalValue names the value that may follow the flag, for --help.
func (s *optionalString) OptionalValue() string { return "<string>" }

// verifyLevel is --verify-diagnostics, bare (or =all) to report every
// diagnostic that no annotation expects, =only-expected to check only that
// the annotations are met.
type verifyLevel Options

func (l *verifyLevel) String() string {
	if l == nil || !l.VerifyDiagnostics {
		return ""
	}
	if l.VerifyOnlyExpected {
		return "only-expected"
	}
	return "all"
}

func (l *verifyLevel) Set(v string) error {
	switch v {
	case "true", "", "all":
		l.VerifyOnlyExpected = false
	case "only-expected":
		l.VerifyOnlyExpected = true
	default:
		return errors.New("for the --verify-diagnostics option: Cannot find option named '" + v + "'!")
	}
	l.VerifyDiagnostics = true
	return nil
}

func (l *verifyLevel) IsBoolFlag() bool { return true }

// OptionalValue names the values that may follow the flag, for --help.
func (l *verifyLevel) OptionalValue() string { return "<value>" }

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }
func (l *stringList) Get() any           { return l.String() }

// writeHelp writes --help as mlir-opt lays it out: the driver's own flags,
// then every registered pass with its options and every pipeline.
func writeHelp(w io.Writer, fs *flag.FlagSet) {
	driverFlag := func(f *flag.Flag) bool {
		_, isPass := pass.Lookup(f.Name)
		_, isPipeline := pass.LookupPipeline(f.Name)
		return !isPass && !isPipeline
	}
	col := max(cli.FlagsWidth(fs, driverFlag), pass.HelpWidth())
	fmt.Fprint(w, "OVERVIEW: Strata modular optimizer driver\n\nUSAGE: strata-opt [options] <input file>\n\nOPTIONS:\n\nGeneral options:\n\n")
	cli.WriteFlags(w, fs, driverFlag, col)
	fmt.Fprint(w, "\n  Compiler passes to run\n")
	pass.WriteHelp(w, col)
}
