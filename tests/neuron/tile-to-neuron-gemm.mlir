// RUN: strata-opt --tile-to-neuron=chip=trn2 --canonicalize --cse %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// A bf16 GEMM with a bias and relu epilogue: the accumulator lives in PSUM
// for the whole k loop, which becomes an affine_range (its only dependence
// is the accumulation); the stationary operand is the transpose of the A
// block, made on the tensor engine; the bias row reaches the 128
// partitions as ones·row on the tensor engine; relu runs on the scalar
// engine (--canonicalize turns max(x, 0) into it). The PSUM tiles that
// transposes and the broadcast use for one instruction, copied out at
// once, are allocated just before it: they are live for two
// instructions.

// CHECK-LABEL: tile.func @gemm
// CHECK-SAME: attributes {neuron.chip = "trn2"}
// CHECK: %[[ACC:.*]] = neuron.alloc : <128x128xf32, psum>
// CHECK: neuron.memset %[[ACC]], 0.000000e+00
// CHECK: neuron.affine_range
// CHECK:   %[[A:.*]] = neuron.alloc : <128x64xbf16, sbuf>
// CHECK:   neuron.memset %[[A]], 0.000000e+00
// CHECK:   neuron.dma_copy %[[A]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x64xbf16, sbuf>, !tile.view<?x?xbf16>
// CHECK:   %[[B:.*]] = neuron.alloc : <64x128xbf16, sbuf>
// CHECK:   neuron.dma_copy %[[B]]
// CHECK:   %[[AT:.*]] = neuron.alloc : <64x128xbf16, psum>
// CHECK:   neuron.nc_transpose %[[AT]], %[[A]] : <64x128xbf16, psum>, <128x64xbf16, sbuf>
// CHECK:   %[[ATS:.*]] = neuron.alloc : <64x128xbf16, sbuf>
// CHECK:   neuron.tensor_copy %[[ATS]], %[[AT]]
// CHECK:   neuron.nc_matmul %[[ACC]], %[[ATS]], %[[B]] : <128x128xf32, psum>, <64x128xbf16, sbuf>, <64x128xbf16, sbuf>
// CHECK: }
// CHECK: %[[BIAS:.*]] = neuron.alloc : <1x128xf32, sbuf>
// CHECK: neuron.dma_copy %[[BIAS]], %{{.*}}[%{{.*}}] bounds_check : !neuron.tile<1x128xf32, sbuf>, !tile.view<?xf32>
// CHECK: %[[ONES:.*]] = neuron.alloc : <1x128xf32, sbuf>
// CHECK: neuron.memset %[[ONES]], 1.000000e+00
// CHECK: %[[BC:.*]] = neuron.alloc : <128x128xf32, psum>
// CHECK: neuron.nc_matmul %[[BC]], %[[ONES]], %[[BIAS]] : <128x128xf32, psum>, <1x128xf32, sbuf>, <1x128xf32, sbuf>
// CHECK: neuron.tensor_tensor add %{{.*}}, %[[ACC]], %{{.*}} : <128x128xf32, sbuf>, <128x128xf32, psum>, <128x128xf32, sbuf>
// CHECK: neuron.activation relu %[[R:.*]], %{{.*}} :
// CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[R]] bounds_check : !tile.view<?x?xf32>, !neuron.tile<128x128xf32, sbuf>
// CHECK-NOT: tile.dot
// CHECK-NOT: tile.load
tile.func @gemm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %bias: memref<?xf32>, %c: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %B = tile.view %b : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %Bias = tile.view %bias : memref<?xf32> -> !tile.view<?xf32>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 64 : !tile.view<?x?xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xbf16> -> tensor<128x64xbf16>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xbf16> -> tensor<64x128xbf16>
    %d = tile.dot %x, %y, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %bv = tile.load %Bias[%pn] pad zero : !tile.view<?xf32> -> tensor<128xf32>
  %be = tile.expand_dims %bv dim 0 : tensor<128xf32> -> tensor<1x128xf32>
  %bb = tile.broadcast %be : tensor<1x128xf32> -> tensor<128x128xf32>
  %s = arith.addf %acc, %bb : tensor<128x128xf32>
  %r = arith.maximumf %s, %zero : tensor<128x128xf32>
  tile.store %r, %C[%pm, %pn] bounds_check : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}
