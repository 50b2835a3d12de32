// RUN: strata-opt --allow-unregistered-dialect --loop-invariant-code-motion --cse %s | FileCheck %s

// Loop-invariant code motion hoists only speculatable operations. dim
// reads no memory but is undefined past the rank, so it moves only with a
// constant index below the rank of a ranked operand; index's divisions and
// remainders have no memory effects (CSE merges them) but are never
// speculatable.

// CHECK-LABEL: func.func @dims
// CHECK: memref.dim %arg0, %c0
// CHECK: tensor.dim %arg1, %c0
// CHECK: scf.for
// CHECK-DAG: tensor.dim %arg1, %arg3
// CHECK-DAG: tensor.dim %arg2, %c0
// CHECK-DAG: memref.dim %arg0, %arg3
// CHECK: "test.use"
func.func @dims(%m: memref<?xf32>, %t: tensor<?xf32>, %u: tensor<*xf32>, %a: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %0 = memref.dim %m, %c0 : memref<?xf32>
    %1 = tensor.dim %t, %c0 : tensor<?xf32>
    %2 = tensor.dim %t, %a : tensor<?xf32>
    %3 = tensor.dim %u, %c0 : tensor<*xf32>
    %4 = memref.dim %m, %a : memref<?xf32>
    "test.use"(%0, %1, %2, %3, %4) : (index, index, index, index, index) -> ()
  }
  return
}

// CHECK-LABEL: func.func @index_divisions
// CHECK: scf.for
// CHECK-NEXT: index.divs
// CHECK-NEXT: index.divu
// CHECK-NEXT: index.ceildivs
// CHECK-NEXT: index.ceildivu
// CHECK-NEXT: index.floordivs
// CHECK-NEXT: index.rems
// CHECK-NEXT: index.remu
// CHECK-NEXT: "test.use"(%0, %0, %1, %1, %2, %2, %3, %3, %4, %4, %5, %5, %6, %6)
func.func @index_divisions(%a: index, %b: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = index.constant 3
  scf.for %k = %c0 to %n step %c1 {
    %0 = index.divs %a, %c3
    %1 = index.divs %a, %c3
    %2 = index.divu %a, %c3
    %3 = index.divu %a, %c3
    %4 = index.ceildivs %a, %c3
    %5 = index.ceildivs %a, %c3
    %6 = index.ceildivu %a, %c3
    %7 = index.ceildivu %a, %c3
    %8 = index.floordivs %a, %b
    %9 = index.floordivs %a, %b
    %10 = index.rems %a, %b
    %11 = index.rems %a, %b
    %12 = index.remu %a, %b
    %13 = index.remu %a, %b
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
  }
  return
}
