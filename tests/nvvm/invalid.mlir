// RUN: strata-opt --split-input-file --verify-diagnostics %s

// nvvm.mbarrier.arrive: a CTA or cluster scope, and no state from a
// barrier of another block of the cluster.

llvm.func @remote_state(%p: !llvm.ptr<7>) {
  // expected-error @below {{mbarrier in shared_cluster space cannot return any value}}
  %t = nvvm.mbarrier.arrive %p : !llvm.ptr<7> -> i64
  llvm.return
}

// -----

llvm.func @gpu_scope(%p: !llvm.ptr<3>) {
  // expected-error @below {{mbarrier scope must be either CTA or Cluster}}
  nvvm.mbarrier.arrive %p {scope = #nvvm.mem_scope<gpu>} : !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @global_barrier(%p: !llvm.ptr<1>) {
  // expected-error @below {{'nvvm.mbarrier.arrive' op operand #0 must be}}
  nvvm.mbarrier.arrive %p : !llvm.ptr<1>
  llvm.return
}

// -----

// nvvm.mma.sync: the shape and multiplicand type must name a PTX variant,
// whose register counts and types the operands and result must have.

llvm.func @mma_zero_shape(%a0: vector<2xf16>, %a1: vector<2xf16>, %c0: f32) {
  // expected-error @below {{'nvvm.mma.sync' op unimplemented variant for MMA shape <0, 8, 4>}}
  %0 = nvvm.mma.sync A[%a0, %a1] B[%a0, %a1] C[%c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 0, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @mma_m16_f64(%a: f64) {
  // expected-error @below {{invalid shape or multiplicand type: f64}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%a, %a]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 16, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
  llvm.return
}

// -----

// The custom form infers an i32 register's PTX type as an accumulator's.
llvm.func @mma_i32_inferred_s32(%a: i32) {
  // expected-error @below {{invalid shape or multiplicand type: s32}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a] C[%a, %a, %a, %a]
    {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

llvm.func @mma_k_not_a_variant(%a: i32, %c: f32) {
  // expected-error @below {{'nvvm.mma.sync' op unimplemented variant for MMA shape <16, 8, 32>}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>,
     shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @mma_ctype(%a: vector<2xf16>, %c: f32) {
  // expected-error @below {{'nvvm.mma.sync' op ctype does not match dtype}}
  %0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%a, %a] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  llvm.return
}

// -----

llvm.func @mma_a_count(%a: vector<2xf16>, %c: f32) {
  // expected-error @below {{'nvvm.mma.sync' op Could not match types for the A operands; expected one of 4xvector<2xf16> but got vector<2xf16>, vector<2xf16>}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a, %a] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @mma_c_type(%a: vector<2xf16>, %c: f64) {
  // expected-error @below {{'nvvm.mma.sync' op Could not match types for the C operands; expected one of 4xvector<2xf16> 8xf32 but got f64, f64}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a, %a] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, f64) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @mma_result(%a: vector<2xf16>, %c: f32) {
  // expected-error @below {{'nvvm.mma.sync' op Could not match allowed types for the result; expected one of !llvm.struct<(vector<2xf16>, vector<2xf16>)>, !llvm.struct<(f32, f32, f32, f32)> but got !llvm.struct<(f32, f32, f32)>}}
  %0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%a, %a] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @mma_b1_op(%a: i32) {
  // expected-error @below {{'nvvm.mma.sync' op op requires b1Op attribute}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a] C[%a, %a, %a, %a]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>,
     shape = #nvvm.shape<m = 16, n = 8, k = 128>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

llvm.func @mma_int_overflow(%a: i32) {
  // expected-error @below {{'nvvm.mma.sync' op op requires intOverflowBehavior attribute}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%a, %a]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     multiplicandAPtxType = #nvvm.mma_type<u8>, multiplicandBPtxType = #nvvm.mma_type<u8>,
     shape = #nvvm.shape<m = 8, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @mma_layout(%a: i32) {
  // expected-error @below {{'nvvm.mma.sync' op requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape <8, 8, 32> with element types s4 and s4. Only m8n8k4 with f16 supports other layouts.}}
  %0 = nvvm.mma.sync A[%a] B[%a] C[%a, %a]
    {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>,
     multiplicandAPtxType = #nvvm.mma_type<s4>, multiplicandBPtxType = #nvvm.mma_type<s4>,
     shape = #nvvm.shape<m = 8, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

// FP8 multiplicands are an MMA type, but mma.sync has no variant of them.
llvm.func @mma_e4m3(%a: i32, %c: f32) {
  // expected-error @below {{invalid shape or multiplicand type: e4m3}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a] C[%c, %c, %c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     multiplicandAPtxType = #nvvm.mma_type<e4m3>, multiplicandBPtxType = #nvvm.mma_type<e4m3>,
     shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}


// -----

// The custom form needs the PTX types of registers it cannot infer them
// from (only f16, f16 pairs, f32, f64 and integers infer one).
llvm.func @mma_not_inferable(%a: vector<4xf16>, %c: vector<4xf16>) {
  // expected-error @below {{custom op 'nvvm.mma.sync' attribute multiplicandAPtxType is not provided explicitly and cannot be inferred}}
  %0 = nvvm.mma.sync A[%a, %a] B[%a] C[%c, %c]
    {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
     shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (vector<4xf16>, vector<4xf16>, vector<4xf16>) -> !llvm.struct<(vector<4xf16>, vector<4xf16>)>
  llvm.return
}
