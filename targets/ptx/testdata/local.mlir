// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Allocas live in the function's .local depot and are used through
// generic pointers; cttz is the leading zeros of the reversed bits.

// CHECK-LABEL: .visible .func (.param .b32 func_retval0) spill(
// CHECK: .local .align 8 .b8 __local_depot0[24];
// CHECK: mov.u64 [[L:%rd[0-9]+]], __local_depot0;
// CHECK-NEXT: cvta.local.u64 [[P:%rd[0-9]+]], [[L]];
// CHECK: mov.u64 [[L2:%rd[0-9]+]], __local_depot0;
// CHECK-NEXT: add.u64 [[L2]], [[L2]], 8;
// CHECK-NEXT: cvta.local.u64 {{%rd[0-9]+}}, [[L2]];
// CHECK: st.u32 {{\[}}[[P]]{{\]}},
// CHECK: brev.b32 [[R:%r[0-9]+]],
// CHECK-NEXT: clz.b32 {{%r[0-9]+}}, [[R]];
module {
  llvm.func @spill(%x: i32) -> i32 {
    %one = llvm.mlir.constant(1 : i32) : i32
    %two = llvm.mlir.constant(2 : i32) : i32
    %a = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
    %b = llvm.alloca %two x i64 : (i32) -> !llvm.ptr
    llvm.store %x, %a : i32, !llvm.ptr
    %y = llvm.load %a : !llvm.ptr -> i32
    %z = "llvm.intr.cttz"(%y) <{is_zero_poison = false}> : (i32) -> i32
    llvm.return %z : i32
  }
}
