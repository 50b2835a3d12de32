// RUN: strata-opt --convert-func-to-llvm %s | FileCheck %s

// llvm.emit_c_interface: a defined function gets a _mlir_ciface_ wrapper
// taking pointers to descriptors; a declaration gets a private body that
// passes its descriptors on the stack to the declared _mlir_ciface_.

// CHECK-LABEL: llvm.func @f(
// CHECK-LABEL: llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr, %arg1: i64) -> f32 attributes {llvm.emit_c_interface}
// CHECK: llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-LABEL: llvm.func private @ext(
// CHECK: llvm.call @_mlir_ciface_ext
// CHECK: llvm.func @_mlir_ciface_ext(!llvm.ptr, i64, !llvm.ptr)
// CHECK-LABEL: llvm.func @_mlir_ciface_g(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> i64
func.func @f(%a: memref<?xf32>, %i: index) -> f32 attributes {llvm.emit_c_interface} {
  %v = memref.load %a[%i] : memref<?xf32>
  return %v : f32
}
func.func private @ext1(%a: memref<2xf32>, %x: f32) -> f32 attributes {llvm.emit_c_interface}

func.func private @ext(%a: memref<2xf32>, %i: index, %b: memref<f32>) attributes {llvm.emit_c_interface}
func.func @g(%a: memref<2xf32>, %b: memref<*xf32>) -> index attributes {llvm.emit_c_interface} {
  %c = arith.constant 1 : index
  return %c : index
}
