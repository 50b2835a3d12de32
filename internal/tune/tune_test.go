package tune

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/targets/chips"
)

// fakeTimer times configurations from a table: each configuration's
// successive times (the last repeats), an error, or results that differ.
type fakeTimer struct {
	times map[string][]float64
	fail  map[string]string
	wrong map[string]bool
	calls map[string]int
}

func (f *fakeTimer) Time(c Config) (Measurement, error) {
	k := c.String()
	if f.calls == nil {
		f.calls = map[string]int{}
	}
	n := f.calls[k]
	f.calls[k]++
	if msg, ok := f.fail[k]; ok {
		return Measurement{}, errors.New(msg)
	}
	ts, ok := f.times[k]
	if !ok {
		return Measurement{}, errors.New("no time for " + k)
	}
	out := []float64{1, 2, 3, 4}
	if f.wrong[k] {
		out = []float64{1, 2, 3, 5}
	}
	return Measurement{Ms: ts[min(n, len(ts)-1)], Outputs: [][]float64{out}, CompileMs: 3}, nil
}

func cfg(ts string, kv ...string) Config {
	c := Config{TileSizes: ts, Options: map[string]string{}}
	for i := 0; i+1 < len(kv); i += 2 {
		c.Options[kv[i]] = kv[i+1]
	}
	return c
}

func TestSearch(t *testing.T) {
	def := cfg("1,8192,1")
	a := cfg("1,8192,1", "warps", "8")
	b := cfg("1,8192,1", "warps", "32")
	c := cfg("2,8192,1", "warps", "16")
	tests := []struct {
		name   string
		timer  *fakeTimer
		cands  []Config
		best   Config
		drops  []string
		hasErr bool
		margin float64
	}{
		{"fastest wins", &fakeTimer{times: map[string][]float64{def.String(): {1.0}, a.String(): {0.8}, b.String(): {0.9}}},
			[]Config{a, b}, a, nil, false, 0},
		{"the default is a candidate even when not listed", &fakeTimer{times: map[string][]float64{def.String(): {1.0}, a.String(): {1.2}}},
			[]Config{a}, def, nil, false, 0},
		{"ties keep the default", &fakeTimer{times: map[string][]float64{def.String(): {1.0}, a.String(): {1.0}}},
			[]Config{a}, def, nil, false, 0},
		{"a win that the second run does not confirm keeps the default",
			&fakeTimer{times: map[string][]float64{def.String(): {1.0, 0.7}, a.String(): {0.8, 0.9}}},
			[]Config{a}, def, nil, false, 0},
		{"failures and wrong results are dropped, never chosen",
			&fakeTimer{times: map[string][]float64{def.String(): {1.0}, a.String(): {0.5}, b.String(): {0.9}},
				fail: map[string]string{c.String(): "tile-to-nvgpu: conflicting layouts\nmore"}, wrong: map[string]bool{a.String(): true}},
			[]Config{a, b, c}, b, []string{"results differ", "tile-to-nvgpu: conflicting layouts"}, false, 0},
		{"a failing default is an error", &fakeTimer{fail: map[string]string{def.String(): "boom"}},
			[]Config{a}, Config{}, nil, true, 0},
		{"a win within the margin keeps the default", &fakeTimer{times: map[string][]float64{def.String(): {1.0}, a.String(): {0.995}}},
			[]Config{a}, def, nil, false, 0.01},
		{"a win by the margin, confirmed, is chosen", &fakeTimer{times: map[string][]float64{def.String(): {1.0}, a.String(): {0.95}}},
			[]Config{a}, a, nil, false, 0.01},
		{"a confirming run within the margin keeps the default",
			&fakeTimer{times: map[string][]float64{def.String(): {1.0, 0.96}, a.String(): {0.95, 0.955}}},
			[]Config{a}, def, nil, false, 0.01},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log strings.Builder
			out, err := Search(def, tt.cands, tt.timer, Criteria{Tol: 1e-3, Margin: tt.margin}, &log)
			if tt.hasErr {
				if err == nil {
					t.Fatalf("want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !out.Best.Config.Equal(tt.best) {
				t.Errorf("best %s, want %s\n%s", out.Best.Config, tt.best, log.String())
			}
			if out.Best.Ms > out.Default.Ms {
				t.Errorf("best %.3f ms slower than the default %.3f ms", out.Best.Ms, out.Default.Ms)
			}
			var drops []string
			for _, r := range out.All {
				if r.Dropped != "" {
					drops = append(drops, r.Dropped)
					if r.Config.Equal(out.Best.Config) {
						t.Errorf("dropped candidate %s chosen", r.Config)
					}
				}
			}
			if len(drops) != len(tt.drops) {
				t.Fatalf("dropped %q, want %d", drops, len(tt.drops))
			}
			for i, d := range tt.drops {
				if !strings.Contains(drops[i], d) || strings.Contains(drops[i], "\n") {
					t.Errorf("drop %d: %q, want %q in one line", i, drops[i], d)
				}
			}
		})
	}
}

func TestSpace(t *testing.T) {
	sp, err := ParseSpace("tile-sizes=1,8192,1|2,8192,1; warps=8|16|32")
	if err != nil {
		t.Fatal(err)
	}
	cs := sp.Candidates(cfg("", "chip", "sm_80"))
	if len(cs) != 6 {
		t.Fatalf("%d candidates, want 6", len(cs))
	}
	if got := cs[5].String(); got != "tile-sizes=2,8192,1 chip=sm_80 warps=32" {
		t.Errorf("last candidate %q", got)
	}
	if p := cs[0].Pipeline("sm_90a", "sm_80"); !strings.Contains(p, "linalg-to-tile{target=sm_90a tile-sizes=1,8192,1}") ||
		!strings.Contains(p, "tile-to-nvgpu{chip=sm_80 warps=8}") {
		t.Errorf("pipeline %q", p)
	}
	for _, bad := range []string{"warps", "warps=", "=4", "warps=4;warps=8"} {
		if _, err := ParseSpace(bad); err == nil {
			t.Errorf("ParseSpace(%q) accepted", bad)
		}
	}
}

func TestRowSpace(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int64
		persistent int
		want       []string
	}{
		{8192, 8192, 9, []string{
			"tile-sizes=1,8192,1 warps=16",
			"tile-sizes=1,8192,1 persistent=264 warps=16",
			"tile-sizes=1,8192,1 persistent=264 prefetch-depth=2 warps=16",
			"tile-sizes=1,8192,1 blocks-per-sm=1 persistent=132 prefetch=64 prefetch-depth=2 warps=16",
			"tile-sizes=1,8192,1 persistent=132 prefetch=-1 warps=32",
		}},
		{32768, 1024, 9, []string{
			"tile-sizes=1,1024,1 persistent=528 warps=4",
			"tile-sizes=2,1024,1 persistent=528 prefetch-depth=2 warps=4",
			"tile-sizes=2,1024,1 persistent=528 prefetch=-1 warps=4",
		}},
		{7, 13, 0, nil},
		// Fewer rows than the multiprocessors hold: no persistent grid.
		{100, 8192, 0, nil},
	} {
		cs := RowSpace(tt.rows, tt.cols, 132)
		if len(cs) == 0 {
			t.Fatalf("%dx%d: no candidates", tt.rows, tt.cols)
		}
		have := map[string]bool{}
		n := 0
		for _, c := range cs {
			have[c.String()] = true
			if _, p := c.Options["persistent"]; p {
				n++
			}
		}
		if n != tt.persistent {
			t.Errorf("%dx%d: %d persistent candidates, want %d: %v", tt.rows, tt.cols, n, tt.persistent, cs)
		}
		for _, w := range tt.want {
			if !have[w] {
				t.Errorf("%dx%d: no candidate %q in %v", tt.rows, tt.cols, w, cs)
			}
		}
		if len(have) != len(cs) {
			t.Errorf("%dx%d: duplicate candidates in %v", tt.rows, tt.cols, cs)
		}
	}
}

// TestGEMMSpace reads the GEMM spaces from the chip descriptions: the
// sm_90a path's blocks where wgmma multiplies the operand type (bk one
// 128-byte row, the ring three stages deep), the sm_80 path's elsewhere.
func TestGEMMSpace(t *testing.T) {
	ctx := ir.NewContext()
	sm80, _ := chips.Lookup("sm_80")
	sm90, _ := chips.Lookup("sm_90a")
	if sm80 == nil || sm90 == nil {
		t.Fatal("no sm_80 or sm_90a description")
	}
	bf16, f32, f8 := ctx.FloatType(ir.BF16), ctx.FloatType(ir.F32), ctx.FloatType(ir.F8E4M3FN)
	for _, tt := range []struct {
		chip        *chips.Chip
		elem        ir.Type
		n           int
		first, last string
	}{
		{sm80, bf16, 6, "tile-sizes=128,128,32 chip=sm_80 group-m=1", "tile-sizes=64,128,32 chip=sm_80 group-m=8"},
		{sm90, f32, 6, "tile-sizes=128,128,32 chip=sm_80 group-m=1", "tile-sizes=64,128,32 chip=sm_80 group-m=8"},
		{sm90, bf16, 12, "tile-sizes=128,256,64 chip=sm_90a group-m=8 persistent=132", "tile-sizes=64,64,64 chip=sm_90a group-m=16 persistent=132"},
		{sm90, f8, 12, "tile-sizes=128,256,128 chip=sm_90a group-m=8 persistent=132", "tile-sizes=64,64,128 chip=sm_90a group-m=16 persistent=132"},
	} {
		cs := GEMMSpace(tt.chip, tt.elem, 132)
		if len(cs) != tt.n || cs[0].String() != tt.first || cs[len(cs)-1].String() != tt.last {
			var names []string
			for _, c := range cs {
				names = append(names, c.String())
			}
			t.Errorf("%s %s: %d candidates, want %d from %q to %q:\n%s", tt.chip.Name, ir.TypeString(tt.elem), len(cs), tt.n, tt.first, tt.last, strings.Join(names, "\n"))
		}
	}
}

func TestAttentionSpace(t *testing.T) {
	cs := AttentionSpace(cfg("128,128,64", "chip", "sm_90a"))
	if len(cs) != 2 || cs[0].String() != "tile-sizes=128,128,64 chip=sm_90a" ||
		cs[1].String() != "tile-sizes=128,128,64 attention-overlap=true chip=sm_90a" {
		t.Errorf("attention space %v", cs)
	}
}

func TestRelErr(t *testing.T) {
	if e := RelErr([][]float64{{3, 4}}, [][]float64{{3, 4}}); e != 0 {
		t.Errorf("equal: %g", e)
	}
	if e := RelErr([][]float64{{3, 4}}, [][]float64{{3}}); !math.IsInf(e, 1) {
		t.Errorf("shapes: %g", e)
	}
	if e := RelErr([][]float64{{math.NaN()}}, [][]float64{{1}}); !math.IsInf(e, 1) {
		t.Errorf("NaN: %g", e)
	}
	if e := RelErr([][]float64{{0, 5}}, [][]float64{{0, 4}}); math.Abs(e-0.25) > 1e-12 {
		t.Errorf("0.25: %g", e)
	}
}
