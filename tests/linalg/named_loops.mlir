// RUN: strata-opt --convert-linalg-to-loops %s | FileCheck %s

// The named operations lower to loops through their maps and hidden
// bodies like any structured operation: scalar operands are used as they
// are, constants of the bodies are hoisted.
// CHECK-LABEL: func.func @elementwise
// CHECK: %cst = arith.constant 1.000000e+00 : f32
// CHECK: scf.for %[[I:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c8 step %c1 {
// CHECK-NEXT: %[[A:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = memref.load %arg1[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: memref.store %[[S]], %arg0[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK: arith.maximumf %{{.*}}, %arg2 : f32
// CHECK: arith.divf %cst, %{{.*}} : f32
// CHECK: arith.select
func.func @elementwise(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %s: f32, %c: memref<4x8xi1>) {
  linalg.add ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.max ins(%a, %s : memref<4x8xf32>, f32) outs(%b : memref<4x8xf32>)
  linalg.reciprocal ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.select ins(%c, %a, %b : memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  return
}

// mmt4d is six loops, in the order of its iteration dimensions.
// CHECK-LABEL: func.func @mmt4d
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK: arith.extsi
// CHECK: arith.muli
// CHECK: arith.addi
func.func @mmt4d(%l: memref<2x3x4x5xi8>, %r: memref<6x3x7x5xi8>, %acc: memref<2x6x4x7xi32>) {
  linalg.mmt4d ins(%l, %r : memref<2x3x4x5xi8>, memref<6x3x7x5xi8>) outs(%acc : memref<2x6x4x7xi32>)
  return
}

// Dynamic sizes are read from the operands' dimensions in order; each
// loop runs to the first dimension that its index alone addresses.
// CHECK-LABEL: func.func @dynamic
// CHECK: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
// CHECK-NEXT: %dim_1 = memref.dim %arg1, %c1 : memref<?x?xf32>
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %dim step %c1 {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %dim_1 step %c1 {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %dim_0 step %c1 {
func.func @dynamic(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}
