// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt --linalg-generalize-named-ops %s | FileCheck %s --check-prefix=GEN

// Named operations written in generic form keep the body they carry and
// print in custom form; the memoized maps stay a discardable attribute.
// CHECK: %0 = linalg.add ins(%arg0, %arg3 : tensor<4x8xf32>, f32) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %1 = linalg.reciprocal ins(%0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.select ins(%arg2, %1, %arg0 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: linalg.mmt4d ins(%arg4, %arg5 : memref<2x3x4x5xi8>, memref<6x3x7x5xi8>) outs(%arg6 : memref<2x6x4x7xi32>)
// GENERIC: "linalg.add"(%arg0, %arg3, %arg1) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC: {linalg.memoized_indexing_maps = [#map, #map1, #map2]}
// GEN: %cst = arith.constant 1.000000e+00 : f32
// GEN: linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg3 : tensor<4x8xf32>, f32) outs(%arg1 : tensor<4x8xf32>) {
// GEN: linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi1>, f32, memref<2x3x4x5xi8>, memref<6x3x7x5xi8>, memref<2x6x4x7xi32>) -> tensor<4x8xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xi1>, %arg3: f32, %arg4: memref<2x3x4x5xi8>, %arg5: memref<6x3x7x5xi8>, %arg6: memref<2x6x4x7xi32>):
    %0 = "linalg.add"(%arg0, %arg3, %arg1) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg16: f32, %arg17: f32, %arg18: f32):
      %10 = "arith.addf"(%arg16, %arg17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<4x8xf32>, f32, tensor<4x8xf32>) -> tensor<4x8xf32>
    %1 = "linalg.reciprocal"(%0, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg14: f32, %arg15: f32):
      %8 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %9 = "arith.divf"(%8, %arg14) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %2 = "linalg.select"(%arg2, %1, %arg0, %arg1) <{operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg10: i1, %arg11: f32, %arg12: f32, %arg13: f32):
      %7 = "arith.select"(%arg10, %arg11, %arg12) : (i1, f32, f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "linalg.mmt4d"(%arg4, %arg5, %arg6) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg7: i8, %arg8: i8, %arg9: i32):
      %3 = "arith.extsi"(%arg7) : (i8) -> i32
      %4 = "arith.extsi"(%arg8) : (i8) -> i32
      %5 = "arith.muli"(%3, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %6 = "arith.addi"(%arg9, %5) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "linalg.yield"(%6) : (i32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (memref<2x3x4x5xi8>, memref<6x3x7x5xi8>, memref<2x6x4x7xi32>) -> ()
    "func.return"(%2) : (tensor<4x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

