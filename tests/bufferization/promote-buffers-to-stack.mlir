// RUN: strata-opt --allow-unregistered-dialect --promote-buffers-to-stack --split-input-file %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --promote-buffers-to-stack=max-alloc-size-in-bytes=64 --split-input-file %s | FileCheck %s --check-prefix=LOW
// RUN: strata-opt --allow-unregistered-dialect --promote-buffers-to-stack=max-rank-of-allocated-memref=2 --split-input-file %s | FileCheck %s --check-prefix=RANK

// Static allocations up to the limit become allocas in place, keeping
// their alignment and attributes; larger ones stay on the heap. The size
// counts the default data layout's element sizes: 64 bytes hold 16 f32,
// 8 complex<f32>, 4 vector<3xf32> (rounded up to 4 elements).

// CHECK-LABEL: func.func @sizes
// CHECK-NEXT: %alloca = memref.alloca() {alignment = 16 : i64, tag} : memref<16xf32>
// CHECK-NEXT: %alloca_0 = memref.alloca() : memref<17xf32>
// CHECK-NEXT: %alloca_1 = memref.alloca() : memref<8xcomplex<f32>>
// CHECK-NEXT: %alloca_2 = memref.alloca() : memref<4xvector<3xf32>>
// CHECK-NEXT: %alloca_3 = memref.alloca() : memref<5xvector<3xf32>>
// CHECK-NEXT: %alloc = memref.alloc() : memref<257xf32>
// LOW-LABEL: func.func @sizes
// LOW-NEXT: %alloca = memref.alloca() {alignment = 16 : i64, tag}
// LOW-NEXT: %alloc = memref.alloc() : memref<17xf32>
// LOW-NEXT: %alloca_0 = memref.alloca() : memref<8xcomplex<f32>>
// LOW-NEXT: %alloca_1 = memref.alloca() : memref<4xvector<3xf32>>
// LOW-NEXT: %alloc_2 = memref.alloc() : memref<5xvector<3xf32>>
func.func @sizes() {
  %a = memref.alloc() {alignment = 16 : i64, tag} : memref<16xf32>
  %b = memref.alloc() : memref<17xf32>
  %c = memref.alloc() : memref<8xcomplex<f32>>
  %d = memref.alloc() : memref<4xvector<3xf32>>
  %e = memref.alloc() : memref<5xvector<3xf32>>
  %f = memref.alloc() : memref<257xf32>
  "test.use"(%a, %b, %c, %d, %e, %f) : (memref<16xf32>, memref<17xf32>, memref<8xcomplex<f32>>, memref<4xvector<3xf32>>, memref<5xvector<3xf32>>, memref<257xf32>) -> ()
  return
}

// -----

// Dynamic sizes are promoted only when they are memref.rank results and
// the rank is small.

// CHECK-LABEL: func.func @dynamic
// CHECK: memref.alloca(%[[R:.*]]) : memref<?xindex>
// CHECK-NEXT: memref.alloc(%[[R]], %[[R]]) : memref<?x?xindex>
// CHECK-NEXT: memref.alloc(%arg1) : memref<?xindex>
// RANK-LABEL: func.func @dynamic
// RANK: memref.alloca(%[[R:.*]]) : memref<?xindex>
// RANK-NEXT: memref.alloca(%[[R]], %[[R]]) : memref<?x?xindex>
// RANK-NEXT: memref.alloc(%arg1) : memref<?xindex>
func.func @dynamic(%u: memref<*xf32>, %n: index) {
  %r = memref.rank %u : memref<*xf32>
  %a = memref.alloc(%r) : memref<?xindex>
  %b = memref.alloc(%r, %r) : memref<?x?xindex>
  %c = memref.alloc(%n) : memref<?xindex>
  "test.use"(%a, %b, %c) : (memref<?xindex>, memref<?x?xindex>, memref<?xindex>) -> ()
  return
}

// -----

// A buffer that leaves the function, directly or through an scf.if, or
// that is freed, stays on the heap; one only used inside stays promoted.

// CHECK-LABEL: func.func @escapes
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloc_1 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.dealloc %alloc_1
// CHECK-NEXT: %alloca = memref.alloca() : memref<2xf32>
func.func @escapes(%c: i1) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %d = memref.alloc() : memref<2xf32>
  memref.dealloc %d : memref<2xf32>
  %e = memref.alloc() : memref<2xf32>
  "test.use"(%e) : (memref<2xf32>) -> ()
  %r = scf.if %c -> memref<2xf32> {
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %b : memref<2xf32>
  }
  return %a, %r : memref<2xf32>, memref<2xf32>
}

// -----

// Allocations in conditionals and in allocation scopes (scf.for,
// memref.alloca_scope) are promoted; those in a loop that is no
// allocation scope (scf.while) and in unknown region operations are not.

// CHECK-LABEL: func.func @regions
// CHECK: scf.if
// CHECK-NEXT: memref.alloca()
// CHECK: scf.for
// CHECK-NEXT: memref.alloca()
// CHECK: scf.while
// CHECK-NEXT: memref.alloc()
// CHECK: memref.alloca_scope
// CHECK-NEXT: memref.alloca()
// CHECK: "test.region"
// CHECK-NEXT: memref.alloc()
func.func @regions(%c: i1, %lb: index, %ub: index) {
  scf.if %c {
    %a = memref.alloc() : memref<2xf32>
    "test.use"(%a) : (memref<2xf32>) -> ()
  }
  scf.for %i = %lb to %ub step %ub {
    %b = memref.alloc() : memref<2xf32>
    "test.use"(%b) : (memref<2xf32>) -> ()
  }
  scf.while : () -> () {
    %w = memref.alloc() : memref<2xf32>
    "test.use"(%w) : (memref<2xf32>) -> ()
    scf.condition(%c)
  } do {
    scf.yield
  }
  memref.alloca_scope {
    %d = memref.alloc() : memref<2xf32>
    "test.use"(%d) : (memref<2xf32>) -> ()
  }
  "test.region"() ({
    %e = memref.alloc() : memref<2xf32>
    "test.use"(%e) : (memref<2xf32>) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
