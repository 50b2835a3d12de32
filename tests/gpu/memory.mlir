// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The gpu dialect's memory operations: allocation (async, host_shared,
// symbol operands), deallocation, copies and fills with and without
// async dependencies.

// CHECK-LABEL: func.func @memory
// CHECK: %memref = gpu.alloc  (%arg0) : memref<?xf32, 1>
// CHECK: gpu.dealloc  %memref : memref<?xf32, 1>
// CHECK: %0 = gpu.wait async
// CHECK: %memref_0, %asyncToken = gpu.alloc async [%0] (%arg0) : memref<?xf32, 1>
// CHECK: %1 = gpu.dealloc async [%asyncToken] %memref_0 : memref<?xf32, 1>
// CHECK: %memref_1 = gpu.alloc  host_shared () : memref<4xf32>
// CHECK: %memref_2 = gpu.alloc  (%arg0)[%arg0] : memref<?xf32, #map>
// CHECK: gpu.memcpy  %arg2, %arg2 : memref<?xf32, 1>, memref<?xf32, 1>
// CHECK: gpu.memset  %arg3, %arg1 : memref<4xf32>, f32
// CHECK: %2 = gpu.memcpy async [%0, %1] %arg2, %arg2 : memref<?xf32, 1>, memref<?xf32, 1>
// CHECK: %3 = gpu.memset async %arg3, %arg1 : memref<4xf32>, f32
// CHECK: gpu.wait [%2, %3]
// CHECK: return
// GENERIC: "gpu.alloc"(%{{.*}}) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (index) -> memref<?xf32, 1>
// GENERIC: "gpu.alloc"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!gpu.async.token, index) -> (memref<?xf32, 1>, !gpu.async.token)
func.func @memory(%sz: index, %f: f32, %m: memref<?xf32, 1>, %m2: memref<4xf32>) {
  %mem = gpu.alloc (%sz) : memref<?xf32, 1>
  gpu.dealloc %mem : memref<?xf32, 1>
  %tok = gpu.wait async
  %mem2, %t1 = gpu.alloc async [%tok] (%sz) : memref<?xf32, 1>
  %t2 = gpu.dealloc async [%t1] %mem2 : memref<?xf32, 1>
  %mem3 = gpu.alloc host_shared () : memref<4xf32>
  %mem4 = gpu.alloc (%sz)[%sz] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  gpu.memcpy %m, %m : memref<?xf32, 1>, memref<?xf32, 1>
  gpu.memset %m2, %f : memref<4xf32>, f32
  %t3 = gpu.memcpy async [%tok, %t2] %m, %m : memref<?xf32, 1>, memref<?xf32, 1>
  %t4 = gpu.memset async %m2, %f : memref<4xf32>, f32
  gpu.wait [%t3, %t4]
  return
}
