// RUN: strata-opt --split-input-file --verify-diagnostics %s

// nvvm.mma.sync in the generic form without multiplicand PTX types: they
// are inferred from the first register as the custom parser infers them,
// and a register that infers none is an error. (mlir-opt-22 dereferences
// the absent attribute and crashes.)

llvm.func @not_inferable(%a: vector<2xbf16>, %c: f32) {
  // expected-error @below {{attribute multiplicandAPtxType is not provided explicitly and cannot be inferred}}
  %0 = "nvvm.mma.sync"(%a, %a, %a, %c, %c, %c, %c) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, operandSegmentSizes = array<i32: 2, 1, 4>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}> : (vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @inferred_s32(%a: i32, %c: f32) {
  // expected-error @below {{invalid shape or multiplicand type: s32}}
  %0 = "nvvm.mma.sync"(%a, %a, %a, %c, %c, %c, %c) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, operandSegmentSizes = array<i32: 2, 1, 4>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}> : (i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @empty_segments(%c: f32) {
  // expected-error @below {{attribute multiplicandAPtxType is not provided explicitly and cannot be inferred}}
  %0 = "nvvm.mma.sync"(%c) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, operandSegmentSizes = array<i32: 0, 0, 1>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}> : (f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @empty_c(%a: i32) {
  // expected-error @below {{'nvvm.mma.sync' op Could not match types for the C operands; expected one of 2xvector<2xf16> 4xf32 but got }}
  %0 = "nvvm.mma.sync"(%a, %a, %a) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, operandSegmentSizes = array<i32: 2, 1, 0>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}> : (i32, i32, i32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}
