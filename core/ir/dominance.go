package ir

// domTree is the dominator tree of the blocks of one region, computed with
// the iterative algorithm of Cooper, Harvey and Kennedy.
type domTree struct {
	idx  map[*Block]int // reverse post-order number; absent if unreachable
	idom []int
}

func buildDomTree(r *Region) *domTree {
	t := &domTree{idx: map[*Block]int{}}
	if r.first == nil {
		return t
	}
	// Post-order DFS from the entry, iteratively.
	var post []*Block
	visited := map[*Block]bool{r.first: true}
	type frame struct {
		b    *Block
		succ []*Block
		i    int
	}
	stack := []frame{{b: r.first, succ: r.first.Successors()}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i < len(f.succ) {
			s := f.succ[f.i]
			f.i++
			if !visited[s] && s.parent == r {
				visited[s] = true
				stack = append(stack, frame{b: s, succ: s.Successors()})
			}
			continue
		}
		post = append(post, f.b)
		stack = stack[:len(stack)-1]
	}
	n := len(post)
	rpo := make([]*Block, n)
	for i, b := range post {
		rpo[n-1-i] = b
		t.idx[b] = n - 1 - i
	}
	preds := make([][]int, n)
	for i, b := range rpo {
		for _, s := range b.Successors() {
			if j, ok := t.idx[s]; ok {
				preds[j] = append(preds[j], i)
			}
		}
	}
	t.idom = make([]int, n)
	for i := range t.idom {
		t.idom[i] = -1
	}
	t.idom[0] = 0
	intersect := func(a, b int) int {
		for a != b {
			for a > b {
				a = t.idom[a]
			}
			for b > a {
				b = t.idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ {
			newIdom := -1
			for _, p := range preds[i] {
				if t.idom[p] == -1 {
					continue
				}
				if newIdom == -1 {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if newIdom != -1 && t.idom[i] != newIdom {
				t.idom[i] = newIdom
				changed = true
			}
		}
	}
	return t
}

func (t *domTree) reachable(b *Block) bool {
	_, ok := t.idx[b]
	return ok
}

// properlyDominates reports whether a strictly dominates b; unreachable
// blocks are dominated by every reachable block, as in LLVM.
func (t *domTree) properlyDominates(a, b *Block) bool {
	if a == b {
		return false
	}
	ia, okA := t.idx[a]
	ib, okB := t.idx[b]
	if !okB {
		return true
	}
	if !okA {
		return false
	}
	for ib != 0 {
		ib = t.idom[ib]
		if ib == ia {
			return true
		}
	}
	return false
}

// ImmediateDominators returns the immediate dominator of every block of r
// reachable from its entry; the entry maps to nil.
func ImmediateDominators(r *Region) map[*Block]*Block {
	t := buildDomTree(r)
	rpo := make([]*Block, len(t.idom))
	for b, i := range t.idx {
		rpo[i] = b
	}
	out := make(map[*Block]*Block, len(rpo))
	for i, b := range rpo {
		if i == 0 {
			out[b] = nil
		} else if t.idom[i] >= 0 {
			out[b] = rpo[t.idom[i]]
		}
	}
	return out
}
