gpu.module @m {
  gpu.func @k(%p: !llvm.ptr) kernel {
    %c = gpu.cluster_id x
    %i = index.casts %c : index to i32
    %j = index.ceildivu %c, %c
    llvm.store %i, %p : i32, !llvm.ptr
    gpu.return
  }
}
