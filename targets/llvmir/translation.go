package llvmir

import (
	"sort"
	"sync"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	sir "github.com/strata-ir/strata/core/ir"
)

// DialectTranslation translates the operations of one dialect into LLVM
// IR (MLIR's LLVMTranslationDialectInterface::convertOperation). The
// translation of the llvm dialect is one; a dialect with intrinsics of
// its own (nvvm, rocdl, an out-of-tree dialect) registers another with
// RegisterDialectTranslation, and the translator dispatches every
// operation of a function body to the translation of its namespace.
type DialectTranslation interface {
	// ConvertOperation appends the LLVM IR of op to b, mapping op's
	// results with mt.MapValue. It returns a located error (see
	// sir.NewError) for an operation it cannot translate.
	ConvertOperation(op *sir.Operation, b *ir.Block, mt *ModuleTranslation) error
}

// FunctionAttributeTranslation is implemented by a DialectTranslation
// whose dialect defines discardable attributes of functions, such as
// rocdl.kernel (MLIR's LLVMTranslationDialectInterface::amendOperation
// for llvm.func): the translator calls AmendFunction for every attribute
// of an llvm.func whose name is prefixed with the dialect's namespace,
// after declaring the LLVM function and before translating its body.
type FunctionAttributeTranslation interface {
	AmendFunction(op *sir.Operation, attr sir.NamedAttr, fn *ir.Func, mt *ModuleTranslation) error
}

var dialectTranslations = struct {
	sync.RWMutex
	byNamespace map[string]DialectTranslation
}{byNamespace: map[string]DialectTranslation{}}

// RegisterDialectTranslation makes t the translation of the operations of
// the dialect namespace. Call it from the init function of the package
// that holds the translation; registering a namespace twice panics. It
// is safe for concurrent use.
func RegisterDialectTranslation(namespace string, t DialectTranslation) {
	if namespace == "" || t == nil {
		panic("llvmir: RegisterDialectTranslation needs a namespace and a translation")
	}
	dialectTranslations.Lock()
	defer dialectTranslations.Unlock()
	if _, ok := dialectTranslations.byNamespace[namespace]; ok {
		panic("llvmir: translation of dialect " + namespace + " registered twice")
	}
	dialectTranslations.byNamespace[namespace] = t
}

// LookupDialectTranslation returns the translation registered for the
// dialect namespace.
func LookupDialectTranslation(namespace string) (DialectTranslation, bool) {
	dialectTranslations.RLock()
	defer dialectTranslations.RUnlock()
	t, ok := dialectTranslations.byNamespace[namespace]
	return t, ok
}

// TranslatedDialects returns the namespaces that have a translation,
// sorted.
func TranslatedDialects() []string {
	dialectTranslations.RLock()
	defer dialectTranslations.RUnlock()
	out := make([]string, 0, len(dialectTranslations.byNamespace))
	for ns := range dialectTranslations.byNamespace {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

// Module returns the LLVM module being built.
func (t *ModuleTranslation) Module() *ir.Module { return t.m }

// Function returns the LLVM function being built.
func (t *ModuleTranslation) Function() *ir.Func { return t.fn }

// LookupValue returns the LLVM value of v, which must have been
// translated (a function argument, a block argument or the result of an
// earlier operation).
func (t *ModuleTranslation) LookupValue(v sir.Value) (value.Value, error) { return t.value(v) }

// LookupOperands returns the LLVM values of op's operands.
func (t *ModuleTranslation) LookupOperands(op *sir.Operation) ([]value.Value, error) {
	return t.operands(op)
}

// MapValue records lv as the LLVM value of v (an operation's result).
func (t *ModuleTranslation) MapValue(v sir.Value, lv value.Value) { t.values[v] = lv }

// LookupBlock returns the LLVM block of b, a block of the function being
// translated.
func (t *ModuleTranslation) LookupBlock(b *sir.Block) *ir.Block { return t.blocks[b] }

// LookupFunction returns the LLVM function of the llvm.func named name.
func (t *ModuleTranslation) LookupFunction(name string) (*ir.Func, bool) {
	f, ok := t.funcs[name]
	return f, ok
}

// ConvertType returns the LLVM type of an llvm dialect type (or a
// builtin type the llvm dialect uses).
func (t *ModuleTranslation) ConvertType(ty sir.Type) (types.Type, error) { return t.typ(ty) }

// DeclareIntrinsic returns the declaration of the LLVM intrinsic or
// function named full with the given signature, adding it to the module
// on first use.
func (t *ModuleTranslation) DeclareIntrinsic(full string, ret types.Type, params ...types.Type) *ir.Func {
	return t.declareIntrinsic(full, ret, params...)
}

// OverloadedIntrinsic returns the declaration of the overloaded LLVM
// intrinsic llvm.<name>, its name mangled with the type of its
// overloaded parameter as for the llvm dialect's llvm.intr.* operations
// (llvm.fma.f32).
func (t *ModuleTranslation) OverloadedIntrinsic(name string, ret types.Type, params []types.Type) *ir.Func {
	return t.intrinsic(name, ret, params)
}

// IntrinsicSuffix returns the mangling of type ty in the name of an
// overloaded intrinsic (f32, v4i32, bf16).
func IntrinsicSuffix(ty types.Type) string { return intrinsicSuffix(ty) }

// IsBFloat reports whether ty is LLVM's bfloat.
func IsBFloat(ty types.Type) bool { _, ok := ty.(*bfloatType); return ok }
