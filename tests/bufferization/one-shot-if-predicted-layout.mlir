// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %s | FileCheck %s

// When the then region of an scf.if is rewritten, its yield casts its
// buffer to the result type known at that point: the else region is not
// rewritten yet, and the buffer of its tensor.empty (as of an
// arith.constant, a tensor.from_elements or tensor.splat, a
// tensor.generate or tensor.concat) is taken to have the fully dynamic
// layout of unknown-type-conversion; the branches then disagree and the
// result has that layout. The else yield casts to it too.
// CHECK-LABEL: func.func @empty
// CHECK: scf.if %{{.*}} -> (memref<?xf32, strided<[?], offset: ?>>)
// CHECK: memref.cast %{{.*}} : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK: } else {
// CHECK: memref.cast %{{.*}} : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
func.func @empty(%c: i1, %sz: index, %f: f32) -> tensor<?xf32> {
  %r = scf.if %c -> tensor<?xf32> {
    %a = tensor.empty(%sz) : tensor<?xf32>
    %b = linalg.fill ins(%f : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %b : tensor<?xf32>
  } else {
    %a = tensor.empty(%sz) : tensor<?xf32>
    scf.yield %a : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// An alloc_tensor, a tensor.pad and a to_tensor tell their buffer types
// before they are rewritten: the identity layout, which the then region's
// buffer has too.
// CHECK-LABEL: func.func @known
// CHECK: scf.if %{{.*}} -> (memref<4xf32>)
// CHECK-NOT: memref.cast
// CHECK: scf.if %{{.*}} -> (memref<4xf32>)
// CHECK-NOT: memref.cast
// CHECK: } else {
// CHECK-NOT: memref.cast
// CHECK: scf.yield
func.func @known(%c: i1, %u: tensor<2xf32>, %m: memref<4xf32>, %f: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = scf.if %c -> tensor<4xf32> {
    %a = tensor.empty() : tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  } else {
    %a = tensor.pad %u low[1] high[1] {
    ^bb0(%i: index):
      tensor.yield %f : f32
    } : tensor<2xf32> to tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  %s = scf.if %c -> tensor<4xf32> {
    %a = arith.constant dense<1.0> : tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  } else {
    %a = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

// Operations that do not tell their buffer types, in the else region.
// CHECK-LABEL: func.func @unknown_layouts
// CHECK-COUNT-4: scf.if %{{.*}} -> (memref<{{.*}}strided<[?], offset: ?>>)
func.func @unknown_layouts(%c: i1, %f: f32, %sz: index, %u: tensor<2xf32>) -> (tensor<4xf32>, tensor<2xf32>, tensor<?xf32>, tensor<4xf32>) {
  %r0 = scf.if %c -> tensor<4xf32> {
    %a = tensor.empty() : tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  } else {
    %a = arith.constant dense<2.0> : tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  %r1 = scf.if %c -> tensor<2xf32> {
    %a = tensor.from_elements %f, %f : tensor<2xf32>
    scf.yield %a : tensor<2xf32>
  } else {
    %a = tensor.splat %f : tensor<2xf32>
    scf.yield %a : tensor<2xf32>
  }
  %r2 = scf.if %c -> tensor<?xf32> {
    %a = bufferization.alloc_tensor(%sz) : tensor<?xf32>
    scf.yield %a : tensor<?xf32>
  } else {
    %a = tensor.generate %sz {
    ^bb0(%i: index):
      tensor.yield %f : f32
    } : tensor<?xf32>
    scf.yield %a : tensor<?xf32>
  }
  %r3 = scf.if %c -> tensor<4xf32> {
    %a = bufferization.alloc_tensor() : tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  } else {
    %a = tensor.concat dim(0) %u, %u : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  return %r0, %r1, %r2, %r3 : tensor<4xf32>, tensor<2xf32>, tensor<?xf32>, tensor<4xf32>
}
