package nki

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/tile"
)

func (e *emitter) op(op *ir.Operation) error {
	if c, ok := arith.AsConstantOp(op); ok {
		if _, isInt := c.Value().(*ir.IntegerAttr); isInt || unused(op) {
			return nil
		}
		return errorf(op, "the NKI emitter takes integer and index constants only")
	}
	if sym, ok := indexBinary(op); ok {
		a, err := e.name(op, op.Operand(0))
		if err != nil {
			return err
		}
		b, err := e.name(op, op.Operand(1))
		if err != nil {
			return err
		}
		n := e.fresh("i")
		e.names[op.Result(0)] = n
		e.line(op.Loc(), "%s = %s %s %s", n, a, sym, b)
		return nil
	}
	switch {
	case isOp(op, arith.AsCeildivuiOp), isOp(op, arith.AsCeildivsiOp):
		a, err := e.name(op, op.Operand(0))
		if err != nil {
			return err
		}
		b, err := e.name(op, op.Operand(1))
		if err != nil {
			return err
		}
		n := e.fresh("i")
		e.names[op.Result(0)] = n
		e.line(op.Loc(), "%s = (%s + %s - 1) // %s", n, a, b, b)
		return nil
	case isOp(op, arith.AsMinuiOp), isOp(op, arith.AsMinsiOp), isOp(op, arith.AsMaxuiOp), isOp(op, arith.AsMaxsiOp):
		// The bounds of the loops of causal attention.
		a, err := e.name(op, op.Operand(0))
		if err != nil {
			return err
		}
		b, err := e.name(op, op.Operand(1))
		if err != nil {
			return err
		}
		fn := "min"
		if isOp(op, arith.AsMaxuiOp) || isOp(op, arith.AsMaxsiOp) {
			fn = "max"
		}
		n := e.fresh("i")
		e.names[op.Result(0)] = n
		e.line(op.Loc(), "%s = %s(%s, %s)", n, fn, a, b)
		return nil
	case isOp(op, arith.AsIndexCastOp), isOp(op, arith.AsIndexCastuiOp):
		a, err := e.name(op, op.Operand(0))
		if err != nil {
			return err
		}
		e.names[op.Result(0)] = a
		return nil
	case isOp(op, tile.AsReturnOp), isOp(op, neuron.AsYieldOp):
		return nil
	}
	if p, ok := tile.AsProgramIdOp(op); ok {
		n := e.fresh(fmt.Sprintf("pid%d", p.Axis()))
		e.names[op.Result(0)] = n
		e.line(op.Loc(), "%s = nl.program_id(%d)", n, p.Axis())
		return nil
	}
	if p, ok := tile.AsNumProgramsOp(op); ok {
		n := e.fresh(fmt.Sprintf("nprog%d", p.Axis()))
		e.names[op.Result(0)] = n
		e.line(op.Loc(), "%s = nl.num_programs(%d)", n, p.Axis())
		return nil
	}
	if v, ok := tile.AsViewOp(op); ok {
		if v.Offset() != nil || len(v.Sizes()) > 0 || len(v.Strides()) > 0 {
			return errorf(op, "the NKI emitter takes views of whole arguments only")
		}
		n, err := e.name(op, v.Source())
		if err != nil {
			return err
		}
		e.names[op.Result(0)] = n
		return nil
	}
	if d, ok := tile.AsDimOp(op); ok {
		x, err := e.name(op, d.View())
		if err != nil {
			return err
		}
		e.names[op.Result(0)] = fmt.Sprintf("%s.shape[%d]", x, d.Index())
		return nil
	}
	if nb, ok := tile.AsNumBlocksOp(op); ok {
		x, err := e.name(op, nb.View())
		if err != nil {
			return err
		}
		n := e.fresh(fmt.Sprintf("n%s", x))
		e.names[op.Result(0)] = n
		e.line(op.Loc(), "%s = (%s.shape[%d] + %d) // %d", n, x, nb.Dim(), nb.Block()-1, nb.Block())
		return nil
	}
	if isOp(op, neuron.AsAffineRangeOp) || isOp(op, neuron.AsSequentialRangeOp) {
		return e.loop(op)
	}
	return e.instr(op)
}

func (e *emitter) loop(op *ir.Operation) error {
	kind := "affine_range"
	if isOp(op, neuron.AsSequentialRangeOp) {
		kind = "sequential_range"
	}
	var b [3]string
	for i := range b {
		n, err := e.name(op, op.Operand(i))
		if err != nil {
			return err
		}
		b[i] = n
	}
	body := op.Region(0).First()
	iv := e.fresh("k")
	if body.NumArguments() > 0 {
		e.names[body.Argument(0)] = iv
	}
	args := b[1]
	switch {
	case b[2] != "1":
		args = b[0] + ", " + b[1] + ", " + b[2]
	case b[0] != "0":
		args = b[0] + ", " + b[1]
	}
	e.line(op.Loc(), "for %s in nl.%s(%s):", iv, kind, args)
	e.indent++
	start := e.sb.Len()
	if err := e.block(body); err != nil {
		return err
	}
	if e.sb.Len() == start {
		e.line(nil, "pass")
	}
	e.indent--
	return nil
}

var aluNames = map[neuron.AluOp]string{neuron.AluOpAdd: "nl.add", neuron.AluOpSubtract: "nl.subtract",
	neuron.AluOpMultiply: "nl.multiply", neuron.AluOpDivide: "nl.divide", neuron.AluOpMaximum: "nl.maximum",
	neuron.AluOpMinimum: "nl.minimum", neuron.AluOpMod: "nl.mod"}

var actNames = map[neuron.ActFunc]string{neuron.ActFuncCopy: "nl.copy", neuron.ActFuncExp: "nl.exp",
	neuron.ActFuncTanh: "nl.tanh", neuron.ActFuncRelu: "nl.relu", neuron.ActFuncSigmoid: "nl.sigmoid",
	neuron.ActFuncRsqrt: "nl.rsqrt", neuron.ActFuncSqrt: "nl.sqrt", neuron.ActFuncSquare: "nl.square",
	neuron.ActFuncLog: "nl.log", neuron.ActFuncSilu: "nl.silu", neuron.ActFuncSin: "nl.sin", neuron.ActFuncCos: "nl.cos"}

var engineNames = map[neuron.Engine]string{neuron.EngineVector: "nisa.vector_engine",
	neuron.EngineScalar: "nisa.scalar_engine", neuron.EngineGpsimd: "nisa.gpsimd_engine"}

// call writes an instruction: nisa.fn(dst=d, k=v, ...) in the current
// spelling, d[...] = nisa.fn(k=v, ...) in the legacy one.
func (e *emitter) call(op *ir.Operation, fn, dst string, args ...string) {
	if e.legacy {
		e.line(op.Loc(), "%s = nisa.%s(%s)", e.whole(dst), fn, strings.Join(args, ", "))
		return
	}
	e.line(op.Loc(), "nisa.%s(%s)", fn, strings.Join(append([]string{"dst=" + dst}, args...), ", "))
}

// whole returns what the legacy spelling assigns to to write all of the
// tile t: t[...], or a window t[:, a:b] itself.
func (e *emitter) whole(t string) string {
	if e.windows[t] {
		return t
	}
	return t + "[...]"
}

// tileName names a new tile after what writes it: a matmul accumulator
// (acc), the tensor a DMA loads it from (in0_sb), a reduction (row_max),
// an activation function (exp), a transpose (tp), a negation (neg); else
// t or ps after its buffer.
func (e *emitter) tileName(op *ir.Operation) string {
	_, _, buf, _ := neuron.Info(op.Result(0))
	base := "t"
	if buf == neuron.BufferPsum {
		base = "ps"
	}
	var writers []*ir.Operation
	var collect func(v ir.Value)
	collect = func(v ir.Value) {
		for u := v.FirstUse(); u != nil; u = u.Next() {
			if s, ok := neuron.AsSliceOp(u.Owner()); ok {
				collect(s.Result())
			} else if u.Index() == 0 {
				writers = append(writers, u.Owner())
			}
		}
	}
	collect(op.Result(0))
	pick := func(fn func(w *ir.Operation) string) string {
		for _, w := range writers {
			if n := fn(w); n != "" {
				return n
			}
		}
		return ""
	}
	// stem returns the name of the tile v without its _sb, or "".
	stem := func(v ir.Value) string {
		n, ok := e.names[v]
		if !ok || strings.ContainsAny(n, "[(") {
			return ""
		}
		return strings.TrimSuffix(n, "_sb")
	}
	for _, rule := range []func(w *ir.Operation) string{
		func(w *ir.Operation) string {
			// ones·row: the row broadcast to the partitions.
			if m, ok := neuron.AsNcMatmulOp(w); ok && strings.HasPrefix(stem(m.Stationary()), "ones") {
				if n := stem(m.Moving()); n != "" {
					return n + "_bcast_ps"
				}
			}
			return ""
		},
		func(w *ir.Operation) string {
			if isOp(w, neuron.AsNcMatmulOp) {
				return "acc"
			}
			return ""
		},
		func(w *ir.Operation) string {
			if m, ok := neuron.AsMemsetOp(w); ok && m.Value() == 1 && len(writers) == 1 {
				return "ones"
			}
			return ""
		},
		func(w *ir.Operation) string {
			// The SBUF copy of a transpose or a broadcast made in PSUM.
			if c, ok := neuron.AsTensorCopyOp(w); ok {
				if n := stem(c.Src()); strings.HasSuffix(n, "_ps") {
					return strings.TrimSuffix(n, "_ps")
				}
			}
			return ""
		},
		func(w *ir.Operation) string {
			if isOp(w, neuron.AsDmaCopyOp) {
				if n, ok := e.names[w.Operand(1)]; ok {
					return n + "_sb"
				}
			}
			return ""
		},
		func(w *ir.Operation) string {
			if r, ok := neuron.AsTensorReduceOp(w); ok {
				return "row_" + map[neuron.AluOp]string{neuron.AluOpAdd: "sum", neuron.AluOpMaximum: "max",
					neuron.AluOpMinimum: "min", neuron.AluOpMultiply: "prod"}[r.Op()]
			}
			return ""
		},
		func(w *ir.Operation) string {
			if a, ok := neuron.AsActivationOp(w); ok {
				return strings.TrimPrefix(actNames[a.Func()], "nl.")
			}
			return ""
		},
		func(w *ir.Operation) string {
			if t, ok := neuron.AsNcTransposeOp(w); ok {
				if n := stem(t.Src()); n != "" {
					return n + "T_ps"
				}
				return "tp"
			}
			return ""
		},
		func(w *ir.Operation) string {
			if isOp(w, neuron.AsBnStatsOp) {
				return "stats"
			}
			if isOp(w, neuron.AsBnAggrOp) {
				return "mean_var"
			}
			return ""
		},
		func(w *ir.Operation) string {
			if t, ok := neuron.AsTensorScalarOp(w); ok && t.Op() == neuron.AluOpMultiply && t.Scalar() == nil && immIs(t, -1) {
				return "neg"
			}
			return ""
		},
		func(w *ir.Operation) string {
			// A tile a loop updates in place (the running max, sum and
			// output of an online softmax): its state.
			if isOp(w, neuron.AsTensorCopyOp) && w.ParentOp() != op.ParentOp() {
				return "carry"
			}
			return ""
		},
		func(w *ir.Operation) string {
			if isOp(w, neuron.AsAffineSelectOp) {
				return "masked"
			}
			return ""
		},
		func(w *ir.Operation) string {
			// Arithmetic on the vector engine: named after the operation.
			if t, ok := neuron.AsTensorTensorOp(w); ok {
				return aluResult[t.Op()]
			}
			if t, ok := neuron.AsTensorScalarOp(w); ok && t.Dst() != t.Data() {
				if t.Op() == neuron.AluOpMultiply && t.Scalar() == nil {
					return "scaled"
				}
				return aluResult[t.Op()]
			}
			return ""
		},
	} {
		if n := pick(rule); n != "" {
			return e.fresh(n)
		}
	}
	return e.fresh(base)
}

// aluResult names the result of each vector-engine operation.
var aluResult = map[neuron.AluOp]string{neuron.AluOpAdd: "total", neuron.AluOpSubtract: "diff", neuron.AluOpMultiply: "prod",
	neuron.AluOpDivide: "quot", neuron.AluOpMaximum: "hi", neuron.AluOpMinimum: "lo", neuron.AluOpMod: "rem"}

// indexGrid returns the names of the partition and free index arrays of
// a rows×cols access (nl.arange columns and rows, defined at the top of
// the kernel).
func (e *emitter) indexGrid(rows, cols int64) (string, string) {
	return e.arange(rows, true), e.arange(cols, false)
}

func (e *emitter) arange(n int64, partition bool) string {
	k := aranger{n, partition}
	if name, ok := e.aranges[k]; ok {
		return name
	}
	base := "i_f"
	if partition {
		base = "i_p"
	}
	name := e.fresh(fmt.Sprintf("%s%d", base, n))
	e.aranges[k] = name
	e.arangeOrder = append(e.arangeOrder, k)
	return name
}

type aranger struct {
	n         int64
	partition bool
}

// affine returns base + cp·p + cf·f as a short Python expression.
func affine(base string, cp int64, p string, cf int64, f string) string {
	var out string
	if base != "0" {
		out = base
	}
	for _, t := range []struct {
		c int64
		x string
	}{{cp, p}, {cf, f}} {
		switch {
		case t.c == 0:
			continue
		case out == "" && t.c == 1:
			out = t.x
		case out == "" && t.c == -1:
			out = "-" + t.x
		case out == "":
			out = fmt.Sprintf("%d * %s", t.c, t.x)
		case t.c == 1:
			out += " + " + t.x
		case t.c == -1:
			out += " - " + t.x
		case t.c < 0:
			out += fmt.Sprintf(" - %d * %s", -t.c, t.x)
		default:
			out += fmt.Sprintf(" + %d * %s", t.c, t.x)
		}
	}
	if out == "" {
		return "0"
	}
	return out
}

func (e *emitter) instr(op *ir.Operation) error {
	names := make([]string, op.NumOperands())
	for i, v := range op.Operands() {
		n, err := e.name(op, v)
		if err != nil {
			return err
		}
		names[i] = n
	}
	if a, ok := neuron.AsAllocOp(op); ok {
		shape, elem, buf, _ := neuron.Info(a.Result())
		dt, err := dtype(op, elem)
		if err != nil {
			return err
		}
		n := e.tileName(op)
		e.names[op.Result(0)] = n
		space := "nl.sbuf"
		if buf == neuron.BufferPsum {
			space = "nl.psum"
		}
		e.line(op.Loc(), "%s = nl.ndarray(%s, dtype=%s, buffer=%s)", n, pyShape(shape), dt, space)
		return nil
	}
	if sl, ok := neuron.AsSliceOp(op); ok {
		shape, _, _, _ := neuron.Info(sl.Result())
		off := sl.Offset()
		src := sl.Source()
		for s, ok := neuron.AsSliceOp(ir.DefiningOp(src)); ok; s, ok = neuron.AsSliceOp(ir.DefiningOp(src)) {
			off += s.Offset()
			src = s.Source()
		}
		base, err := e.name(op, src)
		if err != nil {
			return err
		}
		n := fmt.Sprintf("%s[:, %d:%d]", base, off, off+shape[1])
		e.names[op.Result(0)] = n
		e.windows[n] = true
		return nil
	}
	if isOp(op, neuron.AsDmaCopyOp) {
		return e.dma(op, names)
	}
	if m, ok := neuron.AsMemsetOp(op); ok {
		if e.legacy {
			e.line(op.Loc(), "%s = %s", e.whole(names[0]), pyFloat(m.Value()))
			return nil
		}
		e.call(op, "memset", names[0], "value="+pyFloat(m.Value()))
		return nil
	}
	if m, ok := neuron.AsIotaOp(op); ok {
		shape, elem, _, _ := neuron.Info(m.Dst())
		dt, err := dtype(op, elem)
		if err != nil {
			return err
		}
		if !e.legacy {
			e.call(op, "iota", names[0], pattern(m.Step(), shape[1]), "offset="+names[1], fmt.Sprintf("channel_multiplier=%d", m.ChannelMultiplier()))
			return nil
		}
		ip, ifr := e.indexGrid(shape[0], shape[1])
		e.call(op, "iota", names[0], "expr="+affine(names[1], m.ChannelMultiplier(), ip, m.Step(), ifr), "dtype="+dt)
		return nil
	}
	if isOp(op, neuron.AsNcMatmulOp) {
		if e.legacy {
			e.line(op.Loc(), "%s += nisa.nc_matmul(%s, %s)", names[0], names[1], names[2])
			return nil
		}
		e.call(op, "nc_matmul", names[0], "stationary="+names[1], "moving="+names[2])
		return nil
	}
	if isOp(op, neuron.AsNcTransposeOp) {
		e.call(op, "nc_transpose", names[0], "data="+names[1])
		return nil
	}
	if a, ok := neuron.AsActivationOp(op); ok {
		args := []string{"op=" + actNames[a.Func()], "data=" + names[1]}
		if a.Bias() != nil {
			n, _ := e.name(op, a.Bias())
			args = append(args, "bias="+n)
		}
		if s := a.Scale(); s != 1 {
			args = append(args, "scale="+pyFloat(s))
		}
		e.call(op, "activation", names[0], args...)
		return nil
	}
	if a, ok := neuron.AsActivationReduceOp(op); ok {
		args := []string{"op=" + actNames[a.Func()], "data=" + names[2]}
		if a.Bias() != nil {
			n, _ := e.name(op, a.Bias())
			args = append(args, "bias="+n)
		}
		if s := a.Scale(); s != 1 {
			args = append(args, "scale="+pyFloat(s))
		}
		args = append(args, "reduce_op=nl.add", "reduce_res="+names[1])
		e.call(op, "activation_reduce", names[0], args...)
		return nil
	}
	if t, ok := neuron.AsTensorTensorOp(op); ok {
		args := []string{"data1=" + names[1], "data2=" + names[2], "op=" + aluNames[t.Op()]}
		if t.Engine() != neuron.EngineVector {
			args = append(args, "engine="+engineNames[t.Engine()])
		}
		e.call(op, "tensor_tensor", names[0], args...)
		return nil
	}
	if t, ok := neuron.AsTensorScalarOp(op); ok {
		imm, _ := t.Imm()
		operand := pyFloat(imm)
		if t.Scalar() != nil {
			operand = names[2]
		}
		args := []string{"data=" + names[1], "op0=" + aluNames[t.Op()], "operand0=" + operand}
		if t.Reverse() {
			args = append(args, "reverse0=True")
		}
		if t.Engine() != neuron.EngineVector {
			args = append(args, "engine="+engineNames[t.Engine()])
		}
		e.call(op, "tensor_scalar", names[0], args...)
		return nil
	}
	if t, ok := neuron.AsTensorReduceOp(op); ok {
		e.call(op, "tensor_reduce", names[0], "op="+aluNames[t.Op()], "data="+names[1], "axis=1", "keepdims=True")
		return nil
	}
	if t, ok := neuron.AsTensorCopyOp(op); ok {
		args := []string{"src=" + names[1]}
		if t.Engine() != neuron.EngineVector {
			args = append(args, "engine="+engineNames[t.Engine()])
		}
		if e.legacy {
			_, elem, _, _ := neuron.Info(t.Dst())
			dt, err := dtype(op, elem)
			if err != nil {
				return err
			}
			args = append(args, "dtype="+dt)
		}
		e.call(op, "tensor_copy", names[0], args...)
		return nil
	}
	if isOp(op, neuron.AsReciprocalOp) {
		e.call(op, "reciprocal", names[0], "data="+names[1])
		return nil
	}
	if a, ok := neuron.AsAffineSelectOp(op); ok {
		shape, _, _, _ := neuron.Info(a.Dst())
		if !e.legacy {
			// The current API takes the affine form itself: offset +
			// channel_multiplier·p + step·f compared with 0.
			e.call(op, "affine_select", names[0], pattern(a.Step(), shape[1]), "offset="+names[2],
				fmt.Sprintf("channel_multiplier=%d", a.ChannelMultiplier()), "on_true_tile="+names[1],
				"on_false_value="+pyFloat(a.Value()), "cmp_op="+cmpOp[a.Cmp()])
			return nil
		}
		ip, ifr := e.indexGrid(shape[0], shape[1])
		cmp := cmpSymbol[a.Cmp()]
		pred := fmt.Sprintf("%s %s 0", affine(names[2], a.ChannelMultiplier(), ip, a.Step(), ifr), cmp)
		e.call(op, "affine_select", names[0], "pred=("+pred+")", "on_true_tile="+names[1], "on_false_value="+pyFloat(a.Value()))
		return nil
	}
	if isOp(op, neuron.AsBnStatsOp) {
		e.call(op, "bn_stats", names[0], "data="+names[1])
		return nil
	}
	if isOp(op, neuron.AsBnAggrOp) {
		e.call(op, "bn_aggr", names[0], "data="+names[1])
		return nil
	}
	return errorf(op, "the NKI emitter has no translation for this operation")
}

// cmpSymbol is the Python comparison of each CmpOp.
var cmpSymbol = map[neuron.CmpOp]string{neuron.CmpOpGe: ">=", neuron.CmpOpGt: ">", neuron.CmpOpEq: "=="}

// cmpOp is the nki.language comparison of each CmpOp, the cmp_op of the
// current API's affine_select.
var cmpOp = map[neuron.CmpOp]string{neuron.CmpOpGe: "nl.greater_equal", neuron.CmpOpGt: "nl.greater", neuron.CmpOpEq: "nl.equal"}

// pattern is the current API's access pattern of a tile's free dimension:
// n elements, step apart.
func pattern(step, n int64) string {
	return fmt.Sprintf("pattern=[[%d, %d]]", step, n)
}

// dma writes a copy between device memory and SBUF. An unchecked copy
// slices the tensor; a bounds-checked one indexes it with the window's
// partition and free indices and masks off the elements outside.
func (e *emitter) dma(op *ir.Operation, names []string) error {
	d, _ := neuron.AsDmaCopyOp(op)
	load := true
	tileName, viewName := names[0], names[1]
	tv := d.Dst()
	if _, ok := neuron.AsTileType(d.Src().Type()); ok {
		load, tileName, viewName, tv = false, names[1], names[0], d.Src()
	}
	shape, _, _, _ := neuron.Info(tv)
	idx := names[2 : 2+len(d.Indices())]
	var access, mask string
	if len(idx) == 1 {
		n := shape[0] * shape[1]
		ax := e.arange(n, shape[1] == 1)
		if d.BoundsCheck() {
			i := affine(idx[0], 1, ax, 0, "")
			access = fmt.Sprintf("%s[%s]", viewName, i)
			mask = fmt.Sprintf("%s < %s.shape[0]", i, viewName)
		} else {
			access = fmt.Sprintf("%s[%s:%s + %d]", viewName, idx[0], idx[0], n)
			if shape[1] == 1 {
				access += "[:, None]"
			} else {
				access += "[None, :]"
			}
		}
	} else if n := len(idx); n > 2 || d.BoundsCheck() {
		// The window of the last two dimensions, at the leading indices
		// (a batch, a head) of a view of higher rank.
		ip, ifr := e.indexGrid(shape[0], shape[1])
		r, c := affine(idx[n-2], 1, ip, 0, ""), affine(idx[n-1], 1, ifr, 0, "")
		access = fmt.Sprintf("%s[%s]", viewName, strings.Join(append(append([]string{}, idx[:n-2]...), r, c), ", "))
		if d.BoundsCheck() {
			mask = fmt.Sprintf("(%s < %s.shape[%d]) & (%s < %s.shape[%d])", r, viewName, n-2, c, viewName, n-1)
		}
	} else {
		access = fmt.Sprintf("%s[%s:%s + %d, %s:%s + %d]", viewName, idx[0], idx[0], shape[0], idx[1], idx[1], shape[1])
	}
	if d.MaskBase() != nil {
		// The tile-relative predicate of the mask, as affine_select's.
		cp, _ := d.MaskChannelMultiplier()
		cf, _ := d.MaskStep()
		cmp, _ := d.MaskCmp()
		var ip, ifr string
		switch {
		case len(idx) >= 2:
			ip, ifr = e.indexGrid(shape[0], shape[1])
		case shape[1] == 1:
			ip, ifr = e.arange(shape[0], true), "0"
		default:
			ip, ifr = "0", e.arange(shape[1], false)
		}
		pred := fmt.Sprintf("(%s %s 0)", affine(names[len(names)-1], cp, ip, cf, ifr), cmpSymbol[cmp])
		if mask == "" {
			mask = pred
		} else {
			mask = "(" + mask + ") & " + pred
		}
	}
	maskArg := ""
	if mask != "" {
		maskArg = ", mask=" + mask
	}
	switch {
	case d.Accumulate():
		// Both spellings: an atomic read-modify-write of device memory.
		e.line(op.Loc(), "nl.atomic_rmw(%s, value=%s, op=nl.add%s)", access, tileName, maskArg)
	case e.legacy && load:
		e.line(op.Loc(), "%s = nl.load(%s%s)", e.whole(tileName), access, maskArg)
	case e.legacy:
		e.line(op.Loc(), "nl.store(%s, value=%s%s)", access, tileName, maskArg)
	case load:
		e.line(op.Loc(), "nisa.dma_copy(dst=%s, src=%s%s)", tileName, access, maskArg)
	default:
		e.line(op.Loc(), "nisa.dma_copy(dst=%s, src=%s%s)", access, tileName, maskArg)
	}
	return nil
}

func immIs(t neuron.TensorScalarOp, x float64) bool {
	v, ok := t.Imm()
	return ok && v == x
}
