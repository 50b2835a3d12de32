// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The neuron dialect's hardware rules, each a located error.

tile.func @partitions() grid [parallel] {
  // expected-error @below {{'neuron.alloc' op tile of shape 256x64 has 256 partitions, over trn1's limit of 128}}
  %t = neuron.alloc : !neuron.tile<256x64xf32, sbuf>
  tile.return
}

// -----

tile.func @rank() grid [parallel] {
  // expected-error @below {{'neuron.alloc' op a tile has a partition and a free dimension, but !neuron.tile<128xf32, sbuf> has rank 1}}
  %t = neuron.alloc : !neuron.tile<128xf32, sbuf>
  tile.return
}

// -----

tile.func @psum_bank() grid [parallel] {
  // expected-error @below {{'neuron.alloc' op PSUM tile of 1024 f32 per partition needs 4096 bytes, over a PSUM bank of 2048 on trn1}}
  %t = neuron.alloc : !neuron.tile<128x1024xf32, psum>
  tile.return
}

// -----

tile.func @psum_banks() grid [parallel] {
  %t0 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %t1 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %t2 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %t3 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %t4 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %t5 = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %t6 = neuron.alloc : !neuron.tile<128x256xf32, psum>
  %t7 = neuron.alloc : !neuron.tile<128x1xf32, psum>
  // expected-error @below {{'neuron.alloc' op the kernel's PSUM tiles need 9 banks per partition, over the 8 of trn1}}
  %t8 = neuron.alloc : !neuron.tile<128x1xf32, psum>
  neuron.memset %t0, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.memset %t1, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.memset %t2, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.memset %t3, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.memset %t4, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.memset %t5, 0.0 : !neuron.tile<128x512xf32, psum>
  neuron.memset %t6, 0.0 : !neuron.tile<128x256xf32, psum>
  neuron.memset %t7, 0.0 : !neuron.tile<128x1xf32, psum>
  neuron.memset %t8, 0.0 : !neuron.tile<128x1xf32, psum>
  tile.return
}

// -----

// A tile used in a loop that does not allocate it is live through the
// whole loop: here with the eight allocated in the loop's body.
tile.func @psum_live_through_loop() grid [parallel] {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc = neuron.alloc : !neuron.tile<128x8xf32, psum>
  neuron.sequential_range %k = %c0 to %c4 step %c1 {
    %t0 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    %t1 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    %t2 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    %t3 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    %t4 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    %t5 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    %t6 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    // expected-error @below {{'neuron.alloc' op the kernel's PSUM tiles need 9 banks per partition, over the 8 of trn1}}
    %t7 = neuron.alloc : !neuron.tile<128x512xf32, psum>
    neuron.memset %t0, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t1, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t2, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t3, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t4, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t5, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t6, 0.0 : !neuron.tile<128x512xf32, psum>
    neuron.memset %t7, 0.0 : !neuron.tile<128x512xf32, psum>
  }
  %s = neuron.slice %acc[4] : !neuron.tile<128x8xf32, psum> -> !neuron.tile<128x4xf32, psum>
  neuron.memset %s, 0.0 : !neuron.tile<128x4xf32, psum>
  tile.return
}

// -----

tile.func @sbuf_trn1() grid [parallel] {
  %a = neuron.alloc : !neuron.tile<128x32768xf32, sbuf>
  %b = neuron.alloc : !neuron.tile<128x16384xf32, sbuf>
  // expected-error @below {{'neuron.alloc' op the kernel's SBUF tiles need 196612 bytes per partition, over the 196608 of trn1}}
  %c = neuron.alloc : !neuron.tile<128x1xf32, sbuf>
  tile.return
}

// -----

// trn2 has 224 KiB per partition: the same tiles fit.
tile.func @sbuf_trn2() grid [parallel] attributes {neuron.chip = "trn2"} {
  %a = neuron.alloc : !neuron.tile<128x32768xf32, sbuf>
  %b = neuron.alloc : !neuron.tile<128x16384xf32, sbuf>
  %c = neuron.alloc : !neuron.tile<128x1xf32, sbuf>
  %d = neuron.alloc : !neuron.tile<128x8191xf32, sbuf>
  // expected-error @below {{'neuron.alloc' op the kernel's SBUF tiles need 229380 bytes per partition, over the 229376 of trn2}}
  %e = neuron.alloc : !neuron.tile<128x1xf32, sbuf>
  tile.return
}

// -----

tile.func @matmul_stationary_free() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x256xbf16, sbuf>
  %m = neuron.alloc : !neuron.tile<128x512xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op stationary free size 256 is over trn1's limit of 128}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x256xbf16, sbuf>, !neuron.tile<128x512xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_moving_free() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x128xbf16, sbuf>
  %m = neuron.alloc : !neuron.tile<128x1024xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op moving free size 1024 is over trn1's limit of 512}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<128x1024xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_contraction() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x128xbf16, sbuf>
  %m = neuron.alloc : !neuron.tile<64x512xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op the contraction dimension is the partition dimension of both operands, but the stationary operand has 128 partitions and the moving 64}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<64x512xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_inputs_sbuf() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x128xf32, psum>
  %m = neuron.alloc : !neuron.tile<128x512xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op the stationary and moving operands must be in SBUF}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x128xf32, psum>, !neuron.tile<128x512xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_output_psum() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, sbuf>
  %s = neuron.alloc : !neuron.tile<128x128xbf16, sbuf>
  %m = neuron.alloc : !neuron.tile<128x512xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op the destination must be in PSUM}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, sbuf>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<128x512xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_f32_accumulation() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xbf16, psum>
  %s = neuron.alloc : !neuron.tile<128x128xbf16, sbuf>
  %m = neuron.alloc : !neuron.tile<128x512xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op the tensor engine accumulates in f32, but the destination holds bf16}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xbf16, psum>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<128x512xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_shape() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x256xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x128xbf16, sbuf>
  %m = neuron.alloc : !neuron.tile<128x512xbf16, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op the destination must be 128x512 (stationary free x moving free), but is 128x256}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x256xf32, psum>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<128x512xbf16, sbuf>
  tile.return
}

// -----

tile.func @matmul_fp8_trn1() grid [parallel] {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x128xf8E4M3FN, sbuf>
  %m = neuron.alloc : !neuron.tile<128x512xf8E4M3FN, sbuf>
  // expected-error @below {{'neuron.nc_matmul' op the tensor engine of trn1 does not take f8E4M3FN inputs}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x128xf8E4M3FN, sbuf>, !neuron.tile<128x512xf8E4M3FN, sbuf>
  tile.return
}

// -----

// trn2 takes fp8.
tile.func @matmul_fp8_trn2() grid [parallel] attributes {neuron.chip = "trn2"} {
  %acc = neuron.alloc : !neuron.tile<128x512xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x128xf8E4M3FN, sbuf>
  %m = neuron.alloc : !neuron.tile<128x512xf8E4M3FN, sbuf>
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<128x512xf32, psum>, !neuron.tile<128x128xf8E4M3FN, sbuf>, !neuron.tile<128x512xf8E4M3FN, sbuf>
  tile.return
}

// -----

tile.func @transpose_spaces() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<64x128xf32, sbuf>
  %s = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.nc_transpose' op the tensor engine transposes from SBUF into PSUM}}
  neuron.nc_transpose %d, %s : !neuron.tile<64x128xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @transpose_shape() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<64x64xf32, psum>
  %s = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.nc_transpose' op the destination must be 64x128, but is 64x64}}
  neuron.nc_transpose %d, %s : !neuron.tile<64x64xf32, psum>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @scalar_type() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<4x4xf32, sbuf>
  %v = arith.constant 1.0 : f16
  // expected-error @below {{'neuron.tensor_scalar' op operand #2 must be neuron tile or 32-bit float, but got 'f16'}}
  neuron.tensor_scalar multiply %d, %d, %v : !neuron.tile<4x4xf32, sbuf>, !neuron.tile<4x4xf32, sbuf>, f16
  tile.return
}

// -----

tile.func @partitions_lc2() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<64x128xf32, sbuf>
  %s = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.tensor_copy' op the source has 128 partitions but the destination 64: this instruction works partition by partition (its parallel axis is the partition dimension)}}
  neuron.tensor_copy %d, %s : !neuron.tile<64x128xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @activation_bias() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  %b = neuron.alloc : !neuron.tile<128x2xf32, sbuf>
  // expected-error @below {{'neuron.activation' op the bias must hold one value per partition (a 128x1 tile), but has shape 128x2}}
  neuron.activation exp %d, %d bias %b : !neuron.tile<128x64xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>, !neuron.tile<128x2xf32, sbuf>
  tile.return
}

// -----

tile.func @activation_reduce_partitions() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  %r = neuron.alloc : !neuron.tile<64x1xf32, sbuf>
  // expected-error @below {{'neuron.activation_reduce' op the reduce result has 64 partitions but the destination 128}}
  neuron.activation_reduce exp %d, %r, %d : !neuron.tile<128x64xf32, sbuf>, !neuron.tile<64x1xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @tensor_tensor_psum() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  %a = neuron.alloc : !neuron.tile<128x64xf32, psum>
  %b = neuron.alloc : !neuron.tile<128x64xf32, psum>
  // expected-error @below {{'neuron.tensor_tensor' op the two inputs cannot both be in PSUM}}
  neuron.tensor_tensor add %d, %a, %b : !neuron.tile<128x64xf32, sbuf>, !neuron.tile<128x64xf32, psum>, !neuron.tile<128x64xf32, psum>
  tile.return
}

// -----

tile.func @tensor_scalar_operand() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.tensor_scalar' op takes either a scalar (a tile or a run-time f32) or an immediate}}
  neuron.tensor_scalar add %d, %d : !neuron.tile<128x64xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @tensor_reduce_column() grid [parallel] {
  %d = neuron.alloc : !neuron.tile<128x2xf32, sbuf>
  %x = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.tensor_reduce' op the destination must hold one value per partition (a 128x1 tile), but has shape 128x2}}
  neuron.tensor_reduce add %d, %x : !neuron.tile<128x2xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @dma_psum(%m: memref<?x?xf32>) grid [parallel] {
  %V = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %t = neuron.alloc : !neuron.tile<128x64xf32, psum>
  // expected-error @below {{'neuron.dma_copy' op DMA reaches device memory and SBUF only, not PSUM}}
  neuron.dma_copy %t, %V[%c0, %c0] : !neuron.tile<128x64xf32, psum>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @dma_cast(%m: memref<?x?xf32>) grid [parallel] {
  %V = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %t = neuron.alloc : !neuron.tile<128x64xbf16, sbuf>
  // expected-error @below {{'neuron.dma_copy' op DMA does not convert: the tile holds bf16, the view f32}}
  neuron.dma_copy %t, %V[%c0, %c0] : !neuron.tile<128x64xbf16, sbuf>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @dma_accumulate_load(%m: memref<?x?xf32>) grid [parallel] {
  %V = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %t = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.dma_copy' op accumulate adds into device memory: the destination must be the view}}
  neuron.dma_copy %t, %V[%c0, %c0] accumulate : !neuron.tile<128x64xf32, sbuf>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @dma_half_mask(%m: memref<?x?xf32>) grid [parallel] {
  %V = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %t = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.dma_copy' op a mask needs its base, comparison, channel multiplier and step together}}
  "neuron.dma_copy"(%V, %t, %c0, %c0, %c0) <{mask_step = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1>}> : (!tile.view<?x?xf32>, !neuron.tile<128x64xf32, sbuf>, index, index, index) -> ()
  tile.return
}

// -----

tile.func @dma_two_tiles() grid [parallel] {
  %t = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.dma_copy' op copies between a tile and a !tile.view: exactly one operand must be a tile}}
  neuron.dma_copy %t, %t : !neuron.tile<128x64xf32, sbuf>, !neuron.tile<128x64xf32, sbuf>
  tile.return
}

// -----

tile.func @bn_stats_free() grid [parallel] {
  %s = neuron.alloc : !neuron.tile<128x6xf32, sbuf>
  %x = neuron.alloc : !neuron.tile<128x1024xf32, sbuf>
  // expected-error @below {{'neuron.bn_stats' op bn_stats reads at most 512 elements per partition on trn1, but the data has 1024}}
  neuron.bn_stats %s, %x : !neuron.tile<128x6xf32, sbuf>, !neuron.tile<128x1024xf32, sbuf>
  tile.return
}

// -----

tile.func @bn_aggr_width() grid [parallel] {
  %s = neuron.alloc : !neuron.tile<128x12xf32, sbuf>
  %m = neuron.alloc : !neuron.tile<128x3xf32, sbuf>
  // expected-error @below {{'neuron.bn_aggr' op the destination must be a Px2 tile of f32 (mean, variance)}}
  neuron.bn_aggr %m, %s : !neuron.tile<128x3xf32, sbuf>, !neuron.tile<128x12xf32, sbuf>
  tile.return
}

// -----

tile.func @bn_aggr_triples() grid [parallel] {
  %s = neuron.alloc : !neuron.tile<128x8xf32, sbuf>
  %m = neuron.alloc : !neuron.tile<128x2xf32, sbuf>
  // expected-error @below {{'neuron.bn_aggr' op the data must be bn_stats results, (count, mean, M2) triples, but has 8 columns}}
  neuron.bn_aggr %m, %s : !neuron.tile<128x2xf32, sbuf>, !neuron.tile<128x8xf32, sbuf>
  tile.return
}

// -----

tile.func @slice_outside() grid [parallel] {
  %t = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.slice' op columns 60 to 68 are outside the source's 64}}
  %s = neuron.slice %t[60] : !neuron.tile<128x64xf32, sbuf> -> !neuron.tile<128x8xf32, sbuf>
  tile.return
}

// -----

tile.func @slice_partitions() grid [parallel] {
  %t = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.slice' op the result must be the source's partitions, element type and buffer, but !neuron.tile<64x8xf32, sbuf> is not a window of !neuron.tile<128x64xf32, sbuf>}}
  %s = neuron.slice %t[0] : !neuron.tile<128x64xf32, sbuf> -> !neuron.tile<64x8xf32, sbuf>
  tile.return
}

// -----

tile.func @slice_buffer() grid [parallel] {
  %t = neuron.alloc : !neuron.tile<128x64xf32, sbuf>
  // expected-error @below {{'neuron.slice' op the result must be the source's partitions, element type and buffer, but !neuron.tile<128x8xf32, psum> is not a window of !neuron.tile<128x64xf32, sbuf>}}
  %s = neuron.slice %t[0] : !neuron.tile<128x64xf32, sbuf> -> !neuron.tile<128x8xf32, psum>
  tile.return
}

// -----

// Tiles that do not come from neuron.alloc obey the same rules.
func.func @argument_rank(%s: !neuron.tile<128x128xbf16, sbuf>, %m: !neuron.tile<128x512xbf16, sbuf>, %acc: !neuron.tile<512xf32, psum>) {
  // expected-error @below {{'neuron.nc_matmul' op a tile has a partition and a free dimension, but !neuron.tile<512xf32, psum> has rank 1}}
  neuron.nc_matmul %acc, %s, %m : !neuron.tile<512xf32, psum>, !neuron.tile<128x128xbf16, sbuf>, !neuron.tile<128x512xbf16, sbuf>
  return
}

// -----

func.func @argument_partitions(%t: !neuron.tile<256x4xf32, sbuf>) {
  // expected-error @below {{'neuron.memset' op tile of shape 256x4 has 256 partitions, over trn1's limit of 128}}
  neuron.memset %t, 0.0 : !neuron.tile<256x4xf32, sbuf>
  return
}

// -----

func.func @argument_dynamic(%t: !neuron.tile<?x4xf32, sbuf>) {
  // expected-error @below {{'neuron.memset' op a tile's dimensions must be positive and static, not !neuron.tile<?x4xf32, sbuf>}}
  neuron.memset %t, 0.0 : !neuron.tile<?x4xf32, sbuf>
  return
}

// -----

tile.func @affine_select_psum() grid [parallel] {
  %c0 = arith.constant 0 : index
  %s = neuron.alloc : !neuron.tile<128x128xf32, psum>
  %t = neuron.alloc : !neuron.tile<128x128xf32, sbuf>
  // expected-error @below {{'neuron.affine_select' op affine_select runs on the GpSimd engine: the destination and the data must be in SBUF}}
  neuron.affine_select %t, %s where %c0 channel 1 step -1 ge else 0xFFF0000000000000 : !neuron.tile<128x128xf32, sbuf>, !neuron.tile<128x128xf32, psum>
  tile.return
}
