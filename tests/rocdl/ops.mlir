// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of the rocdl operations the lowerings produce.

llvm.func @ops(%a: f32, %i: i32, %p: !llvm.ptr<3>, %g: !llvm.ptr<1>, %b: i1, %h: vector<4xf16>, %c: vector<4xf32>, %w: vector<16xf16>, %acc: vector<8xf32>) {
  // CHECK: rocdl.workitem.id.x range <i32, 0, 64> : i32
  // GENERIC: "rocdl.workitem.id.x"() <{range = #llvm.constant_range<i32, 0, 64>}> : () -> i32
  %0 = rocdl.workitem.id.x range <i32, 0, 64> : i32
  // CHECK: rocdl.workgroup.dim.y : i32
  %1 = rocdl.workgroup.dim.y : i32
  // CHECK: rocdl.mbcnt.lo %{{.*}}, %{{.*}} {res_attrs = [{llvm.noundef, llvm.range = #llvm.constant_range<i32, 0, 32>}]} : (i32, i32) -> i32
  %2 = rocdl.mbcnt.lo %i, %i {res_attrs = [{llvm.noundef, llvm.range = #llvm.constant_range<i32, 0, 32>}]} : (i32, i32) -> i32
  // CHECK: rocdl.ds_bpermute %{{.*}}, %{{.*}} : (i32, i32) -> i32
  %3 = rocdl.ds_bpermute %i, %i : (i32, i32) -> i32
  // CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 257, 10, 15, false : i32
  // GENERIC: "rocdl.update.dpp"(%{{.*}}, %{{.*}}) <{bankMask = 15 : i32, boundCtrl = false, dppCtrl = 257 : i32, rowMask = 10 : i32}> : (i32, i32) -> i32
  %4 = rocdl.update.dpp %i, %i with 257, 10, 15, false : i32
  // CHECK: rocdl.permlane32.swap %{{.*}}, %{{.*}}, false, true : (i32, i32) -> <(i32, i32)>
  %5 = rocdl.permlane32.swap %i, %i, false, true : (i32, i32) -> <(i32, i32)>
  // CHECK: rocdl.readfirstlane %{{.*}} : f32
  %6 = rocdl.readfirstlane %a : f32
  // CHECK: rocdl.make.buffer.rsrc %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <1> to <8>
  %s16 = llvm.mlir.constant(0 : i16) : i16
  %n = llvm.mlir.constant(64 : i64) : i64
  %r = rocdl.make.buffer.rsrc %g, %s16, %n, %i : !llvm.ptr<1> to !llvm.ptr<8>
  // CHECK: rocdl.raw.ptr.buffer.load %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  %7 = rocdl.raw.ptr.buffer.load %r, %i, %i, %i : vector<4xf32>
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  rocdl.raw.ptr.buffer.store %7, %r, %i, %i, %i : vector<4xf32>
  // CHECK: rocdl.raw.ptr.buffer.atomic.cmpswap %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32
  %8 = rocdl.raw.ptr.buffer.atomic.cmpswap %i, %i, %r, %i, %i, %i : i32
  // CHECK: rocdl.mfma.f32.16x16x16f16 %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %9 = rocdl.mfma.f32.16x16x16f16 %h, %h, %c, %i, %i, %i : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  // CHECK: rocdl.wmma.f32.16x16x16.f16 %{{.*}}, %{{.*}}, %{{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
  %10 = rocdl.wmma.f32.16x16x16.f16 %w, %w, %acc : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
  // CHECK: rocdl.ds.read.tr16.b64 %{{.*}} : <3> -> vector<4xf16>
  %11 = rocdl.ds.read.tr16.b64 %p : !llvm.ptr<3> -> vector<4xf16>
  // CHECK: rocdl.load.to.lds %{{.*}}, %{{.*}}, 4, 0, 0 : <1>
  rocdl.load.to.lds %g, %p, 4, 0, 0 : !llvm.ptr<1>
  // CHECK: rocdl.cvt.pk.fp8.f32 %{{.*}}, %{{.*}} -> %{{.*}}[true] : i32
  %12 = rocdl.cvt.pk.fp8.f32 %a, %a -> %i[true] : i32
  // CHECK: rocdl.s.waitcnt 49279
  rocdl.s.waitcnt 49279
  // CHECK: rocdl.sched.barrier 0
  rocdl.sched.barrier 0
  // CHECK: rocdl.barrier
  rocdl.barrier
  // CHECK: rocdl.s.barrier
  rocdl.s.barrier
  llvm.return
}
