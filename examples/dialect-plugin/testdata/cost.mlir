// toy-strata opt --toy-annotate-cost: each operation with a CostModel
// (the toy operations, and memref.copy through the model the toy dialect
// attaches to it) gets its cycles, the module the sum.

// CHECK: module attributes {toy.total_cycles = 101 : i64}
// CHECK-LABEL: func.func @stage
func.func @stage(%src: memref<64xf32>, %buf: memref<64xf32, #toy.sram>, %other: memref<64xf32>) {
  // CHECK: toy.copy_async %arg0, %arg1 {toy.cycles = 4 : i64}
  %t0 = toy.copy_async %src, %buf : memref<64xf32>, memref<64xf32, #toy.sram>
  // CHECK: toy.wait %0 {toy.cycles = 1 : i64}
  toy.wait %t0
  // CHECK: memref.copy %arg0, %arg2 {toy.cycles = 32 : i64}
  memref.copy %src, %other : memref<64xf32> to memref<64xf32>
  %two = arith.constant 2.0 : f32
  // CHECK: toy.scale_buffer %arg2, %{{.*}} {toy.cycles = 64 : i64}
  toy.scale_buffer %other, %two : memref<64xf32>, f32
  // CHECK-NOT: arith.constant {{.*}}toy.cycles
  return
}
