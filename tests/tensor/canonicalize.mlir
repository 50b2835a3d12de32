// RUN: strata-opt --canonicalize %s | FileCheck %s

// Folders and canonicalization patterns of the tensor dialect; the whole
// output is also compared with mlir-opt-22 --canonicalize.

// CHECK-LABEL: func.func @dim_of_empty
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: return %arg0, %c4, %arg1 : index, index, index
func.func @dim_of_empty(%a: index, %b: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty(%a, %b) : tensor<?x4x?xf32>
  %d0 = tensor.dim %e, %c0 : tensor<?x4x?xf32>
  %d1 = tensor.dim %e, %c1 : tensor<?x4x?xf32>
  %d2 = tensor.dim %e, %c2 : tensor<?x4x?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// CHECK-LABEL: func.func @dim_of_cast
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK-NEXT: %dim_0 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
// CHECK-NEXT: return %dim, %dim_0 : index, index
func.func @dim_of_cast(%t: tensor<4x?xf32>, %u: tensor<?x?xf32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d = tensor.dim %0, %c1 : tensor<?x?xf32>
  %1 = tensor.cast %u : tensor<?x?xf32> to tensor<4x?xf32>
  %e = tensor.dim %1, %c1 : tensor<4x?xf32>
  return %d, %e : index, index
}

// CHECK-LABEL: func.func @dim_of_generate
// CHECK-NEXT: return %arg0, %arg1 : index, index
func.func @dim_of_generate(%m: index, %n: index, %s: f32) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %s : f32
  } : tensor<?x3x?xf32>
  %d0 = tensor.dim %g, %c0 : tensor<?x3x?xf32>
  %d2 = tensor.dim %g, %c2 : tensor<?x3x?xf32>
  return %d0, %d2 : index, index
}

// CHECK-LABEL: func.func @cast_chain
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %cast : tensor<?x4xf32> to tensor<4x?xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %arg1 : tensor<4x4xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast_0, %cast_1, %arg1 : tensor<4x?xf32>, tensor<?x?xf32>, tensor<4x4xf32>
func.func @cast_chain(%t: tensor<?x?xf32>, %u: tensor<4x4xf32>) -> (tensor<4x?xf32>, tensor<?x?xf32>, tensor<4x4xf32>) {
  %0 = tensor.cast %t : tensor<?x?xf32> to tensor<?x4xf32>
  %1 = tensor.cast %0 : tensor<?x4xf32> to tensor<4x?xf32>
  %2 = tensor.cast %u : tensor<4x4xf32> to tensor<?x4xf32>
  %3 = tensor.cast %2 : tensor<?x4xf32> to tensor<?x?xf32>
  %4 = tensor.cast %u : tensor<4x4xf32> to tensor<4x4xf32>
  return %1, %3, %4 : tensor<4x?xf32>, tensor<?x?xf32>, tensor<4x4xf32>
}

// CHECK-LABEL: func.func @extract_from_elements
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: return %arg1, %arg0, %c2_i32 : f32, f32, i32
func.func @extract_from_elements(%a: f32, %b: f32) -> (f32, f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tensor.from_elements %a, %b, %a, %b : tensor<2x2xf32>
  %0 = tensor.extract %t[%c0, %c1] : tensor<2x2xf32>
  %1 = tensor.extract %t[%c1, %c0] : tensor<2x2xf32>
  %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %3 = tensor.extract %cst[%c1] : tensor<4xi32>
  return %0, %1, %3 : f32, f32, i32
}

// CHECK-LABEL: func.func @extract_of_splat
// CHECK-NEXT: %splat = tensor.splat %arg0 : tensor<4xi32>
// CHECK-NEXT: %extracted = tensor.extract %splat[%arg1] : tensor<4xi32>
// CHECK-NEXT: return %extracted : i32
func.func @extract_of_splat(%s: i32, %i: index) -> i32 {
  %sp = tensor.splat %s : tensor<4xi32>
  %0 = tensor.extract %sp[%i] : tensor<4xi32>
  return %0 : i32
}

// CHECK-LABEL: func.func @extract_after_insert
// CHECK-NEXT: %inserted = tensor.insert %arg0 into %arg1[%arg2, %arg2] : tensor<4x4xf32>
// CHECK-NEXT: %extracted = tensor.extract %inserted[%arg2, %arg2] : tensor<4x4xf32>
// CHECK-NEXT: return %extracted : f32
func.func @extract_after_insert(%s: f32, %t: tensor<4x4xf32>, %i: index) -> f32 {
  %0 = tensor.insert %s into %t[%i, %i] : tensor<4x4xf32>
  %1 = tensor.extract %0[%i, %i] : tensor<4x4xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @dim_of_insert_slice
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = tensor.dim %arg1, %c1 : tensor<?x?xf32>
// CHECK-NEXT: return %dim : index
func.func @dim_of_insert_slice(%s: tensor<2x2xf32>, %t: tensor<?x?xf32>, %i: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = tensor.insert_slice %s into %t[%i, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<?x?xf32>
  %d = tensor.dim %0, %c1 : tensor<?x?xf32>
  return %d : index
}

// CHECK-LABEL: func.func @cast_of_empty
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: return %0 : tensor<4x8xf32>
func.func @cast_of_empty(%a: index) -> tensor<4x8xf32> {
  %e = tensor.empty(%a) : tensor<?x8xf32>
  %c = tensor.cast %e : tensor<?x8xf32> to tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @generate_static
// CHECK-NEXT: %generated = tensor.generate  {
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: index):
// CHECK-NEXT: tensor.yield %arg0 : f32
// CHECK-NEXT: } : tensor<4x3xf32>
// CHECK-NEXT: %cast = tensor.cast %generated : tensor<4x3xf32> to tensor<?x3xf32>
// CHECK-NEXT: return %cast : tensor<?x3xf32>
func.func @generate_static(%s: f32) -> tensor<?x3xf32> {
  %c4 = arith.constant 4 : index
  %g = tensor.generate %c4 {
  ^bb0(%i: index, %j: index):
    tensor.yield %s : f32
  } : tensor<?x3xf32>
  return %g : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @insert_slice_constants
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[2, 2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
func.func @insert_slice_constants(%s: tensor<2x2xf32>, %t: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %0 = tensor.insert_slice %s into %t[%c2, %c2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @slice_round_trip
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: return %arg0, %extracted_slice : tensor<8x8xf32>, tensor<2x2xf32>
func.func @slice_round_trip(%t: tensor<8x8xf32>, %i: index) -> (tensor<8x8xf32>, tensor<2x2xf32>) {
  %0 = tensor.extract_slice %t[%i, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %1 = tensor.insert_slice %0 into %t[%i, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %u = tensor.insert_slice %0 into %t[0, %i] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %2 = tensor.extract_slice %u[0, %i] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @constant_reshapes
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<3> : tensor<2xindex>
// CHECK-NEXT: return %cst, %cst_0, %cst_1 : tensor<2x2xi32>, tensor<4xf32>, tensor<2xindex>
func.func @constant_reshapes() -> (tensor<2x2xi32>, tensor<4xf32>, tensor<2xindex>) {
  %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = tensor.expand_shape %cst [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  %f = arith.constant dense<1.0> : tensor<2x2xf32>
  %1 = tensor.collapse_shape %f [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %c3 = arith.constant 3 : index
  %2 = tensor.splat %c3 : tensor<2xindex>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<4xf32>, tensor<2xindex>
}

// CHECK-LABEL: func.func @slices
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg1[0, 0] [8, 16] [1, 1] : tensor<?x16xf32> to tensor<8x16xf32>
// CHECK-NEXT: %cast = tensor.cast %extracted_slice : tensor<8x16xf32> to tensor<?x16xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[0, 4] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %extracted_slice_0 : tensor<4x4xf32> to tensor<4x?xf32>
// CHECK-NEXT: return %arg0, %cast, %arg2, %cast_1 : tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>, tensor<4x?xf32>
func.func @slices(%t: tensor<8x16xf32>, %u: tensor<?x16xf32>, %s: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>, tensor<4x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %0 = tensor.extract_slice %t[0, 0] [8, 16] [1, 1] : tensor<8x16xf32> to tensor<8x16xf32>
  %1 = tensor.extract_slice %u[%c0, 0] [%c8, 16] [%c1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
  %2 = tensor.insert_slice %s into %t[0, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<8x16xf32>
  %3 = tensor.extract_slice %t[%c0, %c4] [4, %c4] [1, 1] : tensor<8x16xf32> to tensor<4x?xf32>
  return %0, %1, %2, %3 : tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>, tensor<4x?xf32>
}

// CHECK-LABEL: func.func @empty_static
// CHECK-NEXT: %0 = tensor.empty(%arg0) : tensor<4x?xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
func.func @empty_static(%a: index) -> tensor<?x?xf32> {
  %c4 = arith.constant 4 : index
  %e = tensor.empty(%c4, %a) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @from_consts
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<1.500000e+00> : tensor<2xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<7> : tensor<2xindex>
// CHECK-NEXT: return %cst, %cst_0, %cst_1 : tensor<3xi32>, tensor<2xf32>, tensor<2xindex>
func.func @from_consts() -> (tensor<3xi32>, tensor<2xf32>, tensor<2xindex>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %f = arith.constant 1.5 : f32
  %i = arith.constant 7 : index
  %0 = tensor.from_elements %c1, %c2, %c1 : tensor<3xi32>
  %1 = tensor.from_elements %f, %f : tensor<2xf32>
  %2 = tensor.from_elements %i, %i : tensor<2xindex>
  return %0, %1, %2 : tensor<3xi32>, tensor<2xf32>, tensor<2xindex>
}

// CHECK-LABEL: func.func @reshapes
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg1 {{\[\[}}0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: %collapsed_0 = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK-NEXT: return %collapsed, %expanded, %arg0, %collapsed_0 : tensor<24xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x12xf32>
func.func @reshapes(%t: tensor<2x3x4xf32>, %u: tensor<24xf32>) -> (tensor<24xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x12xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  %2 = tensor.expand_shape %u [[0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
  %3 = tensor.expand_shape %2 [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %4 = tensor.collapse_shape %t [[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
  %5 = tensor.expand_shape %4 [[0], [1, 2]] output_shape [2, 3, 4] : tensor<2x12xf32> into tensor<2x3x4xf32>
  %6 = tensor.expand_shape %t [[0], [1], [2]] output_shape [2, 3, 4] : tensor<2x3x4xf32> into tensor<2x3x4xf32>
  %7 = tensor.collapse_shape %6 [[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
  return %1, %3, %5, %7 : tensor<24xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x12xf32>
}

// CHECK-LABEL: func.func @misc
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %cst = arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT: return %c2, %cst, %arg0 : index, tensor<4xf32>, tensor<4x?xf32>
func.func @misc(%t: tensor<4x?xf32>, %s: f32) -> (index, tensor<4xf32>, tensor<4x?xf32>) {
  %r = tensor.rank %t : tensor<4x?xf32>
  %cst = arith.constant 2.0 : f32
  %sp = tensor.splat %cst : tensor<4xf32>
  %p = tensor.pad %t low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %s : f32
  } : tensor<4x?xf32> to tensor<4x?xf32>
  return %r, %sp, %p : index, tensor<4xf32>, tensor<4x?xf32>
}

// CHECK-LABEL: func.func @extract_cast
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg1] : tensor<4x4xf32>
// CHECK-NEXT: return %extracted : f32
func.func @extract_cast(%t: tensor<4x4xf32>, %i: index) -> f32 {
  %0 = tensor.cast %t : tensor<4x4xf32> to tensor<?x?xf32>
  %1 = tensor.extract %0[%i, %i] : tensor<?x?xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @extract_generate
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : index
// CHECK-NEXT: return %0 : index
func.func @extract_generate(%n: index, %i: index, %j: index) -> index {
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    tensor.yield %s : index
  } : tensor<?x3xindex>
  %e = tensor.extract %g[%i, %j] : tensor<?x3xindex>
  return %e : index
}

// CHECK-LABEL: func.func @slice_of_cast
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1] [4, %arg1] [1, 1] : tensor<8x16xf32> to tensor<4x?xf32>
// CHECK-NEXT: return %extracted_slice : tensor<4x?xf32>
func.func @slice_of_cast(%t: tensor<8x16xf32>, %i: index) -> tensor<4x?xf32> {
  %0 = tensor.cast %t : tensor<8x16xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %0[0, %i] [4, %i] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}

// CHECK-LABEL: func.func @slice_of_cast_reduced
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1] [1, %arg1] [1, 1] : tensor<8x16xf32> to tensor<?xf32>
// CHECK-NEXT: return %extracted_slice : tensor<?xf32>
func.func @slice_of_cast_reduced(%t: tensor<8x16xf32>, %i: index) -> tensor<?xf32> {
  %0 = tensor.cast %t : tensor<8x16xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %0[0, %i] [1, %i] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  return %1 : tensor<?xf32>
}

// CHECK-LABEL: func.func @insert_cast_source
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[%arg2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
func.func @insert_cast_source(%s: tensor<2x4xf32>, %t: tensor<8x8xf32>, %i: index, %n: index) -> tensor<8x8xf32> {
  %0 = tensor.cast %s : tensor<2x4xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %0 into %t[%i, 0] [%n, %n] [1, 1] : tensor<?x?xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @insert_cast_dest
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[%arg2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: %cast = tensor.cast %inserted_slice : tensor<8x8xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
func.func @insert_cast_dest(%s: tensor<2x4xf32>, %t: tensor<8x8xf32>, %i: index) -> tensor<?x?xf32> {
  %0 = tensor.cast %t : tensor<8x8xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %s into %0[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @insert_source_cast
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<2x?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %cast into %arg1[%arg2, 0] [2, %arg2] [1, 1] : tensor<2x?xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
func.func @insert_source_cast(%s: tensor<?x?xf32>, %t: tensor<8x8xf32>, %i: index) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %1 = tensor.insert_slice %s into %t[%i, 0] [%c2, %i] [1, 1] : tensor<?x?xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @dim_of_reshape
// CHECK-NEXT: %extracted = tensor.extract %arg1[%arg3] : tensor<2xi32>
// CHECK-NEXT: %0 = arith.index_cast %extracted : i32 to index
// CHECK-NEXT: %extracted_0 = tensor.extract %arg2[%arg3] : tensor<2xindex>
// CHECK-NEXT: return %0, %extracted_0 : index, index
func.func @dim_of_reshape(%t: tensor<?xf32>, %sh: tensor<2xi32>, %sh2: tensor<2xindex>, %i: index) -> (index, index) {
  %0 = tensor.reshape %t(%sh) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %d = tensor.dim %0, %i : tensor<?x?xf32>
  %1 = tensor.reshape %t(%sh2) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %e = tensor.dim %1, %i : tensor<?x?xf32>
  return %d, %e : index, index
}

// CHECK-LABEL: func.func @ce1
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<6x4xf32> into tensor<24xf32>
// CHECK-NEXT: return %collapsed : tensor<24xf32>
func.func @ce1(%t: tensor<6x4xf32>) -> tensor<24xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  return %1 : tensor<24xf32>
}

// CHECK-LABEL: func.func @ce2
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
// CHECK-NEXT: return %expanded : tensor<6x4xf32>
func.func @ce2(%t: tensor<24xf32>) -> tensor<6x4xf32> {
  %0 = tensor.expand_shape %t [[0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// CHECK-LABEL: func.func @ec1
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %collapsed {{\[\[}}0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
// CHECK-NEXT: return %expanded : tensor<6x2x2xf32>
func.func @ec1(%t: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.expand_shape %0 [[0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}

// CHECK-LABEL: func.func @ce3
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK-NEXT: return %collapsed : tensor<?xf32>
func.func @ce3(%t: tensor<?x4xf32>, %n: index) -> tensor<?xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1, 2]] : tensor<?x3x4xf32> into tensor<?xf32>
  return %1 : tensor<?xf32>
}

// CHECK-LABEL: func.func @ce4
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %expanded {{\[\[}}0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
// CHECK-NEXT: return %collapsed : tensor<2x12xf32>
func.func @ce4(%t: tensor<6x4xf32>) -> tensor<2x12xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
  return %1 : tensor<2x12xf32>
}

// CHECK-LABEL: func.func @ce5
// CHECK-NEXT: return %arg0 : tensor<?x4xf32>
func.func @ce5(%t: tensor<?x4xf32>, %n: index) -> tensor<?x4xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x1x4xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @ce6
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
// CHECK-NEXT: return %collapsed : tensor<6x20xf32>
func.func @ce6(%t: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %0 = tensor.collapse_shape %t [[0], [1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<2x3x20xf32>
  %1 = tensor.expand_shape %0 [[0], [1], [2, 3]] output_shape [2, 3, 4, 5] : tensor<2x3x20xf32> into tensor<2x3x4x5xf32>
  %2 = tensor.collapse_shape %1 [[0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
  return %2 : tensor<6x20xf32>
}

// Reshape chains (expand_shape of collapse_shape, collapse_shape of a
// cast), bitcast chains, and slices and dims of producers.

// CHECK-LABEL: func.func @expand_of_collapse(%arg0: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %collapsed {{\[\[}}0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
// CHECK-NEXT: return %expanded : tensor<6x2x2xf32>
// CHECK-NEXT: }
func.func @expand_of_collapse(%t: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.expand_shape %c [[0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
  return %e : tensor<6x2x2xf32>
}
// CHECK-LABEL: func.func @expand_of_collapse2(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x2x2xf32> {
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
// CHECK-NEXT: return %expanded : tensor<2x3x2x2xf32>
// CHECK-NEXT: }
func.func @expand_of_collapse2(%t: tensor<2x3x4xf32>) -> tensor<2x3x2x2xf32> {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.expand_shape %c [[0, 1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<6x4xf32> into tensor<2x3x2x2xf32>
  return %e : tensor<2x3x2x2xf32>
}
// CHECK-LABEL: func.func @collapse_of_cast(%arg0: tensor<2x3x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: %cast = tensor.cast %collapsed : tensor<6x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %cast : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @collapse_of_cast(%t: tensor<2x3x4xf32>) -> tensor<?x4xf32> {
  %c0 = tensor.cast %t : tensor<2x3x4xf32> to tensor<?x?x4xf32>
  %c = tensor.collapse_shape %c0 [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  return %c : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @expand_of_cast(%arg0: tensor<6x4xf32>, %arg1: index) -> tensor<?x3x4xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<6x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %cast {{\[\[}}0, 1], [2]] output_shape [%arg1, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
// CHECK-NEXT: return %expanded : tensor<?x3x4xf32>
// CHECK-NEXT: }
func.func @expand_of_cast(%t: tensor<6x4xf32>, %n: index) -> tensor<?x3x4xf32> {
  %c0 = tensor.cast %t : tensor<6x4xf32> to tensor<?x4xf32>
  %e = tensor.expand_shape %c0 [[0, 1], [2]] output_shape [%n, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
  return %e : tensor<?x3x4xf32>
}
// CHECK-LABEL: func.func @slice_of_insert(%arg0: tensor<4x4xf32>, %arg1: tensor<16x16xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4x4xf32>
// CHECK-NEXT: }
func.func @slice_of_insert(%a: tensor<4x4xf32>, %b: tensor<16x16xf32>) -> tensor<4x4xf32> {
  %i = tensor.insert_slice %a into %b[2, 2] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x16xf32>
  %e = tensor.extract_slice %i[2, 2] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}
// CHECK-LABEL: func.func @slice_of_insert_rank(%arg0: tensor<4xf32>, %arg1: tensor<16x16xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
func.func @slice_of_insert_rank(%a: tensor<4xf32>, %b: tensor<16x16xf32>) -> tensor<4xf32> {
  %i = tensor.insert_slice %a into %b[2, 2] [1, 4] [1, 1] : tensor<4xf32> into tensor<16x16xf32>
  %e = tensor.extract_slice %i[2, 2] [1, 4] [1, 1] : tensor<16x16xf32> to tensor<4xf32>
  return %e : tensor<4xf32>
}
// CHECK-LABEL: func.func @dim_of_expand(%arg0: tensor<?x4xf32>, %arg1: index) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [%arg1, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
// CHECK-NEXT: %dim = tensor.dim %expanded, %c0 : tensor<?x3x4xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_of_expand(%t: tensor<?x4xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
  %d = tensor.dim %e, %c0 : tensor<?x3x4xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_collapse(%arg0: tensor<?x3x4xf32>) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<?x3x4xf32> into tensor<?x4xf32>
// CHECK-NEXT: %dim = tensor.dim %collapsed, %c0 : tensor<?x4xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_of_collapse(%t: tensor<?x3x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x3x4xf32> into tensor<?x4xf32>
  %d = tensor.dim %c, %c0 : tensor<?x4xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_insert_slice_dest(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg1, %c0 : tensor<?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_of_insert_slice_dest(%a: tensor<4xf32>, %b: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %i = tensor.insert_slice %a into %b[0] [4] [1] : tensor<4xf32> into tensor<?xf32>
  %d = tensor.dim %i, %c0 : tensor<?xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_pad(%arg0: tensor<?xf32>, %arg1: f32) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1] high[2] {
// CHECK-NEXT: ^bb0(%arg2: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: %dim = tensor.dim %padded, %c0 : tensor<?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_of_pad(%a: tensor<?xf32>, %p: f32) -> index {
  %c0 = arith.constant 0 : index
  %i = tensor.pad %a low[1] high[2] {
  ^bb0(%x: index):
    tensor.yield %p : f32
  } : tensor<?xf32> to tensor<?xf32>
  %d = tensor.dim %i, %c0 : tensor<?xf32>
  return %d : index
}
// CHECK-LABEL: func.func @extract_of_cast(%arg0: tensor<4xf32>, %arg1: index) -> f32 {
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1] : tensor<4xf32>
// CHECK-NEXT: return %extracted : f32
// CHECK-NEXT: }
func.func @extract_of_cast(%t: tensor<4xf32>, %i: index) -> f32 {
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %e = tensor.extract %c[%i] : tensor<?xf32>
  return %e : f32
}
// CHECK-LABEL: func.func @bitcast_chain(%arg0: tensor<4xi32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
func.func @bitcast_chain(%t: tensor<4xi32>) -> tensor<4xf32> {
  %a = tensor.bitcast %t : tensor<4xi32> to tensor<4xui32>
  %b = tensor.bitcast %a : tensor<4xui32> to tensor<4xf32>
  return %b : tensor<4xf32>
}
// CHECK-LABEL: func.func @concat_one(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: return %concat : tensor<?xf32>
// CHECK-NEXT: }
func.func @concat_one(%t: tensor<4xf32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %c = tensor.concat dim(0) %t, %u : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}
// CHECK-LABEL: func.func @eoc_collapse(%arg0: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
// CHECK-NEXT: return %collapsed : tensor<6x20xf32>
// CHECK-NEXT: }
func.func @eoc_collapse(%t: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %c = tensor.collapse_shape %t [[0, 1], [2, 3]] : tensor<2x3x4x5xf32> into tensor<6x20xf32>
  %e = tensor.expand_shape %c [[0], [1]] output_shape [6, 20] : tensor<6x20xf32> into tensor<6x20xf32>
  return %e : tensor<6x20xf32>
}
// CHECK-LABEL: func.func @eoc_to_collapse(%arg0: tensor<2x3x4x5xf32>) -> tensor<6x4x5xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2], [3]] : tensor<2x3x4x5xf32> into tensor<6x4x5xf32>
// CHECK-NEXT: return %collapsed : tensor<6x4x5xf32>
// CHECK-NEXT: }
func.func @eoc_to_collapse(%t: tensor<2x3x4x5xf32>) -> tensor<6x4x5xf32> {
  %c = tensor.collapse_shape %t [[0, 1, 2, 3]] : tensor<2x3x4x5xf32> into tensor<120xf32>
  %e = tensor.expand_shape %c [[0, 1, 2]] output_shape [6, 4, 5] : tensor<120xf32> into tensor<6x4x5xf32>
  return %e : tensor<6x4x5xf32>
}
// CHECK-LABEL: func.func @eoc_dynamic(%arg0: tensor<?x3x4xf32>, %arg1: index) -> tensor<?x3x2x2xf32> {
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0], [1], [2, 3]] output_shape [%arg1, 3, 2, 2] : tensor<?x3x4xf32> into tensor<?x3x2x2xf32>
// CHECK-NEXT: return %expanded : tensor<?x3x2x2xf32>
// CHECK-NEXT: }
func.func @eoc_dynamic(%t: tensor<?x3x4xf32>, %n: index) -> tensor<?x3x2x2xf32> {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x3x4xf32> into tensor<?x4xf32>
  %e = tensor.expand_shape %c [[0, 1], [2, 3]] output_shape [%n, 3, 2, 2] : tensor<?x4xf32> into tensor<?x3x2x2xf32>
  return %e : tensor<?x3x2x2xf32>
}
// CHECK-LABEL: func.func @eoc_dynamic2(%arg0: tensor<?x4x5xf32>, %arg1: index) -> tensor<?x20xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<?x4x5xf32> into tensor<?x20xf32>
// CHECK-NEXT: return %collapsed : tensor<?x20xf32>
// CHECK-NEXT: }
func.func @eoc_dynamic2(%t: tensor<?x4x5xf32>, %n: index) -> tensor<?x20xf32> {
  %c = tensor.collapse_shape %t [[0, 1, 2]] : tensor<?x4x5xf32> into tensor<?xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [%n, 20] : tensor<?xf32> into tensor<?x20xf32>
  return %e : tensor<?x20xf32>
}
// CHECK-LABEL: func.func @eoc_unit(%arg0: tensor<1x6x1xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<1x6x1xf32> into tensor<6xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %collapsed {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK-NEXT: return %expanded : tensor<2x3xf32>
// CHECK-NEXT: }
func.func @eoc_unit(%t: tensor<1x6x1xf32>) -> tensor<2x3xf32> {
  %c = tensor.collapse_shape %t [[0, 1, 2]] : tensor<1x6x1xf32> into tensor<6xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}
// CHECK-LABEL: func.func @eoc_scalar(%arg0: tensor<1x1xf32>) -> tensor<1xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<1x1xf32> into tensor<1xf32>
// CHECK-NEXT: return %collapsed : tensor<1xf32>
// CHECK-NEXT: }
func.func @eoc_scalar(%t: tensor<1x1xf32>) -> tensor<1xf32> {
  %c = tensor.collapse_shape %t [] : tensor<1x1xf32> into tensor<f32>
  %e = tensor.expand_shape %c [] output_shape [1] : tensor<f32> into tensor<1xf32>
  return %e : tensor<1xf32>
}
// CHECK-LABEL: func.func @collapse_of_cast_same(%arg0: tensor<?x3x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<?x3x4xf32> into tensor<?x4xf32>
// CHECK-NEXT: return %collapsed : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @collapse_of_cast_same(%t: tensor<?x3x4xf32>) -> tensor<?x4xf32> {
  %c0 = tensor.cast %t : tensor<?x3x4xf32> to tensor<?x?x4xf32>
  %c = tensor.collapse_shape %c0 [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  return %c : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @collapse_of_cast_no(%arg0: tensor<?x?x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<?x?x4xf32> to tensor<2x3x4xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %cast {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %collapsed : tensor<6x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %cast_0 : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @collapse_of_cast_no(%t: tensor<?x?x4xf32>) -> tensor<?x4xf32> {
  %c0 = tensor.cast %t : tensor<?x?x4xf32> to tensor<2x3x4xf32>
  %c = tensor.collapse_shape %c0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %r = tensor.cast %c : tensor<6x4xf32> to tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// concat types inferred from the operands, pad of a cast, and casts and
// slices folded into their consumers.

// CHECK-LABEL: func.func @concat_cast(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %cast, %arg1 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: return %concat : tensor<?xf32>
// CHECK-NEXT: }
func.func @concat_cast(%a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %r = tensor.concat dim(0) %c, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @concat_static(%arg0: tensor<4xf32>, %arg1: tensor<5xf32>) -> tensor<?xf32> {
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<4xf32>, tensor<5xf32>) -> tensor<9xf32>
// CHECK-NEXT: %cast = tensor.cast %concat : tensor<9xf32> to tensor<?xf32>
// CHECK-NEXT: return %cast : tensor<?xf32>
// CHECK-NEXT: }
func.func @concat_static(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<?xf32> {
  %r = tensor.concat dim(0) %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @from_elements_idx(%arg0: index, %arg1: index) -> tensor<2xindex> {
// CHECK-NEXT: %from_elements = tensor.from_elements %arg0, %arg1 : tensor<2xindex>
// CHECK-NEXT: return %from_elements : tensor<2xindex>
// CHECK-NEXT: }
func.func @from_elements_idx(%a: index, %b: index) -> tensor<2xindex> {
  %t = tensor.from_elements %a, %b : tensor<2xindex>
  return %t : tensor<2xindex>
}
// CHECK-LABEL: func.func @extract_slice_of_cast2(%arg0: tensor<8x8xf32>, %arg1: index) -> tensor<4x4xf32> {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
// CHECK-NEXT: return %extracted_slice : tensor<4x4xf32>
// CHECK-NEXT: }
func.func @extract_slice_of_cast2(%t: tensor<8x8xf32>, %o: index) -> tensor<4x4xf32> {
  %c = tensor.cast %t : tensor<8x8xf32> to tensor<?x?xf32>
  %s = tensor.extract_slice %c[%o, 0] [4, 4] [1, 1] : tensor<?x?xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}
// CHECK-LABEL: func.func @insert_of_extract(%arg0: tensor<8x8xf32>, %arg1: index) -> tensor<8x8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_of_extract(%t: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %s = tensor.extract_slice %t[%o, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %i = tensor.insert_slice %s into %t[%o, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %i : tensor<8x8xf32>
}
// CHECK-LABEL: func.func @dim_of_generate2(%arg0: index) -> index {
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
func.func @dim_of_generate2(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  %d = tensor.dim %g, %c0 : tensor<?xf32>
  return %d : index
}
// CHECK-LABEL: func.func @pad_of_cast(%arg0: tensor<4xf32>, %arg1: f32) -> tensor<?xf32> {
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1] high[1] {
// CHECK-NEXT: ^bb0(%arg2: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<4xf32> to tensor<6xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT: return %cast : tensor<?xf32>
// CHECK-NEXT: }
func.func @pad_of_cast(%t: tensor<4xf32>, %p: f32) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %r = tensor.pad %c low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %p : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @reshape_of_cast(%arg0: tensor<6xf32>, %arg1: tensor<2xindex>) -> tensor<?x?xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT: %reshape = tensor.reshape %cast(%arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: return %reshape : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @reshape_of_cast(%t: tensor<6xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %c = tensor.cast %t : tensor<6xf32> to tensor<?xf32>
  %r = tensor.reshape %c(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @concat_operands(%arg0: tensor<?x4xf32>, %arg1: tensor<3x?xf32>) -> tensor<?x?xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<3x?xf32> to tensor<3x4xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %cast : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %concat : tensor<?x4xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast_0 : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @concat_operands(%a: tensor<?x4xf32>, %b: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %r = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @concat_result_static(%arg0: tensor<2x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<5x4xf32> {
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: return %concat : tensor<5x4xf32>
// CHECK-NEXT: }
func.func @concat_result_static(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %r = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @pad_of_cast_dyn(%arg0: tensor<4x?xf32>, %arg1: f32, %arg2: index) -> tensor<?x?xf32> {
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, 0] high[2, %arg2] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<4x?xf32> to tensor<7x?xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<7x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @pad_of_cast_dyn(%t: tensor<4x?xf32>, %p: f32, %h: index) -> tensor<?x?xf32> {
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %r = tensor.pad %c low[1, 0] high[2, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// expand_shape of a cast takes the constant output sizes as static ones.

// CHECK-LABEL: func.func @expand_of_cast_const(%arg0: tensor<6x4xf32>) -> tensor<?x3x4xf32> {
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: %cast = tensor.cast %expanded : tensor<2x3x4xf32> to tensor<?x3x4xf32>
// CHECK-NEXT: return %cast : tensor<?x3x4xf32>
// CHECK-NEXT: }
func.func @expand_of_cast_const(%t: tensor<6x4xf32>) -> tensor<?x3x4xf32> {
  %c2 = arith.constant 2 : index
  %c = tensor.cast %t : tensor<6x4xf32> to tensor<?x4xf32>
  %e = tensor.expand_shape %c [[0, 1], [2]] output_shape [%c2, 3, 4] : tensor<?x4xf32> into tensor<?x3x4xf32>
  return %e : tensor<?x3x4xf32>
}
// CHECK-LABEL: func.func @expand_of_cast_mixed(%arg0: tensor<6x?xf32>, %arg1: index) -> tensor<?x3x?x2xf32> {
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [2, 3, %arg1, 2] : tensor<6x?xf32> into tensor<2x3x?x2xf32>
// CHECK-NEXT: %cast = tensor.cast %expanded : tensor<2x3x?x2xf32> to tensor<?x3x?x2xf32>
// CHECK-NEXT: return %cast : tensor<?x3x?x2xf32>
// CHECK-NEXT: }
func.func @expand_of_cast_mixed(%t: tensor<6x?xf32>, %n: index) -> tensor<?x3x?x2xf32> {
  %c2 = arith.constant 2 : index
  %c = tensor.cast %t : tensor<6x?xf32> to tensor<?x?xf32>
  %e = tensor.expand_shape %c [[0, 1], [2, 3]] output_shape [%c2, 3, %n, 2] : tensor<?x?xf32> into tensor<?x3x?x2xf32>
  return %e : tensor<?x3x?x2xf32>
}
