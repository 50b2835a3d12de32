package nvvm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// The verifiers of upstream's NVVMDialect.cpp, with its messages.

func opErr(op *ir.Operation, format string, args ...any) error {
	return ir.OpError(op, fmt.Sprintf(format, args...))
}

func plainErr(op *ir.Operation, format string, args ...any) error {
	return ir.EmitError(op, fmt.Sprintf(format, args...))
}

// quoted is a type as MLIR streams it into a diagnostic.
func quoted(t ir.Type) string { return "'" + asm.TypeString(t) + "'" }

func addressSpace(t ir.Type) (uint64, bool) {
	p, ok := t.(*llvm.PointerType)
	if !ok {
		return 0, false
	}
	return p.AddrSpace, true
}

func verifyCpAsyncSharedGlobal(op CpAsyncSharedGlobalOp) error {
	o := op.Operation
	mod, _ := EnumValue(op.Modifier(), "load_cache_modifier")
	if mod != "cg" && mod != "ca" {
		return plainErr(o, "Only CG and CA cache modifiers are supported.")
	}
	if s := op.Size(); s != 4 && s != 8 && s != 16 {
		return plainErr(o, "expected byte size to be either 4, 8 or 16.")
	}
	if mod == "cg" && op.Size() != 16 {
		return plainErr(o, "CG cache modifier is only support for 16 bytes copy.")
	}
	return nil
}

// verifyMapa checks that a generic address maps to a generic address and
// a shared one to a shared::cluster one.
func verifyMapa(op MapaOp) error {
	from, ok1 := addressSpace(op.A().Type())
	to, ok2 := addressSpace(op.Res().Type())
	if !ok1 || !ok2 || (from == 0 && to == 0) || (from == 3 && to == 7) {
		return nil
	}
	return opErr(op.Operation, "failed to verify that Valid address-space check(or mapping) for mapa Op")
}

// wmmaFragment is NVVM's inferMMAType: the element type and count of the
// registers of a wmma fragment of the given PTX type, for a fragment of
// rows x cols elements; ok is false for types without wmma fragments.
func wmmaFragment(ctx *ir.Context, typ MMATypes, frag MMAFrag, rows, cols int32) (ir.Type, int, bool) {
	ab := frag.String() == "a" || frag.String() == "b"
	switch typ.String() {
	case "f16":
		v := ctx.VectorType([]int64{2}, nil, ctx.FloatType(ir.F16))
		if ab {
			return v, 8, true
		}
		return v, 4, true
	case "f32":
		return ctx.FloatType(ir.F32), 8, true
	case "f64":
		if ab {
			return ctx.FloatType(ir.F64), 1, true
		}
		return ctx.FloatType(ir.F64), 2, true
	case "tf32":
		return ctx.I(32), 4, true
	case "s8", "u8":
		parallel := int32(0)
		switch frag.String() {
		case "a":
			parallel = rows
		case "b":
			parallel = cols
		}
		switch parallel {
		case 16:
			return ctx.I(32), 2, true
		case 8:
			return ctx.I(32), 1, true
		case 32:
			return ctx.I(32), 4, true
		}
		return nil, 0, false
	case "s32":
		return ctx.I(32), 8, true
	}
	return nil, 0, false
}

// wmmaFragmentMNK is inferMMATypeFromMNK: the fragment of a matrix of an
// m x n x k product (A is m x k, B k x n, C and D m x n).
func wmmaFragmentMNK(ctx *ir.Context, typ MMATypes, frag MMAFrag, m, n, k int32) (ir.Type, int, bool) {
	switch frag.String() {
	case "a":
		return wmmaFragment(ctx, typ, frag, m, k)
	case "b":
		return wmmaFragment(ctx, typ, frag, k, n)
	}
	return wmmaFragment(ctx, typ, frag, m, n)
}

// wmmaShape reports whether m x n x k is a wmma shape of the element type
// of the multiplicands, as the intrinsics upstream selects exist for.
func wmmaShape(typ string, m, n, k int32) bool {
	switch typ {
	case "f16", "s8", "u8", "f32", "s32", "bf16":
		return k == 16 && (m == 16 && n == 16 || m == 32 && n == 8 || m == 8 && n == 32)
	case "tf32":
		return m == 16 && n == 16 && k == 8
	case "f64":
		return m == 8 && n == 8 && k == 4
	}
	return false
}

func fragOf(s string) MMAFrag {
	switch s {
	case "a":
		return MMAFragA
	case "b":
		return MMAFragB
	}
	return MMAFragC
}

func structOf(ctx *ir.Context, t ir.Type, n int) ir.Type {
	fs := make([]ir.Type, n)
	for i := range fs {
		fs[i] = t
	}
	return llvm.LiteralStruct(ctx, fs, false)
}

func memorySpace013(t ir.Type) bool {
	as, ok := addressSpace(t)
	return ok && (as == 0 || as == 1 || as == 3)
}

func verifyWmmaLoad(op WmmaLoadOp) error {
	o := op.Operation
	if !memorySpace013(op.Ptr().Type()) {
		return opErr(o, "expected source pointer in memory space 0, 1, 3")
	}
	ctx := o.Context()
	if !wmmaShape(op.Eltype().String(), op.M(), op.N(), op.K()) {
		return opErr(o, "invalid attribute combination")
	}
	elem, n, ok := wmmaFragmentMNK(ctx, op.Eltype(), op.Frag(), op.M(), op.N(), op.K())
	if !ok {
		return opErr(o, "invalid attribute combination")
	}
	// A fragment of one register (f64's A and B) is that register.
	if n == 1 {
		if op.Res().Type() != elem {
			return opErr(o, "expected destination type to be f64")
		}
		return nil
	}
	if op.Res().Type() != structOf(ctx, elem, n) {
		return opErr(o, "expected destination type is a structure of %d elements of type %s", n, quoted(elem))
	}
	return nil
}

func verifyWmmaStore(op WmmaStoreOp) error {
	o := op.Operation
	if !memorySpace013(op.Ptr().Type()) {
		return opErr(o, "expected operands to be a source pointer in memory space 0, 1, 3")
	}
	ctx := o.Context()
	if !wmmaShape(op.Eltype().String(), op.M(), op.N(), op.K()) {
		return opErr(o, "invalid attribute combination")
	}
	elem, n, ok := wmmaFragmentMNK(ctx, op.Eltype(), MMAFragC, op.M(), op.N(), op.K())
	if !ok {
		return opErr(o, "invalid attribute combination")
	}
	if len(op.Args()) != n {
		return opErr(o, "expected %d data operands", n)
	}
	for _, v := range op.Args() {
		if v.Type() != elem {
			return opErr(o, "expected data operands of type %s", quoted(elem))
		}
	}
	return nil
}

// verifyWmmaMma checks the operands (the A and B fragments of eltypeA,
// then the C fragment of eltypeB) and the result (a D fragment of
// eltypeB).
func verifyWmmaMma(op WmmaMmaOp) error {
	o := op.Operation
	ctx := o.Context()
	m, n, k := op.M(), op.N(), op.K()
	if !wmmaShape(op.EltypeA().String(), m, n, k) {
		return opErr(o, "invalid attribute combination")
	}
	var want []ir.Type
	var elemC ir.Type
	var countC int
	for _, p := range []struct {
		typ  MMATypes
		frag string
	}{{op.EltypeA(), "a"}, {op.EltypeA(), "b"}, {op.EltypeB(), "c"}} {
		elem, count, ok := wmmaFragmentMNK(ctx, p.typ, fragOf(p.frag), m, n, k)
		if !ok {
			return opErr(o, "invalid attribute combination")
		}
		for range count {
			want = append(want, elem)
		}
		elemC, countC = elem, count
	}
	args := op.Args()
	if len(args) != len(want) {
		return opErr(o, "expected %d arguments", len(want))
	}
	for i, v := range args {
		if v.Type() != want[i] {
			return opErr(o, "expected argument %d to be of type %s", i, quoted(want[i]))
		}
	}
	if op.Res().Type() != structOf(ctx, elemC, countC) {
		return opErr(o, "expected destination type is a structure of %d elements of type %s", countC, quoted(elemC))
	}
	return nil
}

// gridConstant is the argument attribute of kernel parameters passed in
// the constant parameter space.
const gridConstant = "nvvm.grid_constant"

// verifyRegionArgAttr verifies the nvvm attributes of function arguments:
// nvvm.grid_constant only on a kernel's llvm.byval arguments, as a unit
// attribute.
func verifyRegionArgAttr(op *ir.Operation, _, arg int, a ir.NamedAttr) error {
	if a.Name != gridConstant {
		return nil
	}
	name := `'"` + gridConstant + `"'`
	if op.Attr("nvvm.kernel") == nil {
		return plainErr(op, "%s attribute must be present only on kernel arguments", name)
	}
	if _, ok := a.Value.(*ir.UnitAttr); !ok {
		return plainErr(op, "%s must be a unit attribute", name)
	}
	if !argHasAttr(op, arg, "llvm.byval") {
		return plainErr(op, "%s attribute requires the argument to also have attribute 'llvm.byval'", name)
	}
	return nil
}

// argHasAttr reports whether argument arg of a function has the
// attribute name in its arg_attrs.
func argHasAttr(op *ir.Operation, arg int, name string) bool {
	attrs, ok := op.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	if !ok || arg >= len(attrs.Elems) {
		return false
	}
	d, ok := attrs.Elems[arg].(*ir.DictionaryAttr)
	if !ok {
		return false
	}
	for _, e := range d.Entries {
		if e.Name == name {
			return true
		}
	}
	return false
}

// blocksAreClustersAttrName marks a kernel whose blocks are clusters.
const blocksAreClustersAttrName = "nvvm.blocksareclusters"

// verifyOperationAttr is upstream's NVVMDialect::verifyOperationAttribute:
// nvvm.kernel only on llvm.func, the launch bounds as arrays of at most
// three i32 or as integers, and nvvm.blocksareclusters with reqntid and
// cluster_dim.
func verifyOperationAttr(op *ir.Operation, a ir.NamedAttr) error {
	switch a.Name {
	case KernelAttrName:
		if _, ok := llvm.AsFuncOp(op); !ok {
			return plainErr(op, "'%s' attribute attached to unexpected op", a.Name)
		}
	case MaxntidAttrName, ReqntidAttrName, ClusterDimAttrName:
		d, ok := a.Value.(*ir.DenseArrayAttr)
		if it, isInt := elemOf(d); !ok || !isInt || it.Width != 32 || d.Size == 0 || d.Size > 3 {
			return plainErr(op, "'%s' attribute must be integer array with maximum 3 index", a.Name)
		}
	case MinctasmAttrName, MaxnregAttrName, ClusterMaxBlocksAttrName:
		if _, ok := a.Value.(*ir.IntegerAttr); !ok {
			return plainErr(op, "'%s' attribute must be integer constant", a.Name)
		}
	case blocksAreClustersAttrName:
		if op.Attr(ReqntidAttrName) == nil || op.Attr(ClusterDimAttrName) == nil {
			return plainErr(op, "'%s' attribute must be used along with '%s' and '%s'", a.Name, ReqntidAttrName, ClusterDimAttrName)
		}
	}
	return nil
}

// elemOf returns the integer element type of a dense array.
func elemOf(d *ir.DenseArrayAttr) (*ir.IntegerType, bool) {
	if d == nil {
		return nil, false
	}
	it, ok := d.Elem.(*ir.IntegerType)
	return it, ok
}

// WmmaFragment is NVVM's inferMMAType: the register type and count of a
// wmma fragment (frag "a", "b" or "c") of PTX element type typ for a
// matrix of rows x cols elements; ok is false where wmma has none.
func WmmaFragment(ctx *ir.Context, typ MMATypes, frag MMAFrag, rows, cols int32) (ir.Type, int, bool) {
	return wmmaFragment(ctx, typ, frag, rows, cols)
}

// WmmaShape reports whether m x n x k is a wmma shape for multiplicands
// of PTX element type typ.
func WmmaShape(typ MMATypes, m, n, k int32) bool { return wmmaShape(typ.String(), m, n, k) }

// verifyMbarrierArrive checks upstream's rules of nvvm.mbarrier.arrive: a
// CTA or cluster scope, and no state returned from a barrier of another
// block of the cluster (a shared::cluster address).
func verifyMbarrierArrive(op MbarrierArriveOp) error {
	if s := op.Scope(); s != MemScopeKindCta && s != MemScopeKindCluster {
		return plainErr(op.Operation, "mbarrier scope must be either CTA or Cluster")
	}
	if as, _ := addressSpace(op.Addr().Type()); as == 7 && op.Res() != nil {
		return plainErr(op.Operation, "mbarrier in shared_cluster space cannot return any value")
	}
	return nil
}

// mmaPtxType is the PTX type of multiplicand A or B of nvvm.mma.sync: the
// property (its value v, set) when it is present, else the type its first
// register infers, as upstream's custom parser infers it (taking the
// register for an accumulator's).
func mmaPtxType(v MMATypes, set bool, regs []ir.Value) (string, bool) {
	if set {
		return v.String(), true
	}
	if len(regs) > 0 {
		return inferMMAType(regs[0].Type(), true)
	}
	return "", false
}

func isInt4PtxType(t string) bool { return t == "s4" || t == "u4" }
func isInt8PtxType(t string) bool { return t == "s8" || t == "u8" }
func isIntegerPtxType(t string) bool {
	return isInt4PtxType(t) || isInt8PtxType(t) || t == "b1" || t == "s32"
}

// mmaRegs is a register list an operand segment of nvvm.mma.sync may be:
// n registers of one type.
type mmaRegs struct {
	n int
	t ir.Type
}

func (r mmaRegs) matches(vs []ir.Value) bool {
	if len(vs) != r.n {
		return false
	}
	for _, v := range vs {
		if v.Type() != r.t {
			return false
		}
	}
	return true
}

// verifyMmaSync is upstream's MmaOp::verify: the shape must be one PTX
// has for the multiplicand type, the A, B and C registers and the result
// must have the counts and types of that variant, binary and integer
// variants need their b1Op and intOverflowBehavior, and only m8n8k4 f16
// takes layouts other than row/col.
func verifyMmaSync(op MmaSyncOp) error {
	o := op.Operation
	ctx := o.Context()
	shape, ok := AsShapeAttr(op.Shape())
	if !ok {
		return nil // the property's constraint reports it
	}
	ptxA, setA := op.MultiplicandAPtxType()
	ptxB, setB := op.MultiplicandBPtxType()
	typeA, okA := mmaPtxType(ptxA, setA, op.OperandA())
	typeB, okB := mmaPtxType(ptxB, setB, op.OperandB())
	if !okA {
		return plainErr(o, "attribute multiplicandAPtxType is not provided explicitly and cannot be inferred")
	}
	if !okB {
		return plainErr(o, "attribute multiplicandBPtxType is not provided explicitly and cannot be inferred")
	}
	f16 := ctx.FloatType(ir.F16)
	f32 := ctx.FloatType(ir.F32)
	i32 := ctx.I(32)
	f16x2 := ctx.VectorType([]int64{2}, nil, f16)
	structN := func(t ir.Type, n int) ir.Type { return structOf(ctx, t, n) }
	mnk := [3]int64{shape.M(), shape.N(), shape.K()}

	var allowedShapes [][3]int64
	var expA, expB, expC []mmaRegs
	var expRes []ir.Type
	if mnk[0] == 16 {
		var kFactor int64
		var frag ir.Type
		switch typeA {
		case "tf32":
			kFactor, frag = 4, i32
			expRes = append(expRes, structN(f32, 4))
		case "bf16":
			kFactor, frag = 8, i32
			expRes = append(expRes, structN(f32, 4))
		case "f16":
			kFactor, frag = 8, f16x2
			expRes = append(expRes, structN(f16x2, 2), structN(f32, 4))
		case "s4", "u4":
			kFactor = 32
		case "b1":
			kFactor = 128
		case "s8", "u8":
			kFactor = 16
		default:
			return plainErr(o, "invalid shape or multiplicand type: %s", typeA)
		}
		if isIntegerPtxType(typeA) {
			expRes = append(expRes, structN(i32, 4))
			expC = append(expC, mmaRegs{4, i32})
			frag = i32
		} else {
			expC = append(expC, mmaRegs{2, f16x2}, mmaRegs{4, f32})
		}
		expA = append(expA, mmaRegs{int(mnk[0] / 8 * (mnk[2] / kFactor)), frag})
		expB = append(expB, mmaRegs{int(mnk[1] / 8 * (mnk[2] / kFactor)), frag})
		allowedShapes = append(allowedShapes, [3]int64{16, 8, kFactor}, [3]int64{16, 8, kFactor * 2})
		if !sameMmaAccumulator(op) {
			return opErr(o, "ctype does not match dtype")
		}
	}
	if mnk[0] == 8 {
		switch {
		case typeA == "f16":
			expA = append(expA, mmaRegs{2, f16x2})
			expB = append(expB, mmaRegs{2, f16x2})
			expRes = append(expRes, structN(f16x2, 4), structN(f32, 8))
			expC = append(expC, mmaRegs{4, f16x2}, mmaRegs{8, f32})
			allowedShapes = append(allowedShapes, [3]int64{8, 8, 4})
		case typeA == "f64":
			f64 := ctx.FloatType(ir.F64)
			expA = append(expA, mmaRegs{1, f64})
			expB = append(expB, mmaRegs{1, f64})
			expC = append(expC, mmaRegs{2, f64})
			expRes = append(expRes, structN(f64, 2))
			allowedShapes = append(allowedShapes, [3]int64{8, 8, 4})
		case isIntegerPtxType(typeA):
			expA = append(expA, mmaRegs{1, i32})
			expB = append(expB, mmaRegs{1, i32})
			expC = append(expC, mmaRegs{2, i32})
			expRes = append(expRes, structN(i32, 2))
			switch {
			case isInt4PtxType(typeA):
				allowedShapes = append(allowedShapes, [3]int64{8, 8, 32})
			case isInt8PtxType(typeA):
				allowedShapes = append(allowedShapes, [3]int64{8, 8, 16})
			case typeA == "b1":
				allowedShapes = append(allowedShapes, [3]int64{8, 8, 128})
			}
		}
	}
	if len(expA) == 0 || len(expB) == 0 || len(expC) == 0 || !slices.Contains(allowedShapes, mnk) {
		return opErr(o, "unimplemented variant for MMA shape <%d, %d, %d>", mnk[0], mnk[1], mnk[2])
	}
	for _, seg := range []struct {
		name string
		regs []ir.Value
		want []mmaRegs
	}{{"A", op.OperandA(), expA}, {"B", op.OperandB(), expB}, {"C", op.OperandC(), expC}} {
		if slices.ContainsFunc(seg.want, func(r mmaRegs) bool { return r.matches(seg.regs) }) {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Could not match types for the %s operands; expected one of ", seg.name)
		for _, r := range seg.want {
			fmt.Fprintf(&b, "%dx%s ", r.n, asm.TypeString(r.t))
		}
		b.WriteString("but got ")
		for j, v := range seg.regs {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(asm.TypeString(v.Type()))
		}
		return opErr(o, "%s", b.String())
	}
	if res := op.Res().Type(); !slices.Contains(expRes, res) {
		names := make([]string, len(expRes))
		for i, t := range expRes {
			names[i] = asm.TypeString(t)
		}
		return opErr(o, "Could not match allowed types for the result; expected one of %s but got %s",
			strings.Join(names, ", "), asm.TypeString(res))
	}
	if typeA == "b1" && op.B1OpAttr() == nil {
		return opErr(o, "op requires b1Op attribute")
	}
	if (isInt4PtxType(typeA) || isInt8PtxType(typeA)) && op.IntOverflowBehaviorAttr() == nil {
		return opErr(o, "op requires intOverflowBehavior attribute")
	}
	if !(mnk == [3]int64{8, 8, 4} && typeA == "f16") && (op.LayoutA() != MMALayoutRow || op.LayoutB() != MMALayoutCol) {
		return opErr(o, "requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape <%d, %d, %d> with element types %s and %s. Only m8n8k4 with f16 supports other layouts.",
			mnk[0], mnk[1], mnk[2], typeA, typeB)
	}
	return nil
}

// sameMmaAccumulator reports whether the PTX types of the C registers and
// of the result agree (upstream's accumPtxType() == resultPtxType()).
func sameMmaAccumulator(op MmaSyncOp) bool {
	c := op.OperandC()
	if len(c) == 0 {
		return true // the C operand check reports it
	}
	accum, ok1 := inferMMAType(c[0].Type(), true)
	res, ok2 := inferMMAType(op.Res().Type(), true)
	return ok1 && ok2 && accum == res
}
