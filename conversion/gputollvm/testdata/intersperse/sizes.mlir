// intersperse-sizes-for-kernels with bare pointers: each memref operand
// is followed by its size in bytes.
// CHECK-LABEL: llvm.func @sizes
// CHECK-DAG: %[[S1:.*]] = llvm.mlir.constant(64 : index) : i64
// CHECK-DAG: %[[S2:.*]] = llvm.mlir.constant(6 : index) : i64
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @kernels::@kernel blocks in ({{.*}}) threads in ({{.*}}) : i64 args(%{{.*}} : !llvm.ptr, %[[S1]] : i64, %{{.*}} : !llvm.ptr, %[[S2]] : i64)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @kernel(%a: !llvm.ptr, %n: i64, %b: !llvm.ptr, %m: i64) attributes {gpu.kernel} {
      llvm.return
    }
  }
  func.func @sizes(%a: memref<4x4xf32>, %b: memref<3xi16>) {
    %c1 = arith.constant 1 : index
    %t = gpu.wait async
    %t2 = gpu.launch_func async [%t] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<3xi16>)
    gpu.wait [%t2]
    return
  }
}

// -----

// An operand that is not a memref is refused: the launch stays illegal.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @kernel(%a: i32) attributes {gpu.kernel} {
      llvm.return
    }
  }
  func.func @scalar(%a: i32) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : i32)
    return
  }
}

// -----

// A memref of i1 elements is refused (its elements are not whole bytes).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @kernel(%a: !llvm.ptr, %n: i64) attributes {gpu.kernel} {
      llvm.return
    }
  }
  func.func @bits(%a: memref<8xi1>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xi1>)
    return
  }
}
