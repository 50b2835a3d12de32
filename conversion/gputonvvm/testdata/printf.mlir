// gpu.printf calls vprintf with a constant format string and the
// arguments in a stack struct; equal strings share one global.
// CHECK: llvm.mlir.global internal constant @printfFormat_1("Hello: %d %f\0A\00") {addr_space = 0 : i32}
// CHECK: llvm.mlir.global internal constant @printfFormat_0("Hello: %d\0A\00") {addr_space = 0 : i32}
// CHECK: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @test_printf
// CHECK: %[[F:.*]] = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
// CHECK-NEXT: %[[S:.*]] = llvm.getelementptr %[[F]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<11 x i8>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %[[A:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(i32)> : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %[[A]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32)>
// CHECK-NEXT: llvm.store %arg0, %[[P]] : i32, !llvm.ptr
// CHECK-NEXT: llvm.call @vprintf(%[[S]], %[[A]]) : (!llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.fpext %arg1 : f32 to f64
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, f64)> : (i64) -> !llvm.ptr
// CHECK: llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
gpu.module @test_module {
  gpu.func @test_printf(%arg0: i32, %arg1: f32) {
    gpu.printf "Hello: %d\n", %arg0 : i32
    gpu.printf "Hello: %d %f\n", %arg0, %arg1 : i32, f32
    gpu.printf "Hello: %d\n", %arg0 : i32
    gpu.return
  }
}

// -----

// Index, small integer, f16 and f64 arguments; a global of the module
// with the same string is reused.
// CHECK-LABEL: gpu.module @m
// CHECK: llvm.mlir.global internal constant @printfFormat_1("x %lld %d %f %f\0A\00")
// CHECK: llvm.fpext %{{.*}} : f16 to f64
// CHECK: llvm.fpext %{{.*}} : f64 to f64
// CHECK: !llvm.struct<(i64, i8, f64, f64)>
// CHECK: llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<()> : (i64) -> !llvm.ptr
gpu.module @m {
  llvm.mlir.global internal constant @printfFormat_0("other\00") {addr_space = 0 : i32}
  func.func @f(%a: index, %b: i8, %c: f16, %d: f64) {
    gpu.printf "x %lld %d %f %f\n", %a, %b, %c, %d : index, i8, f16, f64
    gpu.printf "other"
    return
  }
}

// -----

// An existing declaration of vprintf is used.
// CHECK-LABEL: gpu.module @m2
// CHECK-NEXT: llvm.mlir.global internal constant @printfFormat_0("k\0A\00")
// CHECK-NEXT: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-NEXT: llvm.func @k()
gpu.module @m2 {
  llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  gpu.func @k() kernel {
    gpu.printf "k\n"
    gpu.return
  }
}
