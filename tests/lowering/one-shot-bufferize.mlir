// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// CHECK: memref.global "private" constant @__constant_2x2xf32_0
// CHECK-LABEL: func.func @main
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK: linalg.matmul
// CHECK: memref.store
// CHECK: memref.cast %{{.*}} : memref<2x2xf32> to memref<*xf32>
func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %x = arith.constant 3.0 : f32
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %z = linalg.fill ins(%x : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%z : tensor<2x2xf32>) -> tensor<2x2xf32>
  %v = tensor.extract %m[%c1, %c1] : tensor<2x2xf32>
  %m2 = tensor.insert %v into %m[%c1, %c1] : tensor<2x2xf32>
  %u = tensor.cast %m2 : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %alloc) -> (memref<4xf32>)
// CHECK-NOT: memref.copy
func.func @loop(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<4xf32>) {
    %v = tensor.extract %t[%i] : tensor<4xf32>
    %w = arith.addf %v, %x : f32
    %u = tensor.insert %w into %t[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  %f = tensor.extract %r[%c1] : tensor<4xf32>
  return %f : f32
}
