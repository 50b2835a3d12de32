#map0 = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#bcast = affine_map<(d0, d1) -> (0, d1)>

// A matmul whose accumulator is a splat constant.
func.func @splat_acc(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf16>) {
  %cst_0 = arith.constant dense<0.000000e+00> : vector<16x16xf16>
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f16
  %A = vector.transfer_read %a[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %B = vector.transfer_read %b[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %D = vector.contract {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %cst_0 : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
  vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16>
  return
}

// A transposed load of B, a broadcast accumulator, f16 extended to f32.
func.func @transpose_broadcast(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f16
  %A = vector.transfer_read %a[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %B = vector.transfer_read %b[%c0, %c0], %cst {in_bounds = [true, true], permutation_map = #map0} : memref<16x16xf16>, vector<16x16xf16>
  %Ae = arith.extf %A : vector<16x16xf16> to vector<16x16xf32>
  %Be = arith.extf %B : vector<16x16xf16> to vector<16x16xf32>
  %C = vector.broadcast %s : f32 to vector<16x16xf32>
  %D = vector.contract {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %Ae, %Be, %C : vector<16x16xf32>, vector<16x16xf32> into vector<16x16xf32>
  %E = arith.maximumf %D, %C : vector<16x16xf32>
  vector.transfer_write %E, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// A strided memref and a row broadcast read.
func.func @strided(%a: memref<16x32xf16, strided<[64, 1], offset: 8>>, %b: memref<16x16xf16>, %c: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f16
  %A = vector.transfer_read %a[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x32xf16, strided<[64, 1], offset: 8>>, vector<16x16xf16>
  %B = vector.transfer_read %b[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %C = vector.transfer_read %c[%c0, %c0], %cst {in_bounds = [true, true], permutation_map = #bcast} : memref<16x16xf16>, vector<16x16xf16>
  %D = vector.contract {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %C : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
  vector.transfer_write %D, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16>
  return
}

// Not converted: the result may be written out of bounds (%i is not
// known).
func.func @not_in_bounds(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf16>, %i: index) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f16
  %A = vector.transfer_read %a[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %B = vector.transfer_read %b[%c0, %c0], %cst {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %D = vector.contract {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %A, %B, %B : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
  vector.transfer_write %D, %c[%i, %c0] : vector<16x16xf16>, memref<16x16xf16>
  return
}
