package bufferize

import (
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
)

// order returns the operations ops of function f (those with tensors,
// in program order) in the order the analysis decides them, as
// upstream's analysis-heuristic:
//
//   - bottom-up (the default): the last operation first;
//   - top-down: the first operation first;
//   - bottom-up-from-terminators: the operations a terminator's tensor
//     operands come from, following the operands whose buffers each
//     result shares (depth first, as upstream's worklist), then the
//     others bottom-up;
//   - fuzzer: upstream's walk (the operations, then f when its body has
//     tensor arguments or its signature tensors) shuffled by
//     llvm::shuffle with a std::mt19937 seeded with analysis-fuzzer-seed.
func (s *state) order(f *ir.Operation, ops []*ir.Operation) []*ir.Operation {
	out := make([]*ir.Operation, 0, len(ops)+1)
	switch s.opts.AnalysisHeuristic {
	case bufferization.TopDown:
		return append(out, ops...)
	case bufferization.BottomUpFromTerminators:
		return s.fromTerminators(f, ops)
	case bufferization.Fuzzer:
		if !s.opts.FunctionBoundaries {
			// Upstream analyzes the whole module at once: the
			// functions' operations are shuffled together.
			return s.moduleShuffled(ops)
		}
		out = append(out, ops...)
		if hasTensorArgs(f) || hasTensorSignature(f) {
			out = append(out, f)
		}
		shuffle(out, newMT19937(uint32(s.opts.AnalysisFuzzerSeed)))
		kept := out[:0]
		for _, op := range out {
			if op != f {
				kept = append(kept, op)
			}
		}
		return kept
	}
	for k := len(ops) - 1; k >= 0; k-- {
		out = append(out, ops[k])
	}
	return out
}

// moduleShuffled returns ops in the order of upstream's fuzzer over the
// whole module (without function boundaries): the module's operations
// with tensor operands, results or block arguments, in post-order,
// shuffled once.
func (s *state) moduleShuffled(ops []*ir.Operation) []*ir.Operation {
	out := append([]*ir.Operation(nil), ops...)
	slices.SortFunc(out, func(a, b *ir.Operation) int { return s.shuffled[a] - s.shuffled[b] })
	return out
}

// shuffleModule records the module's order for moduleShuffled, before
// any function is rewritten.
func (s *state) shuffleModule() {
	var all []*ir.Operation
	s.module.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		if s.hasTensors(op) || hasTensorArgs(op) || hasTensorSignature(op) {
			all = append(all, op)
		}
		return true
	})
	shuffle(all, newMT19937(uint32(s.opts.AnalysisFuzzerSeed)))
	s.shuffled = make(map[*ir.Operation]int, len(all))
	for i, op := range all {
		s.shuffled[op] = i
	}
}

// hasTensorArgs reports whether a block of op's regions has a tensor
// argument (upstream's hasTensorSemantics of an operation without tensor
// operands or results).
func hasTensorArgs(op *ir.Operation) bool {
	for i := 0; i < op.NumRegions(); i++ {
		for _, b := range op.Region(i).Blocks() {
			for _, a := range b.Arguments() {
				if isTensor(a.Type()) {
					return true
				}
			}
		}
	}
	return false
}

// fromTerminators is the bottom-up-from-terminators order of ops, the
// operations with tensors of f's one block.
func (s *state) fromTerminators(f *ir.Operation, ops []*ir.Operation) []*ir.Operation {
	seen := map[*ir.Operation]bool{}
	var out []*ir.Operation
	in := map[*ir.Operation]bool{}
	for _, op := range ops {
		in[op] = true
	}
	add := func(op *ir.Operation) bool {
		if seen[op] {
			return false
		}
		seen[op] = true
		if in[op] {
			out = append(out, op)
		}
		return true
	}
	f.Walk(ir.PostOrder, func(term *ir.Operation) bool {
		if term == f || !term.HasTrait(ir.ReturnLike) || !add(term) {
			return true
		}
		var work []*ir.OpResult
		for _, v := range term.Operands() {
			if r, ok := v.(*ir.OpResult); ok && isTensor(v.Type()) {
				work = append(work, r)
			}
		}
		for len(work) > 0 {
			r := work[len(work)-1]
			work = work[:len(work)-1]
			def := r.Owner()
			if !add(def) {
				continue
			}
			if liftInto(def, term.Block()) == nil {
				continue
			}
			for _, u := range s.aliasingOperands(r) {
				if x, ok := u.op.Operand(u.i).(*ir.OpResult); ok && isTensor(x.Type()) {
					work = append(work, x)
				}
			}
		}
		return true
	})
	for k := len(ops) - 1; k >= 0; k-- {
		if !seen[ops[k]] {
			out = append(out, ops[k])
		}
	}
	return out
}

// shuffle is llvm::shuffle: for each position from the first, swap in
// the element g() % (number left) places further on.
func shuffle(ops []*ir.Operation, g *mt19937) {
	for first, size := 0, len(ops); size > 1; first, size = first+1, size-1 {
		if off := int(g.next() % uint32(size)); off != 0 {
			ops[first], ops[first+off] = ops[first+off], ops[first]
		}
	}
}

// mt19937 is the 32-bit Mersenne Twister of std::mt19937.
type mt19937 struct {
	mt  [624]uint32
	idx int
}

func newMT19937(seed uint32) *mt19937 {
	g := &mt19937{idx: 624}
	g.mt[0] = seed
	for i := 1; i < 624; i++ {
		g.mt[i] = 1812433253*(g.mt[i-1]^(g.mt[i-1]>>30)) + uint32(i)
	}
	return g
}

func (g *mt19937) next() uint32 {
	if g.idx >= 624 {
		for i := 0; i < 624; i++ {
			y := g.mt[i]&0x80000000 | g.mt[(i+1)%624]&0x7fffffff
			x := g.mt[(i+397)%624] ^ y>>1
			if y&1 != 0 {
				x ^= 0x9908b0df
			}
			g.mt[i] = x
		}
		g.idx = 0
	}
	y := g.mt[g.idx]
	g.idx++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}
