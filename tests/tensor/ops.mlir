// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Every tensor operation in its custom form, printed back as mlir-opt
// prints it, with the result names upstream suggests.

// CHECK-LABEL: func.func @shapes
// CHECK-NEXT: %0 = tensor.empty(%arg2) : tensor<4x?xf32>
// CHECK-NEXT: %cast = tensor.cast %arg4 : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK-NEXT: %dim = tensor.dim %arg4, %arg2 : tensor<?x?xf32>
// CHECK-NEXT: %rank = tensor.rank %arg1 : tensor<*xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg2, %arg2, %arg2] : tensor<8x16x4xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg3 into %arg0[%arg2, %arg2, %arg2] : tensor<8x16x4xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg2, 0] [4, 4, 4] [1, 1, 1] : tensor<8x16x4xf32> to tensor<4x4x4xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[0, %arg2, 0] [4, 4, 4] [1, 1, 1] : tensor<4x4x4xf32> into tensor<8x16x4xf32>
// GENERIC: "tensor.extract_slice"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808, 0>, static_sizes = array<i64: 4, 4, 4>, static_strides = array<i64: 1, 1, 1>}>
func.func @shapes(%t: tensor<8x16x4xf32>, %u: tensor<*xf32>, %i: index, %s: f32, %d: tensor<?x?xf32>) {
  %0 = tensor.empty(%i) : tensor<4x?xf32>
  %1 = tensor.cast %d : tensor<?x?xf32> to tensor<4x?xf32>
  %2 = tensor.dim %d, %i : tensor<?x?xf32>
  %3 = tensor.rank %u : tensor<*xf32>
  %4 = tensor.extract %t[%i, %i, %i] : tensor<8x16x4xf32>
  %5 = tensor.insert %s into %t[%i, %i, %i] : tensor<8x16x4xf32>
  %6 = tensor.extract_slice %t[0, %i, 0][4, 4, 4][1, 1, 1] : tensor<8x16x4xf32> to tensor<4x4x4xf32>
  %7 = tensor.insert_slice %6 into %t[0, %i, 0][4, 4, 4][1, 1, 1] : tensor<4x4x4xf32> into tensor<8x16x4xf32>
  return
}

// CHECK-LABEL: func.func @builders
// CHECK-NEXT: %splat = tensor.splat %arg0 : tensor<4xf32>
// CHECK-NEXT: %splat_0 = tensor.splat %arg0[%arg1] : tensor<?x4xf32>
// CHECK-NEXT: %from_elements = tensor.from_elements %arg0, %arg0 : tensor<2xf32>
// CHECK-NEXT: %from_elements_1 = tensor.from_elements  : tensor<0xf32>
// CHECK-NEXT: %generated = tensor.generate %arg1 {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT:   tensor.yield %arg0 : f32
// CHECK-NEXT: } : tensor<?x3xf32>
// CHECK-NEXT: %0 = tensor.bitcast %splat : tensor<4xf32> to tensor<4xi32>
func.func @builders(%s: f32, %i: index) {
  %0 = tensor.splat %s : tensor<4xf32>
  %1 = tensor.splat %s[%i] : tensor<?x4xf32>
  %2 = tensor.from_elements %s, %s : tensor<2xf32>
  %3 = tensor.from_elements : tensor<0xf32>
  %4 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %s : f32
  } : tensor<?x3xf32>
  %5 = tensor.bitcast %0 : tensor<4xf32> to tensor<4xi32>
  return
}

// CHECK-LABEL: func.func @reshapes
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<8x16x4xf32> into tensor<128x4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg4 {{\[\[}}0, 1], [2]] output_shape [%arg2, 16, 4] : tensor<?x4xf32> into tensor<?x16x4xf32>
// CHECK-NEXT: %reshape = tensor.reshape %arg1(%arg3) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg1, %arg1 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: %collapsed_0 = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] {tag = 1 : i64} : tensor<8x16x4xf32> into tensor<128x4xf32>
func.func @reshapes(%t: tensor<8x16x4xf32>, %d: tensor<?x?xf32>, %n: index, %sh: tensor<2xi32>, %e: tensor<?x4xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<8x16x4xf32> into tensor<128x4xf32>
  %1 = tensor.expand_shape %e [[0, 1], [2]] output_shape [%n, 16, 4] : tensor<?x4xf32> into tensor<?x16x4xf32>
  %2 = tensor.reshape %d(%sh) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %3 = tensor.concat dim(0) %d, %d : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = tensor.collapse_shape %t [[0, 1], [2]] {tag = 1} : tensor<8x16x4xf32> into tensor<128x4xf32>
  return
}

// CHECK-LABEL: func.func @pad_gather_scatter
// CHECK-NEXT: %padded = tensor.pad %arg0 nofold low[1, %arg3] high[2, 3] {
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT:   tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: %gather = tensor.gather %arg1[%arg4] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x4xf32>
// CHECK-NEXT: %scatter = tensor.scatter %gather into %arg1[%arg4] scatter_dims([1, 2]) unique : (tensor<3x4xf32>, tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<4x5x6xf32>
func.func @pad_gather_scatter(%d: tensor<?x?xf32>, %dest: tensor<4x5x6xf32>, %s: f32, %i: index, %idx: tensor<3x2xindex>) {
  %0 = tensor.pad %d nofold low[1, %i] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %s : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.gather %dest[%idx] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x4xf32>
  %2 = tensor.scatter %1 into %dest[%idx] scatter_dims([1, 2]) unique : (tensor<3x4xf32>, tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<4x5x6xf32>
  return
}
