// RUN: strata-opt %s | FileCheck %s
// NO-DIFF: the neuron dialect is Strata's own.

// Every operation of the neuron dialect in its custom syntax, printed back
// as it reads.

// CHECK-LABEL: tile.func @all(%arg0: memref<?x?xf32>, %arg1: memref<?xf32>) grid [parallel] attributes {neuron.chip = "trn2"} {
tile.func @all(%x: memref<?x?xf32>, %v: memref<?xf32>) grid [parallel] attributes {neuron.chip = "trn2"} {
  %X = tile.view %x : memref<?x?xf32> -> !tile.view<?x?xf32>
  %V = tile.view %v : memref<?xf32> -> !tile.view<?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: neuron.alloc : <128x512xf32, sbuf>
  %t = neuron.alloc : !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.alloc : <128x512xf32, psum>
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %st = neuron.alloc : !neuron.tile<128x128xbf16, sbuf>
  %mv = neuron.alloc : !neuron.tile<128x512xbf16, sbuf>
  %col = neuron.alloc : !neuron.tile<128x1xf32, sbuf>
  %row = neuron.alloc : !neuron.tile<1x512xf32, sbuf>
  %tp = neuron.alloc : !neuron.tile<128x128xbf16, psum>
  %stats = neuron.alloc : !neuron.tile<128x6xf32, sbuf>
  %mv2 = neuron.alloc : !neuron.tile<128x2xf32, sbuf>
  %ids = neuron.alloc : !neuron.tile<128x512xi32, sbuf>
  // CHECK: neuron.memset %{{.*}}, 0.000000e+00 : <128x512xf32, sbuf>
  neuron.memset %t, 0.0 : !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x512xf32, sbuf>, !tile.view<?x?xf32>
  neuron.dma_copy %t, %X[%p, %c0] bounds_check : !neuron.tile<128x512xf32, sbuf>, !tile.view<?x?xf32>
  // CHECK: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}] : !neuron.tile<1x512xf32, sbuf>, !tile.view<?xf32>
  neuron.dma_copy %row, %V[%c0] : !neuron.tile<1x512xf32, sbuf>, !tile.view<?xf32>
  // CHECK: neuron.iota %{{.*}}, %{{.*}} channel 512 step 1 : <128x512xi32, sbuf>
  neuron.iota %ids, %c0 channel 512 step 1 : !neuron.tile<128x512xi32, sbuf>
  // CHECK: neuron.affine_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: neuron.nc_matmul %{{.*}}, %{{.*}}, %{{.*}} : <128x512xf32, psum>, <128x128xbf16, sbuf>, <128x512xbf16, sbuf>
  // CHECK-NEXT: }
  neuron.affine_range %k = %c0 to %c4 step %c1 {
    neuron.nc_matmul %acc, %st, %mv : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<128x512xbf16, sbuf>
  }
  // CHECK: neuron.sequential_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
  neuron.sequential_range %k = %c0 to %c4 step %c1 {
    // CHECK: neuron.tensor_tensor add %{{.*}}, %{{.*}}, %{{.*}} : <128x512xf32, sbuf>, <128x512xf32, sbuf>, <128x512xf32, psum>
    neuron.tensor_tensor add %t, %t, %acc : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  }
  // CHECK: neuron.nc_transpose %{{.*}}, %{{.*}} : <128x128xbf16, psum>, <128x128xbf16, sbuf>
  neuron.nc_transpose %tp, %st : !neuron.tile<128x128xbf16, psum>, !neuron.tile<128x128xbf16, sbuf>
  // CHECK: neuron.tensor_reduce maximum %{{.*}}, %{{.*}} : <128x1xf32, sbuf>, <128x512xf32, sbuf>
  neuron.tensor_reduce maximum %col, %t : !neuron.tile<128x1xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.activation exp %{{.*}}, %{{.*}} bias %{{.*}} {scale = 5.000000e-01 : f64} : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  neuron.activation exp %t, %t bias %col {scale = 0.5 : f64} : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  // CHECK: neuron.activation_reduce exp %{{.*}}, %{{.*}}, %{{.*}} bias %{{.*}} : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  neuron.activation_reduce exp %t, %col, %t bias %col : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  // CHECK: neuron.tensor_scalar divide %{{.*}}, %{{.*}}, %{{.*}} : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  neuron.tensor_scalar divide %t, %t, %col : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  // CHECK: neuron.tensor_scalar subtract %{{.*}}, %{{.*}} imm 1.000000e+00 reverse : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>
  neuron.tensor_scalar subtract %t, %t imm 1.0 reverse : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.tensor_copy %{{.*}}, %{{.*}} {engine = 1 : i32} : <128x512xf32, sbuf>, <128x512xf32, psum>
  neuron.tensor_copy %t, %acc {engine = 1 : i32} : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  // CHECK: neuron.reciprocal %{{.*}}, %{{.*}} : <128x1xf32, sbuf>, <128x1xf32, sbuf>
  neuron.reciprocal %col, %col : !neuron.tile<128x1xf32, sbuf>, !neuron.tile<128x1xf32, sbuf>
  // CHECK: neuron.affine_select %{{.*}}, %{{.*}} where %{{.*}} channel 1 step -1 ge else 0xFFF0000000000000 : <128x512xf32, sbuf>, <128x512xf32, sbuf>
  neuron.affine_select %t, %t where %p channel 1 step -1 ge else 0xFFF0000000000000 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.bn_stats %{{.*}}, %{{.*}} : <128x6xf32, sbuf>, <128x512xf32, sbuf>
  neuron.bn_stats %stats, %t : !neuron.tile<128x6xf32, sbuf>, !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.bn_aggr %{{.*}}, %{{.*}} : <128x2xf32, sbuf>, <128x6xf32, sbuf>
  neuron.bn_aggr %mv2, %stats : !neuron.tile<128x2xf32, sbuf>, !neuron.tile<128x6xf32, sbuf>
  // CHECK: %[[W:.*]] = neuron.slice %{{.*}}[128] : <128x512xf32, sbuf> -> <128x300xf32, sbuf>
  %w = neuron.slice %t[128] : !neuron.tile<128x512xf32, sbuf> -> !neuron.tile<128x300xf32, sbuf>
  // CHECK: neuron.bn_stats %{{.*}}, %[[W]] : <128x6xf32, sbuf>, <128x300xf32, sbuf>
  neuron.bn_stats %stats, %w : !neuron.tile<128x6xf32, sbuf>, !neuron.tile<128x300xf32, sbuf>
  // CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} bounds_check : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
  neuron.dma_copy %X[%p, %c0], %t bounds_check : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} bounds_check accumulate : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
  neuron.dma_copy %X[%p, %c0], %t bounds_check accumulate : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
  // CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} bounds_check where %{{.*}} channel -1 step 0 gt : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
  neuron.dma_copy %X[%p, %c0], %t bounds_check where %p channel -1 step 0 gt : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
  tile.return
}

// PSUM tiles whose lives do not overlap share the banks: nine tiles of a
// bank each, one live at a time.
// CHECK-LABEL: tile.func @psum_one_at_a_time
tile.func @psum_one_at_a_time() grid [parallel] {
  %o = neuron.alloc : !neuron.tile<128x512xf32, sbuf>
  %p0 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p0, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p0 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p1 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p1, 1.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p1 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p2 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p2, 2.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p2 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p3 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p3, 3.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p3 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p4 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p4, 4.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p4 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p5 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p5, 5.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p5 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p6 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p6, 6.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p6 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p7 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p7, 7.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p7 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  %p8 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  neuron.memset %p8, 8.0 : !neuron.tile<128x512xf32, psum>
  neuron.tensor_copy %o, %p8 : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x512xf32, psum>
  tile.return
}
