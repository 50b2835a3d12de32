// SIGNATURE: verify after convert-func-to-llvm: 'llvm.return' op expected no operands
// PIPELINE: builtin.module(gpu-lower-to-nvvm-pipeline)
func.func @f(%a: f32) {
  llvm.return %a : f32
}
