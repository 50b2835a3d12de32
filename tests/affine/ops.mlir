// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-DAG: #[[LB:.*]] = affine_map<(d0)[s0] -> (d0, s0 - 2)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0)[s0] -> (d0 + 8, s0)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>

// affine.for: constant bounds are printed bare, a single symbol operand
// bare, a map with several results after max/min; a step of 1 is not
// printed; iter_args with results.
// CHECK-LABEL: func.func @loops
// CHECK: affine.for %arg2 = 0 to 10 {
// CHECK: affine.for %arg3 = %arg0 to 100 step 4 {
// CHECK: affine.for %arg4 = max #[[LB]](%arg2)[%arg0] to min #[[UB]](%arg3)[%arg1] {
// CHECK: %0:2 = affine.for %arg2 = -5 to %arg1 step 2 iter_args(%arg3 = %c0, %arg4 = %arg0) -> (index, index) {
// CHECK-NEXT: affine.yield %arg4, %arg3 : index, index
// GENERIC-LABEL: sym_name = "loops"
// GENERIC: "affine.for"() <{lowerBoundMap = #{{.*}}, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #{{.*}}}>
// GENERIC: operandSegmentSizes = array<i32: 1, 0, 0>, step = 4 : index
// GENERIC: operandSegmentSizes = array<i32: 2, 2, 0>
// GENERIC: "affine.yield"() : () -> ()
func.func @loops(%n: index, %m: index) -> index {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    affine.for %j = %n to 100 step 4 {
      affine.for %k = max affine_map<(d0)[s0] -> (d0, s0 - 2)>(%i)[%n] to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%j)[%m] {
        "test.use"(%k) : (index) -> ()
      }
    }
  }
  %r:2 = affine.for %i = -5 to %m step 2 iter_args(%a = %c0, %b = %n) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0 : index
}

// affine.if with an else region, with results, without else.
// CHECK-LABEL: func.func @conditions
// CHECK: affine.if #[[SET]](%arg1)[%arg0] {
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.else"() : () -> ()
// CHECK: %0 = affine.if #[[SET]](%arg1)[%arg0] -> index {
// CHECK-NEXT: affine.yield %arg1 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg0 : index
// CHECK: affine.if #{{.*}}() {
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "conditions"
// GENERIC: "affine.if"(%{{.*}}, %{{.*}}) <{condition = #{{.*}}}> ({
func.func @conditions(%n: index) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>(%i)[%n] {
      "test.then"() : () -> ()
    } else {
      "test.else"() : () -> ()
    }
    %x = affine.if affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>(%i)[%n] -> index {
      affine.yield %i : index
    } else {
      affine.yield %n : index
    }
    affine.if affine_set<() : (0 == 0)>() {
    }
    "test.use"(%x) : (index) -> ()
  }
  return
}

// affine.apply, affine.min and affine.max with dimension and symbol
// operands.
// CHECK-LABEL: func.func @maps
// CHECK: %0 = affine.apply #{{.*}}(%arg0)[%arg1]
// CHECK: %1 = affine.min #{{.*}}(%0)[%arg1]
// CHECK: %2 = affine.max #{{.*}}(%0, %1)
// CHECK: %3 = affine.apply #{{.*}}() {foo}
// GENERIC-LABEL: sym_name = "maps"
// GENERIC: "affine.apply"(%{{.*}}, %{{.*}}) <{map = #{{.*}}}> : (index, index) -> index
func.func @maps(%a: index, %n: index) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 4 + s0 * 2)>(%a)[%n]
  %1 = affine.min affine_map<(d0)[s0] -> (d0, s0 - d0, 16)>(%0)[%n]
  %2 = affine.max affine_map<(d0, d1) -> (d0 mod 3, d1 ceildiv 2)>(%0, %1)
  %3 = affine.apply affine_map<() -> (7)>() {foo}
  "test.use"(%3) : (index) -> ()
  return %2 : index
}

// affine.load and affine.store print their map as subscripts over the
// SSA values, with symbol(...) around symbols.
// CHECK-LABEL: func.func @memory
// CHECK: %0 = affine.load %arg0[%arg3 + 1, %arg3 * 2 - symbol(%arg1)] : memref<16x16xf32>
// CHECK: affine.store %0, %arg0[%arg3 floordiv 2, -(%arg3 mod 4) + 3] : memref<16x16xf32>
// CHECK: %1 = affine.load %arg0[0, symbol(%arg1)] {tag} : memref<16x16xf32>
// CHECK: affine.store %1, %arg0[(%arg3 + symbol(%arg1)) * 2, -2] : memref<16x16xf32>
// CHECK: %2 = affine.load %arg2[] : memref<f32>
// GENERIC-LABEL: sym_name = "memory"
// GENERIC: "affine.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{map = #{{.*}}}> : (memref<16x16xf32>, index, index) -> f32
// GENERIC: "affine.store"(%{{.*}}, %{{.*}}, %{{.*}}) <{map = #{{.*}}}> : (f32, memref<16x16xf32>, index) -> ()
func.func @memory(%m: memref<16x16xf32>, %n: index, %s: memref<f32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %m[%i + 1, 2 * %i - symbol(%n)] : memref<16x16xf32>
    affine.store %v, %m[%i floordiv 2, 3 - %i mod 4] : memref<16x16xf32>
    %w = affine.load %m[0, symbol(%n)] {tag} : memref<16x16xf32>
    affine.store %w, %m[(%i + symbol(%n)) * 2, %i - 2 - %i] : memref<16x16xf32>
    %z = affine.load %s[] : memref<f32>
    "test.use"(%z) : (f32) -> ()
  }
  return
}
