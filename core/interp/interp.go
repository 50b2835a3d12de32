// Package interp is Strata's IR interpreter framework. The core knows no
// operation: dialects describe what their operations do by registering an
// OpFunc per operation name in a Registry (interp/std registers func and
// arith), and an Interpreter executes IR with a Registry.
//
// Execution model. Interpreter.Call runs a function-like operation (any
// operation whose first region's entry block takes the arguments) in a new
// Frame: the operations of the entry block run in order, each through the
// OpFunc registered for its name, which reads its operands with
// Frame.Operand and writes its results with Frame.SetResult. A terminator
// that leaves the region (func.return) calls Frame.Return. Calls
// (func.call) resolve their callee with Interpreter.LookupSymbol and call
// Interpreter.Call recursively; the call depth is bounded by MaxDepth.
// Branches between blocks are not interpreted yet.
//
// Errors are *ir.Diagnostic values located at the failing operation
// ("file:line:col: error: ..."); an operation without semantics is an
// error, never a panic.
package interp

import (
	"fmt"
	"sort"

	"github.com/strata-ir/strata/core/ir"
)

// OpFunc gives an operation its semantics: it reads the operands from the
// frame, writes the results into it, and returns an error (preferably made
// with Frame.Errorf) when the operation cannot execute.
type OpFunc func(f *Frame, op *ir.Operation) error

// Registry maps operation names ("arith.addi") to their semantics. A
// Registry is filled before execution starts and is then read-only, so one
// Registry may serve several interpreters concurrently.
type Registry struct {
	ops map[string]OpFunc
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{ops: map[string]OpFunc{}} }

// Register sets the semantics of the operation opName, replacing any
// earlier registration.
func (r *Registry) Register(opName string, fn OpFunc) { r.ops[opName] = fn }

// Lookup returns the semantics of opName, or nil.
func (r *Registry) Lookup(opName string) OpFunc { return r.ops[opName] }

// Names returns the registered operation names, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.ops))
	for n := range r.ops {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// DefaultMaxDepth is the default bound on nested calls.
const DefaultMaxDepth = 10000

// Interpreter executes IR with the semantics of a Registry. It is not safe
// for concurrent use.
type Interpreter struct {
	reg *Registry
	// MaxDepth bounds the call depth; deeper calls fail with a located
	// error instead of exhausting the stack.
	MaxDepth int
	depth    int
	symbols  map[*ir.Operation]*ir.Operation
}

// New returns an interpreter using the semantics in reg.
func New(reg *Registry) *Interpreter {
	return &Interpreter{reg: reg, MaxDepth: DefaultMaxDepth, symbols: map[*ir.Operation]*ir.Operation{}}
}

// Registry returns the interpreter's registry.
func (in *Interpreter) Registry() *Registry { return in.reg }

// Frame holds the values of one activation: one call of a function.
type Frame struct {
	in       *Interpreter
	fn       *ir.Operation
	vals     map[ir.Value]Value
	returned bool
	results  []Value
}

// Interpreter returns the interpreter running the frame.
func (f *Frame) Interpreter() *Interpreter { return f.in }

// Function returns the operation whose region the frame executes.
func (f *Frame) Function() *ir.Operation { return f.fn }

// Get returns the run-time value of an SSA value, or an error located at
// user when the value has not been computed.
func (f *Frame) Get(user *ir.Operation, v ir.Value) (Value, error) {
	if x, ok := f.vals[v]; ok {
		return x, nil
	}
	return Value{}, f.Errorf(user, "operand has no value in the interpreter (defined outside the executed block?)")
}

// Set records the run-time value of an SSA value.
func (f *Frame) Set(v ir.Value, x Value) { f.vals[v] = x }

// Operand returns the value of op's operand i.
func (f *Frame) Operand(op *ir.Operation, i int) (Value, error) {
	if i >= op.NumOperands() {
		return Value{}, f.Errorf(op, fmt.Sprintf("expected at least %d operands", i+1))
	}
	return f.Get(op, op.Operand(i))
}

// Operands returns the values of all of op's operands.
func (f *Frame) Operands(op *ir.Operation) ([]Value, error) {
	vs := make([]Value, op.NumOperands())
	for i := range vs {
		v, err := f.Get(op, op.Operand(i))
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

// SetResult records the value of op's result i.
func (f *Frame) SetResult(op *ir.Operation, i int, x Value) { f.vals[op.Result(i)] = x }

// Return ends the frame's execution with the given results (the semantics
// of a return-like terminator).
func (f *Frame) Return(results []Value) {
	f.returned = true
	f.results = results
}

// Errorf returns an error diagnostic located at op.
func (f *Frame) Errorf(op *ir.Operation, msg string) error { return Errorf(op, msg) }

// Errorf returns an error diagnostic located at op.
func Errorf(op *ir.Operation, msg string) *ir.Diagnostic { return ir.NewError(op.Loc(), msg) }

// LookupSymbol resolves a symbol reference from the operation from (a
// call), caching the result per operation.
func (in *Interpreter) LookupSymbol(from *ir.Operation, ref *ir.SymbolRefAttr) *ir.Operation {
	if s, ok := in.symbols[from]; ok {
		return s
	}
	s := ir.LookupNearestSymbolFrom(from, ref)
	if s != nil {
		in.symbols[from] = s
	}
	return s
}

// LookupFunction finds the top-level symbol name (a function) in module.
func LookupFunction(module *ir.Operation, name string) *ir.Operation {
	return ir.NewSymbolTable(module).Lookup(name)
}

// Call executes fn, a function-like operation, on args: its first region's
// entry block receives args as block arguments and runs until an operation
// calls Frame.Return. Errors are located at the failing operation; caller,
// when not nil, is the call site and is noted on a failure to start.
func (in *Interpreter) Call(caller, fn *ir.Operation, args []Value) ([]Value, error) {
	where := fn
	if caller != nil {
		where = caller
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, Errorf(where, "cannot call '"+fn.Name()+"': it has no body")
	}
	if in.depth >= in.MaxDepth {
		return nil, Errorf(where, fmt.Sprintf("maximum call depth (%d) exceeded", in.MaxDepth))
	}
	in.depth++
	defer func() { in.depth-- }()
	entry := fn.Region(0).First()
	f := &Frame{in: in, fn: fn, vals: make(map[ir.Value]Value, 16)}
	if entry.NumArguments() != len(args) {
		return nil, Errorf(where, fmt.Sprintf("'%s' expects %d arguments, got %d", fn.Name(), entry.NumArguments(), len(args)))
	}
	for i, a := range args {
		f.vals[entry.Argument(i)] = a
	}
	if err := in.runBlock(f, entry); err != nil {
		return nil, err
	}
	return f.results, nil
}

func (in *Interpreter) runBlock(f *Frame, b *ir.Block) error {
	for op := b.First(); op != nil; op = op.Next() {
		fn := in.reg.Lookup(op.Name())
		if fn == nil {
			return Errorf(op, "the interpreter has no semantics for '"+op.Name()+"'")
		}
		if err := fn(f, op); err != nil {
			return err
		}
		if f.returned {
			return nil
		}
	}
	if last := b.Last(); last != nil {
		return Errorf(last, "execution reached the end of the block without a return")
	}
	return Errorf(f.fn, "execution reached the end of an empty block")
}
