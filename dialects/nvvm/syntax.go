package nvvm

import (
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/internal/bareenum"
	"github.com/strata-ir/strata/dialects/llvm"
)

// inferMMAType is upstream's MmaOp::inferOperandMMAType: the PTX type of
// a fragment register, when its Go type says it.
func inferMMAType(t ir.Type, accumulator bool) (string, bool) {
	switch {
	case isFloat(t, 64):
		return "f64", true
	case isFloat(t, 16) || isHalf2(t):
		return "f16", true
	case isFloat(t, 32) && accumulator:
		return "f32", true
	case isFloat(t, 32):
		return "tf32", true
	}
	if _, ok := t.(*ir.IntegerType); ok {
		if accumulator {
			return "s32", true
		}
		return "", false
	}
	if st, ok := t.(*llvm.StructType); ok && len(st.Fields) > 0 {
		return inferMMAType(st.Fields[0], accumulator)
	}
	return "", false
}

func isFloat(t ir.Type, width int) bool {
	f, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch width {
	case 16:
		return f.Kind == ir.F16
	case 32:
		return f.Kind == ir.F32
	case 64:
		return f.Kind == ir.F64
	}
	return false
}

func isHalf2(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return ok && len(v.Shape) == 1 && v.Shape[0] == 2 && len(v.Scalable) == 0 && isFloat(v.Elem, 16)
}

// printMmaSync prints nvvm.mma.sync as upstream's MmaOp::print:
// `A[%a, ...]  B[...]  C[...]  {attrs} : (typeA, typeB, typeC) -> type`.
func printMmaSync(p ir.OpAsmPrinter, op MmaSyncOp) {
	frags := [][]ir.Value{op.OperandA(), op.OperandB(), op.OperandC()}
	elided := []string{"operandSegmentSizes"}
	if op.NumOperands() > 0 {
		if _, ok := inferMMAType(op.Operand(0).Type(), false); ok {
			elided = append(elided, "multiplicandAPtxType", "multiplicandBPtxType")
		}
	}
	for i, name := range []string{"A", "B", "C"} {
		p.WriteString(" " + name + "[")
		ir.PrintOperandList(p, frags[i])
		p.WriteString("] ")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), elided...)
	p.WriteString(" : (")
	for i, f := range frags {
		if i > 0 {
			p.WriteString(", ")
		}
		if len(f) > 0 {
			p.PrintType(f[0].Type())
		}
	}
	p.WriteString(") -> ")
	p.PrintType(op.Res().Type())
}

// parseMmaSync parses the form printMmaSync prints, inferring the PTX
// types of A and B from their registers when they are not given.
func parseMmaSync(p ir.OpAsmParser, st *ir.OperationState) error {
	var frags [3][]ir.UnresolvedOperand
	for i, name := range []string{"A", "B", "C"} {
		if !p.ParseOptionalKeyword(name) {
			return p.Errorf("expected '" + name + "'")
		}
		p.ParsePunct("[")
		if !p.ParseOptionalPunct("]") {
			for {
				frags[i] = append(frags[i], p.ParseOperand())
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct("]")
		}
	}
	attrs := p.ParseOptionalAttrDict()
	p.ParsePunct(":")
	p.ParsePunct("(")
	var types []ir.Type
	for i := 0; i < 3; i++ {
		if i > 0 {
			p.ParsePunct(",")
		}
		types = append(types, p.ParseType())
	}
	p.ParsePunct(")")
	p.ParsePunct("->")
	res := p.ParseType()
	ctx := p.Context()
	for i := range frags {
		for _, o := range frags[i] {
			st.Operands = append(st.Operands, p.ResolveOperand(o, types[i]))
		}
	}
	st.ResultTypes = []ir.Type{res}
	has := map[string]bool{}
	for _, e := range attrs {
		has[e.Name] = true
	}
	for i, name := range []string{"multiplicandAPtxType", "multiplicandBPtxType"} {
		if has[name] {
			continue
		}
		// Upstream's parser infers A and B as it infers an accumulator
		// (i32 registers give s32, f32 ones f32), which its verifier
		// then rejects; tf32, bf16 and the integer types are written out.
		v, ok := inferMMAType(types[i], true)
		if !ok {
			return ir.NewError(p.NameLoc(), "custom op 'nvvm.mma.sync' attribute "+name+" is not provided explicitly and cannot be inferred")
		}
		a, err := mmaTypeAttr(ctx, v)
		if err != nil {
			return err
		}
		attrs = append(attrs, ir.NamedAttr{Name: name, Value: a})
	}
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes",
		Value: ctx.DenseI32Array(int32(len(frags[0])), int32(len(frags[1])), int32(len(frags[2])))})
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// mmaTypeAttr returns #nvvm.mma_type<v>.
func mmaTypeAttr(ctx *ir.Context, v string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#nvvm.mma_type<"+v+">", nil)
}

// printPrefetch prints nvvm.prefetch as upstream's format
// `(level = L (uniform)?,)? (tensormap (in_param_space)?,)?
// (evict_priority = P,)? $addr (, predicate = $p)? attr-dict : types`,
// whose optional groups nest.
func printPrefetch(p ir.OpAsmPrinter, op PrefetchOp) {
	if lvl := op.CacheLevel(); lvl != nil {
		v, _ := EnumValue(lvl, "prefetch_cache_level")
		p.WriteString(" level =  " + v)
		if op.Uniform() {
			p.WriteString(" uniform")
		}
		p.WriteString(",")
	}
	if op.Tensormap() {
		p.WriteString(" tensormap")
		if op.InParamSpace() {
			p.WriteString(" in_param_space")
		}
		p.WriteString(",")
	}
	if ev := op.EvictPriority(); ev != nil {
		v, _ := EnumValue(ev, "cache_eviction_priority")
		p.WriteString(" evict_priority =  " + v + ",")
	}
	p.WriteString(" ")
	p.PrintOperand(op.Addr())
	if pred := op.Predicate(); pred != nil {
		p.WriteString(", predicate = ")
		p.PrintOperand(pred)
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "cacheLevel", "evictPriority", "tensormap", "uniform", "in_param_space")
	p.WriteString(" : ")
	ir.PrintTypeList(p, op.OperandTypes())
}

func parsePrefetch(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	var attrs []ir.NamedAttr
	bare := func(name, mnemonic string, cases []string) error {
		a, err := bareenum.Enum{Dialect: "nvvm", Mnemonic: mnemonic, What: name, Cases: cases}.ParseKeyword(p)
		if err != nil {
			return err
		}
		attrs = append(attrs, ir.NamedAttr{Name: name, Value: a})
		return nil
	}
	if p.ParseOptionalKeyword("level") {
		p.ParsePunct("=")
		if err := bare("cacheLevel", "prefetch_cache_level", []string{"L1", "L2"}); err != nil {
			return err
		}
		if p.ParseOptionalKeyword("uniform") {
			attrs = append(attrs, ir.NamedAttr{Name: "uniform", Value: ctx.Unit()})
		}
		p.ParsePunct(",")
	}
	if p.ParseOptionalKeyword("tensormap") {
		attrs = append(attrs, ir.NamedAttr{Name: "tensormap", Value: ctx.Unit()})
		if p.ParseOptionalKeyword("in_param_space") {
			attrs = append(attrs, ir.NamedAttr{Name: "in_param_space", Value: ctx.Unit()})
		}
		p.ParsePunct(",")
	}
	if p.ParseOptionalKeyword("evict_priority") {
		p.ParsePunct("=")
		if err := bare("evictPriority", "cache_eviction_priority", []string{"evict_normal", "evict_first", "evict_last", "evict_unchanged", "no_allocate"}); err != nil {
			return err
		}
		p.ParsePunct(",")
	}
	uses := []ir.UnresolvedOperand{p.ParseOperand()}
	if p.ParseOptionalPunct(",") {
		if !p.ParseOptionalKeyword("predicate") {
			return p.Errorf("expected 'predicate'")
		}
		p.ParsePunct("=")
		uses = append(uses, p.ParseOperand())
	}
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	p.ParsePunct(":")
	var types []ir.Type
	for {
		types = append(types, p.ParseType())
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if len(types) != len(uses) {
		return p.Errorf("%d operands present, but expected %d", len(uses), len(types))
	}
	for i, u := range uses {
		st.Operands = append(st.Operands, p.ResolveOperand(u, types[i]))
	}
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}
