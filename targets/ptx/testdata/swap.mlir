// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Block arguments that swap on the back edge need a parallel move; a
// conditional branch with operands on both edges goes through an edge
// label. sm_80 is the default target.

// CHECK: .version 7.0
// CHECK-NEXT: .target sm_80
// CHECK-LABEL: .visible .func (.param .b32 func_retval0) fib(
// CHECK: $L__BB0_1:
// CHECK-NEXT: add.s32 {{%r[0-9]+}}, [[A:%r[0-9]+]], [[B:%r[0-9]+]];
// CHECK: @!{{%p[0-9]+}} bra [[EDGE:\$L__edge0_[0-9]+]];
// CHECK-NEXT: mov.b32 [[T1:%r[0-9]+]], [[B]];
// CHECK-NEXT: mov.b32 [[T2:%r[0-9]+]], [[A]];
// CHECK-NEXT: mov.b32 [[A]], [[T1]];
// CHECK-NEXT: mov.b32 [[B]], [[T2]];
// CHECK-NEXT: mov.b32
// CHECK-NEXT: bra.uni $L__BB0_1;
// CHECK-NEXT: [[EDGE]]:
// CHECK-NEXT: mov.b32
// CHECK-NEXT: bra.uni $L__BB0_2;
// CHECK: $L__BB0_2:
// CHECK-NEXT: st.param.b32 [func_retval0],
module {
  llvm.func @fib(%n: i32) -> i32 {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^loop(%c0, %c1, %n : i32, i32, i32)
  ^loop(%a: i32, %b: i32, %k: i32):
    %s = llvm.add %a, %b : i32
    %k2 = llvm.sub %k, %c1 : i32
    %more = llvm.icmp "sgt" %k2, %c0 : i32
    llvm.cond_br %more, ^loop(%b, %a, %k2 : i32, i32, i32), ^done(%s : i32)
  ^done(%r: i32):
    llvm.return %r : i32
  }
}
