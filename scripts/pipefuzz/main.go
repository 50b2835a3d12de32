// Command pipefuzz is a mutation fuzzer for Strata's pass pipelines. Each
// run takes a valid input chunk (the upstream conformance corpus, the
// project's tests, run/testdata, examples, testdata/pipefuzz and the
// testdata of the transforms, conversions and dialects), applies
// one light mutation, and runs a random pipeline of one to four registered
// passes with random option values through strata-opt in a subprocess. It
// reports crashes, hangs, IR left invalid after a pass, and output that
// does not read back identically; each distinct finding is minimized and
// written to -out. Run it from the repository root at low priority:
//
//	nice -n 19 go run ./scripts/pipefuzz -duration 1h -out /tmp/pipefuzz
//
// With -replay FILE..., it checks finding files (such as
// testdata/pipefuzz/*.mlir) again and says which still reproduce.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"syscall"
	"time"

	_ "github.com/strata-ir/strata/all" // registers every pass
	"github.com/strata-ir/strata/internal/pipefuzz"
)

func main() {
	var (
		optBin   = flag.String("opt", "", "strata-opt binary (default: build ./tools/strata-opt into a temporary directory)")
		out      = flag.String("out", "pipefuzz-out", "directory for findings and stats.json; an existing one is resumed")
		duration = flag.Duration("duration", time.Hour, "how long to fuzz")
		runs     = flag.Int("runs", 0, "stop after this many runs (0: no limit)")
		seed     = flag.Uint64("seed", 0, "random seed (0: from the clock)")
		timeout  = flag.Duration("timeout", 20*time.Second, "time limit of one strata-opt run; a run over it is a hang")
		memLimit = flag.Int64("mem", 4<<30, "address-space limit of one strata-opt run in bytes (0: none)")
		budget   = flag.Int("minimize", 300, "most checks spent minimizing one finding")
		maxSeed  = flag.Int("max-seed-bytes", 16<<10, "skip input chunks larger than this")
		shared   = flag.String("shared", "../shared", "the shared folder holding conformance/")
		replay   = flag.Bool("replay", false, "check the finding files named as arguments instead of fuzzing")
		passes   = flag.String("passes", "", "regular expression: draw pipelines only from the passes whose argument it matches (default: all)")
		known    = flag.String("known", "testdata/pipefuzz/open", "directory of findings that behave as mlir-opt-22 does; runs with their signatures count as known, not new")
	)
	flag.Parse()
	bin := *optBin
	if bin == "" {
		dir, err := os.MkdirTemp("", "pipefuzz")
		check(err)
		defer os.RemoveAll(dir)
		bin = filepath.Join(dir, "strata-opt")
		cmd := exec.Command("go", "build", "-o", bin, "./tools/strata-opt")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		check(cmd.Run())
	}
	runner := &pipefuzz.Subprocess{Opt: bin, Timeout: *timeout, MemLimit: *memLimit}
	if *replay {
		os.Exit(replayFiles(runner, flag.Args()))
	}
	seeds, err := pipefuzz.LoadSeeds(
		filepath.Join(*shared, "conformance", "corpus"),
		filepath.Join(*shared, "conformance", "invalid"),
		"tests", "run/testdata", "examples", "testdata/pipefuzz",
		"transforms", "conversion", "dialects")
	check(err)
	kept := seeds[:0]
	for _, s := range seeds {
		if len(s.Text) <= *maxSeed {
			kept = append(kept, s)
		}
	}
	if len(kept) == 0 {
		check(fmt.Errorf("no input chunks found; run from the repository root"))
	}
	s := *seed
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	logf := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "%s pipefuzz: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
	}
	cands := pipefuzz.Candidates()
	if *passes != "" {
		re, err := regexp.Compile(*passes)
		check(err)
		cands = slices.DeleteFunc(cands, func(c pipefuzz.Candidate) bool { return !re.MatchString(c.Argument) })
		if len(cands) == 0 {
			check(fmt.Errorf("no registered pass matches -passes %q", *passes))
		}
	}
	f := &pipefuzz.Fuzzer{
		Runner: runner, Seeds: kept, Candidates: cands,
		Rand: rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15)), Dir: *out,
		MinimizeBudget: *budget, Log: logf,
	}
	f.Known, err = pipefuzz.LoadKnown(*known)
	check(err)
	check(f.Resume())
	logf("%d input chunks, %d passes and pipelines, seed %d, writing to %s", len(kept), len(f.Candidates), s, *out)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	deadline := time.Now().Add(*duration)
	last := time.Now()
	for n := 0; time.Now().Before(deadline) && (*runs == 0 || n < *runs); n++ {
		select {
		case <-stop:
			deadline = time.Now()
			continue
		default:
		}
		f.Step()
		if time.Since(last) > time.Minute {
			last = time.Now()
			check(f.WriteStats())
			logf("%s", f.Summary())
		}
	}
	check(f.WriteStats())
	logf("%s", f.Summary())
}

// replayFiles checks each finding file and returns 1 when any still
// reproduces its signature.
func replayFiles(r pipefuzz.Runner, files []string) int {
	code := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		check(err)
		sig, p, input, ok := pipefuzz.ParseFinding(string(data))
		if !ok {
			fmt.Printf("%s: no PIPELINE header\n", path)
			code = 1
			continue
		}
		o := pipefuzz.Check(r, input, p)
		switch {
		case o.Sig == sig:
			fmt.Printf("%s: reproduces: %s\n", path, sig)
			code = 1
		case o.IsFinding():
			fmt.Printf("%s: different finding: %s\n", path, o.Sig)
			code = 1
		default:
			fmt.Printf("%s: fixed (%s)\n", path, o.Kind)
		}
	}
	return code
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "pipefuzz:", err)
		os.Exit(1)
	}
}
