// SIGNATURE: reprint: #mapN = affine_map<(dN, dN)[sN] -> (dN + dN + N, dN)>
// PIPELINE: builtin.module(func.func(sccp))
#map9 = affine_map<(i, j)[s0] -> ((i + j) + 5, j)>
#map10 = affine_map<(i, j)[s0] -> (i + (j + 5), j)>
func.func private @f9(memref<2x4xi8, #map9, 1>)
func.func private @f10(memref<2x4xi8, #map10, 1>)
