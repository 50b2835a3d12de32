package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/conversion/tiletonvgpu"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/internal/tune"
	"github.com/strata-ir/strata/run"
	"github.com/strata-ir/strata/targets/chips"
	"github.com/strata-ir/strata/targets/ptx"
)

// Exit codes: 0 success, 1 a failure (the default configuration does not
// compile or run), 2 a usage error.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// Main runs strata-tune with args, writing the report to out and errors
// to errw, and returns the exit code.
func Main(args []string, out, errw io.Writer) int {
	fs := flag.NewFlagSet("strata-tune", flag.ContinueOnError)
	fs.SetOutput(errw)
	entry := fs.String("e", "", "the entry function, whose tensor arguments get random inputs (default: the first function with a body)")
	tiles := fs.String("tile-sizes", "", "linalg-to-tile's tile-sizes of the default configuration (default: its own choice)")
	chip := fs.String("chip", "sm_80", "tile-to-nvgpu's chip path of the default configuration")
	target := fs.String("target", "sm_90a", "linalg-to-tile's target and the PTX target")
	space := fs.String("space", "", "candidates as KEY=V1|V2;KEY=...; keys: tile-sizes and tile-to-nvgpu's options (chip, warps, persistent, group-m, ping-pong, attention-overlap, ...) (default: by the kernel's kind)")
	runs := fs.Int("runs", 20, "timed launches of each kernel launch (their median is the candidate's time); the least with --window-ms")
	window := fs.Float64("window-ms", 300, "GPU time that each candidate's timed launches fill, back to back, so that the SM clock settles under the "+
		"power limit as in sustained use (the default configuration's first run sizes it); 0 times --runs launches")
	options := fs.String("options", "", "tile-to-nvgpu's options of the default configuration as KEY=V;KEY=V (such as group-m=8;persistent=132)")
	tol := fs.Float64("tol", 1e-2, "the largest relative L2 difference from the default configuration's results")
	margin := fs.Float64("margin", 0.01, "the fraction of the default's time by which another configuration must be faster, in two runs, to replace it")
	sms := fs.Int64("sms", 132, "multiprocessors of the GPU, for the persistent-grid candidates (row kernels, sm_90a GEMMs)")
	jsonOut := fs.String("o", "", "write the outcome as JSON to this file")
	compileOnly := fs.Bool("compile-only", false, "compile each candidate to PTX and report its compile time; run nothing")
	timing := fs.Bool("timing", false, "report the compile time of the default configuration from linalg to PTX, by stage")
	cacheFile := fs.String("cache", "", "record the winner of a GEMM or attention kernel in this winners cache (JSON) under its kernel, shape class and the target, for linalg-to-tile's and tile-to-nvgpu's tune-cache")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(errw, "strata-tune: expected one input file")
		return exitUsage
	}
	if *runs < 1 {
		fmt.Fprintln(errw, "strata-tune: --runs must be positive")
		return exitUsage
	}
	if !(*window >= 0) {
		fmt.Fprintln(errw, "strata-tune: --window-ms must not be negative")
		return exitUsage
	}
	if !(*margin >= 0 && *margin < 1) {
		fmt.Fprintln(errw, "strata-tune: --margin must be in [0, 1)")
		return exitUsage
	}
	def := tune.Config{TileSizes: *tiles, Options: map[string]string{}}
	if *options != "" {
		sp, err := tune.ParseSpace(*options)
		if err != nil {
			fmt.Fprintf(errw, "strata-tune: --options: %v\n", err)
			return exitUsage
		}
		for i, k := range sp.Keys {
			if k == "tile-sizes" || k == "chip" || len(sp.Values[i]) != 1 {
				fmt.Fprintf(errw, "strata-tune: --options takes one value of each of tile-to-nvgpu's options other than chip (--chip and --tile-sizes give those), not %s=%s\n", k, strings.Join(sp.Values[i], "|"))
				return exitUsage
			}
			def.Options[k] = sp.Values[i][0]
		}
	}
	path := fs.Arg(0)
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(errw, "strata-tune: %v\n", err)
		return exitError
	}
	p := &program{src: src, name: path, target: *target, chip: *chip}
	sm := asm.NewSourceManager()
	sm.Add(path, src)
	report := func(err error) int {
		var d *ir.Diagnostic
		var ds ir.Diagnostics
		switch {
		case errors.As(err, &d):
			sm.WriteDiagnostic(errw, d)
		case errors.As(err, &ds):
			for _, d := range ds {
				sm.WriteDiagnostic(errw, d)
			}
		default:
			fmt.Fprintf(errw, "strata-tune: %v\n", err)
		}
		return exitError
	}
	sig, err := p.signature(*entry)
	if err != nil {
		return report(err)
	}
	p.entry = sig.name
	var cands []tune.Config
	if *space != "" {
		sp, err := tune.ParseSpace(*space)
		if err != nil {
			fmt.Fprintf(errw, "strata-tune: %v\n", err)
			return exitUsage
		}
		cands = sp.Candidates(def)
	} else {
		dot, err := p.hasDot(def)
		if err != nil {
			return report(err)
		}
		_, _, attention, err := p.kernelKey(def)
		if err != nil {
			return report(err)
		}
		if attention {
			if def.Chip(p.chip) != "sm_90a" {
				fmt.Fprintf(errw, "strata-tune: @%s is an attention kernel, whose options are the sm_90a path's: give --chip sm_90a\n", p.entry)
				return exitUsage
			}
			cands = tune.AttentionSpace(def)
		} else if dot {
			ch, ok := chips.Lookup(*target)
			if !ok || len(sig.inputs) == 0 {
				fmt.Fprintf(errw, "strata-tune: --target %q is not a described chip; give the candidates with --space\n", *target)
				return exitUsage
			}
			cands = tune.GEMMSpace(ch, sig.inputs[0].ElementType(), *sms)
		} else if rows, cols, ok := sig.rows(); ok {
			cands = tune.RowSpace(rows, cols, *sms)
		}
	}
	if *timing {
		_, st, err := p.compile(def)
		if err != nil {
			return report(err)
		}
		fmt.Fprintf(out, "compile time of @%s from linalg to PTX (%s): %.1f ms\n", p.entry, def, st.total())
		for _, s := range st {
			fmt.Fprintf(out, "  %-44s %8.2f ms\n", s.name, s.ms)
		}
	}
	if *compileOnly {
		status := exitOK
		for i, c := range append([]tune.Config{def}, cands...) {
			if i > 0 && c.Equal(def) {
				continue
			}
			_, st, err := p.compile(c)
			if err != nil {
				fmt.Fprintf(out, "%-48s does not compile: %s\n", c, firstLine(err.Error()))
				if c.Equal(def) {
					status = exitError
				}
				continue
			}
			fmt.Fprintf(out, "%-48s compiled to PTX in %.1f ms\n", c, st.total())
		}
		return status
	}
	if *timing && len(cands) == 0 && *space == "" {
		return exitOK
	}
	dir, err := os.MkdirTemp("", "strata-tune")
	if err != nil {
		return report(err)
	}
	defer os.RemoveAll(dir)
	files, err := writeInputs(dir, sig.inputs)
	if err != nil {
		return report(err)
	}
	t := &cudaTimer{p: p, args: files, runs: *runs, windowMs: *window, dir: dir}
	o, err := tune.Search(def, cands, t, tune.Criteria{Tol: *tol, Margin: *margin}, out)
	if err != nil {
		if errors.Is(err, run.ErrNoCUDA) {
			fmt.Fprintf(errw, "strata-tune: %v\n", err)
			return exitError
		}
		return report(err)
	}
	fmt.Fprintf(out, "best: %s: %.4f ms, default %.4f ms (%.2fx)\n", o.Best.Config, o.Best.Ms, o.Default.Ms, o.Speedup())
	if *jsonOut != "" {
		if err := writeOutcome(*jsonOut, p, o); err != nil {
			return report(err)
		}
	}
	if *cacheFile != "" {
		key, err := recordWinner(*cacheFile, p, o, append([]tune.Config{o.Best.Config, def}, cands...))
		if err != nil {
			return report(err)
		}
		fmt.Fprintf(out, "cached as %s in %s\n", key, *cacheFile)
	}
	return exitOK
}

// kernelKey returns the winners-cache key of the program's GEMM or
// attention kernel in configuration c, when the sm_90a path takes it,
// and whether it is an attention kernel.
func (p *program) kernelKey(c tune.Config) (tune.Key, bool, bool, error) {
	m, err := p.parse()
	if err != nil {
		return tune.Key{}, false, false, err
	}
	pm := pass.NewManager(m.Context(), "builtin.module")
	if err := pm.Parse("builtin.module(" + c.TilePass(p.target) + ")"); err != nil {
		return tune.Key{}, false, false, err
	}
	if err := pm.Run(m); err != nil {
		return tune.Key{}, false, false, err
	}
	var key tune.Key
	found, attention := false, false
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if _, ok := tile.AsFuncOp(op); ok {
			if k, ok := tiletonvgpu.GEMMKey(op, p.target); ok && !found {
				key, found = k, true
			} else if k, ok := tiletonvgpu.AttentionKey(op, p.target); ok && !found {
				key, found, attention = k, true, true
			}
			return false
		}
		return !found
	})
	return key, found, attention, nil
}

// recordWinner writes the outcome's winner into the winners cache at
// path, under the key of the program's GEMM or attention kernel (found
// with the first of tries whose blocks the sm_90a path takes), and
// returns the key. Only such kernels are cached: tile-to-nvgpu reads the
// cache for them. An attention kernel's winner gives tile-to-nvgpu's
// options alone (linalg-to-tile reads the blocks of GEMMs), so a winner
// with other blocks than the default's is not cached.
func recordWinner(path string, p *program, o tune.Outcome, tries []tune.Config) (tune.Key, error) {
	var key tune.Key
	found, attention := false, false
	for _, c := range tries {
		if k, ok, att, err := p.kernelKey(c); err == nil && ok {
			key, found, attention = k, true, att
			break
		}
	}
	if !found {
		return tune.Key{}, fmt.Errorf("--cache: @%s has no GEMM or attention kernel that the sm_90a path takes in any configuration tried; only those are cached", p.entry)
	}
	best := o.Best.Config
	w := tune.Winner{Key: key, TileSizes: best.TileSizes, Options: best.Options, Ms: o.Best.Ms, DefaultMs: o.Default.Ms, Shape: p.shapes()}
	if attention {
		if best.TileSizes != o.Default.Config.TileSizes {
			return tune.Key{}, fmt.Errorf("--cache: the winner of attention kernel %s has blocks %s, not the default's; the cache gives attention kernels tile-to-nvgpu's options alone", key, best.TileSizes)
		}
		w.TileSizes = ""
	}
	c, err := tune.LoadCache(path)
	if err != nil {
		return tune.Key{}, err
	}
	c.Put(w)
	return key, c.Save(path)
}

// shapes returns the entry's argument types, the shape that was timed
// (such as "tensor<3000x2000xbf16>, tensor<2000x5000xbf16>"); empty when
// they cannot be read.
func (p *program) shapes() string {
	sig, err := p.signature(p.entry)
	if err != nil {
		return ""
	}
	parts := make([]string, len(sig.inputs))
	for i, t := range sig.inputs {
		parts[i] = ir.TypeString(t)
	}
	return strings.Join(parts, ", ")
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// program is the linalg program being tuned.
type program struct {
	src          []byte
	name         string
	entry        string
	target, chip string
}

// parse returns the program parsed in a new context.
func (p *program) parse() (*ir.Operation, error) {
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, p.src, asm.Config{Filename: p.name})
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	return m, nil
}

type stage struct {
	name string
	ms   float64
}

type stages []stage

func (s stages) total() float64 {
	t := 0.0
	for _, x := range s {
		t += x.ms
	}
	return t
}

// compile lowers the program in configuration c to the NVVM level and
// emits its PTX, timing each stage.
func (p *program) compile(c tune.Config) (*ir.Operation, stages, error) {
	var st stages
	clock := time.Now()
	lap := func(name string) {
		now := time.Now()
		st = append(st, stage{name, float64(now.Sub(clock).Microseconds()) / 1e3})
		clock = now
	}
	m, err := p.parse()
	if err != nil {
		return nil, nil, err
	}
	lap("context and parse")
	for _, s := range []struct{ name, pipeline string }{
		{c.TilePass(p.target), "builtin.module(" + c.TilePass(p.target) + ")"},
		{"tile-to-nvgpu, canonicalize, cse, licm", "builtin.module(" + c.NVGPUPasses(p.chip) + ")"},
		{"gpu.module to NVVM", "builtin.module(" + run.GPUModulePipeline + ")"},
	} {
		pm := pass.NewManager(m.Context(), "builtin.module")
		if err := pm.Parse(s.pipeline); err != nil {
			return nil, nil, err
		}
		if err := pm.Run(m); err != nil {
			return nil, nil, err
		}
		lap(s.name)
	}
	for _, g := range ptx.GPUModules(m) {
		if _, err := ptx.Emit(g, ptx.Options{Chip: p.target}); err != nil {
			return nil, nil, err
		}
	}
	lap("PTX")
	return m, st, nil
}

// hasDot reports whether the program's kernels in configuration c hold
// products.
func (p *program) hasDot(c tune.Config) (bool, error) {
	m, err := p.parse()
	if err != nil {
		return false, err
	}
	pm := pass.NewManager(m.Context(), "builtin.module")
	if err := pm.Parse("builtin.module(" + c.TilePass(p.target) + ")"); err != nil {
		return false, err
	}
	if err := pm.Run(m); err != nil {
		return false, err
	}
	dot := false
	m.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		_, ok := tile.AsDotOp(op)
		dot = dot || ok
		return !dot
	})
	return dot, nil
}

// signature is the entry function's name and argument types.
type signature struct {
	name   string
	inputs []ir.ShapedType
}

// rows returns the rows (the product of the leading dimensions) and
// columns of the first argument.
func (s signature) rows() (int64, int64, bool) {
	if len(s.inputs) == 0 {
		return 0, 0, false
	}
	shape, _ := s.inputs[0].ShapeDims()
	if len(shape) < 2 {
		return 0, 0, false
	}
	r := int64(1)
	for _, d := range shape[:len(shape)-1] {
		r *= d
	}
	return r, shape[len(shape)-1], true
}

// signature finds the entry function (name, or the first function with a
// body) and checks that its arguments are statically shaped tensors or
// memrefs.
func (p *program) signature(name string) (signature, error) {
	m, err := p.parse()
	if err != nil {
		return signature{}, err
	}
	body := builtin.ModuleOp{Operation: m}.BodyRegion().First()
	var fn *ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		f, ok := function.AsFuncOp(op)
		if !ok || op.Region(0).Empty() {
			continue
		}
		if name == "" || f.SymName() == name {
			fn = op
			break
		}
	}
	if fn == nil {
		if name == "" {
			return signature{}, ir.NewError(m.Loc(), "no function with a body to tune")
		}
		return signature{}, ir.NewError(m.Loc(), fmt.Sprintf("no function named '@%s'", name))
	}
	f, _ := function.AsFuncOp(fn)
	sig := signature{name: f.SymName()}
	ft := f.FunctionType()
	for i, t := range ft.Inputs {
		st, ok := t.(ir.ShapedType)
		if !ok || !hasStaticShape(st) {
			return signature{}, ir.NewError(fn.Loc(), fmt.Sprintf("argument %d of '@%s' is not a statically shaped tensor or memref", i, sig.name))
		}
		if _, ok := randomDescr(st.ElementType()); !ok {
			return signature{}, ir.NewError(fn.Loc(), fmt.Sprintf("argument %d of '@%s' has an element type without random inputs", i, sig.name))
		}
		sig.inputs = append(sig.inputs, st)
	}
	return sig, nil
}

func hasStaticShape(t ir.ShapedType) bool {
	shape, ranked := t.ShapeDims()
	if !ranked {
		return false
	}
	for _, d := range shape {
		if d < 0 {
			return false
		}
	}
	return true
}

// cudaTimer runs the program on the GPU through the CUDA engine.
type cudaTimer struct {
	p    *program
	args []string
	runs int
	// windowMs, when positive, is the GPU time that each candidate's timed
	// launches fill; launches is their number, set from the first
	// configuration timed (the default).
	windowMs float64
	launches int
	dir      string
	n        int
}

// launchesFor returns the number of launches of ms milliseconds each that
// fill windowMs, at least least and at most 20000.
func launchesFor(windowMs, ms float64, least int) int {
	if !(windowMs > 0) || !(ms > 0) {
		return least
	}
	n := math.Ceil(windowMs / ms)
	if n > 20000 {
		n = 20000
	}
	return max(least, int(n))
}

var medianRE = regexp.MustCompile(`kernel @\S+: median ([0-9.]+) ms`)

// Time compiles the program in configuration c, runs it with the inputs
// under --time-kernels, and returns the sum of its kernels' median times
// and its results. With a window, the first configuration timed is run
// twice: once with --runs launches, to size the window, and again with
// the window's launches, as every later configuration is.
func (t *cudaTimer) Time(c tune.Config) (tune.Measurement, error) {
	m, st, err := t.p.compile(c)
	if err != nil {
		return tune.Measurement{}, err
	}
	if t.windowMs > 0 && t.launches == 0 {
		first, err := t.execute(m, t.runs)
		if err != nil {
			return tune.Measurement{}, err
		}
		t.launches = launchesFor(t.windowMs, first.Ms, t.runs)
		if m, _, err = t.p.compile(c); err != nil {
			return tune.Measurement{}, err
		}
	}
	runs := t.runs
	if t.launches > 0 {
		runs = t.launches
	}
	r, err := t.execute(m, runs)
	r.CompileMs = st.total()
	return r, err
}

// execute runs the lowered program m, timing runs launches of each kernel.
func (t *cudaTimer) execute(m *ir.Operation, runs int) (tune.Measurement, error) {
	t.n++
	outDir := filepath.Join(t.dir, "out"+strconv.Itoa(t.n))
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return tune.Measurement{}, err
	}
	defer os.RemoveAll(outDir)
	var errBuf bytes.Buffer
	if err := run.ExecuteOptions(m, run.Options{Entry: t.p.entry, Result: "f32", ArgFiles: t.args, DumpDir: outDir,
		Out: io.Discard, Err: &errBuf, Engine: run.EngineCUDA, TimeKernels: runs}); err != nil {
		return tune.Measurement{}, err
	}
	times := medianRE.FindAllStringSubmatch(errBuf.String(), -1)
	if len(times) == 0 {
		return tune.Measurement{}, fmt.Errorf("no kernel was launched")
	}
	ms := 0.0
	for _, x := range times {
		v, _ := strconv.ParseFloat(x[1], 64)
		ms += v
	}
	results, _ := filepath.Glob(filepath.Join(outDir, "result*.npy"))
	sort.Strings(results)
	var outs [][]float64
	for _, r := range results {
		v, err := readNPY(r)
		if err != nil {
			return tune.Measurement{}, err
		}
		outs = append(outs, v)
	}
	return tune.Measurement{Ms: ms, Outputs: outs}, nil
}

// writeOutcome writes the search's outcome as JSON.
func writeOutcome(path string, p *program, o tune.Outcome) error {
	type res struct {
		Config    string  `json:"config"`
		Ms        float64 `json:"ms,omitempty"`
		CompileMs float64 `json:"compile_ms,omitempty"`
		RelErr    float64 `json:"rel_err,omitempty"`
		Dropped   string  `json:"dropped,omitempty"`
	}
	conv := func(r tune.Result) res {
		return res{Config: r.Config.String(), Ms: r.Ms, CompileMs: r.CompileMs, RelErr: r.RelErr, Dropped: r.Dropped}
	}
	doc := struct {
		File      string      `json:"file"`
		Entry     string      `json:"entry"`
		Default   res         `json:"default"`
		Best      res         `json:"best"`
		Speedup   float64     `json:"speedup"`
		Confirmed *[2]float64 `json:"confirmed,omitempty"`
		All       []res       `json:"candidates"`
	}{File: p.name, Entry: p.entry, Default: conv(o.Default), Best: conv(o.Best), Speedup: o.Speedup(), Confirmed: o.Confirmed}
	for _, r := range o.All {
		doc.All = append(doc.All, conv(r))
	}
	data, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
