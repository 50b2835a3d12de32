// RUN: strata-opt --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{runtime=HIP}))' %s | FileCheck %s

// gpu.printf for the HIP runtime: the device library's printf calls
// (__ockl_printf_begin, then the format with its length counting the
// NUL, then the arguments seven at a time as 64-bit words: floats
// extended to f64 and bitcast, narrower integers zero-extended; the last
// call says it is the last).

// CHECK-LABEL: gpu.module @m
// CHECK: llvm.mlir.global internal constant @printfFormat_0("%d %f\0A\00") {addr_space = 0 : i32}
// CHECK: llvm.func @__ockl_printf_append_string_n(i64, !llvm.ptr, i64, i32) -> i64
// CHECK: llvm.func @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
// CHECK: llvm.func @__ockl_printf_begin(i64) -> i64
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[D:.*]] = llvm.call @__ockl_printf_begin(%[[Z]]) : (i64) -> i64
// CHECK: %[[A:.*]] = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
// CHECK: %[[S:.*]] = llvm.getelementptr %[[A]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<7 x i8>
// CHECK: %[[N:.*]] = llvm.mlir.constant(7 : i64) : i64
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[D1:.*]] = llvm.call @__ockl_printf_append_string_n(%[[D]], %[[S]], %[[N]], %[[ZERO]])
// CHECK: %[[C:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[I:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[E:.*]] = llvm.fpext %{{.*}} : f32 to f64
// CHECK: %[[F:.*]] = llvm.bitcast %[[E]] : f64 to i64
// CHECK: llvm.call @__ockl_printf_append_args(%[[D1]], %[[C]], %[[I]], %[[F]], %[[Z]], %[[Z]], %[[Z]], %[[Z]], %[[Z]], %[[ONE]])
gpu.module @m {
  gpu.func @k(%i: i32, %x: f32) kernel {
    gpu.printf "%d %f\n", %i, %x : i32, f32
    gpu.return
  }
}
