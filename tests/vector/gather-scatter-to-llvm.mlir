// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// vector.gather and vector.scatter of rank 1 on memrefs whose innermost
// stride is 1 become llvm.intr.masked.gather and llvm.intr.masked.scatter
// through a vector of element pointers (with the alignment given, else the
// element's); a gather of higher rank is first unrolled along its leading,
// fixed dimension; a strided base with an unknown innermost stride and an
// n-D scatter stay.

func.func @g1(%base: memref<?xf32>, %v: vector<4xi32>, %mask: vector<4xi1>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g2(%base: memref<3x4xf32>, %v: vector<4xindex>, %mask: vector<4xi1>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %0 = vector.gather %base[%i, %i][%v], %mask, %p {alignment = 16} : memref<3x4xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @s1(%base: memref<?xf32>, %v: vector<4xi32>, %mask: vector<4xi1>, %p: vector<4xf32>, %i: index) {
  vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  return
}
func.func @g3(%base: memref<?xf32>, %v: vector<2x4xi32>, %mask: vector<2x4xi1>, %p: vector<2x4xf32>, %i: index) -> vector<2x4xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
func.func @g4(%base: memref<?xf32, strided<[?]>>, %v: vector<4xi32>, %mask: vector<4xi1>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32, strided<[?]>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g5(%base: memref<?xf32>, %v: vector<[4]xi32>, %mask: vector<[4]xi1>, %p: vector<[4]xf32>, %i: index) -> vector<[4]xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<[4]xi32>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  return %0 : vector<[4]xf32>
}
func.func @g3a(%base: memref<?xf32>, %v: vector<2x4xi32>, %mask: vector<2x4xi1>, %p: vector<2x4xf32>, %i: index) -> vector<2x4xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
func.func @g6(%base: memref<4x4xf32>, %v: vector<2x3x4xindex>, %mask: vector<2x3x4xi1>, %p: vector<2x3x4xf32>, %i: index) -> vector<2x3x4xf32> {
  %0 = vector.gather %base[%i, %i][%v], %mask, %p {alignment = 8} : memref<4x4xf32>, vector<2x3x4xindex>, vector<2x3x4xi1>, vector<2x3x4xf32> into vector<2x3x4xf32>
  return %0 : vector<2x3x4xf32>
}
func.func @g7(%base: memref<?xf32, strided<[?]>>, %v: vector<2x4xi32>, %mask: vector<2x4xi1>, %p: vector<2x4xf32>, %i: index) -> vector<2x4xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32, strided<[?]>>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32> into vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
func.func @g8(%base: memref<?xf32>, %v: vector<2x[4]xi32>, %mask: vector<2x[4]xi1>, %p: vector<2x[4]xf32>, %i: index) -> vector<2x[4]xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<2x[4]xi32>, vector<2x[4]xi1>, vector<2x[4]xf32> into vector<2x[4]xf32>
  return %0 : vector<2x[4]xf32>
}
func.func @g9(%base: memref<?xf32>, %v: vector<[2]x4xi32>, %mask: vector<[2]x4xi1>, %p: vector<[2]x4xf32>, %i: index) -> vector<[2]x4xf32> {
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<[2]x4xi32>, vector<[2]x4xi1>, vector<[2]x4xf32> into vector<[2]x4xf32>
  return %0 : vector<[2]x4xf32>
}
func.func @s3(%base: memref<?xf32>, %v: vector<2x4xi32>, %mask: vector<2x4xi1>, %p: vector<2x4xf32>, %i: index) {
  vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32>
  return
}

// CHECK-LABEL: func.func @g1
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %4 = llvm.getelementptr %3[%arg1] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %5 = llvm.intr.masked.gather %4, %arg2, %arg3 {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: return %5 : vector<4xf32>
// CHECK-LABEL: func.func @g2
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : vector<4xindex> to vector<4xi64>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg0 : memref<3x4xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %3 = llvm.extractvalue %2[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %4 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %5 = llvm.mul %1, %4 : i64
// CHECK-NEXT: %6 = llvm.add %5, %1 : i64
// CHECK-NEXT: %7 = llvm.getelementptr %3[%6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %8 = llvm.getelementptr %7[%0] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %9 = llvm.intr.masked.gather %8, %arg2, %arg3 {alignment = 16 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: return %9 : vector<4xf32>
// CHECK-LABEL: func.func @s1
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %4 = llvm.getelementptr %3[%arg1] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: llvm.intr.masked.scatter %arg3, %4, %arg2 {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into vector<4x!llvm.ptr>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @g3
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg3 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg2 : vector<2x4xi1> to !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %arg1 : vector<2x4xi32> to !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %5 = ub.poison : vector<2x4xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %5 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %7 = llvm.extractvalue %4[0] : !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %8 = llvm.extractvalue %3[0] : !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %9 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %11 = llvm.getelementptr %10[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %12 = llvm.getelementptr %11[%7] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %13 = llvm.intr.masked.gather %12, %8, %9 {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %14 = llvm.insertvalue %13, %6[0] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %15 = llvm.extractvalue %4[1] : !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %16 = llvm.extractvalue %3[1] : !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %17 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %18 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %19 = llvm.getelementptr %18[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %20 = llvm.getelementptr %19[%15] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %21 = llvm.intr.masked.gather %20, %16, %17 {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %22 = llvm.insertvalue %21, %14[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %23 = builtin.unrealized_conversion_cast %22 : !llvm.array<2 x vector<4xf32>> to vector<2x4xf32>
// CHECK-NEXT: return %23 : vector<2x4xf32>
// CHECK-LABEL: func.func @g4
// CHECK-NEXT: %0 = vector.gather %arg0[%arg4] [%arg1], %arg2, %arg3 : memref<?xf32, strided<[?]>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @g5
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %3 = llvm.getelementptr %2[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %4 = llvm.getelementptr %3[%arg1] : (!llvm.ptr, vector<[4]xi32>) -> vector<[4]x!llvm.ptr>, f32
// CHECK-NEXT: %5 = llvm.intr.masked.gather %4, %arg2, %arg3 {alignment = 4 : i32} : (vector<[4]x!llvm.ptr>, vector<[4]xi1>, vector<[4]xf32>) -> vector<[4]xf32>
// CHECK-NEXT: return %5 : vector<[4]xf32>
// CHECK-LABEL: func.func @g3a
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg3 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg2 : vector<2x4xi1> to !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %arg1 : vector<2x4xi32> to !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %5 = ub.poison : vector<2x4xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %5 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %7 = llvm.extractvalue %4[0] : !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %8 = llvm.extractvalue %3[0] : !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %9 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %11 = llvm.getelementptr %10[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %12 = llvm.getelementptr %11[%7] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %13 = llvm.intr.masked.gather %12, %8, %9 {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %14 = llvm.insertvalue %13, %6[0] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %15 = llvm.extractvalue %4[1] : !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %16 = llvm.extractvalue %3[1] : !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %17 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %18 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %19 = llvm.getelementptr %18[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %20 = llvm.getelementptr %19[%15] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %21 = llvm.intr.masked.gather %20, %16, %17 {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %22 = llvm.insertvalue %21, %14[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %23 = builtin.unrealized_conversion_cast %22 : !llvm.array<2 x vector<4xf32>> to vector<2x4xf32>
// CHECK-NEXT: return %23 : vector<2x4xf32>
// CHECK-LABEL: func.func @g6
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<4x4xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg3 : vector<2x3x4xf32> to !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg2 : vector<2x3x4xi1> to !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %arg1 : vector<2x3x4xindex> to !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %5 = ub.poison : vector<2x3x4xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %5 : vector<2x3x4xf32> to !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %7 = ub.poison : vector<3x4xf32>
// CHECK-NEXT: %8 = builtin.unrealized_conversion_cast %7 : vector<3x4xf32> to !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %9 = llvm.extractvalue %4[0, 0] : !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %10 = llvm.extractvalue %3[0, 0] : !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %11 = llvm.extractvalue %2[0, 0] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %12 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %14 = llvm.mul %0, %13 : i64
// CHECK-NEXT: %15 = llvm.add %14, %0 : i64
// CHECK-NEXT: %16 = llvm.getelementptr %12[%15] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %17 = llvm.getelementptr %16[%9] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %18 = llvm.intr.masked.gather %17, %10, %11 {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %19 = llvm.insertvalue %18, %8[0] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %20 = llvm.extractvalue %4[0, 1] : !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %21 = llvm.extractvalue %3[0, 1] : !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %22 = llvm.extractvalue %2[0, 1] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %23 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %24 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %25 = llvm.mul %0, %24 : i64
// CHECK-NEXT: %26 = llvm.add %25, %0 : i64
// CHECK-NEXT: %27 = llvm.getelementptr %23[%26] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %28 = llvm.getelementptr %27[%20] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %29 = llvm.intr.masked.gather %28, %21, %22 {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %30 = llvm.insertvalue %29, %19[1] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %31 = llvm.extractvalue %4[0, 2] : !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %32 = llvm.extractvalue %3[0, 2] : !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %33 = llvm.extractvalue %2[0, 2] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %34 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %35 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %36 = llvm.mul %0, %35 : i64
// CHECK-NEXT: %37 = llvm.add %36, %0 : i64
// CHECK-NEXT: %38 = llvm.getelementptr %34[%37] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %39 = llvm.getelementptr %38[%31] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %40 = llvm.intr.masked.gather %39, %32, %33 {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %41 = llvm.insertvalue %40, %30[2] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %42 = llvm.insertvalue %41, %6[0] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %43 = llvm.extractvalue %4[1, 0] : !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %44 = llvm.extractvalue %3[1, 0] : !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %45 = llvm.extractvalue %2[1, 0] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %46 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %47 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %48 = llvm.mul %0, %47 : i64
// CHECK-NEXT: %49 = llvm.add %48, %0 : i64
// CHECK-NEXT: %50 = llvm.getelementptr %46[%49] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %51 = llvm.getelementptr %50[%43] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %52 = llvm.intr.masked.gather %51, %44, %45 {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %53 = llvm.insertvalue %52, %8[0] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %54 = llvm.extractvalue %4[1, 1] : !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %55 = llvm.extractvalue %3[1, 1] : !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %56 = llvm.extractvalue %2[1, 1] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %57 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %58 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %59 = llvm.mul %0, %58 : i64
// CHECK-NEXT: %60 = llvm.add %59, %0 : i64
// CHECK-NEXT: %61 = llvm.getelementptr %57[%60] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %62 = llvm.getelementptr %61[%54] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %63 = llvm.intr.masked.gather %62, %55, %56 {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %64 = llvm.insertvalue %63, %53[1] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %65 = llvm.extractvalue %4[1, 2] : !llvm.array<2 x array<3 x vector<4xi64>>>
// CHECK-NEXT: %66 = llvm.extractvalue %3[1, 2] : !llvm.array<2 x array<3 x vector<4xi1>>>
// CHECK-NEXT: %67 = llvm.extractvalue %2[1, 2] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %68 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %69 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT: %70 = llvm.mul %0, %69 : i64
// CHECK-NEXT: %71 = llvm.add %70, %0 : i64
// CHECK-NEXT: %72 = llvm.getelementptr %68[%71] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %73 = llvm.getelementptr %72[%65] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
// CHECK-NEXT: %74 = llvm.intr.masked.gather %73, %66, %67 {alignment = 8 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %75 = llvm.insertvalue %74, %64[2] : !llvm.array<3 x vector<4xf32>>
// CHECK-NEXT: %76 = llvm.insertvalue %75, %42[1] : !llvm.array<2 x array<3 x vector<4xf32>>>
// CHECK-NEXT: %77 = builtin.unrealized_conversion_cast %76 : !llvm.array<2 x array<3 x vector<4xf32>>> to vector<2x3x4xf32>
// CHECK-NEXT: return %77 : vector<2x3x4xf32>
// CHECK-LABEL: func.func @g7
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg3 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg2 : vector<2x4xi1> to !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg1 : vector<2x4xi32> to !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %3 = ub.poison : vector<2x4xf32>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %3 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %5 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %6 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %7 = llvm.extractvalue %0[0] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %8 = vector.gather %arg0[%arg4] [%5], %6, %7 : memref<?xf32, strided<[?]>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: %9 = llvm.insertvalue %8, %4[0] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %10 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<4xi32>>
// CHECK-NEXT: %11 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<4xi1>>
// CHECK-NEXT: %12 = llvm.extractvalue %0[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %13 = vector.gather %arg0[%arg4] [%10], %11, %12 : memref<?xf32, strided<[?]>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: %14 = llvm.insertvalue %13, %9[1] : !llvm.array<2 x vector<4xf32>>
// CHECK-NEXT: %15 = builtin.unrealized_conversion_cast %14 : !llvm.array<2 x vector<4xf32>> to vector<2x4xf32>
// CHECK-NEXT: return %15 : vector<2x4xf32>
// CHECK-LABEL: func.func @g8
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg4 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %arg3 : vector<2x[4]xf32> to !llvm.array<2 x vector<[4]xf32>>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg2 : vector<2x[4]xi1> to !llvm.array<2 x vector<[4]xi1>>
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %arg1 : vector<2x[4]xi32> to !llvm.array<2 x vector<[4]xi32>>
// CHECK-NEXT: %5 = ub.poison : vector<2x[4]xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %5 : vector<2x[4]xf32> to !llvm.array<2 x vector<[4]xf32>>
// CHECK-NEXT: %7 = llvm.extractvalue %4[0] : !llvm.array<2 x vector<[4]xi32>>
// CHECK-NEXT: %8 = llvm.extractvalue %3[0] : !llvm.array<2 x vector<[4]xi1>>
// CHECK-NEXT: %9 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<[4]xf32>>
// CHECK-NEXT: %10 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %11 = llvm.getelementptr %10[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %12 = llvm.getelementptr %11[%7] : (!llvm.ptr, vector<[4]xi32>) -> vector<[4]x!llvm.ptr>, f32
// CHECK-NEXT: %13 = llvm.intr.masked.gather %12, %8, %9 {alignment = 4 : i32} : (vector<[4]x!llvm.ptr>, vector<[4]xi1>, vector<[4]xf32>) -> vector<[4]xf32>
// CHECK-NEXT: %14 = llvm.insertvalue %13, %6[0] : !llvm.array<2 x vector<[4]xf32>>
// CHECK-NEXT: %15 = llvm.extractvalue %4[1] : !llvm.array<2 x vector<[4]xi32>>
// CHECK-NEXT: %16 = llvm.extractvalue %3[1] : !llvm.array<2 x vector<[4]xi1>>
// CHECK-NEXT: %17 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<[4]xf32>>
// CHECK-NEXT: %18 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %19 = llvm.getelementptr %18[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %20 = llvm.getelementptr %19[%15] : (!llvm.ptr, vector<[4]xi32>) -> vector<[4]x!llvm.ptr>, f32
// CHECK-NEXT: %21 = llvm.intr.masked.gather %20, %16, %17 {alignment = 4 : i32} : (vector<[4]x!llvm.ptr>, vector<[4]xi1>, vector<[4]xf32>) -> vector<[4]xf32>
// CHECK-NEXT: %22 = llvm.insertvalue %21, %14[1] : !llvm.array<2 x vector<[4]xf32>>
// CHECK-NEXT: %23 = builtin.unrealized_conversion_cast %22 : !llvm.array<2 x vector<[4]xf32>> to vector<2x[4]xf32>
// CHECK-NEXT: return %23 : vector<2x[4]xf32>
// CHECK-LABEL: func.func @g9
// CHECK-NEXT: %0 = vector.gather %arg0[%arg4] [%arg1], %arg2, %arg3 : memref<?xf32>, vector<[2]x4xi32>, vector<[2]x4xi1>, vector<[2]x4xf32> into vector<[2]x4xf32>
// CHECK-NEXT: return %0 : vector<[2]x4xf32>
// CHECK-LABEL: func.func @s3
// CHECK-NEXT: vector.scatter %arg0[%arg4] [%arg1], %arg2, %arg3 : memref<?xf32>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32>
// CHECK-NEXT: return
