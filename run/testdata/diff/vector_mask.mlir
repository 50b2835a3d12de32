// UPSTREAM-PASSES: --lower-vector-mask
// vector.mask around transfers and reductions, with masks built at run
// time (through calls, so that nothing folds): a masked read gives the
// padding in its masked-off lanes, a masked write leaves memory alone
// there, a masked write to a tensor keeps the tensor's elements, and the
// reductions leave the masked-off lanes out. Upstream lowers the masked
// transfers with lower-vector-mask (convert-vector-to-llvm lowers only
// the masked reductions).
func.func @transfers(%buf: memref<6xf32>, %mask: vector<4xi1>, %i: index) {
  %pad = arith.constant -1.0 : f32
  %r = vector.mask %mask { vector.transfer_read %buf[%i], %pad {in_bounds = [true]} : memref<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r : vector<4xf32>
  %v = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : vector<4xf32>
  vector.mask %mask { vector.transfer_write %v, %buf[%i] {in_bounds = [true]} : vector<4xf32>, memref<6xf32> } : vector<4xi1>
  %c0 = arith.constant 0 : index
  %all = vector.load %buf[%c0] : memref<6xf32>, vector<6xf32>
  vector.print %all : vector<6xf32>
  return
}

func.func @reductions(%mask: vector<4xi1>) {
  %v = arith.constant dense<[1, 2, 4, 8]> : vector<4xi32>
  %s = vector.mask %mask { vector.reduction <add>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %s : i32
  %acc = arith.constant 100 : i32
  %sa = vector.mask %mask { vector.reduction <add>, %v, %acc : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %sa : i32
  %mx = vector.mask %mask { vector.reduction <maxsi>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %mx : i32
  %fv = arith.constant dense<[1.5, 2.5, 3.5, 4.5]> : vector<4xf32>
  %fs = vector.mask %mask { vector.reduction <add>, %fv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %fs : f32
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %mask = vector.create_mask %c3 : vector<4xi1>
  %buf = memref.alloc() : memref<6xf32>
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : vector<6xf32>
  vector.store %init, %buf[%c0] : memref<6xf32>, vector<6xf32>
  func.call @transfers(%buf, %mask, %c1) : (memref<6xf32>, vector<4xi1>, index) -> ()
  // The tensor stays in this function: a tensor argument would bufferize
  // to a memref of unknown layout, which upstream's pipeline lowers
  // element by element without the mask.
  // A constant tensor could not be written in place, which the body of a
  // vector.mask must be.
  %t0 = bufferization.alloc_tensor() : tensor<6xf32>
  %t = vector.transfer_write %init, %t0[%c0] : vector<6xf32>, tensor<6xf32>
  %m2 = vector.create_mask %c2 : vector<4xi1>
  %tv = arith.constant dense<[7.0, 8.0, 9.0, 10.0]> : vector<4xf32>
  %w = vector.mask %m2 { vector.transfer_write %tv, %t[%c2] {in_bounds = [true]} : vector<4xf32>, tensor<6xf32> } : vector<4xi1> -> tensor<6xf32>
  %zero = arith.constant 0.0 : f32
  %wv = vector.transfer_read %w[%c0], %zero : tensor<6xf32>, vector<6xf32>
  vector.print %wv : vector<6xf32>
  func.call @reductions(%mask) : (vector<4xi1>) -> ()
  func.call @reductions(%m2) : (vector<4xi1>) -> ()
  memref.dealloc %buf : memref<6xf32>
  return
}
