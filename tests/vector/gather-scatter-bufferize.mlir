// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// One-shot bufferization of vector.gather and vector.scatter on tensors.

// gather reads its base in place; the alignment is dropped as upstream.
func.func @gather(%base: tensor<?x?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %pass_thru: vector<16xf32>) -> (vector<16xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %0 = vector.gather %base[%c0, %c0][%v], %mask, %pass_thru {alignment = 8} : tensor<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %1 = tensor.insert %cst into %base[%c0, %c0] : tensor<?x?xf32>
  return %0, %1 : vector<16xf32>, tensor<?x?xf32>
}

// scatter writes its base in place when nothing reads it later.
func.func @scatter_in_place(%base: tensor<?x?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %val: vector<16xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.scatter %base[%c0, %c0][%v], %mask, %val : tensor<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A later read of the base makes the scatter write a copy of it.
func.func @scatter_copy(%base: tensor<?x?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %val: vector<16xf32>) -> (tensor<?x?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = vector.scatter %base[%c0, %c0][%v], %mask, %val {alignment = 8} : tensor<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> -> tensor<?x?xf32>
  %e = tensor.extract %base[%c0, %c0] : tensor<?x?xf32>
  return %0, %e : tensor<?x?xf32>, f32
}

// A scatter into a tensor.empty copies nothing.
func.func @scatter_empty(%v: vector<16xi32>, %mask: vector<16xi1>, %val: vector<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %t = tensor.empty() : tensor<16xf32>
  %0 = vector.scatter %t[%c0][%v], %mask, %val : tensor<16xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// CHECK-LABEL: func.func @gather
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.gather %arg0[%c0, %c0] [%arg1], %arg2, %arg3 : memref<?x?xf32, strided<[?, ?], offset: ?>>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NEXT: memref.store %cst, %arg0[%c0, %c0] : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %0, %arg0 : vector<16xf32>, memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-LABEL: func.func @scatter_in_place
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: vector.scatter %arg0[%c0, %c0] [%arg1], %arg2, %arg3 : memref<?x?xf32, strided<[?, ?], offset: ?>>, vector<16xi32>, vector<16xi1>, vector<16xf32>
// CHECK-NEXT: return %arg0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-LABEL: func.func @scatter_copy
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0_0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim_1 = memref.dim %arg0, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc(%dim, %dim_1) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
// CHECK-NEXT: vector.scatter %alloc[%c0, %c0] [%arg1], %arg2, %arg3 : memref<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
// CHECK-NEXT: %0 = memref.load %arg0[%c0, %c0] : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc, %0 : memref<?x?xf32>, f32
// CHECK-LABEL: func.func @scatter_empty
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NEXT: vector.scatter %alloc[%c0] [%arg0], %arg1, %arg2 : memref<16xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<16xf32> to memref<16xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<16xf32>
