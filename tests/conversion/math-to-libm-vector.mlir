// RUN: strata-opt --convert-math-to-libm %s | FileCheck %s
// RUN: strata-opt --convert-math-to-libm --mlir-print-op-generic --mlir-print-debuginfo %s | FileCheck %s --check-prefix=GENERIC

// Vectors are unrolled, element by element in row-major order, into a
// zero vector; f16 and bf16 are computed in f32. A declaration that
// exists is reused as it is.

// CHECK: module {
// CHECK-NEXT: func.func private @sinf(f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @fmaf(f32, f32, f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @atan2(f64, f64) -> f64 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @tanhf(f32) -> f32 attributes {llvm.readnone}
// CHECK-NEXT: func.func private @erff(f32) -> f32
// CHECK-NOT: func.func private @erff

func.func private @erff(f32) -> f32

// CHECK-LABEL: func.func @vectors
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<2x2xf32>
// CHECK-NEXT: %0 = vector.extract %arg0[0, 0] : f32 from vector<2x2xf32>
// CHECK-NEXT: %1 = call @tanhf(%0) : (f32) -> f32
// CHECK-NEXT: %2 = vector.insert %1, %cst [0, 0] : f32 into vector<2x2xf32>
// CHECK-NEXT: %3 = vector.extract %arg0[0, 1] : f32 from vector<2x2xf32>
// CHECK: %11 = vector.insert %10, %8 [1, 1] : f32 into vector<2x2xf32>
// CHECK: %cst_0 = arith.constant dense<0.000000e+00> : vector<2xf64>
// CHECK-NEXT: %12 = vector.extract %arg1[0] : f64 from vector<2xf64>
// CHECK-NEXT: %13 = vector.extract %arg1[0] : f64 from vector<2xf64>
// CHECK-NEXT: %14 = call @atan2(%12, %13) : (f64, f64) -> f64
// CHECK: %cst_1 = arith.constant dense<0.000000e+00> : vector<f32>
// CHECK-NEXT: %20 = vector.extract %arg2[] : f32 from vector<f32>
// CHECK-NEXT: %21 = call @erff(%20) : (f32) -> f32
// CHECK-NEXT: %22 = vector.insert %21, %cst_1 [] : f32 into vector<f32>
// GENERIC-LABEL: "func.func"() <{function_type = (vector<2x2xf32>, vector<2xf64>, vector<f32>) -> (vector<2x2xf32>, vector<2xf64>, vector<f32>), sym_name = "vectors"}>
// GENERIC-NEXT: ^bb0(%[[V:[a-z0-9]+]]: vector<2x2xf32> loc(
// GENERIC-NEXT: %[[Z:[0-9]+]] = "arith.constant"() <{value = dense<0.000000e+00> : vector<2x2xf32>}> : () -> vector<2x2xf32> loc(#loc
// GENERIC-NEXT: %[[X:[0-9]+]] = "vector.extract"(%[[V]]) <{static_position = array<i64: 0, 0>}> : (vector<2x2xf32>) -> f32 loc(#loc
// GENERIC-NEXT: %[[C:[0-9]+]] = "func.call"(%[[X]]) <{callee = @tanhf}> : (f32) -> f32 loc(#loc
// GENERIC-NEXT: "vector.insert"(%[[C]], %[[Z]]) <{static_position = array<i64: 0, 0>}> : (f32, vector<2x2xf32>) -> vector<2x2xf32> loc(#loc
func.func @vectors(%v: vector<2x2xf32>, %w: vector<2xf64>, %z: vector<f32>) -> (vector<2x2xf32>, vector<2xf64>, vector<f32>) {
  %0 = math.tanh %v : vector<2x2xf32>
  %1 = math.atan2 %w, %w : vector<2xf64>
  %2 = math.erf %z : vector<f32>
  return %0, %1, %2 : vector<2x2xf32>, vector<2xf64>, vector<f32>
}

// CHECK-LABEL: func.func @small_floats
// CHECK-NEXT: %0 = arith.extf %arg0 : f16 to f32
// CHECK-NEXT: %1 = call @erff(%0) : (f32) -> f32
// CHECK-NEXT: %2 = arith.truncf %1 : f32 to f16
// CHECK-NEXT: %3 = arith.extf %arg1 : bf16 to f32
// CHECK-NEXT: %4 = arith.extf %arg1 : bf16 to f32
// CHECK-NEXT: %5 = arith.extf %arg1 : bf16 to f32
// CHECK-NEXT: %6 = call @fmaf(%3, %4, %5) : (f32, f32, f32) -> f32
// CHECK-NEXT: %7 = arith.truncf %6 : f32 to bf16
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<2xf16>
// CHECK-NEXT: %8 = vector.extract %arg2[0] : f16 from vector<2xf16>
// CHECK-NEXT: %9 = arith.extf %8 : f16 to f32
// CHECK-NEXT: %10 = call @sinf(%9) : (f32) -> f32
// CHECK-NEXT: %11 = arith.truncf %10 : f32 to f16
// CHECK-NEXT: %12 = vector.insert %11, %cst [0] : f16 into vector<2xf16>
// GENERIC-LABEL: sym_name = "small_floats"
// GENERIC-NEXT: ^bb0(%[[H:[a-z0-9]+]]: f16 loc(
// GENERIC-NEXT: %[[E:[0-9]+]] = "arith.extf"(%[[H]]) : (f16) -> f32 loc(#loc
// GENERIC-NEXT: %[[F:[0-9]+]] = "func.call"(%[[E]]) <{callee = @erff}> : (f32) -> f32 loc(#loc
// GENERIC-NEXT: "arith.truncf"(%[[F]]) : (f32) -> f16 loc(#loc
func.func @small_floats(%h: f16, %b: bf16, %v: vector<2xf16>) -> (f16, bf16, vector<2xf16>) {
  %0 = math.erf %h : f16
  %1 = math.fma %b, %b, %b : bf16
  %2 = math.sin %v : vector<2xf16>
  return %0, %1, %2 : f16, bf16, vector<2xf16>
}

// Operations of other dialects stay; math operations nested in regions
// are converted; fast-math flags do not carry over to the call.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK-NEXT: %[[E:.*]] = memref.load
// CHECK-NEXT: %[[T:.*]] = func.call @tanhf(%[[E]]) : (f32) -> f32
// CHECK-NEXT: %[[S:.*]] = arith.addf
// CHECK-NEXT: memref.store %[[S]]
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %[[G:.*]] = func.call @erff(%in) : (f32) -> f32
// CHECK-NEXT: linalg.yield %[[G]] : f32
func.func @nested(%m: memref<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %m[%i] : memref<4xf32>
    %y = math.tanh %x fastmath<fast> : f32
    %z = arith.addf %x, %y : f32
    memref.store %z, %m[%i] : memref<4xf32>
  }
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %g = math.erf %in : f32
    linalg.yield %g : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
