package rewrite

import (
	"sort"

	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

// Legality is what a ConversionTarget says about an operation.
type Legality int

// The legality actions of MLIR's ConversionTarget.
const (
	// Unknown operations are legal in a partial conversion and illegal in
	// a full one.
	Unknown Legality = iota
	// Legal operations are kept.
	Legal
	// Illegal operations must be rewritten.
	Illegal
)

// ConversionTarget declares which operations are legal after a conversion,
// by operation name or by dialect, statically or with a predicate.
type ConversionTarget struct {
	ops      map[string]Legality
	dialects map[string]Legality
	dynamic  map[string]func(*ir.Operation) bool
	dynDia   map[string]func(*ir.Operation) bool
}

// NewConversionTarget returns a target that declares nothing.
func NewConversionTarget() *ConversionTarget {
	return &ConversionTarget{ops: map[string]Legality{}, dialects: map[string]Legality{},
		dynamic: map[string]func(*ir.Operation) bool{}, dynDia: map[string]func(*ir.Operation) bool{}}
}

// AddLegalOp marks operations legal by name.
func (t *ConversionTarget) AddLegalOp(names ...string) {
	for _, n := range names {
		t.ops[n] = Legal
	}
}

// AddIllegalOp marks operations illegal by name.
func (t *ConversionTarget) AddIllegalOp(names ...string) {
	for _, n := range names {
		t.ops[n] = Illegal
	}
}

// AddLegalDialect marks every operation of the dialects legal.
func (t *ConversionTarget) AddLegalDialect(names ...string) {
	for _, n := range names {
		t.dialects[n] = Legal
	}
}

// AddIllegalDialect marks every operation of the dialects illegal.
func (t *ConversionTarget) AddIllegalDialect(names ...string) {
	for _, n := range names {
		t.dialects[n] = Illegal
	}
}

// AddDynamicallyLegalOp makes an operation legal when pred holds.
func (t *ConversionTarget) AddDynamicallyLegalOp(name string, pred func(*ir.Operation) bool) {
	t.dynamic[name] = pred
}

// AddDynamicallyLegalDialect makes a dialect's operations legal when pred
// holds.
func (t *ConversionTarget) AddDynamicallyLegalDialect(name string, pred func(*ir.Operation) bool) {
	t.dynDia[name] = pred
}

// Legality classifies op: an op-level declaration wins over a dialect-level
// one, and dynamic predicates decide between Legal and Illegal.
func (t *ConversionTarget) Legality(op *ir.Operation) Legality {
	if p, ok := t.dynamic[op.Name()]; ok {
		if p(op) {
			return Legal
		}
		return Illegal
	}
	if l, ok := t.ops[op.Name()]; ok {
		return l
	}
	d := op.OpName().DialectNamespace()
	if p, ok := t.dynDia[d]; ok {
		if p(op) {
			return Legal
		}
		return Illegal
	}
	if l, ok := t.dialects[d]; ok {
		return l
	}
	return Unknown
}

// TypeConverter converts types for a conversion, and builds the casts that
// bridge values of the old and new types.
type TypeConverter struct {
	// conversions are tried in reverse order of addition, as in MLIR; each
	// returns the converted types and ok, or ok=false to let the next try.
	conversions []func(ir.Type) ([]ir.Type, bool)
	// Materialize builds a value of type to from v; nil uses an
	// unrealized_conversion_cast.
	Materialize func(b *ir.Builder, to ir.Type, v ir.Value, loc ir.Location) ir.Value
}

// AddConversion adds a one-to-one type conversion; f returns nil to pass.
func (tc *TypeConverter) AddConversion(f func(ir.Type) ir.Type) {
	tc.conversions = append(tc.conversions, func(t ir.Type) ([]ir.Type, bool) {
		if r := f(t); r != nil {
			return []ir.Type{r}, true
		}
		return nil, false
	})
}

// Convert returns the type t converts to; types no conversion handles
// stay as they are.
func (tc *TypeConverter) Convert(t ir.Type) ir.Type {
	if tc == nil {
		return t
	}
	for i := len(tc.conversions) - 1; i >= 0; i-- {
		if r, ok := tc.conversions[i](t); ok && len(r) == 1 {
			return r[0]
		}
	}
	return t
}

// IsLegal reports whether every operand and result type of op is already
// converted.
func (tc *TypeConverter) IsLegal(op *ir.Operation) bool {
	for i := 0; i < op.NumOperands(); i++ {
		if t := op.Operand(i).Type(); tc.Convert(t) != t {
			return false
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if t := op.Result(i).Type(); tc.Convert(t) != t {
			return false
		}
	}
	return true
}

func (tc *TypeConverter) materialize(b *ir.Builder, to ir.Type, v ir.Value, loc ir.Location) ir.Value {
	if tc != nil && tc.Materialize != nil {
		if r := tc.Materialize(b, to, v, loc); r != nil {
			return r
		}
	}
	cast := b.Create(&ir.OperationState{Name: b.Ctx.OpName("builtin.unrealized_conversion_cast"), Loc: loc,
		Operands: []ir.Value{v}, ResultTypes: []ir.Type{to}})
	return cast.Result(0)
}

// ConversionPattern rewrites an illegal operation given its operands
// already remapped to their converted values.
type ConversionPattern interface {
	Root() string
	Benefit() int
	Name() string
	MatchAndRewrite(op *ir.Operation, operands []ir.Value, r *ConversionRewriter) bool
}

// ConversionFunc is a ConversionPattern made of a function.
type ConversionFunc struct {
	RootName     string
	BenefitValue int
	PatternName  string
	Fn           func(op *ir.Operation, operands []ir.Value, r *ConversionRewriter) bool
}

// Root returns the matched operation name.
func (f *ConversionFunc) Root() string { return f.RootName }

// Benefit returns the benefit.
func (f *ConversionFunc) Benefit() int { return f.BenefitValue }

// Name returns the pattern name.
func (f *ConversionFunc) Name() string { return f.PatternName }

// MatchAndRewrite calls Fn.
func (f *ConversionFunc) MatchAndRewrite(op *ir.Operation, operands []ir.Value, r *ConversionRewriter) bool {
	return f.Fn(op, operands, r)
}

// ConversionRewriter is the rewriter handed to conversion patterns. Values
// replaced with values of another type are bridged with casts for users that
// are not converted.
type ConversionRewriter struct {
	*Rewriter
	// TypeConverter is the conversion's type converter (may be nil).
	TypeConverter *TypeConverter
	created       []*ir.Operation
	// casts caches the converted value of each original value, so every
	// value is materialized once.
	casts map[ir.Value]ir.Value
}

type convListener struct {
	NopListener
	r *ConversionRewriter
}

func (l *convListener) OperationInserted(op *ir.Operation) { l.r.created = append(l.r.created, op) }

// ReplaceOp replaces op's results with values (whose types may be the
// converted ones: users keep working through casts) and erases op.
func (r *ConversionRewriter) ReplaceOp(op *ir.Operation, with []ir.Value) {
	for i := 0; i < op.NumResults(); i++ {
		old, nv := op.Result(i), with[i]
		if old.Type() != nv.Type() && ir.HasUses(old) {
			r.setInsertionAfterDef(nv)
			nv = r.TypeConverter.materialize(r.Builder, old.Type(), nv, op.Loc())
		}
		r.Rewriter.ReplaceAllUsesWith(old, nv)
	}
	r.Rewriter.EraseOp(op)
}

// setInsertionAfterDef places the insertion point just after the
// definition of v (at the start of its block for a block argument).
func (r *ConversionRewriter) setInsertionAfterDef(v ir.Value) {
	if d := ir.DefiningOp(v); d != nil {
		r.SetInsertionPointAfter(d)
		return
	}
	r.SetInsertionPointToStart(ir.ParentBlock(v))
}

// ConvertRegionTypes converts the argument types of every block of region
// with the type converter, casting back for existing uses.
func (r *ConversionRewriter) ConvertRegionTypes(region *ir.Region) {
	for b := region.First(); b != nil; b = b.Next() {
		for _, a := range b.Arguments() {
			nt := r.TypeConverter.Convert(a.Type())
			if nt == a.Type() {
				continue
			}
			old := a.Type()
			a.SetType(nt)
			if ir.HasUses(a) {
				r.SetInsertionPointToStart(b)
				cast := r.TypeConverter.materialize(r.Builder, old, a, a.Loc)
				castOp := ir.DefiningOp(cast)
				for u := a.FirstUse(); u != nil; {
					next := u.Next()
					if u.Owner() != castOp {
						u.Set(cast)
					}
					u = next
				}
			}
		}
	}
}

// ConversionConfig selects partial or full conversion.
type ConversionConfig struct {
	// Full requires every operation to be legal afterwards (unknown
	// operations count as illegal).
	Full bool
	// TypeConverter converts operand types for patterns; may be nil.
	TypeConverter *TypeConverter
}

// ApplyConversion legalizes the operations nested in op according to
// target with patterns. On failure it reports a diagnostic naming the
// first operation that stayed illegal and restores op's regions to their
// state before the conversion, so the IR stays valid.
func ApplyConversion(ctx *ir.Context, op *ir.Operation, target *ConversionTarget, patterns []ConversionPattern, cfg ConversionConfig) error {
	backup := op.Clone(nil)
	byRoot := map[string][]ConversionPattern{}
	var any []ConversionPattern
	for _, p := range patterns {
		if p.Root() == "" {
			any = append(any, p)
		} else {
			byRoot[p.Root()] = append(byRoot[p.Root()], p)
		}
	}
	cr := &ConversionRewriter{TypeConverter: cfg.TypeConverter}
	cr.Rewriter = &Rewriter{Builder: ir.NewBuilder(ctx), Listener: &convListener{r: cr}}

	illegal := func(o *ir.Operation) bool {
		switch target.Legality(o) {
		case Legal:
			return false
		case Illegal:
			return true
		}
		return cfg.Full
	}
	var failed *ir.Operation
	var legalize func(o *ir.Operation, depth int) bool
	legalize = func(o *ir.Operation, depth int) bool {
		if !illegal(o) {
			return true
		}
		if depth > 64 {
			return false
		}
		cands := append(append([]ConversionPattern(nil), byRoot[o.Name()]...), any...)
		sortConversion(cands)
		for _, p := range cands {
			operands := remapOperands(cr, o)
			cr.created = cr.created[:0]
			cr.SetInsertionPoint(o)
			if !p.MatchAndRewrite(o, operands, cr) {
				continue
			}
			created := append([]*ir.Operation(nil), cr.created...)
			for _, c := range created {
				if c.Block() != nil && !legalize(c, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	}
	var ops []*ir.Operation
	for i := 0; i < op.NumRegions(); i++ {
		for b := op.Region(i).First(); b != nil; b = b.Next() {
			for o := b.First(); o != nil; o = o.Next() {
				o.Walk(ir.PreOrder, func(x *ir.Operation) bool {
					ops = append(ops, x)
					return true
				})
			}
		}
	}
	erased := map[*ir.Operation]bool{}
	cr.Rewriter.Listener = &trackingListener{convListener: convListener{r: cr}, erased: erased}
	for _, o := range ops {
		if erased[o] || o.Block() == nil {
			continue
		}
		if !legalize(o, 0) {
			failed = o
			break
		}
	}
	if failed == nil {
		return nil
	}
	msg := fmt.Sprintf("failed to legalize operation '%s'", failed.Name())
	if !cfg.Full || target.Legality(failed) == Illegal {
		msg += " that was explicitly marked illegal"
	}
	d := ir.NewError(failed.Loc(), msg)
	restore(op, backup)
	return d
}

type trackingListener struct {
	convListener
	erased map[*ir.Operation]bool
}

func (l *trackingListener) OperationErased(op *ir.Operation) { l.erased[op] = true }

func sortConversion(l []ConversionPattern) {
	for i := 1; i < len(l); i++ {
		for j := i; j > 0 && l[j].Benefit() > l[j-1].Benefit(); j-- {
			l[j], l[j-1] = l[j-1], l[j]
		}
	}
}

// remapOperands returns op's operands, looking through casts inserted by
// the conversion so that patterns see values of converted types.
func remapOperands(r *ConversionRewriter, op *ir.Operation) []ir.Value {
	out := make([]ir.Value, op.NumOperands())
	for i := range out {
		v := op.Operand(i)
		if def := ir.DefiningOp(v); def != nil && def.Name() == "builtin.unrealized_conversion_cast" && def.NumOperands() == 1 {
			in := def.Operand(0)
			if r.TypeConverter.Convert(v.Type()) == in.Type() {
				v = in
			}
		}
		if nt := r.TypeConverter.Convert(v.Type()); nt != v.Type() {
			if c, ok := r.casts[v]; ok && c.Type() == nt {
				v = c
			} else {
				orig := v
				r.setInsertionAfterDef(v)
				v = r.TypeConverter.materialize(r.Builder, nt, v, op.Loc())
				if r.casts == nil {
					r.casts = map[ir.Value]ir.Value{}
				}
				r.casts[orig] = v
			}
		}
		out[i] = v
	}
	return out
}

// restore replaces the bodies of op's regions with those of backup.
func restore(op, backup *ir.Operation) {
	for i := 0; i < op.NumRegions(); i++ {
		r := op.Region(i)
		for b := r.First(); b != nil; b = r.First() {
			for o := b.First(); o != nil; o = b.First() {
				o.DropAllReferences()
				o.Remove()
			}
			r.Remove(b)
		}
		r.TakeBody(backup.Region(i))
	}
	op.SetProperties(backup.Properties())
	op.SetAttrs(backup.Attrs())
}

// ConversionRoots returns the sorted, distinct root operation names of
// patterns (those that name one).
func ConversionRoots(patterns []ConversionPattern) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range patterns {
		if r := p.Root(); r != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}
