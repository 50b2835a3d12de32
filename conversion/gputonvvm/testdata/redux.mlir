// FLAGS: -convert-gpu-to-nvvm=has-redux=1
// With has-redux, a uniform reduction of i32 over the whole subgroup is
// one nvvm.redux.sync with the full mask.
// CHECK-LABEL: llvm.func @reduce
// CHECK: %[[M:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: nvvm.redux.sync  add %arg0, %[[M]] : i32 -> i32
// CHECK: nvvm.redux.sync  and
// CHECK: nvvm.redux.sync  or
// CHECK: nvvm.redux.sync  xor
// CHECK: nvvm.redux.sync  min
// CHECK: nvvm.redux.sync  max
gpu.module @kernels {
  gpu.func @reduce(%v: i32) -> i32 {
    %r = gpu.subgroup_reduce add %v uniform : (i32) -> (i32)
    %a = gpu.subgroup_reduce and %r uniform : (i32) -> (i32)
    %o = gpu.subgroup_reduce or %a uniform : (i32) -> (i32)
    %x = gpu.subgroup_reduce xor %o uniform : (i32) -> (i32)
    %mn = gpu.subgroup_reduce minsi %x uniform : (i32) -> (i32)
    %mx = gpu.subgroup_reduce maxsi %mn uniform : (i32) -> (i32)
    gpu.return %mx : i32
  }
}
