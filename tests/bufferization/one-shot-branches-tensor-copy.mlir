// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize %s | FileCheck %s

// Without function boundaries, the branches of a function's body stay on
// tensors; an operand the analysis decides out of place is passed as a
// tensor of a copy of its buffer, made before the branch.

// CHECK-LABEL: func.func @loop_back_edge_copy
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<5xf32>
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[A]]
// CHECK-NEXT: %[[C:.*]] = "test.cond"
// CHECK-NEXT: %[[COPY:.*]] = memref.alloc() {{.*}} : memref<5xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[COPY]]
// CHECK-NEXT: %[[CT:.*]] = bufferization.to_tensor %[[COPY]]
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[CT]] : tensor<5xf32>), ^bb2
// CHECK: return %[[T]]
func.func @loop_back_edge_copy(%t: tensor<5xf32>, %f: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %w = tensor.insert %f into %a[%i] : tensor<5xf32>
  %c = "test.cond"() : () -> i1
  cf.cond_br %c, ^bb1(%w : tensor<5xf32>), ^bb2
^bb2:
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %w, %e : tensor<5xf32>, f32
}
