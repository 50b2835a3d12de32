package translate

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// driverFlags are the flags of Main other than the translations.
var driverFlags = map[string]bool{"o": true, "allow-unregistered-dialect": true, "help": true, "h": true}

// Main is strata-translate: it reads MLIR text and writes the translation
// chosen by one flag --NAME among the registered translations (Register).
// It accepts mlir-translate's spellings of its flags (-o,
// --allow-unregistered-dialect), before or after the input file; --help
// lists the translations. It returns the exit status: 0 on success, 1 on
// an error, 2 on bad usage.
func Main(ctx *ir.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("strata-translate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	translations := Registered()
	chosen := make([]*bool, len(translations))
	run := make([]func(*ir.Operation, io.Writer) error, len(translations))
	for i, t := range translations {
		chosen[i] = fs.Bool(t.Name, false, t.Summary)
		run[i] = t.Translate
		if t.Options != nil {
			run[i] = t.Options(fs)
		}
	}
	out := fs.String("o", "-", "output file")
	allowUnreg := fs.Bool("allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	// Flags may follow the input file, as with mlir-translate.
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				writeHelp(stdout, translations)
				return 0
			}
			if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: "); ok {
				fmt.Fprintf(stderr, "strata-translate: unknown translation or option '%s'\n", name)
			} else {
				fmt.Fprintf(stderr, "strata-translate: %v\n", err)
			}
			writeTranslations(stderr, translations)
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	var tr *Translation
	var translateFn func(*ir.Operation, io.Writer) error
	for i := range translations {
		if !*chosen[i] {
			continue
		}
		if tr != nil {
			fmt.Fprintf(stderr, "strata-translate: more than one translation chosen (--%s and --%s)\n", tr.Name, translations[i].Name)
			return 2
		}
		tr, translateFn = &translations[i], run[i]
	}
	if tr == nil {
		fmt.Fprintln(stderr, "strata-translate: no translation chosen")
		writeTranslations(stderr, translations)
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
	var text strings.Builder
	if err := translateFn(module, &text); err != nil {
		return emit(err)
	}
	if *out == "-" {
		_, err = io.WriteString(stdout, text.String())
	} else {
		err = os.WriteFile(*out, []byte(text.String()), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "strata-translate: %v\n", err)
		return 1
	}
	return 0
}

// writeTranslations lists the translations as --help does.
func writeTranslations(w io.Writer, translations []Translation) {
	fmt.Fprintln(w, "Available translations:")
	width := 0
	for _, t := range translations {
		width = max(width, len(t.Name))
	}
	for _, t := range translations {
		fmt.Fprintf(w, "  --%-*s - %s\n", width, t.Name, t.Summary)
	}
}

// writeHelp writes the usage of Main.
func writeHelp(w io.Writer, translations []Translation) {
	fmt.Fprintln(w, "OVERVIEW: Strata translation tool")
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "USAGE: strata-translate [options] <input file>")
	fmt.Fprintln(w, "")
	writeTranslations(w, translations)
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "Options:")
	fmt.Fprintln(w, "  --allow-unregistered-dialect - Allow operations of unregistered dialects")
	fmt.Fprintln(w, "  -o <filename>                - Output filename (default: -, standard output)")
	for _, t := range translations {
		if t.Options == nil {
			continue
		}
		fs := flag.NewFlagSet(t.Name, flag.ContinueOnError)
		t.Options(fs)
		fmt.Fprintf(w, "\nOptions of --%s:\n", t.Name)
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(w, "  --%s - %s\n", f.Name, f.Usage)
		})
	}
}
