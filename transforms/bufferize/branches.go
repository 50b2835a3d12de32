package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/memref"
)

// This file holds what one-shot-bufferize does for regions of several
// blocks whose branches pass tensors to the blocks' arguments (MLIR's
// UnstructuredControlFlow.h helpers and the block handling of
// OneShotAnalysis): a block argument may be the buffer of any operand a
// branch passes to it (getCallerOpOperands); the order of operations in
// different blocks is the dominance of their blocks; a read and a write
// in blocks that reach each other without passing through the block of
// what the read reads may happen in either order (a loop of blocks); and
// the rewriting gives each such argument the buffer type of what the
// branches pass (bufferizeBlockSignature).

// branchOperands returns the operands of the branches to a's block that
// a may be the buffer of (MLIR's getCallerOpOperands): for each branch
// to the block, its operand at a's position among those it forwards to
// the block. As upstream's, a branch that names the block as several of
// its successors is counted once for each, with the operands of the
// first.
func (ms *models) branchOperands(a *ir.BlockArgument) []use {
	b := a.Owner()
	r := b.Parent()
	if r == nil || r.First() == b {
		return nil
	}
	var out []use
	for _, pb := range r.Blocks() {
		t := pb.Terminator()
		if t == nil || !ir.BranchOp.Implements(t) {
			continue
		}
		succs := successorsOf(t)
		first := slices.Index(succs, b)
		if first < 0 {
			continue
		}
		start, n := bufferization.BranchOperands(t, first)
		for _, x := range succs {
			if x == b && a.Index() < n {
				out = append(out, use{t, start + a.Index()})
			}
		}
	}
	return out
}

// successorsOf returns the successor blocks of the terminator t.
func successorsOf(t *ir.Operation) []*ir.Block {
	out := make([]*ir.Block, t.NumSuccessors())
	for i := range out {
		out[i] = t.Successor(i)
	}
	return out
}

// blocksModeled reports whether the analysis can follow the branches of
// r, a region of several blocks: every terminator with successors is an
// ir.BranchOp, which tells what it passes to them.
func (s *state) blocksModeled(r *ir.Region) bool {
	for _, b := range r.Blocks() {
		if t := b.Terminator(); t != nil && t.NumSuccessors() > 0 && !ir.BranchOp.Implements(t) {
			return false
		}
	}
	return true
}

// unstructured reports whether op's model lets its regions have several
// blocks (bufferization.UnstructuredControlFlow).
func (ms *models) unstructured(op *ir.Operation) bool {
	m, ok := ms.known(op)
	if !ok {
		return false
	}
	u, ok := m.(bufferization.UnstructuredControlFlow)
	return ok && u.SupportsUnstructuredControlFlow(op)
}

// --- order ---

// blockDominatesOp reports whether every operation of block ab happens
// before op, which sits (or has an ancestor) in another block of ab's
// region: ab properly dominates that block (a block no path from the
// entry reaches is dominated by every block, as in MLIR's DominanceInfo).
func (s *state) blockDominatesOp(ab *ir.Block, op *ir.Operation) bool {
	r := ab.Parent()
	if r == nil {
		return false
	}
	var bb *ir.Block
	for x := op; x != nil; x = x.ParentOp() {
		if x.Block() != nil && x.Block().Parent() == r {
			bb = x.Block()
			break
		}
	}
	if bb == nil || bb == ab {
		return false
	}
	return s.dominance().ProperlyDominates(ab, bb)
}

// dominance returns the dominance of the blocks of the regions analyzed,
// computed as queries need it.
func (s *state) dominance() *ir.DominanceInfo {
	if s.doms == nil {
		s.doms = ir.NewDominanceInfo()
	}
	return s.doms
}

// canUseBlockOrder reports whether the order of the blocks of the read r
// and the write w may rule out a conflict between them: not when each
// block reaches the other without passing through the block of a
// definition of what r reads (MLIR's canUseOpDominanceDueToBlocks).
func (ms *models) canUseBlockOrder(r, w use, defs []ir.Value) bool {
	if opRegion(r.op) != opRegion(w.op) || opRegion(r.op).HasOneBlock() {
		return true
	}
	rb, wb := r.op.Block(), w.op.Block()
	for _, d := range defs {
		db := ir.ParentBlock(d)
		if reaches(rb, wb, db) && reaches(wb, rb, db) {
			return false
		}
	}
	return true
}

// reaches reports whether a path of successors leads from block from to
// block to without passing through block except (MLIR's
// Block::isReachable); from itself counts only when a path returns to it.
func reaches(from, to, except *ir.Block) bool {
	if to == except {
		return false
	}
	seen := map[*ir.Block]bool{except: true}
	var work []*ir.Block
	if t := from.Terminator(); t != nil {
		work = successorsOf(t)
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		if t := b.Terminator(); t != nil {
			work = append(work, successorsOf(t)...)
		}
	}
	return false
}

// writeAfterArgument reports whether the write w, outside the block of
// arg, may run after arg is defined and before the read r of a value arg
// defines: w sits in another block of arg's region that arg's block
// reaches, and r follows it in its block or in a block it reaches
// without arg's block defining arg anew, or r is outside the region.
//
// MLIR's read-after-write check takes every write outside the block of
// an argument to happen before the argument is defined, which holds for
// a write outside arg's region (an operation that owns the region runs
// after what precedes it), but not for another block of arg's region: a
// write there, to arg or through the argument of a later block
// that the branches make an alias of arg, runs after arg's definition,
// and a later read of arg would see it (for a function's argument,
// mlir-opt-22 writes in place and the read returns the written value; a
// copy keeps the tensor semantics).
func (s *state) writeAfterArgument(w, r use, arg *ir.BlockArgument) bool {
	b := arg.Owner()
	reg := b.Parent()
	wop := liftIntoRegion(w.op, reg)
	if wop == nil || !reaches(b, wop.Block(), nil) {
		return false
	}
	rop := liftIntoRegion(r.op, reg)
	if rop == nil {
		return true
	}
	if rop.Block() == wop.Block() {
		return !s.isBefore(rop, wop)
	}
	return reaches(wop.Block(), rop.Block(), b)
}

// liftIntoRegion returns the ancestor of op (op itself included) that
// sits in a block of r, or nil.
func liftIntoRegion(op *ir.Operation, r *ir.Region) *ir.Operation {
	for op != nil && (op.Block() == nil || op.Block().Parent() != r) {
		op = op.ParentOp()
	}
	return op
}

// --- rewriting ---

// BufferizeBlockSignatures implements bufferization.State: each tensor
// argument of a block of r after its entry block, one block after the
// other, becomes a buffer of the type blockArgType finds (the branches
// to it cast what they pass when they are rewritten by body, which
// rewrites the operations of r.
//
// An argument whose type cannot be found stays a tensor (untyped): the
// first operation of body that asks for its buffer fails (bufferOf), or
// op does once body is done, as upstream, which rewrites op after the
// operations of its region and finds the argument's type when one of
// them asks for its buffer, or when op rewrites its block signatures.
// Upstream's function rewrites its returns and its type after its block
// signatures: when one of these fails, the function's returns stay as
// they are (their operands read back as tensors), and so does its type.
func (s *state) BufferizeBlockSignatures(op *ir.Operation, r *ir.Region, body func() error) error {
	var first *untypedArg
	for _, b := range r.Blocks() {
		if b == r.First() {
			continue
		}
		types := make([]ir.Type, b.NumArguments())
		for i, a := range b.Arguments() {
			if !isTensor(a.Type()) {
				continue
			}
			t, msg := s.blockArgType(a, nil)
			if msg != "" {
				s.untyped[a] = untypedArg{op, b, msg}
				if first == nil {
					first = &untypedArg{op, b, msg}
				}
				continue
			}
			types[i] = t
		}
		for i, a := range b.Arguments() {
			if types[i] != nil {
				s.RetypeRegionArgument(a, types[i])
			}
		}
	}
	if _, isFunc := function.AsFuncOp(op); isFunc && first != nil {
		s.keepReturns = op
		defer func() { s.keepReturns = nil }()
	}
	if err := body(); err != nil {
		return err
	}
	if first != nil {
		return s.failUntyped(*first, op)
	}
	return nil
}

// untypedArg is a block argument of block blk, of a region of owner,
// whose buffer type could not be found, and why (upstream's message).
type untypedArg struct {
	owner *ir.Operation
	blk   *ir.Block
	msg   string
}

// failUntyped returns upstream's diagnostics for the failure of op, the
// owner of u or an operation that asks for the argument's buffer: the
// reason, at the owner, then the failure of op. A function's return
// fails as the function: upstream rewrites it with the function, after
// the block signatures. The operations shown are as upstream's are at
// that point: the operations replaced so far are gone (upstream erases
// each as it replaces it), a function has its tensor type (upstream
// sets the buffer type once the block signatures and returns are
// rewritten), and the block arguments upstream has not rewritten yet
// are tensors (keepTensorArgs, entryArgsOnTensors).
func (s *state) failUntyped(u untypedArg, op *ir.Operation) error {
	if _, isFunc := function.AsFuncOp(u.owner); isFunc {
		if op.ParentOp() == u.owner && op.HasTrait(ir.ReturnLike) {
			op = u.owner
		}
		if t, ok := s.tensorSigs[u.owner]; ok {
			u.owner.SetAttr("function_type", t)
		}
	}
	s.eraseUnusedReplaced()
	s.keepTensorArgs(u, op)
	for f := op.ParentOp(); f != nil; f = f.ParentOp() {
		if _, isFunc := function.AsFuncOp(f); isFunc {
			s.entryArgsOnTensors(f, op, op == u.owner)
			break
		}
	}
	return ir.Diagnostics{ir.OpError(u.owner, u.msg), ir.EmitError(op, "failed to bufferize op")}
}

// entryArgsOnTensors gives the tensor arguments of f their tensor types
// back when op, an operation of f's body, fails (after the operations of
// its own regions, with done): upstream rewrites a function's entry
// block signature with the function, after its body.
// The operations rewritten before op read such an argument through a
// bufferization.to_buffer at the start of the entry block, as upstream's;
// a bufferization.to_tensor that read it back gives way to it.
func (s *state) entryArgsOnTensors(f, op *ir.Operation, done bool) {
	entry := f.Region(0).First()
	for _, a := range entry.Arguments() {
		t, ok := s.orig[a]
		if !ok || a.Type() == t {
			continue
		}
		bt := a.Type()
		var uses []*ir.OpOperand
		for u := a.FirstUse(); u != nil; u = u.Next() {
			uses = append(uses, u)
		}
		a.SetType(t)
		for _, u := range uses {
			user := u.Owner()
			if _, ok := bufferization.AsToTensorOp(user); ok {
				ir.ReplaceAllUsesWith(user.Result(0), a)
				user.Erase()
				continue
			}
			if s.notRewrittenYet(user, op, done) {
				continue
			}
			s.b.SetInsertionPointToStart(entry)
			user.SetOperand(u.Index(), bufferization.BuildToBuffer(s.b, user.Loc(), a, bt).Result(0))
		}
		delete(s.asTensor, a)
	}
}

// keepTensorArgs gives their tensor types back to the arguments of the
// blocks of u's region that upstream has not rewritten when op fails:
// those of every block after the entry block when an operation of the
// region fails (upstream rewrites the block signatures after the
// region's operations), those of u's block and the blocks after it when
// the owner does (upstream stops at the block that fails). Only an
// argument whose buffer nothing reads but a bufferization.to_tensor (for
// a branch left on tensors, which the argument replaces) or an operation
// that comes after op and is not rewritten yet gets its tensor type
// back.
func (s *state) keepTensorArgs(u untypedArg, op *ir.Operation) {
	r := u.blk.Parent()
	from := op != u.owner
	for _, b := range r.Blocks() {
		from = from || b == u.blk
		if !from || b == r.First() {
			continue
		}
		for _, a := range b.Arguments() {
			t, ok := s.orig[a]
			if !ok || a.Type() == t {
				continue
			}
			var reads []*ir.Operation
			onlyRead := true
			for use := a.FirstUse(); use != nil; use = use.Next() {
				if s.notRewrittenYet(use.Owner(), op, op == u.owner) {
					continue
				}
				if _, ok := bufferization.AsToTensorOp(use.Owner()); !ok {
					onlyRead = false
					break
				}
				reads = append(reads, use.Owner())
			}
			if !onlyRead {
				continue
			}
			a.SetType(t)
			for _, rd := range reads {
				ir.ReplaceAllUsesWith(rd.Result(0), a)
				rd.Erase()
			}
			delete(s.asTensor, a)
		}
	}
}

// BufferizeBranch implements bufferization.State (the branch operands
// of MLIR's bufferizeBlockSignature): each tensor operand op passes to a
// block argument that has a buffer type is replaced by its buffer, or by
// a copy of it when the analysis decided it out of place (MLIR's tensor
// copy of an out-of-place operand, made before op), cast to the
// argument's type where that differs. A branch to arguments that stay
// tensors (a function's body without function boundaries) stays on
// tensors. As upstream's, only the operands passed to the first of the
// successors that are one block are rewritten; those passed to the
// others stay tensors, which the verifier then rejects.
func (s *state) BufferizeBranch(op *ir.Operation) error {
	bm, ok := ir.BranchOp.Of(op)
	if !ok {
		return ir.EmitError(op, "op was not bufferized")
	}
	succs := successorsOf(op)
	news := make([][]ir.Value, len(succs))
	var left []int
	for k, succ := range succs {
		start, n := bufferization.BranchOperands(op, k)
		if slices.Index(succs, succ) != k {
			for j := range n {
				left = append(left, start+j)
			}
			continue
		}
		fwd := bm.BranchSuccessorOperands(op, k)
		news[k] = slices.Clone(fwd)
		for j, v := range fwd {
			if !isTensor(s.tt(v)) || j >= succ.NumArguments() {
				continue
			}
			arg := succ.Argument(j)
			if isTensor(arg.Type()) {
				return s.branchOnTensors(op)
			}
			b, copied, err := s.forwarded(op, start+j, arg)
			if err != nil {
				return err
			}
			if b.Type() != arg.Type() {
				b = s.castAfter(op, v, b, copied, arg.Type())
			}
			news[k][j] = b
		}
	}
	for k, vals := range news {
		if vals != nil {
			bm.SetBranchSuccessorOperands(op, k, vals)
		}
	}
	for _, i := range left {
		s.readBack(op, i)
	}
	return nil
}

// branchOnTensors keeps op, a branch to block arguments that stay
// tensors (a function's body without function boundaries), on tensors:
// an operand the analysis decided out of place is passed as the
// bufferization.to_tensor of a copy made before op (upstream's tensor
// copy), the others as the to_tensor of their buffers.
func (s *state) branchOnTensors(op *ir.Operation) error {
	for k, succ := range successorsOf(op) {
		start, n := bufferization.BranchOperands(op, k)
		for j := range n {
			i := start + j
			v := op.Operand(i)
			if !isTensor(s.tt(v)) || j >= succ.NumArguments() || !s.copiedBranchOperand(op, i) {
				continue
			}
			b, _, err := s.forwarded(op, i, succ.Argument(j))
			if err != nil {
				return err
			}
			s.b.SetInsertionPoint(op)
			op.SetOperand(i, bufferization.BuildToTensor(s.b, op.Loc(), b, s.tt(v)).Result())
		}
	}
	s.unknown(op)
	return nil
}

// forwarded returns the buffer op passes as its operand i to arg: the
// operand's buffer, or, out of place, a new one holding its contents
// when they are defined and arg is read (MLIR's canOmitTensorCopy).
func (s *state) forwarded(op *ir.Operation, i int, arg *ir.BlockArgument) (ir.Value, bool, error) {
	v := op.Operand(i)
	if !s.copiedBranchOperand(op, i) {
		b, err := s.bufferOf(op, v)
		return b, false, err
	}
	b, err := s.writable(op, i, s.undefinedContents(v) || !s.valueReadThroughAliases(arg))
	return b, true, err
}

// copiedBranchOperand reports whether the branch op passes a copy of its
// operand i: the analysis decided it out of place, and op has a
// bufferization (upstream copies no operand of an operation without
// one, such as cf.switch).
func (s *state) copiedBranchOperand(op *ir.Operation, i int) bool {
	_, known := s.known(op)
	return known && s.OutOfPlace(op, i)
}

// castAfter casts b, the buffer of the tensor v, to type t where
// upstream's block signature rewriting makes the cast: right after v's
// definition (after b's, when that comes later in the same block), or
// before op for a copy made for op.
func (s *state) castAfter(op *ir.Operation, v, b ir.Value, copied bool, t ir.Type) ir.Value {
	defer s.b.SetInsertionPoint(op)
	d := ir.DefiningOp(v)
	switch {
	case copied:
		s.b.SetInsertionPoint(op)
	case d != nil:
		s.b.SetInsertionPointAfter(d)
	default:
		s.b.SetInsertionPointToStart(ir.ParentBlock(v))
	}
	if bd := ir.DefiningOp(b); !copied && bd != nil && bd.Block() == s.b.InsertionBlock() && (d == nil || d.IsBeforeInBlock(bd)) {
		s.b.SetInsertionPointAfter(bd)
	}
	return memref.BuildCast(s.b, op.Loc(), b, t).Result(0)
}

// blockArgType returns the buffer type of a, the tensor argument of a
// block after its region's entry block (MLIR's getBufferType of
// OpWithUnstructuredControlFlowBufferizableOpInterfaceExternalModel): the
// buffer type of every operand the branches pass to it when they agree,
// else the fully dynamic layout in their memory space. An operand that
// is on stack (the values whose types are being found) is skipped: the
// type of a loop's argument is that of what enters the loop. It returns
// upstream's message when the types cannot agree or no operand tells.
func (s *state) blockArgType(a *ir.BlockArgument, stack []ir.Value) (ir.Type, string) {
	stack = append(stack, a)
	var bt ir.Type
	for _, u := range s.branchOperands(a) {
		v := u.op.Operand(u.i)
		if slices.Contains(stack, v) {
			continue
		}
		ct, msg := s.bufferType(v, stack, false)
		if msg != "" {
			return nil, msg
		}
		if rt, ranked := s.tt(v).(*ir.RankedTensorType); ranked && s.copiedBranchOperand(u.op, u.i) {
			// Out of place: the branch passes a new identity buffer in
			// the memory space of the operand's.
			ct = s.ctx.MemRefType(rt.Shape, rt.Elem, nil, memref.MemorySpaceOf(ct))
		}
		if bt == nil || bt == ct {
			bt = ct
			continue
		}
		if memref.MemorySpaceOf(bt) != memref.MemorySpaceOf(ct) {
			return nil, "incoming operands of block argument have inconsistent memory spaces"
		}
		d, ok := s.dynamicType(s.tt(a)).(*ir.MemRefType)
		if !ok {
			bt = s.identityType(s.tt(a))
			continue
		}
		bt = s.ctx.MemRefType(d.Shape, d.Elem, d.Layout, memref.MemorySpaceOf(bt))
	}
	if bt == nil {
		return nil, "could not infer buffer type of block argument"
	}
	return bt, ""
}

// notRewrittenYet reports whether user, an operation of the function
// being rewritten, comes after op in the order of the rewriting (a
// pre-order walk), so that op's failure leaves it as it was; with done,
// op fails once the operations of its regions are rewritten.
func (s *state) notRewrittenYet(user, op *ir.Operation, done bool) bool {
	su, ok := s.seq[user]
	so, ok2 := s.seq[op]
	return ok && ok2 && su > so && !(done && op.IsAncestor(user))
}

// bufferType returns the type of the buffer the tensor v will have: its
// buffer's when it has one; for a block argument after its region's
// entry block, blockArgType's; for a result sharing the whole buffer of
// an operand, that operand's buffer type; for a view of a part of it
// (bufferization.ViewBufferType), the view's type; for a result of an
// operation whose model tells its buffer type
// (bufferization.ResultBufferType), that type; with predict
// (State.PredictedBufferType), for another result sharing no operand's
// buffer, or one of an operation without a bufferization, the layout of
// unknown-type-conversion; else the identity layout (the fully dynamic
// one for a function's argument read through a to_buffer).
func (s *state) bufferType(v ir.Value, stack []ir.Value, predict bool) (ir.Type, string) {
	if t, ok := s.assumed[v]; ok {
		return t, ""
	}
	if b, ok := s.buf[v]; ok {
		return b.Type(), ""
	}
	if !isTensor(v.Type()) {
		return v.Type(), ""
	}
	stack = append(stack, v)
	switch x := v.(type) {
	case *ir.BlockArgument:
		if r := x.Owner().Parent(); r != nil && r.First() != x.Owner() {
			return s.blockArgType(x, stack)
		}
		if _, isFunc := function.AsFuncOp(x.Owner().ParentOp()); isFunc && !s.opts.FunctionBoundaries {
			return s.unknownType(v.Type()), ""
		}
	case *ir.OpResult:
		if predict && !s.allowed(x.Owner()) {
			// An operation outside dialect-filter stays on tensors:
			// its result is read through a to_buffer of the layout of
			// unknown-type-conversion (upstream's getBufferType of a
			// value whose operation is not bufferizable).
			return s.unknownType(v.Type()), ""
		}
		// As upstream's defaultGetBufferType, the first aliasing
		// operand decides, when the result is its whole buffer.
		from := s.aliasingOperands(x)
		if len(from) > 0 {
			u := from[0]
			if s.writes(u) || s.equivalentResult(u) || s.regionModel(x.Owner()) != nil {
				if w := u.op.Operand(u.i); !slices.Contains(stack, w) {
					return s.bufferType(w, stack, predict)
				}
			}
		}
		m, known := s.known(x.Owner())
		if vt, ok := m.(bufferization.ViewBufferType); known && ok && x.Owner().NumOperands() > 0 {
			st, msg := s.bufferType(x.Owner().Operand(0), stack, predict)
			if msg != "" {
				return nil, msg
			}
			if t := vt.ViewBufferType(x.Owner(), x.Index(), st); t != nil {
				return t, ""
			}
		}
		if rt, ok := m.(bufferization.ResultBufferType); known && ok {
			return rt.ResultBufferType(x.Owner(), x.Index(), s), ""
		}
		if _, isCall := s.callModelOf(x.Owner()); predict && !isCall && (!known || len(s.aliasingOperands(x)) == 0) {
			// As upstream's defaultGetBufferType, a new buffer whose
			// operation does not tell its type (tensor.empty,
			// arith.constant), or the result of an operation without
			// a bufferization, has the layout of
			// unknown-type-conversion.
			return s.unknownType(v.Type()), ""
		}
	}
	return s.identityType(v.Type()), ""
}

// BufferTypeAssuming implements bufferization.State.
func (s *state) BufferTypeAssuming(v ir.Value, assume map[ir.Value]ir.Type) ir.Type {
	s.assumed = assume
	defer func() { s.assumed = nil }()
	t, msg := s.bufferType(v, nil, false)
	if msg != "" {
		return nil
	}
	return t
}
