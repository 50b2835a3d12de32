package tune

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Key identifies the kernels a winner applies to: the kernel's kind and
// operand type (such as "gemm.bf16" or "attention.bf16.causal"), its
// shape class (see ShapeClass) and the chip.
type Key struct {
	Kernel string `json:"kernel"`
	Class  string `json:"class"`
	Chip   string `json:"chip"`
}

func (k Key) String() string { return k.Kernel + " " + k.Class + " " + k.Chip }

// Winner is the configuration strata-tune chose for a key, with the
// times that chose it (the median of the kernel's launches, in ms).
type Winner struct {
	Key
	TileSizes string            `json:"tile_sizes,omitempty"`
	Options   map[string]string `json:"options,omitempty"`
	Ms        float64           `json:"ms,omitempty"`
	DefaultMs float64           `json:"default_ms,omitempty"`
	// Shape is the shape that was timed (the class holds others).
	Shape string `json:"shape,omitempty"`
}

// Config returns the winner's configuration.
func (w Winner) Config() Config {
	c := Config{TileSizes: w.TileSizes, Options: map[string]string{}}
	for k, v := range w.Options {
		c.Options[k] = v
	}
	return c
}

// Blocks returns the winner's tile sizes as numbers (nil when it has
// none): linalg-to-tile's three blocks, positive.
func (w Winner) Blocks() ([]int64, error) {
	if w.TileSizes == "" {
		return nil, nil
	}
	var out []int64
	for _, p := range strings.Split(w.TileSizes, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("tile sizes %q are not positive integers", w.TileSizes)
		}
		out = append(out, v)
	}
	if len(out) != 3 {
		return nil, fmt.Errorf("tile sizes %q are not three sizes", w.TileSizes)
	}
	return out, nil
}

// Cache is the winners cache: the configuration strata-tune measured
// fastest for each kernel kind, shape class and chip. strata-tune
// writes it (--cache); linalg-to-tile (the blocks of GEMMs) and
// tile-to-nvgpu (the options of sm_90a GEMMs and attention kernels) read
// it (tune-cache=PATH) for the kernels of a cached key.
type Cache struct {
	Winners []Winner `json:"winners"`
}

// ShapeClass is the class of a problem of sizes dims: each size rounded
// up to a power of two, written AxBxC. Shapes of one class take the same
// blocks equally well, give or take the edges.
func ShapeClass(dims ...int64) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		p := int64(1)
		for p < d {
			p *= 2
		}
		parts[i] = strconv.FormatInt(p, 10)
	}
	return strings.Join(parts, "x")
}

// LoadCache reads a winners cache; a file that does not exist is an
// empty cache.
func LoadCache(path string) (*Cache, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Cache{}, nil
	}
	if err != nil {
		return nil, err
	}
	var c Cache
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("%s: not a winners cache: %v", path, err)
	}
	for i, w := range c.Winners {
		if w.Kernel == "" || w.Class == "" || w.Chip == "" {
			return nil, fmt.Errorf("%s: winner %d lacks its kernel, class or chip", path, i)
		}
		if _, err := w.Blocks(); err != nil {
			return nil, fmt.Errorf("%s: winner %d (%s): %v", path, i, w.Key, err)
		}
	}
	return &c, nil
}

// Lookup returns the winner of key k.
func (c *Cache) Lookup(k Key) (Winner, bool) {
	if c == nil {
		return Winner{}, false
	}
	for _, w := range c.Winners {
		if w.Key == k {
			return w, true
		}
	}
	return Winner{}, false
}

// Put records w, replacing the winner of its key.
func (c *Cache) Put(w Winner) {
	for i := range c.Winners {
		if c.Winners[i].Key == w.Key {
			c.Winners[i] = w
			return
		}
	}
	c.Winners = append(c.Winners, w)
	sort.Slice(c.Winners, func(i, j int) bool { return c.Winners[i].Key.String() < c.Winners[j].Key.String() })
}

// Save writes the cache as JSON (with its shapes' < and > as they are).
func (c *Cache) Save(path string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(c); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
