// An fp8 (E4M3 FNUZ) GEMM with f32 accumulation, ragged in M, N and K:
// 16x16x32 MFMAs on gfx942 (a 32x32 block on four waves), eight fp8
// values of A and B per lane.
tile.func @fp8(%a: memref<48x40xf8E4M3FNUZ>, %b: memref<40x48xf8E4M3FNUZ>, %c: memref<48x48xf32>) grid [parallel, parallel] {
  %p = tile.program_id 0 : index
  %q = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<48x40xf8E4M3FNUZ> -> !tile.view<48x40xf8E4M3FNUZ>
  %vb = tile.view %b : memref<40x48xf8E4M3FNUZ> -> !tile.view<40x48xf8E4M3FNUZ>
  %vc = tile.view %c : memref<48x48xf32> -> !tile.view<48x48xf32>
  %x = tile.load %va[%p, %c0] pad zero : !tile.view<48x40xf8E4M3FNUZ> -> tensor<32x64xf8E4M3FNUZ>
  %y = tile.load %vb[%c0, %q] pad zero : !tile.view<40x48xf8E4M3FNUZ> -> tensor<64x32xf8E4M3FNUZ>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %x, %y, %z : tensor<32x64xf8E4M3FNUZ>, tensor<64x32xf8E4M3FNUZ> -> tensor<32x32xf32>
  tile.store %d, %vc[%p, %q] bounds_check : tensor<32x32xf32>, !tile.view<48x48xf32>
  tile.return
}
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %a = memref.alloc() : memref<48x40xf8E4M3FNUZ>
  %b = memref.alloc() : memref<40x48xf8E4M3FNUZ>
  %c = memref.alloc() : memref<48x48xf32>
  scf.for %i = %c0 to %c48 step %c1 {
    scf.for %j = %c0 to %c40 step %c1 {
      %s = arith.addi %i, %j : index
      %m = arith.remui %s, %c40 : index
      %t = arith.index_cast %m : index to i32
      %f = arith.sitofp %t : i32 to f32
      %g = arith.constant 0.125 : f32
      %h = arith.mulf %f, %g : f32
      %e = arith.truncf %h : f32 to f8E4M3FNUZ
      memref.store %e, %a[%i, %j] : memref<48x40xf8E4M3FNUZ>
      %k = arith.subf %g, %h : f32
      %e2 = arith.truncf %k : f32 to f8E4M3FNUZ
      memref.store %e2, %b[%j, %i] : memref<40x48xf8E4M3FNUZ>
    }
  }
  tile.launch @fp8 grid [%c2, %c2] (%a, %b, %c) : memref<48x40xf8E4M3FNUZ>, memref<40x48xf8E4M3FNUZ>, memref<48x48xf32>
  %u = memref.cast %c : memref<48x48xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
