// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// A chain of calls whose results are their callees' arguments: the
// module analysis knows that each call returns the buffer of its second
// operand, so that each caller writes the call's result in place and
// returns its own argument's buffer, as upstream.

// CHECK-LABEL: func.func @f3(
// CHECK-SAME: -> (memref<64xf32, strided<[?], offset: ?>>, f32)
// CHECK: %[[R:.*]]:2 = call @f2(
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[R]]#0[
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @f0(%a: tensor<64xf32>, %x: f32) -> tensor<64xf32> {
  %f = linalg.fill ins(%x : f32) outs(%a : tensor<64xf32>) -> tensor<64xf32>
  return %f : tensor<64xf32>
}
func.func @f1(%a: tensor<64xf32>, %b: tensor<64xf32>, %x: f32) -> (tensor<64xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = call @f0(%a, %x) : (tensor<64xf32>, f32) -> tensor<64xf32>
  %e = tensor.extract %a[%c0] : tensor<64xf32>
  %s = tensor.extract_slice %r[0] [32] [1] : tensor<64xf32> to tensor<32xf32>
  %t = tensor.insert_slice %s into %b[32] [32] [1] : tensor<32xf32> into tensor<64xf32>
  return %t, %e : tensor<64xf32>, f32
}
func.func @f2(%a: tensor<64xf32>, %b: tensor<64xf32>, %x: f32) -> (tensor<64xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r:2 = call @f1(%a, %b, %x) : (tensor<64xf32>, tensor<64xf32>, f32) -> (tensor<64xf32>, f32)
  %e = tensor.extract %a[%c0] : tensor<64xf32>
  %t = tensor.insert %e into %r#0[%c0] : tensor<64xf32>
  return %t, %r#1 : tensor<64xf32>, f32
}
func.func @f3(%a: tensor<64xf32>, %b: tensor<64xf32>, %x: f32) -> (tensor<64xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r:2 = call @f2(%a, %b, %x) : (tensor<64xf32>, tensor<64xf32>, f32) -> (tensor<64xf32>, f32)
  %e = tensor.extract %a[%c0] : tensor<64xf32>
  %t = tensor.insert %e into %r#0[%c0] : tensor<64xf32>
  return %t, %r#1 : tensor<64xf32>, f32
}
