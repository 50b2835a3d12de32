package gputonvvm

import (
	"github.com/strata-ir/strata/conversion/llvmcommon"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/rewrite"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// reduxKinds maps the reductions of gpu.subgroup_reduce that redux.sync
// has to its kinds (upstream's convertReduxKind).
var reduxKinds = map[string]string{
	"add": "add", "minsi": "min", "minnumf": "min", "maxsi": "max", "maxnumf": "max",
	"and": "and", "or": "or", "xor": "xor",
}

// subgroupReducePattern is upstream's GPUSubgroupReduceOpLowering (with
// has-redux): a uniform, unclustered reduction of i32 over the whole
// subgroup is one nvvm.redux.sync with the full mask.
func subgroupReducePattern() rewrite.ConversionPattern {
	return &rewrite.ConversionFunc{RootName: gpu.SubgroupReduceOpName, BenefitValue: 2, PatternName: "gpu.subgroup_reduce-to-redux",
		Fn: func(op *ir.Operation, operands []ir.Value, r *rewrite.ConversionRewriter) bool {
			s, _ := gpu.AsSubgroupReduceOp(op)
			ctx := r.Builder.Ctx
			if _, clustered := s.ClusterSize(); clustered || !s.Uniform() || s.Value().Type() != ctx.I(32) || !llvmcommon.IsLLVMType(operands[0].Type()) {
				return false
			}
			op2, ok := gpu.ReductionKind(s.Op())
			kind, ok2 := reduxKinds[op2]
			if !ok || !ok2 {
				return false
			}
			kindAttr, err := nvvm.EnumAttr(ctx, "redux_kind", kind)
			if err != nil {
				return false
			}
			loc := op.Loc()
			mask := llvm.BuildMlirConstant(r.Builder, loc, ctx.IntegerAttr(ctx.I(32), -1), ctx.I(32)).Result(0)
			red := nvvm.BuildReduxSync(r.Builder, loc, operands[0], mask, kindAttr)
			r.ReplaceOp(op, []ir.Value{red.Operation.Result(0)})
			return true
		}}
}
