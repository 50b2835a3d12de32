// RUN: strata-opt --pass-pipeline="builtin.module(symbol-privatize,remove-dead-values)" %s | FileCheck %s
// NO-DIFF: mlir-opt-22 drops the operand of the llvm.return of a private
// llvm.func whose result no call uses, but not the result from its type,
// and fails verification ('llvm.return' op expected 1 operand).

// Only a builtin function type can be trimmed: a private llvm.func keeps
// its arguments and results, and the values it returns stay live.
// CHECK-LABEL: llvm.func @vector_ops(%arg0: f32, %arg1: vector<7xf32>, %arg2: i32) -> f32
// CHECK: %[[E:.*]] = llvm.extractelement
// CHECK: llvm.return %[[E]] : f32
llvm.func @vector_ops(%a: f32, %v: vector<7xf32>, %i: i32) -> f32 {
  %0 = llvm.insertelement %a, %v[%i : i32] : vector<7xf32>
  %2 = llvm.extractelement %0[%i : i32] : vector<7xf32>
  llvm.return %2 : f32
}

// A private func.func of the same body loses its unused result.
// CHECK-LABEL: func.func private @trimmed()
// CHECK-NEXT: return
func.func @trimmed(%a: f32, %v: vector<7xf32>, %i: i32) -> f32 {
  %0 = vector.insert %a, %v[0] : f32 into vector<7xf32>
  %2 = vector.extract %0[1] : f32 from vector<7xf32>
  return %2 : f32
}
