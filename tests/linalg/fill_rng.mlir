// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// linalg.fill_rng_2d builds a linear congruential generator over the two
// loop indices and the seed, computed in f64 and cast to the output.
// CHECK: linalg.fill_rng_2d ins(%arg0, %arg1, %arg2 : f64, f64, i32) outs(%arg3 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: linalg.fill_rng_2d ins(%arg0, %arg1, %arg2 : f64, f64, i32) outs(%arg4 : memref<3x3xi64>)
// GENERIC: "arith.constant"() <{value = 2147483647 : i64}> : () -> i64
// GENERIC-NEXT: "arith.sitofp"
// GENERIC-NEXT: "linalg.index"() <{dim = 1 : i64}> : () -> index
// GENERIC: "arith.constant"() <{value = 1103515245 : i64}> : () -> i64
// GENERIC-NEXT: "arith.trunci"
// GENERIC: "arith.constant"() <{value = 2.3283063999999999E-10 : f64}> : () -> f64
// GENERIC: "arith.truncf"(%{{.*}}) : (f64) -> f32
// GENERIC: linalg.memoized_indexing_maps = [#map, #map, #map, #map1]
// GENERIC: "arith.fptosi"(%{{.*}}) : (f64) -> i64
func.func @rng(%min: f64, %max: f64, %seed: i32, %o: tensor<4x8xf32>, %m: memref<3x3xi64>) -> tensor<4x8xf32> {
  %0 = linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%m : memref<3x3xi64>)
  return %0 : tensor<4x8xf32>
}
