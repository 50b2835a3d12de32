// SIGNATURE: crash at core/asm.readBits: runtime error: index out of range [N] with length N
// PIPELINE: builtin.module(func.func(convert-vector-to-llvm))
func.func @switch(%flag : f32, %caseOperand : f32) {
  cf.switch %flag : f32, [
    default: ^bb1(%caseOperand : f32),
    42: ^bb2(%caseOperand : f32),
    43: ^bb3(%caseOperand : f32)
  ]
  ^bb1(%bb1arg : f32):
    return
  ^bb2(%bb2arg : f32):
    return
  ^bb3(%bb3arg : f32):
    return
}
