// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// The matmul result is read after the add, so the add and the fill
// cannot both write the buffer of the tensor.empty. The analysis runs
// bottom-up, as upstream's: the later write (the add) keeps that buffer
// and the fill gets a buffer of its own.
// CHECK-LABEL: func.func @read_after
// CHECK: %[[E:.*]] = memref.alloc()
// CHECK-NEXT: %[[F:.*]] = memref.alloc()
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[F]] :
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[F]] :
// CHECK-NEXT: linalg.add ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[E]] :
// CHECK-NOT: memref.alloc()
func.func @read_after(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.add ins(%a, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r, %m : tensor<64x64xf32>, tensor<64x64xf32>
}

// A chain of element-wise operations into one tensor.empty: the add reads
// the matmul's result at the element it writes, through buffers that are
// one when written in place, so everything shares one buffer.
// CHECK-LABEL: func.func @chain
// CHECK: memref.alloc()
// CHECK-NOT: memref.alloc()
func.func @chain(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.add ins(%m, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %x = linalg.max ins(%r, %r : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %x : tensor<8x8xf32>
}

// A write that a read of the tensor it overwrites follows: the broadcast
// into the tensor.empty comes after the matmul's result is made from it,
// so the fill and the matmul take a buffer of their own.
// CHECK-LABEL: func.func @broadcast_after
// CHECK: memref.alloc()
// CHECK-NEXT: memref.alloc()
// CHECK-NEXT: linalg.fill
// CHECK-NOT: memref.alloc()
func.func @broadcast_after(%x: tensor<4x8xf32>, %w: tensor<8x6xf32>, %b: tensor<6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x6xf32>) outs(%acc : tensor<4x6xf32>) -> tensor<4x6xf32>
  %bias = linalg.broadcast ins(%b : tensor<6xf32>) outs(%e : tensor<4x6xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bias : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %sum : tensor<4x6xf32>
}

// A constant may not be written and an argument marked not writable
// neither: the insert into each goes to a copy; into a writable argument
// it does not.
// CHECK-LABEL: func.func @read_only
// CHECK: memref.alloc()
// CHECK-NEXT: memref.copy
// CHECK: memref.alloc()
// CHECK-NEXT: memref.copy
// CHECK-NOT: memref.alloc()
func.func @read_only(%t: tensor<4xf32> {bufferization.writable = false}, %u: tensor<4xf32>, %i: index, %v: f32) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = tensor.insert %v into %c[%i] : tensor<4xf32>
  %1 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %2 = tensor.insert %v into %u[%i] : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// An argument read after an in-place write of it would see the write:
// the insert goes to a copy.
// CHECK-LABEL: func.func @argument_read_after
// CHECK: memref.alloc()
// CHECK-NEXT: memref.copy
func.func @argument_read_after(%t: tensor<4xf32>, %i: index, %v: f32) -> (tensor<4xf32>, f32) {
  %0 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %1 = tensor.extract %t[%i] : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, f32
}
