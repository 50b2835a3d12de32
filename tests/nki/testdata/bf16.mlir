// bf16 on the NeuronCore: a ragged GEMM of bf16 inputs (7x10 times
// 10x13, blocks of 4x8 with K in blocks of 4) whose f32 accumulator is
// rounded to a bf16 output, and an elementwise kernel computing in f32
// that stores x*x + 0.3 in bf16. The inputs are sines, so the rounding to
// bf16 decides the low bits of every output; the executor must round as
// the interpreter does, bit for bit.
tile.func @gemm(%a: memref<7x10xbf16>, %b: memref<10x13xbf16>, %c: memref<7x13xbf16>) grid [parallel, parallel] {
  %A = tile.view %a : memref<7x10xbf16> -> !tile.view<?x?xbf16>
  %B = tile.view %b : memref<10x13xbf16> -> !tile.view<?x?xbf16>
  %C = tile.view %c : memref<7x13xbf16> -> !tile.view<?x?xbf16>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 4 : !tile.view<?x?xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<4x8xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<4x8xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xbf16> -> tensor<4x4xbf16>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xbf16> -> tensor<4x8xbf16>
    %d = tile.dot %x, %y, %acc_i : tensor<4x4xbf16>, tensor<4x8xbf16> -> tensor<4x8xf32>
    scf.yield %d : tensor<4x8xf32>
  }
  %h = tile.cast %acc : tensor<4x8xf32> -> tensor<4x8xbf16>
  tile.store %h, %C[%pm, %pn] bounds_check : tensor<4x8xbf16>, !tile.view<?x?xbf16>
  tile.return
}

tile.func @square(%x: memref<7x13xf32>, %y: memref<7x13xbf16>) grid [parallel] {
  %X = tile.view %x : memref<7x13xf32> -> !tile.view<?x?xf32>
  %Y = tile.view %y : memref<7x13xbf16> -> !tile.view<?x?xbf16>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %t = tile.load %X[%p, %c0] pad zero : !tile.view<?x?xf32> -> tensor<4x16xf32>
  %s = arith.mulf %t, %t : tensor<4x16xf32>
  %q = arith.constant dense<0.3> : tensor<4x16xf32>
  %r = arith.addf %s, %q : tensor<4x16xf32>
  %h = tile.cast %r : tensor<4x16xf32> -> tensor<4x16xbf16>
  tile.store %h, %Y[%p, %c0] bounds_check : tensor<4x16xbf16>, !tile.view<?x?xbf16>
  tile.return
}

func.func @fill(%m: memref<?x?xbf16>, %mul: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %m, %c0 : memref<?x?xbf16>
  %n = memref.dim %m, %c1 : memref<?x?xbf16>
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = arith.muli %i, %n : index
      %u = arith.addi %t, %j : index
      %w = arith.index_cast %u : index to i64
      %f = arith.sitofp %w : i64 to f32
      %g = arith.mulf %f, %mul : f32
      %s = math.sin %g : f32
      %h = arith.truncf %s : f32 to bf16
      memref.store %h, %m[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<7x10xbf16>
  %b = memref.alloc() : memref<10x13xbf16>
  %c = memref.alloc() : memref<7x13xbf16>
  %y = memref.alloc() : memref<7x13xbf16>
  %x = memref.alloc() : memref<7x13xf32>
  %a2 = memref.cast %a : memref<7x10xbf16> to memref<?x?xbf16>
  %b2 = memref.cast %b : memref<10x13xbf16> to memref<?x?xbf16>
  %m1 = arith.constant 0.37 : f32
  %m2 = arith.constant 1.13 : f32
  call @fill(%a2, %m1) : (memref<?x?xbf16>, f32) -> ()
  call @fill(%b2, %m2) : (memref<?x?xbf16>, f32) -> ()
  %c2 = arith.constant 2 : index
  tile.launch @gemm grid [%c2, %c2] (%a, %b, %c) : memref<7x10xbf16>, memref<10x13xbf16>, memref<7x13xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c13 step %c1 {
      %v = memref.load %c[%i, %j] : memref<7x13xbf16>
      %f = arith.extf %v : bf16 to f32
      %g = arith.mulf %f, %m2 : f32
      memref.store %g, %x[%i, %j] : memref<7x13xf32>
    }
  }
  tile.launch @square grid [%c2] (%x, %y) : memref<7x13xf32>, memref<7x13xbf16>
  %yf = memref.alloc() : memref<7x13xf32>
  scf.for %i = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c13 step %c1 {
      %v = memref.load %y[%i, %j] : memref<7x13xbf16>
      %f = arith.extf %v : bf16 to f32
      memref.store %f, %yf[%i, %j] : memref<7x13xf32>
    }
  }
  %u = memref.cast %x : memref<7x13xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %w = memref.cast %yf : memref<7x13xf32> to memref<*xf32>
  call @printMemrefF32(%w) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
