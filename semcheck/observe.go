package semcheck

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
	interpall "github.com/strata-ir/strata/interp/all"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/runner"
)

var baseAddr = regexp.MustCompile(`base@ = 0x[0-9a-fA-F]+`)

// Signature is the entry function's signature before the pipeline: the
// inputs are made for it, and the results are read back as its types.
type Signature struct {
	Args, Results []ir.Type
}

// signatureOf reads a func.func or llvm.func's signature; an llvm.func
// returning !llvm.void has no results.
func signatureOf(fn *ir.Operation) (Signature, bool) {
	ta, ok := fn.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return Signature{}, false
	}
	switch t := ta.Type.(type) {
	case *ir.FunctionType:
		return Signature{Args: t.Inputs, Results: t.Results}, true
	case *lt.FuncType:
		s := Signature{Args: t.Params}
		if _, void := t.Result.(*lt.VoidType); !void {
			s.Results = []ir.Type{t.Result}
		}
		return s, true
	}
	return Signature{}, false
}

// EntrySignature returns the signature of the function entry of module.
func EntrySignature(module *ir.Operation, entry string) (Signature, error) {
	fn := findFunc(module, entry)
	if fn == nil {
		return Signature{}, ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	}
	s, ok := signatureOf(fn)
	if !ok {
		return Signature{}, ir.NewError(fn.Loc(), "entry point '@"+entry+"' has no function type")
	}
	for i, t := range s.Args {
		if _, err := synthesize(t, i); err != nil {
			return Signature{}, ir.NewError(fn.Loc(), "entry point '@"+entry+"': "+err.Error())
		}
	}
	for _, t := range s.Results {
		if !observable(t) {
			return Signature{}, ir.NewError(fn.Loc(), "entry point '@"+entry+"' must return scalars, memrefs or tensors to be checked, not "+asm.TypeString(t))
		}
	}
	return s, nil
}

func observable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.MemRefType, *ir.RankedTensorType:
		return interp.SupportedType(interp.ElementType(t))
	}
	return interp.SupportedType(t)
}

// Observe interprets the function entry of module (a builtin.module) with
// inputs made for its own signature and returns what it printed and
// returned. It returns an error (not an Observation) when the entry
// cannot be run at all: no such function, or arguments or results that
// cannot be made or observed.
func Observe(module *ir.Operation, entry string) (Observation, error) {
	sig, err := EntrySignature(module, entry)
	if err != nil {
		return Observation{}, err
	}
	return ObserveAs(module, entry, sig)
}

// ObserveAs interprets entry with the inputs made for sig, the entry's
// signature before a pipeline changed it: tensors and memrefs are passed
// as memrefs, descriptor structs or unpacked descriptor fields, index
// values as i64, as the entry now expects; results are read back as sig's
// types. What the entry printed (with buffer addresses masked), then its
// results and the final contents of its memref arguments, make the
// observation.
func ObserveAs(module *ir.Operation, entry string, sig Signature) (Observation, error) {
	fn := findFunc(module, entry)
	if fn == nil {
		return Observation{}, ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	}
	cur, ok := signatureOf(fn)
	if !ok {
		return Observation{}, ir.NewError(fn.Loc(), "entry point '@"+entry+"' has no function type")
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return Observation{}, ir.NewError(fn.Loc(), "entry point '@"+entry+"' has no body")
	}
	reg := interp.NewRegistry()
	interpall.Register(reg)
	in := interp.New(reg)
	var out strings.Builder
	in.Out = &out
	orig := make([]interp.Value, len(sig.Args))
	for i, t := range sig.Args {
		v, err := synthesize(t, i)
		if err != nil {
			return Observation{}, ir.NewError(fn.Loc(), err.Error())
		}
		orig[i] = v
	}
	args, err := adaptArgs(in, fn, orig, sig.Args, cur.Args)
	if err != nil {
		return Observation{Err: "cannot pass the inputs: " + err.Error()}, nil
	}
	res, err := in.Call(nil, fn, args)
	text := baseAddr.ReplaceAllString(out.String(), "base@ = <address>")
	if err != nil {
		return Observation{Output: text, Err: err.Error()}, nil
	}
	rendered, err := renderResults(in, fn, res, sig.Results)
	if err != nil {
		return Observation{Output: text, Err: "cannot read the results: " + err.Error()}, nil
	}
	var b strings.Builder
	b.WriteString(text)
	b.WriteString(rendered)
	for i, v := range orig {
		if m := v.MemRef(); m != nil {
			if _, isMemRef := sig.Args[i].(*ir.MemRefType); isMemRef {
				fmt.Fprintf(&b, "argument #%d after the call: %s\n", i, renderMemRef(m))
			}
		}
	}
	return Observation{Output: b.String()}, nil
}

// synthesize makes the input of type t for argument i: small integers
// and floats, memrefs and tensors (dynamic sizes 3) filled with a pattern.
func synthesize(t ir.Type, i int) (interp.Value, error) {
	switch t := t.(type) {
	case *ir.IndexType:
		return interp.MakeInt(t, uint64(1+i%2)), nil
	case *ir.IntegerType:
		if t.Width == 1 {
			return interp.MakeInt(t, uint64(i%2)), nil
		}
		if t.Width <= 64 {
			return interp.MakeInt(t, uint64(int64((i*7+3)%13-6))), nil
		}
	case *ir.FloatType:
		if interp.SupportedType(t) {
			return interp.MakeFloat(t, float64((i*7+3)%13-6)*0.25+0.125), nil
		}
	case *ir.MemRefType, *ir.RankedTensorType:
		shape, _ := t.(ir.ShapedType).ShapeDims()
		elem := interp.ElementType(t)
		if !interp.SupportedType(elem) {
			break
		}
		sizes := make([]int64, len(shape))
		for d, s := range shape {
			sizes[d] = s
			if s < 0 {
				sizes[d] = 3
			}
		}
		m := interp.NewMemRef(elem, sizes)
		for j := range m.Buf.Data {
			k := int64((j*7+i*3)%11 - 5)
			var v interp.Value
			switch et := elem.(type) {
			case *ir.FloatType:
				v = interp.MakeFloat(et, float64(k)*0.5)
			case *ir.IndexType:
				v = interp.MakeInt(et, uint64(j%5))
			default:
				if interp.IntWidth(et) == 1 {
					v = interp.MakeInt(et, uint64(j%2))
				} else {
					v = interp.MakeInt(et, uint64(k))
				}
			}
			m.Buf.Data[j] = v.Bits()
		}
		if _, ok := t.(*ir.RankedTensorType); ok {
			return interp.MakeDense(t, &interp.Dense{Shape: sizes, Data: m.Buf.Data}), nil
		}
		return interp.MakeMemRef(t, m), nil
	}
	return interp.Value{}, fmt.Errorf("no input can be made for an argument of type %s", asm.TypeString(t))
}

// asMemRef returns a memref value for a tensor or memref input, of a
// memref type of its shape.
func asMemRef(ctx *ir.Context, v interp.Value) interp.Value {
	if d := v.Dense(); d != nil {
		m := interp.NewMemRef(interp.ElementType(v.Type), d.Shape)
		copy(m.Buf.Data, d.Data)
		return interp.MakeMemRef(ctx.MemRefType(d.Shape, interp.ElementType(v.Type), nil, nil), m)
	}
	return v
}

// adaptArgs converts the inputs made for the original argument types to
// the entry's current ones.
func adaptArgs(in *interp.Interpreter, fn *ir.Operation, orig []interp.Value, from, to []ir.Type) ([]interp.Value, error) {
	ctx := fn.Context()
	var args []interp.Value
	p := 0
	for i, v := range orig {
		if p >= len(to) {
			return nil, fmt.Errorf("the entry takes fewer arguments than before the pipeline")
		}
		ct := to[p]
		n := 1
		switch ot := from[i].(type) {
		case *ir.RankedTensorType, *ir.MemRefType:
			shape, _ := ot.(ir.ShapedType).ShapeDims()
			switch ct.(type) {
			case *ir.RankedTensorType:
				args = append(args, v)
				p++
				continue
			case *lt.PointerType:
				// The unpacked descriptor: two pointers, the offset, the
				// sizes and the strides.
				n = 3 + 2*len(shape)
			}
			v = asMemRef(ctx, v)
		}
		if p+n > len(to) {
			return nil, fmt.Errorf("the entry takes fewer arguments than before the pipeline")
		}
		vs, err := llvm.Cast(in, fn, []interp.Value{v}, to[p:p+n])
		if err != nil {
			return nil, err
		}
		args = append(args, vs...)
		p += n
	}
	if p != len(to) {
		return nil, fmt.Errorf("the entry takes more arguments than before the pipeline")
	}
	return args, nil
}

// renderResults reads the results back as the original result types and
// renders them: one i32, i64, f32 or f64 result as mlir-runner prints it,
// other results one per line by value.
func renderResults(in *interp.Interpreter, fn *ir.Operation, res []interp.Value, types []ir.Type) (string, error) {
	if len(types) > 1 && len(res) == 1 {
		// Several results returned as one struct.
		if fs := llvm.Fields(res[0]); len(fs) == len(types) {
			res = fs
		}
	}
	if len(res) != len(types) {
		return "", fmt.Errorf("the entry returned %d values, %d before the pipeline", len(res), len(types))
	}
	ctx := fn.Context()
	var b strings.Builder
	for i, t := range types {
		v := res[i]
		want := t
		if tt, ok := t.(*ir.RankedTensorType); ok {
			want = ctx.MemRefType(tt.Shape, tt.Elem, nil, nil)
			if v.Dense() != nil {
				v = asMemRef(ctx, v)
			}
		}
		if v.Type != want && v.Dense() == nil {
			vs, err := llvm.Cast(in, fn, []interp.Value{v}, []ir.Type{want})
			if err != nil {
				return "", err
			}
			v = vs[0]
		}
		if len(types) == 1 && runnerResult(t) {
			b.WriteString(formatResult(v) + "\n")
			continue
		}
		if m := v.MemRef(); m != nil {
			fmt.Fprintf(&b, "result #%d: %s\n", i, renderMemRef(m))
			continue
		}
		fmt.Fprintf(&b, "result #%d: %s\n", i, formatScalar(v))
	}
	return b.String(), nil
}

// runnerResult reports whether mlir-runner prints a result of type t
// (-entry-point-result=i32, i64, f32 or f64).
func runnerResult(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width == 32 || t.Width == 64
	case *ir.FloatType:
		return t.Kind == ir.F32 || t.Kind == ir.F64
	}
	return false
}

// formatResult renders a scalar as mlir-runner prints an entry's result:
// integers in signed decimal, floats with C's "%e".
func formatResult(v interp.Value) string {
	if !v.IsFloat() {
		return strconv.FormatInt(v.Int(), 10)
	}
	f := v.Float()
	switch {
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return fmt.Sprintf("%e", f)
}

func formatScalar(v interp.Value) string {
	if v.IsFloat() {
		return runner.FormatG(v.Float())
	}
	return strconv.FormatInt(v.Int(), 10)
}

// renderMemRef renders a memref's sizes and elements (row-major), whatever
// its layout.
func renderMemRef(m *interp.MemRef) string {
	if err := m.Check(); err != nil {
		return "<" + err.Error() + ">"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "sizes %v [", m.Sizes)
	m.ForEach(func(i, p int64) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatScalar(interp.FromBits(m.Buf.Elem, m.Buf.Data[p])))
	})
	b.WriteString("]")
	return b.String()
}
