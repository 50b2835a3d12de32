// RUN: strata-opt --convert-func-to-llvm %s | FileCheck %s

// Memref arguments and results cross function boundaries unpacked; calls,
// bodiless callees included, unpack their memref operands; several
// results are returned in a struct.

// CHECK: llvm.func @printMemrefF32(i64, !llvm.ptr) attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @id(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64)
// CHECK: llvm.insertvalue %arg5, %{{.*}}[4, 0]
// CHECK-LABEL: llvm.func @two
// CHECK: llvm.return %{{.*}} : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i64)>
// CHECK-LABEL: llvm.func @caller
// CHECK: llvm.call @printMemrefF32(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr) -> ()
func.func private @printMemrefF32(memref<*xf32>)
func.func @id(%a: memref<4x?xf32, strided<[?, ?], offset: ?>>, %b: memref<f32>) -> memref<4x?xf32, strided<[?, ?], offset: ?>> {
  return %a : memref<4x?xf32, strided<[?, ?], offset: ?>>
}
func.func @two(%a: memref<2xf32>, %i: index) -> (memref<2xf32>, index) {
  return %a, %i : memref<2xf32>, index
}
func.func @caller(%a: memref<4x?xf32, strided<[?, ?], offset: ?>>, %b: memref<f32>, %u: memref<*xf32>, %s: memref<2xf32>) {
  %r = call @id(%a, %b) : (memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<f32>) -> memref<4x?xf32, strided<[?, ?], offset: ?>>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %c = arith.constant 1 : index
  %x:2 = call @two(%s, %c) : (memref<2xf32>, index) -> (memref<2xf32>, index)
  return
}

// CHECK-LABEL: llvm.func @f
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
func.func @f(%i: index, %a: memref<?xf32>, %j: index, %u: memref<*xf32>) -> (index, memref<?xf32>) {
  %v = memref.load %a[%i] : memref<?xf32>
  cf.br ^bb1(%j : index)
^bb1(%k: index):
  return %k, %a : index, memref<?xf32>
}
