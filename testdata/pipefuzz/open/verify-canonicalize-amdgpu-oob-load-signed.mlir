// SIGNATURE: verify after canonicalize: 'arith.constant' op integer return type must be signless
// PIPELINE: builtin.module(canonicalize)
func.func @known_oob_load_2d_on_last(%arg0: memref<4x4xsi32>) -> si32 {
  %c0_i32 = arith.constant 0 : i32
  %c16_i32 = arith.constant 16 : i32
  %0 = amdgpu.raw_buffer_load {boundsCheck = true} %arg0[%c0_i32, %c16_i32] : memref<4x4xsi32>, i32, i32 -> si32
  func.return %0 : si32
}
