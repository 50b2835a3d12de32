// SIGNATURE: hang in tile-to-amdgpu,remove-dead-values,strata-cpu-pipeline
// PIPELINE: builtin.module(tile-to-amdgpu,remove-dead-values,strata-cpu-pipeline)


tile.func @psum(%a: memref<?x?xf32>, %c: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 255 : index
  %c4 = arith.constant 4 : index
  %f0 = arith.constant 0.0 : f32
  %z = tile.splat %f0 : f32 -> tensor<256x2048xf32>
  %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc_i = %z) -> (tensor<256x2048xf32>) {
    %x = tile.load %A[%c0, %k] pad zero : !tile.view<?x?xf32> -> tensor<256x128xf32>
    %y = tile.load %A[%k, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x2048xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<256x128xf32>, tensor<128x2048xf32> -> tensor<256x2048xf32>
    scf.yield %d : tensor<256x2048xf32>
  }
  tile.store %acc, %C[%c0, %c0] bounds_check : tensor<256x2048xf32>, !tile.view<?x?xf32>
  tile.return
}

