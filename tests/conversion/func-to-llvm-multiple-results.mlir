// RUN: strata-opt --convert-func-to-llvm %s | FileCheck %s

// Several results are returned as one literal struct built field by field,
// also when the struct has the shape of a memref descriptor (five fields,
// the fourth an array), which it is not.

// CHECK-LABEL: llvm.func @five() -> !llvm.struct<(array<2 x vector<3xf32>>, array<2 x vector<2xf64>>, array<2 x array<2 x vector<3xi1>>>, array<2 x vector<2xi64>>, vector<3xi32>)>
// CHECK: %[[P:.*]] = llvm.mlir.poison
// CHECK: %[[S0:.*]] = llvm.insertvalue %{{.*}}, %[[P]][0]
// CHECK: %[[S1:.*]] = llvm.insertvalue %{{.*}}, %[[S0]][1]
// CHECK: %[[S2:.*]] = llvm.insertvalue %{{.*}}, %[[S1]][2]
// CHECK: %[[S3:.*]] = llvm.insertvalue %{{.*}}, %[[S2]][3]
// CHECK: %[[S4:.*]] = llvm.insertvalue %{{.*}}, %[[S3]][4]
// CHECK: llvm.return %[[S4]]
func.func @five() -> (vector<2x3xf32>, vector<2x2xf64>, vector<2x2x3xi1>, vector<2x2xindex>, vector<3xi32>) {
  %0 = arith.constant dense<1.0> : vector<2x3xf32>
  %1 = arith.constant dense<2.0> : vector<2x2xf64>
  %2 = arith.constant dense<true> : vector<2x2x3xi1>
  %3 = arith.constant dense<4> : vector<2x2xindex>
  %4 = arith.constant dense<5> : vector<3xi32>
  return %0, %1, %2, %3, %4 : vector<2x3xf32>, vector<2x2xf64>, vector<2x2x3xi1>, vector<2x2xindex>, vector<3xi32>
}

// CHECK-LABEL: llvm.func @take(
func.func @take(%a: vector<2x3xf32>, %b: vector<3xi32>) -> vector<3xi32> {
  return %b : vector<3xi32>
}
