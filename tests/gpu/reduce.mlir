// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of gpu.all_reduce, gpu.subgroup_reduce with clusters, the
// cluster and subgroup identifiers, printf, host registration and the
// dynamic shared memory.

func.func @f(%a: f32, %v: vector<4xf32>, %i: i32, %u: memref<*xf32>) {
  %0 = gpu.cluster_id x
  %1 = gpu.cluster_dim y upper_bound 8
  %2 = gpu.cluster_block_id z
  %3 = gpu.cluster_dim_blocks x
  %4 = gpu.subgroup_id : index
  %5 = gpu.num_subgroups upper_bound 4 : index
  %6 = gpu.subgroup_size : index
  %7 = gpu.subgroup_reduce add %a cluster(size = 4) : (f32) -> f32
  %8 = gpu.subgroup_reduce maxnumf %v uniform cluster(size = 4, stride = 2) : (vector<4xf32>) -> vector<4xf32>
  %9 = gpu.all_reduce minsi %i {} : (i32) -> (i32)
  gpu.printf "x %d %f", %i, %a : i32, f32
  gpu.set_default_device %i
  gpu.host_register %u : memref<*xf32>
  gpu.host_unregister %u : memref<*xf32>
  %10 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
  %11 = gpu.lane_id upper_bound 32
  %12 = gpu.block_id x upper_bound 10
  gpu.barrier
  return
}

// CHECK-LABEL: func.func @f
// CHECK: %cluster_id_x = gpu.cluster_id  x
// CHECK: %cluster_dim_y = gpu.cluster_dim  y upper_bound 8
// CHECK: %cluster_block_id_z = gpu.cluster_block_id  z
// CHECK: %cluster_dim_blocks_x = gpu.cluster_dim_blocks  x
// CHECK: %0 = gpu.subgroup_id : index
// CHECK: %1 = gpu.num_subgroups upper_bound 4 : index
// CHECK: %2 = gpu.subgroup_size : index
// CHECK: %3 = gpu.subgroup_reduce  add %arg0 cluster(size = 4) : (f32) -> f32
// CHECK: %4 = gpu.subgroup_reduce  maxnumf %arg1 uniform cluster(size = 4, stride = 2) : (vector<4xf32>) -> vector<4xf32>
// CHECK: %5 = gpu.all_reduce  minsi %arg2 {
// CHECK: gpu.printf "x %d %f", %arg2, %arg0 : i32, f32
// CHECK: gpu.set_default_device %arg2
// CHECK: gpu.host_register %arg3 : memref<*xf32>
// CHECK: gpu.host_unregister %arg3 : memref<*xf32>
// CHECK: %6 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %7 = gpu.lane_id upper_bound 32
// CHECK: %block_id_x = gpu.block_id  x upper_bound 10
// CHECK: gpu.barrier

// GENERIC: %0 = "gpu.cluster_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC: %1 = "gpu.cluster_dim"() <{dimension = #gpu<dim y>, upper_bound = 8 : index}> : () -> index
// GENERIC: %2 = "gpu.cluster_block_id"() <{dimension = #gpu<dim z>}> : () -> index
// GENERIC: %3 = "gpu.cluster_dim_blocks"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC: %4 = "gpu.subgroup_id"() : () -> index
// GENERIC: %5 = "gpu.num_subgroups"() <{upper_bound = 4 : index}> : () -> index
// GENERIC: %6 = "gpu.subgroup_size"() : () -> index
// GENERIC: %7 = "gpu.subgroup_reduce"(%arg0) <{cluster_size = 4 : i32, cluster_stride = 1 : i32, op = #gpu<all_reduce_op add>}> : (f32) -> f32
// GENERIC: %8 = "gpu.subgroup_reduce"(%arg1) <{cluster_size = 4 : i32, cluster_stride = 2 : i32, op = #gpu<all_reduce_op maxnumf>, uniform}> : (vector<4xf32>) -> vector<4xf32>
// GENERIC: %9 = "gpu.all_reduce"(%arg2) <{op = #gpu<all_reduce_op minsi>}> ({
// GENERIC: "gpu.printf"(%arg2, %arg0) <{format = "x %d %f"}> : (i32, f32) -> ()
// GENERIC: "gpu.set_default_device"(%arg2) : (i32) -> ()
// GENERIC: "gpu.host_register"(%arg3) : (memref<*xf32>) -> ()
// GENERIC: "gpu.host_unregister"(%arg3) : (memref<*xf32>) -> ()
// GENERIC: %10 = "gpu.dynamic_shared_memory"() : () -> memref<?xi8, #gpu.address_space<workgroup>>
// GENERIC: %11 = "gpu.lane_id"() <{upper_bound = 32 : index}> : () -> index
// GENERIC: %12 = "gpu.block_id"() <{dimension = #gpu<dim x>, upper_bound = 10 : index}> : () -> index
// GENERIC: "gpu.barrier"() : () -> ()
