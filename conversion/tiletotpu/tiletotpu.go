// Package tiletotpu is tile-to-tpu{chip=tpu-v5e|tpu-v6e}: it turns each
// launch of a tile kernel into a Mosaic kernel (a func.func with JAX's
// Pallas-to-Mosaic contract) and a tpu.pallas_call that runs it.
//
// The kernel's grid is the tile grid (sizes that are not constants are
// dynamic iteration bounds, passed by the host), plus one trailing
// `arbitrary` axis when the program loops over blocks of a reduced
// dimension (k loops over tile.num_blocks carrying accumulators): the
// loops become that grid axis, their accumulators live in f32 (the
// accumulator's type) VMEM scratch refs, set to their initial values
// under `k == 0` and read by the code after the loops (the epilogue and
// the stores) under `k == last`. Consecutive loops that split the range
// (the causal FlashAttention kernel's unmasked and diagonal blocks) each
// run under their range; past the last one nothing runs and the k
// windows keep their block (clamped index maps). Dynamic array sizes the
// kernel reads come through scalar-prefetch SMEM refs; a gather of whole
// rows becomes one DMA per row from an array left in HBM, addressed by
// row indices prefetched into SMEM. Every tile.load and tile.store addressed by block index
// becomes an operand window: its block shape is the tile's, its index map
// (a @transform function) sends the grid indices to the block indices (a
// program id, the k index or a constant). A load with a pad masks the
// elements past the end of the array (a window at the edge holds whatever
// the memory held there), a guarded store writes the whole window, whose
// part outside the array is dropped when it is copied back. Scalars
// passed to the kernel go through SMEM refs of one element.
//
// The body is lowered from tiles (tensors) to vectors: tile.dot becomes
// tpu.matmul (f32 inputs at fp32 precision), tile.reduce
// vector.multi_reduction, splat/broadcast vector.broadcast, expand_dims,
// squeeze and reshape vector.shape_cast, tile.iota tpu.iota (index
// elements become i32), tile.transpose vector.transpose, tile.cast the arith
// conversion; arith and math operations are kept with vector types.
//
// Checks, as located errors naming the rule: blocks obey the (8, 128)
// rule (the last two dimensions multiples of 8 and 128, or equal to the
// array's), dot blocks fill the chip's MXU (N and K multiples of 128 on
// v5e, 256 on v6e, or the whole dimension), the double-buffered windows
// and the scratch fit the chip's VMEM, and reductions (arbitrary axes)
// are the trailing grid axes.
package tiletotpu

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/builtin"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/targets/chips"
)

// Argument is the pass's name in pipelines.
const Argument = "tile-to-tpu"

// Pass registers tile-to-tpu.
var Pass = pass.Registration{Argument: Argument, New: New, Lowers: func(*ir.Context) []string {
	return []string{"tile.launch", "tile.func", "tile.program_id", "tile.num_programs", "tile.view", "tile.dim",
		"tile.num_blocks", "tile.load", "tile.store", "tile.gather", "tile.dot", "tile.reduce", "tile.splat", "tile.iota",
		"tile.broadcast", "tile.expand_dims", "tile.squeeze", "tile.reshape", "tile.transpose", "tile.cast", "tile.return"}
}}

func init() { pass.Register(Pass) }

type toTPU struct {
	pass.Info
	chip *string
}

// New returns a tile-to-tpu pass.
func New() pass.Pass {
	p := &toTPU{Info: pass.Info{Argument: Argument, Name: "TileToTPU",
		Summary: "Lower tile kernels and launches to Mosaic TPU kernels and tpu.pallas_call"}}
	var values []pass.EnumValue
	for _, n := range chips.Names() {
		if c, _ := chips.Lookup(n); c != nil && c.BlockRule == "tpu" {
			values = append(values, pass.EnumValue{Name: n, Desc: n})
		}
	}
	p.chip = p.Options.Enum("chip", "tpu-v5e", values, "The TPU whose VMEM, MXU and tiling rules the kernels obey")
	return p
}

func (p *toTPU) Run(op *ir.Operation, st *pass.State) error {
	chip, ok := chips.Lookup(*p.chip)
	if !ok || chip.BlockRule != "tpu" {
		st.Emit(ir.NewError(op.Loc(), fmt.Sprintf("tile-to-tpu: %q is not a TPU", *p.chip)))
		st.SignalFailure()
		return nil
	}
	if err := Run(st.Context(), op, chip); err != nil {
		st.Emit(asDiag(op, err))
		st.SignalFailure()
	}
	return nil
}

func asDiag(op *ir.Operation, err error) *ir.Diagnostic {
	if d, ok := err.(*ir.Diagnostic); ok {
		return d
	}
	if ds, ok := err.(ir.Diagnostics); ok && len(ds) > 0 {
		return ds[0]
	}
	return ir.NewError(op.Loc(), err.Error())
}

// Run lowers every tile.launch in module (and the kernels they launch)
// for chip.
func Run(ctx *ir.Context, module *ir.Operation, chip *chips.Chip) error {
	if _, ok := builtin.AsModuleOp(module); !ok {
		module = ir.NearestSymbolTable(module)
	}
	if module == nil {
		return fmt.Errorf("tile-to-tpu runs on a module")
	}
	names := map[string]bool{}
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if s, ok := ir.SymbolName(o); ok {
			names[s] = true
		}
		return true
	})
	var launches []tile.LaunchOp
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := tile.AsFuncOp(o); ok {
			return false
		}
		if l, ok := tile.AsLaunchOp(o); ok {
			launches = append(launches, l)
		}
		return true
	})
	kernels := map[*ir.Operation]bool{}
	for _, l := range launches {
		k := tile.LaunchedKernel(l)
		if k == nil {
			return ir.OpError(l.Operation, "launches no tile.func")
		}
		kernels[k] = true
		lw := &lowering{ctx: ctx, chip: chip, module: module, names: names, launch: l, kernel: k}
		if err := lw.run(); err != nil {
			return err
		}
	}
	for k := range kernels {
		if !symbolUsed(module, k) {
			k.Erase()
		}
	}
	return nil
}

func symbolUsed(module, k *ir.Operation) bool {
	name, _ := ir.SymbolName(k)
	used := false
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o == k {
			return false
		}
		ir.ForEachSymbolRef(o, func(r *ir.SymbolRefAttr) {
			if r.Root == name {
				used = true
			}
		})
		return !used
	})
	return used
}

func uniqueName(names map[string]bool, base string) string {
	name := base
	for i := 1; names[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	names[name] = true
	return name
}

func shapeStr(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == ir.Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = fmt.Sprint(d)
		}
	}
	return strings.Join(parts, "x")
}

// ReassociatesFloats reports that the pass may change how float sums are
// rounded: on the chip, the MXU accumulates in its own order and rounds
// f32 inputs to bf16 unless fp32 precision is asked for (semcheck
// compares printed numbers within a tolerance).
func (*toTPU) ReassociatesFloats() bool { return true }
