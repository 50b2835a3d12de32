// RUN: strata-opt --one-shot-bufferize %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize --canonicalize %s | FileCheck %s --check-prefix=CANON

// The tensor.insert into a new tensor may not write it in place (the
// scf.if's result may be the read-only argument, so the return reads a
// copy): its new buffer needs no copy of the contents of the allocation,
// which nothing defined, and that allocation, no longer used, goes.
// CHECK-LABEL: func.func @write_to_alloc_tensor_or_readonly_tensor
// CHECK: } else {
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<i32>
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][]
// CHECK-NEXT: memref.cast %[[A]]
// CANON-LABEL: func.func @write_to_alloc_tensor_or_readonly_tensor
// CANON-NOT: memref.copy
func.func @write_to_alloc_tensor_or_readonly_tensor(%arg0: tensor<i32>, %cond: i1, %val: i32) -> tensor<i32> {
  %3 = scf.if %cond -> (tensor<i32>) {
    scf.yield %arg0 : tensor<i32>
  } else {
    %7 = bufferization.alloc_tensor() : tensor<i32>
    %8 = tensor.insert %val into %7[] : tensor<i32>
    scf.yield %8 : tensor<i32>
  }
  return %3 : tensor<i32>
}
