// RUN: not strata-opt --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %s 2>&1 | FileCheck %s

// A function rewrites its block signatures after the operations of its
// body, then its returns, then its type: when the signature of a block
// fails, the notes show the body rewritten, the entry block's arguments
// already buffers read back as tensors, and the returns and the
// function's type still on tensors.

// CHECK: one-shot-block-signature-failure.mlir:19:1: error: 'func.func' op could not infer buffer type of block argument
// CHECK-NEXT: func.func @no_predecessor
// CHECK: note: see current operation:
// CHECK-NEXT: "func.func"() <{function_type = (tensor<5xf32>, index) -> tensor<5xf32>, sym_name = "no_predecessor"}> ({
// CHECK-NEXT: ^bb0(%arg0: memref<5xf32, strided<[?], offset: ?>>, %arg1: index):
// CHECK-NEXT:   %0 = "bufferization.to_tensor"(%arg0) : (memref<5xf32, strided<[?], offset: ?>>) -> tensor<5xf32>
// CHECK-NEXT:   "func.return"(%0) : (tensor<5xf32>) -> ()
// CHECK-NEXT: ^bb1(%1: tensor<5xf32>):  // no predecessors
// CHECK-NEXT:   "func.return"(%1) : (tensor<5xf32>) -> ()
// CHECK: error: failed to bufferize op
func.func @no_predecessor(%t: tensor<5xf32>, %i: index) -> tensor<5xf32> {
  return %t : tensor<5xf32>
^bb1(%a: tensor<5xf32>):
  return %a : tensor<5xf32>
}

// -----

// The blocks after the one whose argument fails are rewritten too: their
// alloc_tensor operations are gone, replaced by memref.alloc read back
// as tensors for the branches, which stay on tensors.

// CHECK: one-shot-block-signature-failure.mlir:48:1: error: 'func.func' op incoming operands of block argument have inconsistent memory spaces
// CHECK: note: see current operation:
// CHECK-NEXT: "func.func"() <{function_type = (i1) -> tensor<5xf32>, sym_name = "memory_spaces"}> ({
// CHECK-NEXT: ^bb0(%arg0: i1):
// CHECK-NEXT:   %0 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<5xf32>
// CHECK-NEXT:   %1 = "bufferization.to_tensor"(%0) : (memref<5xf32>) -> tensor<5xf32>
// CHECK-NEXT:   "cf.cond_br"(%arg0, %1)[^bb1, ^bb2]
// CHECK-NEXT: ^bb1(%2: tensor<5xf32>):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   "func.return"(%2) : (tensor<5xf32>) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %3 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<5xf32, 1 : ui64>
// CHECK-NEXT:   %4 = "bufferization.to_tensor"(%3) : (memref<5xf32, 1 : ui64>) -> tensor<5xf32>
// CHECK-NEXT:   "cf.br"(%4)[^bb1] : (tensor<5xf32>) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK: error: failed to bufferize op
// CHECK: note: see current operation:
// CHECK-NEXT: "func.func"() <{function_type = (i1) -> tensor<5xf32>, sym_name = "memory_spaces"}> ({
func.func @memory_spaces(%c: i1) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2
^bb1(%a: tensor<5xf32>):
  return %a : tensor<5xf32>
^bb2:
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  cf.br ^bb1(%1 : tensor<5xf32>)
}

// -----

// An operation that asks for the buffer of such an argument fails first,
// before any block signature is rewritten: the other block's argument is
// still a tensor, the branch passing it on tensors, and the alloc_tensor
// the branch in the block after it passes is replaced by a memref.alloc
// read back as a tensor.

// CHECK: error: 'scf.execute_region' op incoming operands of block argument have inconsistent memory spaces
// CHECK: note: see current operation:
// CHECK-NEXT: %4 = "scf.execute_region"() ({
// CHECK-NEXT:   "cf.cond_br"(%arg1, %1, %3)[^bb2, ^bb1]
// CHECK-NEXT: ^bb1(%5: tensor<5xf32>):  // pred: ^bb0
// CHECK-NEXT:   "cf.br"(%5)[^bb2] : (tensor<5xf32>) -> ()
// CHECK-NEXT: ^bb2(%6: tensor<5xf32>):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   %7 = "tensor.extract"(%6, %arg0) : (tensor<5xf32>, index) -> f32
// CHECK: error: failed to bufferize op
// CHECK-NEXT: %e = tensor.extract %a[%i] : tensor<5xf32>
func.func @execute_region_read(%i: index, %c: i1) -> f32 {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  %r = scf.execute_region -> f32 {
    cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2(%1 : tensor<5xf32>)
  ^bb2(%b: tensor<5xf32>):
    cf.br ^bb1(%b : tensor<5xf32>)
  ^bb1(%a: tensor<5xf32>):
    %e = tensor.extract %a[%i] : tensor<5xf32>
    scf.yield %e : f32
  }
  return %r : f32
}

// -----

// CHECK: error: 'func.func' op incoming operands of block argument have inconsistent memory spaces
// CHECK: note: see current operation:
// CHECK-NEXT: "func.func"() <{function_type = (index, i1) -> f32, sym_name = "read"}> ({
// CHECK-NEXT: ^bb0(%arg0: index, %arg1: i1):
// CHECK-NEXT:   %0 = "memref.alloc"()
// CHECK-NEXT:   %1 = "bufferization.to_tensor"(%0)
// CHECK-NEXT:   %2 = "memref.alloc"()
// CHECK-NEXT:   %3 = "bufferization.to_tensor"(%2)
// CHECK-NEXT:   "cf.cond_br"(%arg1, %1)[^bb1, ^bb2]
// CHECK-NEXT: ^bb1(%4: tensor<5xf32>):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %5 = "tensor.extract"(%4, %arg0) : (tensor<5xf32>, index) -> f32
// CHECK-NEXT:   "func.return"(%5) : (f32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   "cf.br"(%3)[^bb1] : (tensor<5xf32>) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK: error: failed to bufferize op
// CHECK-NEXT: %e = tensor.extract %a[%i] : tensor<5xf32>
func.func @read(%i: index, %c: i1) -> f32 {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2
^bb1(%a: tensor<5xf32>):
  %e = tensor.extract %a[%i] : tensor<5xf32>
  return %e : f32
^bb2:
  cf.br ^bb1(%1 : tensor<5xf32>)
}

// -----

// The argument of a block after the failing operation is a tensor for
// the branch there, which is not rewritten yet.

// CHECK: error: 'func.func' op incoming operands of block argument have inconsistent memory spaces
// CHECK: note: see current operation:
// CHECK:      ^bb2(%6: tensor<5xf32>):  // pred: ^bb0
// CHECK-NEXT:   "cf.br"(%6)[^bb1] : (tensor<5xf32>) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK: error: failed to bufferize op
func.func @later_block(%i: index, %c: i1) -> f32 {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2(%1 : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %e = tensor.extract %a[%i] : tensor<5xf32>
  return %e : f32
^bb2(%b: tensor<5xf32>):
  cf.br ^bb1(%b : tensor<5xf32>)
}

// -----

// Before the function's own rewriting, its arguments are tensors: what is
// rewritten reads them through bufferization.to_buffer.

// CHECK: error: 'func.func' op incoming operands of block argument have inconsistent memory spaces
// CHECK: note: see current operation:
// CHECK-NEXT: "func.func"() <{function_type = (tensor<5xf32>, i1, index) -> f32, sym_name = "arguments"}> ({
// CHECK-NEXT: ^bb0(%arg0: tensor<5xf32>, %arg1: i1, %arg2: index):
// CHECK-NEXT:   %0 = "bufferization.to_buffer"(%arg0) : (tensor<5xf32>) -> memref<5xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %1 = "memref.alloc"()
// CHECK-NEXT:   %2 = "bufferization.to_tensor"(%1)
// CHECK-NEXT:   %3 = "memref.load"(%0, %arg2)
// CHECK-NEXT:   "cf.cond_br"(%arg1, %arg0, %2)[^bb1, ^bb2]
// CHECK: error: failed to bufferize op
func.func @arguments(%t: tensor<5xf32>, %c: i1, %i: index) -> f32 {
  %0 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  %x = tensor.extract %t[%i] : tensor<5xf32>
  cf.cond_br %c, ^bb1(%t : tensor<5xf32>), ^bb2(%0 : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %y = tensor.extract %a[%i] : tensor<5xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
^bb2(%b: tensor<5xf32>):
  cf.br ^bb1(%b : tensor<5xf32>)
}
