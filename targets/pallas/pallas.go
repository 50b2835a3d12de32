// Package pallas is strata-translate --mlir-to-pallas: Python source that
// runs a module's TPU kernels with JAX's Pallas (jax.experimental.pallas
// and its TPU backend, as in JAX 0.11.2). Each Mosaic kernel (a func.func
// with Mosaic's contract, as tile-to-tpu makes it) becomes a Pallas
// kernel function over refs, and a wrapper that takes and returns arrays
// through pl.pallas_call: the grid, one BlockSpec per window (its block
// shape and index map, SMEM for scalars), the VMEM scratch shapes and the
// dimension semantics (pltpu.CompilerParams). The host functions that
// only move arrays in and out of kernels become Python functions calling
// the wrappers; SIGNATURES lists them with their argument shapes.
//
// Operations become jax.numpy and lax expressions through the
// pallas.Emitter interface, which this package attaches to the
// operations of func, arith, math, vector, scf, memref and tpu it
// translates; scf.if becomes a function under @pl.when. Source locations
// appear as comments.
package pallas

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tpu"
	"github.com/strata-ir/strata/translate"
)

// JAXVersion is the JAX release whose Pallas API the output uses.
const JAXVersion = "0.11.2"

func init() {
	translate.Register(translate.Translation{
		Name:    "mlir-to-pallas",
		Summary: "Write Python (JAX " + JAXVersion + " Pallas) running the module's Mosaic TPU kernels",
		Options: func(fs *flag.FlagSet) func(*ir.Operation, io.Writer) error {
			interpret := fs.Bool("pallas-interpret", false, "make the wrappers run Pallas's interpreter by default (INTERPRET = True)")
			return func(m *ir.Operation, w io.Writer) error { return Emit(m, w, Options{Interpret: *interpret}) }
		},
	})
}

// Options control the output.
type Options struct {
	// Interpret sets INTERPRET = True in the output.
	Interpret bool
}

// Emitter is the interface through which an operation of a kernel or
// host function becomes Python.
type Emitter interface {
	EmitPallas(f *Func, op *ir.Operation) error
}

// EmitterFunc adapts a function to Emitter.
type EmitterFunc func(f *Func, op *ir.Operation) error

// EmitPallas calls fn.
func (fn EmitterFunc) EmitPallas(f *Func, op *ir.Operation) error { return fn(f, op) }

// EmitterOp is the operation interface pallas.Emitter.
var EmitterOp = ir.DeclareOpInterface[Emitter]("pallas.Emitter")

var registered struct {
	sync.Mutex
	ctxs map[*ir.Context]bool
}

func ensureRegistered(ctx *ir.Context) {
	registered.Lock()
	defer registered.Unlock()
	if registered.ctxs[ctx] {
		return
	}
	if registered.ctxs == nil {
		registered.ctxs = map[*ir.Context]bool{}
	}
	registered.ctxs[ctx] = true
	for name, fn := range emitters() {
		EmitterOp.AttachTo(ctx, name, EmitterFunc(fn))
	}
}

// Func is the Python function being written: its lines, the Python
// expression of each value and the names it has used.
type Func struct {
	out     *strings.Builder
	indent  int
	exprs   map[ir.Value]string
	used    map[string]bool
	lastLoc string
	// loc is the location of the operation being written, commented
	// before its first line when it differs from the last one.
	loc    string
	kernel *tpu.Kernel
	// host: the wrapper of each kernel, for host functions.
	wrappers map[string]*wrapper
	hosts    map[string]bool
	// shapes holds the Python shape of each array of dynamic sizes
	// allocated in a host function.
	shapes map[ir.Value]string
	// views maps an array not yet written to the array it is a
	// reshaped view of.
	views map[ir.Value]ir.Value
}

func newFunc(out *strings.Builder) *Func {
	return &Func{out: out, exprs: map[ir.Value]string{}, used: map[string]bool{}}
}

// Line writes one line at the current indentation.
func (f *Func) Line(format string, args ...any) {
	if f.loc != "" && f.loc != f.lastLoc && format != "" {
		f.out.WriteString(strings.Repeat("    ", f.indent) + "# " + f.loc + "\n")
		f.lastLoc = f.loc
	}
	f.out.WriteString(strings.Repeat("    ", f.indent))
	fmt.Fprintf(f.out, format, args...)
	f.out.WriteString("\n")
}

// Expr returns the Python expression of v.
func (f *Func) Expr(op *ir.Operation, v ir.Value) (string, error) {
	if e, ok := f.exprs[v]; ok {
		return e, nil
	}
	return "", Errorf(op, "an operand has no Python value (an operation before it was not translated)")
}

// Set gives v the expression e, written inline where v is used (for
// constants and other cheap expressions).
func (f *Func) Set(v ir.Value, e string) { f.exprs[v] = e }

// Define binds a fresh name to e and gives it to v.
func (f *Func) Define(v ir.Value, base, e string) {
	name := f.fresh(base)
	f.Line("%s = %s", name, e)
	f.exprs[v] = name
}

func (f *Func) fresh(base string) string {
	name := base
	for i := 1; f.used[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	f.used[name] = true
	return name
}

// Errorf returns a located error at op.
func Errorf(op *ir.Operation, format string, args ...any) error {
	return ir.NewError(op.Loc(), "--mlir-to-pallas: "+fmt.Sprintf(format, args...))
}

// location returns "file:line:col" of l, or "".
func location(l ir.Location) string {
	switch l := l.(type) {
	case *ir.FileLineColLoc:
		return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col)
	case *ir.NameLoc:
		return location(l.Child)
	case *ir.CallSiteLoc:
		return location(l.Callee)
	case *ir.FusedLoc:
		for _, x := range l.Locs {
			if s := location(x); s != "" {
				return s
			}
		}
	}
	return ""
}

// block writes the operations of b.
func (f *Func) block(b *ir.Block) error {
	var err error
	b.Ops(func(op *ir.Operation) bool {
		f.loc = location(op.Loc())
		em, ok := EmitterOp.Of(op)
		if !ok {
			err = Errorf(op, "'%s' has no Pallas translation", op.Name())
			return false
		}
		err = em.EmitPallas(f, op)
		return err == nil
	})
	return err
}

// ---- types and literals ----

// DType returns the jnp dtype of an element type.
func DType(op *ir.Operation, t ir.Type) (string, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			return "jnp.float32", nil
		case ir.BF16:
			return "jnp.bfloat16", nil
		case ir.F16:
			return "jnp.float16", nil
		}
	case *ir.IntegerType:
		switch t.Width {
		case 1:
			return "jnp.bool_", nil
		case 8, 16, 32:
			return fmt.Sprintf("jnp.int%d", t.Width), nil
		}
	case *ir.IndexType:
		return "jnp.int32", nil
	}
	return "", Errorf(op, "no Pallas TPU dtype for %s", ir.TypeString(t))
}

func shapeTuple(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == ir.Dynamic {
			parts[i] = "None"
		} else {
			parts[i] = strconv.FormatInt(d, 10)
		}
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// literal returns the Python literal of the element bits of type t.
func literal(t ir.Type, bits uint64) string {
	v := interp.FromBits(t, bits)
	if _, ok := t.(*ir.FloatType); ok {
		x := v.Float()
		switch {
		case math.IsNaN(x):
			return "float(\"nan\")"
		case math.IsInf(x, 1):
			return "float(\"inf\")"
		case math.IsInf(x, -1):
			return "float(\"-inf\")"
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
		if v.Bool() {
			return "True"
		}
		return "False"
	}
	return strconv.FormatInt(v.Int(), 10)
}
