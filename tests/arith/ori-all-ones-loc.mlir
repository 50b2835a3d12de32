// RUN: strata-opt -canonicalize --mlir-print-debuginfo %s | FileCheck %s

// or(x, <all ones>) folds to the attribute of the constant, not to the
// constant's value: the folder materializes a new constant with the
// location of the folded arith.ori, which replaces the old one.

// CHECK-LABEL: func.func @or_all_ones(
// CHECK-NEXT: %true = arith.constant true loc(#[[OR:loc[0-9]+]])
// CHECK-NEXT: %cst = arith.constant dense<-1> : vector<4xi8> loc(#[[ORV:loc[0-9]+]])
// CHECK-NEXT: return %true, %cst : i1, vector<4xi8>
// CHECK: #[[OR]] = loc("or")
// CHECK: #[[ORV]] = loc("orv")

func.func @or_all_ones(%a: i1, %v: vector<4xi8>) -> (i1, vector<4xi8>) {
  %true = arith.constant true loc("true")
  %ones = arith.constant dense<-1> : vector<4xi8> loc("ones")
  %0 = arith.ori %a, %true : i1 loc("or")
  %1 = arith.ori %v, %ones : vector<4xi8> loc("orv")
  return %0, %1 : i1, vector<4xi8>
}
