// RUN: strata-opt --convert-cf-to-llvm %s | FileCheck %s

// cf.assert branches to a block at the end of the region that prints the
// message (a private global per assertion) with puts and aborts.

// CHECK: llvm.mlir.global private constant @assert_msg_1(dense<0> : tensor<1xi8>)
// CHECK: llvm.mlir.global private constant @assert_msg_0(dense<[115, 101, 99, 111, 110, 100, 0]> : tensor<7xi8>)
// CHECK: llvm.func @abort()
// CHECK: llvm.func @puts(!llvm.ptr)
// CHECK: llvm.mlir.global private constant @assert_msg(dense<[120, 32, 62, 32, 48, 0]> : tensor<6xi8>) {addr_space = 0 : i32} : !llvm.array<6 x i8>

// CHECK-LABEL: func.func @f
// CHECK: llvm.cond_br %arg0, ^bb1, ^bb5
// CHECK: ^bb1:
// CHECK-NEXT: llvm.cond_br %arg1, ^bb2, ^bb6
// CHECK: ^bb3(%[[X:.*]]: i32):
// CHECK-NEXT: llvm.cond_br %arg1, ^bb4, ^bb7
// CHECK: ^bb5:
// CHECK-NEXT: %[[A:.*]] = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT: %[[G:.*]] = llvm.getelementptr %[[A]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<6 x i8>
// CHECK-NEXT: llvm.call @puts(%[[G]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @abort() : () -> ()
// CHECK-NEXT: llvm.unreachable
// CHECK: llvm.mlir.addressof @assert_msg_0
// CHECK: llvm.mlir.addressof @assert_msg_1
func.func @f(%c: i1, %d: i1, %x: i32) -> i32 {
  cf.assert %c, "x > 0"
  cf.assert %d, "second"
  cf.br ^bb1(%x : i32)
^bb1(%y: i32):
  cf.assert %d, ""
  return %y : i32
}
