// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// A vector.mask of a 1-D reduction becomes an llvm.intr.vp.reduce.* with
// the mask and the whole vector as explicit length, starting from the
// accumulator or the kind's neutral value; masked transfers stay (upstream
// folds them into masked transfers with lower-vector-mask).

// CHECK-LABEL: func.func @red
// CHECK-NEXT: %0 = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK-NEXT: %1 = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %2 = "llvm.intr.vp.reduce.fadd"(%0, %arg1, %arg0, %1) : (f32, vector<8xf32>, vector<8xi1>, i32) -> f32
// CHECK-LABEL: func.func @red_acc
// CHECK-NEXT: %0 = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %1 = "llvm.intr.vp.reduce.fmul"(%arg2, %arg1, %arg0, %0)
// CHECK-LABEL: func.func @red_i
// CHECK: "llvm.intr.vp.reduce.add"
// CHECK: %3 = llvm.mlir.constant(-2147483648 : i32) : i32
// CHECK: "llvm.intr.vp.reduce.smax"
// CHECK: "llvm.intr.vp.reduce.umin"
// CHECK: "llvm.intr.vp.reduce.and"
// CHECK-LABEL: func.func @red_fm
// CHECK: "llvm.intr.vp.reduce.fadd"
// CHECK-LABEL: func.func @mx
// CHECK-NEXT: %0 = llvm.mlir.constant(0x7FC00000 : f32) : f32
// CHECK: "llvm.intr.vp.reduce.fmax"
// CHECK: "llvm.intr.vp.reduce.fmin"(%arg2,
// CHECK-LABEL: func.func @transfer
// CHECK: vector.mask %arg2 { vector.transfer_read
func.func @red(%k: vector<8xi1>, %v: vector<8xf32>) -> f32 {
  %0 = vector.mask %k { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0 : f32
}
func.func @red_acc(%k: vector<8xi1>, %v: vector<8xf32>, %a: f32) -> f32 {
  %0 = vector.mask %k { vector.reduction <mul>, %v, %a : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0 : f32
}
func.func @red_i(%k: vector<4xi1>, %v: vector<4xi32>) -> (i32, i32, i32, i32) {
  %0 = vector.mask %k { vector.reduction <add>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %1 = vector.mask %k { vector.reduction <maxsi>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %2 = vector.mask %k { vector.reduction <minui>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %3 = vector.mask %k { vector.reduction <and>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
func.func @red_fm(%k: vector<8xi1>, %v: vector<8xf32>) -> f32 {
  %0 = vector.mask %k { vector.reduction <add>, %v fastmath<fast> : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0 : f32
}
func.func @mx(%k: vector<8xi1>, %v: vector<8xf32>, %a: f32) -> (f32, f32) {
  %0 = vector.mask %k { vector.reduction <maxnumf>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %1 = vector.mask %k { vector.reduction <minnumf>, %v, %a : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0, %1 : f32, f32
}
func.func @transfer(%m: memref<?xf32>, %i: index, %k: vector<8xi1>) -> vector<8xf32> {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %k { vector.transfer_read %m[%i], %f {in_bounds = [true]} : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}
