package pass

import (
	"bytes"
	"hash/maphash"
	"slices"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// IRPrinting configures the IR dumps around passes (mlir-opt's
// --mlir-print-ir-* flags). Dumps go to the manager's Output, printed with
// its PrintOptions, each headed as MLIR does:
//
//	// -----// IR Dump After CSE (cse) //----- //
//	func.func @f() {
//	  return
//	}
//
// A pass that ran on a nested operation dumps that operation only; with
// ModuleScope the top-level operation is printed instead and the header
// names the operation: `// -----// IR Dump After CSE (cse) ('func.func'
// operation: @f) //----- //`.
type IRPrinting struct {
	// BeforeAll and AfterAll dump around every pass
	// (--mlir-print-ir-before-all, --mlir-print-ir-after-all).
	BeforeAll, AfterAll bool
	// Before and After list the pass arguments to dump around
	// (--mlir-print-ir-before=cse,canonicalize).
	Before, After []string
	// AfterChange only dumps after a pass when it changed the IR
	// (--mlir-print-ir-after-change).
	AfterChange bool
	// AfterFailure only dumps after a pass when it failed, whatever the
	// other After settings say (--mlir-print-ir-after-failure).
	AfterFailure bool
	// ModuleScope prints the top-level operation
	// (--mlir-print-ir-module-scope). The passes then run sequentially,
	// since printing the whole IR while siblings change would race.
	ModuleScope bool
}

// EnableIRPrinting installs the IR printer.
func (m *Manager) EnableIRPrinting(cfg IRPrinting) {
	if cfg.ModuleScope {
		m.sequential = true
	}
	m.AddInstrumentation(&irPrinter{cfg: cfg, m: m, fingerprints: map[fpKey]uint64{}})
}

type fpKey struct {
	pass Pass
	op   *ir.Operation
}

type irPrinter struct {
	NopInstrumentation
	cfg          IRPrinting
	m            *Manager
	fingerprints map[fpKey]uint64
}

func (ip *irPrinter) printBefore(p Pass) bool {
	return ip.cfg.BeforeAll || slices.Contains(ip.cfg.Before, p.PassInfo().Argument)
}

func (ip *irPrinter) printAfter(p Pass) bool {
	return ip.cfg.AfterAll || ip.cfg.AfterFailure || slices.Contains(ip.cfg.After, p.PassInfo().Argument)
}

func (ip *irPrinter) BeforePass(e PassEvent) {
	if _, ok := e.Pass.(*Adaptor); ok {
		return
	}
	if ip.cfg.AfterChange {
		ip.fingerprints[fpKey{e.Pass, e.Op}] = fingerprint(e.Op)
	}
	if ip.printBefore(e.Pass) {
		ip.dump(e, "// -----// IR Dump Before "+passName(e.Pass)+" ("+e.Pass.PassInfo().Argument+")")
	}
}

func (ip *irPrinter) AfterPass(e PassEvent) {
	if _, ok := e.Pass.(*Adaptor); ok {
		return
	}
	if ip.cfg.AfterFailure {
		return
	}
	if ip.cfg.AfterChange {
		k := fpKey{e.Pass, e.Op}
		fp, ok := ip.fingerprints[k]
		delete(ip.fingerprints, k)
		if ok && fp == fingerprint(e.Op) {
			return
		}
	}
	if ip.printAfter(e.Pass) {
		ip.dump(e, "// -----// IR Dump After "+passName(e.Pass)+" ("+e.Pass.PassInfo().Argument+")")
	}
}

func (ip *irPrinter) AfterPassFailed(e PassEvent) {
	if _, ok := e.Pass.(*Adaptor); ok {
		return
	}
	if ip.cfg.AfterChange {
		delete(ip.fingerprints, fpKey{e.Pass, e.Op})
	}
	if ip.printAfter(e.Pass) {
		ip.dump(e, "// -----// IR Dump After "+passName(e.Pass)+" Failed ("+e.Pass.PassInfo().Argument+")")
	}
}

// dump writes a header and the IR as MLIR's printIR: the operation itself
// with local scope, or the top-level operation.
func (ip *irPrinter) dump(e PassEvent, header string) {
	var b bytes.Buffer
	b.WriteString(header)
	op := e.Op
	if ip.cfg.ModuleScope {
		b.WriteString(" ('" + op.Name() + "' operation")
		if name, ok := ir.SymbolName(op); ok {
			b.WriteString(": @" + name)
		}
		b.WriteString(") //----- //\n")
		for op.ParentOp() != nil {
			op = op.ParentOp()
		}
	} else {
		b.WriteString(" //----- //\n")
	}
	opts := ip.m.PrintOptions
	opts.Resources = nil
	// asm.Print writes the operation and one empty line, as mlir-opt's
	// output; MLIR's dump is the operation and two newlines, where the
	// print of a top-level operation ends with a newline of its own.
	asm.Print(&b, op, opts)
	if op.Block() == nil {
		b.WriteString("\n")
	}
	e.Out.Write(b.Bytes())
}

var fpSeed = maphash.MakeSeed()

// fingerprint hashes the identity and structure of op and everything
// nested in it, as MLIR's OperationFingerPrint: operation, block and value
// pointers, the parent of each nested operation, attributes, properties,
// locations, operands, successors and result types. Attributes and types
// are interned, so pointer identity is structural identity.
func fingerprint(top *ir.Operation) uint64 {
	var h maphash.Hash
	h.SetSeed(fpSeed)
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		maphash.WriteComparable(&h, op)
		if op != top {
			maphash.WriteComparable(&h, op.ParentOp())
		}
		maphash.WriteComparable(&h, any(op.Attrs()))
		maphash.WriteComparable(&h, op.Properties())
		for i := 0; i < op.NumRegions(); i++ {
			for b := op.Region(i).First(); b != nil; b = b.Next() {
				maphash.WriteComparable(&h, b)
				for _, a := range b.Arguments() {
					maphash.WriteComparable(&h, a)
					maphash.WriteComparable(&h, a.Type())
				}
			}
		}
		maphash.WriteComparable(&h, op.Loc())
		for i := 0; i < op.NumOperands(); i++ {
			maphash.WriteComparable(&h, op.Operand(i))
		}
		for i := 0; i < op.NumSuccessors(); i++ {
			maphash.WriteComparable(&h, op.Successor(i))
		}
		for i := 0; i < op.NumResults(); i++ {
			maphash.WriteComparable(&h, op.Result(i).Type())
		}
		return true
	})
	return h.Sum64()
}
