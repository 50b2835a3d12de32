// Package cli holds what Strata's command-line tools share: the
// "did you mean" suggestion for a mistyped flag and the version line.
package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
)

// Suggest returns the candidate closest to name by edit distance, as
// LLVM's command-line parser suggests an option, and false when none is
// close enough (more than a third of the name's length away).
func Suggest(name string, candidates []string) (string, bool) {
	name = strings.TrimLeft(name, "-")
	if n, _, ok := strings.Cut(name, "="); ok {
		name = n
	}
	best, bestDist := "", len(name)/3+1
	for _, c := range candidates {
		if d := distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, best != ""
}

// FlagNames returns the names of the flags defined in fs.
func FlagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// UnknownFlag is the diagnostic for an unknown flag of tool, which package
// flag reports as name: LLVM's line naming the argument as written in
// args, then a suggestion when one flag is close.
func UnknownFlag(tool, name string, args, candidates []string) string {
	arg := name
	for _, a := range args {
		if a == "--" {
			break
		}
		if n, _, _ := strings.Cut(a, "="); strings.HasPrefix(n, "-") && strings.TrimLeft(n, "-") == strings.TrimLeft(name, "-") {
			arg = a
			break
		}
	}
	msg := fmt.Sprintf("%s: Unknown command line argument '%s'.  Try: '%s --help'\n", tool, arg, tool)
	if s, ok := Suggest(arg, candidates); ok {
		msg += fmt.Sprintf("%s: Did you mean '--%s'?\n", tool, s)
	}
	return msg
}

// Version returns the version line of tool: the module version or the
// revision it was built from, and the Go toolchain.
func Version(tool string) string {
	v := "(devel)"
	goVersion := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		} else {
			rev, dirty := "", false
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				v = "revision " + rev
				if dirty {
					v += " (modified)"
				}
			}
		}
	}
	return fmt.Sprintf("%s: Strata %s, built with %s\n", tool, v, goVersion)
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// WriteFlags writes the flags of fs for which keep returns true (all when
// keep is nil) in the form of LLVM's --help, sorted by name, with the '-'
// before each description at column descCol:
//
//	--o=<string>                  - output filename
//	--split-input-file[=<string>] - split the input on the marker ...
//
// A usage string is printed as written: back-quoted words stay words, they
// do not name the flag's value as package flag's PrintDefaults makes them.
func WriteFlags(w io.Writer, fs *flag.FlagSet, keep func(*flag.Flag) bool, descCol int) {
	fs.VisitAll(func(f *flag.Flag) {
		if keep != nil && !keep(f) {
			return
		}
		head := "  --" + f.Name + valueSpelling(f.Value)
		fmt.Fprintf(w, "%-*s - %s\n", max(descCol-1, len(head)), head, f.Usage)
	})
}

// FlagsWidth returns the description column that fits every flag WriteFlags
// would print.
func FlagsWidth(fs *flag.FlagSet, keep func(*flag.Flag) bool) int {
	w := 0
	fs.VisitAll(func(f *flag.Flag) {
		if keep == nil || keep(f) {
			w = max(w, len("  --"+f.Name+valueSpelling(f.Value))+2)
		}
	})
	return w
}

// valueSpelling is how LLVM's --help shows the value a flag takes: nothing
// for a boolean, "=<type>" for a required value, "[=<type>]" for a value
// that may be left out.
func valueSpelling(v flag.Value) string {
	kind := "<value>"
	if g, ok := v.(flag.Getter); ok {
		switch g.Get().(type) {
		case string:
			kind = "<string>"
		case int64:
			kind = "<long>"
		case int:
			kind = "<int>"
		case uint, uint64:
			kind = "<uint>"
		case float64:
			kind = "<number>"
		case bool:
			return ""
		}
	}
	if b, ok := v.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		if o, ok := v.(interface{ OptionalValue() string }); ok {
			return "[=" + o.OptionalValue() + "]"
		}
		return ""
	}
	return "=" + kind
}

// Profiled runs main and returns its exit code, writing a CPU profile to
// the file STRATA_CPUPROFILE names (for `go tool pprof`) and the
// allocation profile at the end to the file STRATA_MEMPROFILE names.
func Profiled(tool string, main func() int) int {
	if path := os.Getenv("STRATA_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: STRATA_CPUPROFILE: %v\n", tool, err)
			return 2
		}
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	code := main()
	if path := os.Getenv("STRATA_MEMPROFILE"); path != "" {
		runtime.GC() // publish the allocations made since the last cycle
		f, err := os.Create(path)
		if err == nil {
			err = pprof.Lookup("allocs").WriteTo(f, 0)
			f.Close()
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: STRATA_MEMPROFILE: %v\n", tool, err)
			return 2
		}
	}
	return code
}
