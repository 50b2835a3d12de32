// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// Grouped-query attention written with K and V read at head
// `h floordiv 2`: 4 query heads, 2 K/V heads. The kernel's programs run
// over [query blocks, B*H]; K and V are collapsed to [B*Hkv, S, D] and
// read at the B*H index divided by the group size. (The interpreter runs
// linalg.generic only with linear maps, so this spelling's numbers are
// checked after lowering: transforms/linalgtotile's tests run
// examples/attention/gqa.mlir, the einsum spelling.)

// CHECK-LABEL: tile.func @attention_kernel0(%arg0: memref<8x24x16xf32>, %arg1: memref<4x24x16xf32>, %arg2: memref<4x24x16xf32>, %arg3: memref<8x24x16xf32>) grid [parallel, parallel]
// CHECK: %[[BH:.*]] = tile.program_id 1 : index
// CHECK: %[[KV:.*]] = arith.divui %[[BH]], %c2 : index
// CHECK: tile.load %{{.*}}[%[[BH]], %{{.*}}, %{{.*}}] pad zero : !tile.view<8x24x16xf32>
// CHECK: scf.for
// CHECK: tile.load %{{.*}}[%[[KV]], %{{.*}}, %{{.*}}] pad zero : !tile.view<4x24x16xf32>
// CHECK: math.exp2
// CHECK: tile.load %{{.*}}[%[[KV]], %{{.*}}, %{{.*}}] pad zero : !tile.view<4x24x16xf32>
// CHECK: tile.dot
// CHECK: scf.yield
// CHECK-NOT: scf.for
// CHECK: tile.store %{{.*}}, %{{.*}}[%[[BH]], %{{.*}}, %{{.*}}] bounds_check
// CHECK-LABEL: func.func @attention(
// CHECK-NOT: linalg.
// CHECK: tile.launch @attention_kernel0
// CHECK-NOT: tile.launch

#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#row = affine_map<(b, h, i, j) -> (b, h, i)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h floordiv 2, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h floordiv 2, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>

func.func @attention(%q: tensor<2x4x24x16xf32>, %k: tensor<2x2x24x16xf32>, %v: tensor<2x2x24x16xf32>) -> tensor<2x4x24x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sqrtd = arith.constant 4.0 : f32
  %s0 = tensor.empty() : tensor<2x4x24x24xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<2x4x24x24xf32>) -> tensor<2x4x24x24xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x4x24x16xf32>, tensor<2x2x24x16xf32>) outs(%sz : tensor<2x4x24x24xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x4x24x24xf32>
  %scaled = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x4x24x24xf32>) outs(%s0 : tensor<2x4x24x24xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.divf %x, %sqrtd : f32
    linalg.yield %y : f32
  } -> tensor<2x4x24x24xf32>
  // softmax along the keys.
  %r0 = tensor.empty() : tensor<2x4x24xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%r0 : tensor<2x4x24xf32>) -> tensor<2x4x24xf32>
  %mx = linalg.generic {indexing_maps = [#qkv, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%scaled : tensor<2x4x24x24xf32>) outs(%mi : tensor<2x4x24xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2x4x24xf32>
  %ex = linalg.generic {indexing_maps = [#qkv, #row, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%scaled, %mx : tensor<2x4x24x24xf32>, tensor<2x4x24xf32>) outs(%s0 : tensor<2x4x24x24xf32>) {
  ^bb0(%x: f32, %m: f32, %out: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<2x4x24x24xf32>
  %si = linalg.fill ins(%zero : f32) outs(%r0 : tensor<2x4x24xf32>) -> tensor<2x4x24xf32>
  %sum = linalg.generic {indexing_maps = [#qkv, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ex : tensor<2x4x24x24xf32>) outs(%si : tensor<2x4x24xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2x4x24xf32>
  %p = linalg.generic {indexing_maps = [#qkv, #row, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x4x24x24xf32>, tensor<2x4x24xf32>) outs(%s0 : tensor<2x4x24x24xf32>) {
  ^bb0(%x: f32, %t: f32, %out: f32):
    %y = arith.divf %x, %t : f32
    linalg.yield %y : f32
  } -> tensor<2x4x24x24xf32>
  %o0 = tensor.empty() : tensor<2x4x24x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<2x4x24x16xf32>) -> tensor<2x4x24x16xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v : tensor<2x4x24x24xf32>, tensor<2x2x24x16xf32>) outs(%oz : tensor<2x4x24x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x4x24x16xf32>
  return %o : tensor<2x4x24x16xf32>
}

