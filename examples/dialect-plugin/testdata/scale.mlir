// toy-strata opt --one-shot-bufferize bufferizes toy.scale through the
// model the toy dialect attaches; the constant it scales is read-only, so
// the scale happens in a copy. toy-strata run then interprets the result
// with the toy semantics: (4 * 2) * 2 + 2 = 18.

// CHECK-LABEL: func.func @main
// CHECK: %[[G:.*]] = memref.get_global
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: memref.copy %[[G]], %[[A]]
// CHECK: toy.scale_buffer %[[A]], %{{.*}} : memref<4xf32>, f32
// CHECK: memref.load %[[A]]
// CHECK: toy.fma
// CHECK-NOT: toy.scale %
func.func @main() -> f32 {
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %s = toy.scale %t, %two : tensor<4xf32>, f32
  %e = tensor.extract %s[%c3] : tensor<4xf32>
  %r = toy.fma %e, %two, %two : f32
  return %r : f32
}
