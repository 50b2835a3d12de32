// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// vector.shuffle: one 1-D type becomes llvm.shufflevector; otherwise the
// result is built element by element or row by row.

// CHECK-LABEL: func.func @s1
// CHECK: llvm.shufflevector %arg0, %arg1 [0, 5, 2, 7, 1, 1] : vector<4xf32>
// CHECK-LABEL: func.func @s2
// CHECK: llvm.extractvalue %0[0] : !llvm.array<1 x vector<3xf32>>
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[2] : !llvm.array<3 x vector<3xf32>>
// CHECK-LABEL: func.func @s3
// CHECK: llvm.mlir.constant(-1 : index) : i64
// CHECK-NOT: vector.shuffle
func.func @s1(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<6xf32> {
  %0 = vector.shuffle %a, %b [0, 5, 2, 7, 1, 1] : vector<4xf32>, vector<4xf32>
  return %0 : vector<6xf32>
}
func.func @s2(%a: vector<2x3xf32>, %b: vector<1x3xf32>) -> vector<3x3xf32> {
  %0 = vector.shuffle %a, %b [2, 0, 1] : vector<2x3xf32>, vector<1x3xf32>
  return %0 : vector<3x3xf32>
}
func.func @s3(%a: vector<4xf32>, %b: vector<2xf32>) -> vector<3xf32> {
  %0 = vector.shuffle %a, %b [5, 0, -1] : vector<4xf32>, vector<2xf32>
  return %0 : vector<3xf32>
}
