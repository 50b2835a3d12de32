// RUN: strata-opt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: strata-opt --ownership-based-buffer-deallocation --buffer-deallocation-simplification %s | FileCheck %s --check-prefix=SIMPLE

// Ownership-based deallocation through the test dialect's interfaces: the
// declared reads and writes of test.copy, test.buffer_based and
// test.read_buffer, test.region_if's region successors (then and else
// both continue in the join region), and the effects test.side_effect_op
// lists.

// CHECK-LABEL: func.func @copies
// CHECK: test.buffer_based in(%arg0 : memref<4xf32>) out(%alloc : memref<4xf32>)
// CHECK: test.copy(%alloc, %arg1) : (memref<4xf32>, memref<4xf32>)
// CHECK: "test.read_buffer"(%alloc) : (memref<4xf32>) -> ()
// CHECK: bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false, %false_0, %true)
// SIMPLE-LABEL: func.func @copies
// SIMPLE: bufferization.dealloc (%alloc : memref<4xf32>) if (%true)
func.func @copies(%a: memref<4xf32>, %b: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  test.buffer_based in(%a: memref<4xf32>) out(%0: memref<4xf32>)
  test.copy(%0, %b) : (memref<4xf32>, memref<4xf32>)
  "test.read_buffer"(%0) : (memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @region_if
// CHECK: %0:2 = test.region_if %alloc, %arg1, %false: memref<4xf32>, i1, i1 -> (memref<4xf32>, i1) then {
// CHECK: test.region_if_yield %arg2, %3 : memref<4xf32>, i1
// CHECK: } join {
// CHECK: ^bb0(%arg2: memref<4xf32>, %arg3: i1):
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%true, %0#1, %true_0) retain (%1 : memref<4xf32>)
func.func @region_if(%n: index, %c: i1) -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %1 = test.region_if %0, %c : memref<4xf32>, i1 -> (memref<4xf32>) then {
  ^bb0(%m: memref<4xf32>, %d: i1):
    test.region_if_yield %m : memref<4xf32>
  } else {
  ^bb0(%m: memref<4xf32>, %d: i1):
    %2 = memref.alloc() : memref<4xf32>
    test.copy(%m, %2) : (memref<4xf32>, memref<4xf32>)
    test.region_if_yield %2 : memref<4xf32>
  } join {
  ^bb0(%m: memref<4xf32>):
    test.region_if_yield %m : memref<4xf32>
  }
  return %1 : memref<4xf32>
}

// CHECK-LABEL: func.func @listed_effects
// CHECK: scf.while
// CHECK: "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
// CHECK: scf.condition(%3) %arg1, %4 : memref<4xf32>, i1
func.func @listed_effects(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = scf.while (%x = %a) : (memref<4xf32>) -> memref<4xf32> {
    %c = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
    scf.condition(%c) %x : memref<4xf32>
  } do {
  ^bb0(%x: memref<4xf32>):
    %1 = memref.alloc() : memref<4xf32>
    scf.yield %1 : memref<4xf32>
  }
  return %0 : memref<4xf32>
}
