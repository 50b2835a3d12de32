// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The test dialect's operations in their custom and generic forms, and an
// unknown operation of the dialect, which parses without
// --allow-unregistered-dialect.

// CHECK-LABEL: func.func @buffers
// CHECK: test.copy(%arg0, %arg1) : (memref<4xf32>, memref<4xf32>)
// CHECK: test.buffer_based in(%arg0 : memref<4xf32>) out(%arg1 : memref<4xf32>)
// CHECK: test.region_buffer_based in(%arg0 : memref<4xf32>) out(%arg1 : memref<4xf32>) {
// CHECK: test.region_yield %{{.*}} : f32
// CHECK: "test.read_buffer"(%arg2) : (memref<*xf32>) -> ()
// CHECK: "test.forward_buffer"(%arg0) : (memref<4xf32>) -> memref<4xf32>
// CHECK: "test.unknown_op"(%{{.*}}) {attr = 1 : i32} : (memref<4xf32>) -> i1
// GENERIC: "test.copy"(%{{.*}}, %{{.*}}) {note = "x"} : (memref<4xf32>, memref<4xf32>) -> ()
// GENERIC: "test.buffer_based"(%{{.*}}, %{{.*}}) : (memref<4xf32>, memref<4xf32>) -> ()
// GENERIC: "test.region_yield"(%{{.*}}) : (f32) -> ()
func.func @buffers(%a: memref<4xf32>, %b: memref<4xf32>, %u: memref<*xf32>) -> i1 {
  test.copy(%a, %b) : (memref<4xf32>, memref<4xf32>) {note = "x"}
  test.buffer_based in(%a: memref<4xf32>) out(%b: memref<4xf32>)
  test.region_buffer_based in(%a: memref<4xf32>) out(%b: memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    test.region_yield %x : f32
  }
  "test.read_buffer"(%u) : (memref<*xf32>) -> ()
  %f = "test.forward_buffer"(%a) : (memref<4xf32>) -> memref<4xf32>
  %c = "test.unknown_op"(%f) {attr = 1 : i32} : (memref<4xf32>) -> i1
  return %c : i1
}

// CHECK-LABEL: func.func @region_if
// CHECK: %0 = test.region_if %arg0, %arg1: memref<2xf32>, i1 -> memref<2xf32> then {
// CHECK-NEXT: ^bb0(%arg2: memref<2xf32>, %arg3: i1):
// CHECK-NEXT: test.region_if_yield %arg2 : memref<2xf32>
// CHECK: } else {
// CHECK: } join {
// CHECK: %1:2 = test.region_if %0: memref<2xf32> -> (memref<2xf32>, memref<2xf32>) then {
// GENERIC: "test.region_if"(%arg0, %arg1) ({
// GENERIC: "test.region_if_yield"(%{{.*}}) : (memref<2xf32>) -> ()
func.func @region_if(%m: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %0 = test.region_if %m, %c : memref<2xf32>, i1 -> (memref<2xf32>) then {
  ^bb0(%a: memref<2xf32>, %b: i1):
    test.region_if_yield %a : memref<2xf32>
  } else {
  ^bb0(%a: memref<2xf32>, %b: i1):
    test.region_if_yield %a : memref<2xf32>
  } join {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  }
  %1:2 = test.region_if %0 : memref<2xf32> -> (memref<2xf32>, memref<2xf32>) then {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a, %a : memref<2xf32>, memref<2xf32>
  } else {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a, %a : memref<2xf32>, memref<2xf32>
  } join {
  ^bb0(%a: memref<2xf32>, %b: memref<2xf32>):
    test.region_if_yield %b, %a : memref<2xf32>, memref<2xf32>
  }
  return %1#1 : memref<2xf32>
}

// CHECK-LABEL: func.func @generic_only
// CHECK: "test.one_region_with_recursive_memory_effects"() ({
// CHECK: "test.return"() : () -> ()
// CHECK: "test.side_effect_op"() {effects = [{effect = "read"}, {effect = "write", on_result}]} : () -> i1
func.func @generic_only() -> i1 {
  %0 = "test.one_region_with_recursive_memory_effects"() ({
    "test.return"() : () -> ()
  }) : () -> i32
  %1 = "test.side_effect_op"() {effects = [{effect = "read"}, {effect = "write", on_result}]} : () -> i1
  return %1 : i1
}
