package linalg

import (
	"encoding/binary"
	"slices"

	"github.com/strata-ir/strata/core/affine"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/memref"
)

// StructuredOp is a view of a linalg structured operation (MLIR's
// LinalgOp interface): linalg.generic, linalg.map, linalg.reduce,
// linalg.transpose, linalg.broadcast and the named operations. A
// structured operation is a perfect loop nest with one loop per iterator
// type; each operand is accessed through its indexing map, which maps the
// loop indices to the operand's indices (scalars have a map with no
// results); the body computes the new values of the outputs' elements
// from the elements of all operands and yields them with linalg.yield.
type StructuredOp struct{ *ir.Operation }

// AsStructuredOp returns op as a StructuredOp if it is a linalg structured
// operation of a registered linalg dialect.
func AsStructuredOp(op *ir.Operation) (StructuredOp, bool) {
	if op == nil || !op.IsRegistered() {
		return StructuredOp{}, false
	}
	if _, ok := structuredKinds[op.Name()]; !ok {
		return StructuredOp{}, false
	}
	return StructuredOp{op}, true
}

// IsStructuredOpName reports whether name is a linalg structured
// operation this package defines.
func IsStructuredOpName(name string) bool {
	_, ok := structuredKinds[name]
	return ok
}

func (s StructuredOp) kind() *structuredKind { return structuredKinds[s.Name()] }

// Inputs returns the input operands (MLIR's getDpsInputs).
func (s StructuredOp) Inputs() []ir.Value {
	first, _ := s.kind().inits(s.Operation)
	return s.Operands()[:first]
}

// Outputs returns the init operands that the operation writes (MLIR's
// getDpsInits).
func (s StructuredOp) Outputs() []ir.Value {
	first, n := s.kind().inits(s.Operation)
	return s.Operands()[first : first+n]
}

// Body returns the block of the operation's region, or nil if the region
// is empty.
func (s StructuredOp) Body() *ir.Block {
	if s.NumRegions() == 0 {
		return nil
	}
	return s.Region(0).First()
}

// IndexingMaps returns one affine map per operand, inputs then outputs,
// from loop indices to operand indices (MLIR's getIndexingMapsArray). It
// returns nil when the operation is malformed (for instance, an attribute
// of the wrong kind before verification).
func (s StructuredOp) IndexingMaps() []affine.Map {
	return s.kind().maps(s.Operation)
}

// IteratorTypes returns the kind of each loop, outermost first.
func (s StructuredOp) IteratorTypes() []IteratorType {
	return s.kind().iterators(s.Operation)
}

// NumLoops returns the number of loops of the nest.
func (s StructuredOp) NumLoops() int { return len(s.IteratorTypes()) }

// NumParallelLoops returns the number of parallel loops.
func (s StructuredOp) NumParallelLoops() int {
	n := 0
	for _, it := range s.IteratorTypes() {
		if it == IteratorTypeParallel {
			n++
		}
	}
	return n
}

// HasPureTensorSemantics reports whether every shaped operand is a ranked
// tensor (the operation then returns its results and has no side effect).
func (s StructuredOp) HasPureTensorSemantics() bool {
	for _, v := range s.Operands() {
		switch v.Type().(type) {
		case *ir.MemRefType, *ir.UnrankedMemRefType:
			return false
		}
	}
	return true
}

// HasPureBufferSemantics reports whether every shaped operand is a memref.
func (s StructuredOp) HasPureBufferSemantics() bool {
	for _, v := range s.Operands() {
		switch v.Type().(type) {
		case *ir.RankedTensorType, *ir.UnrankedTensorType:
			return false
		}
	}
	return true
}

// StaticLoopRanges returns the size of each loop as the static shapes of
// the operands give it (ir.Dynamic where unknown): a loop takes the size of
// the first operand dimension indexed by that loop alone (MLIR's
// getStaticLoopRanges).
func (s StructuredOp) StaticLoopRanges() []int64 {
	maps := s.IndexingMaps()
	ranges := make([]int64, s.NumLoops())
	found := make([]bool, len(ranges))
	for i := range ranges {
		ranges[i] = ir.Dynamic
	}
	for i, v := range s.Operands() {
		if i >= len(maps) {
			break
		}
		shape := shapeOf(v.Type())
		for r, e := range maps[i].Results {
			if !e.IsDim() {
				continue
			}
			d := e.Position()
			if d >= len(ranges) || found[d] || r >= len(shape) {
				continue
			}
			ranges[d], found[d] = shape[r], true
		}
	}
	return ranges
}

// shapeOf returns the shape of a ranked shaped type, nil for scalars.
func shapeOf(t ir.Type) []int64 {
	if st, ok := t.(ir.ShapedType); ok {
		if _, vec := t.(*ir.VectorType); !vec {
			sh, _ := st.ShapeDims()
			return sh
		}
	}
	return nil
}

// rankOf returns the rank of an operand type as linalg sees it: a tensor
// or memref has its rank, anything else (scalars, vectors) rank 0.
func rankOf(t ir.Type) int {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return len(t.Shape)
	case *ir.MemRefType:
		return len(t.Shape)
	}
	return 0
}

// elementTypeOf returns the element type of a tensor or memref, or t.
func elementTypeOf(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return t.Elem
	case *ir.MemRefType:
		return t.Elem
	}
	return t
}

// structuredKind describes how one structured operation exposes its
// operands, maps and iterators.
type structuredKind struct {
	// inits returns the index of the first init operand and their count.
	inits func(op *ir.Operation) (first, n int)
	// maps and iterators compute the indexing maps and iterator types.
	maps      func(op *ir.Operation) []affine.Map
	iterators func(op *ir.Operation) []IteratorType
	// print and parse are the custom syntax.
	print func(p ir.OpAsmPrinter, op *ir.Operation)
	parse func(p ir.OpAsmParser, st *ir.OperationState) error
	// argNames names the entry block arguments of inputs and inits.
	inName, initName string
	// verify checks what is specific to the operation, after the
	// structured-op checks.
	verify func(op *ir.Operation) error
	// named is the description of a named operation, or nil.
	named *namedOp
}

// verifyStructuredOp is the verifier hook of the structured operations:
// the checks specific to the operation, then the structured-op checks.
func verifyStructuredOp(op *ir.Operation) error {
	if k := structuredKinds[op.Name()]; k != nil && k.verify != nil {
		if err := k.verify(op); err != nil {
			return err
		}
	}
	return verifyStructured(StructuredOp{op})
}

// printStructured is the printer hook of the structured operations.
func printStructured(p ir.OpAsmPrinter, op *ir.Operation) {
	structuredKinds[op.Name()].print(p, op)
}

// parseStructured is the parser hook of the structured operations.
func parseStructured(p ir.OpAsmParser, st *ir.OperationState) error {
	return structuredKinds[st.Name.Name].parse(p, st)
}

// structuredInterfaces attaches the structured operations' models of the
// destination-style, memory-effect and tiling interfaces and names their
// block arguments.
func structuredInterfaces(d *ir.OpDef) {
	k := structuredKinds[d.Name]
	ir.DestinationStyleOp.Attach(d, ir.DPSInitsFunc(k.inits))
	ir.MemoryEffectsOp.Attach(d, ir.EffectsFunc(structuredEffects))
	ir.TilingOp.Attach(d, structuredTiling{})
	if k.inName != "" {
		in, init := k.inName, k.initName
		d.AsmBlockArgNames = func(op *ir.Operation, r *ir.Region, set func(*ir.BlockArgument, string)) {
			b := r.First()
			if b == nil {
				return
			}
			first, n := k.inits(op)
			for i, a := range b.Arguments() {
				switch {
				case i < first:
					set(a, in)
				case i < first+n:
					set(a, init)
				}
			}
		}
	}
	if k.named != nil || d.Name == GenericOpName {
		// As upstream's folders of linalg.generic and the named
		// operations (memref::foldMemRefCast): an operand made by a
		// memref.cast of a ranked memref takes the cast's source.
		// linalg.map, reduce, transpose and broadcast have none.
		d.Fold = foldCastOperands
	}
	if k.named == nil {
		switch d.Name {
		case MapOpName:
			d.AsmResultNames = fixedName("mapped")
		case ReduceOpName:
			d.AsmResultNames = fixedName("reduced")
		case TransposeOpName:
			d.AsmResultNames = fixedName("transposed")
		case BroadcastOpName:
			d.AsmResultNames = fixedName("broadcasted")
		}
	}
}

// foldCastOperands is the folder of the structured operations that fold
// memref.cast operands into themselves.
func foldCastOperands(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return nil, memref.FoldMemRefCastOperands(op)
}

func fixedName(name string) func(*ir.Operation, func(int, string)) {
	return func(op *ir.Operation, set func(int, string)) {
		if op.NumResults() > 0 {
			set(0, name)
		}
	}
}

// segmentInits reads operandSegmentSizes = [inputs, outputs].
func segmentInits(op *ir.Operation) (int, int) {
	if a, ok := op.InherentAttr("operandSegmentSizes").(*ir.DenseArrayAttr); ok {
		if s := i32s(a); len(s) == 2 && int(s[0])+int(s[1]) == op.NumOperands() && s[0] >= 0 && s[1] >= 0 {
			return int(s[0]), int(s[1])
		}
	}
	return op.NumOperands(), 0
}

// structuredEffects are MLIR's getGenericEffectsImpl: inputs that are
// memrefs are read, outputs that are memrefs read and written; tensors
// have no effect.
func structuredEffects(op *ir.Operation) []ir.MemoryEffect {
	k := structuredKinds[op.Name()]
	first, n := k.inits(op)
	return memrefEffects(op, first, n)
}

// shapedEffects returns the effects hook of an operation whose operands
// from first on are its inits.
func shapedEffects(first int) func(op *ir.Operation) []ir.MemoryEffect {
	return func(op *ir.Operation) []ir.MemoryEffect {
		return memrefEffects(op, first, op.NumOperands()-first)
	}
}

func memrefEffects(op *ir.Operation, first, n int) []ir.MemoryEffect {
	var effects []ir.MemoryEffect
	for i, v := range op.Operands() {
		// An operand a pass has dropped (remove-dead-values erasing the
		// function argument it used) is nil until the op is erased.
		if v == nil {
			continue
		}
		if _, ok := v.Type().(*ir.MemRefType); !ok {
			continue
		}
		effects = append(effects, ir.MemoryEffect{Kind: ir.EffectRead, Value: v})
		if i >= first && i < first+n {
			effects = append(effects, ir.MemoryEffect{Kind: ir.EffectWrite, Value: v})
		}
	}
	return effects
}

// i64s returns the elements of a dense i64 array.
func i64s(a *ir.DenseArrayAttr) []int64 {
	if a == nil {
		return nil
	}
	out := make([]int64, a.Size)
	for i := range out {
		if 8*i+8 <= len(a.Data) {
			out[i] = int64(binary.LittleEndian.Uint64(a.Data[8*i:]))
		}
	}
	return out
}

// i32s returns the elements of a dense i32 array.
func i32s(a *ir.DenseArrayAttr) []int32 {
	out := make([]int32, a.Size)
	for i := range out {
		if 4*i+4 <= len(a.Data) {
			out[i] = int32(binary.LittleEndian.Uint32(a.Data[4*i:]))
		}
	}
	return out
}

// denseInt64s returns the values of a dense integer elements attribute of
// n 64-bit elements, or nil for any other attribute (a splat of another
// shape is not expanded).
func denseInt64s(a ir.Attribute, n int) []int64 {
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	it, ok := d.Type.ElementType().(*ir.IntegerType)
	if !ok || it.Width != 64 {
		return nil
	}
	shape, _ := d.Type.ShapeDims()
	if ir.NumElements(shape) != int64(n) {
		return nil
	}
	out := make([]int64, n)
	for i := range out {
		off := 8 * i
		if d.Splat {
			off = 0
		}
		if off+8 <= len(d.Data) {
			out[i] = int64(binary.LittleEndian.Uint64(d.Data[off:]))
		}
	}
	return out
}

// affineMaps returns the maps of an array of affine map attributes, or nil
// with ok=false if an element is not one.
func affineMaps(a ir.Attribute) ([]affine.Map, bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	maps := make([]affine.Map, len(arr.Elems))
	for i, e := range arr.Elems {
		m, ok := e.(*ir.AffineMapAttr)
		if !ok {
			return nil, false
		}
		maps[i] = m.Map
	}
	return maps, true
}

// mapsAttr builds an array of affine map attributes.
func mapsAttr(ctx *ir.Context, maps []affine.Map) *ir.ArrayAttr {
	elems := make([]ir.Attribute, len(maps))
	for i, m := range maps {
		elems[i] = ctx.AffineMapAttr(m)
	}
	return ctx.ArrayAttr(elems)
}

type mapT = affine.Map

// evalMap evaluates the results of a map without symbols at the point
// dims.
func evalMap(m affine.Map, dims []int64) ([]int64, bool) {
	out := make([]int64, len(m.Results))
	for i, e := range m.Results {
		v, ok := evalExpr(e, dims)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

func evalExpr(e affine.Expr, dims []int64) (int64, bool) {
	switch {
	case e.IsConstant():
		return e.Value(), true
	case e.IsDim():
		if p := e.Position(); p < len(dims) {
			return dims[p], true
		}
		return 0, false
	case e.IsBinary():
		l, ok1 := evalExpr(e.LHS(), dims)
		r, ok2 := evalExpr(e.RHS(), dims)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Kind() {
		case affine.KindAdd:
			return l + r, true
		case affine.KindMul:
			return l * r, true
		case affine.KindMod:
			if r <= 0 {
				return 0, false
			}
			return ((l % r) + r) % r, true
		case affine.KindFloorDiv:
			if r == 0 {
				return 0, false
			}
			q := l / r
			if (l%r != 0) && ((l < 0) != (r < 0)) {
				q--
			}
			return q, true
		case affine.KindCeilDiv:
			if r == 0 {
				return 0, false
			}
			q := l / r
			if (l%r != 0) && ((l < 0) == (r < 0)) {
				q++
			}
			return q, true
		}
	}
	return 0, false
}

// StructuredOpNames returns the names of the structured operations this
// package defines, sorted.
func StructuredOpNames() []string {
	names := make([]string, 0, len(structuredKinds))
	for n := range structuredKinds {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
