// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// RUN: strata-opt --linalg-to-tile="target=sm_90a tile-sizes=64,32,16" %s | FileCheck %s --check-prefix=SMALL
// NO-DIFF: linalg-to-tile is Strata's own pass.

// Causal multi-head attention in bf16 on [B, H, S, D] = [1, 2, 100, 16]:
// one FlashAttention kernel over a grid [query blocks, B*H] on buffers
// collapsed to [B*H, S, D]. The bf16 blocks of Q and K make an f32 S; P
// is cast to bf16 for the P x V dot, which accumulates in f32; the result
// is cast to bf16 once. The first loop runs over the key blocks wholly at
// or below the first query of the block (and inside the 100 keys) with no
// mask; the second over the rest up to the block's last query, masking
// the keys past the end and those after the query; blocks above the
// diagonal are never loaded. (P is rounded to bf16 before it is
// normalized, as FlashAttention does, where the program rounds the
// normalized P: results differ from the program's in the last bf16 bit,
// more than --check-semantics allows; transforms/linalgtotile's tests
// run examples/attention/causal-bf16.mlir within a bf16 tolerance.)

// CHECK-LABEL: tile.func @attention_kernel0(%arg0: memref<2x100x16xbf16>, %arg1: memref<2x100x16xbf16>, %arg2: memref<2x100x16xbf16>, %arg3: memref<2x100x16xbf16>) grid [parallel, parallel]
// CHECK: %[[QB:.*]] = tile.program_id 0 : index
// CHECK: %[[BH:.*]] = tile.program_id 1 : index
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 0.360673755 : f32
// CHECK: tile.load %{{.*}}[%[[BH]], %[[QB]], %{{.*}}] pad zero : !tile.view<2x100x16xbf16> -> tensor<1x128x16xbf16>
// CHECK: %[[NK:.*]] = tile.num_blocks %{{.*}} dim 1 block 128
// CHECK: %[[Q0:.*]] = arith.muli %[[QB]], %{{.*}} : index
// CHECK: %[[BELOW:.*]] = arith.divui %[[Q0]], %{{.*}} : index
// CHECK: %[[NFULL:.*]] = arith.minui %[[BELOW]], %{{.*}} : index
// CHECK: %[[Q1:.*]] = arith.addi %[[Q0]], %{{.*}} : index
// CHECK: %[[UPTO:.*]] = arith.ceildivui %[[Q1]], %{{.*}} : index
// CHECK: %[[NEND:.*]] = arith.minui %[[UPTO]], %[[NK]] : index
// CHECK: %[[R:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[NFULL]] step %{{.*}} iter_args({{.*}}) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x16xf32>) {
// CHECK-NOT: arith.cmpi
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x16xbf16>, tensor<16x128xbf16> -> tensor<128x128xf32>
// CHECK: math.exp2
// CHECK: tile.cast %{{.*}} : tensor<128x128xf32> -> tensor<128x128xbf16>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x128xbf16>, tensor<128x16xbf16> -> tensor<128x16xf32>
// CHECK: scf.yield
// CHECK: %[[R2:.*]]:3 = scf.for %{{.*}} = %[[NFULL]] to %[[NEND]] step %{{.*}} iter_args(%{{.*}} = %[[R]]#0, %{{.*}} = %[[R]]#1, %{{.*}} = %[[R]]#2)
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi ule
// CHECK: math.exp2
// CHECK: scf.yield
// CHECK: arith.divf %[[R2]]#2
// CHECK-NEXT: tile.cast %{{.*}} : tensor<128x16xf32> -> tensor<128x16xbf16>
// CHECK-NEXT: tile.reshape %{{.*}} : tensor<128x16xbf16> -> tensor<1x128x16xbf16>
// CHECK-NEXT: tile.store %{{.*}}, %{{.*}}[%[[BH]], %[[QB]], %{{.*}}] bounds_check
// CHECK-LABEL: func.func @attention(
// CHECK: memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3]] : memref<1x2x100x16xbf16> into memref<2x100x16xbf16>
// CHECK: tile.launch @attention_kernel0 grid [%{{.*}}, %{{.*}}]
// CHECK-NOT: tile.launch

// SMALL-LABEL: tile.func @attention_kernel0(
// SMALL: tile.load {{.*}} -> tensor<1x64x16xbf16>
// SMALL: tile.num_blocks %{{.*}} dim 1 block 32
// SMALL: scf.for
// SMALL: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x16xbf16>, tensor<16x32xbf16> -> tensor<64x32xf32>
// SMALL: scf.for
// SMALL: arith.cmpi ule
// SMALL-NOT: scf.for
// SMALL: tile.return

#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>

func.func @attention(%q: tensor<1x2x100x16xbf16>, %k: tensor<1x2x100x16xbf16>, %v: tensor<1x2x100x16xbf16>) -> tensor<1x2x100x16xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.25 : f32
  %s0 = tensor.empty() : tensor<1x2x100x100xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1x2x100x100xf32>) -> tensor<1x2x100x100xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x2x100x16xbf16>, tensor<1x2x100x16xbf16>) outs(%sz : tensor<1x2x100x100xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x100x100xf32>
  // Scale, and -inf where the key comes after the query.
  %masked = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x2x100x100xf32>) outs(%s0 : tensor<1x2x100x100xf32>) {
  ^bb0(%x: f32, %out: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %y = arith.mulf %x, %scale : f32
    %after = arith.cmpi ugt, %j, %i : index
    %r = arith.select %after, %ninf, %y : f32
    linalg.yield %r : f32
  } -> tensor<1x2x100x100xf32>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<1x2x100x100xf32>) outs(%s0 : tensor<1x2x100x100xf32>) -> tensor<1x2x100x100xf32>
  %pb0 = tensor.empty() : tensor<1x2x100x100xbf16>
  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<1x2x100x100xf32>) outs(%pb0 : tensor<1x2x100x100xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x100x100xbf16>
  %o0 = tensor.empty() : tensor<1x2x100x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<1x2x100x16xf32>) -> tensor<1x2x100x16xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%pb, %v : tensor<1x2x100x100xbf16>, tensor<1x2x100x16xbf16>) outs(%oz : tensor<1x2x100x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x100x16xf32>
  %ob0 = tensor.empty() : tensor<1x2x100x16xbf16>
  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x100x16xf32>) outs(%ob0 : tensor<1x2x100x16xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x100x16xbf16>
  return %ob : tensor<1x2x100x16xbf16>
}
