// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Named operations hide the body they build; the generic form shows it,
// with the casts that mixed element types need.
// CHECK-LABEL: func.func @named
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<4x8xi8>, tensor<8x16xi8>) outs(%arg2 : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK: linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg3, %arg4 : memref<8x4xf16>, memref<8x16xf16>) outs(%arg5 : memref<4x16xf32>)
// CHECK: linalg.dot ins(%arg6, %arg6 : memref<8xf32>, memref<8xf32>) outs(%arg7 : memref<f32>)
// GENERIC: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GENERIC: "arith.muli"
// GENERIC: "arith.addi"
// GENERIC: "arith.extf"(%{{.*}}) : (f16) -> f32
// GENERIC: linalg.memoized_indexing_maps
func.func @named(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>, %c: tensor<4x16xi32>,
                 %ma: memref<8x4xf16>, %mb: memref<8x16xf16>, %mc: memref<4x16xf32>,
                 %v: memref<8xf32>, %s: memref<f32>) -> tensor<4x16xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%c : tensor<4x16xi32>) -> tensor<4x16xi32>
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%ma, %mb : memref<8x4xf16>, memref<8x16xf16>) outs(%mc : memref<4x16xf32>)
  linalg.dot ins(%v, %v : memref<8xf32>, memref<8xf32>) outs(%s : memref<f32>)
  return %0 : tensor<4x16xi32>
}

// Convolutions and pooling take their strides and dilations into their
// indexing maps.
// CHECK-LABEL: func.func @conv
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%arg2 : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: linalg.pooling_nhwc_max
// GENERIC: "arith.maximumf"
func.func @conv(%img: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x4x4x8xf32>,
                %win: tensor<3x3xf32>, %p: tensor<1x7x7x3xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x7x7x3xf32>) {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%img, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %1 = linalg.pooling_nhwc_max ins(%img, %win : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%p : tensor<1x7x7x3xf32>) -> tensor<1x7x7x3xf32>
  return %0, %1 : tensor<1x4x4x8xf32>, tensor<1x7x7x3xf32>
}

// linalg.map and linalg.reduce print a single payload operation in their
// short form and anything else as a region.
// CHECK-LABEL: func.func @map_reduce
// CHECK: %mapped = linalg.map { arith.mulf } ins(%arg0, %arg0 : tensor<8x4xf32>, tensor<8x4xf32>) outs(%arg1 : tensor<8x4xf32>)
// CHECK: %reduced = linalg.reduce ins(%mapped : tensor<8x4xf32>) outs(%arg2 : tensor<8xf32>) dimensions = [1]
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.maximumf %init, %in : f32
// CHECK-NEXT: %1 = arith.addf %0, %in : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: }
// CHECK: %transposed = linalg.transpose ins(%mapped : tensor<8x4xf32>) outs(%arg3 : tensor<4x8xf32>) permutation = [1, 0]
// CHECK: %broadcasted = linalg.broadcast ins(%reduced : tensor<8xf32>) outs(%arg1 : tensor<8x4xf32>) dimensions = [1]
func.func @map_reduce(%x: tensor<8x4xf32>, %init: tensor<8x4xf32>, %acc: tensor<8xf32>, %t: tensor<4x8xf32>)
    -> (tensor<8xf32>, tensor<4x8xf32>, tensor<8x4xf32>) {
  %m = linalg.map { arith.mulf } ins(%x, %x : tensor<8x4xf32>, tensor<8x4xf32>) outs(%init : tensor<8x4xf32>)
  %r = linalg.reduce ins(%m : tensor<8x4xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %out: f32) {
      %0 = arith.maximumf %out, %in : f32
      %1 = arith.addf %0, %in : f32
      linalg.yield %1 : f32
    }
  %tr = linalg.transpose ins(%m : tensor<8x4xf32>) outs(%t : tensor<4x8xf32>) permutation = [1, 0]
  %b = linalg.broadcast ins(%r : tensor<8xf32>) outs(%init : tensor<8x4xf32>) dimensions = [1]
  return %r, %tr, %b : tensor<8xf32>, tensor<4x8xf32>, tensor<8x4xf32>
}

// linalg.generic names its body arguments after inputs and outputs.
// CHECK-LABEL: func.func @generic
// CHECK: linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x4xf32>) outs(%arg1 : tensor<8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK: } -> tensor<8xf32>
// GENERIC: iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]
func.func @generic(%x: tensor<8x4xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %j = linalg.index 1 : index
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// linalg.elementwise builds the function of its kind; its maps print only
// when they are not the identities.
// CHECK-LABEL: func.func @elementwise
// CHECK: linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: linalg.elementwise kind=#linalg.elementwise_kind<sub> indexing_maps = [#map5, #map3, #map3]
// GENERIC: "math.exp"
// GENERIC: "arith.subf"
// GENERIC: "arith.select"
func.func @elementwise(%a: tensor<4x8xf32>, %c: tensor<4x8xf32>, %sq: tensor<8x8xf32>, %p: tensor<8x8xi1>)
    -> (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<sub>
      indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>]
      ins(%sq, %sq : tensor<8x8xf32>, tensor<8x8xf32>) outs(%sq : tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = linalg.elementwise kind=#linalg.elementwise_kind<select> ins(%p, %1, %sq : tensor<8x8xi1>, tensor<8x8xf32>, tensor<8x8xf32>) outs(%sq : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
