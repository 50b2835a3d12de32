// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: module {
// CHECK: "t.ints"() : () -> (i1, i7, si8, ui16, i128, index)
"t.ints"() : () -> (i1, i7, si8, ui16, i128, index)
// CHECK-NEXT: "t.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32)
"t.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32)
// CHECK-NEXT: "t.small_floats"() : () -> (f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN)
"t.small_floats"() : () -> (f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN)
// CHECK-NEXT: "t.shaped"() : () -> (tensor<4x?xf32>, tensor<*xi8>, tensor<2xf32, "enc">, memref<?x4xf32, strided<[4, 1], offset: ?>, 3>, memref<*xf32, 1>, vector<2x[4]xf32>)
"t.shaped"() : () -> (tensor<4x?xf32>, tensor<*xi8>, tensor<2xf32, "enc">, memref<?x4xf32, strided<[4, 1], offset: ?>, 3>, memref<*xf32, 1>, vector<2x[4]xf32>)
// CHECK-NEXT: "t.misc"() : () -> (complex<f32>, tuple<i32, tuple<>>, none, !foo.bar<"x">, !foo<"a b">)
"t.misc"() : () -> (complex<f32>, tuple<i32, tuple<>>, none, !foo.bar<"x">, !foo<"a b">)
// CHECK-NEXT: "t.fn"() : () -> ((i32) -> ((f32) -> i1))
"t.fn"() : () -> ((i32) -> ((f32) -> i1))
// Identity layouts and the default memory space are dropped.
// CHECK-NEXT: "t.memref"() : () -> (memref<4x4xf32>, memref<0xi8>)
"t.memref"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<0xi8, 0>)
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC: "t.fn"() : () -> ((i32) -> ((f32) -> i1))
