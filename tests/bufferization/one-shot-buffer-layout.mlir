// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// bufferization.buffer_layout gives the layout of an argument's buffer
// (an identity map: the identity layout); the attribute is dropped.

// CHECK: func.func private @use(memref<?xf32, strided<[?], offset: ?>>)
func.func private @use(tensor<?xf32>)

// CHECK-LABEL: func.func @identity_layout
// CHECK-SAME: (%arg0: memref<?xf32>, %arg1: memref<?x4xf32, strided<[4, 1], offset: ?>>) -> f32
// CHECK: memref.load %arg1[%{{.*}}, %{{.*}}] : memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT: %[[C:.*]] = memref.cast %arg0 : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: call @use(%[[C]])
func.func @identity_layout(%a: tensor<?xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0)>},
                           %b: tensor<?x4xf32> {bufferization.buffer_layout = strided<[4, 1], offset: ?>}) -> f32 {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %b[%c0, %c0] : tensor<?x4xf32>
  call @use(%a) : (tensor<?xf32>) -> ()
  return %x : f32
}

// An identity map with symbols is a layout of its own, printed as the
// identity one: a copy passed for such an argument is cast to it.

// CHECK-LABEL: func.func @symbol_identity_callee
// CHECK-SAME: (%arg0: memref<?xf32>)
// CHECK: %[[C:.*]] = memref.cast %arg0 : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK: call @use(%[[C]])
func.func @symbol_identity_callee(%a: tensor<?xf32> {bufferization.buffer_layout = affine_map<(i)[s0, s1] -> (i)>}) {
  call @use(%a) : (tensor<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @symbol_identity_caller
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: memref.copy %arg0, %[[A]] : memref<?xf32> to memref<?xf32>
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<?xf32> to memref<?xf32>
// CHECK: call @symbol_identity_callee(%[[C]])
func.func @symbol_identity_caller(%a: tensor<?xf32> {bufferization.buffer_layout = affine_map<(i)[s0, s1] -> (i)>, bufferization.writable = false}) {
  call @symbol_identity_callee(%a) : (tensor<?xf32>) -> ()
  return
}
