package gpu

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
)

// AsyncOpModel is the behaviour of upstream's GPU_AsyncOpInterface: an
// operation that can run asynchronously on the device, after its async
// dependencies (the first operands), and that then returns a
// !gpu.async.token (its last result).
type AsyncOpModel interface {
	// AsyncDependencies returns the tokens the operation waits for.
	AsyncDependencies(op *ir.Operation) []ir.Value
	// AsyncToken returns the token result, nil for a synchronous
	// operation.
	AsyncToken(op *ir.Operation) ir.Value
	// AddAsyncDependency makes the operation wait for token too (first in
	// the list), unless it already does.
	AddAsyncDependency(op *ir.Operation, token ir.Value)
}

// AsyncOp is the AsyncOpInterface of gpu.launch, gpu.launch_func,
// gpu.wait, gpu.alloc, gpu.dealloc, gpu.memcpy and gpu.memset.
var AsyncOp = ir.DeclareOpInterface[AsyncOpModel]("gpu.AsyncOpInterface")

// asyncOps are the operations that implement AsyncOp.
var asyncOps = []string{LaunchOpName, LaunchFuncOpName, WaitOpName, AllocOpName, DeallocOpName, MemcpyOpName, MemsetOpName}

func attachAsyncOp(ctx *ir.Context) {
	for _, name := range asyncOps {
		if on := ctx.LookupOpName(name); on != nil {
			AsyncOp.Attach(on.Def, asyncModel{})
		}
	}
}

// IsAsyncTokenType reports whether t is !gpu.async.token.
func IsAsyncTokenType(t ir.Type) bool {
	o, ok := t.(*ir.OpaqueType)
	return ok && o.Dialect == "gpu" && o.Data == asyncTokenName
}

// AsyncTokenType returns !gpu.async.token.
func AsyncTokenType(ctx *ir.Context) ir.Type { return tokenType(ctx) }

// asyncModel implements AsyncOp for operations whose async dependencies
// are their first operand group (the first segment of
// operandSegmentSizes, or the leading token operands) and whose token is
// their last result.
type asyncModel struct{}

func (asyncModel) numDependencies(op *ir.Operation) int {
	if a, ok := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr); ok {
		if a.Size > 0 {
			// Sizes that do not verify give what the operands hold.
			return min(max(segmentStart(op, "operandSegmentSizes", 1), 0), op.NumOperands())
		}
	}
	n := 0
	for n < op.NumOperands() && IsAsyncTokenType(op.Operand(n).Type()) {
		n++
	}
	return n
}

func (m asyncModel) AsyncDependencies(op *ir.Operation) []ir.Value {
	return op.Operands()[:m.numDependencies(op)]
}

func (asyncModel) AsyncToken(op *ir.Operation) ir.Value {
	if n := op.NumResults(); n > 0 && IsAsyncTokenType(op.Result(n-1).Type()) {
		return op.Result(n - 1)
	}
	return nil
}

func (m asyncModel) AddAsyncDependency(op *ir.Operation, token ir.Value) {
	if slices.Contains(m.AsyncDependencies(op), token) {
		return
	}
	op.SetOperands(append([]ir.Value{token}, op.Operands()...))
	props, ok := op.Properties().(*ir.DictionaryAttr)
	if !ok {
		return
	}
	sizes, ok := props.Get("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || sizes.Size == 0 {
		return
	}
	vals := make([]int32, sizes.Size)
	for i := range vals {
		vals[i] = int32(segmentStart(op, "operandSegmentSizes", i+1) - segmentStart(op, "operandSegmentSizes", i))
	}
	vals[0]++
	ctx := op.Context()
	entries := slices.Clone(props.Entries)
	for i := range entries {
		if entries[i].Name == "operandSegmentSizes" {
			entries[i].Value = ctx.DenseI32Array(vals...)
		}
	}
	op.SetProperties(ctx.DictionaryAttr(entries))
}

// asyncTokenName is the body of !gpu.async.token.
const asyncTokenName = "async.token"
