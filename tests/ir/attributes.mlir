// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #distinct = distinct[0]<42 : i64>
// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK: "t.ints"() {a = 42 : i64, b = -1 : i8, c = 255 : ui8, d = true, e = 7 : index, f = 170141183460469231731687303715884105727 : i128}
"t.ints"() {a = 42, b = 255 : i8, c = 255 : ui8, d = true, e = 7 : index, f = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i128} : () -> ()
// CHECK: "t.floats"() {a = 1.000000e+00 : f64, b = 0.33333333333333331 : f64, c = 0x7FC00000 : f32, d = -0.000000e+00 : f16, e = 1.000980e-01 : bf16}
"t.floats"() {a = 1.0, b = 0.3333333333333333, c = 0x7FC00000 : f32, d = -0.0 : f16, e = 0.1 : bf16} : () -> ()
// CHECK: "t.strings"() {a = "hi\0A\22there\22", b = "x" : i32, c = @sym, d = @a::@b::@"c d", e = i32, f}
"t.strings"() {a = "hi\n\"there\"", b = "x" : i32, c = @sym, d = @a::@b::@"c d", e = i32, f} : () -> ()
// CHECK: "t.lists"() {a = [1, 2 : i32, [], {k}], b = array<i32: 1, 2>, c = array<f32>, d = strided<[1, ?], offset: 3>}
"t.lists"() {a = [1, 2 : i32, [], {k = unit}], b = array<i32: 1, 2>, c = array<f32>, d = strided<[1, ?], offset: 3>} : () -> ()
// CHECK: "t.dense"() {a = dense<1.000000e+00> : tensor<2x2xf32>, b = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<(1,2)> : tensor<2xcomplex<i8>>, d = dense<["a", "b"]> : tensor<2x!t.str>, e = dense<> : tensor<0xi32>, f = sparse<{{\[\[}}0, 1]], 5> : tensor<2x2xi32>}
"t.dense"() {a = dense<1.0> : tensor<2x2xf32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<(1, 2)> : tensor<2xcomplex<i8>>, d = dense<["a", "b"]> : tensor<2x!t.str>, e = dense<> : tensor<0xi32>, f = sparse<[[0, 1]], [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: "t.affine"() {m = #map, s = #set}
"t.affine"() {m = affine_map<(d0)[s0] -> (d0 + s0)>, s = affine_set<(d0) : (d0 - 1 >= 0)>} : () -> ()
// CHECK: "t.opaque"() {a = #foo.bar<"x">, b = #foo<"weird body">, c = #distinct}
"t.opaque"() {a = #foo.bar<"x">, b = #foo<"weird body">, c = distinct[7]<42>} : () -> ()
