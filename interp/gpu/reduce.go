package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/arith"
)

// reduceOps maps the values of #gpu<all_reduce_op ...> to the arith
// operations for integers and for floats ("" where the kind does not
// apply); "max" and "min" are the spellings of older versions.
var reduceOps = map[string][2]string{
	"add":      {"arith.addi", "arith.addf"},
	"mul":      {"arith.muli", "arith.mulf"},
	"minui":    {"arith.minui", ""},
	"minsi":    {"arith.minsi", ""},
	"maxui":    {"arith.maxui", ""},
	"maxsi":    {"arith.maxsi", ""},
	"minnumf":  {"", "arith.minnumf"},
	"maxnumf":  {"", "arith.maxnumf"},
	"minimumf": {"", "arith.minimumf"},
	"maximumf": {"", "arith.maximumf"},
	"and":      {"arith.andi", ""},
	"or":       {"arith.ori", ""},
	"xor":      {"arith.xori", ""},
}

// reducer returns the function combining two values of type t for op's
// reduction kind (its 'op' attribute), or, for a gpu.all_reduce with a
// region, the function running the region in the frame f.
func reducer(f *interp.Frame, op *ir.Operation, t ir.Type) (func(a, b interp.Value) (interp.Value, error), error) {
	if a := attr(op, "op"); a != nil {
		kind := enum(a)
		names, ok := reduceOps[kind]
		if !ok {
			return nil, interp.Errorf(op, "unknown reduction '"+kind+"'")
		}
		et := t
		if e := interp.ElementType(t); e != nil {
			et = e
		}
		name := names[0]
		if _, isFloat := et.(*ir.FloatType); isFloat {
			name = names[1]
		}
		fn := arith.Scalar(name)
		if name == "" || fn == nil {
			return nil, interp.Errorf(op, "reduction '"+kind+"' does not apply to "+asm.TypeString(et))
		}
		return func(a, b interp.Value) (interp.Value, error) {
			return arith.Apply(op, fn, []interp.Value{a, b}, t)
		}, nil
	}
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil, interp.Errorf(op, "a reduction needs an operation or a region")
	}
	return func(a, b interp.Value) (interp.Value, error) {
		vs, err := f.RunRegion(op.Region(0), []interp.Value{a, b})
		if err != nil {
			return interp.Value{}, err
		}
		if len(vs) != 1 {
			return interp.Value{}, interp.Errorf(op, fmt.Sprintf("the reduction region yields %d values, expected 1", len(vs)))
		}
		return vs[0], nil
	}, nil
}

// allReduce reduces a value over every thread of the block, in the
// threads' linear order, and gives every thread the result.
func allReduce(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	out, err := t.Collective(f, op, simt.BlockScope, v, func(group []*simt.Arrival) error {
		fn, err := reducer(group[0].Frame, op, op.Result(0).Type())
		if err != nil {
			return err
		}
		acc := group[0].In.(interp.Value)
		for _, a := range group[1:] {
			if acc, err = fn(acc, a.In.(interp.Value)); err != nil {
				return err
			}
		}
		for _, a := range group {
			a.Out = acc
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}

// subgroupReduce reduces a value over the lanes of a warp, or over the
// clusters of cluster_size lanes cluster_stride apart, and gives each lane
// its cluster's result. Lanes combine in increasing order.
func subgroupReduce(f *interp.Frame, op *ir.Operation) error {
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	v, err := f.Operand(op, 0)
	if err != nil {
		return err
	}
	// Without a cluster size, the reduction is over the whole subgroup:
	// the threads of the warp (fewer than 32 in a last, partial warp).
	size, stride := int64(0), int64(1)
	lanes := int64(t.Block.Launch.Lanes())
	if a, ok := attr(op, "cluster_size").(*ir.IntegerAttr); ok {
		size = a.Int64()
	} else if size = int64(len(t.Block.Threads)) - int64(t.Warp())*lanes; size > lanes {
		size = lanes
	}
	if a, ok := attr(op, "cluster_stride").(*ir.IntegerAttr); ok {
		stride = a.Int64()
	}
	if size <= 0 || stride <= 0 || size*stride > lanes {
		return interp.Errorf(op, fmt.Sprintf("clusters of %d lanes %d apart do not fit a subgroup of %d", size, stride, lanes))
	}
	out, err := t.Collective(f, op, simt.Warp, v, func(group []*simt.Arrival) error {
		fn, err := reducer(group[0].Frame, op, op.Result(0).Type())
		if err != nil {
			return err
		}
		for l, a := range group {
			first := int64(l)/(size*stride)*(size*stride) + int64(l)%stride
			var acc interp.Value
			for i := int64(0); i < size; i++ {
				m := first + i*stride
				if m >= int64(len(group)) {
					return interp.Errorf(op, fmt.Sprintf("lane %d reduces over lane %d, which the warp of %d threads does not have", l, m, len(group)))
				}
				x := group[m].In.(interp.Value)
				if i == 0 {
					acc = x
				} else if acc, err = fn(acc, x); err != nil {
					return err
				}
			}
			a.Out = acc
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.SetResult(op, 0, out.(interp.Value))
	return nil
}
