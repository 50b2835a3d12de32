// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// An identity map with symbols is a memref layout of its own, printed as
// the identity layout: a cast to it is not folded away.

// CHECK-LABEL: func.func @symbol_identity_cast
// CHECK-SAME: (%arg0: memref<?xf32>, %arg1: memref<?xf32>)
// CHECK: %[[C:.*]] = memref.cast %arg1 : memref<?xf32> to memref<?xf32>
// CHECK: "test.use"(%arg0, %[[C]])
// GENERIC: "memref.cast"(%{{.*}}) : (memref<?xf32>) -> memref<?xf32>
func.func @symbol_identity_cast(%a: memref<?xf32, affine_map<(d0)[s0, s1] -> (d0)>>, %b: memref<?xf32>) {
  %c = memref.cast %b : memref<?xf32> to memref<?xf32, affine_map<(d0)[s0, s1] -> (d0)>>
  "test.use"(%a, %c) : (memref<?xf32, affine_map<(d0)[s0, s1] -> (d0)>>, memref<?xf32, affine_map<(d0)[s0, s1] -> (d0)>>) -> ()
  return
}

// An identity map without symbols is the identity layout.

// CHECK-LABEL: func.func @plain_identity_cast
// CHECK-NOT: memref.cast
// CHECK: "test.use"(%arg0)
func.func @plain_identity_cast(%a: memref<?xf32>) {
  %c = memref.cast %a : memref<?xf32> to memref<?xf32, affine_map<(d0) -> (d0)>>
  "test.use"(%c) : (memref<?xf32, affine_map<(d0) -> (d0)>>) -> ()
  return
}
