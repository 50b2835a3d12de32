// C = A * B for 128x128 f32 matrices by a kernel at the gpu level: 8x8
// blocks of 16x16 threads, each block computing a 16x16 tile of C from
// 16x16 tiles of A and B staged in shared memory (workgroup attributions)
// between barriers. The result is compared with linalg.matmul on the host.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @gemm(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>)
        workgroup(%As : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %Bs : memref<16x16xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %r0 = arith.muli %by, %c16 : index
      %row = arith.addi %r0, %ty : index
      %c0x = arith.muli %bx, %c16 : index
      %col = arith.addi %c0x, %tx : index
      %zero = arith.constant 0.0 : f32
      %acc = scf.for %k0 = %c0 to %c128 step %c16 iter_args(%acc0 = %zero) -> (f32) {
        %ka = arith.addi %k0, %tx : index
        %a = memref.load %A[%row, %ka] : memref<128x128xf32>
        memref.store %a, %As[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %kb = arith.addi %k0, %ty : index
        %b = memref.load %B[%kb, %col] : memref<128x128xf32>
        memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %acc0) -> (f32) {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %Bs[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %x, %y : f32
          %s2 = arith.addf %s, %p : f32
          scf.yield %s2 : f32
        }
        gpu.barrier
        scf.yield %sum : f32
      }
      memref.store %acc, %C[%row, %col] : memref<128x128xf32>
      gpu.return
    }
  }
  // The launch alone (the benchmark's entry).
  func.func @gemm(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @k::@gemm blocks in (%c8, %c8, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<128x128xf32>, %B : memref<128x128xf32>, %C : memref<128x128xf32>)
    return
  }
  func.func @main() {
    %A = memref.alloc() : memref<128x128xf32>
    %B = memref.alloc() : memref<128x128xf32>
    %C = memref.alloc() : memref<128x128xf32>
    %R = memref.alloc() : memref<128x128xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    // Small integers, so that every sum is exact in f32.
    scf.for %i = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c128 step %c1 {
        %s = arith.addi %i, %j : index
        %a = arith.remui %s, %c7 : index
        %p = arith.muli %i, %c5 : index
        %q = arith.addi %p, %j : index
        %b = arith.remui %q, %c5 : index
        %ai = arith.index_cast %a : index to i32
        %bi = arith.index_cast %b : index to i32
        %af = arith.sitofp %ai : i32 to f32
        %bf = arith.sitofp %bi : i32 to f32
        memref.store %af, %A[%i, %j] : memref<128x128xf32>
        memref.store %bf, %B[%i, %j] : memref<128x128xf32>
      }
    }
    call @gemm(%A, %B, %C) : (memref<128x128xf32>, memref<128x128xf32>, memref<128x128xf32>) -> ()
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%R : memref<128x128xf32>)
    linalg.matmul ins(%A, %B : memref<128x128xf32>, memref<128x128xf32>) outs(%R : memref<128x128xf32>)
    // Count the elements that differ, and sum C.
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %c128 step %c1 iter_args(%n = %z, %t = %zero) -> (i32, f32) {
      %r2:2 = scf.for %j = %c0 to %c128 step %c1 iter_args(%n2 = %n, %t2 = %t) -> (i32, f32) {
        %x = memref.load %C[%i, %j] : memref<128x128xf32>
        %y = memref.load %R[%i, %j] : memref<128x128xf32>
        %ne = arith.cmpf une, %x, %y : f32
        %d = arith.select %ne, %one, %z : i32
        %n3 = arith.addi %n2, %d : i32
        %t3 = arith.addf %t2, %x : f32
        scf.yield %n3, %t3 : i32, f32
      }
      scf.yield %r2#0, %r2#1 : i32, f32
    }
    vector.print %r#0 : i32
    %row = memref.subview %C[0, 0] [1, 8] [1, 1] : memref<128x128xf32> to memref<1x8xf32, strided<[128, 1]>>
    %u = memref.cast %row : memref<1x8xf32, strided<[128, 1]>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
// No element differs from linalg.matmul's.
// CHECK: 0
// Row 0: C[0][j] = sum_k (k mod 7) * ((5k + j) mod 5) = sum_k (k mod 7) * (j mod 5)
// = (j mod 5) * (18 * 21 + (0+1)) = 379 * (j mod 5): 128 = 18*7 + 2, so
// k mod 7 sums to 18 * 21 + 0 + 1.
// CHECK: {{\[\[}}0, 379, 758, 1137, 1516, 0, 379, 758]]
