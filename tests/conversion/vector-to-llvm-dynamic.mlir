// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// A dynamic last position of a scalar extract or insert is the lane
// index, converted to i64.

// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg3 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %2 = llvm.extractelement %arg0[%1 : i64] : vector<4xf32>
// CHECK-NEXT: %3 = llvm.insertelement %arg2, %arg0[%1 : i64] : vector<4xf32>
// CHECK-NEXT: %4 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %5 = llvm.extractelement %4[%1 : i64] : vector<4xf32>
// CHECK-NEXT: return %2, %3, %5 : f32, vector<4xf32>, f32
// CHECK-NEXT: }
func.func @dynamic(%v: vector<4xf32>, %i: index, %a: f32, %w: vector<2x4xf32>) -> (f32, vector<4xf32>, f32) {
  %e = vector.extract %v[%i] : f32 from vector<4xf32>
  %n = vector.insert %a, %v[%i] : f32 into vector<4xf32>
  %x = vector.extract %w[1, %i] : f32 from vector<2x4xf32>
  return %e, %n, %x : f32, vector<4xf32>, f32
}
