// Package llvm gives the llvm dialect its semantics in the interpreter
// (core/interp), so that programs lowered to the llvm dialect, and the
// mixed programs between two conversion passes, run as their sources do.
//
// Values: integers and floats are interpreter scalars; a pointer is an
// address together with the allocation it was derived from (its
// provenance); structs and arrays are immutable aggregates of their
// fields; poison is a marker that propagates through arithmetic and is an
// error, located where it is used, when it decides a branch, addresses
// memory, divides, is stored or is passed to a runtime function. undef and
// uninitialized memory read as zero.
//
// Memory is byte-addressed: malloc, aligned_alloc, alloca and globals are
// allocations of bytes at distinct addresses, values are stored with the
// x86-64 layout (little endian, 64-bit pointers, natural alignment, C
// struct layout). The buffer of a memref that crosses into the llvm
// dialect through builtin.unrealized_conversion_cast is an allocation
// whose bytes are the buffer's elements, so that the memref and the
// descriptor alias; a descriptor cast back to a memref views the memory
// it points to. Accesses out of bounds, after free, through null or
// through an address outside every allocation are located errors.
//
// Register adds the semantics; it wraps the runner utilities registered
// before it (interp/runner) so that printMemref* also accept their C
// arguments (rank and pointer to a descriptor).
package llvm

import (
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/math"
)

// Register adds the semantics of the llvm dialect operations, of
// builtin.unrealized_conversion_cast, and of the C functions the lowering
// calls (malloc, aligned_alloc, free, memrefCopy) to reg, and extends the
// printMemref* utilities already in reg to their C calling convention.
func Register(reg *interp.Registry) {
	reg.Register("builtin.unrealized_conversion_cast", unrealizedCast)
	// The llvm dialect's semantics handle poison themselves.
	reg.AcceptPoison("llvm.", "builtin.unrealized_conversion_cast")

	reg.Register("llvm.return", ret)
	reg.Register("llvm.br", br)
	reg.Register("llvm.unreachable", unreachable)
	// The interpreter's memory is sequentially consistent: fences order
	// nothing more.
	reg.Register("llvm.fence", func(*interp.Frame, *ir.Operation) error { return nil })
	reg.Register("llvm.cond_br", condBr)
	reg.Register("llvm.switch", switchOp)
	reg.Register("llvm.call", call)
	reg.Register("llvm.func", func(*interp.Frame, *ir.Operation) error { return nil })
	reg.Register("llvm.mlir.global", func(*interp.Frame, *ir.Operation) error { return nil })

	reg.Register("llvm.mlir.constant", constant)
	reg.Register("llvm.mlir.zero", zeroOp)
	reg.Register("llvm.mlir.undef", zeroOp)
	reg.Register("llvm.mlir.poison", poisonOp)
	// ub.poison, which convert-vector-to-llvm makes and
	// convert-ub-to-llvm turns into llvm.mlir.poison, is the same value.
	reg.Register("ub.poison", poisonOp)
	reg.Register("llvm.mlir.addressof", addressOf)

	reg.Register("llvm.alloca", allocaOp)
	reg.Register("llvm.atomicrmw", atomicRMW)
	reg.Register("llvm.load", load)
	reg.Register("llvm.store", store)
	reg.Register("llvm.intr.masked.load", maskedLoad)
	reg.Register("llvm.intr.masked.store", maskedStore)
	reg.Register("llvm.intr.masked.gather", maskedGather)
	reg.Register("llvm.intr.masked.scatter", maskedScatter)
	reg.Register("llvm.getelementptr", gep)
	reg.Register("llvm.insertvalue", insertValue)
	reg.Register("llvm.extractvalue", extractValue)

	reg.Register("llvm.add", addSubMul('+'))
	reg.Register("llvm.sub", addSubMul('-'))
	reg.Register("llvm.mul", addSubMul('*'))
	reg.Register("llvm.sdiv", divisorPoison(divRem(true, false)))
	reg.Register("llvm.udiv", divisorPoison(divRem(false, false)))
	reg.Register("llvm.srem", divisorPoison(divRem(true, true)))
	reg.Register("llvm.urem", divisorPoison(divRem(false, true)))
	reg.Register("llvm.and", logic(func(a, b uint64) uint64 { return a & b }))
	reg.Register("llvm.or", logic(func(a, b uint64) uint64 { return a | b }))
	reg.Register("llvm.xor", logic(func(a, b uint64) uint64 { return a ^ b }))
	reg.Register("llvm.shl", shift("shl"))
	reg.Register("llvm.lshr", shift("lshr"))
	reg.Register("llvm.ashr", shift("ashr"))

	for name, a := range map[string]string{"fadd": "addf", "fsub": "subf", "fmul": "mulf", "fdiv": "divf", "frem": "remf",
		"sitofp": "sitofp", "uitofp": "uitofp", "fpext": "extf", "fptrunc": "truncf"} {
		reg.Register("llvm."+name, scalar(arithScalar("arith."+a)))
	}
	reg.Register("llvm.fneg", scalar(fneg))
	reg.Register("llvm.icmp", icmpOp)
	reg.Register("llvm.fcmp", scalar(fcmp))
	reg.Register("llvm.select", selectOp)
	reg.Register("llvm.sext", scalar(sext))
	reg.Register("llvm.zext", scalar(zext))
	reg.Register("llvm.trunc", truncOp)
	reg.Register("llvm.fptosi", fpToInt(true))
	reg.Register("llvm.fptoui", fpToInt(false))
	reg.Register("llvm.bitcast", bitcastOp)
	reg.Register("llvm.addrspacecast", bitcastOp)
	reg.Register("llvm.ptrtoint", ptrToInt)
	reg.Register("llvm.inttoptr", intToPtr)

	for intr, m := range map[string]string{"sqrt": "sqrt", "exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2",
		"log10": "log10", "fabs": "absf", "ceil": "ceil", "floor": "floor", "round": "round", "roundeven": "roundeven",
		"trunc": "trunc", "sin": "sin", "cos": "cos", "tan": "tan", "tanh": "tanh", "asin": "asin", "acos": "acos",
		"atan": "atan", "sinh": "sinh", "cosh": "cosh", "pow": "powf", "copysign": "copysign", "atan2": "atan2",
		"fma": "fma", "fmuladd": "fma", "powi": "fpowi", "ctpop": "ctpop"} {
		reg.Register("llvm.intr."+intr, scalar(math.Scalar("math."+m)))
	}
	for intr, a := range map[string]string{"minnum": "minnumf", "maxnum": "maxnumf", "minimum": "minimumf",
		"maximum": "maximumf", "smax": "maxsi", "smin": "minsi", "umax": "maxui", "umin": "minui"} {
		reg.Register("llvm.intr."+intr, scalar(arithScalar("arith."+a)))
	}
	reg.Register("llvm.intr.exp10", scalar(exp10))
	reg.Register("llvm.intr.rint", scalar(roundEven))
	reg.Register("llvm.intr.nearbyint", scalar(roundEven))
	reg.Register("llvm.intr.bitreverse", scalar(bitReverse))
	reg.Register("llvm.intr.ctlz", countZeros(true))
	reg.Register("llvm.intr.cttz", countZeros(false))
	reg.Register("llvm.intr.abs", absInt)
	reg.Register("llvm.intr.is.fpclass", scalar(isFPClass))
	reg.Register("llvm.intr.sincos", sincos)
	reg.Register("llvm.intr.prefetch", prefetch)
	reg.Register("llvm.intr.memcpy", memTransfer)
	reg.Register("llvm.intr.memcpy.inline", memTransfer)
	reg.Register("llvm.intr.memmove", memTransfer)
	reg.Register("llvm.intr.memset", memSet)
	reg.Register("llvm.intr.assume", assume)
	reg.Register("llvm.intr.stacksave", stackSave)
	reg.Register("llvm.intr.stackrestore", stackRestore)

	reg.RegisterExternal("malloc", malloc)
	reg.RegisterExternal("aligned_alloc", alignedAlloc)
	reg.RegisterExternal("free", free)
	reg.RegisterExternal("memrefCopy", memrefCopy)
	reg.RegisterExternal("puts", puts)
	reg.RegisterExternal("abort", abort)

	// The C library's math functions (convert-math-to-libm's calls) return
	// poison for a poison argument, as the operations they implement.
	for _, name := range math.LibmFunctions() {
		if prev := reg.External(name); prev != nil {
			reg.RegisterExternal(name, poisonThrough(prev))
		}
	}

	// A poison value printed is an error.
	for _, name := range []string{"printF32", "printF64", "printF16", "printBF16", "printI64", "printU64"} {
		if prev := reg.External(name); prev != nil {
			reg.RegisterExternal(name, noPoison(prev))
		}
	}

	elems := map[string]func(*ir.Context) ir.Type{
		"F32":  func(c *ir.Context) ir.Type { return c.FloatType(ir.F32) },
		"F64":  func(c *ir.Context) ir.Type { return c.FloatType(ir.F64) },
		"F16":  func(c *ir.Context) ir.Type { return c.FloatType(ir.F16) },
		"BF16": func(c *ir.Context) ir.Type { return c.FloatType(ir.BF16) },
		"I8":   func(c *ir.Context) ir.Type { return c.I(8) },
		"I16":  func(c *ir.Context) ir.Type { return c.I(16) },
		"I32":  func(c *ir.Context) ir.Type { return c.I(32) },
		"I64":  func(c *ir.Context) ir.Type { return c.I(64) },
		"Ind":  func(c *ir.Context) ir.Type { return c.IndexType() },
	}
	for suffix, elem := range elems {
		for _, name := range []string{"printMemref" + suffix, "_mlir_ciface_printMemref" + suffix} {
			reg.RegisterExternal(name, printMemref(elem, reg.External(name)))
		}
	}

	for suffix, part := range map[string]int64{"C32": 4, "C64": 8} {
		for _, name := range []string{"printMemref" + suffix, "_mlir_ciface_printMemref" + suffix} {
			reg.RegisterExternal(name, printComplexMemref(part, reg.External(name)))
		}
	}

	registerVector(reg)
}
