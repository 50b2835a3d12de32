// Package nvgputonvvm is convert-nvgpu-to-nvvm: the operations of the
// nvgpu dialect become llvm and nvvm operations, as upstream's
// NVGPUToNVVM patterns make them, in a partial conversion that leaves
// func, arith, memref, vector and scf operations in place (values cross
// the boundary through unrealized_conversion_cast; scf operations are
// rebuilt with the converted types of the values they carry):
//
//   - mma.sync unpacks its fragments into the scalars and 32-bit registers
//     of nvvm.mma.sync and packs the result struct back into the vector;
//     ldmatrix is nvvm.ldmatrix (m8n8, b16) with its registers bitcast;
//   - device_async_copy is nvvm.cp.async.shared.global (.cg when it
//     bypasses L1 with 16 bytes, zero-filling with a byte count when it
//     has srcElements), device_async_create_group and device_async_wait
//     are cp.async.commit.group and cp.async.wait.group; tokens become
//     i32 constants;
//   - mbarrier.create is a private memref.global @__mbarrier of i64 in
//     shared memory, and the other mbarrier operations address one of its
//     elements for the nvvm mbarrier operations;
//   - tma.async.load and tma.async.store are nvvm.cp.async.bulk.tensor
//     operations on the tensor map pointer, tma.create.descriptor calls
//     the runtime's mgpuTensorMapEncodeTiledMemref, and the descriptor
//     fence and prefetch are nvvm.fence.proxy.acquire and nvvm.prefetch;
//   - warpgroup.generate.descriptor builds the 64-bit wgmma descriptor,
//     warpgroup.mma expands into wgmma.fence, one wgmma.mma_async per
//     m64nNkK step, commit and wait, warpgroup.mma.store stores the
//     fragments thread by thread and warpgroup.mma.init.accumulator zeroes
//     the accumulator structs;
//   - rcp is nvvm.rcp.approx.ftz.f per element.
//
// The Strata extensions of nvgpu lower too: setmaxnreg to
// nvvm.setmaxregister, fence.proxy.async to nvvm.fence.proxy
// (async.shared, cta), elect.sync to nvvm.elect.sync, warpgroup.id to
// the thread id x divided by 128 and mbarrier.arrive.cluster to nvvm.mapa
// and nvvm.mbarrier.arrive with PTX's default semantics (a release at
// CTA scope).
package nvgputonvvm

import (
	"fmt"
	"sync"

	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/conversion/scfstructural"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvgpu"
)

// Argument is the pass's command-line name.
const Argument = "convert-nvgpu-to-nvvm"

type lowerPass struct{ pass.Info }

// New returns convert-nvgpu-to-nvvm.
func New() pass.Pass {
	return &lowerPass{Info: pass.Info{Argument: Argument, Name: "ConvertNVGPUToNVVMPass",
		Summary: "Convert NVGPU dialect to NVVM dialect"}}
}

func (p *lowerPass) Run(op *ir.Operation, st *pass.State) error { return Run(st.Context(), op) }

// Pass registers convert-nvgpu-to-nvvm.
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }

// Run converts the nvgpu operations nested in op.
func Run(ctx *ir.Context, op *ir.Operation) error {
	tc := NewTypeConverter(ctx)
	target := rewrite.NewConversionTarget()
	for _, d := range []string{"llvm", "nvvm", "arith", "memref", "vector"} {
		target.AddLegalDialect(d)
	}
	target.AddLegalOp("builtin.unrealized_conversion_cast")
	target.AddIllegalDialect("nvgpu")
	scfstructural.AddLegality(target, tc)
	patterns := append(Patterns(tc), scfstructural.Patterns(tc)...)
	return llvmcommon.Apply(ctx, op, target, patterns, tc)
}

// gpuAddressSpaces are the NVVM address spaces of the gpu dialect's memory
// spaces (upstream's populateCommonGPUTypeAndAttributeConversions).
var gpuAddressSpaces = map[string]int64{
	"#gpu.address_space<global>":    1,
	"#gpu.address_space<workgroup>": 3,
	"#gpu.address_space<private>":   0,
}

// normalizeMemRef returns m with a gpu address space replaced by its
// integer NVVM address space (none for 0).
func normalizeMemRef(ctx *ir.Context, m *ir.MemRefType) *ir.MemRefType {
	if m.MemorySpace == nil {
		return m
	}
	as, ok := gpuAddressSpaces[ir.AttrString(m.MemorySpace)]
	if !ok {
		return m
	}
	var space ir.Attribute
	if as != 0 {
		space = ctx.IntegerAttr(ctx.I(64), as)
	}
	return ctx.MemRefType(m.Shape, m.Elem, m.Layout, space)
}

// NewTypeConverter returns the type converter of the conversion: LLVM's,
// with the gpu memory spaces as NVVM address spaces and the nvgpu types:
// device async tokens are i32, mbarrier tokens and warpgroup descriptors
// i64, a tensor map descriptor a pointer, an mbarrier group the
// descriptor of its memref of i64 and a warpgroup accumulator a struct of
// one struct per 64 rows holding the thread's fragment.
func NewTypeConverter(ctx *ir.Context) *rewrite.TypeConverter {
	tc := llvmcommon.NewTypeConverter(ctx)
	AddTypeConversions(ctx, tc)
	return tc
}

// AddTypeConversions teaches an LLVM type converter the gpu memory spaces
// and the nvgpu types, for conversions that meet nvgpu values (a kernel
// taking a tensor map or an mbarrier group).
func AddTypeConversions(ctx *ir.Context, tc *rewrite.TypeConverter) {
	tc.AddConversion(func(t ir.Type) ir.Type {
		m, ok := t.(*ir.MemRefType)
		if !ok {
			return nil
		}
		if n := normalizeMemRef(ctx, m); n != m {
			return tc.Convert(n)
		}
		return nil
	})
	tc.AddConversion(func(t ir.Type) ir.Type {
		switch {
		case is(nvgpu.AsDeviceAsyncTokenType(t)):
			return ctx.I(32)
		case is(nvgpu.AsMbarrierTokenType(t)), is(nvgpu.AsWarpgroupDescriptorType(t)):
			return ctx.I(64)
		case is(nvgpu.AsTensormapDescriptorType(t)):
			return llvm.Ptr(ctx, 0)
		}
		if g, ok := nvgpu.AsMbarrierGroupType(t); ok {
			return tc.Convert(barrierMemRef(ctx, g))
		}
		if a, ok := nvgpu.AsWarpgroupAccumulatorType(t); ok {
			return accumulatorStruct(ctx, a)
		}
		return nil
	})
}

func is[T any](_ T, ok bool) bool { return ok }

// wgmmaSizeM is the number of rows of one wgmma instruction.
const wgmmaSizeM = 64

// accumulatorStruct is the converted warpgroup accumulator type, nil when
// the fragment's element type has no layout.
func accumulatorStruct(ctx *ir.Context, a nvgpu.WarpgroupAccumulatorType) ir.Type {
	v, ok := a.Fragmented().(*ir.VectorType)
	if !ok || len(v.Shape) != 2 {
		return nil
	}
	m, n := v.Shape[0], v.Shape[1]
	var members int64
	switch {
	case isFloat(v.Elem, ir.F32) || isInt(v.Elem, 32):
		members = n / 2
	case isFloat(v.Elem, ir.F16):
		members = n / 4
	default:
		return nil
	}
	inner := make([]ir.Type, members)
	for i := range inner {
		inner[i] = v.Elem
	}
	innerT := llvm.LiteralStruct(ctx, inner, false)
	var outer []ir.Type
	for i := int64(0); i < m; i += wgmmaSizeM {
		outer = append(outer, innerT)
	}
	return llvm.LiteralStruct(ctx, outer, false)
}

// barrierMemRef is upstream's getMBarrierMemrefType: memref<N x i64> in
// shared memory (address space 3) when the group is there.
func barrierMemRef(ctx *ir.Context, g nvgpu.MbarrierGroupType) *ir.MemRefType {
	n, ok := g.NumBarriers()
	if !ok {
		n = 1
	}
	var space ir.Attribute
	if nvgpu.IsSharedMemorySpace(g.MemorySpace()) {
		space = ctx.IntegerAttr(ctx.I(64), nvgpu.SharedMemorySpace)
	}
	return ctx.MemRefType([]int64{n}, ctx.I(64), nil, space)
}

func isFloat(t ir.Type, k ir.FloatKind) bool {
	f, ok := t.(*ir.FloatType)
	return ok && f.Kind == k
}

func isInt(t ir.Type, w uint32) bool {
	i, ok := t.(*ir.IntegerType)
	return ok && i.Width == w
}

// Patterns returns the conversion patterns of nvgpu operations, for
// passes that lower nvgpu together with other dialects.
func Patterns(tc *rewrite.TypeConverter) []rewrite.ConversionPattern {
	var ps []rewrite.ConversionPattern
	for _, g := range [][]lowering{mmaLowerings, asyncLowerings, mbarrierLowerings, tmaLowerings, wgmmaLowerings, extensionLowerings} {
		for _, l := range g {
			l := l
			ps = append(ps, &rewrite.ConversionFunc{RootName: l.name, BenefitValue: 1, PatternName: l.name + "-to-nvvm",
				Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
					return l.fn(&builder{r: r, loc: op.Loc(), tc: tc}, op, operands)
				}})
		}
	}
	return ps
}

// lowering is the pattern of one nvgpu operation.
type lowering struct {
	name string
	fn   func(b *builder, op *ir.Operation, operands []ir.Value) bool
}

// builder creates operations at the rewriter's insertion point with the
// location of the operation being converted.
type builder struct {
	r   *rewrite.ConversionRewriter
	loc ir.Location
	tc  *rewrite.TypeConverter
}

func (b *builder) ctx() *ir.Context { return b.r.Builder.Ctx }

func (b *builder) create(name string, operands []ir.Value, results []ir.Type, props ...ir.NamedAttr) *ir.Operation {
	return llvmcommon.Create(b.r, name, b.loc, operands, results, props)
}

func (b *builder) value(name string, operands []ir.Value, result ir.Type, props ...ir.NamedAttr) ir.Value {
	return b.create(name, operands, []ir.Type{result}, props...).Result(0)
}

// constant is llvm.mlir.constant(v : attrType) : t.
func (b *builder) constant(t ir.Type, attrType ir.Type, v int64) ir.Value {
	return b.value("llvm.mlir.constant", nil, t, ir.NamedAttr{Name: "value", Value: b.ctx().IntegerAttr(attrType, v)})
}

func (b *builder) i32(v int64) ir.Value { return b.constant(b.ctx().I(32), b.ctx().I(32), v) }
func (b *builder) i64(v int64) ir.Value { return b.constant(b.ctx().I(64), b.ctx().I(64), v) }

// i64FromI32Attr is upstream's makeI64Const: an i64 constant whose
// attribute is an i32.
func (b *builder) i64FromI32Attr(v int64) ir.Value {
	return b.constant(b.ctx().I(64), b.ctx().I(32), v)
}

func (b *builder) extract(agg ir.Value, pos int64) ir.Value {
	return llvmcommon.Extract(b.r, b.loc, agg, fieldType(agg.Type(), pos), pos)
}

func (b *builder) insert(agg, v ir.Value, pos int64) ir.Value {
	return llvmcommon.Insert(b.r, b.loc, agg, v, pos)
}

func (b *builder) poison(t ir.Type) ir.Value { return llvmcommon.Poison(b.r, b.loc, t) }

func (b *builder) binary(name string, x, y ir.Value) ir.Value {
	return b.value(name, []ir.Value{x, y}, x.Type())
}

// truncToI32 truncates an integer wider than 32 bits to i32.
func (b *builder) truncToI32(v ir.Value) ir.Value {
	if it, ok := v.Type().(*ir.IntegerType); ok && it.Width <= 32 {
		return v
	}
	return b.value("llvm.trunc", []ir.Value{v}, b.ctx().I(32))
}

// fieldType returns the type of the field pos of a struct or array.
func fieldType(t ir.Type, pos int64) ir.Type {
	switch a := t.(type) {
	case *llvm.StructType:
		return a.Fields[pos]
	case *llvm.ArrayType:
		return a.Elem
	}
	return nil
}

var attrCache sync.Map

// attr parses an attribute written in MLIR syntax; the lowerings only
// build well-formed ones, so an error is a bug of this package.
func attr(ctx *ir.Context, s string) ir.Attribute {
	type key struct {
		ctx *ir.Context
		s   string
	}
	if a, ok := attrCache.Load(key{ctx, s}); ok {
		return a.(ir.Attribute)
	}
	a, err := asm.ParseAttrString(ctx, s, nil)
	if err != nil {
		panic(fmt.Sprintf("nvgputonvvm: attribute %s: %v", s, err))
	}
	attrCache.Store(key{ctx, s}, a)
	return a
}

func prop(name string, a ir.Attribute) ir.NamedAttr { return ir.NamedAttr{Name: name, Value: a} }
