// Package interp is Strata's IR interpreter framework. The core knows no
// operation: dialects describe what their operations do by registering an
// OpFunc per operation name in a Registry (interp/arith registers the arith
// dialect's), and an Interpreter executes IR with a Registry.
//
// Execution model. Interpreter.Call runs a function-like operation (any
// operation whose first region's entry block takes the arguments) in a new
// Frame: the operations of the entry block run in order, each through the
// OpFunc registered for its name, which reads its operands with
// Frame.Operand and writes its results with Frame.SetResult. A terminator
// that leaves the region (func.return) calls Frame.Return. Calls
// (func.call) resolve their callee with Interpreter.LookupSymbol and call
// Interpreter.Call recursively; the call depth is bounded by MaxDepth.
// A call of a function without a body runs the ExternalFunc registered
// under its symbol name (the runner utilities, printMemrefF32 and the
// like, are such externals).
//
// Regions run block by block: a branch terminator (cf.br) calls
// Frame.Branch to continue in another block of the same region, and a
// terminator that leaves the region (scf.yield) calls Frame.Yield with the
// values it forwards; Frame.RunRegion returns them to the region-holding
// operation. Nested regions share their function's Frame. An operation
// without registered semantics that implements RegionBranchOpInterface
// with a single path through its regions (scf.execute_region-like) runs
// through the interface.
//
// Errors are *ir.Diagnostic values located at the failing operation
// ("file:line:col: error: ..."); an operation without semantics is an
// error, never a panic.
package interp

import (
	"fmt"
	"io"
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
	ops    map[string]OpFunc
	extern map[string]ExternalFunc
	// poisonOK holds the operation names and dialect prefixes ("arith.")
	// of AcceptPoison.
	poisonOK map[string]bool
	// executedBy maps the operations of ExecutedBy to what executes them.
	executedBy map[string]string
}

// ExternalFunc is the implementation of a function declared without a body
// (a runtime library function): it receives the call's argument values and
// returns its results.
type ExternalFunc func(f *Frame, call *ir.Operation, args []Value) ([]Value, error)

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{ops: map[string]OpFunc{}, extern: map[string]ExternalFunc{}, poisonOK: map[string]bool{}, executedBy: map[string]string{}}
}

// ExecutedBy declares that the operation opName has no semantics of its
// own because the semantics of the operation by execute it: a
// terminator or nested operation that its parent interprets (scf.reduce
// is how scf.parallel combines its iterations), or a function-like
// operation that calls run (func.func, by func.call). Reaching such an
// operation outside its executor is a located error that names the
// executor.
func (r *Registry) ExecutedBy(opName, by string) { r.executedBy[opName] = by }

// Executor returns the operation declared with ExecutedBy to execute
// opName, or "".
func (r *Registry) Executor(opName string) string { return r.executedBy[opName] }

// AcceptPoison declares operations whose semantics handle poison operands
// (Poison) themselves: names ("cf.cond_br") or dialect prefixes ending in
// a dot ("arith."), and external functions (by symbol name) that accept
// poison arguments. Any other operation reading a poison operand through
// Frame.Operand or Frame.Operands, and any other external function called
// with a poison argument, fails with an error located at it.
func (r *Registry) AcceptPoison(names ...string) {
	for _, n := range names {
		r.poisonOK[n] = true
	}
}

// acceptsPoison reports whether opName was declared by AcceptPoison.
func (r *Registry) acceptsPoison(opName string) bool {
	if r.poisonOK[opName] {
		return true
	}
	for i := 0; i < len(opName); i++ {
		if opName[i] == '.' {
			return r.poisonOK[opName[:i+1]]
		}
	}
	return false
}

// RegisterExternal sets the implementation of the bodiless function named
// name.
func (r *Registry) RegisterExternal(name string, fn ExternalFunc) { r.extern[name] = fn }

// External returns the implementation of the bodiless function name, or nil.
func (r *Registry) External(name string) ExternalFunc { return r.extern[name] }

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
	// Out receives what the program prints (the runner utilities).
	Out     io.Writer
	depth   int
	symbols map[*ir.Operation]*ir.Operation
	globals map[*ir.Operation]Value
	data    map[any]any
	// opCache memoizes registry lookups per interned operation name.
	opCache map[*ir.OpName]cachedOp
	tables  map[*ir.Operation]*slotTable
	// CheckLeaks makes the interpreter record the heap buffers the
	// semantics report with TrackAllocation, so that Leaks can list those
	// never deallocated.
	CheckLeaks bool
	heap       []allocation
	compactAt  int
	// context is the execution context of a forked interpreter (Fork).
	context any
}

// Fork returns an interpreter that shares in's registry, output,
// globals, symbol and slot caches and data, with its own call depth and
// the execution context ctx (Context). The SIMT model runs each GPU
// thread on a fork whose context is the thread. Forks and their parent
// must not run concurrently: one runs at a time (coroutines), so the
// caches they share need no lock. Heap buffers tracked by a fork for
// CheckLeaks are not seen by its parent.
func (in *Interpreter) Fork(ctx any) *Interpreter {
	if in.opCache == nil {
		in.opCache = map[*ir.OpName]cachedOp{}
	}
	if in.tables == nil {
		in.tables = map[*ir.Operation]*slotTable{}
	}
	if in.data == nil {
		in.data = map[any]any{}
	}
	return &Interpreter{reg: in.reg, MaxDepth: in.MaxDepth, Out: in.Out, symbols: in.symbols,
		globals: in.globals, data: in.data, opCache: in.opCache, tables: in.tables, context: ctx}
}

// Context returns the execution context given to Fork (nil for an
// interpreter made by New).
func (in *Interpreter) Context() any { return in.context }

// cachedOp is an operation name's semantics and whether it accepts poison
// operands.
type cachedOp struct {
	fn       OpFunc
	poisonOK bool
}

// allocation is a heap buffer and the operation that allocated it.
type allocation struct {
	buf *Buffer
	op  *ir.Operation
}

// TrackAllocation records that op allocated buf on the heap (memref.alloc,
// bufferization.clone); it does nothing unless CheckLeaks is set.
func (in *Interpreter) TrackAllocation(buf *Buffer, op *ir.Operation) {
	if !in.CheckLeaks {
		return
	}
	if len(in.heap) >= in.compactAt {
		live := in.heap[:0]
		for _, a := range in.heap {
			if !a.buf.Freed {
				live = append(live, a)
			}
		}
		in.heap = live
		in.compactAt = 2*len(live) + 1024
	}
	in.heap = append(in.heap, allocation{buf, op})
}

// Leaks returns, in allocation order, the operations whose heap buffers
// (recorded with TrackAllocation) are not deallocated and not reachable
// from keep (e.g. the results the entry function hands to its caller).
func (in *Interpreter) Leaks(keep []Value) []*ir.Operation {
	kept := map[*Buffer]bool{}
	for _, v := range keep {
		if m := v.MemRef(); m != nil {
			kept[m.Buf] = true
		}
	}
	var out []*ir.Operation
	for _, a := range in.heap {
		if !a.buf.Freed && !kept[a.buf] {
			out = append(out, a.op)
		}
	}
	return out
}

// SetData keeps v under key for the semantics of operations that share
// state during execution (a structured operation's loop indices, read by
// linalg.index); v nil removes the key.
func (in *Interpreter) SetData(key, v any) {
	if v == nil {
		delete(in.data, key)
		return
	}
	if in.data == nil {
		in.data = map[any]any{}
	}
	in.data[key] = v
}

// Data returns the value kept under key, or nil.
func (in *Interpreter) Data(key any) any { return in.data[key] }

// New returns an interpreter using the semantics in reg; its output is
// discarded until Out is set.
func New(reg *Registry) *Interpreter {
	return &Interpreter{reg: reg, MaxDepth: DefaultMaxDepth, Out: io.Discard,
		symbols: map[*ir.Operation]*ir.Operation{}, globals: map[*ir.Operation]Value{}}
}

// Global returns the value kept for a global-defining operation
// (memref.global), calling mk on first use.
func (in *Interpreter) Global(op *ir.Operation, mk func() (Value, error)) (Value, error) {
	if v, ok := in.globals[op]; ok {
		return v, nil
	}
	v, err := mk()
	if err != nil {
		return Value{}, err
	}
	in.globals[op] = v
	return v, nil
}

// Registry returns the interpreter's registry.
func (in *Interpreter) Registry() *Registry { return in.reg }

// slotTable numbers the SSA values of one function, so that a frame keeps
// its values in a slice; operations and blocks cache their slots.
type slotTable struct {
	index  map[ir.Value]int32
	ops    map[*ir.Operation]*opSlots
	blocks map[*ir.Block][]int32
	code   map[*ir.Block]*blockCode
}

// blockCode is a block's operations in order, each with its slots and
// its semantics, so that running the block looks nothing up per
// operation.
type blockCode struct {
	ops []opCode
}

// opCode is one operation of a blockCode.
type opCode struct {
	op    *ir.Operation
	slots *opSlots
	sem   cachedOp
}

// opSlots are the slots of an operation's operands and results (-1 for a
// value the table does not number).
type opSlots struct{ operands, results []int32 }

func newSlotTable(fn *ir.Operation) *slotTable {
	t := &slotTable{index: map[ir.Value]int32{}, ops: map[*ir.Operation]*opSlots{}, blocks: map[*ir.Block][]int32{}, code: map[*ir.Block]*blockCode{}}
	var walk func(r *ir.Region)
	walk = func(r *ir.Region) {
		for _, b := range r.Blocks() {
			for _, a := range b.Arguments() {
				t.index[a] = int32(len(t.index))
			}
			for op := b.First(); op != nil; op = op.Next() {
				for i := 0; i < op.NumResults(); i++ {
					t.index[op.Result(i)] = int32(len(t.index))
				}
				for i := 0; i < op.NumRegions(); i++ {
					walk(op.Region(i))
				}
			}
		}
	}
	for i := 0; i < fn.NumRegions(); i++ {
		walk(fn.Region(i))
	}
	return t
}

func (t *slotTable) slot(v ir.Value) int32 {
	if i, ok := t.index[v]; ok {
		return i
	}
	return -1
}

func (t *slotTable) op(op *ir.Operation) *opSlots {
	if r, ok := t.ops[op]; ok {
		return r
	}
	r := &opSlots{operands: make([]int32, op.NumOperands()), results: make([]int32, op.NumResults())}
	for i := range r.operands {
		r.operands[i] = t.slot(op.Operand(i))
	}
	for i := range r.results {
		r.results[i] = t.slot(op.Result(i))
	}
	t.ops[op] = r
	return r
}

func (t *slotTable) block(b *ir.Block) []int32 {
	if s, ok := t.blocks[b]; ok {
		return s
	}
	s := make([]int32, b.NumArguments())
	for i := range s {
		s[i] = t.slot(b.Argument(i))
	}
	t.blocks[b] = s
	return s
}

// blockCode returns the code of block b, whose operations run with the
// semantics of in's registry.
func (t *slotTable) blockCode(in *Interpreter, b *ir.Block) *blockCode {
	if c, ok := t.code[b]; ok {
		return c
	}
	c := &blockCode{}
	for op := b.First(); op != nil; op = op.Next() {
		c.ops = append(c.ops, opCode{op: op, slots: t.op(op), sem: in.semantics(op)})
	}
	t.code[b] = c
	return c
}

// table returns the slot table of the function fn.
func (in *Interpreter) table(fn *ir.Operation) *slotTable {
	if t, ok := in.tables[fn]; ok {
		return t
	}
	if in.tables == nil {
		in.tables = map[*ir.Operation]*slotTable{}
	}
	t := newSlotTable(fn)
	in.tables[fn] = t
	return t
}

func (in *Interpreter) newFrame(fn *ir.Operation) *Frame {
	t := in.table(fn)
	return &Frame{in: in, fn: fn, tab: t, vals: make([]Value, len(t.index))}
}

// Frame holds the values of one activation: one call of a function.
type Frame struct {
	in   *Interpreter
	fn   *ir.Operation
	tab  *slotTable
	vals []Value
	// extra holds values the slot table does not number.
	extra map[ir.Value]Value
	// curOp is the operation being executed and cur its slots.
	curOp *ir.Operation
	cur   *opSlots
	// poisonOK is set while curOp accepts poison operands.
	poisonOK bool
	returned bool
	results  []Value
	// branch and branchArgs are the pending transfer set by Branch.
	branch     *ir.Block
	branchArgs []Value
	// yielded is set by Yield with its values in yieldVals.
	yielded   bool
	yieldVals []Value
	scratch   []Value
}

// OperandsScratch returns the values of op's operands in a slice owned by
// the frame, valid until the next call: for semantics that read their
// operands without keeping the slice, to save an allocation per
// operation.
func (f *Frame) OperandsScratch(op *ir.Operation) ([]Value, error) {
	n := op.NumOperands()
	if cap(f.scratch) < n {
		f.scratch = make([]Value, n, n+4)
	}
	vs := f.scratch[:n]
	for i := range vs {
		x, err := f.Operand(op, i)
		if err != nil {
			return nil, err
		}
		vs[i] = x
	}
	return vs, nil
}

func (f *Frame) get(slot int32, v ir.Value) (Value, bool) {
	if slot >= 0 {
		x := f.vals[slot]
		return x, x.Type != nil
	}
	x, ok := f.extra[v]
	return x, ok
}

func (f *Frame) set(slot int32, v ir.Value, x Value) {
	if slot >= 0 {
		f.vals[slot] = x
		return
	}
	if f.extra == nil {
		f.extra = map[ir.Value]Value{}
	}
	f.extra[v] = x
}

// Interpreter returns the interpreter running the frame.
func (f *Frame) Interpreter() *Interpreter { return f.in }

// Fork returns a copy of the frame run by in (a Fork of the frame's
// interpreter): it sees the values f holds now, and the values it sets
// are its own. The SIMT model runs the region of gpu.launch once per
// thread, each in a fork of the launching frame.
func (f *Frame) Fork(in *Interpreter) *Frame {
	g := &Frame{in: in, fn: f.fn, tab: f.tab, vals: append([]Value(nil), f.vals...)}
	if len(f.extra) > 0 {
		g.extra = make(map[ir.Value]Value, len(f.extra))
		for k, v := range f.extra {
			g.extra[k] = v
		}
	}
	return g
}

// Function returns the operation whose region the frame executes.
func (f *Frame) Function() *ir.Operation { return f.fn }

// Get returns the run-time value of an SSA value, or an error located at
// user when the value has not been computed.
func (f *Frame) Get(user *ir.Operation, v ir.Value) (Value, error) {
	if x, ok := f.get(f.tab.slot(v), v); ok {
		return x, nil
	}
	return Value{}, f.Errorf(user, "operand has no value in the interpreter (defined outside the executed block?)")
}

// Set records the run-time value of an SSA value.
func (f *Frame) Set(v ir.Value, x Value) { f.set(f.tab.slot(v), v, x) }

// Operand returns the value of op's operand i.
func (f *Frame) Operand(op *ir.Operation, i int) (Value, error) {
	if i >= op.NumOperands() {
		return Value{}, f.Errorf(op, fmt.Sprintf("expected at least %d operands", i+1))
	}
	if op == f.curOp {
		if slot := f.cur.operands[i]; slot >= 0 {
			if x := &f.vals[slot]; x.Type != nil {
				if _, isPoison := x.obj.(*Poison); isPoison && !f.poisonOK {
					return f.nonPoison(op, i, *x)
				}
				return *x, nil
			}
			return Value{}, f.Errorf(op, "operand has no value in the interpreter (defined outside the executed block?)")
		}
	}
	x, err := f.Get(op, op.Operand(i))
	if _, isPoison := x.obj.(*Poison); isPoison && err == nil && op == f.curOp && !f.poisonOK {
		return f.nonPoison(op, i, x)
	}
	return x, err
}

// nonPoison returns x, operand i of op, or an error when it is poison.
func (f *Frame) nonPoison(op *ir.Operation, i int, x Value) (Value, error) {
	if p, ok := x.obj.(*Poison); ok {
		return Value{}, PoisonError(op, fmt.Sprintf("operand #%d of '%s'", i, op.Name()), Value{obj: p})
	}
	return x, nil
}

// Operands returns the values of all of op's operands.
func (f *Frame) Operands(op *ir.Operation) ([]Value, error) {
	vs := make([]Value, op.NumOperands())
	for i := range vs {
		v, err := f.Operand(op, i)
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

// SetResult records the value of op's result i.
func (f *Frame) SetResult(op *ir.Operation, i int, x Value) {
	if op == f.curOp {
		f.set(f.cur.results[i], op.Result(i), x)
		return
	}
	f.Set(op.Result(i), x)
}

// Return ends the frame's execution with the given results (the semantics
// of a return-like terminator).
func (f *Frame) Return(results []Value) {
	f.returned = true
	f.results = results
}

// Returned reports whether a return-like terminator ended the frame; a
// region-holding operation stops executing its regions when it is set.
func (f *Frame) Returned() bool { return f.returned }

// Branch continues execution at dest, a block of the current region, with
// args bound to its arguments (the semantics of a branch terminator).
func (f *Frame) Branch(dest *ir.Block, args []Value) {
	f.branch = dest
	f.branchArgs = args
}

// Yield leaves the region being executed, forwarding vals to the
// region-holding operation (the semantics of scf.yield and the like).
func (f *Frame) Yield(vals []Value) {
	f.yielded = true
	f.yieldVals = vals
}

// YieldOperands is the semantics of a terminator that forwards all its
// operands to the region-holding operation (scf.yield, linalg.yield,
// tensor.yield, memref.atomic_yield, ...).
func YieldOperands(f *Frame, op *ir.Operation) error {
	vs, err := f.Operands(op)
	if err != nil {
		return err
	}
	f.Yield(vs)
	return nil
}

// Exec runs one operation through its registered semantics (or, for a
// region-branch operation without semantics, through its interface).
func (f *Frame) Exec(op *ir.Operation) error {
	c := f.in.semantics(op)
	if c.fn == nil {
		return f.exec(op, nil, c)
	}
	return f.exec(op, f.tab.op(op), c)
}

// semantics returns the registered semantics of op's name.
func (in *Interpreter) semantics(op *ir.Operation) cachedOp {
	c, ok := in.opCache[op.OpName()]
	if !ok {
		c = cachedOp{fn: in.reg.Lookup(op.Name()), poisonOK: in.reg.acceptsPoison(op.Name())}
		if in.opCache == nil {
			in.opCache = map[*ir.OpName]cachedOp{}
		}
		in.opCache[op.OpName()] = c
	}
	return c
}

// exec runs op, whose slots are slots, with the semantics c.
func (f *Frame) exec(op *ir.Operation, slots *opSlots, c cachedOp) error {
	fn := c.fn
	if fn == nil {
		if rb, ok := ir.RegionBranchOp.Of(op); ok {
			return f.regionBranch(op, rb)
		}
		if by := f.in.reg.Executor(op.Name()); by != "" {
			return Errorf(op, "'"+op.Name()+"' executes only as part of '"+by+"'")
		}
		return Errorf(op, "the interpreter has no semantics for '"+op.Name()+"'")
	}
	prevOp, prev, prevOK := f.curOp, f.cur, f.poisonOK
	f.curOp, f.cur, f.poisonOK = op, slots, c.poisonOK
	err := f.call(fn, op)
	f.curOp, f.cur, f.poisonOK = prevOp, prev, prevOK
	return err
}

// call runs fn on op, turning a run-time panic of the semantics (a bug, or
// an input they failed to check) into an error located at op.
func (f *Frame) call(fn OpFunc, op *ir.Operation) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if ae, ok := r.(*AllocationError); ok {
				err = Errorf(op, ae.Error())
				return
			}
			err = Errorf(op, fmt.Sprintf("internal error while executing '%s': %v", op.Name(), r))
		}
	}()
	return fn(f, op)
}

// RunRegion executes region r from its entry block, whose arguments get
// args, following branches between its blocks until a terminator yields
// (its values are returned) or returns from the function (Returned is then
// set and the results are nil).
func (f *Frame) RunRegion(r *ir.Region, args []Value) ([]Value, error) {
	b := r.First()
	if b == nil {
		return nil, Errorf(r.ParentOp(), "cannot execute an empty region")
	}
	for {
		if b.NumArguments() != len(args) {
			where := r.ParentOp()
			if b.Last() != nil {
				where = b.Last()
			}
			return nil, Errorf(where, fmt.Sprintf("block expects %d arguments, got %d", b.NumArguments(), len(args)))
		}
		slots := f.tab.block(b)
		for i, a := range args {
			f.set(slots[i], b.Argument(i), a)
		}
		code := f.tab.blockCode(f.in, b)
		for i := range code.ops {
			c := &code.ops[i]
			if err := f.exec(c.op, c.slots, c.sem); err != nil {
				return nil, err
			}
			if f.returned {
				return nil, nil
			}
			if f.yielded {
				f.yielded = false
				vs := f.yieldVals
				f.yieldVals = nil
				return vs, nil
			}
			if f.branch != nil {
				break
			}
		}
		if f.branch == nil {
			if last := b.Last(); last != nil {
				return nil, Errorf(last, "execution reached the end of the block without a terminator that leaves it")
			}
			return nil, Errorf(r.ParentOp(), "execution reached the end of an empty block")
		}
		if f.branch.Parent() != r {
			return nil, Errorf(b.Last(), "branch to a block of another region")
		}
		b, args = f.branch, f.branchArgs
		f.branch, f.branchArgs = nil, nil
	}
}

// regionBranch runs an operation through RegionBranchOpInterface when its
// regions form a single path: from the operation into one region, and
// from that region back to the operation.
func (f *Frame) regionBranch(op *ir.Operation, rb ir.RegionBranchOpInterface) error {
	cannot := func() error {
		return Errorf(op, "the interpreter has no semantics for '"+op.Name()+"'")
	}
	succ := rb.SuccessorRegions(op, nil, make([]ir.Attribute, op.NumOperands()))
	if len(succ) != 1 || succ[0].Region == nil {
		return cannot()
	}
	r := succ[0].Region
	var args []Value
	for _, v := range rb.EntrySuccessorOperands(op, r) {
		x, err := f.Get(op, v)
		if err != nil {
			return err
		}
		args = append(args, x)
	}
	back := rb.SuccessorRegions(op, r, make([]ir.Attribute, op.NumOperands()))
	if len(back) != 1 || back[0].Region != nil {
		return cannot()
	}
	vs, err := f.RunRegion(r, args)
	if err != nil || f.returned {
		return err
	}
	if len(vs) != op.NumResults() {
		return Errorf(op, fmt.Sprintf("region yielded %d values, the operation has %d results", len(vs), op.NumResults()))
	}
	for i, v := range vs {
		f.SetResult(op, i, v)
	}
	return nil
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
		if name, ok := fn.Attr("sym_name").(*ir.StringAttr); ok {
			if ext := in.reg.External(name.Value); ext != nil {
				if !in.reg.acceptsPoison(name.Value) {
					for i, a := range args {
						if p, ok := a.obj.(*Poison); ok {
							return nil, PoisonError(where, fmt.Sprintf("argument #%d of '@%s'", i, name.Value), Value{obj: p})
						}
					}
				}
				f := in.newFrame(fn)
				return ext(f, caller, args)
			}
			return nil, Errorf(where, "cannot call '@"+name.Value+"': it has no body and the interpreter has no implementation of it")
		}
		return nil, Errorf(where, "cannot call '"+fn.Name()+"': it has no body")
	}
	if in.depth >= in.MaxDepth {
		return nil, Errorf(where, fmt.Sprintf("maximum call depth (%d) exceeded", in.MaxDepth))
	}
	in.depth++
	defer func() { in.depth-- }()
	entry := fn.Region(0).First()
	f := in.newFrame(fn)
	if entry.NumArguments() != len(args) {
		return nil, Errorf(where, fmt.Sprintf("'%s' expects %d arguments, got %d", fn.Name(), entry.NumArguments(), len(args)))
	}
	vs, err := f.RunRegion(fn.Region(0), args)
	if err != nil {
		return nil, err
	}
	if !f.returned {
		// A function body whose terminator yields (rather than returns)
		// hands back the yielded values.
		return vs, nil
	}
	return f.results, nil
}
