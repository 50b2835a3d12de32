package tiletoamdgpu_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/conversion/tiletoamdgpu"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/scf"
	"github.com/strata-ir/strata/dialects/vector"
)

// TestLDSConflictsModel checks the bank model on patterns whose cost is
// known: consecutive dwords, a stride of one bank row, the broadcast of
// one dword, and the lane groups of the 8- and 16-byte accesses.
func TestLDSConflictsModel(t *testing.T) {
	lanes := func(f func(l int64) int64) []int64 {
		a := make([]int64, 64)
		for l := range a {
			a[l] = f(int64(l))
		}
		return a
	}
	for _, c := range []struct {
		name           string
		addr           []int64
		bytes          int64
		write          bool
		cycles, degree int
	}{
		{"b32 consecutive", lanes(func(l int64) int64 { return 4 * l }), 4, false, 2, 1},
		{"b32 stride 128", lanes(func(l int64) int64 { return 128 * l }), 4, false, 64, 32},
		{"b32 broadcast", lanes(func(l int64) int64 { return 8 }), 4, false, 2, 1},
		{"b32 stride 8", lanes(func(l int64) int64 { return 8 * l }), 4, false, 4, 2},
		{"b16 pairs share dwords", lanes(func(l int64) int64 { return 2 * l }), 2, true, 2, 1},
		{"b64 consecutive", lanes(func(l int64) int64 { return 8 * l }), 8, false, 4, 1},
		// Lanes 16 apart are in different phases of an 8-byte access.
		{"b64 quarter-waves", lanes(func(l int64) int64 { return 8*(l%16) + 1024*(l/16) }), 8, false, 4, 1},
		// 16 rows of 32 bytes: rows 4 apart share their banks.
		{"b64 rows of 32 bytes", lanes(func(l int64) int64 { return 32 * (l % 16) }), 8, false, 16, 4},
		{"b128 write consecutive", lanes(func(l int64) int64 { return 16 * l }), 16, true, 8, 1},
		// ds_read_b128 serves lanes 0-3 with 20-23: lanes 4-7 may repeat
		// the banks of 0-3.
		{"b128 read groups", lanes(func(l int64) int64 { return 16*(l%4) + 64*((l/4)%2) + 4096*(l/8) }), 16, false, 8, 1},
		{"b128 read conflict", lanes(func(l int64) int64 { return 16*(l%4) + 4096*(l/4) }), 16, false, 16, 2},
		{"inactive lanes", lanes(func(l int64) int64 { return -1 }), 4, false, 0, 0},
	} {
		cycles, degree := tiletoamdgpu.LDSConflicts(c.addr, c.bytes, c.write)
		if cycles != c.cycles || degree != c.degree {
			t.Errorf("%s: %d cycles, degree %d; want %d, %d", c.name, cycles, degree, c.cycles, c.degree)
		}
	}
}

// TestLDSBankConflicts lowers products to amdgpu kernels and evaluates,
// for every thread of a block, the LDS address of every load and store
// of the staged operands in the emitted IR (its index arithmetic folded
// with the thread's id, block 0 and the first iteration of loops). The
// addresses of each wave go through the bank model: the reads of the
// MFMA fragments must be conflict-free, and so must the writes of the
// blocks loaded from global memory, except the transposed element stores
// of B where a half-wave writes more rows than the units of a row can
// spread over the banks (rows of 32 bytes, or 16 rows of 64 bytes): those
// are at most 2-way.
func TestLDSBankConflicts(t *testing.T) {
	for _, c := range []struct {
		file, chip, sizes string
		// writes is the worst degree allowed for the stores.
		writes int
	}{
		{"gemm_bias_relu.mlir", "gfx90a", "32,32,16", 2},
		{"gemm_bias_relu.mlir", "gfx942", "64,64,32", 1},
		{"gemm_bias_relu.mlir", "gfx942", "128,128,32", 2},
		{"gemm_bias_relu.mlir", "gfx950", "64,64,64", 1},
		{"gemm_f16.mlir", "gfx90a", "32,32,32", 2},
		{"gemm_f16.mlir", "gfx942", "64,64,64", 1},
		{"../../examples/matmul/matmul.mlir", "gfx90a", "32,32,16", 2},
		{"../../examples/gemm-bias-relu/gemm-bias-relu.mlir", "gfx942", "64,64,32", 2},
		{"../../conversion/tiletoamdgpu/testdata/gemm_fp8.mlir", "gfx942", "64,64,64", 1},
	} {
		t.Run(c.file+"/"+c.chip+"/"+c.sizes, func(t *testing.T) {
			file := filepath.Join(examples, c.file)
			if strings.HasPrefix(c.file, "../../") {
				file = c.file
			}
			ctx, m := parse(t, file)
			pipeline := "builtin.module(linalg-to-tile{target=" + c.chip + " tile-sizes=" + c.sizes + "}, tile-to-amdgpu{chip=" + c.chip + "})"
			pm := pass.NewManager(ctx, "builtin.module")
			if err := pm.Parse(pipeline); err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m); err != nil {
				t.Fatal(err)
			}
			reads, writes := 0, 0
			dimX, err := gpu.DimensionAttr(ctx, "x")
			if err != nil {
				t.Fatal(err)
			}
			wg, err := gpu.WorkgroupAddressSpace(ctx)
			if err != nil {
				t.Fatal(err)
			}
			m.Walk(ir.PreOrder, func(fn *ir.Operation) bool {
				if _, ok := gpu.AsFuncOp(fn); !ok || fn.Attr("gpu.kernel") == nil {
					return true
				}
				threads := int64(1)
				if bs, ok := fn.Attr("known_block_size").(*ir.DenseArrayAttr); ok && len(bs.Data) >= 4 {
					threads = int64(bs.Data[0]) | int64(bs.Data[1])<<8
				}
				fn.Walk(ir.PreOrder, func(op *ir.Operation) bool {
					acc, ok := ldsAccessOf(op, wg)
					if !ok {
						return true
					}
					for w := int64(0); w < threads/64; w++ {
						addr := make([]int64, 64)
						for l := int64(0); l < 64; l++ {
							ev := &evaluator{tid: 64*w + l, dimX: dimX}
							on, err := ev.active(op)
							if err != nil {
								t.Fatalf("%v", err)
							}
							addr[l] = -1
							if !on {
								continue
							}
							i, err := ev.eval(acc.index)
							if err != nil {
								t.Fatalf("%s: %v", op.Name(), err)
							}
							addr[l] = i * acc.elemBytes
						}
						_, degree := tiletoamdgpu.LDSConflicts(addr, acc.bytes, acc.write)
						if acc.write {
							writes++
							if degree > c.writes {
								t.Errorf("wave %d: a %d-byte store to LDS has a %d-way bank conflict (at most %d allowed)", w, acc.bytes, degree, c.writes)
							}
						} else {
							reads++
							if degree > 1 {
								t.Errorf("wave %d: a %d-byte read of an MFMA operand has a %d-way bank conflict", w, acc.bytes, degree)
							}
						}
					}
					return true
				})
				return false
			})
			if reads == 0 || writes == 0 {
				t.Fatalf("%d LDS reads and %d writes found", reads, writes)
			}
		})
	}
}

// ldsAccess is an LDS load or store of the emitted IR: its (linear)
// index, the bytes of an element and of the access.
type ldsAccess struct {
	index            ir.Value
	elemBytes, bytes int64
	write            bool
}

func ldsAccessOf(op *ir.Operation, workgroup ir.Attribute) (ldsAccess, bool) {
	var base, value ir.Value
	var idx []ir.Value
	write := false
	if o, ok := vector.AsLoadOp(op); ok {
		base, idx, value = o.Base(), o.Indices(), o.Operation.Result(0)
	} else if o, ok := vector.AsStoreOp(op); ok {
		base, idx, value, write = o.Base(), o.Indices(), o.ValueToStore(), true
	} else if o, ok := memref.AsLoadOp(op); ok {
		base, idx, value = o.Memref(), o.Indices(), o.Operation.Result(0)
	} else if o, ok := memref.AsStoreOp(op); ok {
		base, idx, value, write = o.Memref(), o.Indices(), o.Value(), true
	} else {
		return ldsAccess{}, false
	}
	mt, ok := base.Type().(*ir.MemRefType)
	if !ok || mt.MemorySpace != workgroup || len(idx) != 1 {
		return ldsAccess{}, false
	}
	eb := int64(ir.IntOrFloatBitWidth(mt.Elem) / 8)
	n := int64(1)
	if vt, ok := value.Type().(*ir.VectorType); ok {
		n = ir.NumElements(vt.Shape)
	}
	return ldsAccess{index: idx[0], elemBytes: eb, bytes: n * eb, write: write}, true
}

// evaluator folds the index arithmetic of one thread.
type evaluator struct {
	tid  int64
	dimX ir.Attribute
	memo map[ir.Value]int64
}

func (e *evaluator) eval(v ir.Value) (int64, error) {
	if e.memo == nil {
		e.memo = map[ir.Value]int64{}
	}
	if x, ok := e.memo[v]; ok {
		return x, nil
	}
	x, err := e.compute(v)
	if err != nil {
		return 0, err
	}
	e.memo[v] = x
	return x, nil
}

func (e *evaluator) compute(v ir.Value) (int64, error) {
	if a, ok := v.(*ir.BlockArgument); ok {
		// The first iteration of a loop: its lower bound and the initial
		// values of its iteration arguments.
		if f, ok := scf.AsForOp(a.Owner().ParentOp()); ok {
			if a.Index() == 0 {
				return e.eval(f.LowerBound())
			}
			return e.eval(f.InitArgs()[a.Index()-1])
		}
		return 0, fmt.Errorf("cannot evaluate a block argument")
	}
	op := ir.DefiningOp(v)
	if c, ok := rewrite.ConstantValue(op); ok {
		return intOf(c)
	}
	if o, ok := gpu.AsThreadIdOp(op); ok {
		if o.Dimension() != e.dimX {
			return 0, nil
		}
		return e.tid, nil
	}
	if _, ok := gpu.AsBlockIdOp(op); ok {
		return 0, nil
	}
	if _, ok := gpu.AsLaneIdOp(op); ok {
		return e.tid % 64, nil
	}
	d := op.Def()
	if d == nil || d.Fold == nil {
		return 0, fmt.Errorf("cannot evaluate %s", op.Name())
	}
	operands := make([]ir.Attribute, op.NumOperands())
	for i, x := range op.Operands() {
		n, err := e.eval(x)
		if err != nil {
			return 0, err
		}
		operands[i] = op.Context().IntegerAttr(x.Type(), n)
	}
	res, ok := d.Fold(op, operands)
	if !ok || len(res) == 0 {
		return 0, fmt.Errorf("%s does not fold", op.Name())
	}
	r := res[v.(*ir.OpResult).Index()]
	if r.Value != nil {
		return e.eval(r.Value)
	}
	return intOf(r.Attr)
}

func intOf(a ir.Attribute) (int64, error) {
	i, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, fmt.Errorf("not an integer: %v", a)
	}
	return i.Int64(), nil
}

// active reports whether the thread runs op: every enclosing scf.if
// holds (op in its then region) or fails (in its else region).
func (e *evaluator) active(op *ir.Operation) (bool, error) {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		inner := op
		for inner.ParentOp() != p {
			inner = inner.ParentOp()
		}
		if f, ok := scf.AsIfOp(p); ok {
			c, err := e.eval(f.Condition())
			if err != nil {
				return false, err
			}
			inThen := inner.Block().Parent() == f.ThenRegion()
			if (c != 0) != inThen {
				return false, nil
			}
		}
		if _, ok := gpu.AsFuncOp(p); ok {
			break
		}
	}
	return true, nil
}
