package pipefuzz

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Fuzzer runs mutated seeds through random pipelines and records findings
// in Dir.
type Fuzzer struct {
	Runner     Runner
	Seeds      []Seed
	Candidates []Candidate
	Rand       *rand.Rand
	// Dir receives one .mlir file per distinct finding (the minimized
	// input with its pipeline in a header), a .log beside it, and
	// stats.json.
	Dir string
	// MinimizeBudget bounds the checks spent minimizing one finding.
	MinimizeBudget int
	// Log receives one line per new finding and periodic progress.
	Log func(format string, args ...any)
	// Known maps the signatures of findings already triaged as behaving
	// as mlir-opt-22 does (testdata/pipefuzz/open) to their files: a run
	// with one of them is counted as Known, not as a new finding.
	Known map[string]string

	Stats    Stats
	findings map[string]*FindingRecord
	// checked records which seeds were read as they are; valid lists
	// those that parse and verify unchanged, and isValid holds them as a
	// set.
	checked map[int]bool
	valid   []int
	isValid map[int]bool
}

// pickSeed returns a seed, preferring (four times in five) ones known to
// parse and verify unchanged, since most mutations of those still verify
// and reach the passes. A seed is checked the first time it is picked; one
// found invalid (the invalid corpus is among the seeds) is drawn again only
// one time in four, and otherwise replaced by a valid one.
func (f *Fuzzer) pickSeed() Seed {
	if f.checked == nil {
		f.checked = map[int]bool{}
		f.isValid = map[int]bool{}
	}
	if len(f.valid) > 0 && f.Rand.IntN(5) != 0 {
		return f.Seeds[pick(f.Rand, f.valid)]
	}
	i := f.Rand.IntN(len(f.Seeds))
	if !f.checked[i] {
		f.checked[i] = true
		if res := f.Runner.Run(f.Seeds[i].Text, baseArgs...); res.Code == 0 {
			f.valid = append(f.valid, i)
			f.isValid[i] = true
		}
	} else if !f.isValid[i] && len(f.valid) > 0 && f.Rand.IntN(4) != 0 {
		return f.Seeds[pick(f.Rand, f.valid)]
	}
	return f.Seeds[i]
}

// Stats counts what the fuzzer did.
type Stats struct {
	Started  time.Time      `json:"started"`
	Seconds  float64        `json:"seconds"`
	Runs     int            `json:"runs"`
	Outcomes map[string]int `json:"outcomes"`
	// ByMutation counts outcomes per mutation kind ("dim/ok").
	ByMutation map[string]int `json:"by_mutation"`
	// Hits counts runs that were findings; Distinct counts signatures.
	Hits     int                       `json:"hits"`
	Distinct int                       `json:"distinct"`
	Findings map[string]*FindingRecord `json:"findings"`
}

// FindingRecord is one distinct finding.
type FindingRecord struct {
	Sig      string `json:"signature"`
	Kind     string `json:"kind"`
	File     string `json:"file"`
	Count    int    `json:"count"`
	FirstRun int    `json:"first_run"`
}

// Step runs one fuzzing iteration: a random seed, one mutation, a random
// pipeline. It returns the outcome.
func (f *Fuzzer) Step() Outcome {
	if f.findings == nil {
		f.findings = map[string]*FindingRecord{}
		f.Stats.Outcomes = map[string]int{}
		f.Stats.Findings = f.findings
		if f.Stats.Started.IsZero() {
			f.Stats.Started = time.Now()
		}
	}
	seed := f.pickSeed()
	text, mut, ok := Mutate(f.Rand, seed.Text)
	if !ok {
		mut = Mutation{Kind: "none", Desc: "none"}
	}
	p := RandomPipeline(f.Rand, f.Candidates)
	o := Check(f.Runner, text, p)
	if o.IsFinding() {
		// A finding must reproduce: a timeout on a loaded machine
		// may not.
		if again := Check(f.Runner, text, p); again.Sig != o.Sig {
			o = Outcome{Kind: Flaky}
		}
	}
	if o.IsFinding() && f.Known[o.Sig] != "" {
		o = Outcome{Kind: Known, Stderr: o.Stderr}
	}
	f.Stats.Runs++
	f.Stats.Outcomes[o.Kind]++
	if f.Stats.ByMutation == nil {
		f.Stats.ByMutation = map[string]int{}
	}
	f.Stats.ByMutation[mut.Kind+"/"+o.Kind]++
	f.Stats.Seconds = time.Since(f.Stats.Started).Seconds()
	if !o.IsFinding() {
		return o
	}
	f.Stats.Hits++
	if rec := f.findings[o.Sig]; rec != nil {
		rec.Count++
		return o
	}
	f.Stats.Distinct++
	budget := f.MinimizeBudget
	if o.Kind == Hang {
		budget = min(budget, 12)
	}
	minIn, minP := Minimize(f.Runner, text, p, o.Sig, budget)
	final := Check(f.Runner, minIn, minP)
	if final.Sig != o.Sig {
		minIn, minP, final = text, p, o
	}
	name := o.Kind + "-" + shortHash(o.Sig)
	rec := &FindingRecord{Sig: o.Sig, Kind: o.Kind, File: name + ".mlir", Count: 1, FirstRun: f.Stats.Runs}
	f.findings[o.Sig] = rec
	if err := f.write(name, seed, mut, text, p, minIn, minP, final); err != nil && f.Log != nil {
		f.Log("writing %s: %v", name, err)
	}
	if f.Log != nil {
		f.Log("run %d: new finding %s: %s", f.Stats.Runs, name, o.Sig)
	}
	return o
}

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:4])
}

// Header lines of a finding file.
const (
	sigHeader  = "// SIGNATURE: "
	pipeHeader = "// PIPELINE: "
)

// LoadKnown reads the signatures of the finding files in dir (such as
// testdata/pipefuzz/open) for Fuzzer.Known. A missing or empty dir gives
// none.
func LoadKnown(dir string) (map[string]string, error) {
	if dir == "" {
		return nil, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mlir"))
	if err != nil {
		return nil, err
	}
	known := map[string]string{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if sig, _, _, ok := ParseFinding(string(data)); ok && sig != "" {
			known[sig] = path
		}
	}
	return known, nil
}

// FormatFinding returns the text of a finding file: the signature and
// pipeline as comment lines, then the input.
func FormatFinding(sig string, p Pipeline, input string) string {
	return sigHeader + sig + "\n" + pipeHeader + p.String() + "\n" + input
}

// ParseFinding reads a finding file back.
func ParseFinding(text string) (sig string, p Pipeline, input string, ok bool) {
	lines := strings.SplitAfter(text, "\n")
	for len(lines) > 0 && strings.HasPrefix(lines[0], "// ") {
		l := strings.TrimRight(lines[0], "\n")
		switch {
		case strings.HasPrefix(l, sigHeader):
			sig = strings.TrimPrefix(l, sigHeader)
		case strings.HasPrefix(l, pipeHeader):
			p, ok = ParsePipeline(strings.TrimPrefix(l, pipeHeader))
		}
		lines = lines[1:]
	}
	return sig, p, strings.Join(lines, ""), ok
}

func (f *Fuzzer) write(name string, seed Seed, mut Mutation, text string, p Pipeline, minIn string, minP Pipeline, o Outcome) error {
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(f.Dir, name+".mlir"), []byte(FormatFinding(o.Sig, minP, minIn)), 0o644); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "signature: %s\nseed: %s\nmutation: %s\npipeline: %s\nminimized pipeline: %s\n\n--- mutated input ---\n%s\n--- diagnostics of the minimized run ---\n%s\n",
		o.Sig, seed.Source, mut.Desc, p, minP, text, o.Stderr)
	return os.WriteFile(filepath.Join(f.Dir, name+".log"), []byte(b.String()), 0o644)
}

// WriteStats writes stats.json to Dir.
func (f *Fuzzer) WriteStats() error {
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(&f.Stats, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(f.Dir, "stats.json"), data, 0o644)
}

// Summary returns a one-line progress report.
func (f *Fuzzer) Summary() string {
	var kinds []string
	for k, n := range f.Stats.Outcomes {
		kinds = append(kinds, fmt.Sprintf("%s=%d", k, n))
	}
	sort.Strings(kinds)
	rate := 0.0
	if f.Stats.Runs > 0 {
		rate = float64(f.Stats.Distinct) * 10000 / float64(f.Stats.Runs)
	}
	return fmt.Sprintf("%d runs in %.0fs, %d distinct findings (%.1f per 10000 runs), %d hits; %s",
		f.Stats.Runs, f.Stats.Seconds, f.Stats.Distinct, rate, f.Stats.Hits, strings.Join(kinds, " "))
}

// Resume loads stats.json and the findings already in Dir, so that a
// restarted fuzzer keeps counting and does not report them again.
func (f *Fuzzer) Resume() error {
	data, err := os.ReadFile(filepath.Join(f.Dir, "stats.json"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &f.Stats); err != nil {
		return err
	}
	if f.Stats.Outcomes == nil {
		f.Stats.Outcomes = map[string]int{}
	}
	if f.Stats.Findings == nil {
		f.Stats.Findings = map[string]*FindingRecord{}
	}
	f.findings = f.Stats.Findings
	// Time runs on from the seconds already spent.
	f.Stats.Started = time.Now().Add(-time.Duration(f.Stats.Seconds * float64(time.Second)))
	return nil
}
