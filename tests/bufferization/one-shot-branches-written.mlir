// RUN: strata-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// The buffer type of a block argument that the branches pass a tensor
// written in place to: the written tensor has the buffer type of what it
// was written into (a block argument, a function argument), and the
// argument joining it with a new buffer takes the fully dynamic layout,
// the new buffer being cast to it.

// CHECK-LABEL: func.func @written_block_argument
// CHECK-SAME: -> memref<5xf32, strided<[?], offset: ?>>
// CHECK: %[[ALLOC:.*]] = memref.alloc()
// CHECK: %[[CAST:.*]] = memref.cast %[[ALLOC]] : memref<5xf32> to memref<5xf32, strided<[?], offset: ?>>
// CHECK: cf.cond_br %{{.*}}, ^bb1(%arg0 : {{.*}}), ^bb2(%[[CAST]] : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb1(%[[A:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: cf.br ^bb2(%[[A]] : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb2(%[[D:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK-NEXT: return %[[D]]
func.func @written_block_argument(%t: tensor<5xf32>, %c: i1, %i: index, %f: f32) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  cf.cond_br %c, ^bb1(%t : tensor<5xf32>), ^bb2(%0 : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %w = tensor.insert %f into %a[%i] : tensor<5xf32>
  cf.br ^bb2(%w : tensor<5xf32>)
^bb2(%d: tensor<5xf32>):
  return %d : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @written_function_argument
// CHECK-SAME: -> memref<5xf32, strided<[?], offset: ?>>
// CHECK: memref.store %{{.*}}, %arg0
// CHECK: cf.cond_br %{{.*}}, ^bb2(%arg0 : memref<5xf32, strided<[?], offset: ?>>), ^bb1
// CHECK: ^bb1:
// CHECK: %[[CAST:.*]] = memref.cast %{{.*}} : memref<5xf32> to memref<5xf32, strided<[?], offset: ?>>
// CHECK-NEXT: cf.br ^bb2(%[[CAST]] : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb2(%[[D:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK-NEXT: return %[[D]]
func.func @written_function_argument(%t: tensor<5xf32>, %c: i1, %i: index, %f: f32) -> tensor<5xf32> {
  %w = tensor.insert %f into %t[%i] : tensor<5xf32>
  cf.cond_br %c, ^bb2(%w : tensor<5xf32>), ^bb1
^bb1:
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  cf.br ^bb2(%0 : tensor<5xf32>)
^bb2(%d: tensor<5xf32>):
  return %d : tensor<5xf32>
}
