// Package llvmcommon holds what the conversions into the llvm dialect
// share: the type converter of builtin types to LLVM-compatible types and
// a helper that creates an operation by name.
package llvmcommon

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/llvm"
	"strconv"
	"sync/atomic"
)

// IndexBitwidth is the width that index converts to (upstream's default
// data layout on x86-64).
const IndexBitwidth = 64

// NewTypeConverter returns the LLVM type converter: index becomes i64,
// vectors convert their elements and n-D vectors become nested arrays of
// 1-D vectors (ConvertVector), complex<T> becomes !llvm.struct<(T, T)>
// (the real part first), memrefs become their descriptors, other
// LLVM-compatible types stay; values cross the boundary through
// unrealized_conversion_cast.
func NewTypeConverter(ctx *ir.Context) *rewrite.TypeConverter {
	tc := &rewrite.TypeConverter{}
	tc.AddConversion(func(t ir.Type) ir.Type {
		switch x := t.(type) {
		case *ir.IndexType:
			return ctx.I(IndexBitwidth)
		case *ir.VectorType:
			return ConvertVector(ctx, tc, x)
		case *ir.ComplexType:
			elem := tc.Convert(x.Elem)
			if elem == nil {
				return nil
			}
			return llvm.LiteralStruct(ctx, []ir.Type{elem, elem}, false)
		}
		return nil
	})
	addMemRefConversions(ctx, tc)
	return tc
}

// Create builds the operation name with operands, result types and
// properties at r's insertion point.
func Create(r *rewrite.ConversionRewriter, name string, loc ir.Location, operands []ir.Value, results []ir.Type, props []ir.NamedAttr) *ir.Operation {
	ctx := r.Builder.Ctx
	st := &ir.OperationState{Name: ctx.OpName(name), Loc: loc, Operands: operands, ResultTypes: results}
	if len(props) > 0 {
		st.Properties = ctx.DictionaryAttr(props)
	}
	return r.Builder.Create(st)
}

// IsLLVMType reports whether t needs no conversion.
func IsLLVMType(t ir.Type) bool { return llvm.IsCompatibleType(t) }

// ConvertBlockArguments converts the argument types of block with tc; the
// existing uses of a converted argument go through an
// unrealized_conversion_cast back to the old type, as MLIR's signature
// conversion leaves them for later patterns.
func ConvertBlockArguments(r *rewrite.ConversionRewriter, block *ir.Block, tc *rewrite.TypeConverter) {
	ctx := r.Builder.Ctx
	for _, a := range block.Arguments() {
		nt := tc.Convert(a.Type())
		if nt == a.Type() {
			continue
		}
		old := a.Type()
		a.SetType(nt)
		if !ir.HasUses(a) {
			continue
		}
		r.SetInsertionPointToStart(block)
		cast := r.Builder.Create(&ir.OperationState{Name: ctx.OpName("builtin.unrealized_conversion_cast"), Loc: a.Loc,
			Operands: []ir.Value{a}, ResultTypes: []ir.Type{old}})
		for u := a.FirstUse(); u != nil; {
			next := u.Next()
			if u.Owner() != cast {
				u.Set(cast.Result(0))
			}
			u = next
		}
	}
}

const castName = "builtin.unrealized_conversion_cast"

// Apply runs a partial conversion of the operations nested in op and then
// erases the unrealized_conversion_cast operations the conversion created
// that ended up without uses, as MLIR's driver drops unused
// materializations.
func Apply(ctx *ir.Context, op *ir.Operation, target *rewrite.ConversionTarget, patterns []rewrite.ConversionPattern, tc *rewrite.TypeConverter) error {
	before := map[*ir.Operation]bool{}
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == castName {
			before[o] = true
		}
		return true
	})
	if err := rewrite.ApplyConversion(ctx, op, target, patterns, rewrite.ConversionConfig{TypeConverter: tc}); err != nil {
		return err
	}
	for {
		var dead []*ir.Operation
		op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
			if o.Name() == castName && !before[o] {
				used := false
				for i := 0; i < o.NumResults(); i++ {
					used = used || ir.HasUses(o.Result(i))
				}
				if !used {
					dead = append(dead, o)
				}
			}
			return true
		})
		if len(dead) == 0 {
			return nil
		}
		for _, o := range dead {
			o.Erase()
		}
	}
}

// DeclareFunc declares the C function name with type ft at the start of
// the module around op when the module has no symbol of that name.
func DeclareFunc(r *rewrite.ConversionRewriter, op *ir.Operation, name string, ft *llvm.FuncType) {
	module := op.ParentOp()
	for module != nil && !module.HasTrait(ir.SymbolTableTrait) {
		module = module.ParentOp()
	}
	if module == nil {
		return
	}
	body := module.Region(0).First()
	for o := body.First(); o != nil; o = o.Next() {
		if s, ok := o.InherentAttr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return
		}
	}
	ctx := r.Builder.Ctx
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	f := llvm.BuildFunc(b, module.Loc(), name, ft)
	// Upstream's declarations have no unnamed_addr.
	DropProperty(ctx, f.Operation, "unnamed_addr")
}

// StringGlobal creates, at the start of body (a module's block), the
// private constant global name holding s and a terminating NUL as an
// `!llvm.array<N x i8>`, without unnamed_addr, as upstream creates message
// strings. It returns the array type, which addresses into the global use.
func StringGlobal(ctx *ir.Context, body *ir.Block, loc ir.Location, name, s string) *llvm.ArrayType {
	data := append([]byte(s), 0)
	i8 := ctx.IntegerType(8, ir.Signless)
	splat := true
	for _, c := range data {
		splat = splat && c == data[0]
	}
	vals := data
	if splat {
		vals = data[:1]
	}
	value := ctx.DenseElementsAttr(ctx.RankedTensorType([]int64{int64(len(data))}, i8, nil), splat, vals)
	arrTy := llvm.Array(ctx, uint64(len(data)), i8)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	g := llvm.BuildMlirGlobal(b, loc, arrTy, name, llvm.LinkagePrivate, llvm.MlirGlobalOptions{Constant: true, Value: value})
	DropProperty(ctx, g.Operation, "unnamed_addr")
	return arrTy
}

// symbolCounter is the counter of UniqueSymbolName, shared by the whole
// process as the static counter of upstream's ensureSymbolNameIsUnique:
// the string globals of cf.assert and vector.print share it, and it keeps
// counting from one module (or --split-input-file chunk) to the next.
var symbolCounter atomic.Int64

// UniqueSymbolName returns base when taken reports it free, else base_N
// for the next N of the process-wide counter that taken reports free.
func UniqueSymbolName(base string, taken func(string) bool) string {
	name := base
	for taken(name) {
		name = base + "_" + strconv.FormatInt(symbolCounter.Add(1)-1, 10)
	}
	return name
}

// DropProperty removes the property name from op, for optional properties
// that a generated builder always sets.
func DropProperty(ctx *ir.Context, op *ir.Operation, name string) {
	d, ok := op.Properties().(*ir.DictionaryAttr)
	if !ok {
		return
	}
	var kept []ir.NamedAttr
	for _, e := range d.Entries {
		if e.Name != name {
			kept = append(kept, e)
		}
	}
	op.SetProperties(ctx.DictionaryAttr(kept))
}

// Lowers returns a pass.Registration.Lowers function: the roots of the
// patterns made with the LLVM type converter of ctx.
func Lowers(patterns func(tc *rewrite.TypeConverter) []rewrite.ConversionPattern) func(ctx *ir.Context) []string {
	return func(ctx *ir.Context) []string { return rewrite.ConversionRoots(patterns(NewTypeConverter(ctx))) }
}

// CallProps are the properties of an llvm.call of callee with n operands
// and no operand bundles.
func CallProps(ctx *ir.Context, callee string, n int) []ir.NamedAttr {
	return []ir.NamedAttr{
		{Name: "callee", Value: ctx.SymbolRefAttr(callee, nil)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int32(n), 0)},
		{Name: "op_bundle_sizes", Value: ctx.DenseI32Array()},
	}
}
