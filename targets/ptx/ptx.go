// Package ptx emits PTX, the virtual instruction set of NVIDIA GPUs, from
// the llvm (and nvvm) level of a gpu.module: the output of
// convert-gpu-to-nvvm. It is instruction selection over virtual
// registers: every SSA value gets a register of its type's class (.pred,
// .b16, .b32, .b64, .f32, .f64), aggregates (the memref descriptors of
// the llvm dialect) are tuples of registers, block arguments are
// registers that branches assign with parallel moves, and blocks are
// labels with bra.
//
// How an operation becomes PTX is the operation interface Lowering
// (ptx.Lowering): this package attaches it to the llvm dialect's
// operations and to nvvm's (special registers, barriers, shuffles), as
// external models (Register); any dialect can attach it to its own
// operations. An operation without it is a located error.
//
// The header is chosen from the chip and the features used: .target is
// the chip (sm_80, sm_90a, ...), .version the PTX ISA version the chip
// and the instructions need; an instruction the chip lacks is a located
// error naming the chip it needs. Functions marked gpu.kernel or
// nvvm.kernel become .entry with .param arguments, others .func. File
// locations of the operations become .file and .loc directives, so that
// the line information of the SASS maps back to the .mlir source.
package ptx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// Options configure Emit.
type Options struct {
	// Chip is the target; "sm_90a" enables Hopper's architecture-specific
	// instructions. When empty, the chip of the gpu.module's #nvvm.target
	// is used, else sm_80.
	Chip string
	// NoLineInfo drops the .file and .loc directives.
	NoLineInfo bool
	// Features are target features ("+ptx80") that raise the PTX ISA
	// version, as the features of an #nvvm.target do.
	Features string
}

// Chip describes a target of PTX.
type Chip struct {
	// Name is the .target name, such as "sm_90a".
	Name string
	// SM is the compute capability times ten (90 for sm_90 and sm_90a).
	SM int
	// Arch is set for the architecture-specific targets (sm_90a).
	Arch bool
	// PTX is the lowest PTX ISA version that knows the target, times ten.
	PTX int
}

// chips are the targets Emit knows, with the PTX ISA version that
// introduced each (6.0 for the chips before sm_70, the lowest version
// the emitter writes: that of upstream's default #nvvm.target, sm_50
// with +ptx60).
var chips = []Chip{
	{Name: "sm_50", SM: 50, PTX: 60},
	{Name: "sm_52", SM: 52, PTX: 60},
	{Name: "sm_53", SM: 53, PTX: 60},
	{Name: "sm_60", SM: 60, PTX: 60},
	{Name: "sm_61", SM: 61, PTX: 60},
	{Name: "sm_62", SM: 62, PTX: 60},
	{Name: "sm_70", SM: 70, PTX: 60},
	{Name: "sm_75", SM: 75, PTX: 63},
	{Name: "sm_80", SM: 80, PTX: 70},
	{Name: "sm_86", SM: 86, PTX: 71},
	{Name: "sm_89", SM: 89, PTX: 78},
	{Name: "sm_90", SM: 90, PTX: 78},
	{Name: "sm_90a", SM: 90, Arch: true, PTX: 80},
}

// LookupChip returns the chip named name.
func LookupChip(name string) (Chip, error) {
	for _, c := range chips {
		if c.Name == name {
			return c, nil
		}
	}
	names := make([]string, len(chips))
	for i, c := range chips {
		names[i] = c.Name
	}
	return Chip{}, fmt.Errorf("unknown chip %q (known: %s)", name, strings.Join(names, ", "))
}

// Feature is what an instruction needs of the target: a compute
// capability, an architecture-specific target (sm_90a) and a PTX ISA
// version.
type Feature struct {
	// Name names the instruction in diagnostics.
	Name string
	// SM is the lowest compute capability, times ten.
	SM int
	// Arch requires an architecture-specific target of that capability.
	Arch bool
	// PTX is the lowest PTX ISA version, times ten.
	PTX int
}

func (f Feature) chipName() string {
	s := "sm_" + strconv.Itoa(f.SM)
	if f.Arch {
		s += "a"
	}
	return s
}

// Lowering is the interface through which an operation becomes PTX: it
// reads its operands' registers from f, defines its results' registers
// and appends instructions.
type Lowering interface {
	EmitPTX(f *Func, op *ir.Operation) error
}

// LoweringFunc adapts a function to Lowering.
type LoweringFunc func(f *Func, op *ir.Operation) error

// EmitPTX calls fn.
func (fn LoweringFunc) EmitPTX(f *Func, op *ir.Operation) error { return fn(f, op) }

// LoweringOp is the operation interface ptx.Lowering.
var LoweringOp = ir.DeclareOpInterface[Lowering]("ptx.Lowering")

// module is the state of one emission.
type module struct {
	chip    Chip
	opts    Options
	version int
	files   map[string]int
	fileSeq []string
	globals map[string]*ir.Operation
	funcs   map[string]*ir.Operation
	// sharedAlign is the alignment the async proxy needs of shared
	// variables (sharedAlignments), by symbol; dynamicAlign that of the
	// dynamic shared memory, which every zero-sized shared array names.
	sharedAlign  map[string]int64
	dynamicAlign int64
	// funcIndex numbers the functions, for their labels.
	funcIndex int
	// ftz is the ftz flag of the module's #nvvm.target: libdevice's
	// functions flush subnormals to zero, as libdevice does under
	// nvvm-reflect-ftz.
	ftz  bool
	body strings.Builder
}

// Errorf returns a located error at op.
func Errorf(op *ir.Operation, format string, args ...any) error {
	return ir.NewError(op.Loc(), fmt.Sprintf(format, args...))
}

// Emit returns the PTX of module: a gpu.module, or a builtin.module that
// holds the llvm dialect's functions and globals directly.
func Emit(mod *ir.Operation, opts Options) (string, error) {
	minPTX := featurePTX(opts.Features)
	if opts.Chip == "" {
		opts.Chip = "sm_80"
		if t := nvvmTarget(mod); t != nil {
			opts.Chip = t.Chip
			minPTX = max(minPTX, featurePTX(t.Features))
		}
	}
	chip, err := LookupChip(opts.Chip)
	if err != nil {
		return "", Errorf(mod, "%v", err)
	}
	ensureRegistered(mod.Context())
	e := &module{chip: chip, opts: opts, version: max(chip.PTX, minPTX), files: map[string]int{},
		globals: map[string]*ir.Operation{}, funcs: map[string]*ir.Operation{}}
	if t := nvvmTarget(mod); t != nil && t.Flags != nil {
		e.ftz = t.Flags.Get("ftz") != nil
	}
	if mod.NumRegions() != 1 || mod.Region(0).Empty() {
		return "", Errorf(mod, "expected a module with one region")
	}
	body := mod.Region(0).First()
	var funcs []*ir.Operation
	var errs ir.Diagnostics
	fail := func(err error) {
		if d, ok := err.(*ir.Diagnostic); ok {
			errs = append(errs, d)
		} else if ds, ok := err.(ir.Diagnostics); ok {
			errs = append(errs, ds...)
		} else {
			errs = append(errs, ir.NewError(mod.Loc(), err.Error()))
		}
	}
	for op := body.First(); op != nil; op = op.Next() {
		if f, ok := llvm.AsFuncOp(op); ok {
			funcs = append(funcs, op)
			e.funcs[f.SymName()] = op
		} else if g, ok := llvm.AsMlirGlobalOp(op); ok {
			e.globals[g.SymName()] = op
		} else {
			if op.HasTrait(ir.IsTerminator) && op.NumOperands() == 0 {
				continue
			}
			fail(Errorf(op, "cannot be converted to PTX: only llvm.func and llvm.mlir.global may appear at the top of the module, found '%s'", op.Name()))
		}
	}
	if len(errs) > 0 {
		return "", errs
	}
	e.sharedAlign = sharedAlignments(funcs, e.globals)
	e.dynamicAlign = e.dynamicSharedAlign(body)
	for op := body.First(); op != nil; op = op.Next() {
		if _, ok := llvm.AsMlirGlobalOp(op); ok {
			if err := e.global(op); err != nil {
				fail(err)
			}
		}
	}
	// Declarations of the functions first, so that calls may precede
	// definitions.
	for _, fn := range funcs {
		f := llvm.FuncOp{Operation: fn}
		if f.Body().Empty() && !systemCalls[f.SymName()] || isKernel(fn) {
			continue
		}
		sig, err := e.signature(fn)
		if err != nil {
			fail(err)
			continue
		}
		fmt.Fprintf(&e.body, "%s;\n\n", sig)
	}
	for _, fn := range funcs {
		if (llvm.FuncOp{Operation: fn}).Body().Empty() {
			continue
		}
		if err := e.function(fn); err != nil {
			fail(err)
		}
	}
	if len(errs) > 0 {
		return "", errs
	}
	var out strings.Builder
	fmt.Fprintf(&out, "//\n// Generated by Strata\n//\n\n.version %d.%d\n.target %s\n.address_size 64\n\n", e.version/10, e.version%10, chip.Name)
	for i, f := range e.fileSeq {
		fmt.Fprintf(&out, ".file %d %s\n", i+1, strconv.Quote(f))
	}
	if len(e.fileSeq) > 0 {
		out.WriteString("\n")
	}
	out.WriteString(e.body.String())
	return out.String(), nil
}

// require checks that the target has feature f, raising the PTX version
// when f needs a newer one than the chip's.
func (e *module) require(op *ir.Operation, f Feature) error {
	if e.chip.SM < f.SM || f.Arch && !(e.chip.Arch && e.chip.SM == f.SM) {
		return Errorf(op, "%s needs %s or newer, but the target is %s", f.Name, f.chipName(), e.chip.Name)
	}
	if f.PTX > e.version {
		e.version = f.PTX
	}
	return nil
}

// fileIndex returns the .file number of path.
func (e *module) fileIndex(path string) int {
	if i, ok := e.files[path]; ok {
		return i
	}
	e.fileSeq = append(e.fileSeq, path)
	e.files[path] = len(e.fileSeq)
	return len(e.fileSeq)
}

// systemCalls are the functions that the CUDA driver's JIT provides to
// every PTX module (CUDA's device-side system calls): a module may
// declare and call them without defining them.
var systemCalls = map[string]bool{"vprintf": true, "malloc": true, "free": true, "__assertfail": true}

// isKernel reports whether a function is marked as a GPU kernel.
func isKernel(fn *ir.Operation) bool {
	return fn.Attr("gpu.kernel") != nil || fn.Attr("nvvm.kernel") != nil
}

// ptxName returns a symbol as PTX spells it: identifiers keep their
// name, other characters become '_' followed by their code.
func ptxName(s string) string {
	ok := func(i int, c byte) bool {
		return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9'
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if ok(i, s[i]) {
			b.WriteByte(s[i])
		} else {
			fmt.Fprintf(&b, "_$%d_", s[i])
		}
	}
	return b.String()
}

// stateSpace returns the PTX state space of an address space.
func stateSpace(as uint64) (string, bool) {
	switch as {
	case 0:
		return "", true
	case 1:
		return ".global", true
	case 3:
		return ".shared", true
	case 4:
		return ".const", true
	case 5:
		return ".local", true
	case 7:
		return ".shared::cluster", true
	}
	return "", false
}

// global declares an llvm.mlir.global: a .shared, .global or .const
// variable of bytes, with its initial value when it has one.
func (e *module) global(op *ir.Operation) error {
	g := llvm.MlirGlobalOp{Operation: op}
	gtype := g.GlobalType()
	if gtype == nil {
		return Errorf(op, "global without a type")
	}
	var as uint64
	if a, ok := op.InherentAttr("addr_space").(*ir.IntegerAttr); ok {
		as = a.Lo
	}
	space, ok := stateSpace(as)
	if !ok || as == 5 || as == 7 {
		return Errorf(op, "cannot emit a global in address space %d to PTX (want 0, 1, 3 or 4)", as)
	}
	if as == 0 {
		// A global of the generic address space lives in global memory,
		// as LLVM's NVPTX backend places it; its address is converted
		// to a generic one (lowerAddressOf).
		space = ".global"
	}
	size, align, err := layout(gtype)
	if err != nil {
		return Errorf(op, "%v", err)
	}
	if a, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok && int64(a.Lo) > align {
		align = int64(a.Lo)
	}
	align = max(align, e.sharedAlign[g.SymName()])
	name := ptxName(g.SymName())
	vis := ".visible "
	if l, ok := op.InherentAttr("linkage").(ir.DialectAttr); ok && strings.Contains(l.Body(), "internal") || strings.Contains(fmt.Sprint(op.InherentAttr("linkage")), "private") {
		vis = ""
	}
	if as == 3 {
		vis = ""
		// A zero-sized shared array is the dynamic shared memory given
		// at launch; all of them start there, with the alignment the
		// most demanding needs.
		if size == 0 {
			fmt.Fprintf(&e.body, ".extern .shared .align %d .b8 %s[];\n\n", e.dynamicAlign, name)
			return nil
		}
	}
	init := ""
	if v := op.InherentAttr("value"); v != nil && as != 3 {
		bytes, err := constantBytes(v, gtype)
		if err != nil {
			return Errorf(op, "%v", err)
		}
		parts := make([]string, len(bytes))
		for i, b := range bytes {
			parts[i] = strconv.Itoa(int(b))
		}
		init = " = {" + strings.Join(parts, ", ") + "}"
	} else if !op.Region(0).Empty() {
		return Errorf(op, "globals with an initializer region are not supported by the PTX emitter")
	}
	fmt.Fprintf(&e.body, "%s%s .align %d .b8 %s[%d]%s;\n\n", vis, space, align, name, size, init)
	return nil
}

// dynamicSharedAlign returns the alignment of the dynamic shared memory
// of the module body: the largest that a zero-sized shared array asks
// for or the async proxy needs of it (sharedAlign), and at least 16.
func (e *module) dynamicSharedAlign(body *ir.Block) int64 {
	align := int64(16)
	for op := body.First(); op != nil; op = op.Next() {
		g, ok := llvm.AsMlirGlobalOp(op)
		if !ok || globalAddrSpace(op) != 3 || g.GlobalType() == nil {
			continue
		}
		size, a, err := layout(g.GlobalType())
		if err != nil || size != 0 {
			continue
		}
		if attr, ok := op.InherentAttr("alignment").(*ir.IntegerAttr); ok {
			a = max(a, int64(attr.Lo))
		}
		align = max(align, a, e.sharedAlign[g.SymName()])
	}
	return align
}

// signature returns the .entry or .func line of a function, without its
// body.
func (e *module) signature(fn *ir.Operation) (string, error) {
	f := llvm.FuncOp{Operation: fn}
	ft, ok := f.FunctionType().(*llvm.FuncType)
	if !ok {
		return "", Errorf(fn, "function without an llvm function type")
	}
	if ft.VarArg {
		return "", Errorf(fn, "variadic functions cannot be emitted to PTX")
	}
	name := ptxName(f.SymName())
	kernel := isKernel(fn)
	var b strings.Builder
	if f.Linkage() == llvm.LinkageInternal || f.Linkage() == llvm.LinkagePrivate {
		b.WriteString("")
	} else if f.Body().Empty() {
		b.WriteString(".extern ")
	} else {
		b.WriteString(".visible ")
	}
	if kernel {
		if _, void := ft.Result.(*llvm.VoidType); !void {
			return "", Errorf(fn, "a kernel must return nothing")
		}
		b.WriteString(".entry ")
	} else {
		b.WriteString(".func ")
		if _, void := ft.Result.(*llvm.VoidType); !void {
			pt, err := paramType(ft.Result)
			if err != nil {
				return "", Errorf(fn, "%v", err)
			}
			fmt.Fprintf(&b, "(.param %s func_retval0) ", strings.Replace(pt, ".u", ".b", 1))
		}
	}
	b.WriteString(name)
	b.WriteString("(")
	for i, p := range ft.Params {
		pt, err := paramType(p)
		if err != nil {
			return "", Errorf(fn, "argument %d: %v", i, err)
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n\t.param %s %s_param_%d", pt, name, i)
	}
	if len(ft.Params) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(")")
	return b.String(), nil
}

// kernelDirectives returns the performance directives of a kernel from
// its nvvm attributes.
func kernelDirectives(fn *ir.Operation) string {
	var b strings.Builder
	for _, d := range []struct{ attr, dir string }{
		{"nvvm.maxntid", ".maxntid"}, {"nvvm.reqntid", ".reqntid"},
		{"nvvm.minctasm", ".minnctapersm"}, {"nvvm.maxnreg", ".maxnreg"},
	} {
		vals := intList(fn.Attr(d.attr))
		if len(vals) == 0 {
			continue
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = strconv.FormatInt(v, 10)
		}
		fmt.Fprintf(&b, "%s %s\n", d.dir, strings.Join(parts, ", "))
	}
	// A kernel launched in clusters of a fixed shape (sm_90).
	if dims := intList(fn.Attr("nvvm.cluster_dim")); len(dims) > 0 {
		parts := make([]string, len(dims))
		for i, v := range dims {
			parts[i] = strconv.FormatInt(v, 10)
		}
		fmt.Fprintf(&b, ".explicitcluster\n.reqnctapercluster %s\n", strings.Join(parts, ", "))
	}
	if n := intList(fn.Attr("nvvm.cluster_max_blocks")); len(n) == 1 {
		fmt.Fprintf(&b, ".maxclusterrank %d\n", n[0])
	}
	return b.String()
}

// intList reads an integer attribute, a dense i32 array or an array of
// integers.
func intList(a ir.Attribute) []int64 {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return []int64{int64(a.Lo)}
	case *ir.DenseArrayAttr:
		w := ir.IntOrFloatBitWidth(a.Elem) / 8
		if w == 0 {
			return nil
		}
		var out []int64
		for i := 0; i+w <= len(a.Data); i += w {
			var v uint64
			for k := w - 1; k >= 0; k-- {
				v = v<<8 | uint64(a.Data[i+k])
			}
			out = append(out, int64(v))
		}
		return out
	case *ir.ArrayAttr:
		var out []int64
		for _, e := range a.Elems {
			if i, ok := e.(*ir.IntegerAttr); ok {
				out = append(out, int64(i.Lo))
			}
		}
		return out
	}
	return nil
}

// nvvmTarget returns the first #nvvm.target of a gpu.module.
func nvvmTarget(mod *ir.Operation) *nvvm.TargetAttr {
	if a, ok := mod.InherentAttr("targets").(*ir.ArrayAttr); ok {
		for _, e := range a.Elems {
			if t, ok := e.(*nvvm.TargetAttr); ok {
				return t
			}
		}
	}
	return nil
}

// featurePTX returns the PTX version a target's features ask for
// ("+ptx80" is 80), or 0.
func featurePTX(features string) int {
	for _, f := range strings.Split(features, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(f), "+ptx"); ok {
			if n, err := strconv.Atoi(v); err == nil {
				return n
			}
		}
	}
	return 0
}
