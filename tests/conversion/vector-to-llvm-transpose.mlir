// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// vector.transpose, lowered element by element as upstream's default
// (TransposeOpLowering): ub.poison of the result type, then one
// vector.extract and vector.insert per element, which the conversion
// turns into llvm.extractvalue/extractelement and
// llvm.insertelement/insertvalue.

// GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> vector<3x2xf32>
// CHECK-LABEL: func.func @t(%arg0: vector<2x3xf32>, %arg1: vector<1x3xi1>) -> (vector<3x2xf32>, vector<3x1xi1>) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : vector<1x3xi1> to !llvm.array<1 x vector<3xi1>>
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %2 = ub.poison : vector<3x1xi1>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %2 : vector<3x1xi1> to !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %4 = ub.poison : vector<3x2xf32>
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4 : vector<3x2xf32> to !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %6 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %7 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %8 = llvm.extractelement %6[%7 : i64] : vector<3xf32>
// CHECK-NEXT: %9 = llvm.extractvalue %5[0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %10 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %11 = llvm.insertelement %8, %9[%10 : i64] : vector<2xf32>
// CHECK-NEXT: %12 = llvm.insertvalue %11, %5[0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %13 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %14 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %15 = llvm.extractelement %13[%14 : i64] : vector<3xf32>
// CHECK-NEXT: %16 = llvm.extractvalue %12[1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %17 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %18 = llvm.insertelement %15, %16[%17 : i64] : vector<2xf32>
// CHECK-NEXT: %19 = llvm.insertvalue %18, %12[1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %20 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %21 = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %22 = llvm.extractelement %20[%21 : i64] : vector<3xf32>
// CHECK-NEXT: %23 = llvm.extractvalue %19[2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %24 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %25 = llvm.insertelement %22, %23[%24 : i64] : vector<2xf32>
// CHECK-NEXT: %26 = llvm.insertvalue %25, %19[2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %27 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %28 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %29 = llvm.extractelement %27[%28 : i64] : vector<3xf32>
// CHECK-NEXT: %30 = llvm.extractvalue %26[0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %31 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %32 = llvm.insertelement %29, %30[%31 : i64] : vector<2xf32>
// CHECK-NEXT: %33 = llvm.insertvalue %32, %26[0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %34 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %35 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %36 = llvm.extractelement %34[%35 : i64] : vector<3xf32>
// CHECK-NEXT: %37 = llvm.extractvalue %33[1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %38 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %39 = llvm.insertelement %36, %37[%38 : i64] : vector<2xf32>
// CHECK-NEXT: %40 = llvm.insertvalue %39, %33[1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %41 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %42 = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %43 = llvm.extractelement %41[%42 : i64] : vector<3xf32>
// CHECK-NEXT: %44 = llvm.extractvalue %40[2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %45 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %46 = llvm.insertelement %43, %44[%45 : i64] : vector<2xf32>
// CHECK-NEXT: %47 = llvm.insertvalue %46, %40[2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %48 = builtin.unrealized_conversion_cast %47 : !llvm.array<3 x vector<2xf32>> to vector<3x2xf32>
// CHECK-NEXT: %49 = llvm.extractvalue %0[0] : !llvm.array<1 x vector<3xi1>>
// CHECK-NEXT: %50 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %51 = llvm.extractelement %49[%50 : i64] : vector<3xi1>
// CHECK-NEXT: %52 = llvm.extractvalue %3[0] : !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %53 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %54 = llvm.insertelement %51, %52[%53 : i64] : vector<1xi1>
// CHECK-NEXT: %55 = llvm.insertvalue %54, %3[0] : !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %56 = llvm.extractvalue %0[0] : !llvm.array<1 x vector<3xi1>>
// CHECK-NEXT: %57 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %58 = llvm.extractelement %56[%57 : i64] : vector<3xi1>
// CHECK-NEXT: %59 = llvm.extractvalue %55[1] : !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %60 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %61 = llvm.insertelement %58, %59[%60 : i64] : vector<1xi1>
// CHECK-NEXT: %62 = llvm.insertvalue %61, %55[1] : !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %63 = llvm.extractvalue %0[0] : !llvm.array<1 x vector<3xi1>>
// CHECK-NEXT: %64 = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %65 = llvm.extractelement %63[%64 : i64] : vector<3xi1>
// CHECK-NEXT: %66 = llvm.extractvalue %62[2] : !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %67 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %68 = llvm.insertelement %65, %66[%67 : i64] : vector<1xi1>
// CHECK-NEXT: %69 = llvm.insertvalue %68, %62[2] : !llvm.array<3 x vector<1xi1>>
// CHECK-NEXT: %70 = builtin.unrealized_conversion_cast %69 : !llvm.array<3 x vector<1xi1>> to vector<3x1xi1>
// CHECK-NEXT: return %48, %70 : vector<3x2xf32>, vector<3x1xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @t(%a: vector<2x3xf32>, %b: vector<1x3xi1>) -> (vector<3x2xf32>, vector<3x1xi1>) {
  %0 = vector.transpose %a, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %1 = vector.transpose %b, [1, 0] : vector<1x3xi1> to vector<3x1xi1>
  return %0, %1 : vector<3x2xf32>, vector<3x1xi1>
}
