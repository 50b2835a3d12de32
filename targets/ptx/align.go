package ptx

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// Shared memory that Hopper's async proxy reads or writes must be aligned
// beyond what its element type asks: the bulk tensor copies (TMA) fault
// with CUDA_ERROR_MISALIGNED_ADDRESS on a shared-memory box that does
// not start on 128 bytes, and with a swizzle mode the box must start on
// the pattern's repeat (1024 bytes for the 128-byte swizzle) for the
// tensor cores' descriptors, whose base offset every lowering sets to 0,
// to read what the copy wrote. The swizzle is chosen on the host (in the
// tensor map), so the emitter aligns every shared variable whose address
// reaches a tensor copy or a wgmma descriptor to 1024 bytes.

// AsyncProxyAlignment is the alignment, in bytes, of the shared memory
// that a tensor copy or a wgmma descriptor addresses.
const AsyncProxyAlignment = 1024

// AlignedAddresses is the operation interface through which an operation
// says which of its operands address shared memory that must be aligned
// beyond its element type (AlignedAddress); the emitter raises the
// alignment of the shared variables they point into.
type AlignedAddresses interface {
	AlignedAddresses(op *ir.Operation) []AlignedAddress
}

// AlignedAddress is an operand value that addresses shared memory (a
// pointer, or an integer such as a wgmma descriptor computed from one)
// and the alignment the memory it points into needs.
type AlignedAddress struct {
	Value ir.Value
	Align int64
}

// AlignedAddressesFunc adapts a function to AlignedAddresses.
type AlignedAddressesFunc func(op *ir.Operation) []AlignedAddress

// AlignedAddresses calls fn.
func (fn AlignedAddressesFunc) AlignedAddresses(op *ir.Operation) []AlignedAddress { return fn(op) }

// AlignedAddressesOp is the operation interface ptx.AlignedAddresses.
var AlignedAddressesOp = ir.DeclareOpInterface[AlignedAddresses]("ptx.AlignedAddresses")

// AddressFlow is the operation interface through which the emitter
// follows an address back to the variable it points into: AddressSources
// returns the operands whose addresses the operation's results carry (a
// getelementptr's base, a cast's source, both sides of an integer add).
// An operation without it ends the search (a load, a constant).
type AddressFlow interface {
	AddressSources(op *ir.Operation) []ir.Value
}

// AddressFlowFunc adapts a function to AddressFlow.
type AddressFlowFunc func(op *ir.Operation) []ir.Value

// AddressSources calls fn.
func (fn AddressFlowFunc) AddressSources(op *ir.Operation) []ir.Value { return fn(op) }

// AddressFlowOp is the operation interface ptx.AddressFlow.
var AddressFlowOp = ir.DeclareOpInterface[AddressFlow]("ptx.AddressFlow")

// alignedAddressModels are the operations of the nvvm dialect whose
// operands address shared memory through the async proxy.
func alignedAddressModels() map[string]AlignedAddressesFunc {
	return map[string]AlignedAddressesFunc{
		"nvvm.cp.async.bulk.tensor.shared.cluster.global": func(op *ir.Operation) []AlignedAddress {
			return []AlignedAddress{{nvvm.CpAsyncBulkTensorSharedClusterGlobalOp{Operation: op}.DstMem(), AsyncProxyAlignment}}
		},
		"nvvm.cp.async.bulk.tensor.global.shared.cta": func(op *ir.Operation) []AlignedAddress {
			return []AlignedAddress{{nvvm.CpAsyncBulkTensorGlobalSharedCtaOp{Operation: op}.SrcMem(), AsyncProxyAlignment}}
		},
		"nvvm.wgmma.mma_async": func(op *ir.Operation) []AlignedAddress {
			w := nvvm.WgmmaMmaAsyncOp{Operation: op}
			return []AlignedAddress{{w.DescriptorA(), AsyncProxyAlignment}, {w.DescriptorB(), AsyncProxyAlignment}}
		},
		"nvvm.wgmma.mma_async.rs": func(op *ir.Operation) []AlignedAddress {
			return []AlignedAddress{{nvvm.WgmmaMmaAsyncRsOp{Operation: op}.DescriptorB(), AsyncProxyAlignment}}
		},
	}
}

// addressFlowModels are the operations of the llvm dialect through which
// an address flows.
func addressFlowModels() map[string]AddressFlowFunc {
	first := func(op *ir.Operation) []ir.Value { return op.Operands()[:min(1, op.NumOperands())] }
	all := func(op *ir.Operation) []ir.Value { return op.Operands() }
	m := map[string]AddressFlowFunc{
		"llvm.getelementptr": func(op *ir.Operation) []ir.Value {
			return []ir.Value{llvm.GetelementptrOp{Operation: op}.Base()}
		},
		"llvm.select":      func(op *ir.Operation) []ir.Value { return op.Operands()[min(1, op.NumOperands()):] },
		"llvm.insertvalue": all,
	}
	for _, name := range []string{"llvm.addrspacecast", "llvm.bitcast", "llvm.ptrtoint", "llvm.inttoptr",
		"llvm.zext", "llvm.sext", "llvm.trunc", "llvm.extractvalue", "nvvm.mapa"} {
		m[name] = first
	}
	for _, name := range []string{"llvm.add", "llvm.sub", "llvm.or", "llvm.and", "llvm.xor", "llvm.shl", "llvm.lshr", "llvm.ashr"} {
		m[name] = all
	}
	return m
}

// sharedAlignments returns, for the shared variables of the functions
// funcs, the alignment the async proxy needs of them (by symbol name),
// where it needs more than none.
func sharedAlignments(funcs []*ir.Operation, globals map[string]*ir.Operation) map[string]int64 {
	need := map[string]int64{}
	for _, fn := range funcs {
		fn.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			model, ok := AlignedAddressesOp.Of(op)
			if !ok {
				return true
			}
			for _, a := range model.AlignedAddresses(op) {
				if a.Value == nil {
					continue
				}
				for _, g := range addressRoots(a.Value) {
					if gop, ok := globals[g]; ok && globalAddrSpace(gop) == 3 && need[g] < a.Align {
						need[g] = a.Align
					}
				}
			}
			return true
		})
	}
	return need
}

// addressRoots returns the symbols of the globals whose llvm.mlir.addressof
// the value v may derive from, following AddressFlow through operations
// and branches through block arguments.
func addressRoots(v ir.Value) []string {
	var roots []string
	seen := map[ir.Value]bool{}
	work := []ir.Value{v}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		switch x := v.(type) {
		case *ir.OpResult:
			op := x.Owner()
			if a, ok := llvm.AsMlirAddressofOp(op); ok {
				roots = append(roots, a.GlobalName())
				continue
			}
			if model, ok := AddressFlowOp.Of(op); ok {
				work = append(work, model.AddressSources(op)...)
			}
		case *ir.BlockArgument:
			for u := x.Owner().FirstUse(); u != nil; u = u.Next() {
				ops, exact := successorOperands(u.Owner(), u.Index())
				if exact {
					if x.Index() < len(ops) {
						work = append(work, ops[x.Index()])
					}
				} else {
					work = append(work, ops...)
				}
			}
		}
	}
	return roots
}

// successorOperands returns the operands that terminator term passes to
// its successor i, and whether they are exactly the successor's
// arguments in order (otherwise they are all the operands that may reach
// it).
func successorOperands(term *ir.Operation, i int) ([]ir.Value, bool) {
	if b, ok := llvm.AsBrOp(term); ok {
		return b.Operands(), true
	}
	if c, ok := llvm.AsCondBrOp(term); ok {
		if i == 0 {
			return c.TrueDestOperands(), true
		}
		return c.FalseDestOperands(), true
	}
	if s, ok := llvm.AsSwitchOp(term); ok && i == 0 {
		return s.DefaultOperands(), true
	}
	return term.Operands(), false
}
