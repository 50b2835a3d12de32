// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// 0-D vectors are vectors of one element: extract and insert work on
// lane 0, a broadcast of a scalar to a 0-D vector inserts it without a
// shuffle, a 0-D source of a broadcast is read first, fma, load and store
// work on vector<1xT>.

// CHECK: builtin.unrealized_conversion_cast %arg0 : vector<f32> to vector<1xf32>
// CHECK: llvm.insertelement %arg1, %{{.*}}[%{{.*}} : i32] : vector<1xf32>
// CHECK: llvm.extractelement %{{.*}}[%{{.*}} : i64] : vector<1xf32>
// CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0, 0] : vector<4xf32>
// CHECK: llvm.insertelement %arg1, %{{.*}}[%{{.*}} : i64] : vector<1xf32>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<1xf32>
// CHECK: llvm.getelementptr
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr
// CHECK: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<1xf32>, vector<1xf32>, vector<1xf32>) -> vector<1xf32>
// GENERIC: "llvm.intr.fmuladd"
func.func @g(%a: vector<f32>, %s: f32, %m: memref<f32>, %n: memref<4xf32>, %i: index) -> (f32, vector<f32>, vector<4xf32>, vector<f32>, vector<f32>, vector<f32>, vector<f32>) {
  %1 = vector.broadcast %s : f32 to vector<f32>
  %3 = vector.extract %a[] : f32 from vector<f32>
  %4 = vector.broadcast %a : vector<f32> to vector<4xf32>
  %5 = vector.insert %s, %a[] : f32 into vector<f32>
  %9 = vector.load %m[] : memref<f32>, vector<f32>
  %11 = vector.load %n[%i] : memref<4xf32>, vector<f32>
  vector.store %a, %m[] : memref<f32>, vector<f32>
  vector.store %a, %n[%i] : memref<4xf32>, vector<f32>
  %10 = vector.fma %a, %a, %a : vector<f32>
  return %3, %1, %4, %5, %9, %10, %11 : f32, vector<f32>, vector<4xf32>, vector<f32>, vector<f32>, vector<f32>, vector<f32>
}
