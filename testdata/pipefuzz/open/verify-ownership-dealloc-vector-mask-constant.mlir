// SIGNATURE: verify after ownership-based-buffer-deallocation: 'vector.mask' op expects only one operation to mask
// PIPELINE: builtin.module(ownership-based-buffer-deallocation)
func.func @transfer(%m: memref<?xf32>, %i: index, %k: vector<8xi1>) -> vector<8xf32> {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %k { vector.transfer_read %m[%i], %f {} : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}
