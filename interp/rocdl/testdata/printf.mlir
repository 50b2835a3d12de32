// gpu.printf lowered by convert-gpu-to-rocdl{runtime=HIP} to the device
// library's printf calls (__ockl_printf_begin, _append_string_n,
// _append_args): two lanes print an i32, an f32 extended to f64, a
// negative i32 (its low 32 bits: C's int), an i64 (%ld) and a hex, then
// nine arguments, which take two _append_args calls.
//
// CHECK: t=0 f=1.500 n=1 l=-5000000000 1 m=-1
// CHECK-NEXT: 0 0 0 0 0 0 0 1 1.5
// CHECK-NEXT: t=1 f=1.500 n=0 l=-5000000000 1 m=-2
// CHECK-NEXT: 1 1 1 1 1 1 1 0 1.5
module attributes {gpu.container_module} {
  gpu.module @m [#rocdl.target<chip = "gfx942">] attributes {llvm.data_layout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"} {
    llvm.mlir.global internal constant @printfFormat_1("%d %d %d %d %d %d %d %d %g\0A\00") {addr_space = 0 : i32}
    llvm.mlir.global internal constant @printfFormat_0("t=%d f=%.3f n=%d l=%ld %x m=%d\0A\00") {addr_space = 0 : i32}
    llvm.func @__ockl_printf_append_string_n(i64, !llvm.ptr, i64, i32) -> i64
    llvm.func @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
    llvm.func @__ockl_printf_begin(i64) -> i64
    llvm.func @k(%arg0: f32, %arg1: i32, %arg2: i64) attributes {gpu.kernel, rocdl.kernel} {
      %0 = llvm.mlir.constant(0 : i32) : i32
      %1 = rocdl.workitem.id.x : i32
      %2 = llvm.sext %1 : i32 to i64
      %3 = llvm.trunc %2 : i64 to i32
      %4 = llvm.sub %arg1, %3 : i32
      %5 = llvm.sub %0, %3 : i32
      %6 = llvm.sub %5, %arg1 : i32
      %7 = llvm.mlir.constant(0 : i64) : i64
      %8 = llvm.call @__ockl_printf_begin(%7) : (i64) -> i64
      %9 = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
      %10 = llvm.getelementptr %9[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<32 x i8>
      %11 = llvm.mlir.constant(32 : i64) : i64
      %12 = llvm.mlir.constant(1 : i32) : i32
      %13 = llvm.mlir.constant(0 : i32) : i32
      %14 = llvm.call @__ockl_printf_append_string_n(%8, %10, %11, %13) : (i64, !llvm.ptr, i64, i32) -> i64
      %15 = llvm.mlir.constant(6 : i32) : i32
      %16 = llvm.zext %3 : i32 to i64
      %17 = llvm.fpext %arg0 : f32 to f64
      %18 = llvm.bitcast %17 : f64 to i64
      %19 = llvm.zext %4 : i32 to i64
      %20 = llvm.zext %arg1 : i32 to i64
      %21 = llvm.zext %6 : i32 to i64
      %22 = llvm.call @__ockl_printf_append_args(%14, %15, %16, %18, %19, %arg2, %20, %21, %7, %12) : (i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
      %23 = llvm.mlir.constant(0 : i64) : i64
      %24 = llvm.call @__ockl_printf_begin(%23) : (i64) -> i64
      %25 = llvm.mlir.addressof @printfFormat_1 : !llvm.ptr
      %26 = llvm.getelementptr %25[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<28 x i8>
      %27 = llvm.mlir.constant(28 : i64) : i64
      %28 = llvm.mlir.constant(1 : i32) : i32
      %29 = llvm.mlir.constant(0 : i32) : i32
      %30 = llvm.call @__ockl_printf_append_string_n(%24, %26, %27, %29) : (i64, !llvm.ptr, i64, i32) -> i64
      %31 = llvm.mlir.constant(7 : i32) : i32
      %32 = llvm.zext %3 : i32 to i64
      %33 = llvm.zext %3 : i32 to i64
      %34 = llvm.zext %3 : i32 to i64
      %35 = llvm.zext %3 : i32 to i64
      %36 = llvm.zext %3 : i32 to i64
      %37 = llvm.zext %3 : i32 to i64
      %38 = llvm.zext %3 : i32 to i64
      %39 = llvm.call @__ockl_printf_append_args(%30, %31, %32, %33, %34, %35, %36, %37, %38, %29) : (i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
      %40 = llvm.mlir.constant(2 : i32) : i32
      %41 = llvm.zext %4 : i32 to i64
      %42 = llvm.fpext %arg0 : f32 to f64
      %43 = llvm.bitcast %42 : f64 to i64
      %44 = llvm.call @__ockl_printf_append_args(%39, %40, %41, %43, %23, %23, %23, %23, %23, %28) : (i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
      llvm.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 1.500000e+00 : f32
    %c1_i32 = arith.constant 1 : i32
    %c-5000000000_i64 = arith.constant -5000000000 : i64
    gpu.launch_func  @m::@k blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)  args(%cst : f32, %c1_i32 : i32, %c-5000000000_i64 : i64)
    return
  }
}

