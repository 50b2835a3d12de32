// RUN: strata-translate --mlir-to-ptx --chip=sm_90a %s | FileCheck %s
// A kernel with a loop (block arguments), a call of a device function,
// a static shared array and a GEP into it.

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-NEXT: .address_size 64
// CHECK: .file 1 "{{.*}}loop.mlir"
// CHECK: .shared .align 16 .b8 smem[256];
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) square(
// CHECK: mul.rn.f32 [[SQ:%f[0-9]+]], [[X:%f[0-9]+]], {{%f[0-9]+}};
// CHECK: st.param.f32 [func_retval0], [[SQ]];
// CHECK-LABEL: .visible .entry sumsq(
// CHECK-NEXT: .param .u64 sumsq_param_0,
// CHECK-NEXT: .param .u64 sumsq_param_1,
// CHECK-NEXT: .param .u64 sumsq_param_2
// CHECK-NEXT: )
// CHECK-NEXT: .maxntid 128, 1, 1
// CHECK: ld.param.u64 [[A:%rd[0-9]+]], [sumsq_param_0];
// CHECK: ld.param.u64 [[N:%rd[0-9]+]], [sumsq_param_2];
// CHECK: mov.b64 [[I:%rd[0-9]+]], [[ZERO:%rd[0-9]+]];
// CHECK: bra.uni [[LOOP:\$L__BB1_1]];
// CHECK: [[LOOP]]:
// CHECK-NEXT: .loc 1 {{[0-9]+}} 15
// CHECK-NEXT: setp.ge.s64 [[P:%p[0-9]+]], [[I]], [[N]];
// CHECK: @[[P]] bra [[EXIT:\$L__BB1_3]];
// CHECK: mad.lo.s64 [[ADDR:%rd[0-9]+]], [[I]], 4, [[A]];
// CHECK-NEXT: .loc
// CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[ADDR]]{{\]}};
// CHECK: call.uni (retval0), square, (param0);
// CHECK: mov.u64 [[S:%rd[0-9]+]], smem;
// CHECK: add.s64 [[SP:%rd[0-9]+]], [[S]], 12;
// CHECK: st.shared.f32 {{\[}}[[SP]]{{\]}}, {{%f[0-9]+}};
// CHECK: bra.uni [[LOOP]];
// CHECK: [[EXIT]]:
// CHECK: st.global.f32
// CHECK: ret;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x f32>
    llvm.func @square(%x: f32) -> f32 {
      %y = llvm.fmul %x, %x : f32
      llvm.return %y : f32
    }
    llvm.func @sumsq(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %n: i64) attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
      %c0 = llvm.mlir.constant(0 : i64) : i64
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %z = llvm.mlir.constant(0.0 : f32) : f32
      llvm.br ^loop(%c0, %z : i64, f32)
    ^loop(%i: i64, %acc: f32):
      %done = llvm.icmp "sge" %i, %n : i64
      llvm.cond_br %done, ^exit, ^body
    ^body:
      %p = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %sq = llvm.call @square(%v) : (f32) -> f32
      %acc2 = llvm.fadd %acc, %sq : f32
      %s = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %sp = llvm.getelementptr %s[0, 3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<64 x f32>
      llvm.store %acc2, %sp : f32, !llvm.ptr<3>
      %i2 = llvm.add %i, %c1 : i64
      llvm.br ^loop(%i2, %acc2 : i64, f32)
    ^exit:
      llvm.store %acc, %b : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
