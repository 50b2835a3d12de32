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

// -----

// A slice of a cast of a buffer with an affine map layout: the subview's
// layout is read off the map.
// CHECK-LABEL: func.func private @slice_of_map_layout
// CHECK: memref.subview %cast[2] [%arg1] [1] : memref<10xf32, #map> to memref<?xf32, strided<[1], offset: 7>>
func.func private @slice_of_map_layout(%t: tensor<?xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0 + 5)>}, %sz: index, %i: index) -> f32 {
  %c = tensor.cast %t : tensor<?xf32> to tensor<10xf32>
  %s = tensor.extract_slice %c[2][%sz][1] : tensor<10xf32> to tensor<?xf32>
  %x = tensor.extract %s[%i] : tensor<?xf32>
  return %x : f32
}

// -----

// A reshape's buffer is in its source's memory space.
// CHECK-LABEL: func.func @reshape_memory_space
// CHECK: memref.reshape {{.*}} -> memref<1x2xf32, 3>
func.func @reshape_memory_space(%m: memref<2xf32, 3>, %shape: tensor<2xi32>, %idx: index) -> f32 {
  %t = bufferization.to_tensor %m restrict : memref<2xf32, 3> to tensor<2xf32>
  %r = tensor.reshape %t(%shape) : (tensor<2xf32>, tensor<2xi32>) -> tensor<1x2xf32>
  %x = tensor.extract %r[%idx, %idx] : tensor<1x2xf32>
  return %x : f32
}
