// RUN: strata-opt --split-input-file --tile-to-neuron=chip=trn1 %s | FileCheck %s
// RUN: strata-opt --split-input-file --tile-to-neuron=chip=trn1 %s | FileCheck %s --check-prefix=TP
// NO-DIFF: tile and neuron are Strata's own dialects.

// Tiles larger than one NeuronCore instruction takes are re-blocked into
// partition tiles: rows in pieces of 128 partitions, a dot's contraction
// in pieces of 128, its columns in moving pieces of 512 (one PSUM bank of
// f32), accumulating over K in PSUM.

// A 256x1024x384 GEMM block: 2x2 accumulators of 128x512 in PSUM, each
// the sum of three matmuls over 128-row pieces of K, the stationary
// pieces transposed on the tensor engine once each (not once per
// column piece).
// CHECK-LABEL: tile.func @gemm
// CHECK-COUNT-4: neuron.alloc : <128x512xf32, psum>
// CHECK: neuron.affine_range
// CHECK-COUNT-6: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x128xf32, sbuf>
// CHECK-COUNT-6: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x512xf32, sbuf>
// CHECK-COUNT-12: neuron.nc_matmul %{{.*}}, %{{.*}}, %{{.*}} : <128x512xf32, psum>, <128x128xf32, sbuf>, <128x512xf32, sbuf>
// CHECK-NOT: nc_matmul
// CHECK-COUNT-4: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} bounds_check : !tile.view<?x?xf32>, !neuron.tile<128x512xf32, sbuf>
// TP-LABEL: tile.func @gemm
// TP-COUNT-6: neuron.nc_transpose %{{.*}}, %{{.*}} : <128x128xf32, psum>, <128x128xf32, sbuf>
// TP-NOT: neuron.nc_transpose
// TP-LABEL: tile.func @rowmax
tile.func @gemm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<?x?xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 384 : !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<256x1024xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<256x1024xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xf32> -> tensor<256x384xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xf32> -> tensor<384x1024xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<256x384xf32>, tensor<384x1024xf32> -> tensor<256x1024xf32>
    scf.yield %d : tensor<256x1024xf32>
  }
  tile.store %acc, %C[%pm, %pn] bounds_check : tensor<256x1024xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A row kernel of 256 rows: two pieces of 128 partitions, each with its
// whole rows, so the reduction along the free axis is not split.
// CHECK-LABEL: tile.func @rowmax
// CHECK-COUNT-2: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x1024xf32, sbuf>
// CHECK-COUNT-2: neuron.tensor_reduce maximum %{{.*}}, %{{.*}} : <128x1xf32, sbuf>, <128x1024xf32, sbuf>
// CHECK: neuron.dma_copy %{{.*}}[%{{.*}}], %{{.*}} bounds_check : !tile.view<?xf32>, !neuron.tile<1x128xf32, sbuf>
// CHECK: neuron.dma_copy %{{.*}}[%{{.*}}], %{{.*}} bounds_check : !tile.view<?xf32>, !neuron.tile<1x128xf32, sbuf>
tile.func @rowmax(%a: memref<?x?xf32>, %o: memref<?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %O = tile.view %o : memref<?xf32> -> !tile.view<?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%p, %c0] pad zero : !tile.view<?x?xf32> -> tensor<256x1024xf32>
  %m = tile.reduce max %x dim 1 : tensor<256x1024xf32> -> tensor<256xf32>
  tile.store %m, %O[%p] bounds_check : tensor<256xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// A transpose to 256 partitions: two transposes of 128-column pieces.
// CHECK-LABEL: tile.func @transpose
// CHECK-COUNT-2: neuron.nc_transpose %{{.*}}, %{{.*}} : <128x64xf32, psum>, <64x128xf32, sbuf>
tile.func @transpose(%a: memref<?x?xf32>, %b: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<64x256xf32>
  %t = tile.transpose %x [1, 0] : tensor<64x256xf32> -> tensor<256x64xf32>
  tile.store %t, %B[%c0, %c0] bounds_check : tensor<256x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A reduction along a cut dimension: the 1024 columns of a dot are two
// moving pieces of 512, each reduced, the partial results combined (the
// maximum exactly, the sum reassociated).
// CHECK-LABEL: tile.func @cutrows
// CHECK-COUNT-2: neuron.nc_matmul %{{.*}}, %{{.*}}, %{{.*}} : <128x512xf32, psum>
// CHECK-COUNT-2: neuron.tensor_reduce maximum %{{.*}}, %{{.*}} : <128x1xf32, sbuf>, <128x512xf32, {{.*}}>
// CHECK: neuron.tensor_tensor maximum %{{.*}}, %{{.*}}, %{{.*}} : <128x1xf32, sbuf>
// CHECK-COUNT-2: neuron.tensor_reduce add %{{.*}}, %{{.*}} : <128x1xf32, sbuf>, <128x512xf32, sbuf>
// CHECK: neuron.tensor_tensor add %{{.*}}, %{{.*}}, %{{.*}} : <128x1xf32, sbuf>
tile.func @cutrows(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %o: memref<?xf32>, %o2: memref<?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<?x?xf32> -> !tile.view<?x?xf32>
  %O = tile.view %o : memref<?xf32> -> !tile.view<?xf32>
  %O2 = tile.view %o2 : memref<?xf32> -> !tile.view<?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%p, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x64xf32>
  %y = tile.load %B[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<64x1024xf32>
  %z = arith.constant dense<0.0> : tensor<128x1024xf32>
  %s = tile.dot %x, %y, %z : tensor<128x64xf32>, tensor<64x1024xf32> -> tensor<128x1024xf32>
  %m = tile.reduce max %s dim 1 : tensor<128x1024xf32> -> tensor<128xf32>
  %e = tile.expand_dims %m dim 1 : tensor<128xf32> -> tensor<128x1xf32>
  %eb = tile.broadcast %e : tensor<128x1xf32> -> tensor<128x1024xf32>
  %d = arith.subf %s, %eb : tensor<128x1024xf32>
  %ex = math.exp %d : tensor<128x1024xf32>
  %sum = tile.reduce sum %ex dim 1 : tensor<128x1024xf32> -> tensor<128xf32>
  tile.store %m, %O[%p] bounds_check : tensor<128xf32>, !tile.view<?xf32>
  tile.store %sum, %O2[%p] bounds_check : tensor<128xf32>, !tile.view<?xf32>
  tile.return
}
