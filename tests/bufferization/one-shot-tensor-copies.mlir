// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file %s | FileCheck %s

// An out-of-place insert_slice that overwrites its whole destination
// allocates without copying the old contents.
// CHECK-LABEL: func.func @full_overwrite_out_of_place
// CHECK: memref.alloc()
// CHECK-NOT: memref.copy %arg0
// CHECK: memref.copy %arg1
func.func @full_overwrite_out_of_place(%t: tensor<10xf32>, %b: tensor<10xf32>) -> (tensor<10xf32>, tensor<10xf32>) {
  %0 = tensor.insert_slice %b into %t[0][10][1] : tensor<10xf32> into tensor<10xf32>
  return %0, %t : tensor<10xf32>, tensor<10xf32>
}

// -----

// A copy of an allocation of undefined contents, for an insert or an
// insert_slice that cannot write it in place, copies nothing.
// CHECK-LABEL: func.func @undefined_destinations
// CHECK-NOT: memref.copy %alloc,
func.func @undefined_destinations(%b: tensor<5xf32>, %f: f32, %i: index) -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) {
  %t = bufferization.alloc_tensor() : tensor<10xf32>
  %0 = tensor.insert_slice %b into %t[0][5][1] : tensor<5xf32> into tensor<10xf32>
  %1 = tensor.insert %f into %t[%i] : tensor<10xf32>
  %2 = tensor.insert %f into %t[%i] : tensor<10xf32>
  return %0, %1, %2 : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>
}

// -----

// A reshape whose source is written later keeps the source and copies
// the result; a source of a strided layout is copied first.
// CHECK-LABEL: func.func @reshape_out_of_place
// CHECK: memref.reshape
// CHECK: memref.copy %reshape
func.func @reshape_out_of_place(%t: tensor<?xf32>, %s: tensor<2xindex>, %f: f32, %i: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = tensor.insert %f into %t[%i] : tensor<?xf32>
  return %r, %1 : tensor<?x?xf32>, tensor<?xf32>
}

// -----

// A 0-d constant is a global named as upstream names it.
// CHECK-LABEL: func.func @constant_0d
// CHECK: memref.get_global @__constant_xf32
func.func @constant_0d() -> tensor<f32> {
  %cst = arith.constant dense<1.0> : tensor<f32>
  return %cst : tensor<f32>
}
