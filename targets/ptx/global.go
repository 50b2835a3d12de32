package ptx

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
)

// A load or store through a generic pointer (ld, st) makes the hardware
// decide per access which state space the address falls in; one through a
// global pointer (ld.global, st.global) does not, and only the latter
// become the LDG/STG instructions with their 128-bit forms. The pointer
// parameters of a kernel point into global memory (the convention CUDA
// and LLVM's NVPTX back end share: the host passes device allocations),
// so an access whose address provably derives from them is emitted in
// the global state space, its generic address converted with
// cvta.to.global.

// globalAddress reports whether the generic pointer v provably points
// into global memory: it derives, through getelementptr, bitcasts,
// selects, branches and the fields of descriptor structs, from pointer
// parameters of a kernel, casts from the global address space, or the
// addresses of globals in global memory.
func (f *Func) globalAddress(v ir.Value) bool {
	if f.globals == nil {
		f.globals = map[ir.Value]bool{}
	}
	if g, ok := f.globals[v]; ok {
		return g
	}
	w := &provenance{f: f, visiting: map[visit]bool{}}
	g := w.pointer(v)
	f.globals[v] = g
	return g
}

// provenance is one search of globalAddress. A value met again while it
// is being decided is taken to be global: every way a search combines
// answers is a conjunction, so the assumption holds whenever the answer
// does.
type provenance struct {
	f        *Func
	visiting map[visit]bool
}

// visit is a value, and a position in it, being decided.
type visit struct {
	v   ir.Value
	pos string
}

func (w *provenance) pointer(v ir.Value) bool {
	return w.field(v, nil)
}

// field reports whether the pointer at position pos of aggregate v (v
// itself for an empty pos) points into global memory.
func (w *provenance) field(v ir.Value, pos []int64) bool {
	key := visit{v, fmt.Sprint(pos)}
	if w.visiting[key] {
		return true
	}
	w.visiting[key] = true
	defer delete(w.visiting, key)
	switch x := v.(type) {
	case *ir.BlockArgument:
		b := x.Owner()
		if b == nil {
			return false
		}
		if b.ParentOp() == w.f.op && b == b.Parent().First() {
			_, isPtr := v.Type().(*llvm.PointerType)
			return w.f.kernel && len(pos) == 0 && isPtr
		}
		any := false
		for u := b.FirstUse(); u != nil; u = u.Next() {
			ops, exact := successorOperands(u.Owner(), u.Index())
			if !exact || x.Index() >= len(ops) || !w.field(ops[x.Index()], pos) {
				return false
			}
			any = true
		}
		return any
	case *ir.OpResult:
		op := x.Owner()
		if len(pos) > 0 {
			if ins, ok := llvm.AsInsertvalueOp(op); ok {
				p := positions(op)
				switch {
				case slices.Equal(p, pos):
					return w.field(ins.Value(), nil)
				case prefix(p, pos) || prefix(pos, p):
					return false
				}
				return w.field(ins.Container(), pos)
			}
			return false
		}
		if g, ok := llvm.AsGetelementptrOp(op); ok {
			return w.pointer(g.Base())
		}
		if s, ok := llvm.AsSelectOp(op); ok {
			return w.pointer(s.Operation.Operand(1)) && w.pointer(s.Operation.Operand(2))
		}
		if _, ok := llvm.AsBitcastOp(op); ok {
			return w.pointer(op.Operand(0))
		}
		if _, ok := llvm.AsAddrspacecastOp(op); ok {
			p, ok := op.Operand(0).Type().(*llvm.PointerType)
			return ok && p.AddrSpace == 1
		}
		if _, ok := llvm.AsExtractvalueOp(op); ok {
			return w.field(op.Operand(0), positions(op))
		}
		if a, ok := llvm.AsMlirAddressofOp(op); ok {
			g, ok := w.f.m.globals[a.GlobalName()]
			if !ok {
				return false
			}
			s := globalAddrSpace(g)
			return s == 0 || s == 1
		}
	}
	return false
}

// prefix reports whether p is a proper prefix of q.
func prefix(p, q []int64) bool {
	return len(p) < len(q) && slices.Equal(p, q[:len(p)])
}
