// Package nki emits NKI Python, the kernel language of AWS Trainium, from
// kernels at the neuron level (tile.func bodies lowered by
// tile-to-neuron). Each kernel becomes one @nki.jit function whose
// statements map one to one to the kernel's operations: neuron.alloc to
// nl.ndarray in SBUF or PSUM, each instruction to its nki.isa call with
// explicit destinations (dst=), the loops to nl.affine_range and
// nl.sequential_range, program ids to nl.program_id, index arithmetic to
// Python expressions. Arguments the kernel only writes are allocated in
// device memory by the kernel and returned, as NKI kernels do; source
// locations follow the statements as comments.
//
// With Legacy set, the kernel uses the spelling of the neuronxcc.nki
// package that most published kernels and its simulator use:
// value-returning calls assigned into their destinations
// (t[...] = nisa.tensor_tensor(a, b, op=nl.add)), nl.load and nl.store
// for DMA, and += for PSUM accumulation.
//
// strata-translate --mlir-to-nki [--nki-legacy] [--nki-kernel=NAME]
// registers the translation.
package nki

import (
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/neuron"
	"github.com/strata-ir/strata/dialects/tile"
	"github.com/strata-ir/strata/translate"
)

// Options select the spelling and the kernels.
type Options struct {
	// Legacy selects the neuronxcc.nki spelling.
	Legacy bool
	// Kernel, when set, names the one kernel to emit.
	Kernel string
}

func init() {
	translate.Register(translate.Translation{
		Name:    "mlir-to-nki",
		Summary: "Translate tile kernels at the neuron level to NKI Python (AWS Trainium)",
		Options: func(fs *flag.FlagSet) func(*ir.Operation, io.Writer) error {
			legacy := fs.Bool("nki-legacy", false, "use the neuronxcc.nki spelling (value-returning calls, nl.load/nl.store)")
			kernel := fs.String("nki-kernel", "", "emit only this kernel")
			return func(mod *ir.Operation, w io.Writer) error {
				return Emit(w, mod, Options{Legacy: *legacy, Kernel: *kernel})
			}
		},
	})
}

func errorf(op *ir.Operation, format string, args ...any) error {
	return ir.NewError(op.Loc(), fmt.Sprintf(format, args...))
}

// Kernels returns the kernels of module that Emit translates.
func Kernels(module *ir.Operation, name string) ([]*ir.Operation, error) {
	var out []*ir.Operation
	var all []string
	module.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if k, ok := tile.AsFuncOp(o); ok {
			all = append(all, "@"+k.SymName())
			if name == "" || k.SymName() == name {
				out = append(out, o)
			}
			return false
		}
		return true
	})
	if name != "" && len(out) == 0 {
		return nil, ir.NewError(module.Loc(), fmt.Sprintf("no kernel named '@%s' (found %s)", name, strings.Join(all, ", ")))
	}
	if len(out) == 0 {
		return nil, ir.NewError(module.Loc(), "no tile.func kernel to translate to NKI")
	}
	return out, nil
}

// Emit writes the NKI Python of the kernels of module.
func Emit(w io.Writer, module *ir.Operation, opts Options) error {
	ks, err := Kernels(module, opts.Kernel)
	if err != nil {
		return err
	}
	var sb strings.Builder
	if opts.Legacy {
		sb.WriteString("import math\n\nfrom neuronxcc import nki\nimport neuronxcc.nki.isa as nisa\nimport neuronxcc.nki.language as nl\n")
	} else {
		sb.WriteString("import math\n\nimport nki\nimport nki.isa as nisa\nimport nki.language as nl\n")
	}
	for _, k := range ks {
		text, err := emitKernel(k, opts)
		if err != nil {
			return err
		}
		sb.WriteString("\n\n")
		sb.WriteString(text)
	}
	_, err = io.WriteString(w, sb.String())
	return err
}

// Signature says which memref arguments of a kernel it reads (parameters
// of the NKI function, in order) and which it only writes (allocated by
// the kernel and returned, in order). InPlace lists the parameters (as
// positions in Inputs) that the kernel also writes: those whose shape is
// not static, so the kernel cannot allocate them, and those it adds into
// or writes under a mask, whose other contents stay.
type Signature struct {
	Inputs, Outputs, InPlace []int
}

// KernelSignature returns the signature the emitted function of kernel k
// has.
func KernelSignature(k *ir.Operation) Signature {
	reads, writes := map[int]bool{}, map[int]bool{}
	body := k.Region(0).First()
	argOf := func(v ir.Value) int {
		if d := ir.DefiningOp(v); d != nil {
			if tv, ok := tile.AsViewOp(d); ok {
				v = tv.Source()
			}
		}
		for i := 0; body != nil && i < body.NumArguments(); i++ {
			if body.Argument(i) == v {
				return i
			}
		}
		return -1
	}
	k.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if d, ok := neuron.AsDmaCopyOp(o); ok {
			if _, isTile := neuron.AsTileType(d.Dst().Type()); isTile {
				reads[argOf(d.Src())] = true
			} else {
				writes[argOf(d.Dst())] = true
				if d.Accumulate() || d.MaskBase() != nil {
					// What it adds to, or leaves, is the argument's.
					reads[argOf(d.Dst())] = true
				}
			}
		}
		return true
	})
	var s Signature
	for i := 0; body != nil && i < body.NumArguments(); i++ {
		mt, isMem := body.Argument(i).Type().(*ir.MemRefType)
		switch {
		case writes[i] && !reads[i] && isMem && staticShape(mt.Shape):
			s.Outputs = append(s.Outputs, i)
		case writes[i]:
			s.InPlace = append(s.InPlace, len(s.Inputs))
			s.Inputs = append(s.Inputs, i)
		default:
			s.Inputs = append(s.Inputs, i)
		}
	}
	return s
}

func staticShape(s []int64) bool {
	for _, d := range s {
		if d < 0 {
			return false
		}
	}
	return true
}

// emitter writes one kernel.
type emitter struct {
	sb      strings.Builder
	indent  int
	legacy  bool
	names   map[ir.Value]string
	taken   map[string]bool
	lastLoc string
	// aranges names the index arrays the kernel uses, defined at its top.
	aranges     map[aranger]string
	arangeOrder []aranger
	// windows holds the names that are a window of a tile (t[:, a:b]),
	// which the legacy spelling assigns to without [...].
	windows map[string]bool
}

func (e *emitter) line(loc ir.Location, format string, args ...any) {
	e.sb.WriteString(strings.Repeat("    ", e.indent))
	s := fmt.Sprintf(format, args...)
	e.sb.WriteString(s)
	if l := locString(loc); l != "" && l != e.lastLoc {
		e.sb.WriteString("  # " + l)
		e.lastLoc = l
	}
	e.sb.WriteString("\n")
}

func locString(loc ir.Location) string {
	for loc != nil {
		switch l := loc.(type) {
		case *ir.FileLineColLoc:
			return fmt.Sprintf("%s:%d", filepath.Base(l.File), l.Line)
		case *ir.NameLoc:
			loc = l.Child
		case *ir.CallSiteLoc:
			loc = l.Callee
		case *ir.FusedLoc:
			if len(l.Locs) == 0 {
				return ""
			}
			loc = l.Locs[0]
		default:
			return ""
		}
	}
	return ""
}

// fresh returns an unused Python name starting with base.
func (e *emitter) fresh(base string) string {
	if !e.taken[base] {
		e.taken[base] = true
		return base
	}
	for i := 1; ; i++ {
		n := base + strconv.Itoa(i)
		if !e.taken[n] {
			e.taken[n] = true
			return n
		}
	}
}

// dtype returns the nl dtype of an element type.
func dtype(op *ir.Operation, t ir.Type) (string, error) {
	switch tt := t.(type) {
	case *ir.FloatType:
		switch tt.Kind {
		case ir.F32:
			return "nl.float32", nil
		case ir.F16:
			return "nl.float16", nil
		case ir.BF16:
			return "nl.bfloat16", nil
		case ir.TF32:
			return "nl.tfloat32", nil
		case ir.F8E4M3FN:
			return "nl.float8_e4m3", nil
		case ir.F8E5M2:
			return "nl.float8_e5m2", nil
		}
	case *ir.IntegerType:
		switch tt.Width {
		case 8, 16, 32:
			if tt.Signedness == ir.Unsigned {
				return fmt.Sprintf("nl.uint%d", tt.Width), nil
			}
			return fmt.Sprintf("nl.int%d", tt.Width), nil
		}
	}
	return "", errorf(op, "NKI has no dtype for %s", ir.TypeString(t))
}

func pyFloat(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "math.inf"
	case math.IsInf(x, -1):
		return "-math.inf"
	case math.IsNaN(x):
		return "math.nan"
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

func (e *emitter) name(op *ir.Operation, v ir.Value) (string, error) {
	if n, ok := e.names[v]; ok {
		return n, nil
	}
	if d := ir.DefiningOp(v); d != nil {
		if c, ok := arith.AsConstantOp(d); ok {
			if ia, ok := c.Value().(*ir.IntegerAttr); ok {
				return strconv.FormatInt(ia.Int64(), 10), nil
			}
		}
	}
	return "", errorf(op, "the NKI emitter has no Python value for an operand of this operation")
}

func emitKernel(k *ir.Operation, opts Options) (string, error) {
	kf, _ := tile.AsFuncOp(k)
	if k.Attr(neuron.ChipAttr) == nil {
		return "", errorf(k, "kernel '@%s' is at the tile level: lower it with tile-to-neuron first", kf.SymName())
	}
	e := &emitter{legacy: opts.Legacy, names: map[ir.Value]string{}, taken: map[string]bool{}, aranges: map[aranger]string{}, windows: map[string]bool{}}
	for _, n := range []string{"nki", "nl", "nisa", "math", "range", "min", "max"} {
		e.taken[n] = true
	}
	body := k.Region(0).First()
	sig := KernelSignature(k)
	var params []string
	for _, i := range sig.Inputs {
		n := e.fresh(fmt.Sprintf("in%d", len(params)))
		if _, isMem := body.Argument(i).Type().(*ir.MemRefType); !isMem {
			n = e.fresh(fmt.Sprintf("arg%d", i))
		}
		e.names[body.Argument(i)] = n
		params = append(params, n)
	}
	var outs []string
	for j, i := range sig.Outputs {
		n := e.fresh(fmt.Sprintf("out%d", j))
		e.names[body.Argument(i)] = n
		outs = append(outs, n)
	}
	e.indent = 1
	for j, i := range sig.Outputs {
		mt := body.Argument(i).Type().(*ir.MemRefType)
		dt, err := dtype(k, mt.Elem)
		if err != nil {
			return "", err
		}
		e.line(nil, "%s = nl.ndarray(%s, dtype=%s, buffer=nl.shared_hbm)", outs[j], pyShape(mt.Shape), dt)
	}
	if err := e.block(body); err != nil {
		return "", err
	}
	switch len(outs) {
	case 0:
		e.line(nil, "return None")
	default:
		e.line(nil, "return %s", strings.Join(outs, ", "))
	}
	var head strings.Builder
	head.WriteString(fmt.Sprintf("@nki.jit\ndef %s(%s):\n", kf.SymName(), strings.Join(params, ", ")))
	head.WriteString(fmt.Sprintf("    \"\"\"Runs as %s[%s](%s): one program per point of a %d-D grid (%s), for %s.",
		kf.SymName(), gridNames(len(tile.GridSemantics(k))), strings.Join(params, ", "), len(tile.GridSemantics(k)),
		strings.Join(tile.GridSemantics(k), ", "), chipName(k)))
	if inPlace := writtenInPlace(k, sig, e.names); len(inPlace) > 0 {
		head.WriteString(fmt.Sprintf("\n\n    Writes %s in place.", strings.Join(inPlace, ", ")))
	}
	head.WriteString("\"\"\"\n")
	for _, k := range e.arangeOrder {
		if k.partition {
			head.WriteString(fmt.Sprintf("    %s = nl.arange(%d)[:, None]\n", e.aranges[k], k.n))
		} else {
			head.WriteString(fmt.Sprintf("    %s = nl.arange(%d)[None, :]\n", e.aranges[k], k.n))
		}
	}
	return head.String() + e.sb.String(), nil
}

func pyShape(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (e *emitter) block(b *ir.Block) error {
	for op := b.First(); op != nil; op = op.Next() {
		if err := e.op(op); err != nil {
			return err
		}
	}
	return nil
}

// unused reports whether op's results have no uses.
func unused(op *ir.Operation) bool {
	for _, r := range op.Results() {
		if ir.HasUses(r) {
			return false
		}
	}
	return true
}

func isOp[T any](op *ir.Operation, as func(*ir.Operation) (T, bool)) bool {
	_, ok := as(op)
	return ok
}

// indexBinary returns the Python operator of an integer arithmetic
// operation on scalars.
func indexBinary(op *ir.Operation) (string, bool) {
	switch {
	case isOp(op, arith.AsAddiOp):
		return "+", true
	case isOp(op, arith.AsSubiOp):
		return "-", true
	case isOp(op, arith.AsMuliOp):
		return "*", true
	case isOp(op, arith.AsDivuiOp), isOp(op, arith.AsFloordivsiOp):
		return "//", true
	case isOp(op, arith.AsRemuiOp):
		return "%", true
	}
	return "", false
}

func gridNames(n int) string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("g%d", i))
	}
	return strings.Join(out, ", ")
}

func chipName(k *ir.Operation) string {
	if s, ok := k.Attr(neuron.ChipAttr).(*ir.StringAttr); ok {
		return s.Value
	}
	return neuron.DefaultChip
}

// writtenInPlace names the parameters the kernel stores to.
func writtenInPlace(k *ir.Operation, sig Signature, names map[ir.Value]string) []string {
	body := k.Region(0).First()
	var out []string
	for _, j := range sig.InPlace {
		out = append(out, names[body.Argument(sig.Inputs[j])])
	}
	return out
}
