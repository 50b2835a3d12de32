// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of vector.gather and vector.scatter on memrefs and ranked
// tensors, with n-D and scalable vectors and an alignment, and of a
// vector.mask around a gather.

func.func @gather_memref(%base: memref<?x?xf32>, %v: vector<2x16xi32>, %mask: vector<2x16xi1>, %p: vector<2x16xf32>, %i: index) -> vector<2x16xf32> {
  %0 = vector.gather %base[%i, %i][%v], %mask, %p {alignment = 16} : memref<?x?xf32>, vector<2x16xi32>, vector<2x16xi1>, vector<2x16xf32> into vector<2x16xf32>
  return %0 : vector<2x16xf32>
}

func.func @gather_tensor(%base: tensor<16xf32>, %v: vector<[4]xindex>, %mask: vector<[4]xi1>, %p: vector<[4]xf32>, %i: index) -> vector<[4]xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : tensor<16xf32>, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  return %0 : vector<[4]xf32>
}

func.func @scatter_memref(%base: memref<16xf32>, %v: vector<4xi64>, %mask: vector<4xi1>, %val: vector<4xf32>, %i: index) {
  vector.scatter %base[%i][%v], %mask, %val {alignment = 8} : memref<16xf32>, vector<4xi64>, vector<4xi1>, vector<4xf32>
  return
}

func.func @scatter_tensor(%base: tensor<?xf32>, %v: vector<4xi32>, %mask: vector<4xi1>, %val: vector<4xf32>, %i: index) -> tensor<?xf32> {
  %0 = vector.scatter %base[%i][%v], %mask, %val : tensor<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @masked_gather(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %m: vector<16xi1>, %i: index) -> vector<16xf32> {
  %0 = vector.mask %m { vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  return %0 : vector<16xf32>
}

// CHECK-LABEL: func.func @gather_memref
// CHECK: %0 = vector.gather %arg0[%arg4, %arg4] [%arg1], %arg2, %arg3 {alignment = 16 : i64} : memref<?x?xf32>, vector<2x16xi32>, vector<2x16xi1>, vector<2x16xf32> into vector<2x16xf32>
// CHECK-LABEL: func.func @gather_tensor
// CHECK: %0 = vector.gather %arg0[%arg4] [%arg1], %arg2, %arg3 : tensor<16xf32>, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
// CHECK-LABEL: func.func @scatter_memref
// CHECK: vector.scatter %arg0[%arg4] [%arg1], %arg2, %arg3 {alignment = 8 : i64} : memref<16xf32>, vector<4xi64>, vector<4xi1>, vector<4xf32>
// CHECK-LABEL: func.func @scatter_tensor
// CHECK: %0 = vector.scatter %arg0[%arg4] [%arg1], %arg2, %arg3 : tensor<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> -> tensor<?xf32>
// CHECK-LABEL: func.func @masked_gather
// CHECK: %0 = vector.mask %arg4 { vector.gather %arg0[%arg5] [%arg1], %arg2, %arg3 : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// GENERIC: %4 = "vector.gather"(%arg21, %arg25, %arg25, %arg22, %arg23, %arg24) <{alignment = 16 : i64}> : (memref<?x?xf32>, index, index, vector<2x16xi32>, vector<2x16xi1>, vector<2x16xf32>) -> vector<2x16xf32>
// GENERIC: %3 = "vector.gather"(%arg16, %arg20, %arg17, %arg18, %arg19) : (tensor<16xf32>, index, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32>) -> vector<[4]xf32>
// GENERIC: "vector.scatter"(%arg11, %arg15, %arg12, %arg13, %arg14) <{alignment = 8 : i64}> : (memref<16xf32>, index, vector<4xi64>, vector<4xi1>, vector<4xf32>) -> ()
// GENERIC: %2 = "vector.scatter"(%arg6, %arg10, %arg7, %arg8, %arg9) : (tensor<?xf32>, index, vector<4xi32>, vector<4xi1>, vector<4xf32>) -> tensor<?xf32>
// GENERIC: %1 = "vector.gather"(%arg0, %arg5, %arg1, %arg2, %arg3) : (memref<?xf32>, index, vector<16xi32>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
