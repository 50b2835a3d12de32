// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of vector.mask: the masked operation printed inline, the
// implicit vector.yield of its results, an optional passthru, discardable
// attributes after the region, and empty masks.

// CHECK-LABEL: func.func @mask_ops
// CHECK: %0 = vector.mask %arg3, %arg4 { vector.transfer_read %arg0[%arg2], %cst : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: vector.mask %arg3 { vector.transfer_write %arg5, %arg1[%arg2] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
// CHECK: %1 = vector.mask %arg3 { vector.transfer_write %arg5, %arg0[%arg2] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
// CHECK: %2 = vector.mask %arg3 { vector.reduction <add>, %arg5 : vector<16xf32> into f32 } {tag} : vector<16xi1> -> f32
// CHECK: %3 = vector.mask %arg3 { vector.yield %arg5 : vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: vector.mask %arg3 { vector.yield } : vector<16xi1>
// CHECK: %4 = vector.mask %arg3 { vector.transfer_read %arg0[%arg2], %cst : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>

// GENERIC: = "vector.mask"(%{{.*}}, %{{.*}}) ({
// GENERIC-NEXT: %[[R:.*]] = "vector.transfer_read"
// GENERIC-NEXT: "vector.yield"(%[[R]]) : (vector<16xf32>) -> ()
// GENERIC-NEXT: }) : (vector<16xi1>, vector<16xf32>) -> vector<16xf32>
func.func @mask_ops(%t0: tensor<?xf32>, %m: memref<?xf32>, %idx: index, %m0: vector<16xi1>, %pt0: vector<16xf32>, %val: vector<16xf32>) -> (vector<16xf32>, tensor<?xf32>, f32, vector<16xf32>, vector<16xf32>) {
  %ft0 = arith.constant 0.0 : f32
  %0 = vector.mask %m0, %pt0 { vector.transfer_read %t0[%idx], %ft0 : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  vector.mask %m0 { vector.transfer_write %val, %m[%idx] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
  %1 = vector.mask %m0 { vector.transfer_write %val, %t0[%idx] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %2 = vector.mask %m0 { vector.reduction <add>, %val : vector<16xf32> into f32 } {tag} : vector<16xi1> -> f32
  %3 = vector.mask %m0 { vector.yield %val : vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  vector.mask %m0 { } : vector<16xi1>
  // An explicit terminator is kept as written.
  %4 = vector.mask %m0 {
    %r = vector.transfer_read %t0[%idx], %ft0 : tensor<?xf32>, vector<16xf32>
    vector.yield %r : vector<16xf32>
  } : vector<16xi1> -> vector<16xf32>
  return %0, %1, %2, %3, %4 : vector<16xf32>, tensor<?xf32>, f32, vector<16xf32>, vector<16xf32>
}

// CHECK-LABEL: func.func @maskable_ops
// CHECK: %0 = vector.mask %arg3 { vector.multi_reduction <add>, %arg0, %arg2 [1] : vector<4x8xf32> to vector<4xf32> } : vector<4x8xi1> -> vector<4xf32>
// CHECK: %1 = vector.mask %arg3 { vector.outerproduct %arg2, %arg6, %arg0 {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK: %2 = vector.mask %arg4 { vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg5 : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32> } : vector<4x4x8xi1> -> vector<4x4xf32>
// CHECK: %3 = vector.mask %arg7 { vector.transfer_read %arg8[%arg9, %arg9], %cst {permutation_map = #map3} : memref<?x?xf32>, vector<8x4xf32> } : vector<4x8xi1> -> vector<8x4xf32>
// CHECK: %4 = vector.mask %arg10 { vector.reduction <add>, %arg11 : vector<[4]xf32> into f32 } : vector<[4]xi1> -> f32
func.func @maskable_ops(%v2: vector<4x8xf32>, %v3: vector<8x4xf32>, %acc: vector<4xf32>, %m2: vector<4x8xi1>, %m3: vector<4x4x8xi1>, %v4: vector<4x4xf32>, %b8: vector<8xf32>, %mt: vector<4x8xi1>, %mm: memref<?x?xf32>, %i: index, %ms: vector<[4]xi1>, %vs: vector<[4]xf32>) -> (vector<4xf32>, vector<4x8xf32>, vector<4x4xf32>, vector<8x4xf32>, f32) {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %m2 { vector.multi_reduction <add>, %v2, %acc [1] : vector<4x8xf32> to vector<4xf32> } : vector<4x8xi1> -> vector<4xf32>
  %1 = vector.mask %m2 { vector.outerproduct %acc, %b8, %v2 {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %2 = vector.mask %m3 { vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %v2, %v3, %v4 : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32> } : vector<4x4x8xi1> -> vector<4x4xf32>
  // The mask of a transposing read has the shape of the memory slice.
  %3 = vector.mask %mt { vector.transfer_read %mm[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<8x4xf32> } : vector<4x8xi1> -> vector<8x4xf32>
  %4 = vector.mask %ms { vector.reduction <add>, %vs : vector<[4]xf32> into f32 } : vector<[4]xi1> -> f32
  return %0, %1, %2, %3, %4 : vector<4xf32>, vector<4x8xf32>, vector<4x4xf32>, vector<8x4xf32>, f32
}
