// FLAGS: --gpu-to-llvm=use-bare-pointers-for-host=1
// use-bare-pointers-for-host: host functions take and return memrefs of
// static shape as pointers and rebuild their descriptors on entry; calls
// pass aligned pointers and rebuild the descriptors of results; returns
// return allocated pointers; kernels take the aligned pointers too.
// CHECK-LABEL: llvm.func @ext(!llvm.ptr) -> !llvm.ptr
// CHECK-LABEL: llvm.func @callee(%arg0: !llvm.ptr, %arg1: i64, %arg2: !llvm.ptr) -> !llvm.ptr
// CHECK: %[[R:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[A:.*]] = llvm.extractvalue %[[R]][0]
// CHECK-NEXT: llvm.return %[[A]] : !llvm.ptr
// CHECK-LABEL: llvm.func @caller(%arg0: !llvm.ptr) -> f32
// CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[E:.*]] = llvm.call @ext(%[[P]]) : (!llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @kernels::@kernel blocks in ({{.*}}) threads in ({{.*}}) : i64 args(%{{.*}} : !llvm.ptr)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @kernel(%a: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
  func.func private @ext(%a: memref<4xf32>) -> memref<2x3xi32>
  func.func @callee(%a: memref<4xf32>, %n: index, %b: memref<2x3xi32>) -> memref<2x3xi32> {
    %c1 = arith.constant 1 : index
    %v = memref.load %a[%n] : memref<4xf32>
    memref.store %v, %a[%c1] : memref<4xf32>
    return %b : memref<2x3xi32>
  }
  func.func @caller(%a: memref<4xf32>) -> f32 {
    %c1 = arith.constant 1 : index
    %r = call @ext(%a) : (memref<4xf32>) -> memref<2x3xi32>
    %s = call @callee(%a, %c1, %r) : (memref<4xf32>, index, memref<2x3xi32>) -> memref<2x3xi32>
    %t = gpu.wait async
    %t2 = gpu.launch_func async [%t] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    gpu.wait [%t2]
    %x = memref.load %a[%c1] : memref<4xf32>
    return %x : f32
  }
}

// -----

// Several results, one of them a memref: a struct of its pointer and
// the other result.
// CHECK-LABEL: llvm.func @multi(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, i32)>
func.func private @two() -> (memref<2xf32>, i32)
func.func @multi(%a: memref<2xf32>) -> (memref<2xf32>, i32) {
  %r:2 = call @two() : () -> (memref<2xf32>, i32)
  return %a, %r#1 : memref<2xf32>, i32
}

// -----

// No C interface wrapper under the bare-pointer convention; a strided
// layout with static strides and offset passes as a pointer.
// CHECK-LABEL: llvm.func @cif(%arg0: !llvm.ptr) attributes {llvm.emit_c_interface}
// CHECK-LABEL: llvm.func @strided(%arg0: !llvm.ptr) -> f32
// CHECK: %[[O:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT: llvm.insertvalue %[[O]], %{{.*}}[2]
// CHECK: %[[S:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: llvm.insertvalue %[[S]], %{{.*}}[4, 0]
func.func @cif(%a: memref<2xf32>) attributes {llvm.emit_c_interface} {
  return
}
func.func @strided(%a: memref<2x2xf32, strided<[4, 1], offset: 2>>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0, %c0] : memref<2x2xf32, strided<[4, 1], offset: 2>>
  return %v : f32
}
