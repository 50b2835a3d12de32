// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of the vector dialect's custom syntax: transfers with and
// without permutation maps, in_bounds and masks, memory operations,
// element access, reductions and contractions, shape changes, masks and
// printing.

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #map2 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #map3 = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #map4 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #map6 = affine_map<(d0) -> (d0)>
// CHECK-DAG: #map7 = affine_map<(d0) -> ()>

// CHECK-LABEL: func.func @transfers
// CHECK: %0 = vector.transfer_read %arg0[%arg3, %arg3], %arg4 {permutation_map = #map} : memref<?x?xf32>, vector<4xf32>
// CHECK: %1 = vector.transfer_read %arg0[%arg3, %arg3], %arg4 {in_bounds = [true, false]} : memref<?x?xf32>, vector<3x4xf32>
// CHECK: %2 = vector.transfer_read %arg0[%arg3, %arg3], %arg4 {permutation_map = #map1} : memref<?x?xf32>, vector<3x4xf32>
// CHECK: %3 = vector.transfer_read %arg0[%arg3, %arg3], %arg4, %arg7 : memref<?x?xf32>, vector<3x4xf32>
// CHECK: %4 = vector.transfer_read %arg0[%arg3, %arg3], %arg4, %arg7 {permutation_map = #map2} : memref<?x?xf32>, vector<4x3xf32>
// CHECK: %5 = vector.transfer_read %arg1[%arg3, %arg3], %arg4 : tensor<?x?xf32>, vector<4xf32>
// CHECK: %6 = vector.transfer_read %arg2[%arg3, %arg3], %arg5 : memref<?x?xvector<4xf32>>, vector<1x1x4xf32>
// CHECK: vector.transfer_write %0, %arg0[%arg3, %arg3] : vector<4xf32>, memref<?x?xf32>
// CHECK: vector.transfer_write %0, %arg0[%arg3, %arg3], %arg6 {in_bounds = [true], permutation_map = #map} : vector<4xf32>, memref<?x?xf32>
// CHECK: %7 = vector.transfer_write %1, %arg1[%arg3, %arg3] : vector<3x4xf32>, tensor<?x?xf32>
func.func @transfers(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %mv: memref<?x?xvector<4xf32>>, %i: index, %f: f32, %vf: vector<4xf32>, %mask: vector<4xi1>, %mask2: vector<3x4xi1>) -> tensor<?x?xf32> {
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, false]} : memref<?x?xf32>, vector<3x4xf32>
  %2 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<3x4xf32>
  %3 = vector.transfer_read %m[%i, %i], %f, %mask2 : memref<?x?xf32>, vector<3x4xf32>
  %4 = vector.transfer_read %m[%i, %i], %f, %mask2 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x3xf32>
  %5 = vector.transfer_read %t[%i, %i], %f : tensor<?x?xf32>, vector<4xf32>
  %6 = vector.transfer_read %mv[%i, %i], %vf : memref<?x?xvector<4xf32>>, vector<1x1x4xf32>
  vector.transfer_write %0, %m[%i, %i] : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %0, %m[%i, %i], %mask {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<?x?xf32>
  %7 = vector.transfer_write %1, %t[%i, %i] : vector<3x4xf32>, tensor<?x?xf32>
  return %7 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @memory
// CHECK: %0 = vector.load %arg0[%arg2, %arg2] : memref<?x?xf32>, vector<4xf32>
// CHECK: %1 = vector.load %arg1[%arg2] {nontemporal = true} : memref<8xf32>, vector<4xf32>
// CHECK: vector.store %arg3, %arg0[%arg2, %arg2] : memref<?x?xf32>, vector<4xf32>
// CHECK: vector.store %arg3, %arg1[%arg2] {alignment = 16 : i64} : memref<8xf32>, vector<4xf32>
// CHECK: %2 = vector.maskedload %arg0[%arg2, %arg2], %arg4, %arg3 : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK: vector.maskedstore %arg0[%arg2, %arg2], %arg4, %arg3 : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK: %3 = vector.type_cast %arg1 : memref<8xf32> to memref<vector<8xf32>>
func.func @memory(%m: memref<?x?xf32>, %m1: memref<8xf32>, %i: index, %v: vector<4xf32>, %mask: vector<4xi1>) {
  %0 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<4xf32>
  %1 = vector.load %m1[%i] {nontemporal = true} : memref<8xf32>, vector<4xf32>
  vector.store %v, %m[%i, %i] : memref<?x?xf32>, vector<4xf32>
  vector.store %v, %m1[%i] {alignment = 16 : i64} : memref<8xf32>, vector<4xf32>
  %2 = vector.maskedload %m[%i, %i], %mask, %v : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i, %i], %mask, %v : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
  %3 = vector.type_cast %m1 : memref<8xf32> to memref<vector<8xf32>>
  return
}

// A one-element vector is read like a scalar: the memref's innermost
// stride need not be 1. A memref of vectors is read one element at a time.
// CHECK-LABEL: func.func @memory_strided
// CHECK: %0 = vector.load %arg0[%arg1, %arg1] : memref<8x8xf32, strided<[1, 8]>>, vector<1xf32>
// CHECK: vector.store %0, %arg0[%arg1, %arg1] : memref<8x8xf32, strided<[1, 8]>>, vector<1xf32>
// CHECK: %1 = vector.load %arg2[%arg1] : memref<8xvector<4xf32>>, vector<4xf32>
func.func @memory_strided(%m: memref<8x8xf32, strided<[1, 8]>>, %i: index, %mv: memref<8xvector<4xf32>>) {
  %0 = vector.load %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<1xf32>
  vector.store %0, %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<1xf32>
  %1 = vector.load %mv[%i] : memref<8xvector<4xf32>>, vector<4xf32>
  return
}

// CHECK-LABEL: func.func @elements
// CHECK: %0 = vector.broadcast %arg0 : f32 to vector<4x8xf32>
// CHECK: %1 = vector.broadcast %arg2 : vector<4xf32> to vector<2x4xf32>
// CHECK: %2 = vector.broadcast %arg0 : f32 to vector<[4]xf32>
// CHECK: %3 = vector.broadcast %arg0 : f32 to vector<f32>
// CHECK: %4 = vector.extract %arg3[0, %arg1] : f32 from vector<4x8xf32>
// CHECK: %5 = vector.extract %arg3[1] : vector<8xf32> from vector<4x8xf32>
// CHECK: %6 = vector.extract %arg3[%arg1, 3] : f32 from vector<4x8xf32>
// CHECK: %7 = vector.extract %arg4[0] : f32 from vector<[4]xf32>
// CHECK: %8 = vector.extract %arg5[] : f32 from vector<f32>
// CHECK: %9 = vector.extract %arg3[-1, 2] : f32 from vector<4x8xf32>
// CHECK: %10 = vector.insert %arg0, %arg3 [0, %arg1] : f32 into vector<4x8xf32>
// CHECK: %11 = vector.insert %5, %arg3 [2] : vector<8xf32> into vector<4x8xf32>
// CHECK: %12 = vector.insert %arg0, %arg5 [] : f32 into vector<f32>
// CHECK: %13 = vector.extract_strided_slice %arg3 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK: %14 = vector.extract_strided_slice %arg3 {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
// CHECK: %15 = vector.insert_strided_slice %13, %arg3 {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
// CHECK: %16 = vector.insert_strided_slice %arg2, %arg3 {offsets = [1, 4], strides = [1]} : vector<4xf32> into vector<4x8xf32>
// CHECK: %17 = vector.from_elements %arg0, %arg0, %arg0, %arg0 : vector<4xf32>
// CHECK: %18 = vector.from_elements %arg0 : vector<f32>
// CHECK: %19 = vector.from_elements %arg0, %arg0, %arg0, %arg0 : vector<2x2xf32>
// CHECK: %20 = vector.step : vector<4xindex>
// CHECK: %21 = vector.step : vector<[4]xindex>
func.func @elements(%f: f32, %i: index, %v: vector<4xf32>, %v2: vector<4x8xf32>, %s: vector<[4]xf32>, %v0: vector<f32>) {
  %0 = vector.broadcast %f : f32 to vector<4x8xf32>
  %1 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %2 = vector.broadcast %f : f32 to vector<[4]xf32>
  %3 = vector.broadcast %f : f32 to vector<f32>
  %4 = vector.extract %v2[0, %i] : f32 from vector<4x8xf32>
  %5 = vector.extract %v2[1] : vector<8xf32> from vector<4x8xf32>
  %6 = vector.extract %v2[%i, 3] : f32 from vector<4x8xf32>
  %7 = vector.extract %s[0] : f32 from vector<[4]xf32>
  %8 = vector.extract %v0[] : f32 from vector<f32>
  %9 = vector.extract %v2[-1, 2] : f32 from vector<4x8xf32>
  %10 = vector.insert %f, %v2[0, %i] : f32 into vector<4x8xf32>
  %11 = vector.insert %5, %v2[2] : vector<8xf32> into vector<4x8xf32>
  %12 = vector.insert %f, %v0[] : f32 into vector<f32>
  %13 = vector.extract_strided_slice %v2 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %14 = vector.extract_strided_slice %v2 {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  %15 = vector.insert_strided_slice %13, %v2 {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %16 = vector.insert_strided_slice %v, %v2 {offsets = [1, 4], strides = [1]} : vector<4xf32> into vector<4x8xf32>
  %17 = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  %18 = vector.from_elements %f : vector<f32>
  %19 = vector.from_elements %f, %f, %f, %f : vector<2x2xf32>
  %20 = vector.step : vector<4xindex>
  %21 = vector.step : vector<[4]xindex>
  return
}

// CHECK-LABEL: func.func @reductions
// CHECK: %0 = vector.reduction <add>, %arg0 : vector<4xf32> into f32
// CHECK: %1 = vector.reduction <maximumf>, %arg0, %arg3 : vector<4xf32> into f32
// CHECK: %2 = vector.reduction <xor>, %arg1 : vector<4xi32> into i32
// CHECK: %3 = vector.reduction <mul>, %arg0 fastmath<fast> : vector<4xf32> into f32
// CHECK: %4 = vector.reduction <minsi>, %arg1, %arg4 : vector<4xi32> into i32
// CHECK: %5 = vector.multi_reduction <add>, %arg2, %arg0 [1] : vector<4x8xf32> to vector<4xf32>
// CHECK: %6 = vector.multi_reduction <maxnumf>, %arg2, %arg3 [0, 1] : vector<4x8xf32> to f32
// CHECK: %7 = vector.multi_reduction <mul>, %arg7, %arg8 [1] : vector<2x3x4xf32> to vector<2x4xf32>
// CHECK: %8 = vector.contract {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg2, %arg5, %arg6 : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
// CHECK: %9 = vector.contract {indexing_maps = [#map6, #map6, #map7], iterator_types = ["reduction"], kind = #vector.kind<add>} %arg0, %arg0, %arg3 : vector<4xf32>, vector<4xf32> into f32
// CHECK: %10 = vector.contract {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %arg2, %arg5, %arg6 {extra = 1 : i32} : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
// CHECK: %11 = vector.outerproduct %arg0, %arg0 : vector<4xf32>, vector<4xf32>
// CHECK: %12 = vector.outerproduct %arg0, %arg0, %arg6 {kind = #vector.kind<maxnumf>} : vector<4xf32>, vector<4xf32>
// CHECK: %13 = vector.outerproduct %arg0, %arg3 : vector<4xf32>, f32
// CHECK: %14 = vector.outerproduct %arg0, %arg3, %arg0 {kind = #vector.kind<add>} : vector<4xf32>, f32
// CHECK: %15 = vector.fma %arg0, %arg0, %arg0 : vector<4xf32>
// CHECK: %16 = vector.fma %arg2, %arg2, %arg2 : vector<4x8xf32>
func.func @reductions(%v: vector<4xf32>, %vi: vector<4xi32>, %v2: vector<4x8xf32>, %f: f32, %i: i32, %a: vector<8x4xf32>, %acc: vector<4x4xf32>, %v3: vector<2x3x4xf32>, %v24: vector<2x4xf32>) {
  %0 = vector.reduction <add>, %v : vector<4xf32> into f32
  %1 = vector.reduction <maximumf>, %v, %f : vector<4xf32> into f32
  %2 = vector.reduction <xor>, %vi : vector<4xi32> into i32
  %3 = vector.reduction <mul>, %v fastmath<fast> : vector<4xf32> into f32
  %4 = vector.reduction <minsi>, %vi, %i : vector<4xi32> into i32
  %5 = vector.multi_reduction <add>, %v2, %v [1] : vector<4x8xf32> to vector<4xf32>
  %6 = vector.multi_reduction <maxnumf>, %v2, %f [0, 1] : vector<4x8xf32> to f32
  %7 = vector.multi_reduction <mul>, %v3, %v24 [1] : vector<2x3x4xf32> to vector<2x4xf32>
  %8 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %v2, %a, %acc : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  %9 = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} %v, %v, %f : vector<4xf32>, vector<4xf32> into f32
  %10 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %v2, %a, %acc {extra = 1 : i32} : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  %11 = vector.outerproduct %v, %v : vector<4xf32>, vector<4xf32>
  %12 = vector.outerproduct %v, %v, %acc {kind = #vector.kind<maxnumf>} : vector<4xf32>, vector<4xf32>
  %13 = vector.outerproduct %v, %f : vector<4xf32>, f32
  %14 = vector.outerproduct %v, %f, %v : vector<4xf32>, f32
  %15 = vector.fma %v, %v, %v : vector<4xf32>
  %16 = vector.fma %v2, %v2, %v2 : vector<4x8xf32>
  return
}

// CHECK-LABEL: func.func @shapes
// CHECK: %0 = vector.shape_cast %arg1 : vector<4x8xf32> to vector<32xf32>
// CHECK: %1 = vector.shape_cast %arg2 : vector<2x3x4xf32> to vector<6x4xf32>
// CHECK: %2 = vector.shape_cast %arg3 : vector<[4]x2xf32> to vector<[8]xf32>
// CHECK: %3 = vector.transpose %arg1, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK: %4 = vector.transpose %arg2, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
// CHECK: %5 = vector.bitcast %arg0 : vector<4xf32> to vector<8xf16>
// CHECK: %6 = vector.bitcast %arg1 : vector<4x8xf32> to vector<4x4xi64>
// CHECK: %7 = vector.constant_mask [2] : vector<4xi1>
// CHECK: %8 = vector.constant_mask [2, 3] : vector<4x8xi1>
// CHECK: %9 = vector.constant_mask [0, 0] : vector<4x8xi1>
// CHECK: %10 = vector.create_mask %arg4, %arg4 : vector<4x8xi1>
// CHECK: %11 = vector.create_mask %arg4 : vector<[4]xi1>
// CHECK: %12 = vector.shuffle %arg0, %arg0 [0, 1, 5] : vector<4xf32>, vector<4xf32>
// CHECK: %13 = vector.shuffle %arg1, %arg1 [7, 0, -1] : vector<4x8xf32>, vector<4x8xf32>
// CHECK: %14 = vector.constant_mask [1] : vector<i1>
// CHECK: %15 = vector.create_mask %arg4 : vector<i1>
func.func @shapes(%v: vector<4xf32>, %v2: vector<4x8xf32>, %v3: vector<2x3x4xf32>, %s: vector<[4]x2xf32>, %i: index) {
  %0 = vector.shape_cast %v2 : vector<4x8xf32> to vector<32xf32>
  %1 = vector.shape_cast %v3 : vector<2x3x4xf32> to vector<6x4xf32>
  %2 = vector.shape_cast %s : vector<[4]x2xf32> to vector<[8]xf32>
  %3 = vector.transpose %v2, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %4 = vector.transpose %v3, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
  %5 = vector.bitcast %v : vector<4xf32> to vector<8xf16>
  %6 = vector.bitcast %v2 : vector<4x8xf32> to vector<4x4xi64>
  %7 = vector.constant_mask [2] : vector<4xi1>
  %8 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %9 = vector.constant_mask [0, 0] : vector<4x8xi1>
  %10 = vector.create_mask %i, %i : vector<4x8xi1>
  %11 = vector.create_mask %i : vector<[4]xi1>
  %12 = vector.shuffle %v, %v [0, 1, 5] : vector<4xf32>, vector<4xf32>
  %13 = vector.shuffle %v2, %v2 [7, 0, -1] : vector<4x8xf32>, vector<4x8xf32>
  %14 = vector.constant_mask [1] : vector<i1>
  %15 = vector.create_mask %i : vector<i1>
  return
}

// CHECK-LABEL: func.func @printing
// CHECK: vector.print %arg0 : vector<4xf32>
// CHECK: vector.print %arg1 : f32 punctuation <comma>
// CHECK: vector.print %arg2 : index punctuation <no_punctuation>
// CHECK: vector.print punctuation <open>
// CHECK: vector.print punctuation <close>
// CHECK: vector.print str "hello\0A"
// CHECK: vector.print
// CHECK: vector.print
func.func @printing(%v: vector<4xf32>, %f: f32, %i: index) {
  vector.print %v : vector<4xf32>
  vector.print %f : f32 punctuation <comma>
  vector.print %i : index punctuation <no_punctuation>
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print str "hello\n"
  vector.print punctuation <newline>
  vector.print
  return
}

// GENERIC: "vector.transfer_read"(%{{.*}}) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}>
// GENERIC: "vector.reduction"(%{{.*}}) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
// GENERIC: "vector.contract"(%{{.*}}) <{indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}>
// GENERIC: "vector.print"() <{punctuation = #vector.punctuation<newline>, stringLiteral = "hello\0A"}> : () -> ()
