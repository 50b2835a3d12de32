// RUN: strata-opt --split-input-file --verify-diagnostics %s

// nvvm.mbarrier.arrive: a CTA or cluster scope, and no state from a
// barrier of another block of the cluster.

llvm.func @remote_state(%p: !llvm.ptr<7>) {
  // expected-error @below {{mbarrier in shared_cluster space cannot return any value}}
  %t = nvvm.mbarrier.arrive %p : !llvm.ptr<7> -> i64
  llvm.return
}

// -----

llvm.func @gpu_scope(%p: !llvm.ptr<3>) {
  // expected-error @below {{mbarrier scope must be either CTA or Cluster}}
  nvvm.mbarrier.arrive %p {scope = #nvvm.mem_scope<gpu>} : !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @global_barrier(%p: !llvm.ptr<1>) {
  // expected-error @below {{'nvvm.mbarrier.arrive' op operand #0 must be}}
  nvvm.mbarrier.arrive %p : !llvm.ptr<1>
  llvm.return
}
