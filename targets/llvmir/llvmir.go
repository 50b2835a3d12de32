// Package llvmir translates a module of the llvm dialect into LLVM IR text
// with github.com/llir/llvm, as mlir-translate --mlir-to-llvmir does.
//
// By default the output uses typed pointers, which LLVM up to version 16
// reads: an opaque `!llvm.ptr` becomes `i8*`, and loads, stores, allocas
// and GEPs bitcast to and from a pointer to their element type. With
// Options.OpaquePointers it is the IR of LLVM 17 and later instead:
// the module is built the same way and then rewritten structurally
// (opaque.go) so that every pointer is `ptr` or `ptr addrspace(N)` and
// the bitcasts between pointers disappear. Block arguments
// become phi nodes. Operations that have no translation are reported as
// located errors.
//
// The operations of function bodies are translated by the
// DialectTranslation registered for their dialect
// (RegisterDialectTranslation): this package registers the llvm
// dialect's; other packages register theirs, so that a new dialect's
// intrinsics need no change here.
package llvmir

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	sir "github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/translate"
)

// Translate converts module, a builtin.module of llvm dialect operations,
// into LLVM IR text.
func Translate(module *sir.Operation) (string, error) { return TranslateWith(module, Options{}) }

// Options are the module-level settings of a translation for a target.
type Options struct {
	// TargetTriple, when not empty, is the module's target triple.
	TargetTriple string
	// TargetCPU, when not empty, is the "target-cpu" attribute of every
	// function defined in the module.
	TargetCPU string
	// OpaquePointers writes the IR of LLVM 17 and later: pointers are
	// `ptr` and `ptr addrspace(N)`, without element types, and the
	// bitcasts between pointers disappear. Without it, the IR has LLVM
	// 16's typed pointers.
	OpaquePointers bool
}

// TranslateWith is Translate with a target's settings. module may be any
// operation with one region whose block holds llvm.func and
// llvm.mlir.global operations (a builtin.module, a gpu.module).
func TranslateWith(module *sir.Operation, opts Options) (string, error) {
	t := &ModuleTranslation{
		m:      ir.NewModule(),
		funcs:  map[string]*ir.Func{},
		global: map[string]*ir.Global{},
		opaque: opts.OpaquePointers,
	}
	t.m.TargetTriple = opts.TargetTriple
	if err := t.module(module); err != nil {
		return "", err
	}
	if opts.TargetCPU != "" {
		for _, f := range t.m.Funcs {
			if len(f.Blocks) > 0 {
				f.FuncAttrs = append(f.FuncAttrs, ir.AttrPair{Key: "target-cpu", Value: opts.TargetCPU})
			}
		}
	}
	if opts.OpaquePointers {
		if err := opaquePointers(t.m); err != nil {
			return "", sir.NewError(module.Loc(), err.Error())
		}
	}
	return t.m.String(), nil
}

type ModuleTranslation struct {
	m      *ir.Module
	funcs  map[string]*ir.Func
	global map[string]*ir.Global
	intrs  map[string]*ir.Func
	// opaque is Options.OpaquePointers: intrinsics overloaded on a
	// pointer are named after its address space alone (p0, not p0i8).
	opaque bool

	// Per function.
	fn     *ir.Func
	values map[sir.Value]value.Value
	blocks map[*sir.Block]*ir.Block
	phis   map[*sir.Block][]*ir.InstPhi
}

var i8ptr = types.NewPointer(types.I8)

// errorf returns a located error for op.
func errorf(op *sir.Operation, format string, args ...any) error {
	return sir.NewError(op.Loc(), fmt.Sprintf(format, args...))
}

// typ converts an MLIR type to an LLVM type.
func (t *ModuleTranslation) typ(mt sir.Type) (types.Type, error) {
	switch x := mt.(type) {
	case *sir.IntegerType:
		return types.NewInt(uint64(x.Width)), nil
	case *sir.IndexType:
		return types.I64, nil
	case *sir.FloatType:
		switch x.Kind {
		case sir.F16:
			return types.Half, nil
		case sir.BF16:
			return bfloat, nil
		case sir.F32:
			return types.Float, nil
		case sir.F64:
			return types.Double, nil
		case sir.F80:
			return types.X86_FP80, nil
		case sir.F128:
			return types.FP128, nil
		}
	case *llvm.PointerType:
		if x.AddrSpace != 0 {
			p := types.NewPointer(types.I8)
			p.AddrSpace = types.AddrSpace(x.AddrSpace)
			return p, nil
		}
		return i8ptr, nil
	case *llvm.VoidType:
		return types.Void, nil
	case *llvm.ArrayType:
		e, err := t.typ(x.Elem)
		if err != nil {
			return nil, err
		}
		return types.NewArray(x.Len, e), nil
	case *llvm.StructType:
		fields := make([]types.Type, len(x.Fields))
		for i, f := range x.Fields {
			ft, err := t.typ(f)
			if err != nil {
				return nil, err
			}
			fields[i] = ft
		}
		s := types.NewStruct(fields...)
		s.Packed = x.Packed
		return s, nil
	case *llvm.FuncType:
		return t.funcType(x)
	case *sir.VectorType:
		if len(x.Shape) == 1 && (len(x.Scalable) == 0 || !x.Scalable[0]) {
			e, err := t.typ(x.Elem)
			if err != nil {
				return nil, err
			}
			return types.NewVector(uint64(x.Shape[0]), e), nil
		}
	}
	return nil, fmt.Errorf("cannot translate type '%s' to LLVM IR", typeString(mt))
}

func typeString(t sir.Type) string {
	if d, ok := t.(sir.DialectType); ok {
		return "!" + d.DialectName() + "." + d.Body()
	}
	switch x := t.(type) {
	case *sir.IntegerType:
		return "i" + strconv.Itoa(int(x.Width))
	case *sir.FloatType:
		return x.Kind.String()
	case *sir.IndexType:
		return "index"
	}
	return fmt.Sprintf("%T", t)
}

func (t *ModuleTranslation) funcType(ft *llvm.FuncType) (*types.FuncType, error) {
	ret, err := t.typ(ft.Result)
	if err != nil {
		return nil, err
	}
	params := make([]types.Type, len(ft.Params))
	for i, p := range ft.Params {
		if params[i], err = t.typ(p); err != nil {
			return nil, err
		}
	}
	f := types.NewFunc(ret, params...)
	f.Variadic = ft.VarArg
	return f, nil
}

func linkage(l llvm.Linkage) enum.Linkage {
	switch l {
	case llvm.LinkagePrivate:
		return enum.LinkagePrivate
	case llvm.LinkageInternal:
		return enum.LinkageInternal
	case llvm.LinkageAvailableExternally:
		return enum.LinkageAvailableExternally
	case llvm.LinkageLinkonce:
		return enum.LinkageLinkOnce
	case llvm.LinkageWeak:
		return enum.LinkageWeak
	case llvm.LinkageCommon:
		return enum.LinkageCommon
	case llvm.LinkageAppending:
		return enum.LinkageAppending
	case llvm.LinkageExternWeak:
		return enum.LinkageExternWeak
	case llvm.LinkageLinkonceOdr:
		return enum.LinkageLinkOnceODR
	case llvm.LinkageWeakOdr:
		return enum.LinkageWeakODR
	}
	return enum.LinkageNone
}

func (t *ModuleTranslation) module(mod *sir.Operation) error {
	if mod.NumRegions() != 1 {
		return errorf(mod, "expected a module with one region")
	}
	body := mod.Region(0).First()
	if body == nil {
		return nil
	}
	// Declare every function and global first, so that bodies may refer
	// to symbols defined later.
	for op := body.First(); op != nil; op = op.Next() {
		switch op.Name() {
		case llvm.FuncOpName:
			f := llvm.FuncOp{Operation: op}
			ft := llvm.FunctionTypeOf(op)
			if ft == nil {
				return errorf(op, "llvm.func without an LLVM function type")
			}
			sig, err := t.funcType(ft)
			if err != nil {
				return errorf(op, "%v", err)
			}
			params := make([]*ir.Param, len(sig.Params))
			for i, p := range sig.Params {
				params[i] = ir.NewParam("", p)
			}
			fn := t.m.NewFunc(f.SymName(), sig.RetType, params...)
			fn.Sig.Variadic = ft.VarArg
			if !op.Region(0).Empty() || f.Linkage() != llvm.LinkageExternal {
				fn.Linkage = linkage(f.Linkage())
			}
			t.funcs[f.SymName()] = fn
			if err := t.amendFunction(op, fn); err != nil {
				return err
			}
		case llvm.MlirGlobalOpName:
			if err := t.declareGlobal(op); err != nil {
				return err
			}
		case "llvm.mlir.global_ctors", "llvm.mlir.global_dtors":
			return errorf(op, "unsupported operation '%s' in LLVM IR translation", op.Name())
		default:
			if strings.HasPrefix(op.Name(), "llvm.") {
				return errorf(op, "unsupported operation '%s' at module level in LLVM IR translation", op.Name())
			}
			return errorf(op, "cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: %s", op.Name())
		}
	}
	for op := body.First(); op != nil; op = op.Next() {
		if f, ok := llvm.AsFuncOp(op); ok && !f.Region(0).Empty() {
			if err := t.function(op); err != nil {
				return err
			}
		}
	}
	return nil
}

// amendFunction hands each discardable attribute of an llvm.func to the
// translation of the dialect that prefixes its name, when that
// translation amends functions.
func (t *ModuleTranslation) amendFunction(op *sir.Operation, fn *ir.Func) error {
	attrs := op.Attrs()
	if attrs == nil {
		return nil
	}
	for _, a := range attrs.Entries {
		ns, _, ok := strings.Cut(a.Name, ".")
		if !ok {
			continue
		}
		tr, ok := LookupDialectTranslation(ns)
		if !ok {
			continue
		}
		if ft, ok := tr.(FunctionAttributeTranslation); ok {
			if err := ft.AmendFunction(op, a, fn, t); err != nil {
				return err
			}
		}
	}
	return nil
}

func (t *ModuleTranslation) declareGlobal(op *sir.Operation) error {
	g := llvm.MlirGlobalOp{Operation: op}
	gtype := g.GlobalType()
	if gtype == nil {
		return errorf(op, "llvm.mlir.global without a type")
	}
	gt, err := t.typ(gtype)
	if err != nil {
		return errorf(op, "%v", err)
	}
	var gl *ir.Global
	switch {
	case g.Value() != nil:
		init, err := t.constant(g.Value(), gtype, gt)
		if err != nil {
			return errorf(op, "%v", err)
		}
		gl = t.m.NewGlobalDef(g.SymName(), init)
	case !op.Region(0).Empty():
		init, err := t.initializerRegion(op)
		if err != nil {
			return err
		}
		gl = t.m.NewGlobalDef(g.SymName(), init)
	case g.Linkage() == llvm.LinkageExternal || g.Linkage() == llvm.LinkageExternWeak:
		gl = t.m.NewGlobal(g.SymName(), gt)
	default:
		gl = t.m.NewGlobalDef(g.SymName(), constant.NewUndef(gt))
	}
	gl.Immutable = g.Constant()
	if as := g.AddrSpace(); as != 0 {
		// Workgroup memory (LDS, shared memory) is address space 3.
		gl.AddrSpace = types.AddrSpace(as)
		gl.Typ = types.NewPointer(gt)
		gl.Typ.AddrSpace = gl.AddrSpace
	}
	if gl.Init != nil || g.Linkage() != llvm.LinkageExternal {
		gl.Linkage = linkage(g.Linkage())
	}
	if gl.Linkage == enum.LinkageExternal {
		gl.Linkage = enum.LinkageNone
	}
	if a, ok := g.Alignment(); ok {
		gl.Align = ir.Align(a)
	}
	t.global[g.SymName()] = gl
	return nil
}

// initializerRegion evaluates an initializer region made of constants and
// aggregate insertions.
func (t *ModuleTranslation) initializerRegion(op *sir.Operation) (constant.Constant, error) {
	vals := map[sir.Value]constant.Constant{}
	for o := op.Region(0).First().First(); o != nil; o = o.Next() {
		switch o.Name() {
		case llvm.ReturnOpName:
			if o.NumOperands() == 1 {
				if c, ok := vals[o.Operand(0)]; ok {
					return c, nil
				}
			}
			return nil, errorf(o, "unsupported global initializer")
		case llvm.MlirConstantOpName, llvm.MlirUndefOpName, llvm.MlirPoisonOpName, llvm.MlirZeroOpName, llvm.MlirAddressofOpName:
			v, err := t.constantOp(o)
			if err != nil {
				return nil, err
			}
			vals[o.Result(0)] = v
		default:
			return nil, errorf(o, "unsupported operation '%s' in a global initializer", o.Name())
		}
	}
	return nil, errorf(op, "global initializer without llvm.return")
}

// constantOp translates the constant-like operations.
func (t *ModuleTranslation) constantOp(o *sir.Operation) (constant.Constant, error) {
	rt := o.Result(0).Type()
	lt, err := t.typ(rt)
	if err != nil {
		return nil, errorf(o, "%v", err)
	}
	switch o.Name() {
	case llvm.MlirConstantOpName:
		c, err := t.constant(llvm.MlirConstantOp{Operation: o}.Value(), rt, lt)
		if err != nil {
			return nil, errorf(o, "%v", err)
		}
		return c, nil
	case llvm.MlirUndefOpName:
		return constant.NewUndef(lt), nil
	case llvm.MlirPoisonOpName:
		return constant.NewPoison(lt), nil
	case llvm.MlirZeroOpName:
		if p, ok := lt.(*types.PointerType); ok {
			return constant.NewNull(p), nil
		}
		return constant.NewZeroInitializer(lt), nil
	case llvm.MlirAddressofOpName:
		name := llvm.MlirAddressofOp{Operation: o}.GlobalName()
		if g, ok := t.global[name]; ok {
			return constant.NewBitCast(g, lt), nil
		}
		if f, ok := t.funcs[name]; ok {
			return constant.NewBitCast(f, lt), nil
		}
		return nil, errorf(o, "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'")
	}
	return nil, errorf(o, "not a constant")
}

// scalar converts an integer or float attribute to a constant of lt.
func scalar(a sir.Attribute, lt types.Type) (constant.Constant, error) {
	switch v := a.(type) {
	case *sir.IntegerAttr:
		it, ok := lt.(*types.IntType)
		if !ok {
			return nil, fmt.Errorf("integer attribute for a non-integer type")
		}
		if v.Big != nil {
			c, err := constant.NewIntFromString(it, v.Big.String())
			if err != nil {
				return nil, err
			}
			return c, nil
		}
		x := v.Lo
		if it.BitSize < 64 && it.BitSize > 0 {
			shift := 64 - it.BitSize
			x = uint64(int64(x<<shift) >> shift)
		}
		if it.BitSize == 1 {
			return constant.NewBool(x&1 != 0), nil
		}
		return constant.NewInt(it, int64(x)), nil
	case *sir.FloatAttr:
		if v.Type.Kind == sir.BF16 {
			return &bfloatConst{bits: uint16(v.Bits[0])}, nil
		}
		ft, ok := lt.(*types.FloatType)
		if !ok {
			return nil, fmt.Errorf("float attribute for a non-float type")
		}
		switch v.Type.Kind {
		case sir.F16:
			return constant.NewFloat(ft, halfToFloat(uint16(v.Bits[0]))), nil
		case sir.F32:
			return constant.NewFloat(ft, float64(math.Float32frombits(uint32(v.Bits[0])))), nil
		case sir.F64:
			return constant.NewFloat(ft, math.Float64frombits(v.Bits[0])), nil
		}
		return nil, fmt.Errorf("unsupported float constant of type %s", v.Type.Kind)
	}
	return nil, fmt.Errorf("unsupported constant attribute")
}

// constant converts an attribute to an LLVM constant of type lt (the
// translation of mt).
func (t *ModuleTranslation) constant(a sir.Attribute, mt sir.Type, lt types.Type) (constant.Constant, error) {
	switch v := a.(type) {
	case *sir.StringAttr:
		return constant.NewCharArrayFromString(v.Value), nil
	case *sir.DenseElementsAttr:
		return denseConstant(v, lt)
	}
	return scalar(a, lt)
}

// denseConstant converts a dense attribute to an array or vector constant;
// nested arrays (of a multi-dimensional value) take the elements in
// row-major order.
func denseConstant(d *sir.DenseElementsAttr, lt types.Type) (constant.Constant, error) {
	leaf := lt
	total := uint64(1)
	for {
		switch x := leaf.(type) {
		case *types.ArrayType:
			total *= x.Len
			leaf = x.ElemType
			continue
		case *types.VectorType:
			total *= x.Len
			leaf = x.ElemType
			continue
		}
		break
	}
	if leaf == lt {
		return nil, fmt.Errorf("dense constant for a non-aggregate type")
	}
	elems, err := denseElements(d, leaf, total)
	if err != nil {
		return nil, err
	}
	c, rest := nestConstant(lt, elems)
	if len(rest) != 0 {
		return nil, fmt.Errorf("dense constant does not match its type")
	}
	return c, nil
}

// nestConstant builds a constant of type lt from the front of elems and
// returns the elements left.
func nestConstant(lt types.Type, elems []constant.Constant) (constant.Constant, []constant.Constant) {
	switch x := lt.(type) {
	case *types.ArrayType:
		cs := make([]constant.Constant, x.Len)
		for i := range cs {
			cs[i], elems = nestConstant(x.ElemType, elems)
		}
		return constant.NewArray(x, cs...), elems
	case *types.VectorType:
		cs := make([]constant.Constant, x.Len)
		for i := range cs {
			cs[i], elems = nestConstant(x.ElemType, elems)
		}
		return constant.NewVector(x, cs...), elems
	}
	if len(elems) == 0 {
		return constant.NewZeroInitializer(lt), nil
	}
	return elems[0], elems[1:]
}

// denseElements decodes the n elements of d as constants of elemLT.
func denseElements(d *sir.DenseElementsAttr, elemLT types.Type, n uint64) ([]constant.Constant, error) {
	et := d.Type.ElementType()
	var width int
	switch e := et.(type) {
	case *sir.IntegerType:
		width = int(e.Width)
	case *sir.FloatType:
		width = e.Width()
	case *sir.IndexType:
		width = 64
	case *sir.ComplexType:
		return denseComplexElements(d, e, elemLT, n)
	default:
		return nil, fmt.Errorf("unsupported dense element type")
	}
	size := (width + 7) / 8
	if width == 1 {
		size = 1
	}
	elems := make([]constant.Constant, n)
	for i := range elems {
		at := i * size
		if d.Splat {
			at = 0
		}
		var bits uint64
		for j := 0; j < size && j < 8 && at+j < len(d.Data); j++ {
			bits |= uint64(d.Data[at+j]) << (8 * j)
		}
		if width == 1 {
			// Booleans are stored one byte each.
			bits &= 1
		}
		var c constant.Constant
		switch e := et.(type) {
		case *sir.FloatType:
			fc, err := floatElement(e, bits, elemLT)
			if err != nil {
				return nil, err
			}
			c = fc
		default:
			it, ok := elemLT.(*types.IntType)
			if !ok {
				return nil, fmt.Errorf("integer elements for a non-integer type")
			}
			if it.BitSize < 64 {
				shift := 64 - it.BitSize
				bits = uint64(int64(bits<<shift) >> shift)
			}
			if it.BitSize == 1 {
				c = constant.NewBool(bits&1 != 0)
			} else {
				c = constant.NewInt(it, int64(bits))
			}
		}
		elems[i] = c
	}
	return elems, nil
}

// floatElement is the constant of type lt (the translation of e) of the
// bit pattern bits of float type e.
func floatElement(e *sir.FloatType, bits uint64, lt types.Type) (constant.Constant, error) {
	if e.Kind == sir.BF16 {
		return &bfloatConst{bits: uint16(bits)}, nil
	}
	ft, ok := lt.(*types.FloatType)
	if !ok {
		return nil, fmt.Errorf("float elements for a non-float type")
	}
	switch e.Kind {
	case sir.F16:
		return constant.NewFloat(ft, halfToFloat(uint16(bits))), nil
	case sir.F32:
		return constant.NewFloat(ft, float64(math.Float32frombits(uint32(bits)))), nil
	case sir.F64:
		return constant.NewFloat(ft, math.Float64frombits(bits)), nil
	}
	return nil, fmt.Errorf("unsupported dense float type")
}

// denseComplexElements decodes the n complex elements of d (each its real
// part then its imaginary part) as constants of the struct type elemLT,
// the translation of !llvm.struct<(T, T)>.
func denseComplexElements(d *sir.DenseElementsAttr, c *sir.ComplexType, elemLT types.Type, n uint64) ([]constant.Constant, error) {
	e, ok := c.Elem.(*sir.FloatType)
	if !ok {
		return nil, fmt.Errorf("unsupported dense element type")
	}
	st, ok := elemLT.(*types.StructType)
	if !ok || len(st.Fields) != 2 {
		return nil, fmt.Errorf("complex elements for a type other than a struct of two fields")
	}
	size := (e.Width() + 7) / 8
	if size > 8 {
		return nil, fmt.Errorf("unsupported dense float type")
	}
	part := func(at int) uint64 {
		var bits uint64
		for j := 0; j < size && at+j < len(d.Data); j++ {
			bits |= uint64(d.Data[at+j]) << (8 * j)
		}
		return bits
	}
	elems := make([]constant.Constant, n)
	for i := range elems {
		at := i * 2 * size
		if d.Splat {
			at = 0
		}
		re, err := floatElement(e, part(at), st.Fields[0])
		if err != nil {
			return nil, err
		}
		im, err := floatElement(e, part(at+size), st.Fields[1])
		if err != nil {
			return nil, err
		}
		elems[i] = constant.NewStruct(st, re, im)
	}
	return elems, nil
}

// halfToFloat decodes an IEEE half-precision value.
func halfToFloat(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	frac := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 0x1f:
		if frac != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1+frac/1024, exp-15)
}

func init() {
	translate.Register(translate.Translation{Name: "mlir-to-llvmir", Summary: "Translate MLIR to LLVMIR",
		Translate: func(module *sir.Operation, w io.Writer) error {
			text, err := Translate(module)
			if err != nil {
				return err
			}
			_, err = io.WriteString(w, text)
			return err
		}})
}
