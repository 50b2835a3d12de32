package tpu

import (
	"encoding/binary"
	"fmt"

	"github.com/strata-ir/strata/core/ir"
	function "github.com/strata-ir/strata/dialects/func"
)

// Kernel is the contract between Pallas and Mosaic read from a kernel
// function: a func.func whose arguments are the grid indices (i32), the
// scalar-prefetch refs (SMEM), one memref window per operand and the
// scratch refs, with the attributes iteration_bounds,
// dimension_semantics, window_params, scalar_prefetch and
// scratch_operands.
type Kernel struct {
	Func *ir.Operation
	// Name is the function's symbol.
	Name string
	// Grid holds the iteration bounds, Semantics each axis's dimension
	// semantics ("parallel", "arbitrary", ...).
	Grid      []int64
	Semantics []string
	// ScalarPrefetch counts the scalar-prefetch refs after the grid
	// indices.
	ScalarPrefetch int
	// Windows lists the operand windows, in argument order.
	Windows []Window
	// Scratch lists the types of the scratch refs.
	Scratch []*ir.MemRefType
}

// DynamicAxes returns the grid axes whose iteration bound is dynamic
// (ShapedType::kDynamic): their sizes come from the host at run time,
// as the grid operands of tpu.pallas_call.
func (k *Kernel) DynamicAxes() []int {
	var out []int
	for i, b := range k.Grid {
		if b == ir.Dynamic {
			out = append(out, i)
		}
	}
	return out
}

// Window is one operand's window: its block shape, the function mapping
// grid indices to block indices (empty: the whole array, block 0) and
// the type of the kernel's argument.
type Window struct {
	Block     []int64
	Transform string
	Type      *ir.MemRefType
}

// Kernel attribute names.
const (
	AttrIterationBounds    = "iteration_bounds"
	AttrDimensionSemantics = "dimension_semantics"
	AttrWindowParams       = "window_params"
	AttrScalarPrefetch     = "scalar_prefetch"
	AttrScratchOperands    = "scratch_operands"
	AttrCoreType           = "tpu.core_type"
)

// DenseInts returns the elements of a dense i32 or i64 array attribute
// (nil for anything else).
func DenseInts(a ir.Attribute) []int64 {
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	w := ir.IntOrFloatBitWidth(d.Elem) / 8
	out := make([]int64, d.Size)
	for i := range out {
		if (i+1)*w > len(d.Data) {
			break
		}
		switch w {
		case 4:
			out[i] = int64(int32(binary.LittleEndian.Uint32(d.Data[4*i:])))
		case 8:
			out[i] = int64(binary.LittleEndian.Uint64(d.Data[8*i:]))
		case 1:
			out[i] = int64(int8(d.Data[i]))
		}
	}
	return out
}

// IsKernel reports whether fn carries a Mosaic kernel's attributes.
func IsKernel(fn *ir.Operation) bool {
	return fn != nil && fn.Attr(AttrWindowParams) != nil && fn.Attr(AttrIterationBounds) != nil
}

func kernelErr(fn *ir.Operation, format string, args ...any) error {
	return ir.OpError(fn, "is not a valid Mosaic kernel: "+fmt.Sprintf(format, args...))
}

// ReadKernel reads and checks the kernel contract of fn.
func ReadKernel(fn *ir.Operation) (*Kernel, error) {
	if fn == nil || !isFunc(fn) {
		return nil, fmt.Errorf("not a func.func")
	}
	fo, _ := function.AsFuncOp(fn)
	k := &Kernel{Func: fn, Name: fo.SymName()}
	ft := fo.FunctionType()
	if ft == nil {
		return nil, kernelErr(fn, "no function type")
	}
	if len(ft.Results) != 0 {
		return nil, kernelErr(fn, "a kernel returns nothing")
	}
	bounds, ok := fn.Attr(AttrIterationBounds).(*ir.DenseArrayAttr)
	if !ok || ir.IntOrFloatBitWidth(bounds.Elem) != 64 {
		return nil, kernelErr(fn, "'iteration_bounds' must be an array<i64>")
	}
	k.Grid = DenseInts(bounds)
	for i, b := range k.Grid {
		if b < 1 && b != ir.Dynamic {
			return nil, kernelErr(fn, "iteration bound %d of axis %d must be positive (or dynamic, %d)", b, i, int64(ir.Dynamic))
		}
	}
	if a := fn.Attr(AttrDimensionSemantics); a != nil {
		arr, ok := a.(*ir.ArrayAttr)
		if !ok {
			return nil, kernelErr(fn, "'dimension_semantics' must be an array of #tpu.dimension_semantics")
		}
		for _, e := range arr.Elems {
			c, ok := EnumCase(e, "dimension_semantics")
			if !ok {
				return nil, kernelErr(fn, "'dimension_semantics' must be an array of #tpu.dimension_semantics")
			}
			k.Semantics = append(k.Semantics, c)
		}
	} else {
		for range k.Grid {
			k.Semantics = append(k.Semantics, "arbitrary")
		}
	}
	if len(k.Semantics) != len(k.Grid) {
		return nil, kernelErr(fn, "%d dimension semantics for a grid of rank %d", len(k.Semantics), len(k.Grid))
	}
	count := func(name string) (int, error) {
		a := fn.Attr(name)
		if a == nil {
			return 0, nil
		}
		ia, ok := a.(*ir.IntegerAttr)
		if !ok || ia.Int64() < 0 {
			return 0, kernelErr(fn, "'%s' must be a non-negative i64", name)
		}
		return int(ia.Int64()), nil
	}
	var err error
	if k.ScalarPrefetch, err = count(AttrScalarPrefetch); err != nil {
		return nil, err
	}
	scratch, err := count(AttrScratchOperands)
	if err != nil {
		return nil, err
	}
	wp, ok := fn.Attr(AttrWindowParams).(*ir.ArrayAttr)
	if !ok {
		return nil, kernelErr(fn, "'window_params' must be an array of dictionaries")
	}
	rank := len(k.Grid)
	want := rank + k.ScalarPrefetch + len(wp.Elems) + scratch
	if len(ft.Inputs) != want {
		return nil, kernelErr(fn, "expected %d arguments (%d grid indices, %d scalar-prefetch refs, %d windows, %d scratch refs), got %d",
			want, rank, k.ScalarPrefetch, len(wp.Elems), scratch, len(ft.Inputs))
	}
	for i := 0; i < rank; i++ {
		if !isI32OrIndex(ft.Inputs[i]) {
			return nil, kernelErr(fn, "grid index argument %d must be i32 or index, got %s", i, ir.TypeString(ft.Inputs[i]))
		}
	}
	for i := rank; i < rank+k.ScalarPrefetch; i++ {
		m, ok := ft.Inputs[i].(*ir.MemRefType)
		if !ok || MemorySpaceOf(m) != "smem" {
			return nil, kernelErr(fn, "scalar-prefetch argument %d must be a memref in SMEM, got %s", i, ir.TypeString(ft.Inputs[i]))
		}
	}
	module := ir.NearestSymbolTable(fn.ParentOp())
	for j, e := range wp.Elems {
		i := rank + k.ScalarPrefetch + j
		d, ok := e.(*ir.DictionaryAttr)
		if !ok {
			return nil, kernelErr(fn, "window %d: expected a dictionary", j)
		}
		m, ok := ft.Inputs[i].(*ir.MemRefType)
		if !ok {
			return nil, kernelErr(fn, "window %d: argument %d must be a memref, got %s", j, i, ir.TypeString(ft.Inputs[i]))
		}
		w := Window{Type: m}
		if b := d.Get("window_bounds"); b != nil {
			w.Block = DenseInts(b)
			if len(w.Block) != len(m.Shape) {
				return nil, kernelErr(fn, "window %d: window_bounds of rank %d for a ref of rank %d", j, len(w.Block), len(m.Shape))
			}
			for x := range w.Block {
				if m.Shape[x] != w.Block[x] {
					return nil, kernelErr(fn, "window %d: the ref %s does not have the window's shape %s", j, ir.TypeString(m), shapeString(w.Block))
				}
			}
		} else {
			w.Block = append([]int64(nil), m.Shape...)
		}
		if t := d.Get("transform_indices"); t != nil {
			ref, ok := t.(*ir.SymbolRefAttr)
			if !ok {
				return nil, kernelErr(fn, "window %d: transform_indices must be a symbol", j)
			}
			w.Transform = ref.Root
			if module != nil {
				tf := ir.LookupSymbolIn(module, ref)
				if tf == nil {
					return nil, kernelErr(fn, "window %d: no index map @%s", j, ref.Root)
				}
				if err := checkTransform(fn, tf, j, rank, k.ScalarPrefetch, len(m.Shape)); err != nil {
					return nil, err
				}
			}
		}
		if s := MemorySpaceOf(m); s != "vmem" && s != "smem" && s != "any" && s != "hbm" {
			return nil, kernelErr(fn, "window %d: the ref must be in VMEM, SMEM or ANY, got %s", j, ir.TypeString(m))
		}
		k.Windows = append(k.Windows, w)
	}
	for i := rank + k.ScalarPrefetch + len(wp.Elems); i < want; i++ {
		m, ok := ft.Inputs[i].(*ir.MemRefType)
		if !ok {
			return nil, kernelErr(fn, "scratch argument %d must be a memref, got %s", i, ir.TypeString(ft.Inputs[i]))
		}
		k.Scratch = append(k.Scratch, m)
	}
	return k, nil
}

func isI32OrIndex(t ir.Type) bool {
	if _, ok := t.(*ir.IndexType); ok {
		return true
	}
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 32
}

func checkTransform(fn, tf *ir.Operation, j, rank, prefetch, outRank int) error {
	fo, isF := function.AsFuncOp(tf)
	if !isF || fo.FunctionType() == nil {
		return kernelErr(fn, "window %d: the index map is not a func.func", j)
	}
	ft := fo.FunctionType()
	if ft == nil {
		return kernelErr(fn, "window %d: the index map is not a func.func", j)
	}
	if len(ft.Inputs) != rank+prefetch {
		return kernelErr(fn, "window %d: the index map takes %d arguments, expected %d (the grid indices and scalar-prefetch refs)", j, len(ft.Inputs), rank+prefetch)
	}
	if len(ft.Results) != outRank {
		return kernelErr(fn, "window %d: the index map returns %d block indices for a window of rank %d", j, len(ft.Results), outRank)
	}
	for _, t := range append(append([]ir.Type(nil), ft.Inputs[:rank]...), ft.Results...) {
		if !isI32OrIndex(t) {
			return kernelErr(fn, "window %d: the index map must take and return i32 values", j)
		}
	}
	return nil
}

// verifyOperationAttr checks attributes named tpu.*: tpu.core_type on a
// function that carries a kernel's attributes checks the kernel contract.
func verifyOperationAttr(op *ir.Operation, na ir.NamedAttr) error {
	if na.Name != AttrCoreType {
		return nil
	}
	if _, ok := EnumCase(na.Value, "core_type"); !ok {
		return ir.OpError(op, "'tpu.core_type' must be a #tpu.core_type")
	}
	if isFunc(op) && (op.Attr(AttrWindowParams) != nil || op.Attr(AttrIterationBounds) != nil) {
		_, err := ReadKernel(op)
		return err
	}
	return nil
}

// PallasCallKernel returns the kernel function a tpu.pallas_call runs.
func PallasCallKernel(op PallasCallOp) (*ir.Operation, error) {
	ref, ok := op.KernelAttr().(*ir.SymbolRefAttr)
	if !ok {
		return nil, ir.OpError(op.Operation, "expected a kernel symbol")
	}
	k := ir.LookupNearestSymbolFrom(op.Operation, ref)
	if k == nil {
		return nil, ir.OpError(op.Operation, "'@"+ref.Root+"' does not reference a valid function")
	}
	return k, nil
}

// Outputs reports, for each window of k, whether the kernel writes it
// (an output of the pallas_call; the others are inputs): some operation
// of the body has a write effect on the window's ref or on a slice of
// it.
func (k *Kernel) Outputs() []bool {
	out := make([]bool, len(k.Windows))
	entry := k.Func.Region(0).First()
	if entry == nil {
		return out
	}
	first := len(k.Grid) + k.ScalarPrefetch
	root := map[ir.Value]int{}
	for j := range k.Windows {
		root[entry.Argument(first+j)] = j
	}
	k.Func.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if s, ok := AsMemrefSliceOp(op); ok {
			if j, ok := root[s.MemRef()]; ok {
				root[s.Result()] = j
			}
		}
		if s, ok := AsMemrefSqueezeOp(op); ok {
			if j, ok := root[s.Input()]; ok {
				root[s.Result()] = j
			}
		}
		effects, _ := op.Effects()
		for _, e := range effects {
			if e.Kind != ir.EffectWrite || e.Value == nil {
				continue
			}
			if j, ok := root[e.Value]; ok {
				out[j] = true
			}
		}
		return true
	})
	return out
}

// isFunc reports whether op is a func.func.
func isFunc(op *ir.Operation) bool {
	_, ok := function.AsFuncOp(op)
	return ok
}
