package pallas

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/dialects/tpu"
)

// Host functions: arrays are Python values; a memref.alloc is the array a
// kernel produces, bound when the tpu.pallas_call that writes it runs.

func alias(f *Func, op *ir.Operation) error {
	x, err := f.Expr(op, op.Operand(0))
	if err != nil {
		return err
	}
	f.Set(op.Result(0), x)
	return nil
}

func hostEmitters() map[string]emitFn {
	return map[string]emitFn{
		"bufferization.to_buffer": alias,
		"bufferization.to_tensor": alias,
		"tensor.cast":             alias,
		"memref.cast":             alias,
		"memref.alloc": func(f *Func, op *ir.Operation) error {
			if f.kernel != nil {
				return Errorf(op, "memref.alloc in a kernel is not translated")
			}
			// Bound by the kernel that writes it; a kernel writing an
			// array of dynamic sizes is given its shape.
			f.Set(op.Result(0), "None")
			mt, _ := op.Result(0).Type().(*ir.MemRefType)
			if mt != nil && hasDynamic(mt.Shape) {
				xs, err := operands(f, op)
				if err != nil {
					return err
				}
				parts := make([]string, len(mt.Shape))
				n := 0
				for i, d := range mt.Shape {
					if d == ir.Dynamic && n < len(xs) {
						parts[i] = xs[n]
						n++
					} else {
						parts[i] = fmt.Sprint(d)
					}
				}
				if f.shapes == nil {
					f.shapes = map[ir.Value]string{}
				}
				f.shapes[op.Result(0)] = tuple(parts)
			}
			return nil
		},
		"memref.collapse_shape": reshape,
		"memref.expand_shape":   reshape,
		"tensor.dim":            dim,
		"memref.dim":            dim,
		"arith.ceildivui":       ceildiv,
		"arith.ceildivsi":       ceildiv,
		"memref.alloca": func(f *Func, op *ir.Operation) error {
			if f.kernel != nil {
				return Errorf(op, "memref.alloca in a kernel is not translated")
			}
			f.Set(op.Result(0), "None")
			return nil
		},
		"tpu.pallas_call": pallasCall,
	}
}

// reshape views an array with another shape: an array already bound is
// reshaped; one a kernel writes later (an alloc) is bound, reshaped back,
// when that kernel runs.
func reshape(f *Func, op *ir.Operation) error {
	if f.kernel != nil {
		return Errorf(op, "'%s' in a kernel is not translated", op.Name())
	}
	mt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok || hasDynamic(mt.Shape) {
		return Errorf(op, "only reshapes to static shapes are translated")
	}
	x, err := f.Expr(op, op.Operand(0))
	if err != nil {
		return err
	}
	if x == "None" {
		f.Set(op.Result(0), "None")
		if f.views == nil {
			f.views = map[ir.Value]ir.Value{}
		}
		f.views[op.Result(0)] = op.Operand(0)
		return nil
	}
	f.Define(op.Result(0), "x", fmt.Sprintf("%s.reshape(%s)", x, shapeTuple(mt.Shape)))
	return nil
}

// bindViews binds the arrays that v is a reshaped view of, once a kernel
// has written v.
func bindViews(f *Func, v ir.Value) {
	for src, ok := f.views[v]; ok; src, ok = f.views[v] {
		mt, _ := src.Type().(*ir.MemRefType)
		if mt == nil || hasDynamic(mt.Shape) {
			return
		}
		f.Define(src, "y", fmt.Sprintf("%s.reshape(%s)", f.exprs[v], shapeTuple(mt.Shape)))
		v = src
	}
}

// dim is the size of a dimension of an array, a Python int.
func dim(f *Func, op *ir.Operation) error {
	if f.kernel != nil {
		return Errorf(op, "'%s' in a kernel is not translated", op.Name())
	}
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	f.Define(op.Result(0), "n", fmt.Sprintf("%s.shape[%s]", xs[0], xs[1]))
	return nil
}

// ceildiv divides sizes, rounding up: grid sizes on the host, and
// non-negative scalars (block counts) in kernels.
func ceildiv(f *Func, op *ir.Operation) error {
	if _, ok := op.Result(0).Type().(*ir.IndexType); !ok {
		return Errorf(op, "'%s' is only translated on index scalars", op.Name())
	}
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	if f.kernel != nil {
		f.Define(op.Result(0), "v", fmt.Sprintf("lax.div(%s + %s - 1, %s)", xs[0], xs[1], xs[1]))
		return nil
	}
	f.Define(op.Result(0), "n", fmt.Sprintf("pl.cdiv(%s, %s)", xs[0], xs[1]))
	return nil
}

// memrefStore stores into SMEM in a kernel; in a host function it makes
// the one-element array of a scalar passed to a kernel.
func memrefStore(f *Func, op *ir.Operation) error {
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	if f.kernel != nil {
		f.Line("%s[%s] = %s", xs[1], strings.Join(xs[2:], ", "), xs[0])
		return nil
	}
	st, _ := memref.AsStoreOp(op)
	mt := st.Memref().Type().(*ir.MemRefType)
	if len(mt.Shape) != 1 || mt.Shape[0] != 1 {
		return Errorf(op, "only stores of one scalar into a one-element buffer are translated in host functions")
	}
	dt, err := DType(op, mt.Elem)
	if err != nil {
		return err
	}
	name := f.fresh("s")
	f.Line("%s = jnp.full((1,), %s, %s)", name, xs[0], dt)
	f.Set(st.Memref(), name)
	return nil
}

func pallasCall(f *Func, op *ir.Operation) error {
	pc, _ := tpu.AsPallasCallOp(op)
	ref, _ := pc.KernelAttr().(*ir.SymbolRefAttr)
	if ref == nil || f.wrappers[ref.Root] == nil {
		return Errorf(op, "no wrapper for the kernel")
	}
	wr := f.wrappers[ref.Root]
	var ins, shapes []string
	for _, g := range pc.Grid() {
		e, err := f.Expr(op, g)
		if err != nil {
			return err
		}
		ins = append(ins, e)
	}
	var outs []ir.Value
	np := wr.kernel.ScalarPrefetch
	for j, a := range pc.Args() {
		if j >= np && wr.outputs[j-np] {
			outs = append(outs, a)
			if mt, ok := a.Type().(*ir.MemRefType); ok && hasDynamic(mt.Shape) {
				sh, ok := f.shapes[a]
				if !ok {
					return Errorf(op, "the shape of output %d is not known", len(outs)-1)
				}
				shapes = append(shapes, sh)
			}
			continue
		}
		e, err := f.Expr(op, a)
		if err != nil {
			return err
		}
		if e == "None" {
			return Errorf(op, "argument %d is read before anything writes it", j)
		}
		ins = append(ins, e)
	}
	var names []string
	for range outs {
		names = append(names, f.fresh("y"))
	}
	f.Line("%s = %s(%s)", strings.Join(names, ", "), wr.name, strings.Join(append(ins, shapes...), ", "))
	for i, o := range outs {
		f.Set(o, names[i])
		bindViews(f, o)
	}
	return nil
}

func funcReturn(f *Func, op *ir.Operation) error {
	if f.kernel != nil {
		return nil
	}
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	switch len(xs) {
	case 0:
		f.Line("return None")
	case 1:
		f.Line("return %s", xs[0])
	default:
		f.Line("return %s", strings.Join(xs, ", "))
	}
	return nil
}

func funcCall(f *Func, op *ir.Operation) error {
	if f.kernel != nil {
		return Errorf(op, "calls in kernels are not translated")
	}
	call, _ := function.AsCallOp(op)
	callee := call.Callee()
	if !f.hosts[callee] {
		return Errorf(op, "calls a function that is not translated")
	}
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	var names []string
	for range op.Results() {
		names = append(names, f.fresh("r"))
	}
	f.Line("%s = %s(%s)", strings.Join(names, ", "), callee, strings.Join(xs, ", "))
	for i, r := range op.Results() {
		f.Set(r, names[i])
	}
	return nil
}

// emitHost writes a host function and returns its SIGNATURES entry.
func emitHost(out *strings.Builder, fn *ir.Operation, wrappers map[string]*wrapper, hosts map[string]bool) (string, error) {
	fo, _ := function.AsFuncOp(fn)
	name, fty := fo.SymName(), fo.FunctionType()
	if fty == nil {
		return "", Errorf(fn, "the function has no type")
	}
	entry := fn.Region(0).First()
	f := newFunc(out)
	f.wrappers = wrappers
	f.hosts = hosts
	var params, ins, outs []string
	for i, a := range entry.Arguments() {
		p := f.fresh(fmt.Sprintf("a%d", i))
		params = append(params, p)
		f.Set(a, p)
		s, err := shapeDType(fn, a.Type())
		if err != nil {
			return "", err
		}
		ins = append(ins, s)
	}
	for _, t := range fty.Results {
		s, err := shapeDType(fn, t)
		if err != nil {
			return "", err
		}
		outs = append(outs, s)
	}
	if loc := location(fn.Loc()); loc != "" {
		out.WriteString("# " + loc + "\n")
		f.lastLoc = loc
	}
	out.WriteString("def " + name + "(" + strings.Join(params, ", ") + "):\n")
	f.indent = 1
	// Operations without uses and without effects (grid sizes, empty
	// tensors) are left out.
	var err error
	entry.Ops(func(op *ir.Operation) bool {
		if unusedScalars(op) {
			return true
		}
		f.loc = location(op.Loc())
		em, ok := EmitterOp.Of(op)
		if !ok {
			err = Errorf(op, "'%s' has no Pallas translation", op.Name())
			return false
		}
		err = em.EmitPallas(f, op)
		return err == nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("\"%s\": ([%s], [%s])", name, strings.Join(ins, ", "), strings.Join(outs, ", ")), nil
}

func shapeDType(at *ir.Operation, t ir.Type) (string, error) {
	var shape []int64
	var elem ir.Type
	switch t := t.(type) {
	case *ir.RankedTensorType:
		shape, elem = t.Shape, t.Elem
	case *ir.MemRefType:
		shape, elem = t.Shape, t.Elem
	case *ir.FloatType, *ir.IntegerType:
		elem = t
	default:
		return "", Errorf(at, "arguments of type %s are not translated", ir.TypeString(t))
	}
	dt, err := DType(at, elem)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("(%s, %q)", shapeTuple(shape), strings.TrimPrefix(dt, "jnp.")), nil
}

// unusedScalars reports whether op only computes scalars or empty
// tensors that nothing uses (the grid sizes of the launches that
// tile-to-tpu replaced), which the Python leaves out.
func unusedScalars(op *ir.Operation) bool {
	if op.NumResults() == 0 || op.HasUses() || op.NumRegions() > 0 {
		return false
	}
	if effects, known := op.Effects(); known && len(effects) == 0 {
		return true
	}
	for _, r := range op.Results() {
		switch r.Type().(type) {
		case *ir.IndexType, *ir.IntegerType:
		default:
			return false
		}
	}
	return true
}
