// RUN: strata-opt --one-shot-bufferize %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize=use-encoding-for-memory-space %s | FileCheck %s --check-prefix=SPACE

// tensor.insert_slice takes its destination's buffer (here a copy of the
// read-only argument) before its source's: the to_buffer of each function
// argument is made at the start of the block, the last one first.
// CHECK-LABEL: func.func @insert_into_argument
// CHECK-NEXT: %[[S:.*]] = bufferization.to_buffer %arg1
// CHECK-NEXT: %[[D:.*]] = bufferization.to_buffer %arg0
// CHECK-NEXT: %[[C:.*]] = bufferization.to_buffer %arg0
// CHECK: memref.copy %[[C]],
// CHECK: memref.copy %[[D]],
// CHECK: memref.copy %[[S]],
func.func @insert_into_argument(%arg0: tensor<128xf32>, %arg1: tensor<4xf32>) -> tensor<128xf32> {
  %0 = bufferization.alloc_tensor() copy(%arg0) : tensor<128xf32>
  %1 = tensor.insert_slice %arg1 into %arg0 [0][4][1] : tensor<4xf32> into tensor<128xf32>
  return %0 : tensor<128xf32>
}

// The same in memory space 1.
// SPACE-LABEL: func.func @in_memory_space
// SPACE-NEXT: bufferization.to_buffer %arg1
// SPACE-NEXT: bufferization.to_buffer %arg0
func.func @in_memory_space(%arg0: tensor<128xf32, 1>, %arg1: tensor<4xf32, 1>) -> f32 {
  %c0 = arith.constant 0 : index
  %1 = tensor.insert_slice %arg1 into %arg0 [0][4][1] : tensor<4xf32, 1> into tensor<128xf32, 1>
  %2 = tensor.extract %1[%c0] : tensor<128xf32, 1>
  return %2 : f32
}
