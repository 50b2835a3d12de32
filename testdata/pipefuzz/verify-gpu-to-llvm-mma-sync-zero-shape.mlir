// SIGNATURE: verify after gpu-to-llvm: 'llvm.return' op expected no operands
// PIPELINE: builtin.module(gpu-to-llvm)
// The m = 0 shape is no mma.sync variant; the verifier now rejects the
// input as mlir-opt-22 does. (The llvm.return in a func.func fails after
// gpu-to-llvm in mlir-opt-22 too: see open/verify-gpu-to-llvm-llvm-return-in-func.mlir.)
func.func @nvvm_mma_m8n8k4_row_col_f32_f32(%a0 : vector<2xf16>, %a1 : vector<2xf16>, %b0 : vector<2xf16>, %b1 : vector<2xf16>, %c0 : f32, %c1 : f32, %c2 : f32, %c3 : f32, %c4 : f32, %c5 : f32, %c6 : f32, %c7 : f32) {
  %0 = nvvm.mma.sync A[%a0, %a1] B[%b0, %b1] C[%c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 0, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  llvm.return %0 : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
}
