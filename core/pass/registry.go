package pass

import (
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Registration makes a pass available by name: in textual pipelines, as a
// command-line flag of its own (`--cse`, `--canonicalize="max-iterations=3
// top-down=false"`), and in --help.
type Registration struct {
	// Argument is the name, e.g. "cse".
	Argument string
	// Summary is the one-line description for --help; when empty, the
	// Summary of the pass's Info is used.
	Summary string
	// New returns a fresh instance with default options.
	New func() Pass
	// Lowers, when set, names the operations the pass lowers (the roots of
	// its conversion patterns, or the operations implementing the
	// interface it lowers through), registered in ctx: docs/coverage.md
	// is made from it.
	Lowers func(ctx *ir.Context) []string
}

// PipelineRegistration makes a named pipeline available like a pass
// (MLIR's PassPipelineRegistration).
type PipelineRegistration struct {
	Argument string
	Summary  string
	// Build adds the pipeline's passes to pm, configured by an option
	// string.
	Build func(pm *OpManager, options string) error
}

var registry = struct {
	sync.RWMutex
	passes    map[string]Registration
	pipelines map[string]PipelineRegistration
}{passes: map[string]Registration{}, pipelines: map[string]PipelineRegistration{}}

// Register adds a pass to the registry. Registering an argument twice
// panics, as defining a flag twice does.
func Register(r Registration) {
	if r.Argument == "" || r.New == nil {
		panic("pass: Register needs an Argument and a New function")
	}
	registry.Lock()
	defer registry.Unlock()
	mustBeNew(r.Argument)
	if r.Summary == "" {
		r.Summary = r.New().PassInfo().Summary
	}
	registry.passes[r.Argument] = r
}

// mustBeNew panics when a pass or pipeline already uses arg; the registry
// must be locked.
func mustBeNew(arg string) {
	_, pass := registry.passes[arg]
	_, pipeline := registry.pipelines[arg]
	if pass || pipeline {
		panic("pass: " + arg + " registered twice")
	}
}

// RegisterPipeline adds a named pipeline to the registry.
func RegisterPipeline(r PipelineRegistration) {
	if r.Argument == "" || r.Build == nil {
		panic("pass: RegisterPipeline needs an Argument and a Build function")
	}
	registry.Lock()
	defer registry.Unlock()
	mustBeNew(r.Argument)
	registry.pipelines[r.Argument] = r
}

// Lookup returns the registration of a pass.
func Lookup(argument string) (Registration, bool) {
	registry.RLock()
	defer registry.RUnlock()
	r, ok := registry.passes[argument]
	return r, ok
}

// LookupPipeline returns the registration of a named pipeline.
func LookupPipeline(argument string) (PipelineRegistration, bool) {
	registry.RLock()
	defer registry.RUnlock()
	r, ok := registry.pipelines[argument]
	return r, ok
}

// Registered returns the registered passes sorted by argument.
func Registered() []Registration {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Registration, 0, len(registry.passes))
	for _, r := range registry.passes {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Argument < out[j].Argument })
	return out
}

// RegisteredPipelines returns the registered pipelines sorted by argument.
func RegisteredPipelines() []PipelineRegistration {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]PipelineRegistration, 0, len(registry.pipelines))
	for _, r := range registry.pipelines {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Argument < out[j].Argument })
	return out
}

// Create returns a new instance of the registered pass configured with an
// option string.
func (r Registration) Create(options string) (Pass, error) {
	p := r.New()
	info := p.PassInfo()
	if info.Argument == "" {
		info.Argument = r.Argument
	}
	if info.Summary == "" {
		info.Summary = r.Summary
	}
	if err := info.Options.Parse(options); err != nil {
		return nil, err
	}
	return p, nil
}

// addTo creates the pass and adds it to pm (MLIR's default registry
// function).
func (r Registration) addTo(pm *OpManager, options string) error {
	p, err := r.Create(options)
	if err != nil {
		return err
	}
	return pm.addPass(p)
}

// Options returns the options of a fresh instance, to document them.
func (r Registration) Options() []*Option {
	info := r.New().PassInfo()
	return info.Options.All()
}

// WriteHelp writes the registered passes and pipelines as mlir-opt's
// --help lists them, with the '-' before each description at column
// descCol (0-based):
//
//	Passes:
//	  --canonicalize          -   Canonicalize operations
//	    --max-iterations=<long> - Max. iterations between ...
func WriteHelp(w io.Writer, descCol int) {
	section := func(header string, entries [][2]string, opts func(i int) *Options) {
		fmt.Fprintf(w, "    %s:\n", header)
		for i, e := range entries {
			fmt.Fprintf(w, "%s-   %s\n", pad("      --"+e[0], descCol), e[1])
			if o := opts(i); o != nil {
				o.writeHelp(w, descCol)
			}
		}
	}
	passes := Registered()
	var entries [][2]string
	for _, r := range passes {
		entries = append(entries, [2]string{r.Argument, r.Summary})
	}
	section("Passes", entries, func(i int) *Options { return &passes[i].New().PassInfo().Options })
	if pls := RegisteredPipelines(); len(pls) > 0 {
		entries = entries[:0]
		for _, r := range pls {
			entries = append(entries, [2]string{r.Argument, r.Summary})
		}
		section("Pass Pipelines", entries, func(int) *Options { return nil })
	}
}

// HelpWidth returns the smallest description column that fits every
// registered pass and option in WriteHelp.
func HelpWidth() int {
	w := 0
	for _, r := range Registered() {
		w = max(w, len("      --"+r.Argument)+1)
		for _, o := range r.Options() {
			w = max(w, len("        --"+o.Name+"="+o.TypeName())+2)
		}
	}
	for _, r := range RegisteredPipelines() {
		w = max(w, len("      --"+r.Argument)+1)
	}
	return w
}
