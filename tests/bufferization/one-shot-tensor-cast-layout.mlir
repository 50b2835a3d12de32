// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries unknown-type-conversion=identity-layout-map" --split-input-file %s | FileCheck %s

// A cast keeps the layout of its source's buffer.
// CHECK-LABEL: func.func private @cast_keeps_layout
// CHECK: memref.cast %arg0 : memref<?xf32, strided<[1], offset: 5>> to memref<10xf32, strided<[1], offset: 5>>
func.func private @cast_keeps_layout(%t: tensor<?xf32> {bufferization.buffer_layout = strided<[1], offset: 5>}, %i: index) -> f32 {
  %c = tensor.cast %t : tensor<?xf32> to tensor<10xf32>
  %x = tensor.extract %c[%i] : tensor<10xf32>
  return %x : f32
}

// -----

// A cast of a subview keeps the subview's static layout.
// CHECK-LABEL: func.func @cast_of_subview
// CHECK: memref.cast %subview : memref<4xf32, strided<[1], offset: 2>> to memref<?xf32, strided<[1], offset: 2>>
func.func @cast_of_subview(%t: tensor<8xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0)>}, %i: index) -> f32 {
  %s = tensor.extract_slice %t[2][4][1] : tensor<8xf32> to tensor<4xf32>
  %c = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
  %x = tensor.extract %c[%i] : tensor<?xf32>
  return %x : f32
}
