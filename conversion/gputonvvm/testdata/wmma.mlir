// The subgroup MMA operations become nvvm.wmma operations on structs of
// fragment registers: loads and stores address the element at their
// indices with the leading dimension as the stride; the elementwise
// operations apply to each register.
// CHECK-LABEL: llvm.func @load_a
// CHECK: %[[LD:.*]] = llvm.mlir.constant(32 : index) : i32
// CHECK: nvvm.wmma.load %{{.*}}, %[[LD]] {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
gpu.module @test_module {
  gpu.func @load_a() -> !gpu.mma_matrix<16x16xf16, "AOp"> {
    %wg = memref.alloca() {alignment = 32} : memref<32x32xf16, 3>
    %i = arith.constant 16 : index
    %j = arith.constant 16 : index
    %0 = gpu.subgroup_mma_load_matrix %wg[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return %0 : !gpu.mma_matrix<16x16xf16, "AOp">
  }
}

// -----

// CHECK-LABEL: llvm.func @load_transposed
// CHECK: nvvm.wmma.load {{.*}}frag = #nvvm.mma_frag<b>{{.*}}layout = #nvvm.mma_layout<col>
gpu.module @test_module {
  gpu.func @load_transposed(%m: memref<32x32xf16>) -> !gpu.mma_matrix<16x16xf16, "BOp"> {
    %c0 = arith.constant 0 : index
    %0 = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    gpu.return %0 : !gpu.mma_matrix<16x16xf16, "BOp">
  }
}

// -----

// CHECK-LABEL: llvm.func @store
// CHECK-COUNT-4: llvm.extractvalue
// CHECK: nvvm.wmma.store
gpu.module @test_module {
  gpu.func @store(%arg0: !gpu.mma_matrix<16x16xf16, "COp">) {
    %sg = memref.alloca() {alignment = 32} : memref<32x32xf16, 3>
    %i = arith.constant 16 : index
    %j = arith.constant 16 : index
    gpu.subgroup_mma_store_matrix %arg0, %sg[%i,%j] {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>
    gpu.return
  }
}

// -----

// CHECK-LABEL: llvm.func @mma_f16_f32
// CHECK: nvvm.wmma.mma
gpu.module @test_module {
  gpu.func @mma_f16_f32(%A: !gpu.mma_matrix<16x16xf16, "AOp">, %B: !gpu.mma_matrix<16x16xf16, "BOp">, %C: !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    %D = gpu.subgroup_mma_compute %A, %B, %C {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return %D : !gpu.mma_matrix<16x16xf32, "COp">
  }
}

// -----

// CHECK-LABEL: llvm.func @mma_f64
// CHECK: nvvm.wmma.mma
gpu.module @test_module {
  gpu.func @mma_f64(%src: memref<32x32xf64>, %dst: memref<32x32xf64>) {
    %c0 = arith.constant 0 : index
    %A = gpu.subgroup_mma_load_matrix %src[%c0, %c0] {leadDimension = 32 : index} : memref<32x32xf64> -> !gpu.mma_matrix<8x4xf64, "AOp">
    %B = gpu.subgroup_mma_load_matrix %src[%c0, %c0] {leadDimension = 32 : index} : memref<32x32xf64> -> !gpu.mma_matrix<4x8xf64, "BOp">
    %C = gpu.subgroup_mma_load_matrix %src[%c0, %c0] {leadDimension = 32 : index} : memref<32x32xf64> -> !gpu.mma_matrix<8x8xf64, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<8x4xf64, "AOp">, !gpu.mma_matrix<4x8xf64, "BOp"> -> !gpu.mma_matrix<8x8xf64, "COp">
    gpu.subgroup_mma_store_matrix %D, %dst[%c0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<8x8xf64, "COp">, memref<32x32xf64>
    gpu.return
  }
}

// -----

// CHECK-LABEL: llvm.func @constant_and_elementwise
// CHECK: llvm.insertelement
// CHECK: llvm.fadd
// CHECK: llvm.fmul
// CHECK: llvm.fdiv
// CHECK: llvm.fcmp "ogt"
// CHECK: llvm.fcmp "olt"
gpu.module @test_module {
  gpu.func @constant_and_elementwise(%f: f16, %g: f32, %A: !gpu.mma_matrix<16x16xf32, "COp">, %m: memref<16x16xf16>) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    %C = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
    %D = gpu.subgroup_mma_constant_matrix %g : !gpu.mma_matrix<16x16xf32, "COp">
    %0 = gpu.subgroup_mma_elementwise addf %C, %C : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %1 = gpu.subgroup_mma_elementwise mulf %D, %A : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %2 = gpu.subgroup_mma_elementwise divf %1, %A : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %3 = gpu.subgroup_mma_elementwise maxf %0, %C : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %4 = gpu.subgroup_mma_elementwise minf %2, %A : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %c0 = arith.constant 0 : index
    gpu.subgroup_mma_store_matrix %3, %m[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
    gpu.return %4 : !gpu.mma_matrix<16x16xf32, "COp">
  }
}
