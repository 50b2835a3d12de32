// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// Scalars print through the runner utilities: integers widened to i64
// (i1 and unsigned ones with zero extension), index unsigned, f16 and
// bf16 as their bits; the punctuation follows. Vectors are left for
// convert-vector-to-scf.

// CHECK: llvm.func @printString(!llvm.ptr)
// CHECK: llvm.mlir.global private constant @vector_print_str(dense<[104, 105, 10, 0]> : tensor<4xi8>) {addr_space = 0 : i32} : !llvm.array<4 x i8>
// CHECK: llvm.func @printClose()
// CHECK: llvm.func @printOpen()
// CHECK: llvm.func @printComma()
// CHECK: llvm.func @printBF16(i16)
// CHECK: llvm.func @printF16(i16)
// CHECK: llvm.func @printF64(f64)
// CHECK: llvm.func @printI64(i64)
// CHECK: llvm.func @printU64(i64)
// CHECK: llvm.func @printNewline()
// CHECK: llvm.func @printF32(f32)
// CHECK-LABEL: func.func @scalars
// CHECK: %[[U:.*]] = builtin.unrealized_conversion_cast %arg7 : ui16 to i16
// CHECK: %[[IDX:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK: llvm.call @printF32(%arg0) : (f32) -> ()
// CHECK-NEXT: llvm.call @printNewline() : () -> ()
// CHECK-NEXT: llvm.call @printU64(%[[IDX]]) : (i64) -> ()
// CHECK: %[[S:.*]] = arith.extsi %arg2 : i8 to i64
// CHECK-NEXT: llvm.call @printI64(%[[S]]) : (i64) -> ()
// CHECK: %[[B:.*]] = arith.extui %arg3 : i1 to i64
// CHECK-NEXT: llvm.call @printI64(%[[B]]) : (i64) -> ()
// CHECK: llvm.call @printF64(%arg4) : (f64) -> ()
// CHECK: %[[H:.*]] = llvm.bitcast %arg5 : f16 to i16
// CHECK-NEXT: llvm.call @printF16(%[[H]]) : (i16) -> ()
// CHECK: %[[BF:.*]] = llvm.bitcast %arg6 : bf16 to i16
// CHECK-NEXT: llvm.call @printBF16(%[[BF]]) : (i16) -> ()
// CHECK: %[[UX:.*]] = arith.extui %[[U]] : i16 to i64
// CHECK-NEXT: llvm.call @printU64(%[[UX]]) : (i64) -> ()
// CHECK: llvm.call @printI64(%arg8) : (i64) -> ()
// CHECK-NEXT: llvm.call @printComma() : () -> ()
// CHECK-NEXT: llvm.call @printNewline() : () -> ()
// CHECK-NEXT: llvm.call @printOpen() : () -> ()
// CHECK-NEXT: llvm.call @printClose() : () -> ()
// CHECK-NEXT: llvm.call @printF32(%arg0) : (f32) -> ()
// CHECK-NEXT: %[[A:.*]] = llvm.mlir.addressof @vector_print_str : !llvm.ptr
// CHECK-NEXT: %[[G:.*]] = llvm.getelementptr %[[A]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x i8>
// CHECK-NEXT: llvm.call @printString(%[[G]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: vector.print %arg9 : vector<2xf32>
func.func @scalars(%a: f32, %b: index, %c: i8, %d: i1, %e: f64, %h: f16, %bf: bf16, %u: ui16, %g: i64, %v: vector<2xf32>) {
  vector.print %a : f32
  vector.print %b : index
  vector.print %c : i8
  vector.print %d : i1
  vector.print %e : f64
  vector.print %h : f16
  vector.print %bf : bf16
  vector.print %u : ui16
  vector.print %g : i64 punctuation <comma>
  vector.print punctuation <newline>
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print %a : f32 punctuation <no_punctuation>
  vector.print str "hi\n"
  vector.print %v : vector<2xf32>
  return
}
