// gather_to_lds.mlir lowered by convert-amdgpu-to-rocdl{chipset=gfx942}
// and convert-gpu-to-rocdl{chipset=gfx942}: rocdl.load.to.lds on one wave of 64 lanes: lane l loads element
// [l, 3] of a 64x8 f32 array, and the wave writes the 64 values to LDS
// in lane order from the first lane's destination index; with i16
// transfers each lane's value is padded with zeros to 4 bytes. The
// kernel then reads LDS back in reverse (f32) and in order (i16). The
// expected numbers follow from the definition: out[t] = 8 (63 - t) + 3,
// out16[2k] = 64 + k and out16[2k + 1] = 0.
//
// CHECK: Unranked Memref
// CHECK: [507,  499,  491,  483,  475,  467,  459,  451,  443,  435,  427,  419,  411,  403,  395,  387,  379,  371,  363,  355,  347,  339,  331,  323,  315,  307,  299,  291,  283,  275,  267,  259,  251,  243,  235,  227,  219,  211,  203,  195,  187,  179,  171,  163,  155,  147,  139,  131,  123,  115,  107,  99,  91,  83,  75,  67,  59,  51,  43,  35,  27,  19,  11,  3]
// CHECK: Unranked Memref
// CHECK: [64,  0,  65,  0,  66,  0,  67,  0,  68,  0,  69,  0,  70,  0,  71,  0,  72,  0,  73,  0,  74,  0,  75,  0,  76,  0,  77,  0,  78,  0,  79,  0,  80,  0,  81,  0,  82,  0,  83,  0,  84,  0,  85,  0,  86,  0,  87,  0,  88,  0,  89,  0,  90,  0,  91,  0,  92,  0,  93,  0,  94,  0,  95,  0]

module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx942">] attributes {llvm.data_layout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"} {
    llvm.mlir.global internal @__wg_g_0() {addr_space = 3 : i32} : !llvm.array<64 x f32>
    llvm.mlir.global internal @__wg_g_1() {addr_space = 3 : i32} : !llvm.array<128 x i16>
    llvm.func @g(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr<1>, %arg8: !llvm.ptr<1>, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: i64, %arg15: i64, %arg16: i64, %arg17: !llvm.ptr, %arg18: !llvm.ptr, %arg19: i64, %arg20: i64, %arg21: i64) attributes {gpu.kernel, rocdl.kernel} {
      %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %1 = llvm.insertvalue %arg17, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %2 = llvm.insertvalue %arg18, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %3 = llvm.insertvalue %arg19, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %4 = llvm.insertvalue %arg20, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %5 = llvm.insertvalue %arg21, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %6 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %7 = llvm.insertvalue %arg12, %6[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %8 = llvm.insertvalue %arg13, %7[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %9 = llvm.insertvalue %arg14, %8[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %10 = llvm.insertvalue %arg15, %9[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %11 = llvm.insertvalue %arg16, %10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %12 = llvm.mlir.poison : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
      %13 = llvm.insertvalue %arg7, %12[0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> 
      %14 = llvm.insertvalue %arg8, %13[1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> 
      %15 = llvm.insertvalue %arg9, %14[2] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> 
      %16 = llvm.insertvalue %arg10, %15[3, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> 
      %17 = llvm.insertvalue %arg11, %16[4, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> 
      %18 = llvm.mlir.poison : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)>
      %19 = llvm.insertvalue %arg0, %18[0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %20 = llvm.insertvalue %arg1, %19[1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %21 = llvm.insertvalue %arg2, %20[2] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %22 = llvm.insertvalue %arg3, %21[3, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %23 = llvm.insertvalue %arg5, %22[4, 0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %24 = llvm.insertvalue %arg4, %23[3, 1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %25 = llvm.insertvalue %arg6, %24[4, 1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %26 = llvm.mlir.addressof @__wg_g_0 : !llvm.ptr<3>
      %27 = llvm.getelementptr %26[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<64 x f32>
      %28 = llvm.mlir.poison : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %29 = llvm.insertvalue %27, %28[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %30 = llvm.insertvalue %27, %29[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %31 = llvm.mlir.constant(0 : index) : i64
      %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %33 = llvm.mlir.constant(64 : index) : i64
      %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %35 = llvm.mlir.constant(1 : index) : i64
      %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %37 = llvm.mlir.addressof @__wg_g_1 : !llvm.ptr<3>
      %38 = llvm.getelementptr %37[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<128 x i16>
      %39 = llvm.mlir.poison : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %40 = llvm.insertvalue %38, %39[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %41 = llvm.insertvalue %38, %40[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %42 = llvm.mlir.constant(0 : index) : i64
      %43 = llvm.insertvalue %42, %41[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %44 = llvm.mlir.constant(128 : index) : i64
      %45 = llvm.insertvalue %44, %43[3, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %46 = llvm.mlir.constant(1 : index) : i64
      %47 = llvm.insertvalue %46, %45[4, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %48 = llvm.mlir.constant(8 : index) : i64
      %49 = llvm.mlir.constant(63 : index) : i64
      %50 = llvm.mlir.constant(3 : index) : i64
      %51 = llvm.mlir.constant(0 : index) : i64
      %52 = rocdl.workitem.id.x : i32
      %53 = llvm.sext %52 : i32 to i64
      %54 = llvm.extractvalue %25[1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)> 
      %55 = llvm.mul %53, %48 : i64
      %56 = llvm.add %55, %50 : i64
      %57 = llvm.getelementptr %54[%56] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %58 = llvm.extractvalue %36[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %59 = llvm.getelementptr %58[%51] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      rocdl.load.to.lds %57, %59, 4, 0, 0 : <1>
      %60 = llvm.extractvalue %17[1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)> 
      %61 = llvm.getelementptr %60[%53] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i16
      %62 = llvm.extractvalue %47[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %63 = llvm.getelementptr %62[%51] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i16
      rocdl.load.to.lds %61, %63, 2, 0, 0 : <1>
      rocdl.barrier
      %64 = llvm.sub %49, %53 : i64
      %65 = llvm.extractvalue %36[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %66 = llvm.getelementptr inbounds|nuw %65[%64] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %67 = llvm.load %66 : !llvm.ptr<3> -> f32
      %68 = llvm.extractvalue %11[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %69 = llvm.getelementptr inbounds|nuw %68[%53] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %67, %69 : f32, !llvm.ptr
      %70 = llvm.extractvalue %47[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %71 = llvm.getelementptr inbounds|nuw %70[%53] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i16
      %72 = llvm.load %71 : !llvm.ptr<3> -> i16
      %73 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
      %74 = llvm.getelementptr inbounds|nuw %73[%53] : (!llvm.ptr, i64) -> !llvm.ptr, i16
      llvm.store %72, %74 : i16, !llvm.ptr
      llvm.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI16(memref<*xi16>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %alloc = memref.alloc() : memref<64x8xf32>
    %alloc_0 = memref.alloc() : memref<64xi16>
    %alloc_1 = memref.alloc() : memref<64xf32>
    %alloc_2 = memref.alloc() : memref<64xi16>
    scf.for %arg0 = %c0 to %c64 step %c1 {
      scf.for %arg1 = %c0 to %c8 step %c1 {
        %2 = arith.muli %arg0, %c8 : index
        %3 = arith.addi %2, %arg1 : index
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        memref.store %5, %alloc[%arg0, %arg1] : memref<64x8xf32>
      }
      %0 = arith.addi %arg0, %c64 : index
      %1 = arith.index_cast %0 : index to i16
      memref.store %1, %alloc_0[%arg0] : memref<64xi16>
    }
    %memspacecast = memref.memory_space_cast %alloc : memref<64x8xf32> to memref<64x8xf32, #gpu.address_space<global>>
    %memspacecast_3 = memref.memory_space_cast %alloc_0 : memref<64xi16> to memref<64xi16, #gpu.address_space<global>>
    gpu.launch_func  @k::@g blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)  args(%memspacecast : memref<64x8xf32, #gpu.address_space<global>>, %memspacecast_3 : memref<64xi16, #gpu.address_space<global>>, %alloc_1 : memref<64xf32>, %alloc_2 : memref<64xi16>)
    %cast = memref.cast %alloc_1 : memref<64xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_4 = memref.cast %alloc_2 : memref<64xi16> to memref<*xi16>
    call @printMemrefI16(%cast_4) : (memref<*xi16>) -> ()
    return
  }
}

