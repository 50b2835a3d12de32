// RUN: strata-opt %s | FileCheck %s
// NO-DIFF: the tile dialect is Strata's own; its generic form is compared
// with mlir-opt-22 by dialects/tile's tests.

// CHECK-LABEL: tile.func @kernel(%arg0: memref<?x?xf32>, %arg1: memref<64xf32>, %arg2: memref<?xi32>, %arg3: index) grid [parallel, arbitrary] {
tile.func @kernel(%m: memref<?x?xf32>, %v: memref<64xf32>, %iv: memref<?xi32>, %n: index) grid [parallel, arbitrary] {
  // CHECK: tile.view %arg0 : memref<?x?xf32> -> !tile.view<?x?xf32>
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  // CHECK: tile.view %arg1 offset %{{.*}} sizes [%{{.*}}, %{{.*}}] strides [%{{.*}}, %{{.*}}] : memref<64xf32> -> !tile.view<8x8xf32, strided<[8, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %V = tile.view %v offset %c0 sizes [%c8, %c8] strides [%c8, %c1] : memref<64xf32> -> !tile.view<8x8xf32, strided<[8, 1]>>
  %I = tile.view %iv : memref<?xi32> -> !tile.view<?xi32>
  // CHECK: tile.program_id 0 : index
  %p0 = tile.program_id 0 : index
  // CHECK: tile.program_id 1 : i32
  %p1 = tile.program_id 1 : i32
  // CHECK: tile.num_programs 1 : index
  %g1 = tile.num_programs 1 : index
  // CHECK: tile.dim %{{.*}}, 1 : !tile.view<?x?xf32>
  %d1 = tile.dim %A, 1 : !tile.view<?x?xf32>
  // CHECK: tile.num_blocks %{{.*}} dim 0 block 16 : !tile.view<?x?xf32>
  %nb = tile.num_blocks %A dim 0 block 16 : !tile.view<?x?xf32>
  // CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<?x?xf32> -> tensor<16x8xf32>
  %t = tile.load %A[%p0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<16x8xf32>
  // CHECK: tile.load %{{.*}} at [%{{.*}}, %{{.*}}] pad neg_inf : !tile.view<?x?xf32> -> tensor<16x8xf32>
  %t2 = tile.load %A at [%p0, %c1] pad neg_inf : !tile.view<?x?xf32> -> tensor<16x8xf32>
  // CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.view<8x8xf32, strided<[8, 1]>> -> tensor<8x8xf32>
  %t3 = tile.load %V[%c0, %c0] : !tile.view<8x8xf32, strided<[8, 1]>> -> tensor<8x8xf32>
  %iota = tile.iota : tensor<16xindex>
  %nsplat = tile.splat %n : index -> tensor<16xindex>
  %inb = arith.cmpi slt, %iota, %nsplat : tensor<16xindex>
  %mask2 = tile.expand_dims %inb dim 1 : tensor<16xi1> -> tensor<16x1xi1>
  %mask = tile.broadcast %mask2 : tensor<16x1xi1> -> tensor<16x8xi1>
  // CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} pad 1.500000e+00 : !tile.view<?x?xf32> -> tensor<16x8xf32>
  %t4 = tile.load %A[%p0, %c0] mask %mask pad 1.5 : !tile.view<?x?xf32> -> tensor<16x8xf32>
  // CHECK: tile.load %{{.*}}[%{{.*}}] pad 7 : !tile.view<?xi32> -> tensor<16xi32>
  %t5 = tile.load %I[%p0] pad 7 : !tile.view<?xi32> -> tensor<16xi32>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} : tensor<16x8xf32>, !tile.view<?x?xf32>
  tile.store %t, %A[%p0, %c0] mask %mask : tensor<16x8xf32>, !tile.view<?x?xf32>
  // CHECK: tile.store %{{.*}}, %{{.*}} at [%{{.*}}, %{{.*}}] bounds_check : tensor<16x8xf32>, !tile.view<?x?xf32>
  tile.store %t, %A at [%c1, %c1] bounds_check : tensor<16x8xf32>, !tile.view<?x?xf32>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : tensor<8x8xf32>, !tile.view<8x8xf32, strided<[8, 1]>>
  tile.store %t3, %V[%c0, %c0] : tensor<8x8xf32>, !tile.view<8x8xf32, strided<[8, 1]>>
  // CHECK: tile.atomic_add %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : tensor<16x8xf32>, !tile.view<?x?xf32>
  tile.atomic_add %t, %A[%p0, %c0] bounds_check : tensor<16x8xf32>, !tile.view<?x?xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} pad zero : !tile.view<?x?xf32>, tensor<16xindex> -> tensor<16xf32>
  %gth = tile.gather %A[%iota, %iota] mask %inb pad zero : !tile.view<?x?xf32>, tensor<16xindex> -> tensor<16xf32>
  // CHECK: tile.scatter %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} : tensor<16xf32>, !tile.view<?x?xf32>, tensor<16xindex>
  tile.scatter %gth, %A[%iota, %iota] mask %inb : tensor<16xf32>, !tile.view<?x?xf32>, tensor<16xindex>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} precision tf32 : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32>
  %dd = tile.dot %t, %t3, %t precision tf32 : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32>
  %h = tile.cast %t : tensor<16x8xf32> -> tensor<16x8xbf16>
  %h8 = tile.cast %t3 : tensor<8x8xf32> -> tensor<8x8xbf16>
  %acc = arith.constant dense<0.0> : tensor<16x8xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x8xbf16>, tensor<8x8xbf16> -> tensor<16x8xf32>
  %dh = tile.dot %h, %h8, %acc : tensor<16x8xbf16>, tensor<8x8xbf16> -> tensor<16x8xf32>
  // CHECK: tile.reduce max %{{.*}} dim 1 : tensor<16x8xf32> -> tensor<16xf32>
  %rmax = tile.reduce max %dh dim 1 : tensor<16x8xf32> -> tensor<16xf32>
  // CHECK: tile.reduce sum %{{.*}} dim 0 : tensor<16xf32> -> f32
  %rs = tile.reduce sum %rmax dim 0 : tensor<16xf32> -> f32
  // CHECK: tile.reduce %{{.*}} dim 0 combine {
  // CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: tile.yield %{{.*}} : f32
  // CHECK-NEXT: } : tensor<16x8xf32> -> tensor<8xf32>
  %rr = tile.reduce %dh dim 0 combine {
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %y : f32
    tile.yield %z : f32
  } : tensor<16x8xf32> -> tensor<8xf32>
  // CHECK: tile.scan sum %{{.*}} dim 1 reverse : tensor<16x8xf32> -> tensor<16x8xf32>
  %sc = tile.scan sum %dh dim 1 reverse : tensor<16x8xf32> -> tensor<16x8xf32>
  // CHECK: tile.splat %{{.*}} : f32 -> tensor<16x8xf32>
  %sp = tile.splat %rs : f32 -> tensor<16x8xf32>
  // CHECK: tile.squeeze %{{.*}} dim 1 : tensor<16x1xi1> -> tensor<16xi1>
  %sq = tile.squeeze %mask2 dim 1 : tensor<16x1xi1> -> tensor<16xi1>
  // CHECK: tile.reshape %{{.*}} : tensor<16x8xf32> -> tensor<128xf32>
  %rsh = tile.reshape %sc : tensor<16x8xf32> -> tensor<128xf32>
  // CHECK: tile.transpose %{{.*}} [1, 0] : tensor<16x8xf32> -> tensor<8x16xf32>
  %tr = tile.transpose %sp [1, 0] : tensor<16x8xf32> -> tensor<8x16xf32>
  // CHECK: tile.cat %{{.*}}, %{{.*}} : tensor<16x8xf32> -> tensor<32x8xf32>
  %cat = tile.cat %sc, %sp : tensor<16x8xf32> -> tensor<32x8xf32>
  // CHECK: tile.join %{{.*}}, %{{.*}} : tensor<16x8xf32> -> tensor<16x8x2xf32>
  %join = tile.join %sc, %sp : tensor<16x8xf32> -> tensor<16x8x2xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x8xf32>, tensor<2x8x4xf32> -> tensor<2x16x4xf32>
  %ba = tile.reshape %cat : tensor<32x8xf32> -> tensor<2x16x8xf32>
  %bb = arith.constant dense<1.0> : tensor<2x8x4xf32>
  %bc = arith.constant dense<0.0> : tensor<2x16x4xf32>
  %bd = tile.dot %ba, %bb, %bc : tensor<2x16x8xf32>, tensor<2x8x4xf32> -> tensor<2x16x4xf32>
  // CHECK: tile.cast %{{.*}} toward_zero : tensor<16x8xf32> -> tensor<16x8xf16>
  %c16 = tile.cast %sc toward_zero : tensor<16x8xf32> -> tensor<16x8xf16>
  // CHECK: tile.cast %{{.*}} unsigned : tensor<16xi32> -> tensor<16xf32>
  %cu = tile.cast %t5 unsigned : tensor<16xi32> -> tensor<16xf32>
  // CHECK: tile.cast %{{.*}} unsigned toward_zero : tensor<16x8xf32> -> tensor<16x8xi8>
  %ci = tile.cast %sc unsigned toward_zero : tensor<16x8xf32> -> tensor<16x8xi8>
  // CHECK: tile.return
  tile.return
}

// CHECK-LABEL: func.func @host
func.func @host(%m: memref<?x?xf32>, %v: memref<64xf32>, %iv: memref<?xi32>, %n: index) {
  // CHECK: tile.launch @kernel grid [%arg3, %arg3] (%arg0, %arg1, %arg2, %arg3) : memref<?x?xf32>, memref<64xf32>, memref<?xi32>, index
  tile.launch @kernel grid [%n, %n] (%m, %v, %iv, %n) : memref<?x?xf32>, memref<64xf32>, memref<?xi32>, index
  return
}
