// RUN: strata-translate --mlir-to-ptx --chip=sm_90 --no-line-info %s | FileCheck %s
// Loads and stores through generic pointers that derive from a kernel's
// pointer parameters (through a memref descriptor's fields, getelementptr,
// a select and a loop's block argument) use the global state space, the
// address converted by cvta.to.global; a pointer read from memory, a
// field never inserted and the parameters of a device function stay
// generic.

// CHECK-LABEL: .visible .func (.param .f32 func_retval0) helper(
// CHECK-NOT: .global
// CHECK: ld.f32
// CHECK-LABEL: .visible .entry rows(
// CHECK: cvta.to.global.u64 [[A:%rd[0-9]+]], {{%rd[0-9]+}};
// CHECK-NEXT: ld.global.v4.b32 {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, {{\[}}[[A]]{{\]}};
// CHECK: cvta.to.global.u64 [[P:%rd[0-9]+]], {{%rd[0-9]+}};
// CHECK-NEXT: ld.global.u64 [[Q:%rd[0-9]+]], {{\[}}[[P]]{{\]}};
// CHECK: ld.f32 {{%f[0-9]+}}, {{\[}}[[Q]]{{\]}};
// CHECK: ld.f32
// CHECK: {{\$L__BB[0-9]+_1}}:
// CHECK: cvta.to.global.u64 [[S:%rd[0-9]+]], {{%rd[0-9]+}};
// CHECK-NEXT: st.global.f32 {{\[}}[[S]]{{\]}}, {{%f[0-9]+}};
// CHECK: ld.shared.f32
llvm.mlir.global internal @smem() {addr_space = 3 : i32} : !llvm.array<4 x f32>
llvm.func @helper(%p: !llvm.ptr) -> f32 {
  %v = llvm.load %p : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func @rows(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %off: i64, %n: i64, %pp: !llvm.ptr, %c: i1) attributes {gpu.kernel} {
  %u = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>)>
  %d0 = llvm.insertvalue %alloc, %u[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>)>
  %d1 = llvm.insertvalue %aligned, %d0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>)>
  %d2 = llvm.insertvalue %off, %d1[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>)>
  %base = llvm.extractvalue %d2[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>)>
  %at = llvm.getelementptr %base[%off] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
  %x = llvm.load %at : !llvm.ptr -> vector<8xbf16>
  %q = llvm.load %pp : !llvm.ptr -> !llvm.ptr
  %y = llvm.load %q : !llvm.ptr -> f32
  %never = llvm.extractvalue %u[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>)>
  %z = llvm.load %never : !llvm.ptr -> f32
  %s = llvm.select %c, %base, %alloc : i1, !llvm.ptr
  llvm.br ^loop(%s : !llvm.ptr)
^loop(%p: !llvm.ptr):
  %sum = llvm.fadd %y, %z : f32
  llvm.store %sum, %p : f32, !llvm.ptr
  %next = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %sh = llvm.mlir.addressof @smem : !llvm.ptr<3>
  %w = llvm.load %sh : !llvm.ptr<3> -> f32
  %h = llvm.call @helper(%next) : (!llvm.ptr) -> f32
  %e = llvm.fadd %w, %h : f32
  %stop = llvm.fcmp "olt" %e, %y : f32
  llvm.cond_br %stop, ^loop(%next : !llvm.ptr), ^done
^done:
  llvm.return
}
