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
func.func @main(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %bias: memref<?xf32>, %c: memref<?x?xf32>, %gm: index, %gn: index) {
  tile.launch @gemm grid [%gm, %gn] (%a, %b, %bias, %c) : memref<?x?xbf16>, memref<?x?xbf16>, memref<?xf32>, memref<?x?xf32>
  return
}
