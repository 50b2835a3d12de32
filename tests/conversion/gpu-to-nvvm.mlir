// RUN: strata-opt --convert-gpu-to-nvvm %s | FileCheck %s

// convert-gpu-to-nvvm: identifiers read PTX special registers with the
// ranges their known launch sizes give, the kernel gets nvvm.kernel and
// nvvm.maxntid, gpu.shuffle becomes nvvm.shfl.sync with its validity bit,
// math calls libdevice (the fast variant under afn, through f32 for f16,
// element by element for vectors), and the helper function gets its C
// interface.

gpu.module @kernels {
  gpu.func @scale(%a: f32, %out: memref<128xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 4, 1, 1>} {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %n = gpu.block_dim x
    %base = arith.muli %b, %n : index
    %i = arith.addi %base, %t : index
    %e = math.exp %a fastmath<afn> : f32
    %w = arith.constant 32 : i32
    %o = arith.constant 1 : i32
    %s, %valid = gpu.shuffle down %e, %o, %w : f32
    %r = arith.select %valid, %s, %e : f32
    gpu.barrier
    memref.store %r, %out[%t] : memref<128xf32>
    gpu.return
  }
  func.func @helpers(%h: f16, %v: vector<2xf64>) -> (f16, vector<2xf64>, index) {
    %th = math.tanh %h : f16
    %pv = math.powf %v, %v : vector<2xf64>
    %lane = gpu.lane_id
    return %th, %pv, %lane : f16, vector<2xf64>, index
  }
}

// CHECK: gpu.module @kernels {
// CHECK: llvm.func @__nv_fast_expf(f32) -> f32
// CHECK: llvm.func @scale(%arg0: f32, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64) attributes {gpu.kernel, gpu.known_block_size = array<i32: 128, 1, 1>, gpu.known_grid_size = array<i32: 4, 1, 1>, nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
// CHECK: %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %1 = llvm.insertvalue %arg1, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %2 = llvm.insertvalue %arg2, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %3 = llvm.insertvalue %arg3, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %4 = llvm.insertvalue %arg4, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %5 = llvm.insertvalue %arg5, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %6 = llvm.mlir.constant(1 : i32) : i32
// CHECK: %7 = llvm.mlir.constant(32 : i32) : i32
// CHECK: %8 = nvvm.read.ptx.sreg.tid.x range <i32, 0, 128> : i32
// CHECK: %9 = llvm.sext %8 : i32 to i64
// CHECK: %10 = llvm.call @__nv_fast_expf(%arg0) : (f32) -> f32
// CHECK: %11 = llvm.mlir.constant(1 : i32) : i32
// CHECK: %12 = llvm.mlir.constant(-1 : i32) : i32
// CHECK: %13 = llvm.mlir.constant(32 : i32) : i32
// CHECK: %14 = llvm.sub %13, %7 : i32
// CHECK: %15 = llvm.lshr %12, %14 : i32
// CHECK: %16 = llvm.sub %7, %11 : i32
// CHECK: %17 = nvvm.shfl.sync  down %15, %10, %6, %16 {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
// CHECK: %18 = llvm.extractvalue %17[0] : !llvm.struct<(f32, i1)>
// CHECK: %19 = llvm.extractvalue %17[1] : !llvm.struct<(f32, i1)>
// CHECK: %20 = llvm.select %19, %18, %10 : i1, f32
// CHECK: nvvm.barrier0
// CHECK: %21 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %22 = llvm.getelementptr inbounds|nuw %21[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: llvm.store %20, %22 : f32, !llvm.ptr
// CHECK: llvm.return
// CHECK: llvm.func @__nv_tanhf(f32) -> f32
// CHECK: llvm.func @__nv_pow(f64, f64) -> f64
// CHECK: llvm.func @helpers(%arg0: f16, %arg1: vector<2xf64>) -> !llvm.struct<(f16, vector<2xf64>, i64)> attributes {llvm.emit_c_interface} {
// CHECK: %0 = llvm.fpext %arg0 : f16 to f32
// CHECK: %1 = llvm.call @__nv_tanhf(%0) : (f32) -> f32
// CHECK: %2 = llvm.fptrunc %1 : f32 to f16
// CHECK: %3 = llvm.mlir.poison : vector<2xf64>
// CHECK: %4 = llvm.mlir.constant(0 : i64) : i64
// CHECK: %5 = llvm.extractelement %arg1[%4 : i64] : vector<2xf64>
// CHECK: %6 = llvm.extractelement %arg1[%4 : i64] : vector<2xf64>
// CHECK: %7 = llvm.call @__nv_pow(%5, %6) : (f64, f64) -> f64
// CHECK: %8 = llvm.insertelement %7, %3[%4 : i64] : vector<2xf64>
// CHECK: %9 = llvm.mlir.constant(1 : i64) : i64
// CHECK: %10 = llvm.extractelement %arg1[%9 : i64] : vector<2xf64>
// CHECK: %11 = llvm.extractelement %arg1[%9 : i64] : vector<2xf64>
// CHECK: %12 = llvm.call @__nv_pow(%10, %11) : (f64, f64) -> f64
// CHECK: %13 = llvm.insertelement %12, %8[%9 : i64] : vector<2xf64>
// CHECK: %14 = nvvm.read.ptx.sreg.laneid range <i32, 0, 32> : i32
// CHECK: %15 = llvm.sext %14 : i32 to i64
// CHECK: %16 = llvm.mlir.poison : !llvm.struct<(f16, vector<2xf64>, i64)>
// CHECK: %17 = llvm.insertvalue %2, %16[0] : !llvm.struct<(f16, vector<2xf64>, i64)>
// CHECK: %18 = llvm.insertvalue %13, %17[1] : !llvm.struct<(f16, vector<2xf64>, i64)>
// CHECK: %19 = llvm.insertvalue %15, %18[2] : !llvm.struct<(f16, vector<2xf64>, i64)>
// CHECK: llvm.return %19 : !llvm.struct<(f16, vector<2xf64>, i64)>
// CHECK: llvm.func @_mlir_ciface_helpers(%arg0: !llvm.ptr, %arg1: f16, %arg2: vector<2xf64>) attributes {llvm.emit_c_interface} {
// CHECK: %0 = llvm.call @helpers(%arg1, %arg2) : (f16, vector<2xf64>) -> !llvm.struct<(f16, vector<2xf64>, i64)>
// CHECK: llvm.store %0, %arg0 : !llvm.struct<(f16, vector<2xf64>, i64)>, !llvm.ptr
// CHECK: llvm.return
