// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// vector.transfer_read reads the buffer of its tensor; vector.transfer_write
// writes its destination's buffer in place, or a copy of it when the old
// contents are read afterwards or may not be written.

// CHECK-LABEL: func.func @read_arg
// CHECK: vector.transfer_read %arg0[%arg1, %arg1], %{{.*}} {in_bounds = [true]} : memref<?x8xf32, strided<[?, ?], offset: ?>>, vector<4xf32>
func.func @read_arg(%t: tensor<?x8xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%i, %i], %pad {in_bounds = [true]} : tensor<?x8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// CHECK-LABEL: func.func @write_in_place
// CHECK-NOT: memref.alloc
// CHECK: vector.transfer_write %arg1, %arg0[%arg2] : vector<4xf32>, memref<16xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %arg0
func.func @write_in_place(%t: tensor<16xf32>, %v: vector<4xf32>, %i: index) -> tensor<16xf32> {
  %w = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<16xf32>
  return %w : tensor<16xf32>
}

// CHECK-LABEL: func.func @write_then_read_old
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
// CHECK-NEXT: vector.transfer_write %arg1, %[[A]][%arg2]
// CHECK-NEXT: vector.transfer_read %arg0[%arg2]
func.func @write_then_read_old(%t: tensor<16xf32>, %v: vector<4xf32>, %i: index) -> (tensor<16xf32>, vector<4xf32>) {
  %pad = arith.constant 0.0 : f32
  %w = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<16xf32>
  %r = vector.transfer_read %t[%i], %pad : tensor<16xf32>, vector<4xf32>
  return %w, %r : tensor<16xf32>, vector<4xf32>
}

// The mask is kept; a write into a tensor.empty needs no copy.
// CHECK-LABEL: func.func @masked_into_empty
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: vector.transfer_write %arg0, %[[A]][%{{.*}}], %arg1 : vector<8xf32>, memref<8xf32>
// CHECK-NEXT: vector.transfer_read %[[A]]
func.func @masked_into_empty(%v: vector<8xf32>, %m: vector<8xi1>) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %w = vector.transfer_write %v, %e[%c0], %m : vector<8xf32>, tensor<8xf32>
  %r = vector.transfer_read %w[%c0], %pad : tensor<8xf32>, vector<8xf32>
  return %r : vector<8xf32>
}

// CHECK-LABEL: func.func @write_read_only
// CHECK: memref.copy %arg0, %[[A:.*]] :
// CHECK-NEXT: vector.transfer_write %arg1, %[[A]]
func.func @write_read_only(%t: tensor<16xf32> {bufferization.writable = false}, %v: vector<4xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%c0] : vector<4xf32>, tensor<16xf32>
  return %w : tensor<16xf32>
}
