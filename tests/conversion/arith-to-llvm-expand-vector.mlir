// RUN: strata-opt --convert-arith-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-arith-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Ceil and floor divisions and extended multiplications on vectors expand
// as on scalars, with splat constants (of the arith type, `dense<0> :
// vector<2xindex>`; the shift of an extended multiplication in the
// converted wide type). On n-D vectors every operation of the expansion
// is unrolled over the outer dimensions; extended multiplications of n-D
// vectors stay, as upstream. On 0-D vectors they work on vector<1xT>.

// CHECK-LABEL: func.func @one_d
// CHECK: llvm.mlir.constant(dense<0> : vector<4xi32>) : vector<4xi32>
// CHECK: llvm.icmp "eq" %{{.*}}, %{{.*}} : vector<4xi1>
// CHECK: llvm.udiv
// CHECK: llvm.mlir.constant(dense<-1> : vector<4xi32>) : vector<4xi32>
// CHECK: llvm.sext %arg0 : vector<4xi32> to vector<4xi64>
// CHECK: llvm.mlir.constant(dense<32> : vector<4xi64>) : vector<4xi64>
// CHECK: llvm.zext %arg0 : vector<4xi32> to vector<4xi64>
// GENERIC: "llvm.icmp"
// GENERIC-SAME: (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
func.func @one_d(%a: vector<4xi32>, %b: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) {
  %0 = arith.ceildivsi %a, %b : vector<4xi32>
  %1 = arith.ceildivui %a, %b : vector<4xi32>
  %2 = arith.floordivsi %a, %b : vector<4xi32>
  %3:2 = arith.mulsi_extended %a, %b : vector<4xi32>
  %4:2 = arith.mului_extended %a, %b : vector<4xi32>
  return %0, %1, %2, %3#0, %3#1, %4#0, %4#1 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>
}

// CHECK-LABEL: func.func @n_d
// CHECK: llvm.mlir.constant(dense<0> : vector<2x3xi32>) : !llvm.array<2 x vector<3xi32>>
// CHECK: llvm.sdiv %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK: llvm.mlir.poison : !llvm.array<2 x vector<3xi1>>
// CHECK: llvm.icmp "eq" %{{.*}}, %{{.*}} : vector<3xi1>
// CHECK: arith.mulsi_extended %arg0, %arg1 : vector<2x3xi32>
// CHECK: llvm.mlir.constant(dense<0> : vector<2xindex>) : vector<2xi64>
// CHECK: llvm.mlir.constant(dense<0> : vector<i32>) : vector<1xi32>
// CHECK: llvm.mlir.constant(dense<32> : vector<1xi64>) : vector<1xi64>
func.func @n_d(%a: vector<2x3xi32>, %b: vector<2x3xi32>, %c: vector<2xindex>, %d: vector<2xindex>, %e: vector<i32>) -> (vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<2xindex>, vector<2xindex>, vector<i32>, vector<i32>) {
  %0 = arith.ceildivsi %a, %b : vector<2x3xi32>
  %1 = arith.ceildivui %a, %b : vector<2x3xi32>
  %2 = arith.floordivsi %a, %b : vector<2x3xi32>
  %3:2 = arith.mulsi_extended %a, %b : vector<2x3xi32>
  %5 = arith.ceildivsi %c, %d : vector<2xindex>
  %6 = arith.floordivsi %c, %d : vector<2xindex>
  %7 = arith.ceildivui %e, %e : vector<i32>
  %8:2 = arith.mului_extended %e, %e : vector<i32>
  return %0, %1, %2, %3#0, %3#1, %5, %6, %7, %8#1 : vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<2xindex>, vector<2xindex>, vector<i32>, vector<i32>
}

// CHECK-LABEL: func.func @scalable
// CHECK: llvm.mlir.constant(dense<0> : vector<[4]xi64>) : vector<[4]xi64>
// CHECK: llvm.mlir.constant(dense<0> : vector<2x1x2xi8>) : !llvm.array<2 x array<1 x vector<2xi8>>>
// CHECK: llvm.mlir.constant(0 : index) : i64
// CHECK: llvm.mlir.constant(16 : i32) : i32
func.func @scalable(%a: vector<[4]xi64>, %b: vector<2x1x2xi8>, %c: index, %d: i16, %e: vector<2xi64>) -> (vector<[4]xi64>, vector<[4]xi64>, vector<2x1x2xi8>, index, i16, i16, vector<2xi64>, vector<[4]xi64>) {
  %0 = arith.ceildivsi %a, %a : vector<[4]xi64>
  %1:2 = arith.mulsi_extended %e, %e : vector<2xi64>
  %2 = arith.floordivsi %b, %b : vector<2x1x2xi8>
  %3 = arith.ceildivui %c, %c : index
  %4:2 = arith.mului_extended %d, %d : i16
  %5:2 = arith.mului_extended %e, %e : vector<2xi64>
  %6 = arith.ceildivui %a, %a : vector<[4]xi64>
  return %0, %6, %2, %3, %4#0, %4#1, %5#1, %6 : vector<[4]xi64>, vector<[4]xi64>, vector<2x1x2xi8>, index, i16, i16, vector<2xi64>, vector<[4]xi64>
}
