package pallas

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/tpu"
	"github.com/strata-ir/strata/dialects/vector"
)

type emitFn = func(f *Func, op *ir.Operation) error

// memrefSlice is a view of a ref: ref.at[pl.ds(start, size), ...].
func memrefSlice(f *Func, op *ir.Operation) error {
	s, _ := tpu.AsMemrefSliceOp(op)
	rt, ok := s.Result().Type().(*ir.MemRefType)
	if !ok || len(s.DynamicSizes()) > 0 {
		return Errorf(op, "slices of dynamic sizes are not translated")
	}
	ref, err := f.Expr(op, s.MemRef())
	if err != nil {
		return err
	}
	var ds []string
	for i, b := range s.BaseIdx() {
		x, err := f.Expr(op, b)
		if err != nil {
			return err
		}
		ds = append(ds, fmt.Sprintf("pl.ds(%s, %d)", x, rt.Shape[i]))
	}
	f.Set(s.Result(), ref+".at["+strings.Join(ds, ", ")+"]")
	return nil
}

// enqueueDMA starts a copy: pltpu.make_async_copy(src, dst, sem).start().
func enqueueDMA(f *Func, op *ir.Operation) error {
	d, _ := tpu.AsEnqueueDmaOp(op)
	if d.SourceSemaphore() != nil || d.DeviceId() != nil || d.CoreId() != nil {
		return Errorf(op, "only local DMAs with a target semaphore are translated")
	}
	return asyncCopy(f, op, d.Source(), d.Target(), d.TargetSemaphore(), "start")
}

// waitDMA waits for a copy: pltpu.make_async_copy(src, dst, sem).wait().
func waitDMA(f *Func, op *ir.Operation) error {
	w, _ := tpu.AsWaitDma2Op(op)
	if w.DeviceId() != nil || w.CoreId() != nil {
		return Errorf(op, "only local DMAs are translated")
	}
	return asyncCopy(f, op, w.Src(), w.Dst(), w.Semaphore(), "wait")
}

func asyncCopy(f *Func, op *ir.Operation, src, dst, sem ir.Value, method string) error {
	var xs []string
	for _, v := range []ir.Value{src, dst, sem} {
		x, err := f.Expr(op, v)
		if err != nil {
			return err
		}
		xs = append(xs, x)
	}
	f.Line("pltpu.make_async_copy(%s, %s, %s).%s()", xs[0], xs[1], xs[2], method)
	return nil
}

// operands returns the Python expressions of op's operands.
func operands(f *Func, op *ir.Operation) ([]string, error) {
	out := make([]string, op.NumOperands())
	for i := range out {
		e, err := f.Expr(op, op.Operand(i))
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}

func binary(format string) emitFn {
	return func(f *Func, op *ir.Operation) error {
		xs, err := operands(f, op)
		if err != nil {
			return err
		}
		f.Define(op.Result(0), "v", fmt.Sprintf(format, xs[0], xs[1]))
		return nil
	}
}

// unsigned applies a lax function to the operands read as unsigned.
func unsigned(fn string) emitFn {
	return func(f *Func, op *ir.Operation) error {
		xs, err := operands(f, op)
		if err != nil {
			return err
		}
		elem := op.Result(0).Type()
		if vt, ok := elem.(*ir.VectorType); ok {
			elem = vt.Elem
		}
		dt, err := DType(op, elem)
		if err != nil {
			return err
		}
		u := strings.Replace(dt, "jnp.int", "jnp.uint", 1)
		f.Define(op.Result(0), "v", fmt.Sprintf("lax.convert_element_type(%s(lax.convert_element_type(%s, %s), lax.convert_element_type(%s, %s)), %s)", fn, xs[0], u, xs[1], u, dt))
		return nil
	}
}

func unary(format string) emitFn {
	return func(f *Func, op *ir.Operation) error {
		xs, err := operands(f, op)
		if err != nil {
			return err
		}
		f.Define(op.Result(0), "v", fmt.Sprintf(format, xs[0]))
		return nil
	}
}

// convert is an element type conversion.
func convert(f *Func, op *ir.Operation) error {
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if _, ok := rt.(*ir.IndexType); ok {
		f.Set(op.Result(0), xs[0])
		return nil
	}
	elem := rt
	if vt, ok := rt.(*ir.VectorType); ok {
		elem = vt.Elem
	}
	dt, err := DType(op, elem)
	if err != nil {
		return err
	}
	if c, ok := constInt(op.Operand(0)); ok && elem == rt {
		f.Set(op.Result(0), fmt.Sprintf("%s(%d)", dt, c))
		return nil
	}
	f.Define(op.Result(0), "v", fmt.Sprintf("lax.convert_element_type(%s, %s)", xs[0], dt))
	return nil
}

var cmpOps = map[string]string{"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
	"oeq": "==", "one": "!=", "olt": "<", "ole": "<=", "ogt": ">", "oge": ">=",
	"ueq": "==", "une": "!=", "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}

func compare(f *Func, op *ir.Operation) error {
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	var pred string
	if c, ok := arith.AsCmpiOp(op); ok {
		pred = c.Predicate().String()
		if strings.HasPrefix(pred, "u") {
			// Integers compared as unsigned.
			elem := op.Operand(0).Type()
			if vt, ok := elem.(*ir.VectorType); ok {
				elem = vt.Elem
			}
			dt, err := DType(op, elem)
			if err != nil {
				return err
			}
			u := strings.Replace(dt, "jnp.int", "jnp.uint", 1)
			for i := range xs {
				xs[i] = fmt.Sprintf("lax.convert_element_type(%s, %s)", xs[i], u)
			}
		}
	} else if c, ok := arith.AsCmpfOp(op); ok {
		pred = c.Predicate().String()
	}
	sym, ok := cmpOps[pred]
	if !ok {
		return Errorf(op, "comparison %s is not translated", pred)
	}
	f.Define(op.Result(0), "v", fmt.Sprintf("%s %s %s", xs[0], sym, xs[1]))
	return nil
}

// constant inlines scalars and splats; other dense vectors get a name.
func constant(f *Func, op *ir.Operation) error {
	c, _ := arith.AsConstantOp(op)
	t := op.Result(0).Type()
	switch a := c.Value().(type) {
	case *ir.IntegerAttr:
		if it, ok := t.(*ir.IntegerType); ok && it.Width != 1 {
			if _, isIdx := t.(*ir.IndexType); !isIdx {
				dt, err := DType(op, t)
				if err != nil {
					return err
				}
				f.Set(op.Result(0), fmt.Sprintf("%s(%d)", dt, a.Int64()))
				return nil
			}
		}
		f.Set(op.Result(0), literal(t, uint64(a.Int64())))
		return nil
	case *ir.FloatAttr:
		dt, err := DType(op, t)
		if err != nil {
			return err
		}
		f.Set(op.Result(0), fmt.Sprintf("%s(%s)", dt, literal(t, a.Bits[0])))
		return nil
	case *ir.DenseElementsAttr:
		d, err := interp.DenseFromAttr(a)
		if err != nil {
			return Errorf(op, "%v", err)
		}
		vt, ok := t.(*ir.VectorType)
		if !ok {
			return Errorf(op, "dense constants of %s are not translated", ir.TypeString(t))
		}
		dt, err := DType(op, vt.Elem)
		if err != nil {
			return err
		}
		if a.Splat || allSame(d.Data) {
			f.Set(op.Result(0), fmt.Sprintf("jnp.full(%s, %s, %s)", shapeTuple(vt.Shape), literal(vt.Elem, d.Data[0]), dt))
			return nil
		}
		vals := make([]string, len(d.Data))
		for i, x := range d.Data {
			vals[i] = literal(vt.Elem, x)
		}
		f.Define(op.Result(0), "c", fmt.Sprintf("jnp.array([%s], %s).reshape(%s)", strings.Join(vals, ", "), dt, shapeTuple(vt.Shape)))
		return nil
	}
	return Errorf(op, "constant %s is not translated", ir.AttrString(c.Value()))
}

func allSame(d []uint64) bool {
	for _, x := range d {
		if x != d[0] {
			return false
		}
	}
	return len(d) > 0
}

// refIndex returns the Python index of a vector access of shape at
// indices: `...` for the whole ref, else pl.ds slices.
func refIndex(f *Func, op *ir.Operation, ref ir.Value, idx []ir.Value, shape []int64) (string, error) {
	mt := ref.Type().(*ir.MemRefType)
	whole := len(shape) == len(mt.Shape)
	for i, v := range idx {
		c, ok := constInt(v)
		if !ok || c != 0 || (i < len(shape) && shape[i] != mt.Shape[i]) {
			whole = false
		}
	}
	if whole {
		return "...", nil
	}
	off := len(mt.Shape) - len(shape)
	parts := make([]string, len(idx))
	for i, v := range idx {
		e, err := f.Expr(op, v)
		if err != nil {
			return "", err
		}
		if i < off {
			parts[i] = e
		} else {
			parts[i] = fmt.Sprintf("pl.ds(%s, %d)", e, shape[i-off])
		}
	}
	return strings.Join(parts, ", "), nil
}

func vectorLoad(f *Func, op *ir.Operation, ref ir.Value, idx []ir.Value, mask ir.Value) error {
	vt := op.Result(0).Type().(*ir.VectorType)
	r, err := f.Expr(op, ref)
	if err != nil {
		return err
	}
	ix, err := refIndex(f, op, ref, idx, vt.Shape)
	if err != nil {
		return err
	}
	e := fmt.Sprintf("%s[%s]", r, ix)
	if mask != nil {
		m, err := f.Expr(op, mask)
		if err != nil {
			return err
		}
		e = fmt.Sprintf("jnp.where(%s, %s, 0)", m, e)
	}
	f.Define(op.Result(0), "v", e)
	return nil
}

func matmul(f *Func, op *ir.Operation) error {
	mm, _ := tpu.AsMatmulOp(op)
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	prec := ""
	if p, ok := mm.Precision(); ok && p == tpu.ContractPrecisionFp32 {
		prec = ", precision=lax.Precision.HIGHEST"
	}
	at := mm.Acc().Type().(*ir.VectorType)
	dt, err := DType(op, at.Elem)
	if err != nil {
		return err
	}
	dn, _ := mm.DimensionNumbers().(*tpu.DotDimensionNumbersAttr)
	if dn == nil {
		dn = tpu.MatmulDimensionNumbers(op.Context(), mm.TransposeRhs())
	}
	std := tpu.MatmulDimensionNumbers(op.Context(), false)
	var prod string
	if dn == std {
		prod = fmt.Sprintf("jnp.dot(%s, %s%s, preferred_element_type=%s)", xs[0], xs[1], prec, dt)
	} else {
		if len(dn.OutputDimOrder) != 4 {
			return Errorf(op, "only 2-D products are translated")
		}
		tup := func(l []int64) string {
			s := make([]string, len(l))
			for i, v := range l {
				s[i] = fmt.Sprint(v)
			}
			if len(s) == 1 {
				return "(" + s[0] + ",)"
			}
			return "(" + strings.Join(s, ", ") + ")"
		}
		prod = fmt.Sprintf("lax.dot_general(%s, %s, ((%s, %s), (%s, %s))%s, preferred_element_type=%s)", xs[0], xs[1],
			tup(dn.LhsContracting), tup(dn.RhsContracting), tup(dn.LhsBatch), tup(dn.RhsBatch), prec, dt)
	}
	f.Define(op.Result(0), "v", fmt.Sprintf("%s + %s", xs[2], prod))
	return nil
}

func multiReduction(f *Func, op *ir.Operation) error {
	r, _ := vector.AsMultiReductionOp(op)
	xs, err := operands(f, op)
	if err != nil {
		return err
	}
	dims := interp.DenseArray(r.ReductionDims())
	ax := make([]string, len(dims))
	for i, d := range dims {
		ax[i] = fmt.Sprint(d)
	}
	axis := "(" + strings.Join(ax, ", ") + ",)"
	var e string
	switch r.Kind() {
	case vector.CombiningKindAdd:
		e = fmt.Sprintf("%s + jnp.sum(%s, axis=%s)", xs[1], xs[0], axis)
	case vector.CombiningKindMul:
		e = fmt.Sprintf("%s * jnp.prod(%s, axis=%s)", xs[1], xs[0], axis)
	case vector.CombiningKindMaximumf, vector.CombiningKindMaxsi, vector.CombiningKindMaxnumf:
		e = fmt.Sprintf("jnp.maximum(%s, jnp.max(%s, axis=%s))", xs[1], xs[0], axis)
	case vector.CombiningKindMinimumf, vector.CombiningKindMinsi, vector.CombiningKindMinnumf:
		e = fmt.Sprintf("jnp.minimum(%s, jnp.min(%s, axis=%s))", xs[1], xs[0], axis)
	default:
		return Errorf(op, "reduction kind %s is not translated", r.Kind())
	}
	f.Define(op.Result(0), "v", e)
	return nil
}

// ifOp writes scf.if without results as functions under @pl.when.
func ifOp(f *Func, op *ir.Operation) error {
	if op.NumResults() != 0 {
		return Errorf(op, "scf.if with results is not translated")
	}
	c, err := f.Expr(op, op.Operand(0))
	if err != nil {
		return err
	}
	for i, cond := range []string{c, "jnp.logical_not(" + c + ")"} {
		r := op.Region(i)
		if r.Empty() || (r.First().First() == r.First().Last() && r.First().NumOps() <= 1) {
			continue
		}
		f.Line("")
		f.Line("@pl.when(%s)", cond)
		f.Line("def %s():", f.fresh("_"))
		f.indent++
		if err := f.block(r.First()); err != nil {
			return err
		}
		f.indent--
		f.Line("")
	}
	return nil
}

func emitters() map[string]emitFn {
	m := map[string]emitFn{
		"arith.addf": binary("%s + %s"), "arith.addi": binary("%s + %s"),
		"arith.subf": binary("%s - %s"), "arith.subi": binary("%s - %s"),
		"arith.mulf": binary("%s * %s"), "arith.muli": binary("%s * %s"),
		"arith.divf": binary("%s / %s"), "arith.divsi": binary("lax.div(%s, %s)"),
		"arith.remsi": binary("lax.rem(%s, %s)"),
		"arith.remui": unsigned("lax.rem"), "arith.divui": unsigned("lax.div"), "arith.remf": binary("lax.rem(%s, %s)"),
		"arith.andi": binary("%s & %s"), "arith.ori": binary("%s | %s"), "arith.xori": binary("%s ^ %s"),
		"arith.maximumf": binary("jnp.maximum(%s, %s)"), "arith.minimumf": binary("jnp.minimum(%s, %s)"),
		"arith.maxnumf": binary("jnp.fmax(%s, %s)"), "arith.minnumf": binary("jnp.fmin(%s, %s)"),
		"arith.maxsi": binary("jnp.maximum(%s, %s)"), "arith.minsi": binary("jnp.minimum(%s, %s)"),
		"arith.maxui": unsigned("jnp.maximum"), "arith.minui": unsigned("jnp.minimum"),
		"arith.shli": binary("lax.shift_left(%s, %s)"), "arith.shrsi": binary("lax.shift_right_arithmetic(%s, %s)"),
		"arith.negf": unary("-%s"),
		"math.exp":   unary("jnp.exp(%s)"), "math.exp2": unary("jnp.exp2(%s)"), "math.log": unary("jnp.log(%s)"),
		"math.log2": unary("jnp.log2(%s)"), "math.sqrt": unary("jnp.sqrt(%s)"), "math.rsqrt": unary("lax.rsqrt(%s)"),
		"math.tanh": unary("jnp.tanh(%s)"), "math.sin": unary("jnp.sin(%s)"), "math.cos": unary("jnp.cos(%s)"),
		"math.absf": unary("jnp.abs(%s)"), "math.absi": unary("jnp.abs(%s)"), "math.erf": unary("lax.erf(%s)"),
		"math.floor": unary("jnp.floor(%s)"), "math.ceil": unary("jnp.ceil(%s)"),
		"math.powf":  binary("jnp.power(%s, %s)"),
		"arith.extf": convert, "arith.truncf": convert, "arith.sitofp": convert, "arith.fptosi": convert,
		"arith.extsi": convert, "arith.trunci": convert, "arith.index_cast": convert,
		"arith.cmpi": compare, "arith.cmpf": compare,
		"arith.constant": constant,
		"arith.select": func(f *Func, op *ir.Operation) error {
			xs, err := operands(f, op)
			if err != nil {
				return err
			}
			f.Define(op.Result(0), "v", fmt.Sprintf("jnp.where(%s, %s, %s)", xs[0], xs[1], xs[2]))
			return nil
		},
		"math.fma": func(f *Func, op *ir.Operation) error {
			xs, err := operands(f, op)
			if err != nil {
				return err
			}
			f.Define(op.Result(0), "v", fmt.Sprintf("%s * %s + %s", xs[0], xs[1], xs[2]))
			return nil
		},
		"vector.load": func(f *Func, op *ir.Operation) error {
			return vectorLoad(f, op, op.Operand(0), op.Operands()[1:], nil)
		},
		"tpu.vector_load": func(f *Func, op *ir.Operation) error {
			l, _ := tpu.AsVectorLoadOp(op)
			return vectorLoad(f, op, l.Base(), l.Indices(), l.Mask())
		},
		"tpu.vector_store": func(f *Func, op *ir.Operation) error {
			s, _ := tpu.AsVectorStoreOp(op)
			vt := s.ValueToStore().Type().(*ir.VectorType)
			v, err := f.Expr(op, s.ValueToStore())
			if err != nil {
				return err
			}
			r, err := f.Expr(op, s.Base())
			if err != nil {
				return err
			}
			ix, err := refIndex(f, op, s.Base(), s.Indices(), vt.Shape)
			if err != nil {
				return err
			}
			if s.Add() {
				v = fmt.Sprintf("%s[%s] + %s", r, ix, v)
			}
			if s.Mask() != nil {
				m, err := f.Expr(op, s.Mask())
				if err != nil {
					return err
				}
				v = fmt.Sprintf("jnp.where(%s, %s, %s[%s])", m, v, r, ix)
			}
			f.Line("%s[%s] = %s", r, ix, v)
			return nil
		},
		"vector.store": func(f *Func, op *ir.Operation) error {
			s, _ := vector.AsStoreOp(op)
			vt := s.ValueToStore().Type().(*ir.VectorType)
			v, err := f.Expr(op, s.ValueToStore())
			if err != nil {
				return err
			}
			r, err := f.Expr(op, s.Base())
			if err != nil {
				return err
			}
			ix, err := refIndex(f, op, s.Base(), s.Indices(), vt.Shape)
			if err != nil {
				return err
			}
			f.Line("%s[%s] = %s", r, ix, v)
			return nil
		},
		"vector.broadcast": func(f *Func, op *ir.Operation) error {
			b, _ := vector.AsBroadcastOp(op)
			x, err := f.Expr(op, b.Source())
			if err != nil {
				return err
			}
			vt := b.Vector().Type().(*ir.VectorType)
			if _, ok := b.Source().Type().(*ir.VectorType); ok {
				f.Define(op.Result(0), "v", fmt.Sprintf("jnp.broadcast_to(%s, %s)", x, shapeTuple(vt.Shape)))
				return nil
			}
			dt, err := DType(op, vt.Elem)
			if err != nil {
				return err
			}
			f.Define(op.Result(0), "v", fmt.Sprintf("jnp.full(%s, %s, %s)", shapeTuple(vt.Shape), x, dt))
			return nil
		},
		"vector.shape_cast": func(f *Func, op *ir.Operation) error {
			x, err := f.Expr(op, op.Operand(0))
			if err != nil {
				return err
			}
			vt := op.Result(0).Type().(*ir.VectorType)
			f.Define(op.Result(0), "v", fmt.Sprintf("%s.reshape(%s)", x, shapeTuple(vt.Shape)))
			return nil
		},
		"vector.transpose": func(f *Func, op *ir.Operation) error {
			x, err := f.Expr(op, op.Operand(0))
			if err != nil {
				return err
			}
			tr, _ := vector.AsTransposeOp(op)
			perm := interp.DenseArray(tr.Permutation())
			f.Define(op.Result(0), "v", fmt.Sprintf("jnp.transpose(%s, %s)", x, shapeTuple(perm)))
			return nil
		},
		"vector.multi_reduction": multiReduction,
		"tpu.matmul":             matmul,
		"tpu.iota": func(f *Func, op *ir.Operation) error {
			io, _ := tpu.AsIotaOp(op)
			dims := tpu.DenseInts(io.Dimensions())
			if len(dims) != 1 {
				return Errorf(op, "tpu.iota over several dimensions is not translated")
			}
			vt := io.Output().Type().(*ir.VectorType)
			dt, err := DType(op, vt.Elem)
			if err != nil {
				return err
			}
			f.Define(op.Result(0), "v", fmt.Sprintf("lax.broadcasted_iota(%s, %s, %d)", dt, shapeTuple(vt.Shape), dims[0]))
			return nil
		},
		"tpu.all_reduce": func(f *Func, op *ir.Operation) error {
			ar, _ := tpu.AsAllReduceOp(op)
			x, err := f.Expr(op, ar.Input())
			if err != nil {
				return err
			}
			fn := map[tpu.ReductionKind]string{tpu.ReductionKindSum: "jnp.sum", tpu.ReductionKindMax: "jnp.max", tpu.ReductionKindMin: "jnp.min"}[ar.Kind()]
			if fn == "" {
				return Errorf(op, "reduction kind %s is not translated", ar.Kind())
			}
			vt := ar.Input().Type().(*ir.VectorType)
			f.Define(op.Result(0), "v", fmt.Sprintf("jnp.broadcast_to(%s(%s, axis=%d, keepdims=True), %s)", fn, x, ar.Dim(), shapeTuple(vt.Shape)))
			return nil
		},
		"tpu.reciprocal": unary("1.0 / %s"),
		"tpu.assume_multiple": func(f *Func, op *ir.Operation) error {
			x, err := f.Expr(op, op.Operand(0))
			if err != nil {
				return err
			}
			f.Set(op.Result(0), x)
			return nil
		},
		"tpu.iteration_bound": func(f *Func, op *ir.Operation) error {
			ib, _ := tpu.AsIterationBoundOp(op)
			f.Set(op.Result(0), fmt.Sprintf("pl.num_programs(%d)", ib.Dim()))
			return nil
		},
		"memref.load": func(f *Func, op *ir.Operation) error {
			xs, err := operands(f, op)
			if err != nil {
				return err
			}
			f.Define(op.Result(0), "s", fmt.Sprintf("%s[%s]", xs[0], strings.Join(xs[1:], ", ")))
			return nil
		},
		"memref.store":     memrefStore,
		"tpu.memref_slice": memrefSlice,
		"tpu.enqueue_dma":  enqueueDMA,
		"tpu.wait_dma2":    waitDMA,
		"scf.if":           ifOp,
		"scf.yield": func(f *Func, op *ir.Operation) error {
			if op.NumOperands() != 0 {
				return Errorf(op, "scf.yield with values is not translated")
			}
			return nil
		},
		"func.return": funcReturn,
		"func.call":   funcCall,
	}
	for name, fn := range hostEmitters() {
		m[name] = fn
	}
	return m
}
