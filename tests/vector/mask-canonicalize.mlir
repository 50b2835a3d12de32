// RUN: strata-opt --canonicalize --split-input-file %s | FileCheck %s

// vector.mask folds: an empty mask forwards what it yields (or becomes an
// arith.select with a passthru), an all-true mask releases the operation
// it masks, and any other mask stays.

// CHECK-LABEL: func.func @empty_no_passthru
// CHECK-NEXT: return %arg1 : vector<8xf32>
// CHECK-LABEL: func.func @empty_passthru
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : vector<8xi1>, vector<8xf32>
// CHECK-LABEL: func.func @empty_no_results
// CHECK-NEXT: return
// CHECK-LABEL: func.func @all_true_read
// CHECK: %0 = vector.transfer_read %arg0[%arg1], %cst : memref<?xf32>, vector<8xf32>
// CHECK-LABEL: func.func @all_true_write
// CHECK-NEXT: vector.transfer_write %arg2, %arg0[%arg1] : vector<8xf32>, memref<?xf32>
// CHECK-LABEL: func.func @create_true
// CHECK-NEXT: %0 = vector.reduction <add>, %arg2 : vector<8xf32> into f32
// CHECK-LABEL: func.func @not_all_true
// CHECK: %1 = vector.mask %0 { vector.reduction <add>, %arg2 : vector<8xf32> into f32 } : vector<8xi1> -> f32
// CHECK-LABEL: func.func @all_true_tensor
// CHECK-NEXT: %0 = vector.transfer_write %arg2, %arg0[%arg1] : vector<8xf32>, tensor<?xf32>
func.func @empty_no_passthru(%m: vector<8xi1>, %a: vector<8xf32>) -> vector<8xf32> {
  %0 = vector.mask %m { vector.yield %a : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

func.func @empty_passthru(%m: vector<8xi1>, %a: vector<8xf32>, %p: vector<8xf32>) -> vector<8xf32> {
  %0 = vector.mask %m, %p { vector.yield %a : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

func.func @empty_no_results(%m: vector<8xi1>) {
  vector.mask %m { vector.yield } : vector<8xi1>
  return
}

// -----

func.func @all_true_read(%t: memref<?xf32>, %i: index, %p: vector<8xf32>) -> vector<8xf32> {
  %f = arith.constant 0.0 : f32
  %m = vector.constant_mask [8] : vector<8xi1>
  %0 = vector.mask %m, %p { vector.transfer_read %t[%i], %f : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

func.func @all_true_write(%t: memref<?xf32>, %i: index, %v: vector<8xf32>) {
  %m = arith.constant dense<true> : vector<8xi1>
  vector.mask %m { vector.transfer_write %v, %t[%i] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  return
}

// -----

func.func @create_true(%t: memref<?xf32>, %i: index, %v: vector<8xf32>) -> f32 {
  %c8 = arith.constant 8 : index
  %m = vector.create_mask %c8 : vector<8xi1>
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0 : f32
}

// -----

func.func @not_all_true(%t: memref<?xf32>, %i: index, %v: vector<8xf32>) -> f32 {
  %m = vector.constant_mask [4] : vector<8xi1>
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0 : f32
}

// -----

func.func @all_true_tensor(%t: tensor<?xf32>, %i: index, %v: vector<8xf32>) -> tensor<?xf32> {
  %m = vector.constant_mask [8] : vector<8xi1>
  %0 = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
