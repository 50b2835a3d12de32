// FLAGS: -convert-gpu-to-nvvm=use-bare-ptr-memref-call-conv=1
// Memref arguments of static shape pass as bare pointers; a used one is
// rebuilt as the descriptor of its static shape, an unused one is not.
// CHECK: llvm.func @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr<3>, %arg2: i64) attributes {gpu.kernel, nvvm.kernel}
// CHECK: llvm.insertvalue %arg0, %{{.*}}[0]
// CHECK: llvm.insertvalue %arg0, %{{.*}}[1]
// CHECK: llvm.mlir.constant(16 : index)
// CHECK: llvm.insertvalue %{{.*}}[3, 0]
gpu.module @k {
  gpu.func @f(%a: memref<16x8xf32>, %b: memref<4xf16, 3>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0, %n] : memref<16x8xf32>
    memref.store %v, %a[%n, %c0] : memref<16x8xf32>
    gpu.return
  }
}
