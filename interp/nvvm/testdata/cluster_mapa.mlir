// The distributed shared memory of a cluster of two blocks: block r
// stores 10 r + 7 into the other block's shared cell through an address
// mapped by nvvm.mapa, and arrives on its own mbarrier and, through a
// mapped address, on the other block's; each mbarrier expects the two
// arrivals, so that its phase completes only after the other block's
// store. Each block then prints its rank and the value of its cell.
module {
  llvm.mlir.global internal @bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
  llvm.mlir.global internal @cell() {addr_space = 3 : i32, alignment = 4 : i64} : i32
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %c0i = arith.constant 0 : i32
      %c1i = arith.constant 1 : i32
      %c2i = arith.constant 2 : i32
      %c7i = arith.constant 7 : i32
      %c10i = arith.constant 10 : i32
      %ticks = arith.constant 1000000 : i32
      %bar = llvm.mlir.addressof @bar : !llvm.ptr<3>
      %cell = llvm.mlir.addressof @cell : !llvm.ptr<3>
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %leader = arith.cmpi eq, %tid, %c0i : i32
      nvvm.mbarrier.init %bar, %c2i, predicate = %leader : !llvm.ptr<3>, i32, i1
      nvvm.cluster.arrive
      nvvm.cluster.wait
      scf.if %leader {
        %peer = arith.subi %c1i, %rank : i32
        %gbar = llvm.addrspacecast %bar : !llvm.ptr<3> to !llvm.ptr
        %gcell = llvm.addrspacecast %cell : !llvm.ptr<3> to !llvm.ptr
        %rbar = nvvm.mapa %gbar, %peer : !llvm.ptr -> !llvm.ptr
        %rcell = nvvm.mapa %gcell, %peer : !llvm.ptr -> !llvm.ptr
        %v0 = arith.muli %rank, %c10i : i32
        %v = arith.addi %v0, %c7i : i32
        llvm.store %v, %rcell : i32, !llvm.ptr
        %s0 = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64
        %s1 = nvvm.mbarrier.arrive %rbar : !llvm.ptr -> i64
      }
      nvvm.mbarrier.try_wait.parity %bar, %c0i, %ticks : !llvm.ptr<3>, i32, i32
      scf.if %leader {
        %x = llvm.load %cell : !llvm.ptr<3> -> i32
        vector.print %rank : i32
        vector.print %x : i32
      }
      // Neither block leaves while the other may still access its memory.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.terminator
    }
    return
  }
}
// Block 1 gets past its wait first: block 0's arrival on it is the
// last of the two.
// CHECK: 1
// CHECK-NEXT: 7
// CHECK-NEXT: 0
// CHECK-NEXT: 17
