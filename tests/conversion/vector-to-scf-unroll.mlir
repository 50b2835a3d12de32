// RUN: strata-opt --convert-vector-to-scf="full-unroll lower-tensors" %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-scf="full-unroll lower-tensors" --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt --convert-vector-to-scf=full-unroll %s | FileCheck %s --check-prefix=MEMREF
// RUN: strata-opt --convert-vector-to-scf=lower-tensors %s | FileCheck %s --check-prefix=TENSOR
// RUN: strata-opt --convert-vector-to-scf="full-unroll target-rank=2" %s | FileCheck %s --check-prefix=RANK2
// RUN: strata-opt --convert-vector-to-scf="lower-tensors target-rank=0" --mlir-print-op-generic %s | FileCheck %s --check-prefix=RANK0

// full-unroll (upstream's UnrollTransferReadConversion and
// UnrollTransferWriteConversion): an n-D transfer becomes one (n-1)-D
// transfer per index of its leading dimension, each under an scf.if on
// the bounds and the mask, the rows inserted into the result (a read
// whose only user is a vector.insert inserts into that vector; a write of
// a vector.extract extracts from its source); masks of rank 2 or more are
// sliced with vector.extract. lower-tensors also lowers transfers on
// tensors: unrolled writes chain their results, and the stack-buffer
// lowering carries the tensor through the scf.for. Without lower-tensors
// transfers on tensors are left alone (MEMREF).

// MEMREF: %{{.*}} = vector.transfer_write %arg1, %arg0[%arg2, %arg2], %arg3 : vector<3x4xf32>, tensor<?x?xf32>
// TENSOR: %{{[0-9]+}} = scf.for %arg4 = %c0 to %c3 step %c1 iter_args(%arg5 = %arg0) -> (tensor<?x?xf32>) {
// RANK2: vector.transfer_read %arg0[%arg1, %arg1, %arg1], %cst, %{{[0-9]+}} {permutation_map = #map} : memref<?x?x?xf32>, vector<4x3xf32>
// GENERIC: "vector.insert"(%{{[0-9]+}}, %{{[0-9]+}}) <{static_position = array<i64: 0, 0>}> : (vector<3xf32>, vector<2x4x3xf32>) -> vector<2x4x3xf32>
// RANK0: "vector.transfer_read"(%{{.*}}) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 3, 1, 0>, permutation_map = #map{{[0-9]*}}}> : (memref<?x?x?xf32>, index, index, index, f32) -> vector<f32>
// CHECK: #map = affine_map<()[s0] -> (s0 + 1)>
// CHECK-NEXT: #map1 = affine_map<()[s0] -> (s0 + 2)>
// CHECK-NEXT: #map2 = affine_map<()[s0] -> (s0 + 3)>
// CHECK-LABEL: func.func @read_3d_mask(%arg0: memref<?x?x?xf32>, %arg1: index, %arg2: vector<2x4xi1>) -> vector<2x3x4xf32> {
// CHECK-NEXT: %cst = arith.constant dense<5.000000e-01> : vector<3xf32>
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst_0 = arith.constant dense<5.000000e-01> : vector<2x4x3xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?x?xf32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %dim, %arg1 : index
// CHECK-NEXT: %1 = scf.if %0 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %dim_2 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %6 = arith.cmpi sgt, %dim_2, %arg1 : index
// CHECK-NEXT: %7 = vector.extract %arg2[0, 0] : i1 from vector<2x4xi1>
// CHECK-NEXT: %8 = arith.andi %6, %7 : i1
// CHECK-NEXT: %9 = scf.if %8 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %25 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %27 = memref.load %arg0[%arg1, %arg1, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %28 = vector.insert %27, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %28 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %26 = vector.insert %25, %cst_0 [0, 0] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %26 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %cst_0 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %10 = affine.apply #map()[%arg1]
// CHECK-NEXT: %11 = arith.cmpi sgt, %dim_3, %10 : index
// CHECK-NEXT: %12 = vector.extract %arg2[0, 1] : i1 from vector<2x4xi1>
// CHECK-NEXT: %13 = arith.andi %11, %12 : i1
// CHECK-NEXT: %14 = scf.if %13 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %25 = affine.apply #map()[%arg1]
// CHECK-NEXT: %26 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %28 = memref.load %arg0[%arg1, %25, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %29 = vector.insert %28, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %29 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %27 = vector.insert %26, %9 [0, 1] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %27 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %9 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_4 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %15 = affine.apply #map1()[%arg1]
// CHECK-NEXT: %16 = arith.cmpi sgt, %dim_4, %15 : index
// CHECK-NEXT: %17 = vector.extract %arg2[0, 2] : i1 from vector<2x4xi1>
// CHECK-NEXT: %18 = arith.andi %16, %17 : i1
// CHECK-NEXT: %19 = scf.if %18 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %25 = affine.apply #map1()[%arg1]
// CHECK-NEXT: %26 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %28 = memref.load %arg0[%arg1, %25, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %29 = vector.insert %28, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %29 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %27 = vector.insert %26, %14 [0, 2] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %27 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %14 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_5 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %20 = affine.apply #map2()[%arg1]
// CHECK-NEXT: %21 = arith.cmpi sgt, %dim_5, %20 : index
// CHECK-NEXT: %22 = vector.extract %arg2[0, 3] : i1 from vector<2x4xi1>
// CHECK-NEXT: %23 = arith.andi %21, %22 : i1
// CHECK-NEXT: %24 = scf.if %23 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %25 = affine.apply #map2()[%arg1]
// CHECK-NEXT: %26 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %28 = memref.load %arg0[%arg1, %25, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %29 = vector.insert %28, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %29 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %27 = vector.insert %26, %19 [0, 3] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %27 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %19 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %24 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %cst_0 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_1 = memref.dim %arg0, %c0 : memref<?x?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map()[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// CHECK-NEXT: %4 = scf.if %3 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %6 = affine.apply #map()[%arg1]
// CHECK-NEXT: %dim_2 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %7 = arith.cmpi sgt, %dim_2, %arg1 : index
// CHECK-NEXT: %8 = vector.extract %arg2[1, 0] : i1 from vector<2x4xi1>
// CHECK-NEXT: %9 = arith.andi %7, %8 : i1
// CHECK-NEXT: %10 = scf.if %9 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %26 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %28 = memref.load %arg0[%6, %arg1, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %29 = vector.insert %28, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %29 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %27 = vector.insert %26, %1 [1, 0] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %27 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %1 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %11 = affine.apply #map()[%arg1]
// CHECK-NEXT: %12 = arith.cmpi sgt, %dim_3, %11 : index
// CHECK-NEXT: %13 = vector.extract %arg2[1, 1] : i1 from vector<2x4xi1>
// CHECK-NEXT: %14 = arith.andi %12, %13 : i1
// CHECK-NEXT: %15 = scf.if %14 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %26 = affine.apply #map()[%arg1]
// CHECK-NEXT: %27 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %29 = memref.load %arg0[%6, %26, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %30 = vector.insert %29, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %30 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %28 = vector.insert %27, %10 [1, 1] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %28 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %10 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_4 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %16 = affine.apply #map1()[%arg1]
// CHECK-NEXT: %17 = arith.cmpi sgt, %dim_4, %16 : index
// CHECK-NEXT: %18 = vector.extract %arg2[1, 2] : i1 from vector<2x4xi1>
// CHECK-NEXT: %19 = arith.andi %17, %18 : i1
// CHECK-NEXT: %20 = scf.if %19 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %26 = affine.apply #map1()[%arg1]
// CHECK-NEXT: %27 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %29 = memref.load %arg0[%6, %26, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %30 = vector.insert %29, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %30 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %28 = vector.insert %27, %15 [1, 2] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %28 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %15 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_5 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %21 = affine.apply #map2()[%arg1]
// CHECK-NEXT: %22 = arith.cmpi sgt, %dim_5, %21 : index
// CHECK-NEXT: %23 = vector.extract %arg2[1, 3] : i1 from vector<2x4xi1>
// CHECK-NEXT: %24 = arith.andi %22, %23 : i1
// CHECK-NEXT: %25 = scf.if %24 -> (vector<2x4x3xf32>) {
// CHECK-NEXT: %26 = affine.apply #map2()[%arg1]
// CHECK-NEXT: %27 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %cst) -> (vector<3xf32>) {
// CHECK-NEXT: %29 = memref.load %arg0[%6, %26, %arg1] : memref<?x?x?xf32>
// CHECK-NEXT: %30 = vector.insert %29, %arg4 [%arg3] : f32 into vector<3xf32>
// CHECK-NEXT: scf.yield %30 : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %28 = vector.insert %27, %20 [1, 3] : vector<3xf32> into vector<2x4x3xf32>
// CHECK-NEXT: scf.yield %28 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %20 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %25 : vector<2x4x3xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %1 : vector<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %5 = vector.transpose %4, [0, 2, 1] : vector<2x4x3xf32> to vector<2x3x4xf32>
// CHECK-NEXT: return %5 : vector<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @read_into_insert(%arg0: memref<8x8xf32>, %arg1: vector<5x2x8xf32>, %arg2: index) -> vector<5x2x8xf32> {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %0 = arith.cmpi slt, %arg2, %c8 : index
// CHECK-NEXT: %1 = scf.if %0 -> (vector<5x2x8xf32>) {
// CHECK-NEXT: %5 = vector.transfer_read %arg0[%arg2, %arg2], %cst : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT: %6 = vector.insert %5, %arg1 [3, 0] : vector<8xf32> into vector<5x2x8xf32>
// CHECK-NEXT: scf.yield %6 : vector<5x2x8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : vector<5x2x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = affine.apply #map()[%arg2]
// CHECK-NEXT: %3 = arith.cmpi slt, %2, %c8 : index
// CHECK-NEXT: %4 = scf.if %3 -> (vector<5x2x8xf32>) {
// CHECK-NEXT: %5 = affine.apply #map()[%arg2]
// CHECK-NEXT: %6 = vector.transfer_read %arg0[%5, %arg2], %cst : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT: %7 = vector.insert %6, %1 [3, 1] : vector<8xf32> into vector<5x2x8xf32>
// CHECK-NEXT: scf.yield %7 : vector<5x2x8xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %1 : vector<5x2x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %4 : vector<5x2x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @write_of_extract(%arg0: vector<3x2x4xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: vector<2x4xi1>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg1, %c0 : memref<?x?xf32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %dim, %arg2 : index
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: %3 = vector.extract %arg0[1, 0] : vector<4xf32> from vector<3x2x4xf32>
// CHECK-NEXT: %4 = vector.extract %arg3[0] : vector<4xi1> from vector<2x4xi1>
// CHECK-NEXT: vector.transfer_write %3, %arg1[%arg2, %arg2], %4 : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: %dim_0 = memref.dim %arg1, %c0 : memref<?x?xf32>
// CHECK-NEXT: %1 = affine.apply #map()[%arg2]
// CHECK-NEXT: %2 = arith.cmpi sgt, %dim_0, %1 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: %3 = affine.apply #map()[%arg2]
// CHECK-NEXT: %4 = vector.extract %arg0[1, 1] : vector<4xf32> from vector<3x2x4xf32>
// CHECK-NEXT: %5 = vector.extract %arg3[1] : vector<4xi1> from vector<2x4xi1>
// CHECK-NEXT: vector.transfer_write %4, %arg1[%3, %arg2], %5 : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @write_in_bounds(%arg0: vector<2x4xf32>, %arg1: memref<8x8xf32>) {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = vector.extract %arg0[0] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: vector.transfer_write %0, %arg1[%c1, %c1] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: vector.transfer_write %1, %arg1[%c2, %c1] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @tensor_rw(%arg0: tensor<?x?xf32>, %arg1: vector<3x4xf32>, %arg2: index, %arg3: vector<3x4xi1>) -> (tensor<?x?xf32>, vector<3x4xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<3x4xf32>
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %dim, %arg2 : index
// CHECK-NEXT: %1 = scf.if %0 -> (tensor<?x?xf32>) {
// CHECK-NEXT: %16 = vector.extract %arg1[0] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %17 = vector.extract %arg3[0] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %18 = vector.transfer_write %16, %arg0[%arg2, %arg2], %17 : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT: scf.yield %18 : tensor<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_1 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map()[%arg2]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim_1, %2 : index
// CHECK-NEXT: %4 = scf.if %3 -> (tensor<?x?xf32>) {
// CHECK-NEXT: %16 = affine.apply #map()[%arg2]
// CHECK-NEXT: %17 = vector.extract %arg1[1] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %18 = vector.extract %arg3[1] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %19 = vector.transfer_write %17, %1[%16, %arg2], %18 : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT: scf.yield %19 : tensor<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %1 : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_2 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %5 = affine.apply #map1()[%arg2]
// CHECK-NEXT: %6 = arith.cmpi sgt, %dim_2, %5 : index
// CHECK-NEXT: %7 = scf.if %6 -> (tensor<?x?xf32>) {
// CHECK-NEXT: %16 = affine.apply #map1()[%arg2]
// CHECK-NEXT: %17 = vector.extract %arg1[2] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %18 = vector.extract %arg3[2] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: %19 = vector.transfer_write %17, %4[%16, %arg2], %18 : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT: scf.yield %19 : tensor<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %4 : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_3 = tensor.dim %7, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %8 = arith.cmpi sgt, %dim_3, %arg2 : index
// CHECK-NEXT: %9 = scf.if %8 -> (vector<3x4xf32>) {
// CHECK-NEXT: %16 = vector.transfer_read %7[%arg2, %arg2], %cst_0 {in_bounds = [true]} : tensor<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %17 = vector.insert %16, %cst [0] : vector<4xf32> into vector<3x4xf32>
// CHECK-NEXT: scf.yield %17 : vector<3x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %cst : vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_4 = tensor.dim %7, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %10 = affine.apply #map()[%arg2]
// CHECK-NEXT: %11 = arith.cmpi sgt, %dim_4, %10 : index
// CHECK-NEXT: %12 = scf.if %11 -> (vector<3x4xf32>) {
// CHECK-NEXT: %16 = affine.apply #map()[%arg2]
// CHECK-NEXT: %17 = vector.transfer_read %7[%16, %arg2], %cst_0 {in_bounds = [true]} : tensor<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %18 = vector.insert %17, %9 [1] : vector<4xf32> into vector<3x4xf32>
// CHECK-NEXT: scf.yield %18 : vector<3x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %9 : vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %dim_5 = tensor.dim %7, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %13 = affine.apply #map1()[%arg2]
// CHECK-NEXT: %14 = arith.cmpi sgt, %dim_5, %13 : index
// CHECK-NEXT: %15 = scf.if %14 -> (vector<3x4xf32>) {
// CHECK-NEXT: %16 = affine.apply #map1()[%arg2]
// CHECK-NEXT: %17 = vector.transfer_read %7[%16, %arg2], %cst_0 {in_bounds = [true]} : tensor<?x?xf32>, vector<4xf32>
// CHECK-NEXT: %18 = vector.insert %17, %12 [2] : vector<4xf32> into vector<3x4xf32>
// CHECK-NEXT: scf.yield %18 : vector<3x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %12 : vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %7, %15 : tensor<?x?xf32>, vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @tensor_static(%arg0: tensor<4x4xf32>, %arg1: vector<2x2xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = scf.if %true -> (tensor<4x4xf32>) {
// CHECK-NEXT: %2 = vector.extract %arg1[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %3 = vector.transfer_write %2, %arg0[%c3, %c3] : vector<2xf32>, tensor<4x4xf32>
// CHECK-NEXT: scf.yield %3 : tensor<4x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : tensor<4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.if %false -> (tensor<4x4xf32>) {
// CHECK-NEXT: %2 = vector.extract %arg1[1] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT: %3 = vector.transfer_write %2, %0[%c4, %c3] : vector<2xf32>, tensor<4x4xf32>
// CHECK-NEXT: scf.yield %3 : tensor<4x4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %0 : tensor<4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : tensor<4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @read_3d_mask(%m: memref<?x?x?xf32>, %i: index, %mask: vector<2x4xi1>) -> vector<2x3x4xf32> {
  %pad = arith.constant 0.5 : f32
  %r = vector.transfer_read %m[%i, %i, %i], %pad, %mask {permutation_map = affine_map<(d0, d1, d2) -> (d0, 0, d1)>} : memref<?x?x?xf32>, vector<2x3x4xf32>
  return %r : vector<2x3x4xf32>
}

func.func @read_into_insert(%m: memref<8x8xf32>, %acc: vector<5x2x8xf32>, %i: index) -> vector<5x2x8xf32> {
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %m[%i, %i], %pad : memref<8x8xf32>, vector<2x8xf32>
  %v = vector.insert %r, %acc [3] : vector<2x8xf32> into vector<5x2x8xf32>
  return %v : vector<5x2x8xf32>
}

func.func @write_of_extract(%v: vector<3x2x4xf32>, %m: memref<?x?xf32>, %i: index, %mask: vector<2x4xi1>) {
  %e = vector.extract %v[1] : vector<2x4xf32> from vector<3x2x4xf32>
  vector.transfer_write %e, %m[%i, %i], %mask : vector<2x4xf32>, memref<?x?xf32>
  return
}

func.func @write_in_bounds(%v: vector<2x4xf32>, %m: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  vector.transfer_write %v, %m[%c1, %c1] : vector<2x4xf32>, memref<8x8xf32>
  return
}

func.func @tensor_rw(%t: tensor<?x?xf32>, %v: vector<3x4xf32>, %i: index, %mask: vector<3x4xi1>) -> (tensor<?x?xf32>, vector<3x4xf32>) {
  %pad = arith.constant 0.0 : f32
  %w = vector.transfer_write %v, %t[%i, %i], %mask : vector<3x4xf32>, tensor<?x?xf32>
  %r = vector.transfer_read %w[%i, %i], %pad {in_bounds = [false, true]} : tensor<?x?xf32>, vector<3x4xf32>
  return %w, %r : tensor<?x?xf32>, vector<3x4xf32>
}

func.func @tensor_static(%t: tensor<4x4xf32>, %v: vector<2x2xf32>) -> tensor<4x4xf32> {
  %c3 = arith.constant 3 : index
  %w = vector.transfer_write %v, %t[%c3, %c3] : vector<2x2xf32>, tensor<4x4xf32>
  return %w : tensor<4x4xf32>
}
