package rewrite

import "github.com/strata-ir/strata/core/ir"

// SimplifyRegion erases blocks unreachable from the entry of r (when r has
// several blocks) and trivially dead operations, recursively in nested
// regions, and reports whether anything changed (MLIR's simplifyRegions at
// its normal level).
func SimplifyRegion(rw *Rewriter, r *ir.Region) bool {
	changed := eraseUnreachableBlocks(rw, r)
	if deadCodeElim(rw, r) {
		changed = true
	}
	return changed
}

func eraseUnreachableBlocks(rw *Rewriter, r *ir.Region) bool {
	changed := false
	if r.First() != nil && r.First() != r.Last() {
		reach := map[*ir.Block]bool{r.First(): true}
		work := []*ir.Block{r.First()}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if t := b.Last(); t != nil {
				for i := 0; i < t.NumSuccessors(); i++ {
					if s := t.Successor(i); s != nil && !reach[s] {
						reach[s] = true
						work = append(work, s)
					}
				}
			}
		}
		for b := r.First(); b != nil; {
			next := b.Next()
			if !reach[b] {
				rw.EraseBlock(b)
				changed = true
			}
			b = next
		}
	}
	for b := r.First(); b != nil; b = b.Next() {
		for op := b.First(); op != nil; op = op.Next() {
			for i := 0; i < op.NumRegions(); i++ {
				if eraseUnreachableBlocks(rw, op.Region(i)) {
					changed = true
				}
			}
		}
	}
	return changed
}

// deadCodeElim erases trivially dead operations in r and its nested regions,
// visiting blocks backwards so chains of dead values go in one pass.
func deadCodeElim(rw *Rewriter, r *ir.Region) bool {
	changed := false
	for b := r.Last(); b != nil; b = b.Prev() {
		for op := b.Last(); op != nil; {
			prev := op.Prev()
			for i := 0; i < op.NumRegions(); i++ {
				if deadCodeElim(rw, op.Region(i)) {
					changed = true
				}
			}
			if op.IsTriviallyDead() {
				rw.EraseOp(op)
				changed = true
			}
			op = prev
		}
	}
	return changed
}
