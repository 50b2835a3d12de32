// RUN: strata-opt --allow-unregistered-dialect --lower-affine %s | FileCheck %s

// lower-affine: affine.for and affine.if become scf.for and scf.if, the
// maps of affine.apply, affine.min, affine.max, affine.load, affine.store
// and of the bounds and conditions are expanded into arith operations
// (floordiv, ceildiv and mod with their sign corrections).

// CHECK-LABEL: func.func @loops(%arg0: memref<100xf32>, %arg1: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c10 step %c1 {
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.addi %arg2, %c1_0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %1 = arith.addi %arg2, %c8 : index
// CHECK-NEXT: %2 = arith.minsi %1, %arg1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: scf.for %arg3 = %0 to %2 step %c2 {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %3 = arith.muli %arg2, %c3 overflow<nsw> : index
// CHECK-NEXT: %4 = arith.addi %3, %arg3 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %5 = arith.addi %4, %c-2 : index
// CHECK-NEXT: %c1_1 = arith.constant 1 : index
// CHECK-NEXT: %6 = arith.addi %5, %c1_1 : index
// CHECK-NEXT: %7 = memref.load %arg0[%6] : memref<100xf32>
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %8 = arith.cmpi slt, %arg2, %c0_2 : index
// CHECK-NEXT: %9 = arith.subi %c-1, %arg2 : index
// CHECK-NEXT: %10 = arith.select %8, %9, %arg2 : index
// CHECK-NEXT: %11 = arith.divsi %10, %c4 : index
// CHECK-NEXT: %12 = arith.subi %c-1, %11 : index
// CHECK-NEXT: %13 = arith.select %8, %12, %11 : index
// CHECK-NEXT: %c3_3 = arith.constant 3 : index
// CHECK-NEXT: %14 = arith.remsi %arg3, %c3_3 : index
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %15 = arith.cmpi slt, %14, %c0_4 : index
// CHECK-NEXT: %16 = arith.addi %14, %c3_3 : index
// CHECK-NEXT: %17 = arith.select %15, %16, %14 : index
// CHECK-NEXT: %18 = arith.addi %13, %17 : index
// CHECK-NEXT: memref.store %7, %arg0[%18] : memref<100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @loops(%m: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%i)[%n] step 2 {
      %0 = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 - 2)>(%i, %j)
      %v = affine.load %m[%0 + 1] : memref<100xf32>
      affine.store %v, %m[%i floordiv 4 + %j mod 3] : memref<100xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @exprs(%arg0: index, %arg1: index, %arg2: memref<10xf32>) -> (index, index, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.cmpi sle, %arg0, %c0 : index
// CHECK-NEXT: %1 = arith.subi %c0, %arg0 : index
// CHECK-NEXT: %2 = arith.subi %arg0, %c1 : index
// CHECK-NEXT: %3 = arith.select %0, %1, %2 : index
// CHECK-NEXT: %4 = arith.divsi %3, %c4 : index
// CHECK-NEXT: %5 = arith.subi %c0, %4 : index
// CHECK-NEXT: %6 = arith.addi %4, %c1 : index
// CHECK-NEXT: %7 = arith.select %0, %5, %6 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %8 = arith.muli %arg1, %c-2 overflow<nsw> : index
// CHECK-NEXT: %9 = arith.addi %7, %8 : index
// CHECK-NEXT: %c4_0 = arith.constant 4 : index
// CHECK-NEXT: %10 = arith.maxsi %arg0, %arg1 : index
// CHECK-NEXT: %11 = arith.maxsi %10, %c4_0 : index
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %12 = arith.addi %arg0, %c-1 : index
// CHECK-NEXT: %13 = arith.cmpi sge, %12, %c0_1 : index
// CHECK-NEXT: %c-1_2 = arith.constant -1 : index
// CHECK-NEXT: %14 = arith.muli %arg0, %c-1_2 overflow<nsw> : index
// CHECK-NEXT: %15 = arith.addi %14, %arg1 : index
// CHECK-NEXT: %16 = arith.cmpi eq, %15, %c0_1 : index
// CHECK-NEXT: %17 = arith.andi %13, %16 : i1
// CHECK-NEXT: scf.if %17 {
// CHECK-NEXT: "y"(%9) : (index) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "x"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %c0_3 = arith.constant 0 : index
// CHECK-NEXT: %c1_4 = arith.constant 1 : index
// CHECK-NEXT: %18 = scf.for %arg3 = %c0_3 to %arg1 step %c1_4 iter_args(%arg4 = %arg0) -> (index) {
// CHECK-NEXT: %c0_5 = arith.constant 0 : index
// CHECK-NEXT: %19 = arith.cmpi sge, %arg3, %c0_5 : index
// CHECK-NEXT: %20 = scf.if %19 -> (index) {
// CHECK-NEXT: scf.yield %arg4 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %20 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %9, %11, %18 : index, index, index
// CHECK-NEXT: }
func.func @exprs(%a: index, %b: index, %m: memref<10xf32>) -> (index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv 4 - s0 * 2)>(%a)[%b]
  %1 = affine.max affine_map<(d0)[s0] -> (d0, s0, 4)>(%a)[%b]
  %2 = affine.min affine_map<(d0) -> (d0)>(%a)
  affine.if affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 == 0)>(%a)[%b] {
    "y"(%0) : (index) -> ()
  } else {
    "x"() : () -> ()
  }
  %3 = affine.for %i = 0 to %b iter_args(%x = %a) -> (index) {
    %y = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> index {
      affine.yield %x : index
    } else {
      affine.yield %i : index
    }
    affine.yield %y : index
  }
  return %0, %1, %3 : index, index, index
}

// CHECK-LABEL: func.func @vec(%arg0: memref<100x100xf32>, %arg1: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c16 step %c1 {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = arith.addi %arg2, %c3 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %1 = arith.muli %arg2, %c2 overflow<nsw> : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %2 = arith.addi %1, %c7 : index
// CHECK-NEXT: %3 = vector.load %arg0[%0, %2] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %4 = arith.addi %0, %c1_0 : index
// CHECK-NEXT: vector.store %3, %arg0[%4, %arg1] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @vec(%m: memref<100x100xf32>, %n: index) {
  affine.for %i = 0 to 16 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
    %v = affine.vector_load %m[%0, %i * 2 + 7] : memref<100x100xf32>, vector<8xf32>
    affine.vector_store %v, %m[%0 + 1, symbol(%n)] : memref<100x100xf32>, vector<8xf32>
  }
  return
}

// CHECK-LABEL: func.func @pf(%arg0: memref<400x400xi32>, %arg1: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c10 step %c1 {
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.addi %arg2, %c1_0 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %1 = arith.addi %arg2, %c5 : index
// CHECK-NEXT: memref.prefetch %arg0[%0, %1], read, locality<3>, data : memref<400x400xi32>
// CHECK-NEXT: memref.prefetch %arg0[%arg2, %arg1], write, locality<0>, instr : memref<400x400xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @pf(%m: memref<400x400xi32>, %n: index) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.prefetch %m[%0, %i + 5], read, locality<3>, data : memref<400x400xi32>
    affine.prefetch %m[%i, symbol(%n)], write, locality<0>, instr : memref<400x400xi32>
  }
  return
}
