package ptx

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// Class is a PTX register class.
type Class int

// The register classes. 8- and 16-bit integers, f16 and bf16 live in
// 16-bit registers, pointers in 64-bit ones.
const (
	Pred Class = iota
	B16
	B32
	B64
	F32
	F64
	numClasses
)

var classInfo = [numClasses]struct{ decl, prefix, mov string }{
	{".pred", "%p", "mov.pred"},
	{".b16", "%rs", "mov.b16"},
	{".b32", "%r", "mov.b32"},
	{".b64", "%rd", "mov.b64"},
	{".f32", "%f", "mov.f32"},
	{".f64", "%fd", "mov.f64"},
}

// ClassOf returns the register class of a scalar type.
func ClassOf(t ir.Type) (Class, error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Width {
		case 1:
			return Pred, nil
		case 8, 16:
			return B16, nil
		case 32:
			return B32, nil
		case 64:
			return B64, nil
		}
	case *ir.IndexType:
		return B64, nil
	case *llvm.PointerType:
		return B64, nil
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.BF16:
			return B16, nil
		case ir.F32:
			return F32, nil
		case ir.F64:
			return F64, nil
		}
	}
	return 0, fmt.Errorf("type '%s' has no PTX register class", typeString(t))
}

// Leaves returns the scalar types of a type in order: the type itself for
// a scalar, the fields of structs and the elements of arrays and vectors,
// recursively.
func Leaves(t ir.Type) ([]ir.Type, error) {
	switch t := t.(type) {
	case *llvm.StructType:
		var out []ir.Type
		for _, f := range t.Fields {
			l, err := Leaves(f)
			if err != nil {
				return nil, err
			}
			out = append(out, l...)
		}
		return out, nil
	case *llvm.ArrayType:
		l, err := Leaves(t.Elem)
		if err != nil {
			return nil, err
		}
		var out []ir.Type
		for i := uint64(0); i < t.Len; i++ {
			out = append(out, l...)
		}
		return out, nil
	case *ir.VectorType:
		if len(t.Shape) != 1 || len(t.Scalable) > 0 && t.Scalable[0] {
			return nil, fmt.Errorf("type '%s' is not a fixed 1-d vector", typeString(t))
		}
		var out []ir.Type
		for i := int64(0); i < t.Shape[0]; i++ {
			out = append(out, t.Elem)
		}
		return out, nil
	}
	if _, err := ClassOf(t); err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

// Func is the emission state of one function, through which operations'
// lowerings read and define registers and append instructions.
type Func struct {
	m      *module
	op     *ir.Operation
	name   string
	index  int
	kernel bool
	regs   map[ir.Value][]string
	counts [numClasses]int
	body   strings.Builder
	labels map[*ir.Block]string
	edges  int
	// loc is the last .loc written, pending the location of the
	// operation being emitted, written before its first instruction.
	loc, pending [3]int
	// depot is the size of the function's local memory (its allocas),
	// depotAlign its alignment.
	depot, depotAlign int64
	// words holds, for pairs of 16-bit registers that a load unpacked
	// from one 32-bit word ("lo|hi"), that word: a bitcast that packs
	// them again reuses it.
	words map[string]string
	// globals holds the pointers globalAddress decided.
	globals map[ir.Value]bool
}

// unpacked records that 16-bit registers lo and hi were unpacked from
// 32-bit register w.
func (f *Func) unpacked(lo, hi, w string) {
	if f.words == nil {
		f.words = map[string]string{}
	}
	f.words[lo+"|"+hi] = w
}

// Local reserves size bytes of the function's local memory aligned to
// align and returns the offset of the reservation in the depot.
func (f *Func) Local(size, align int64) int64 {
	if align < 1 {
		align = 1
	}
	off := (f.depot + align - 1) / align * align
	f.depot = off + size
	f.depotAlign = max(f.depotAlign, align)
	return off
}

// DepotName is the .local array that holds the function's allocas.
func (f *Func) DepotName() string { return fmt.Sprintf("__local_depot%d", f.index) }

// function emits one function with a body.
func (e *module) function(fn *ir.Operation) error {
	sig, err := e.signature(fn)
	if err != nil {
		return err
	}
	f := &Func{m: e, op: fn, name: ptxName(llvm.FuncOp{Operation: fn}.SymName()), kernel: isKernel(fn),
		regs: map[ir.Value][]string{}, labels: map[*ir.Block]string{}, index: e.funcIndex}
	e.funcIndex++
	region := llvm.FuncOp{Operation: fn}.Body()
	blocks := region.Blocks()
	for i, b := range blocks {
		if i > 0 {
			f.labels[b] = fmt.Sprintf("$L__BB%d_%d", f.index, i)
			for _, a := range b.Arguments() {
				if _, err := f.Def(a); err != nil {
					return Errorf(fn, "block argument: %v", err)
				}
			}
		}
	}
	// The parameters.
	entry := blocks[0]
	for i, a := range entry.Arguments() {
		pt, err := paramType(a.Type())
		if err != nil {
			return Errorf(fn, "argument %d: %v", i, err)
		}
		r, err := f.DefReg(a)
		if err != nil {
			return Errorf(fn, "argument %d: %v", i, err)
		}
		param := fmt.Sprintf("%s_param_%d", f.name, i)
		if c, _ := ClassOf(a.Type()); c == Pred {
			t := f.NewReg(B16)
			f.Emit("ld.param.u8 %s, [%s];", t, param)
			f.Emit("and.b16 %s, %s, 1;", t, t)
			f.Emit("setp.eq.b16 %s, %s, 1;", r, t)
			continue
		}
		f.Emit("ld.param%s %s, [%s];", pt, r, param)
	}
	var errs ir.Diagnostics
	for i, b := range blocks {
		if i > 0 {
			fmt.Fprintf(&f.body, "%s:\n", f.labels[b])
		}
		for op := b.First(); op != nil; op = op.Next() {
			if err := f.emitOp(op); err != nil {
				if d, ok := err.(*ir.Diagnostic); ok {
					errs = append(errs, d)
				} else if ds, ok := err.(ir.Diagnostics); ok {
					errs = append(errs, ds...)
				} else {
					errs = append(errs, ir.NewError(op.Loc(), err.Error()))
				}
			}
		}
	}
	if f.kernel && fn.Attr("nvvm.cluster_dim") != nil && fn.Attr("nvvm.cluster_max_blocks") != nil {
		errs = append(errs, ir.NewError(fn.Loc(), "a kernel cannot have both nvvm.cluster_dim and nvvm.cluster_max_blocks in PTX (.reqnctapercluster and .maxclusterrank)"))
	}
	if len(errs) > 0 {
		return errs
	}
	fmt.Fprintf(&e.body, "%s\n", sig)
	if f.kernel {
		e.body.WriteString(kernelDirectives(fn))
	}
	e.body.WriteString("{\n")
	if f.depot > 0 {
		fmt.Fprintf(&e.body, "\t.local .align %d .b8 \t%s[%d];\n", f.depotAlign, f.DepotName(), f.depot)
	}
	for c := Class(0); c < numClasses; c++ {
		if f.counts[c] > 0 {
			fmt.Fprintf(&e.body, "\t.reg %s \t%s<%d>;\n", classInfo[c].decl, classInfo[c].prefix, f.counts[c]+1)
		}
	}
	e.body.WriteString("\n")
	e.body.WriteString(f.body.String())
	e.body.WriteString("}\n\n")
	return nil
}

// emitOp emits one operation through its Lowering, preceded by a .loc
// directive when its source line changes.
func (f *Func) emitOp(op *ir.Operation) error {
	if !f.m.opts.NoLineInfo {
		if fl := fileLoc(op.Loc()); fl != nil {
			idx := f.m.fileIndex(fl.File)
			loc := [3]int{idx, int(fl.Line), int(fl.Col)}
			f.pending = loc
		}
	}
	l, ok := LoweringOp.Of(op)
	if !ok {
		return Errorf(op, "cannot be converted to PTX: no PTX lowering for '%s'", op.Name())
	}
	return l.EmitPTX(f, op)
}

// fileLoc returns the file location a location refers to: itself, the
// child of a name, the callee of a call site or the first of a fusion.
func fileLoc(l ir.Location) *ir.FileLineColLoc {
	switch l := l.(type) {
	case *ir.FileLineColLoc:
		return l
	case *ir.NameLoc:
		return fileLoc(l.Child)
	case *ir.CallSiteLoc:
		if fl := fileLoc(l.Callee); fl != nil {
			return fl
		}
		return fileLoc(l.Caller)
	case *ir.FusedLoc:
		for _, s := range l.Locs {
			if fl := fileLoc(s); fl != nil {
				return fl
			}
		}
	}
	return nil
}

// Chip returns the target chip.
func (f *Func) Chip() Chip { return f.m.chip }

// Require checks that the target has the feature, or returns a located
// error at op naming the chip it needs.
func (f *Func) Require(op *ir.Operation, feat Feature) error { return f.m.require(op, feat) }

// NewReg returns a fresh register of class c.
func (f *Func) NewReg(c Class) string {
	f.counts[c]++
	return fmt.Sprintf("%s%d", classInfo[c].prefix, f.counts[c])
}

// Emit appends one instruction (a format and its arguments).
func (f *Func) Emit(format string, args ...any) {
	if f.pending != f.loc && f.pending[0] != 0 {
		f.loc = f.pending
		fmt.Fprintf(&f.body, "\t.loc %d %d %d\n", f.loc[0], f.loc[1], f.loc[2])
	}
	f.body.WriteString("\t")
	fmt.Fprintf(&f.body, format, args...)
	f.body.WriteString("\n")
}

// EmitRaw appends text as it is (a label, a scope brace).
func (f *Func) EmitRaw(s string) { f.body.WriteString(s) }

// Def allocates the registers of a value (one per leaf of its type) and
// returns them; a value defined again keeps its registers.
func (f *Func) Def(v ir.Value) ([]string, error) {
	if r, ok := f.regs[v]; ok {
		return r, nil
	}
	leaves, err := Leaves(v.Type())
	if err != nil {
		return nil, err
	}
	regs := make([]string, len(leaves))
	for i, l := range leaves {
		c, _ := ClassOf(l)
		regs[i] = f.NewReg(c)
	}
	f.regs[v] = regs
	return regs, nil
}

// DefReg is Def for a value of scalar type.
func (f *Func) DefReg(v ir.Value) (string, error) {
	r, err := f.Def(v)
	if err != nil {
		return "", err
	}
	if len(r) != 1 {
		return "", fmt.Errorf("expected a scalar, got '%s'", typeString(v.Type()))
	}
	return r[0], nil
}

// Alias makes regs the registers of v without instructions (an
// aggregate built or taken apart, an address with no offset); when v
// already has registers (it was used before its definition in block
// order), moves copy regs into them.
func (f *Func) Alias(v ir.Value, regs []string) error {
	if old, ok := f.regs[v]; ok {
		leaves, err := Leaves(v.Type())
		if err != nil {
			return err
		}
		for i := range old {
			if old[i] != regs[i] {
				c, _ := ClassOf(leaves[i])
				f.Emit("%s %s, %s;", classInfo[c].mov, old[i], regs[i])
			}
		}
		return nil
	}
	f.regs[v] = regs
	return nil
}

// Src returns the registers of operand i of op.
func (f *Func) Src(op *ir.Operation, i int) ([]string, error) {
	v := op.Operand(i)
	if r, ok := f.regs[v]; ok {
		return r, nil
	}
	// A value used before its definition in block order (a block that
	// dominates later in the region): its registers are allocated now
	// and defined when its operation is emitted.
	r, err := f.Def(v)
	if err != nil {
		return nil, Errorf(op, "operand %d: %v", i, err)
	}
	return r, nil
}

// Reg returns the register of scalar operand i of op.
func (f *Func) Reg(op *ir.Operation, i int) (string, error) {
	r, err := f.Src(op, i)
	if err != nil {
		return "", err
	}
	if len(r) != 1 {
		return "", Errorf(op, "operand %d: expected a scalar, got '%s'", i, typeString(op.Operand(i).Type()))
	}
	return r[0], nil
}

// Label returns the label of a block.
func (f *Func) Label(b *ir.Block) string { return f.labels[b] }

// move is one register copy of a parallel move.
type move struct {
	dst, src string
	c        Class
}

// Branch assigns operands to the arguments of dest with a parallel move
// and jumps to it.
func (f *Func) Branch(op *ir.Operation, dest *ir.Block, operands []ir.Value) error {
	if err := f.assign(op, dest, operands); err != nil {
		return err
	}
	f.Emit("bra.uni %s;", f.labels[dest])
	return nil
}

// assign copies operands into the registers of dest's arguments, as one
// parallel move.
func (f *Func) assign(op *ir.Operation, dest *ir.Block, operands []ir.Value) error {
	if dest.IsEntry() {
		return Errorf(op, "branch to the entry block")
	}
	if len(operands) != dest.NumArguments() {
		return Errorf(op, "branch passes %d operands to a block of %d arguments", len(operands), dest.NumArguments())
	}
	var moves []move
	for i, v := range operands {
		src, ok := f.regs[v]
		if !ok {
			var err error
			if src, err = f.Def(v); err != nil {
				return Errorf(op, "%v", err)
			}
		}
		dst := f.regs[dest.Argument(i)]
		leaves, _ := Leaves(v.Type())
		for k := range dst {
			if dst[k] != src[k] {
				c, _ := ClassOf(leaves[k])
				moves = append(moves, move{dst[k], src[k], c})
			}
		}
	}
	// Sources that a move overwrites are saved first.
	written := map[string]bool{}
	for _, m := range moves {
		written[m.dst] = true
	}
	saved := map[string]string{}
	for _, m := range moves {
		if written[m.src] {
			if _, ok := saved[m.src]; !ok {
				t := f.NewReg(m.c)
				f.Emit("%s %s, %s;", classInfo[m.c].mov, t, m.src)
				saved[m.src] = t
			}
		}
	}
	for _, m := range moves {
		src := m.src
		if t, ok := saved[src]; ok {
			src = t
		}
		f.Emit("%s %s, %s;", classInfo[m.c].mov, m.dst, src)
	}
	return nil
}

// CondBranch branches to t or e on the predicate register p, with the
// operands of each edge.
func (f *Func) CondBranch(op *ir.Operation, p string, t *ir.Block, tOps []ir.Value, e *ir.Block, eOps []ir.Value) error {
	if len(tOps) == 0 {
		f.Emit("@%s bra %s;", p, f.labels[t])
		return f.Branch(op, e, eOps)
	}
	f.edges++
	edge := fmt.Sprintf("$L__edge%d_%d", f.index, f.edges)
	f.Emit("@!%s bra %s;", p, edge)
	if err := f.Branch(op, t, tOps); err != nil {
		return err
	}
	f.EmitRaw(edge + ":\n")
	return f.Branch(op, e, eOps)
}

// paramType returns the .param type of a scalar argument.
func paramType(t ir.Type) (string, error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Width {
		case 1, 8:
			return ".u8", nil
		case 16:
			return ".u16", nil
		case 32:
			return ".u32", nil
		case 64:
			return ".u64", nil
		}
	case *ir.IndexType, *llvm.PointerType:
		return ".u64", nil
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.BF16:
			return ".b16", nil
		case ir.F32:
			return ".f32", nil
		case ir.F64:
			return ".f64", nil
		}
	}
	return "", fmt.Errorf("type '%s' cannot be passed as a PTX parameter (pass aggregates unpacked)", typeString(t))
}
