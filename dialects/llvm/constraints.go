package llvm

import (
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// PointerClass is the class of !llvm.ptr types for formats: a value
// constrained to pointers prints its type stripped (`<3>`, or `!llvm.ptr`
// in the default address space), as ODS does for LLVMPointerType.
var PointerClass = &irdl.TypeClass{
	Strip: func(t ir.Type) string {
		p, ok := t.(*PointerType)
		if !ok || p.AddrSpace == 0 {
			return ""
		}
		return "<" + strconv.FormatUint(p.AddrSpace, 10) + ">"
	},
	Parse: func(p ir.OpAsmParser) (ir.Type, error) { return parseAfterKeyword(p, "ptr") },
}

// StructClass is the class of !llvm.struct types for formats: a value
// constrained to structures prints its type stripped (`<(i32, i32)>`), as
// ODS does for LLVMStructType.
var StructClass = &irdl.TypeClass{
	Strip: func(t ir.Type) string {
		if _, ok := t.(*StructType); !ok {
			return ""
		}
		return strings.TrimPrefix(ir.TypeString(t), "!llvm.struct")
	},
	Parse: func(p ir.OpAsmParser) (ir.Type, error) { return parseAfterKeyword(p, "struct") },
}

var constraintsOnce sync.Once

// RegisterConstraints makes upstream's LLVM type constraints available to
// dialect definitions that use LLVM types (nvvm, rocdl): LLVMAnyPointer
// ("LLVM pointer type"), LLVMPointerAS<N> for N in 0..9 ("LLVM pointer in
// address space N"), LLVMAnyStruct ("LLVM structure type"), LLVMStructType
// (the same, printed stripped by formats) and LLVMType ("LLVM
// dialect-compatible type").
func RegisterConstraints() {
	constraintsOnce.Do(func() {
		irdl.RegisterTypeClassConstraint("LLVMAnyPointer", "LLVM pointer type", func(t ir.Type) bool {
			_, ok := t.(*PointerType)
			return ok
		}, PointerClass, nil)
		for as := uint64(0); as < 10; as++ {
			as := as
			irdl.RegisterTypeClassConstraint("LLVMPointerAS"+strconv.FormatUint(as, 10),
				"LLVM pointer in address space "+strconv.FormatUint(as, 10), func(t ir.Type) bool {
					p, ok := t.(*PointerType)
					return ok && p.AddrSpace == as
				}, PointerClass, func(ctx *ir.Context) ir.Type { return Ptr(ctx, as) })
		}
		irdl.RegisterTypeConstraint("LLVMAnyStruct", "LLVM structure type", func(t ir.Type) bool {
			_, ok := t.(*StructType)
			return ok
		})
		irdl.RegisterTypeConstraint("LLVMType", "LLVM dialect-compatible type", IsCompatibleType)
		irdl.RegisterTypeClassConstraint("LLVMStructType", "LLVM structure type", func(t ir.Type) bool {
			_, ok := t.(*StructType)
			return ok
		}, StructClass, nil)
	})
}
