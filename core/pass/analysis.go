package pass

import (
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// Analysis describes an analysis whose result of type T is computed from
// an operation on demand and cached per operation until a pass that does
// not preserve it runs on that operation (or one enclosing it). Declare one
// package-level value per analysis:
//
//	var Dominance = &pass.Analysis[*DomInfo]{Name: "DominanceInfo",
//		Compute: func(op *ir.Operation, am *pass.AnalysisManager) (*DomInfo, error) { ... }}
//
// and use it from a pass with pass.Get(st.Analyses(), Dominance).
type Analysis[T any] struct {
	// Name is shown in timing reports as "(A) Name".
	Name string
	// Compute builds the result for op; am gives access to other analyses
	// of op, its children and its parents.
	Compute func(op *ir.Operation, am *AnalysisManager) (T, error)
	// IsInvalidated, if set, refines invalidation: it is asked whether a
	// cached result must be dropped after a pass that preserved p (MLIR's
	// isInvalidated). By default a result is dropped unless preserved.
	IsInvalidated func(result T, p *Preserved) bool
}

// AnalysisKey identifies an analysis regardless of its result type, to
// declare it in Info.Requires or preserve it with State.MarkPreserved. It
// is implemented by *Analysis[T].
type AnalysisKey interface {
	AnalysisName() string
	compute(op *ir.Operation, am *AnalysisManager) (any, error)
	invalidated(result any, p *Preserved) bool
}

// AnalysisName returns a.Name.
func (a *Analysis[T]) AnalysisName() string { return a.Name }

func (a *Analysis[T]) compute(op *ir.Operation, am *AnalysisManager) (any, error) {
	return a.Compute(op, am)
}

func (a *Analysis[T]) invalidated(result any, p *Preserved) bool {
	if a.IsInvalidated != nil {
		return a.IsInvalidated(result.(T), p)
	}
	return !p.IsPreserved(a)
}

// Preserved is the set of analyses a pass declared preserved.
type Preserved struct {
	all  bool
	keys map[AnalysisKey]bool
}

// IsAll reports whether every analysis is preserved.
func (p *Preserved) IsAll() bool { return p.all }

// IsPreserved reports whether k is preserved.
func (p *Preserved) IsPreserved(k AnalysisKey) bool { return p.all || p.keys[k] }

// AnalysisManager caches analysis results for one operation and holds the
// managers of nested operations, mirroring the IR nesting (MLIR's
// AnalysisManager over a NestedAnalysisMap).
type AnalysisManager struct {
	op     *ir.Operation
	parent *AnalysisManager
	exec   *execCtx // the run the analyses are computed for (hooks)

	mu       sync.Mutex
	results  map[AnalysisKey]any
	order    []AnalysisKey
	children map[*ir.Operation]*AnalysisManager
}

func newAnalysisManager(op *ir.Operation, parent *AnalysisManager) *AnalysisManager {
	return &AnalysisManager{op: op, parent: parent}
}

// Op returns the operation the manager caches analyses for.
func (am *AnalysisManager) Op() *ir.Operation { return am.op }

// Parent returns the manager of the enclosing operation, or nil at the top.
func (am *AnalysisManager) Parent() *AnalysisManager { return am.parent }

// Nest returns the manager of op, a child operation, creating it if needed.
func (am *AnalysisManager) Nest(op *ir.Operation) *AnalysisManager {
	am.mu.Lock()
	defer am.mu.Unlock()
	if c := am.children[op]; c != nil {
		c.exec = am.exec
		return c
	}
	if am.children == nil {
		am.children = map[*ir.Operation]*AnalysisManager{}
	}
	c := newAnalysisManager(op, am)
	c.exec = am.exec
	am.children[op] = c
	return c
}

// Get returns the result of a for the manager's operation, computing and
// caching it on first use. A computation that fails is not cached.
func Get[T any](am *AnalysisManager, a *Analysis[T]) (T, error) {
	v, err := am.get(a)
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil
}

// MustGet is Get for analyses that cannot fail; an error from Compute
// panics (and fails the pass with a diagnostic, as any panic in a pass).
func MustGet[T any](am *AnalysisManager, a *Analysis[T]) T {
	v, err := Get(am, a)
	if err != nil {
		panic(err)
	}
	return v
}

// Cached returns the cached result of a, if any.
func Cached[T any](am *AnalysisManager, a *Analysis[T]) (T, bool) {
	am.mu.Lock()
	v, ok := am.results[a]
	am.mu.Unlock()
	if !ok {
		var zero T
		return zero, false
	}
	return v.(T), true
}

// CachedParent returns the cached result of a for the nearest enclosing
// operation that has one (MLIR's getCachedParentAnalysis).
func CachedParent[T any](am *AnalysisManager, a *Analysis[T]) (T, bool) {
	for p := am.parent; p != nil; p = p.parent {
		if v, ok := Cached(p, a); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// Child returns the result of a for child, an operation nested in the
// manager's operation (MLIR's getChildAnalysis).
func Child[T any](am *AnalysisManager, child *ir.Operation, a *Analysis[T]) (T, error) {
	return Get(am.Nest(child), a)
}

func (am *AnalysisManager) get(k AnalysisKey) (any, error) {
	am.mu.Lock()
	if v, ok := am.results[k]; ok {
		am.mu.Unlock()
		return v, nil
	}
	am.mu.Unlock()
	ex := am.exec
	if ex != nil {
		ex.r.instr.beforeAnalysis(AnalysisEvent{Analysis: k, Op: am.op, Thread: ex.thread, Out: ex.out})
	}
	v, err := k.compute(am.op, am)
	if ex != nil {
		ex.r.instr.afterAnalysis(AnalysisEvent{Analysis: k, Op: am.op, Thread: ex.thread, Out: ex.out})
	}
	if err != nil {
		return nil, err
	}
	am.mu.Lock()
	if am.results == nil {
		am.results = map[AnalysisKey]any{}
	}
	if _, ok := am.results[k]; !ok {
		am.order = append(am.order, k)
	}
	am.results[k] = v
	am.mu.Unlock()
	return v, nil
}

// Invalidate drops the results that p does not preserve, here and in every
// nested manager.
func (am *AnalysisManager) Invalidate(p *Preserved) {
	if p.all {
		return
	}
	am.mu.Lock()
	kept := am.order[:0]
	for _, k := range am.order {
		if k.invalidated(am.results[k], p) {
			delete(am.results, k)
		} else {
			kept = append(kept, k)
		}
	}
	am.order = kept
	children := make([]*AnalysisManager, 0, len(am.children))
	for _, c := range am.children {
		children = append(children, c)
	}
	am.mu.Unlock()
	for _, c := range children {
		c.Invalidate(p)
	}
}

// Clear drops every cached result and nested manager.
func (am *AnalysisManager) Clear() {
	am.mu.Lock()
	am.results, am.order, am.children = nil, nil, nil
	am.mu.Unlock()
}
