// Package translate is strata-translate as a library: a registry of
// translations out of MLIR (MLIR's TranslateFromMLIRRegistration) and
// Main, the command-line driver over it. Each target registers its
// translation from the init function of its package, under the name of
// its flag (mlir-to-llvmir for targets/llvmir); a project's own
// translate driver imports the targets it wants, registers its own
// translations the same way and calls Main:
//
//	func init() {
//		translate.Register(translate.Translation{Name: "mlir-to-foo", Summary: "Translate MLIR to Foo",
//			Translate: func(module *ir.Operation, w io.Writer) error { ... }})
//	}
//
//	func main() {
//		ctx := ir.NewContext()
//		all.Register(ctx)
//		os.Exit(translate.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
//	}
package translate

import (
	"flag"
	"io"
	"sort"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Translation is a translation out of MLIR, chosen on the command line
// by --Name.
type Translation struct {
	// Name is the flag without its dashes, e.g. "mlir-to-llvmir".
	Name string
	// Summary is the one-line description --help shows.
	Summary string
	// Translate writes the translation of module, a verified top-level
	// operation, to w. Errors should be located diagnostics.
	Translate func(module *ir.Operation, w io.Writer) error
	// Options, if set, declares the translation's own flags on fs (such
	// as --chip for PTX) and returns the translate function bound to
	// their values, used instead of Translate. Flags must not clash with
	// those of other translations.
	Options func(fs *flag.FlagSet) func(module *ir.Operation, w io.Writer) error
}

var registry = struct {
	sync.RWMutex
	byName map[string]Translation
}{byName: map[string]Translation{}}

// Register adds a translation to the registry. Registering a name twice,
// or one of the driver's own flags, panics, as defining a flag twice
// does. It is safe for concurrent use.
func Register(t Translation) {
	if t.Name == "" || (t.Translate == nil && t.Options == nil) {
		panic("translate: Register needs a Name and a Translate function")
	}
	if driverFlags[t.Name] {
		panic("translate: " + t.Name + " is a flag of the driver")
	}
	registry.Lock()
	defer registry.Unlock()
	if _, ok := registry.byName[t.Name]; ok {
		panic("translate: " + t.Name + " registered twice")
	}
	registry.byName[t.Name] = t
}

// Lookup returns the translation registered as name.
func Lookup(name string) (Translation, bool) {
	registry.RLock()
	defer registry.RUnlock()
	t, ok := registry.byName[name]
	return t, ok
}

// Registered returns the registered translations sorted by name.
func Registered() []Translation {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Translation, 0, len(registry.byName))
	for _, t := range registry.byName {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
