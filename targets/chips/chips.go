// Package chips describes the chips that tile kernels run on, as data:
// chips.mlir holds one description per chip (on-chip memory, matrix-unit
// instructions and the types they take, warp or wave size, TPU block
// tiling, Neuron partition limits), with its sources. tile-verify-target
// checks kernels against a description, and the lowerings of tile read
// their limits from it.
package chips

import (
	_ "embed"
	"fmt"
	"sort"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

//go:embed chips.mlir
var data string

// Chip is the description of one chip.
type Chip struct {
	// Name is the chip's name: sm_80, sm_90a, gfx90a, gfx942, tpu-v5e,
	// tpu-v6e, trn1, trn2.
	Name string
	// Vendor is "nvidia", "amd", "google" or "aws".
	Vendor string
	// WarpSize is the threads of a warp or wave (0 for TPU and Neuron).
	WarpSize int64
	// Memory names the on-chip memory that blocks are staged in
	// (shared memory, LDS, VMEM, SBUF), MemoryBytes its capacity per
	// thread block or core.
	Memory      string
	MemoryBytes int64
	// AccMemory names a separate accumulation memory (Neuron's PSUM),
	// AccFreeBytes the bytes per partition of one accumulator tile; 0
	// when the chip has none.
	AccMemory    string
	AccFreeBytes int64
	// AccBanks is the number of accumulator tiles (PSUM banks) a
	// partition holds at once; 0 when the chip has no such memory.
	AccBanks int64
	// StationaryMax and MovingMax bound the free sizes of the stationary
	// and moving operands of one matrix instruction on Neuron (the
	// stationary free size is the output's partitions, the moving free
	// size its columns); 0 for no such limit.
	StationaryMax, MovingMax int64
	// BnStatsMax is the most elements per partition one bn_stats
	// instruction reads on Neuron; 0 when the chip has none.
	BnStatsMax int64
	// PartitionMax is the largest first dimension of a tile (Neuron's
	// partitions); 0 for no limit.
	PartitionMax int64
	// BlockRule is "tpu" when the last two dimensions of a block must be
	// multiples of (8, 128) or equal the array's; empty otherwise.
	BlockRule string
	// VectorDot lists the input types a dot may compute without a matrix
	// unit, in any shape.
	VectorDot []string
	// Matrix lists the matrix-unit instructions.
	Matrix []Instr
}

// Instr is a matrix-unit instruction: it computes an M×N block from M×K
// and K×N inputs.
type Instr struct {
	Name    string
	M, N, K int64
	// A and B list the element types of the inputs (B is A when not
	// given), Acc those of the accumulator, as MLIR type names.
	A, B, Acc []string
	// Precision is "tf32" when f32 inputs are rounded to tf32 (a tile.dot
	// with precision tf32), empty otherwise.
	Precision string
}

var (
	once  sync.Once
	table map[string]*Chip
	err   error
)

func load() { table, err = parse(data) }

// parse decodes a table of chip descriptions.
func parse(src string) (map[string]*Chip, error) {
	ctx := ir.NewContext()
	a, err := asm.ParseAttrString(ctx, src, nil)
	if err != nil {
		return nil, fmt.Errorf("chips.mlir: %v", err)
	}
	d, ok := a.(*ir.DictionaryAttr)
	if !ok {
		return nil, fmt.Errorf("chips.mlir: expected a dictionary")
	}
	out := map[string]*Chip{}
	for _, e := range d.Entries {
		c, err := decode(e.Name, e.Value)
		if err != nil {
			return nil, fmt.Errorf("chips.mlir: %s: %v", e.Name, err)
		}
		out[e.Name] = c
	}
	return out, nil
}

// Lookup returns the description of the chip name, or false.
func Lookup(name string) (*Chip, bool) {
	once.Do(load)
	c, ok := table[name]
	return c, ok
}

// Names returns the names of the described chips, sorted.
func Names() []string {
	once.Do(load)
	var out []string
	for n := range table {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Err reports a malformed chips.mlir (a bug in this package, caught by
// its tests).
func Err() error {
	once.Do(load)
	return err
}

// decoder reads the fields of a dictionary, remembering the first error.
type decoder struct {
	d   *ir.DictionaryAttr
	err error
}

func (r *decoder) get(name string) ir.Attribute {
	for _, e := range r.d.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

func (r *decoder) str(name string) string {
	switch a := r.get(name).(type) {
	case nil:
		return ""
	case *ir.StringAttr:
		return a.Value
	}
	r.fail("field %s must be a string", name)
	return ""
}

func (r *decoder) int(name string) int64 {
	switch a := r.get(name).(type) {
	case nil:
		return 0
	case *ir.IntegerAttr:
		return a.Int64()
	}
	r.fail("field %s must be an integer", name)
	return 0
}

func (r *decoder) types(name string) []string {
	a := r.get(name)
	if a == nil {
		return nil
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		r.fail("field %s must be a list of types", name)
		return nil
	}
	var out []string
	for _, e := range arr.Elems {
		t, ok := e.(*ir.TypeAttr)
		if !ok {
			r.fail("field %s must be a list of types", name)
			return nil
		}
		out = append(out, asm.TypeString(t.Type))
	}
	return out
}

func (r *decoder) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}

var known = map[string]bool{"vendor": true, "warp_size": true, "memory": true, "memory_bytes": true,
	"acc_memory": true, "acc_free_bytes": true, "acc_banks": true,
	"stationary_max": true, "moving_max": true, "bn_stats_max": true, "partition_max": true, "block_rule": true,
	"vector_dot": true, "matrix": true}

func decode(name string, a ir.Attribute) (*Chip, error) {
	d, ok := a.(*ir.DictionaryAttr)
	if !ok {
		return nil, fmt.Errorf("expected a dictionary")
	}
	r := &decoder{d: d}
	for _, e := range d.Entries {
		if !known[e.Name] {
			r.fail("unknown field %s", e.Name)
		}
	}
	c := &Chip{Name: name, Vendor: r.str("vendor"), WarpSize: r.int("warp_size"),
		Memory: r.str("memory"), MemoryBytes: r.int("memory_bytes"),
		AccMemory: r.str("acc_memory"), AccFreeBytes: r.int("acc_free_bytes"), AccBanks: r.int("acc_banks"),
		StationaryMax: r.int("stationary_max"), MovingMax: r.int("moving_max"), BnStatsMax: r.int("bn_stats_max"),
		PartitionMax: r.int("partition_max"), BlockRule: r.str("block_rule"),
		VectorDot: r.types("vector_dot")}
	if c.MemoryBytes <= 0 {
		r.fail("memory_bytes must be positive")
	}
	if c.BlockRule != "" && c.BlockRule != "tpu" {
		r.fail("unknown block_rule %q", c.BlockRule)
	}
	if m := r.get("matrix"); m != nil {
		arr, ok := m.(*ir.ArrayAttr)
		if !ok {
			r.fail("matrix must be a list")
		} else {
			for _, e := range arr.Elems {
				ed, ok := e.(*ir.DictionaryAttr)
				if !ok {
					r.fail("matrix entries must be dictionaries")
					continue
				}
				dr := &decoder{d: ed}
				in := Instr{Name: dr.str("name"), M: dr.int("m"), N: dr.int("n"), K: dr.int("k"),
					A: dr.types("a"), B: dr.types("b"), Acc: dr.types("acc"), Precision: dr.str("precision")}
				if in.B == nil {
					in.B = in.A
				}
				if in.M <= 0 || in.N <= 0 || in.K <= 0 || len(in.A) == 0 || len(in.Acc) == 0 {
					dr.fail("matrix entry %s needs positive m, n, k and types a and acc", in.Name)
				}
				if dr.err != nil {
					r.fail("%v", dr.err)
				}
				c.Matrix = append(c.Matrix, in)
			}
		}
	}
	return c, r.err
}
