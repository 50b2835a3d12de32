package pass

import (
	"errors"
	"flag"
	"strings"
)

// CLOptions holds mlir-opt's pass-manager flags, so that a driver gets
// them all with one Register call and configures its Manager with one
// Configure call:
//
//	--pass-pipeline=PIPELINE (-p)        --dump-pass-pipeline
//	--<pass>[=OPTIONS] for each registered pass and pipeline
//	--mlir-disable-threading             --verify-each (default true)
//	--mlir-timing  --mlir-timing-display=tree|list
//	--mlir-pass-statistics  --mlir-pass-statistics-display=pipeline|list
//	--mlir-print-ir-before=ARGS  --mlir-print-ir-after=ARGS
//	--mlir-print-ir-before-all  --mlir-print-ir-after-all
//	--mlir-print-ir-after-change  --mlir-print-ir-after-failure
//	--mlir-print-ir-module-scope
//	--mlir-pass-pipeline-crash-reproducer=FILE
//	--mlir-pass-pipeline-local-reproducer  --run-reproducer
type CLOptions struct {
	PassPipeline     string
	Passes           []PassFlag
	DumpPassPipeline bool

	DisableThreading bool
	VerifyEach       bool

	Timing                bool
	TimingDisplay         string
	PassStatistics        bool
	PassStatisticsDisplay string

	PrintIRBefore, PrintIRAfter          []string
	PrintIRBeforeAll, PrintIRAfterAll    bool
	PrintIRAfterChange, PrintIRAfterFail bool
	PrintIRModuleScope                   bool

	CrashReproducer string
	LocalReproducer bool
	RunReproducer   bool
}

// PassFlag is one occurrence of a per-pass flag: --canonicalize="max-iterations=3".
type PassFlag struct {
	Argument string
	Options  string
}

// Register defines the flags on fs, with the defaults of mlir-opt, and one
// flag per registered pass and pipeline (skipping names fs already has).
func (o *CLOptions) Register(fs *flag.FlagSet) {
	o.VerifyEach = true
	o.TimingDisplay, o.PassStatisticsDisplay = "tree", "pipeline"
	fs.StringVar(&o.PassPipeline, "pass-pipeline", "", "A textual description of a pass pipeline to run")
	fs.StringVar(&o.PassPipeline, "p", "", "Alias for --pass-pipeline")
	fs.BoolVar(&o.DumpPassPipeline, "dump-pass-pipeline", false, "Print the pipeline that will be run")
	fs.BoolVar(&o.DisableThreading, "mlir-disable-threading", false, "Disable multi-threading within MLIR")
	fs.BoolVar(&o.VerifyEach, "verify-each", true, "Run the verifier after each transformation pass")
	fs.BoolVar(&o.Timing, "mlir-timing", false, "Display execution times")
	fs.StringVar(&o.TimingDisplay, "mlir-timing-display", "tree", "Display method for timing data (list|tree)")
	fs.BoolVar(&o.PassStatistics, "mlir-pass-statistics", false, "Display the statistics of each pass")
	fs.StringVar(&o.PassStatisticsDisplay, "mlir-pass-statistics-display", "pipeline", "Display method for pass statistics (list|pipeline)")
	fs.Var((*listFlag)(&o.PrintIRBefore), "mlir-print-ir-before", "Print IR before specified passes")
	fs.Var((*listFlag)(&o.PrintIRAfter), "mlir-print-ir-after", "Print IR after specified passes")
	fs.BoolVar(&o.PrintIRBeforeAll, "mlir-print-ir-before-all", false, "Print IR before each pass")
	fs.BoolVar(&o.PrintIRAfterAll, "mlir-print-ir-after-all", false, "Print IR after each pass")
	fs.BoolVar(&o.PrintIRAfterChange, "mlir-print-ir-after-change", false, "When printing the IR after a pass, only print if the IR changed")
	fs.BoolVar(&o.PrintIRAfterFail, "mlir-print-ir-after-failure", false, "When printing the IR after a pass, only print if the pass failed")
	fs.BoolVar(&o.PrintIRModuleScope, "mlir-print-ir-module-scope", false, "When printing IR for print-ir-[before|after]{-all} always print the top-level operation")
	fs.StringVar(&o.CrashReproducer, "mlir-pass-pipeline-crash-reproducer", "", "Generate a .mlir reproducer file at the given output path if the pass manager crashes or fails")
	fs.BoolVar(&o.LocalReproducer, "mlir-pass-pipeline-local-reproducer", false, "When generating a crash reproducer, attempt to generated a reproducer with the smallest pipeline.")
	fs.BoolVar(&o.RunReproducer, "run-reproducer", false, "Run the pipeline stored in the reproducer")
	for _, r := range Registered() {
		if fs.Lookup(r.Argument) == nil {
			fs.Var(&passFlag{o: o, arg: r.Argument}, r.Argument, r.Summary)
		}
	}
	for _, r := range RegisteredPipelines() {
		if fs.Lookup(r.Argument) == nil {
			fs.Var(&passFlag{o: o, arg: r.Argument}, r.Argument, r.Summary)
		}
	}
}

// passFlag is the flag.Value of a per-pass flag: bare (--cse) or with an
// option string (--canonicalize=max-iterations=3). Each occurrence appends
// to CLOptions.Passes, so the order of the command line is kept.
type passFlag struct {
	o   *CLOptions
	arg string
}

func (f *passFlag) String() string   { return "" }
func (f *passFlag) IsBoolFlag() bool { return true }
func (f *passFlag) Set(v string) error {
	if v == "true" {
		v = ""
	}
	f.o.Passes = append(f.o.Passes, PassFlag{f.arg, v})
	return nil
}

// listFlag is a comma-separated list flag that may repeat.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// Configure sets up m from the flags: the pipeline (from --pass-pipeline,
// or the per-pass flags with implicit nesting), threading, verification,
// IR printing and the crash reproducer. Timing, statistics, dumping the
// pipeline and running a reproducer need the driver: see NewTiming,
// StatisticsMode and Manager.ApplyReproducer. Errors read as mlir-opt's.
func (o *CLOptions) Configure(m *Manager) error {
	if o.PassPipeline != "" && len(o.Passes) > 0 {
		return errors.New("'-pass-pipeline' option can't be used with individual pass options")
	}
	if o.TimingDisplay != "" && o.TimingDisplay != "tree" && o.TimingDisplay != "list" {
		return errors.New("for the --mlir-timing-display option: Cannot find option named '" + o.TimingDisplay + "'!")
	}
	if o.PassStatisticsDisplay != "" && o.PassStatisticsDisplay != "pipeline" && o.PassStatisticsDisplay != "list" {
		return errors.New("for the --mlir-pass-statistics-display option: Cannot find option named '" + o.PassStatisticsDisplay + "'!")
	}
	if o.PassPipeline != "" {
		if err := m.Parse(o.PassPipeline); err != nil {
			if pe, ok := err.(*PipelineError); ok && pe.Offset >= 0 {
				// mlir-opt ends the report of a pipeline that does not
				// parse with an empty line.
				pe.text += "\n"
			}
			return err
		}
	} else {
		m.SetNesting(Implicit)
		for _, p := range o.Passes {
			if err := m.AddNamed(p.Argument, p.Options); err != nil {
				return err
			}
		}
	}
	m.DisableThreading = o.DisableThreading
	m.VerifyEach = o.VerifyEach
	cfg := IRPrinting{
		BeforeAll: o.PrintIRBeforeAll, AfterAll: o.PrintIRAfterAll,
		Before: o.PrintIRBefore, After: o.PrintIRAfter,
		AfterChange: o.PrintIRAfterChange, AfterFailure: o.PrintIRAfterFail,
		ModuleScope: o.PrintIRModuleScope,
	}
	if cfg.BeforeAll || cfg.AfterAll || cfg.AfterFailure || len(cfg.Before) > 0 || len(cfg.After) > 0 {
		m.EnableIRPrinting(cfg)
	}
	if o.CrashReproducer != "" {
		m.EnableCrashReproducer(o.CrashReproducer, o.LocalReproducer)
	}
	return nil
}

// NewTiming returns a started Timing with the requested display when
// --mlir-timing is on, and nil otherwise.
func (o *CLOptions) NewTiming() *Timing {
	if !o.Timing {
		return nil
	}
	t := NewTiming()
	if o.TimingDisplay == "list" {
		t.Display = TimingList
	}
	return t
}

// StatisticsMode returns the display of --mlir-pass-statistics-display.
func (o *CLOptions) StatisticsMode() StatisticsDisplay {
	if o.PassStatisticsDisplay == "list" {
		return StatisticsList
	}
	return StatisticsPipeline
}
