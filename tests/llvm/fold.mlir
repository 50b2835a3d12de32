// RUN: strata-opt -canonicalize %s | FileCheck %s
// The folds of extractvalue, getelementptr and addressof.

// An extraction from an insertvalue chain is the inserted value, found
// past the insertions at other positions and into an inserted aggregate.
// CHECK-LABEL: llvm.func @extract_inserted
// CHECK-NOT: llvm.extractvalue
// CHECK: llvm.return %arg1 : i32
llvm.func @extract_inserted(%a : i32, %b : i32, %c : i64) -> i32 {
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32, i64)>
  %0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, i32, i64)>
  %1 = llvm.insertvalue %b, %0[1] : !llvm.struct<(i32, i32, i64)>
  %2 = llvm.insertvalue %c, %1[2] : !llvm.struct<(i32, i32, i64)>
  %v = llvm.mlir.undef : !llvm.struct<(struct<(i32, i32, i64)>, f32)>
  %3 = llvm.insertvalue %2, %v[0] : !llvm.struct<(struct<(i32, i32, i64)>, f32)>
  %4 = llvm.extractvalue %3[0, 1] : !llvm.struct<(struct<(i32, i32, i64)>, f32)>
  llvm.return %4 : i32
}

// Not found: the extraction moves past the insertions at other positions;
// an extraction from an extraction joins the positions.
// CHECK-LABEL: llvm.func @extract_container
// CHECK: %[[E:.*]] = llvm.extractvalue %arg0[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
// CHECK: llvm.return %[[E]]
llvm.func @extract_container(%s : !llvm.struct<(struct<(i32, i32)>, i32)>, %b : i32) -> i32 {
  %0 = llvm.insertvalue %b, %s[1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %1 = llvm.extractvalue %0[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %2 = llvm.extractvalue %1[1] : !llvm.struct<(i32, i32)>
  llvm.return %2 : i32
}

// An insertion of a part of the extracted position stops the search.
// CHECK-LABEL: llvm.func @extract_prefix
// CHECK: %[[I:.*]] = llvm.insertvalue
// CHECK: llvm.extractvalue %[[I]][0]
llvm.func @extract_prefix(%s : !llvm.array<2 x array<2 x f32>>, %f : f32) -> !llvm.array<2 x f32> {
  %0 = llvm.insertvalue %f, %s[0, 1] : !llvm.array<2 x array<2 x f32>>
  %1 = llvm.extractvalue %0[0] : !llvm.array<2 x array<2 x f32>>
  llvm.return %1 : !llvm.array<2 x f32>
}

// A getelementptr of the index 0 is its base; constant dynamic indices
// become constant ones.
// CHECK-LABEL: llvm.func @gep
// CHECK: %[[P:.*]] = llvm.getelementptr %arg0[2, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
// CHECK: llvm.store %arg1, %arg0 : i32, !llvm.ptr
// CHECK: llvm.store %arg1, %[[P]] : i32, !llvm.ptr
llvm.func @gep(%p : !llvm.ptr, %v : i32) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c2 = llvm.mlir.constant(2 : i64) : i64
  %0 = llvm.getelementptr %p[%c0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %1 = llvm.getelementptr %p[%c2, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.store %v, %0 : i32, !llvm.ptr
  llvm.store %v, %1 : i32, !llvm.ptr
  llvm.return
}

// The address of a global is a constant: one per function, at its start.
// CHECK-LABEL: llvm.func @addresses
// CHECK-NEXT: %[[G:.*]] = llvm.mlir.addressof @g : !llvm.ptr
// CHECK-NOT: llvm.mlir.addressof
// CHECK: llvm.store %arg0, %[[G]]
// CHECK: llvm.store %arg0, %[[G]]
llvm.mlir.global internal @g(0 : i32) : i32
llvm.func @addresses(%v : i32, %c : i1) {
  llvm.cond_br %c, ^a, ^b
^a:
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.store %v, %0 : i32, !llvm.ptr
  llvm.br ^b
^b:
  %1 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.store %v, %1 : i32, !llvm.ptr
  llvm.return
}
