// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// scf.forall writes the buffer of each shared output in place unless the
// init is read after the loop; the threads' tiles are views of it.

#tile = affine_map<(d0) -> (d0 * 8)>

// CHECK-LABEL: func.func @fill_tiles
// CHECK-NOT: memref.alloc
// CHECK: scf.forall (%{{.*}}) in (4) {
// CHECK: %[[S:.*]] = memref.subview %arg0[%{{.*}}] [8] [1]
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[S]] : memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: %[[D:.*]] = memref.subview %arg0[%{{.*}}] [8] [1]
// CHECK-NEXT: memref.copy %[[S]], %[[D]]
// CHECK: return %arg0
func.func @fill_tiles(%out: tensor<32xf32>, %f: f32) -> tensor<32xf32> {
  %r = scf.forall (%t) in (4) shared_outs(%o = %out) -> (tensor<32xf32>) {
    %off = affine.apply #tile(%t)
    %s = tensor.extract_slice %o[%off] [8] [1] : tensor<32xf32> to tensor<8xf32>
    %z = linalg.fill ins(%f : f32) outs(%s : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %z into %o[%off] [8] [1] : tensor<8xf32> into tensor<32xf32>
    }
  }
  return %r : tensor<32xf32>
}

// CHECK-LABEL: func.func @init_read_after
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
// CHECK-NEXT: scf.forall
// CHECK: memref.subview %[[A]]
// CHECK: memref.load %arg0[%arg2]
func.func @init_read_after(%out: tensor<32xf32>, %f: f32, %i: index) -> (tensor<32xf32>, f32) {
  %r = scf.forall (%t) in (4) shared_outs(%o = %out) -> (tensor<32xf32>) {
    %off = affine.apply #tile(%t)
    %s = tensor.extract_slice %o[%off] [8] [1] : tensor<32xf32> to tensor<8xf32>
    %z = linalg.fill ins(%f : f32) outs(%s : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %z into %o[%off] [8] [1] : tensor<8xf32> into tensor<32xf32>
    }
  }
  %x = tensor.extract %out[%i] : tensor<32xf32>
  return %r, %x : tensor<32xf32>, f32
}
