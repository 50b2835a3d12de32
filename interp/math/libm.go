package math

import (
	"fmt"
	"sort"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// libmFunc is a C library function: the math operation it computes and
// the float type of its parameters and result.
type libmFunc struct {
	op       string
	kind     ir.FloatKind
	operands int
}

// libm maps the C library's math functions to the operations whose
// semantics they have, for float (suffix f) and double: what
// convert-math-to-libm calls; and the same functions of the GPU vendors'
// device libraries, which the GPU lowerings call: AMD's OCML
// (__ocml_sin_f32, __ocml_sin_f64) and NVIDIA's libdevice (__nv_sinf,
// __nv_sin).
var libm = func() map[string]libmFunc {
	m := map[string]libmFunc{}
	for _, f := range []struct {
		c, op    string
		operands int
	}{
		{"fabs", "absf", 1}, {"acos", "acos", 1}, {"acosh", "acosh", 1}, {"asin", "asin", 1},
		{"asinh", "asinh", 1}, {"atan", "atan", 1}, {"atan2", "atan2", 2}, {"atanh", "atanh", 1},
		{"cbrt", "cbrt", 1}, {"ceil", "ceil", 1}, {"copysign", "copysign", 2}, {"cos", "cos", 1},
		{"cosh", "cosh", 1}, {"erf", "erf", 1}, {"erfc", "erfc", 1}, {"exp", "exp", 1},
		{"exp2", "exp2", 1}, {"expm1", "expm1", 1}, {"floor", "floor", 1}, {"fma", "fma", 3},
		{"log", "log", 1}, {"log10", "log10", 1}, {"log1p", "log1p", 1}, {"log2", "log2", 1},
		{"pow", "powf", 2}, {"round", "round", 1}, {"roundeven", "roundeven", 1},
		{"rsqrt", "rsqrt", 1}, {"sin", "sin", 1}, {"sinh", "sinh", 1}, {"sqrt", "sqrt", 1},
		{"tan", "tan", 1}, {"tanh", "tanh", 1}, {"trunc", "trunc", 1},
	} {
		f32 := libmFunc{op: "math." + f.op, kind: ir.F32, operands: f.operands}
		f64 := libmFunc{op: "math." + f.op, kind: ir.F64, operands: f.operands}
		m[f.c+"f"], m[f.c] = f32, f64
		m["__ocml_"+f.c+"_f32"], m["__ocml_"+f.c+"_f64"] = f32, f64
		m["__nv_"+f.c+"f"], m["__nv_"+f.c] = f32, f64
	}
	return m
}()

// LibmFunctions returns the names of the C library functions that
// RegisterLibm implements, sorted: erff and erf, tanhf and tanh, ...
func LibmFunctions() []string {
	names := make([]string, 0, len(libm))
	for n := range libm {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// RegisterLibm makes the C library's math functions callable from the
// interpreted program (as functions without a body, called with func.call
// or llvm.call): erff computes what math.erf computes on f32, erf what it
// computes on f64, and so on. Each takes and returns floats of its own
// type; a call with other arguments is an error.
func RegisterLibm(reg *interp.Registry) {
	once.Do(build)
	for name, fn := range libm {
		reg.RegisterExternal(name, libmExternal(name, fn))
	}
}

func libmExternal(name string, fn libmFunc) interp.ExternalFunc {
	scalar := scalars[fn.op]
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		at := call
		if at == nil {
			at = f.Function()
		}
		ok := len(args) == fn.operands
		for _, a := range args {
			if ft, isFloat := a.Type.(*ir.FloatType); !isFloat || ft.Kind != fn.kind {
				ok = false
			}
		}
		if ok && call != nil && call.NumResults() != 1 {
			ok = false
		}
		if !ok {
			return nil, interp.Errorf(at, fmt.Sprintf("'%s' takes %d %s argument(s) and returns %s", name, fn.operands, fn.kind, fn.kind))
		}
		r, err := scalar(at, args, args[0].Type)
		if err != nil {
			return nil, err
		}
		return []interp.Value{r}, nil
	}
}
