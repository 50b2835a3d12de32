// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// 0-D and 1-D bitcasts are llvm.bitcast of the converted types (eight
// bf16 as four 32-bit words, as a row kernel carries them).

// CHECK-LABEL: func.func @bitcast_words
// CHECK-NEXT: %0 = llvm.bitcast %arg0 : vector<8xbf16> to vector<4xi32>
// CHECK-NEXT: return %0 : vector<4xi32>
func.func @bitcast_words(%a: vector<8xbf16>) -> vector<4xi32> {
  %0 = vector.bitcast %a : vector<8xbf16> to vector<4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @bitcast_0d
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : vector<f32> to vector<1xf32>
// CHECK-NEXT: %1 = llvm.bitcast %0 : vector<1xf32> to vector<1xi32>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %1 : vector<1xi32> to vector<i32>
// CHECK-NEXT: return %2 : vector<i32>
func.func @bitcast_0d(%a: vector<f32>) -> vector<i32> {
  %0 = vector.bitcast %a : vector<f32> to vector<i32>
  return %0 : vector<i32>
}
