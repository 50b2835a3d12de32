// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Transfers of rank 1 (what convert-vector-to-scf leaves): a transfer
// that may go out of bounds gets the mask of the lanes before the end of
// the last dimension (vector.create_mask, lowered to a comparison of the
// i32 lane indices with the broadcast bound), and-ed with its own; then
// reads become llvm.load or llvm.intr.masked.load with the padding as
// pass-through, writes llvm.store or llvm.intr.masked.store, a broadcast
// map a load of one element broadcast. vector.type_cast of a contiguous
// static memref rebuilds the descriptor with the cast shape.

// GENERIC: "llvm.intr.masked.load"(%{{[0-9]+}}, %arg5, %{{[0-9]+}}) <{alignment = 4 : i32}> : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-LABEL: func.func @transfers(%arg0: memref<8x8xf32>, %arg1: index, %arg2: vector<4xi1>, %arg3: vector<4xf32>, %arg4: f32) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<8x8xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %cst = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %3 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %4 = llvm.mul %0, %3 : i64
// CHECK-NEXT: %5 = llvm.add %4, %0 : i64
// CHECK-NEXT: %6 = llvm.getelementptr %2[%5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %7 = llvm.load %6 {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK-NEXT: %8 = arith.subi %c8, %arg1 : index
// CHECK-NEXT: %9 = arith.index_cast %8 : index to i32
// CHECK-NEXT: %10 = llvm.mlir.poison : vector<4xi32>
// CHECK-NEXT: %11 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %12 = llvm.insertelement %9, %10[%11 : i32] : vector<4xi32>
// CHECK-NEXT: %13 = llvm.shufflevector %12, %10 [0, 0, 0, 0] : vector<4xi32>
// CHECK-NEXT: %14 = arith.cmpi sgt, %13, %cst : vector<4xi32>
// CHECK-NEXT: %15 = llvm.mlir.poison : vector<4xf32>
// CHECK-NEXT: %16 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %17 = llvm.insertelement %arg4, %15[%16 : i32] : vector<4xf32>
// CHECK-NEXT: %18 = llvm.shufflevector %17, %15 [0, 0, 0, 0] : vector<4xf32>
// CHECK-NEXT: %19 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %20 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %21 = llvm.mul %0, %20 : i64
// CHECK-NEXT: %22 = llvm.add %21, %0 : i64
// CHECK-NEXT: %23 = llvm.getelementptr %19[%22] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %24 = llvm.intr.masked.load %23, %14, %18 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %25 = llvm.mlir.poison : vector<4xf32>
// CHECK-NEXT: %26 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %27 = llvm.insertelement %arg4, %25[%26 : i32] : vector<4xf32>
// CHECK-NEXT: %28 = llvm.shufflevector %27, %25 [0, 0, 0, 0] : vector<4xf32>
// CHECK-NEXT: %29 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %30 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %31 = llvm.mul %0, %30 : i64
// CHECK-NEXT: %32 = llvm.add %31, %0 : i64
// CHECK-NEXT: %33 = llvm.getelementptr %29[%32] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %34 = llvm.intr.masked.load %33, %arg2, %28 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %35 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %36 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %37 = llvm.mul %0, %36 : i64
// CHECK-NEXT: %38 = llvm.add %37, %0 : i64
// CHECK-NEXT: %39 = llvm.getelementptr %35[%38] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %40 = llvm.load %39 {alignment = 4 : i64} : !llvm.ptr -> vector<1xf32>
// CHECK-NEXT: %41 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %42 = llvm.extractelement %40[%41 : i64] : vector<1xf32>
// CHECK-NEXT: %43 = llvm.mlir.poison : vector<4xf32>
// CHECK-NEXT: %44 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %45 = llvm.insertelement %42, %43[%44 : i32] : vector<4xf32>
// CHECK-NEXT: %46 = llvm.shufflevector %45, %43 [0, 0, 0, 0] : vector<4xf32>
// CHECK-NEXT: %47 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %48 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %49 = llvm.mul %0, %48 : i64
// CHECK-NEXT: %50 = llvm.add %49, %0 : i64
// CHECK-NEXT: %51 = llvm.getelementptr %47[%50] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: llvm.store %arg3, %51 {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-NEXT: %52 = arith.subi %c8, %arg1 : index
// CHECK-NEXT: %53 = arith.index_cast %52 : index to i32
// CHECK-NEXT: %54 = llvm.mlir.poison : vector<4xi32>
// CHECK-NEXT: %55 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %56 = llvm.insertelement %53, %54[%55 : i32] : vector<4xi32>
// CHECK-NEXT: %57 = llvm.shufflevector %56, %54 [0, 0, 0, 0] : vector<4xi32>
// CHECK-NEXT: %58 = arith.cmpi sgt, %57, %cst : vector<4xi32>
// CHECK-NEXT: %59 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %60 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %61 = llvm.mul %0, %60 : i64
// CHECK-NEXT: %62 = llvm.add %61, %0 : i64
// CHECK-NEXT: %63 = llvm.getelementptr %59[%62] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: llvm.intr.masked.store %arg3, %63, %58 {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NEXT: %64 = arith.subi %c8, %arg1 : index
// CHECK-NEXT: %65 = arith.index_cast %64 : index to i32
// CHECK-NEXT: %66 = llvm.mlir.poison : vector<4xi32>
// CHECK-NEXT: %67 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %68 = llvm.insertelement %65, %66[%67 : i32] : vector<4xi32>
// CHECK-NEXT: %69 = llvm.shufflevector %68, %66 [0, 0, 0, 0] : vector<4xi32>
// CHECK-NEXT: %70 = arith.cmpi sgt, %69, %cst : vector<4xi32>
// CHECK-NEXT: %71 = arith.andi %70, %arg2 : vector<4xi1>
// CHECK-NEXT: %72 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %73 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %74 = llvm.mul %0, %73 : i64
// CHECK-NEXT: %75 = llvm.add %74, %0 : i64
// CHECK-NEXT: %76 = llvm.getelementptr %72[%75] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: llvm.intr.masked.store %arg3, %76, %71 {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NEXT: return %7, %24, %34, %46 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @static_bounds(%arg0: memref<4x6xi16>) -> vector<4xi16> {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : memref<4x6xi16> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %c3 : index to i64
// CHECK-NEXT: %cst = arith.constant dense<[true, true, true, false]> : vector<4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<7> : vector<4xi16>
// CHECK-NEXT: %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %3 = llvm.mlir.constant(6 : index) : i64
// CHECK-NEXT: %4 = llvm.mul %1, %3 : i64
// CHECK-NEXT: %5 = llvm.add %4, %1 : i64
// CHECK-NEXT: %6 = llvm.getelementptr %2[%5] : (!llvm.ptr, i64) -> !llvm.ptr, i16
// CHECK-NEXT: %7 = llvm.intr.masked.load %6, %cst, %cst_0 {alignment = 2 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xi16>) -> vector<4xi16>
// CHECK-NEXT: return %7 : vector<4xi16>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @type_cast(%arg0: memref<vector<3x4xf32>>, %arg1: memref<2x3xvector<4xi8>>) -> (memref<3xvector<4xf32>>, memref<vector<2x3x4xi8>>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : memref<2x3xvector<4xi8>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : memref<vector<3x4xf32>> to !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %2 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %3 = llvm.extractvalue %1[0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %4 = llvm.insertvalue %3, %2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %5 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %6 = llvm.insertvalue %5, %4[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %7 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %8 = llvm.insertvalue %7, %6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %9 = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT: %10 = llvm.insertvalue %9, %8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %11 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT: %12 = llvm.insertvalue %11, %10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<3xvector<4xf32>>
// CHECK-NEXT: %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %15 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %16 = llvm.insertvalue %15, %14[0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %17 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %18 = llvm.insertvalue %17, %16[1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %19 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT: %20 = llvm.insertvalue %19, %18[2] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT: %21 = builtin.unrealized_conversion_cast %20 : !llvm.struct<(ptr, ptr, i64)> to memref<vector<2x3x4xi8>>
// CHECK-NEXT: return %13, %21 : memref<3xvector<4xf32>>, memref<vector<2x3x4xi8>>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @transfers(%m: memref<8x8xf32>, %i: index, %mask: vector<4xi1>, %v: vector<4xf32>, %pad: f32) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %a = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  %b = vector.transfer_read %m[%i, %i], %pad : memref<8x8xf32>, vector<4xf32>
  %c = vector.transfer_read %m[%i, %i], %pad, %mask {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
  %d = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (0)>} : memref<8x8xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<8x8xf32>
  vector.transfer_write %v, %m[%i, %i], %mask : vector<4xf32>, memref<8x8xf32>
  return %a, %b, %c, %d : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

func.func @static_bounds(%m: memref<4x6xi16>) -> vector<4xi16> {
  %c3 = arith.constant 3 : index
  %pad = arith.constant 7 : i16
  %r = vector.transfer_read %m[%c3, %c3], %pad : memref<4x6xi16>, vector<4xi16>
  return %r : vector<4xi16>
}

func.func @type_cast(%a: memref<vector<3x4xf32>>, %b: memref<2x3xvector<4xi8>>) -> (memref<3xvector<4xf32>>, memref<vector<2x3x4xi8>>) {
  %0 = vector.type_cast %a : memref<vector<3x4xf32>> to memref<3xvector<4xf32>>
  %1 = vector.type_cast %b : memref<2x3xvector<4xi8>> to memref<vector<2x3x4xi8>>
  return %0, %1 : memref<3xvector<4xf32>>, memref<vector<2x3x4xi8>>
}
