package gpu

import (
	"fmt"
	"slices"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

// allReduceOps are the cases of #gpu<all_reduce_op ...>.
var allReduceOps = []string{"add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "minimumf", "maximumf"}

// registerReduce registers the directives and constraints of gpu.all_reduce,
// gpu.subgroup_reduce and gpu.dynamic_shared_memory.
func registerReduce() {
	irdl.RegisterCustomDirective("AllReduceOperation", parseAllReduceOperation, printAllReduceOperation)
	irdl.RegisterCustomDirective("SubgroupCluster", parseSubgroupCluster, printSubgroupCluster)
	irdl.RegisterAttrConstraint("AllReduceOperationAttr", "built-in reduction operations supported by gpu.allreduce.", nil, func(a ir.Attribute) bool {
		v, ok := enumValue(a, "all_reduce_op")
		return ok && slices.Contains(allReduceOps, v)
	})
	irdl.RegisterAttrConstraint("GPUObjectArrayAttr", "an array of GPU object attributes with at least 1 elements", nil, isObjectArray)
	irdl.RegisterAttrConstraint("OffloadingTranslationAttr", "any attribute with the `OffloadingTranslationAttrTrait` trait.", nil, isOffloadingHandler)
	irdl.RegisterAttrConstraint("GPUTargetArrayAttr", "array of GPU target attributes with at least 1 elements", nil, isTargetArray)
	irdl.RegisterTypeConstraint("GPUMemRefRanked1DOfI8", "1D memref of 8-bit signless integer values", func(t ir.Type) bool {
		m, ok := t.(*ir.MemRefType)
		if !ok || len(m.Shape) != 1 {
			return false
		}
		it, ok := m.Elem.(*ir.IntegerType)
		return ok && it.Width == 8 && it.Signedness == ir.Signless
	})
	irdl.RegisterTypeConstraint("GPUUnrankedMemRef", "unranked.memref of any type values", func(t ir.Type) bool {
		_, ok := t.(*ir.UnrankedMemRefType)
		return ok
	})
}

// parseAllReduceOperation reads an optional reduction kind; upstream
// reports an unknown keyword as "invalid op kind", at the token after it.
func parseAllReduceOperation(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	pos := p.CurrentPos()
	kw, ok := p.ParseOptionalKeywordAny()
	if !ok {
		return true, nil
	}
	if !slices.Contains(allReduceOps, kw) {
		return false, p.ErrorAt(p.CurrentPos(), "invalid op kind")
	}
	a, err := enumAttr(p.Context(), "all_reduce_op", kw)
	if err != nil {
		return false, p.ErrorAt(pos, err.Error())
	}
	args[0].Attr = a
	return true, nil
}

func printAllReduceOperation(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	if args[0].Attr == nil {
		return
	}
	if v, ok := enumValue(args[0].Attr, "all_reduce_op"); ok {
		p.WriteString(" " + v)
		return
	}
	p.PrintAttribute(args[0].Attr)
}

// parseSubgroupCluster reads `cluster(size = N (, stride = M)?)`, upstream's
// optional group nested in an optional group.
func parseSubgroupCluster(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	if !p.ParseOptionalKeyword("cluster") {
		return false, nil
	}
	ctx := p.Context()
	i32 := ctx.IntegerType(32, ir.Signless)
	p.ParsePunct("(")
	if !p.ParseOptionalKeyword("size") {
		return false, p.Errorf("expected 'size'")
	}
	p.ParsePunct("=")
	args[0].Attr = p.ParseAttribute(i32)
	if p.ParseOptionalPunct(",") {
		if !p.ParseOptionalKeyword("stride") {
			return false, p.Errorf("expected 'stride'")
		}
		p.ParsePunct("=")
		args[1].Attr = p.ParseAttribute(i32)
	}
	p.ParsePunct(")")
	return true, nil
}

func printSubgroupCluster(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	size, ok := args[0].Attr.(*ir.IntegerAttr)
	if !ok {
		return
	}
	p.WriteString(fmt.Sprintf("cluster(size = %d", size.Int64()))
	if st, ok := args[1].Attr.(*ir.IntegerAttr); ok && st.Int64() != 1 {
		p.WriteString(fmt.Sprintf(", stride = %d", st.Int64()))
	}
	p.WriteString(")")
}

// reduceOpFits is upstream's verifyReduceOpAndType.
func reduceOpFits(kind string, t ir.Type) bool {
	switch kind {
	case "minnumf", "maxnumf", "minimumf", "maximumf":
		_, ok := t.(*ir.FloatType)
		return ok
	case "minsi", "minui", "maxsi", "maxui", "and", "or", "xor":
		_, ok := t.(*ir.IntegerType)
		return ok
	}
	return true
}

func verifyAllReduce(op AllReduceOp) error {
	o := op.Operation
	body := op.Body()
	empty := body.First() == nil
	if empty != (op.Op() != nil) {
		return ir.EmitError(o, "expected either an op attribute or a non-empty body")
	}
	t := op.Result().Type()
	if !empty {
		entry := body.First()
		if entry.NumArguments() != 2 {
			return ir.EmitError(o, "expected two region arguments")
		}
		for i := 0; i < entry.NumArguments(); i++ {
			if entry.Argument(i).Type() != t {
				return ir.EmitError(o, "incorrect region argument type")
			}
		}
		yields := 0
		for b := body.First(); b != nil; b = b.Next() {
			term := b.Last()
			if term == nil || term.Name() != "gpu.yield" {
				continue
			}
			if term.NumOperands() != 1 {
				return ir.EmitError(o, "expected one gpu.yield operand")
			}
			if term.Operand(0).Type() != t {
				return ir.EmitError(o, "incorrect gpu.yield type")
			}
			yields++
		}
		if yields == 0 {
			return ir.EmitError(o, "expected gpu.yield op in region")
		}
		return nil
	}
	kind, _ := enumValue(op.Op(), "all_reduce_op")
	if !reduceOpFits(kind, t) {
		return ir.EmitError(o, "`"+kind+"` reduction operation is not compatible with type '"+ir.TypeString(t)+"'")
	}
	return nil
}

func isPowerOf2(n int64) bool { return n > 0 && n&(n-1) == 0 }

func verifySubgroupReduce(op SubgroupReduceOp) error {
	o := op.Operation
	t := op.Result().Type()
	elem := t
	if v, ok := t.(*ir.VectorType); ok {
		if slices.Contains(v.Scalable, true) {
			return ir.OpError(o, "is not compatible with scalable vector types")
		}
		elem = v.Elem
	}
	kind, _ := enumValue(op.Op(), "all_reduce_op")
	if !reduceOpFits(kind, elem) {
		return ir.EmitError(o, "`"+kind+"` reduction operation is not compatible with type '"+ir.TypeString(t)+"'")
	}
	size, hasSize := op.ClusterSize()
	if hasSize && !isPowerOf2(int64(size)) {
		return ir.OpError(o, fmt.Sprintf("cluster size %d is not a power of two", size))
	}
	stride := op.ClusterStride()
	if stride != 1 && !hasSize {
		return ir.OpError(o, "cluster stride can only be specified if cluster size is specified")
	}
	if !isPowerOf2(int64(stride)) {
		return ir.OpError(o, fmt.Sprintf("cluster stride %d is not a power of two", stride))
	}
	return nil
}

// isWorkgroupMemorySpace reports whether a memory space is workgroup
// memory: #gpu.address_space<workgroup> or the integer 3.
func isWorkgroupMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil:
		return false
	case *ir.IntegerAttr:
		return a.Int64() == 3
	}
	return ir.AttrString(a) == "#gpu.address_space<workgroup>"
}

func verifyDynamicSharedMemory(op DynamicSharedMemoryOp) error {
	o := op.Operation
	inTable := false
	for p := o.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTableTrait) {
			inTable = true
			break
		}
	}
	if !inTable {
		return ir.OpError(o, "must be inside an op with symbol table")
	}
	m, ok := op.ResultMemref().Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	if !isWorkgroupMemorySpace(m.MemorySpace) {
		return ir.OpError(o, "address space must be address_space<workgroup>")
	}
	if !slices.Contains(m.Shape, ir.Dynamic) {
		return ir.OpError(o, "result memref type must be memref<?xi8, #gpu.address_space<workgroup>>")
	}
	return nil
}
