// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// Function arguments are writable unless marked
// `bufferization.writable = false`; each function records which of its
// arguments it reads and writes, and a call copies an operand its callee
// writes when the caller may not write it or reads it afterwards.

// The callee writes its argument in place and returns it.
// CHECK-LABEL: func.func @inner(
// CHECK-SAME: %[[A:.*]]: memref<?xf32, strided<[?], offset: ?>>) -> (memref<?xf32, strided<[?], offset: ?>>, f32)
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[A]][
// CHECK: return %[[A]],
func.func @inner(%t: tensor<?xf32>) -> (tensor<?xf32>, f32) {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<?xf32>
  %1 = tensor.extract %0[%c1] : tensor<?xf32>
  return %0, %1 : tensor<?xf32>, f32
}

// A writable argument is passed as it is.
// CHECK-LABEL: func.func @writable(
// CHECK-NOT: memref.alloc
// CHECK: call @inner(%arg0)
func.func @writable(%t0: tensor<?xf32> {bufferization.writable = true}) -> (f32, tensor<?xf32>) {
  %0, %1 = call @inner(%t0) : (tensor<?xf32>) -> (tensor<?xf32>, f32)
  return %1, %0 : f32, tensor<?xf32>
}

// An argument that may not be written is copied before the call.
// CHECK-LABEL: func.func @not_writable(
// CHECK: %[[ALLOC:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %arg0, %[[ALLOC]]
// CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[ALLOC]]
// CHECK-NEXT: call @inner(%[[CAST]])
func.func @not_writable(%t0: tensor<?xf32> {bufferization.writable = false}) -> (f32, tensor<?xf32>) {
  %0, %1 = call @inner(%t0) : (tensor<?xf32>) -> (tensor<?xf32>, f32)
  return %1, %0 : f32, tensor<?xf32>
}

// An argument read after the call is copied before it.
// CHECK-LABEL: func.func @read_after_call(
// CHECK: %[[ALLOC:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %arg0, %[[ALLOC]]
// CHECK: call @inner(
// CHECK: memref.load %arg0[
func.func @read_after_call(%t0: tensor<?xf32>) -> f32 {
  %c2 = arith.constant 2 : index
  %0, %1 = call @inner(%t0) : (tensor<?xf32>) -> (tensor<?xf32>, f32)
  %2 = tensor.extract %t0[%c2] : tensor<?xf32>
  return %2 : f32
}

// A callee that writes its argument without reading it: the copy gets no
// contents.
// CHECK-LABEL: func.func @does_not_read(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%arg0 :
func.func @does_not_read(%t: tensor<?xf32>) -> tensor<?xf32> {
  %f0 = arith.constant 0.0 : f32
  %r = linalg.fill ins(%f0 : f32) outs(%t : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @calls_does_not_read(
// CHECK: memref.alloc(
// CHECK-NOT: memref.copy
// CHECK: call @does_not_read(
func.func @calls_does_not_read(%t: tensor<?xf32> {bufferization.writable = false}) -> f32 {
  %0 = call @does_not_read(%t) : (tensor<?xf32>) -> (tensor<?xf32>)
  %idx = arith.constant 4 : index
  %r = tensor.extract %0[%idx] : tensor<?xf32>
  return %r : f32
}

// A chain of calls down to an external function, which may write its
// arguments: only the function whose argument may not be written copies.
// CHECK-LABEL: func.func @f1(
// CHECK-NOT: memref.alloc
// CHECK: call @f0(%arg0)
// CHECK-LABEL: func.func @f2(
// CHECK-NOT: memref.alloc
// CHECK: call @f1(%arg0)
// CHECK-LABEL: func.func @f3(
// CHECK: memref.alloc(
// CHECK: call @f2(
func.func private @f0(tensor<?xf32>) -> (f32)
func.func @f1(%t: tensor<?xf32>) -> (f32) {
  %0 = call @f0(%t) : (tensor<?xf32>) -> (f32)
  return %0 : f32
}
func.func @f2(%t: tensor<?xf32>) -> (f32) {
  %0 = call @f1(%t) : (tensor<?xf32>) -> (f32)
  return %0 : f32
}
func.func @f3(%t: tensor<?xf32> {bufferization.writable = false}) -> (f32) {
  %0 = call @f2(%t) : (tensor<?xf32>) -> (f32)
  return %0 : f32
}

// A call in a loop whose result is the iteration's own buffer: the loop
// carries the argument's buffer, with no copy.
// CHECK-LABEL: func.func @inner_store(
// CHECK-LABEL: func.func @equivalent_in_loop(
// CHECK-NOT: memref.alloc
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %arg0) -> (memref<?xf32, strided<[?], offset: ?>>)
// CHECK: %[[R:.*]] = func.call @inner_store(%[[T]])
// CHECK: scf.yield %[[R]]
func.func @inner_store(%t: tensor<?xf32>) -> tensor<?xf32> {
  %f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @equivalent_in_loop(%t0: tensor<?xf32>, %c0: index, %c10: index, %c1: index) -> tensor<?xf32> {
  %1 = scf.for %iv = %c0 to %c10 step %c1 iter_args(%t1 = %t0) -> (tensor<?xf32>) {
    %3 = func.call @inner_store(%t1) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %3 : tensor<?xf32>
  }
  return %1 : tensor<?xf32>
}

// The loop yields its iteration's tensor unchanged while the callee
// writes it: the call gets a copy, inside the loop.
// CHECK-LABEL: func.func @written_in_loop(
// CHECK: scf.for
// CHECK: memref.alloc(
// CHECK: memref.copy
// CHECK: func.call @inner_store(
func.func @written_in_loop(%t0: tensor<?xf32>, %c0: index, %c10: index, %c1: index) -> tensor<?xf32> {
  %1 = scf.for %iv = %c0 to %c10 step %c1 iter_args(%t1 = %t0) -> (tensor<?xf32>) {
    %3 = func.call @inner_store(%t1) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %t1 : tensor<?xf32>
  }
  return %1 : tensor<?xf32>
}

// A recursive call in one branch of an scf.if and a read of the same
// argument in the other do not conflict: the branches never both run.
// CHECK-LABEL: func.func @rec(
// CHECK-NOT: memref.alloc
// CHECK: func.call @rec(%arg0,
func.func @rec(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %u = func.call @rec(%t, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
