// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// 1-D broadcast of a scalar, extract and insert at static positions (n-D
// vectors as arrays of 1-D vectors), fma, reductions, load and store on a
// memref of static strides.

// CHECK-LABEL: func.func @ops
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg3 : memref<2x4xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg2 : vector<2x2xi8> to !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %3 = llvm.mlir.poison : vector<4xf32>
// CHECK-NEXT: %4 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %5 = llvm.insertelement %arg0, %3[%4 : i32] : vector<4xf32>
// CHECK-NEXT: %6 = llvm.shufflevector %5, %3 [0, 0, 0, 0] : vector<4xf32>
// CHECK-NEXT: %7 = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK-NEXT: %8 = "llvm.intr.vector.reduce.fadd"(%7, %arg1) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
// CHECK-NEXT: %9 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %10 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %11 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %12 = llvm.extractelement %10[%11 : i64] : vector<2xi8>
// CHECK-NEXT: %13 = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %14 = llvm.insertelement %8, %arg1[%13 : i64] : vector<4xf32>
// CHECK-NEXT: %15 = llvm.intr.fmuladd(%14, %14, %6) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %16 = "llvm.intr.vector.reduce.smax"(%9) : (vector<2xi8>) -> i8
// CHECK-NEXT: %17 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %18 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %19 = llvm.mul %0, %18 : i64
// CHECK-NEXT: %20 = llvm.add %19, %0 : i64
// CHECK-NEXT: %21 = llvm.getelementptr %17[%20] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: llvm.store %15, %21 {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-NEXT: %22 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %23 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %24 = llvm.mul %0, %23 : i64
// CHECK-NEXT: %25 = llvm.add %24, %0 : i64
// CHECK-NEXT: %26 = llvm.getelementptr %22[%25] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %27 = llvm.load %26 {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK-NEXT: %28 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %29 = "llvm.intr.vector.reduce.fmul"(%28, %arg1) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
// CHECK-NEXT: %30 = llvm.intr.vector.reduce.fminimum(%arg1) : (vector<4xf32>) -> f32
// CHECK-NEXT: %31 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %32 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %33 = llvm.insertelement %12, %31[%32 : i64] : vector<2xi8>
// CHECK-NEXT: %34 = llvm.insertvalue %33, %2[0] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %35 = llvm.insertvalue %9, %34[0] : !llvm.array<2 x vector<2xi8>>
// CHECK-NEXT: %36 = builtin.unrealized_conversion_cast %35 : !llvm.array<2 x vector<2xi8>> to vector<2x2xi8>
// CHECK-NEXT: %37 = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT: %38 = llvm.extractelement %arg1[%37 : i64] : vector<4xf32>
// CHECK-NEXT: return %27, %8, %12, %9, %16, %29, %30, %36, %38 : vector<4xf32>, f32, i8, vector<2xi8>, i8, f32, f32, vector<2x2xi8>, f32
// CHECK-NEXT: }
func.func @ops(%a: f32, %v: vector<4xf32>, %w: vector<2x2xi8>, %m: memref<2x4xf32>, %i: index, %h: vector<2xf64>) -> (vector<4xf32>, f32, i8, vector<2xi8>, i8, f32, f32, vector<2x2xi8>, f32) {
  %s = vector.broadcast %a : f32 to vector<4xf32>
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  %e = vector.extract %w[1] : vector<2xi8> from vector<2x2xi8>
  %x = vector.extract %w[1, 0] : i8 from vector<2x2xi8>
  %ins = vector.insert %r, %v[2] : f32 into vector<4xf32>
  %fm = vector.fma %ins, %ins, %s : vector<4xf32>
  %mx = vector.reduction <maxsi>, %e : vector<2xi8> into i8
  vector.store %fm, %m[%i, %i] : memref<2x4xf32>, vector<4xf32>
  %l = vector.load %m[%i, %i] : memref<2x4xf32>, vector<4xf32>
  %p = vector.reduction <mul>, %v fastmath<reassoc> : vector<4xf32> into f32
  %q = vector.reduction <minimumf>, %v : vector<4xf32> into f32
  %w2 = vector.insert %x, %w[0, 1] : i8 into vector<2x2xi8>
  %w3 = vector.insert %e, %w2[0] : vector<2xi8> into vector<2x2xi8>
  %z = vector.extract %v[3] : f32 from vector<4xf32>
  return %l, %r, %x, %e, %mx, %p, %q, %w3, %z : vector<4xf32>, f32, i8, vector<2xi8>, i8, f32, f32, vector<2x2xi8>, f32
}
