// RUN: strata-opt --expand-strided-metadata %s | FileCheck %s

// CHECK-LABEL: func.func @s
// CHECK: memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %base_buffer to offset: [8], sizes: [2, 3], strides: [6, 1]
func.func @s(%m: memref<4x6xf32>) -> memref<2x3xf32, strided<[6, 1], offset: 8>> {
  %v = memref.subview %m[1, 2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 8>>
  return %v : memref<2x3xf32, strided<[6, 1], offset: 8>>
}

// CHECK-LABEL: func.func @strided
// CHECK: memref.reinterpret_cast %base_buffer to offset: [31], sizes: [2, 2], strides: [24, 2]
func.func @strided(%m: memref<8x12xf32, strided<[12, 1], offset: 3>>) -> memref<2x2xf32, strided<[24, 2], offset: 31>> {
  %v = memref.subview %m[2, 4] [2, 2] [2, 2] : memref<8x12xf32, strided<[12, 1], offset: 3>> to memref<2x2xf32, strided<[24, 2], offset: 31>>
  return %v : memref<2x2xf32, strided<[24, 2], offset: 31>>
}
