// The warp collectives of nvvm on one warp of 32 lanes, lane l holding l;
// the expected rows are computed by hand from the PTX ISA's definitions.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = memref.alloc() : memref<13x32xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %l = nvvm.read.ptx.sreg.laneid : i32
    %t = arith.index_cast %tx : index to i32
    %all = arith.constant -1 : i32
    %m1 = arith.constant -1 : i32
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %c3i = arith.constant 3 : i32
    %c4i = arith.constant 4 : i32
    %c5i = arith.constant 5 : i32
    %c10i = arith.constant 10 : i32
    %c31i = arith.constant 31 : i32
    // Segments of 8 lanes: segmask 0x18, clamp 0x1f.
    %seg8 = arith.constant 6175 : i32
    %bfly = nvvm.shfl.sync bfly %all, %l, %c1i, %c31i : i32 -> i32
    %up = nvvm.shfl.sync up %all, %l, %c1i, %c0i {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
    %upv = llvm.extractvalue %up[0] : !llvm.struct<(i32, i1)>
    %upok = llvm.extractvalue %up[1] : !llvm.struct<(i32, i1)>
    %ups = arith.select %upok, %upv, %m1 : i32
    %down = nvvm.shfl.sync down %all, %l, %c4i, %seg8 {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
    %downv = llvm.extractvalue %down[0] : !llvm.struct<(i32, i1)>
    %downok = llvm.extractvalue %down[1] : !llvm.struct<(i32, i1)>
    %downs = arith.select %downok, %downv, %m1 : i32
    %idx = nvvm.shfl.sync idx %all, %l, %c3i, %seg8 : i32 -> i32
    %r3 = arith.remui %l, %c3i : i32
    %p3 = arith.cmpi eq, %r3, %c0i : i32
    %ballot = nvvm.vote.sync ballot %all, %p3 -> i32
    %is5 = arith.cmpi eq, %l, %c5i : i32
    %any = nvvm.vote.sync any %all, %is5 -> i1
    %true = arith.cmpi sge, %l, %c0i : i32
    %allv = nvvm.vote.sync all %all, %true -> i1
    %lt31 = arith.cmpi slt, %l, %c31i : i32
    %all31 = nvvm.vote.sync all %all, %lt31 -> i1
    %uni = nvvm.vote.sync uni %all, %true -> i1
    %anyi = arith.extui %any : i1 to i32
    %alli = arith.extui %allv : i1 to i32
    %all31i = arith.extui %all31 : i1 to i32
    %unii = arith.extui %uni : i1 to i32
    %k1000 = arith.constant 1000 : i32
    %k100 = arith.constant 100 : i32
    %k10 = arith.constant 10 : i32
    %v1 = arith.muli %anyi, %k1000 : i32
    %v2 = arith.muli %alli, %k100 : i32
    %v3 = arith.muli %all31i, %k10 : i32
    %v12 = arith.addi %v1, %v2 : i32
    %v123 = arith.addi %v12, %v3 : i32
    %votes = arith.addi %v123, %unii : i32
    %add = nvvm.redux.sync add %l, %all : i32 -> i32
    %or = nvvm.redux.sync or %l, %all : i32 -> i32
    %fl = arith.sitofp %l : i32 to f32
    %fmax = nvvm.redux.sync fmax %fl, %all : f32 -> f32
    %fmaxi = arith.fptosi %fmax : f32 to i32
    %e = nvvm.elect.sync -> i1
    %ei = arith.extui %e : i1 to i32
    %lt10 = arith.cmpi slt, %l, %c10i : i32
    %lt10i = arith.extui %lt10 : i1 to i32
    %popc = nvvm.barrier #nvvm.reduction<popc> %lt10i -> i32
    // Lanes 0..15 alone, with the member mask 0xffff.
    %c16i = arith.constant 16 : i32
    %low = arith.cmpi slt, %l, %c16i : i32
    %half = scf.if %low -> (i32) {
      %mask = arith.constant 65535 : i32
      %s = nvvm.redux.sync add %l, %mask : i32 -> i32
      scf.yield %s : i32
    } else {
      scf.yield %m1 : i32
    }
    %rows = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    memref.store %t, %m[%rows, %tx] : memref<13x32xi32>
    memref.store %bfly, %m[%c1, %tx] : memref<13x32xi32>
    memref.store %ups, %m[%c2, %tx] : memref<13x32xi32>
    memref.store %downs, %m[%c3, %tx] : memref<13x32xi32>
    memref.store %idx, %m[%c4, %tx] : memref<13x32xi32>
    memref.store %ballot, %m[%c5, %tx] : memref<13x32xi32>
    memref.store %votes, %m[%c6, %tx] : memref<13x32xi32>
    memref.store %add, %m[%c7, %tx] : memref<13x32xi32>
    memref.store %or, %m[%c8, %tx] : memref<13x32xi32>
    memref.store %fmaxi, %m[%c9, %tx] : memref<13x32xi32>
    memref.store %ei, %m[%c10, %tx] : memref<13x32xi32>
    memref.store %popc, %m[%c11, %tx] : memref<13x32xi32>
    memref.store %half, %m[%c12, %tx] : memref<13x32xi32>
    gpu.terminator
  }
  %u = memref.cast %m : memref<13x32xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
// CHECK: {{\[\[}}0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31],
// bfly 1, clamp 31: neighbours swap.
// CHECK-NEXT: [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30],
// up 1, c = 0: maxLane = 0, lane 0 is invalid.
// CHECK-NEXT: [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
// down 4 in segments of 8: valid where l % 8 < 4.
// CHECK-NEXT: [4, 5, 6, 7, -1, -1, -1, -1, 12, 13, 14, 15, -1, -1, -1, -1, 20, 21, 22, 23, -1, -1, -1, -1, 28, 29, 30, 31, -1, -1, -1, -1],
// idx 3 in segments of 8: lane 3 of each segment.
// CHECK-NEXT: [3, 3, 3, 3, 3, 3, 3, 3, 11, 11, 11, 11, 11, 11, 11, 11, 19, 19, 19, 19, 19, 19, 19, 19, 27, 27, 27, 27, 27, 27, 27, 27],
// ballot of l % 3 == 0: bits 0, 3, ..., 30 = 0x49249249.
// CHECK-NEXT: [{{(1227133513, ){31}1227133513}}],
// any(l == 5) = 1, all(l >= 0) = 1, all(l < 31) = 0, uni(true) = 1.
// CHECK-NEXT: [{{(1101, ){31}1101}}],
// redux add: 0 + ... + 31.
// CHECK-NEXT: [{{(496, ){31}496}}],
// redux or: 31; fmax: 31.
// CHECK-NEXT: [{{(31, ){31}31}}],
// CHECK-NEXT: [{{(31, ){31}31}}],
// elect.sync: lane 0.
// CHECK-NEXT: [1, {{(0, ){30}0}}],
// bar.red.popc of l < 10.
// CHECK-NEXT: [{{(10, ){31}10}}],
// redux add over lanes 0..15 with mask 0xffff: 120.
// CHECK-NEXT: [{{(120, ){16}(-1, ){15}-1}}]]
