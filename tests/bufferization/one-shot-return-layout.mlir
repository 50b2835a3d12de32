// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// A function's result types are inferred from the buffers it returns
// (upstream's infer-layout-map): a constant's global and an argument are
// returned as they are; returns that disagree return the fully dynamic
// layout; callers are bufferized after their callees. Functions span
// several blocks.

// CHECK-LABEL: func.func @c() -> memref<4xf32>
// CHECK: return %0 : memref<4xf32>
func.func @c() -> tensor<4xf32> {
  %0 = arith.constant dense<1.0> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @two
// CHECK-SAME: -> memref<4xf32, strided<[?], offset: ?>>
// CHECK: return %arg0 : memref<4xf32, strided<[?], offset: ?>>
// CHECK: return %subview : memref<4xf32, strided<[?], offset: ?>>
func.func @two(%a: tensor<4xf32>, %b: tensor<8xf32>, %p: i1) -> tensor<4xf32> {
  %s = tensor.extract_slice %b[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  return %a : tensor<4xf32>
^bb2:
  return %s : tensor<4xf32>
}

// CHECK-LABEL: func.func @user
// CHECK: call @two(%arg0, %arg1, %arg2) : (memref<4xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>, i1) -> memref<4xf32, strided<[?], offset: ?>>
func.func @user(%a: tensor<4xf32>, %b: tensor<8xf32>, %p: i1) -> f32 {
  %r = call @two(%a, %b, %p) : (tensor<4xf32>, tensor<8xf32>, i1) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  return %x : f32
}

// A function on a call cycle returns the fully dynamic layout, as its
// callers must know its result types before it is rewritten.
// CHECK-LABEL: func.func @r
// CHECK-SAME: -> memref<4xf32, strided<[?], offset: ?>>
// CHECK: func.call @r(%arg0, %{{.*}}) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NOT: memref.copy
func.func @r(%a: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %res = scf.if %z -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @r(%a, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %res : tensor<4xf32>
}
