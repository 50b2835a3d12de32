// RUN: strata-opt --convert-scf-to-cf --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts %s | FileCheck %s

// The CPU lowering of a program on memrefs: loops over a strided view,
// an aligned dynamic allocation passed to a function and to
// printMemrefF32 as an unranked memref.

// CHECK-LABEL: llvm.func @fill(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: f32)
// CHECK: llvm.intr.sqrt
// CHECK-LABEL: llvm.func @main()
// CHECK: llvm.call @malloc
// CHECK: llvm.call @fill
// CHECK: llvm.call @printMemrefF32(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr) -> ()
// CHECK: llvm.call @free
func.func private @printMemrefF32(memref<*xf32>)
func.func @fill(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
      %x = math.sqrt %v : f32
      memref.store %x, %m[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    }
  }
  return
}
func.func @main() {
  %c3 = arith.constant 3 : index
  %a = memref.alloc(%c3) {alignment = 64 : i64} : memref<?x4xf32>
  %s = memref.cast %a : memref<?x4xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %v = arith.constant 4.0 : f32
  call @fill(%s, %v) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
  %u = memref.cast %a : memref<?x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<?x4xf32>
  return
}
