// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt --linalg-generalize-named-ops %s | FileCheck %s --check-prefix=GEN

// Matrix products on packed (4-D) layouts: the inputs are cast to the
// accumulator's element type, the maps are memoized.
// CHECK-LABEL: func.func @mmt4d
// CHECK: linalg.mmt4d ins(%arg0, %arg1 : tensor<2x3x4x5xi8>, tensor<6x3x7x5xi8>) outs(%arg2 : tensor<2x6x4x7xi32>) -> tensor<2x6x4x7xi32>
// CHECK: linalg.batch_mmt4d ins(%arg3, %arg4 : memref<9x2x3x4x5xf16>, memref<9x6x3x7x5xf16>) outs(%arg5 : memref<9x2x6x4x7xf32>)
// GENERIC-LABEL: sym_name = "mmt4d"
// GENERIC: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GENERIC: linalg.memoized_indexing_maps = [#map, #map1, #map2]
// GENERIC: "arith.extf"(%{{.*}}) : (f16) -> f32
// GEN-LABEL: func.func @mmt4d
// GEN: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
// GEN: linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
func.func @mmt4d(%l: tensor<2x3x4x5xi8>, %r: tensor<6x3x7x5xi8>, %acc: tensor<2x6x4x7xi32>,
                 %bl: memref<9x2x3x4x5xf16>, %br: memref<9x6x3x7x5xf16>, %bacc: memref<9x2x6x4x7xf32>) -> tensor<2x6x4x7xi32> {
  %0 = linalg.mmt4d ins(%l, %r : tensor<2x3x4x5xi8>, tensor<6x3x7x5xi8>) outs(%acc : tensor<2x6x4x7xi32>) -> tensor<2x6x4x7xi32>
  linalg.batch_mmt4d ins(%bl, %br : memref<9x2x3x4x5xf16>, memref<9x6x3x7x5xf16>) outs(%bacc : memref<9x2x6x4x7xf32>)
  return %0 : tensor<2x6x4x7xi32>
}

// The quantized products subtract the zero points after the casts.
// CHECK-LABEL: func.func @quantized
// CHECK: linalg.quantized_matmul ins(%arg0, %arg1, %arg2, %arg3 : tensor<4x8xi8>, tensor<8x4xi8>, i32, i32) outs(%arg4 : tensor<4x4xi32>) -> tensor<4x4xi32>
// CHECK: linalg.quantized_batch_matmul ins(%arg5, %arg6, %arg2, %arg3 : memref<2x4x8xi8>, memref<2x8x4xi8>, i32, i32) outs(%arg7 : memref<2x4x4xi32>)
// GENERIC-LABEL: sym_name = "quantized"
// GENERIC: "arith.extsi"
// GENERIC-NEXT: "arith.subi"
// GENERIC-NEXT: "arith.extsi"
// GENERIC-NEXT: "arith.subi"
// GENERIC-NEXT: "arith.muli"
// GENERIC-NEXT: "arith.addi"
// GEN-LABEL: func.func @quantized
// GEN: ^bb0(%in: i8, %in_0: i8, %in_1: i32, %in_2: i32, %out: i32):
func.func @quantized(%a: tensor<4x8xi8>, %b: tensor<8x4xi8>, %az: i32, %bz: i32, %c: tensor<4x4xi32>,
                     %ba: memref<2x4x8xi8>, %bb: memref<2x8x4xi8>, %bc: memref<2x4x4xi32>) -> tensor<4x4xi32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %az, %bz : tensor<4x8xi8>, tensor<8x4xi8>, i32, i32) outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>
  linalg.quantized_batch_matmul ins(%ba, %bb, %az, %bz : memref<2x4x8xi8>, memref<2x8x4xi8>, i32, i32) outs(%bc : memref<2x4x4xi32>)
  return %0 : tensor<4x4xi32>
}

// batch_matmul applies its cast property; batch_reduce_matmul keeps the
// property but casts signed, and the other named operations take `cast`
// as a discardable attribute, as upstream.
// CHECK-LABEL: func.func @casts
// CHECK: linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>}
// CHECK: linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>}
// CHECK: linalg.mmt4d {cast = #linalg.type_fn<cast_unsigned>}
// GENERIC-LABEL: sym_name = "casts"
// GENERIC: "linalg.batch_matmul"{{.*}} <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps
// GENERIC: "arith.extui"
// GENERIC: "linalg.batch_reduce_matmul"{{.*}} <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps
// GENERIC: "arith.extsi"
// GENERIC: "arith.extsi"
// GENERIC: {cast = #linalg.type_fn<cast_unsigned>, linalg.memoized_indexing_maps
// GEN-LABEL: func.func @casts
// GEN: arith.extui
// GEN: arith.extsi
// GEN: arith.extsi
func.func @casts(%a: memref<2x3x4xi8>, %b: memref<2x4x5xi8>, %c: memref<2x3x5xi32>, %d: memref<3x5xi32>,
                 %l: memref<2x3x4x5xi8>, %r: memref<6x3x7x5xi8>, %acc: memref<2x6x4x7xi32>) {
  linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x3x4xi8>, memref<2x4x5xi8>) outs(%c : memref<2x3x5xi32>)
  linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x3x4xi8>, memref<2x4x5xi8>) outs(%d : memref<3x5xi32>)
  linalg.mmt4d {cast = #linalg.type_fn<cast_unsigned>} ins(%l, %r : memref<2x3x4x5xi8>, memref<6x3x7x5xi8>) outs(%acc : memref<2x6x4x7xi32>)
  return
}

// Convolutions without channels, grouped and depth-wise ones, and the
// other poolings take their strides and dilations into their maps.
// CHECK-LABEL: func.func @convolutions
// CHECK: linalg.conv_1d ins(%arg0, %arg1 : memref<10xf32>, memref<3xf32>) outs(%arg2 : memref<8xf32>)
// CHECK: linalg.conv_2d_ngchw_gfchw {dilations = dense<2> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
// CHECK: linalg.depthwise_conv_2d_nhwc_hwcm
// CHECK: linalg.pooling_nwc_max_unsigned {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>}
// CHECK: linalg.pooling_ndhwc_sum
// GENERIC-LABEL: sym_name = "convolutions"
// GENERIC: "arith.mulf"
// GENERIC: "arith.addf"
// GENERIC: "arith.extui"(%{{.*}}) : (i8) -> i32
// GENERIC-NEXT: "arith.maxui"
// GEN-LABEL: func.func @convolutions
// GEN: linalg.generic {indexing_maps = [#map15, #map16, #map17], iterator_types = ["parallel", "reduction"]}
// GEN: iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
func.func @convolutions(%v: memref<10xf32>, %k: memref<3xf32>, %o: memref<8xf32>,
                        %gi: memref<1x2x3x9x9xf32>, %gf: memref<2x4x3x3x3xf32>, %go: memref<1x2x4x5x3xf32>,
                        %di: memref<1x9x9x3xf32>, %df: memref<3x3x3x2xf32>, %do: memref<1x7x7x3x2xf32>,
                        %pi: memref<1x6x1xi8>, %pw: memref<2xi8>, %po: memref<1x3x1xi32>,
                        %qi: memref<1x4x4x4x2xf32>, %qw: memref<2x2x2xf32>, %qo: memref<1x3x3x3x2xf32>) {
  linalg.conv_1d ins(%v, %k : memref<10xf32>, memref<3xf32>) outs(%o : memref<8xf32>)
  linalg.conv_2d_ngchw_gfchw {dilations = dense<2> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%gi, %gf : memref<1x2x3x9x9xf32>, memref<2x4x3x3x3xf32>) outs(%go : memref<1x2x4x5x3xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm ins(%di, %df : memref<1x9x9x3xf32>, memref<3x3x3x2xf32>) outs(%do : memref<1x7x7x3x2xf32>)
  linalg.pooling_nwc_max_unsigned {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>}
    ins(%pi, %pw : memref<1x6x1xi8>, memref<2xi8>) outs(%po : memref<1x3x1xi32>)
  linalg.pooling_ndhwc_sum ins(%qi, %qw : memref<1x4x4x4x2xf32>, memref<2x2x2xf32>) outs(%qo : memref<1x3x3x3x2xf32>)
  return
}
