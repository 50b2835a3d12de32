// RUN: strata-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY

// An scf.execute_region that returns no tensor but whose blocks pass
// tensors to each other: the tensor arguments of its blocks make it an
// operation with tensors, which gives them their buffers.

// CHECK-LABEL: func.func @scalar_result
// CHECK: %[[CAST:.*]] = memref.cast %{{.*}} : memref<5xf32> to memref<5xf32, strided<[?], offset: ?>>
// CHECK: scf.execute_region -> f32 {
// CHECK: cf.cond_br %{{.*}}, ^bb2(%[[CAST]] : memref<5xf32, strided<[?], offset: ?>>), ^bb1(%arg1 : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb1(%[[A:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK-NEXT: cf.br ^bb2(%[[A]] : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb2(%[[B:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK-NEXT: memref.load %[[B]]
// NOBOUNDARY-LABEL: func.func @scalar_result
// NOBOUNDARY: %[[M:.*]] = bufferization.to_buffer %arg1
// NOBOUNDARY: %[[CAST:.*]] = memref.cast %{{.*}} : memref<5xf32> to memref<5xf32, strided<[?], offset: ?>>
// NOBOUNDARY: cf.cond_br %{{.*}}, ^bb2(%[[CAST]] : {{.*}}), ^bb1(%[[M]] : memref<5xf32, strided<[?], offset: ?>>)
func.func @scalar_result(%i: index, %t: tensor<5xf32>, %c: i1) -> f32 {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  %r = scf.execute_region -> f32 {
    cf.cond_br %c, ^bb1(%0: tensor<5xf32>), ^bb2(%t: tensor<5xf32>)
  ^bb2(%arg2: tensor<5xf32>):
    cf.br ^bb1(%arg2: tensor<5xf32>)
  ^bb1(%arg1: tensor<5xf32>):
    %e = tensor.extract %arg1[%i] : tensor<5xf32>
    scf.yield %e : f32
  }
  func.return %r : f32
}

// -----

// A write through a block argument into a function argument that is
// read afterwards goes to a copy.

// CHECK-LABEL: func.func @no_result
// CHECK: scf.execute_region {
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %arg1, %[[ALLOC]]
// CHECK-NEXT: cf.br ^bb1(%[[ALLOC]] : memref<5xf32>)
// CHECK: ^bb1(%[[A:.*]]: memref<5xf32>):
// CHECK-NEXT: memref.store %{{.*}}, %[[A]]
// NOBOUNDARY-LABEL: func.func @no_result
// NOBOUNDARY: %[[M:.*]] = bufferization.to_buffer %arg1
// NOBOUNDARY: scf.execute_region {
// NOBOUNDARY-NEXT: %[[ALLOC:.*]] = memref.alloc()
// NOBOUNDARY-NEXT: memref.copy %[[M]], %[[ALLOC]]
// NOBOUNDARY-NEXT: cf.br ^bb1(%[[ALLOC]] : memref<5xf32>)
func.func @no_result(%i: index, %t: tensor<5xf32>, %f: f32) -> tensor<5xf32> {
  scf.execute_region {
    cf.br ^bb1(%t: tensor<5xf32>)
  ^bb1(%a: tensor<5xf32>):
    %w = tensor.insert %f into %a[%i] : tensor<5xf32>
    scf.yield
  }
  func.return %t : tensor<5xf32>
}
