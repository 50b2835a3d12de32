// RUN: strata-opt --allow-unregistered-dialect --loop-invariant-code-motion --cse %s | FileCheck %s

// The integer divisions have no memory effects, so CSE merges duplicates,
// but they may trap: loop-invariant code motion hoists them only when the
// divisor is a constant whose range excludes 0 (divui, ceildivui) or 0 and
// -1 (divsi, ceildivsi; a signed range). floordivsi, remsi and remui are
// pure and always hoisted.

// CHECK-LABEL: func.func @hoist
// CHECK-DAG: arith.floordivsi %arg0, %arg1 : i32
// CHECK-DAG: arith.remsi %arg0, %arg1 : i32
// CHECK-DAG: arith.remui %arg0, %arg1 : i32
// CHECK-DAG: arith.divsi %arg0, %{{.*}} : i32
// CHECK-DAG: arith.divui %arg0, %{{.*}} : i32
// CHECK-DAG: arith.ceildivsi %arg0, %{{.*}} : i32
// CHECK-DAG: arith.divsi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-DAG: arith.divsi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: scf.for
// CHECK-NEXT: arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: arith.divsi %arg0, %{{.*}} : i32
// CHECK-NEXT: arith.ceildivui %arg0, %{{.*}} : i32
// CHECK-NEXT: "test.use"
func.func @hoist(%a: i32, %b: i32, %v: vector<4xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %m1 = arith.constant -1 : i32
  %z = arith.constant 0 : i32
  %s7 = arith.constant dense<7> : vector<4xi32>
  %sm = arith.constant dense<[7, 5, 2, 3]> : vector<4xi32>
  scf.for %i = %c0 to %n step %c1 {
    %0 = arith.divsi %a, %b : i32
    %1 = arith.divui %a, %b : i32
    %2 = arith.ceildivsi %a, %b : i32
    %3 = arith.ceildivui %a, %b : i32
    %4 = arith.floordivsi %a, %b : i32
    %5 = arith.remsi %a, %b : i32
    %6 = arith.remui %a, %b : i32
    %7 = arith.divsi %a, %c7 : i32
    %8 = arith.divsi %a, %m1 : i32
    %9 = arith.divui %a, %m1 : i32
    %10 = arith.ceildivsi %a, %c7 : i32
    %11 = arith.ceildivui %a, %z : i32
    %12 = arith.divsi %v, %s7 : vector<4xi32>
    %13 = arith.divsi %v, %sm : vector<4xi32>
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, vector<4xi32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @cse
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %[[U:.*]] = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %[[C:.*]] = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: %[[D:.*]] = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: return %[[Q]], %[[Q]], %[[U]], %[[U]], %[[C]], %[[C]], %[[D]], %[[D]]
func.func @cse(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %0 = arith.divsi %a, %b : i32
  %1 = arith.divsi %a, %b : i32
  %2 = arith.divui %a, %b : i32
  %3 = arith.divui %a, %b : i32
  %4 = arith.ceildivsi %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.ceildivui %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// A dense divisor counts by its range: [-3, 5] excludes 0 unsigned but not
// signed; [-3, -5] excludes 0 and -1. Ranges are not propagated through
// other operations (x | 1 is not known to be non-zero).
// CHECK-LABEL: func.func @ranges
// CHECK: arith.ori
// CHECK-NEXT: arith.divui %arg2, %[[M3:.*]] : vector<2xi32>
// CHECK-NEXT: arith.divsi %arg2, %{{.*}} : vector<2xi32>
// CHECK-NEXT: arith.divsi %arg2, %{{.*}} : vector<2xi32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.divsi %arg2, %[[M3]] : vector<2xi32>
// CHECK-NEXT: arith.divui %arg0, %{{.*}} : i32
// CHECK-NEXT: arith.divsi %arg0, %{{.*}} : i32
func.func @ranges(%a: i32, %b: i32, %v: vector<2xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %m3 = arith.constant dense<[-3, 5]> : vector<2xi32>
  %p = arith.constant dense<[3, 5]> : vector<2xi32>
  %neg = arith.constant dense<[-3, -5]> : vector<2xi32>
  %or = arith.ori %b, %one : i32
  scf.for %i = %c0 to %n step %c1 {
    %0 = arith.divsi %v, %m3 : vector<2xi32>
    %1 = arith.divui %v, %m3 : vector<2xi32>
    %2 = arith.divsi %v, %p : vector<2xi32>
    %3 = arith.divsi %v, %neg : vector<2xi32>
    %4 = arith.divui %a, %or : i32
    %5 = arith.divsi %a, %or : i32
    "test.use"(%0, %1, %2, %3, %4, %5) : (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, i32, i32) -> ()
  }
  return
}
