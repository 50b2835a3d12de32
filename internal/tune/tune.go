// Package tune searches the configurations of the GPU lowering of a
// program (linalg-to-tile's block sizes, tile-to-nvgpu's chip path, warps,
// persistent grid and program order) for the fastest, by timing each
// candidate with a Timer and checking its result against the default
// configuration's. The default is always a candidate, and a candidate
// replaces it only when it is faster again in a confirming run, so the
// configuration chosen is never slower than the default as measured.
//
// strata-tune (tools/strata-tune) times candidates on a GPU through the
// CUDA engine; tests use a fake Timer.
package tune

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/chips"
)

// Config is one configuration of the lowering: linalg-to-tile's
// tile-sizes (empty: its own choice) and tile-to-nvgpu's options by name
// (chip, warps, persistent, group-m; absent: their defaults).
type Config struct {
	TileSizes string
	Options   map[string]string
}

// String is the configuration as pass options, for reports and keys.
func (c Config) String() string {
	var parts []string
	if c.TileSizes != "" {
		parts = append(parts, "tile-sizes="+c.TileSizes)
	}
	for _, k := range c.keys() {
		parts = append(parts, k+"="+c.Options[k])
	}
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, " ")
}

func (c Config) keys() []string {
	keys := make([]string, 0, len(c.Options))
	for k := range c.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Chip returns the configuration's chip option, or def.
func (c Config) Chip(def string) string {
	if v, ok := c.Options["chip"]; ok {
		return v
	}
	return def
}

// Pipeline returns the pass pipeline that lowers a linalg program to the
// nvgpu level with this configuration, for target (linalg-to-tile's
// target, such as sm_90a) and the default chip path def.
func (c Config) Pipeline(target, def string) string {
	return fmt.Sprintf("builtin.module(%s, %s)", c.TilePass(target), c.NVGPUPasses(def))
}

// TilePass is the configuration's linalg-to-tile for target.
func (c Config) TilePass(target string) string {
	lt := "target=" + target
	if c.TileSizes != "" {
		lt += " tile-sizes=" + c.TileSizes
	}
	return "linalg-to-tile{" + lt + "}"
}

// NVGPUPasses are the configuration's tile-to-nvgpu (def: the chip path
// when the configuration names none) and the clean-up after it.
func (c Config) NVGPUPasses(def string) string {
	nv := []string{"chip=" + c.Chip(def)}
	for _, k := range c.keys() {
		if k != "chip" {
			nv = append(nv, k+"="+c.Options[k])
		}
	}
	return fmt.Sprintf("tile-to-nvgpu{%s}, canonicalize, cse, loop-invariant-code-motion", strings.Join(nv, " "))
}

// Equal reports whether two configurations are the same.
func (c Config) Equal(d Config) bool { return c.String() == d.String() }

// Measurement is what timing a configuration gives: the kernel time in
// milliseconds (the median of its launches), the program's results
// (flattened, as float64) to compare with the default's, and the time
// the compilation from linalg to PTX took.
type Measurement struct {
	Ms        float64
	Outputs   [][]float64
	CompileMs float64
}

// A Timer compiles and runs the program in configuration c.
type Timer interface {
	Time(c Config) (Measurement, error)
}

// Result is the outcome of one candidate.
type Result struct {
	Config    Config
	Ms        float64
	CompileMs float64
	// Dropped says why the candidate was left out (it failed to compile
	// or run, or its results differ from the default's); empty when it
	// was timed.
	Dropped string
	// RelErr is the relative L2 difference of its results from the
	// default's.
	RelErr float64
}

// Outcome is the result of a search.
type Outcome struct {
	Default Result
	Best    Result
	All     []Result
	// Confirmed holds the confirming run's times of the default and the
	// best candidate when the best was not the default.
	Confirmed *[2]float64
}

// Speedup is the default's time over the best's.
func (o Outcome) Speedup() float64 {
	if o.Best.Ms <= 0 {
		return 1
	}
	return o.Default.Ms / o.Best.Ms
}

// Criteria are what a candidate must meet to replace the default: Tol
// bounds the relative L2 difference of its results from the default's;
// Margin is the fraction of the default's time by which it must be
// faster, in the first run and again in the confirming run (0: faster
// at all), so that noise between runs does not choose it.
type Criteria struct {
	Tol    float64
	Margin float64
}

// Search times every candidate (the default first; it is added when
// cands lacks it), drops those that fail or whose results differ from
// the default's by more than cr.Tol (relative L2), and returns the
// fastest. A candidate other than the default wins only when it is
// faster by cr.Margin and a second run of both confirms it; else the
// default is kept. Progress is written to log when not nil.
func Search(def Config, cands []Config, t Timer, cr Criteria, log io.Writer) (Outcome, error) {
	say := func(format string, args ...any) {
		if log != nil {
			fmt.Fprintf(log, format, args...)
		}
	}
	dm, err := t.Time(def)
	if err != nil {
		return Outcome{}, fmt.Errorf("the default configuration (%s) failed: %w", def, err)
	}
	out := Outcome{Default: Result{Config: def, Ms: dm.Ms, CompileMs: dm.CompileMs}}
	out.All = append(out.All, out.Default)
	out.Best = out.Default
	say("%-48s %9.4f ms  (default; compiled in %.1f ms)\n", def, dm.Ms, dm.CompileMs)
	for _, c := range cands {
		if c.Equal(def) {
			continue
		}
		r := Result{Config: c}
		m, err := t.Time(c)
		switch {
		case err != nil:
			r.Dropped = firstLine(err.Error())
		default:
			r.Ms, r.CompileMs = m.Ms, m.CompileMs
			r.RelErr = RelErr(m.Outputs, dm.Outputs)
			if !(r.RelErr <= cr.Tol) {
				r.Dropped = fmt.Sprintf("results differ from the default's (relative error %.2g > %.2g)", r.RelErr, cr.Tol)
			}
		}
		out.All = append(out.All, r)
		if r.Dropped != "" {
			say("%-48s dropped: %s\n", c, r.Dropped)
			continue
		}
		say("%-48s %9.4f ms  (compiled in %.1f ms)\n", c, r.Ms, r.CompileMs)
		if r.Ms < out.Best.Ms {
			out.Best = r
		}
	}
	if out.Best.Config.Equal(def) {
		return out, nil
	}
	faster := func(c, d float64) bool { return c < d*(1-cr.Margin) }
	if !faster(out.Best.Ms, out.Default.Ms) {
		say("%-48s not faster than the default by %.1f%%: the default is kept\n", out.Best.Config, 100*cr.Margin)
		out.Best = out.Default
		return out, nil
	}
	// Confirm: time both again; keep the default unless the winner is
	// faster again.
	d2, err1 := t.Time(def)
	b2, err2 := t.Time(out.Best.Config)
	if err1 != nil || err2 != nil || !faster(b2.Ms, d2.Ms) {
		say("%-48s not confirmed (default %.4f ms, candidate %.4f ms): the default is kept\n", out.Best.Config, d2.Ms, b2.Ms)
		out.Best = out.Default
		return out, nil
	}
	out.Confirmed = &[2]float64{d2.Ms, b2.Ms}
	// Report the better of each's two runs, so that the comparison is
	// like for like.
	out.Default.Ms = math.Min(out.Default.Ms, d2.Ms)
	out.Best.Ms = math.Min(out.Best.Ms, b2.Ms)
	if !(out.Best.Ms < out.Default.Ms) {
		out.Best = out.Default
	}
	return out, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// RelErr is ‖a − b‖ / ‖b‖ over all outputs; +Inf when their shapes
// differ or a value is NaN, 0 when both are empty.
func RelErr(a, b [][]float64) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var num, den float64
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return math.Inf(1)
		}
		for j, x := range a[i] {
			y := b[i][j]
			if math.IsNaN(x) || math.IsNaN(y) {
				return math.Inf(1)
			}
			num += (x - y) * (x - y)
			den += y * y
		}
	}
	if num == 0 {
		return 0
	}
	if den == 0 {
		return math.Inf(1)
	}
	return math.Sqrt(num / den)
}

// Space is a set of values for each option; Candidates is their
// product. The key "tile-sizes" names linalg-to-tile's option, others
// tile-to-nvgpu's.
type Space struct {
	Keys   []string
	Values [][]string
}

// ParseSpace reads a space written as KEY=V1|V2|...;KEY=... (tile sizes
// are written with commas: tile-sizes=1,8192,1|2,8192,1).
func ParseSpace(s string) (Space, error) {
	var sp Space
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" || strings.TrimSpace(v) == "" {
			return Space{}, fmt.Errorf("invalid space %q: want KEY=V1|V2;KEY=V1|V2", part)
		}
		var vals []string
		for _, x := range strings.Split(v, "|") {
			if x = strings.TrimSpace(x); x != "" {
				vals = append(vals, x)
			}
		}
		for _, existing := range sp.Keys {
			if existing == k {
				return Space{}, fmt.Errorf("invalid space: %q given twice", k)
			}
		}
		sp.Keys = append(sp.Keys, k)
		sp.Values = append(sp.Values, vals)
	}
	return sp, nil
}

// Candidates returns the configurations of the space, each starting from
// base.
func (s Space) Candidates(base Config) []Config {
	out := []Config{clone(base)}
	for i, k := range s.Keys {
		var next []Config
		for _, c := range out {
			for _, v := range s.Values[i] {
				d := clone(c)
				if k == "tile-sizes" {
					d.TileSizes = v
				} else {
					d.Options[k] = v
				}
				next = append(next, d)
			}
		}
		out = next
	}
	return out
}

func clone(c Config) Config {
	d := Config{TileSizes: c.TileSizes, Options: map[string]string{}}
	for k, v := range c.Options {
		d.Options[k] = v
	}
	return d
}

// RowSpace is the default space of a row-wise kernel (softmax, norms) over
// rows of cols elements of elemBytes bytes: a block of the row (rounded
// up to a power of two) and 1 to 8 rows, at most 16384 elements; the
// warps of the block, each thread holding 8 to 32 elements (4 warps for
// small blocks); and persistent grids where the blocks outnumber what
// the multiprocessors hold at once:
//
//   - blocks of one or two short rows (2048 elements or fewer): 4 blocks
//     a multiprocessor;
//   - blocks of one long row (4096 elements or more) of 16 or 32 warps:
//     the blocks of 1024 threads a multiprocessor, and one block of 16
//     warps a multiprocessor with the registers of two (blocks-per-sm=1);
//
// each with tile-to-nvgpu's loads issued one program ahead (its
// default), two programs ahead (prefetch-depth=2, within a budget of 64
// registers where a block has a multiprocessor's registers to itself)
// and none (prefetch=-1).
func RowSpace(rows, cols int64, sms int64) []Config {
	c := int64(1)
	for c < cols {
		c *= 2
	}
	var out []Config
	for r := int64(1); r <= 8 && r*c <= 16384; r *= 2 {
		if r > 1 && r > rows {
			break
		}
		n := r * c
		for w := int64(4); w <= 32; w *= 2 {
			per := n / (w * 32)
			if (per < 8 && w > 4) || per > 32 {
				continue
			}
			ts := strconv.FormatInt(r, 10) + "," + strconv.FormatInt(c, 10) + ",1"
			base := Config{TileSizes: ts, Options: map[string]string{"warps": strconv.FormatInt(w, 10)}}
			out = append(out, base)
			if sms <= 0 {
				continue
			}
			blocks := (rows + r - 1) / r
			if r <= 2 && c <= 2048 && blocks > 8*sms {
				out = append(out, prefetchVariants(base, 4*sms, "")...)
			}
			if r == 1 && c >= 4096 && w >= 16 {
				resident := max(1, 1024/(w*32))
				if blocks > resident*sms {
					out = append(out, prefetchVariants(base, resident*sms, "")...)
				}
				if w == 16 && blocks > sms {
					out = append(out, prefetchVariants(base, sms, "1")...)
				}
			}
		}
	}
	return out
}

// prefetchVariants returns base on a persistent grid of blocks blocks
// (blocks-per-sm=perSM where that is not empty), with loads issued one
// program ahead, two, and none.
func prefetchVariants(base Config, blocks int64, perSM string) []Config {
	var out []Config
	for _, opts := range [][2]string{{"", ""}, {"prefetch-depth", "2"}, {"prefetch", "-1"}} {
		p := clone(base)
		p.Options["persistent"] = strconv.FormatInt(blocks, 10)
		if perSM != "" {
			p.Options["blocks-per-sm"] = perSM
		}
		if opts[0] != "" {
			p.Options[opts[0]] = opts[1]
		}
		if opts[0] == "prefetch-depth" && perSM == "1" {
			p.Options["prefetch"] = "64"
		}
		out = append(out, p)
	}
	return out
}

// AttentionSpace is the default space of an attention kernel on the
// sm_90a path: base, and base with its loop rotated (attention-overlap),
// which on an H200 wins for some cases and loses for others
// (docs/performance.md).
func AttentionSpace(base Config) []Config {
	rotated := clone(base)
	rotated.Options["attention-overlap"] = "true"
	return []Config{clone(base), rotated}
}

// WGMMAMaxN is the widest block of columns one warpgroup instruction
// (wgmma) computes, which the chip descriptions list by their column
// step alone.
const WGMMAMaxN = 256

// GEMMSpace is the default space of a GEMM of elem operands on chip,
// read from the chip's description. Where a warpgroup instruction
// (wgmma) multiplies elem, the sm_90a path's blocks: bm the rows of one
// or two warpgroups (the instruction's M), bk one 128-byte swizzled row
// of elem, bn a power of two from 64 to WGMMAMaxN whose blocks of A and
// B fit three stages in the chip's shared memory; in groups of 8 or 16
// block rows, on a persistent grid of sms blocks (none when sms is 0).
// Elsewhere the sm_80 path's blocks (128x128x32, 128x128x64, 64x128x32),
// in launch order and in groups of 8 block rows. Ping-pong is left out:
// on an H200 it did not finish an 8192x8192x8192 GEMM in 8 seconds
// (docs/performance.md), and a candidate that hangs would stop the
// search.
func GEMMSpace(chip *chips.Chip, elem ir.Type, sms int64) []Config {
	var out []Config
	bits := int64(ir.IntOrFloatBitWidth(elem))
	var wg *chips.Instr
	for i, in := range chip.Matrix {
		if strings.HasPrefix(in.Name, "wgmma") && slices.Contains(in.A, ir.TypeString(elem)) {
			wg = &chip.Matrix[i]
			break
		}
	}
	if wg != nil && bits >= 8 && bits <= 16 {
		bytes := bits / 8
		bk := 128 / bytes
		for _, bm := range []int64{2 * wg.M, wg.M} {
			for bn := int64(WGMMAMaxN); bn >= 64; bn /= 2 {
				if 3*(bm+bn)*bk*bytes > chip.MemoryBytes {
					continue
				}
				for _, g := range []string{"8", "16"} {
					c := Config{TileSizes: fmt.Sprintf("%d,%d,%d", bm, bn, bk), Options: map[string]string{"chip": "sm_90a", "group-m": g}}
					if sms > 0 {
						c.Options["persistent"] = strconv.FormatInt(sms, 10)
					}
					out = append(out, c)
				}
			}
		}
		return out
	}
	for _, ts := range []string{"128,128,32", "128,128,64", "64,128,32"} {
		for _, g := range []string{"1", "8"} {
			out = append(out, Config{TileSizes: ts, Options: map[string]string{"chip": "sm_80", "group-m": g}})
		}
	}
	return out
}
