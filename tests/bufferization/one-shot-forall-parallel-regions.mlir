// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" -split-input-file %s | FileCheck %s --check-prefix=CHECK-PAR
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries check-parallel-regions=false" -split-input-file %s | FileCheck %s --check-prefix=CHECK-NOPAR
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries check-parallel-regions=false test-analysis-only" -split-input-file %s | FileCheck %s --check-prefix=CHECK-ANA

// A scratch buffer allocated before an scf.forall is written and read in
// its body. By default every thread gets its own copy: the write is out of
// place, and the allocation lands in the body. With
// check-parallel-regions=false the body is analysed as any other region:
// the fill writes the one buffer in place.

// CHECK-PAR-LABEL: func.func @private_scratch
// CHECK-PAR: scf.forall
// CHECK-PAR: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-PAR-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<8xf32>)

// CHECK-NOPAR-LABEL: func.func @private_scratch
// CHECK-NOPAR: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NOPAR-NEXT: scf.forall
// CHECK-NOPAR-NOT: memref.alloc
// CHECK-NOPAR: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<8xf32>)

// CHECK-ANA-LABEL: func.func @private_scratch
// CHECK-ANA: linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8xf32>)
func.func @private_scratch(%out: tensor<32xf32>, %f: f32) -> tensor<32xf32> {
  %c0 = arith.constant 0 : index
  %scratch = bufferization.alloc_tensor() : tensor<8xf32>
  %r = scf.forall (%t) in (4) shared_outs(%o = %out) -> (tensor<32xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 8)>(%t)
    %w = linalg.fill ins(%f : f32) outs(%scratch : tensor<8xf32>) -> tensor<8xf32>
    %e = tensor.extract %w[%c0] : tensor<8xf32>
    %s = tensor.extract_slice %o[%off] [8] [1] : tensor<32xf32> to tensor<8xf32>
    %z = linalg.fill ins(%e : f32) outs(%s : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %z into %o[%off] [8] [1] : tensor<8xf32> into tensor<32xf32>
    }
  }
  return %r : tensor<32xf32>
}

// -----

// A write in the body to a tensor defined outside it that nothing reads
// afterwards is in place either way.

// CHECK-PAR-LABEL: func.func @unread_write
// CHECK-PAR-NOT: memref.alloc
// CHECK-PAR: return
// CHECK-NOPAR-LABEL: func.func @unread_write
// CHECK-NOPAR-NOT: memref.alloc
// CHECK-NOPAR: return
// CHECK-ANA-LABEL: func.func @unread_write
// CHECK-ANA: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @unread_write(%out: tensor<32xf32>, %buf: tensor<8xf32>, %f: f32) -> tensor<32xf32> {
  %r = scf.forall (%t) in (4) shared_outs(%o = %out) -> (tensor<32xf32>) {
    %w = linalg.fill ins(%f : f32) outs(%buf : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<32xf32>
}
