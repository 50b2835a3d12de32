// The chips that tile kernels are checked against and lowered to, as data:
// one MLIR dictionary attribute, chip name -> description, read by
// targets/chips (tile-verify-target and the lowerings of tile use it).
//
// Fields of a description:
//   vendor           "nvidia", "amd", "google" or "aws"
//   warp_size        threads of a warp (NVIDIA) or wave (AMD); 0 elsewhere
//   memory           the on-chip memory blocks are staged in, and
//   memory_bytes     its capacity per thread block (GPU) or per core
//                    (TPU VMEM, Neuron SBUF)
//   acc_memory       Neuron's accumulation memory (PSUM), and
//   acc_free_bytes   the bytes per partition of one accumulator tile
//   partition_max    the largest first (partition) dimension of a tile
//   block_rule       "tpu": the last two dimensions of a block are
//                    multiples of (8, 128) or equal the array's
//   mxu              the side of a TPU's matrix unit: a dot block fills
//                    it when its N and K are multiples of it
//   vector_dot       input types a dot may compute without a matrix
//                    unit (GPU FMA units), any shape
//   matrix           matrix-unit instructions: a dot block is accepted
//                    when M, N and K are multiples of the m, n, k of one
//                    whose types match (a: types of the left input, b: of
//                    the right, default a; acc: accumulator types;
//                    precision: "tf32" when f32 inputs must be rounded
//                    to tf32, as tile.dot's precision tf32 says)
//
// Sources: the PTX ISA (mma.sync and wgmma
// shapes), the CUDA C Programming Guide (shared memory per block:
// 163 KB on compute capability 8.0, 227 KB on 9.0), LLVM's
// AMDGPUOps.td/IntrinsicsAMDGPU.td (MFMA shapes per gfx), AMD CDNA2/CDNA3
// ISA guides (LDS 64 KiB), jax-ml/jax jax/_src/pallas/mosaic/tpu_info.py
// and docs/pallas/tpu/details.rst (VMEM, MXU size, (8, 128) tiling),
// aws-neuron-sdk general/nki/arch/trainium_inferentia2_arch.rst and the
// nki.language tile_size constants (pmax 128, psum_fmax 512, SBUF 24 MiB,
// PSUM 2 MiB).
{
  // NVIDIA A100 (Ampere). mma.sync m16n8k16 for f16/bf16, m16n8k8 for
  // tf32, m16n8k32 for i8, m8n8k4 for f64. 163 KB of shared memory per
  // block (opt-in above 48 KB).
  sm_80 = {
    vendor = "nvidia", warp_size = 32,
    memory = "shared memory", memory_bytes = 166912,
    vector_dot = [f32, f64],
    matrix = [
      {name = "mma.sync.m16n8k16", m = 16, n = 8, k = 16, a = [f16], acc = [f32, f16]},
      {name = "mma.sync.m16n8k16", m = 16, n = 8, k = 16, a = [bf16], acc = [f32]},
      {name = "mma.sync.m16n8k8", m = 16, n = 8, k = 8, a = [tf32, f32], acc = [f32], precision = "tf32"},
      {name = "mma.sync.m16n8k32", m = 16, n = 8, k = 32, a = [i8], acc = [i32]},
      {name = "mma.sync.m8n8k4", m = 8, n = 8, k = 4, a = [f64], acc = [f64]}
    ]
  },
  // NVIDIA H100 (Hopper, arch-specific sm_90a for wgmma). wgmma: M = 64
  // per warpgroup, N a multiple of 8 up to 256, K = 16 (f16/bf16), 8
  // (tf32), 32 (e4m3/e5m2/i8); mma.sync of sm_80 and sm_89 (fp8
  // m16n8k32) remains. 227 KB of shared memory per block.
  sm_90a = {
    vendor = "nvidia", warp_size = 32,
    memory = "shared memory", memory_bytes = 232448,
    vector_dot = [f32, f64],
    matrix = [
      {name = "wgmma.m64nNk16", m = 64, n = 8, k = 16, a = [f16], acc = [f32, f16]},
      {name = "wgmma.m64nNk16", m = 64, n = 8, k = 16, a = [bf16], acc = [f32]},
      {name = "wgmma.m64nNk8", m = 64, n = 8, k = 8, a = [tf32, f32], acc = [f32], precision = "tf32"},
      {name = "wgmma.m64nNk32", m = 64, n = 8, k = 32, a = [f8E4M3FN, f8E5M2], b = [f8E4M3FN, f8E5M2], acc = [f32, f16]},
      {name = "wgmma.m64nNk32", m = 64, n = 8, k = 32, a = [i8], acc = [i32]},
      {name = "mma.sync.m16n8k16", m = 16, n = 8, k = 16, a = [f16], acc = [f32, f16]},
      {name = "mma.sync.m16n8k16", m = 16, n = 8, k = 16, a = [bf16], acc = [f32]},
      {name = "mma.sync.m16n8k8", m = 16, n = 8, k = 8, a = [tf32, f32], acc = [f32], precision = "tf32"},
      {name = "mma.sync.m16n8k32", m = 16, n = 8, k = 32, a = [f8E4M3FN, f8E5M2], b = [f8E4M3FN, f8E5M2], acc = [f32]},
      {name = "mma.sync.m16n8k32", m = 16, n = 8, k = 32, a = [i8], acc = [i32]},
      {name = "mma.sync.m8n8k4", m = 8, n = 8, k = 4, a = [f64], acc = [f64]}
    ]
  },
  // AMD MI200 (CDNA2), wave64. MFMA f16 and bf16_1k 32x32x8 and
  // 16x16x16, f32 32x32x2 and 16x16x4, i8 32x32x8 and 16x16x16, f64
  // 16x16x4. 64 KiB of LDS per workgroup.
  gfx90a = {
    vendor = "amd", warp_size = 64,
    memory = "LDS", memory_bytes = 65536,
    vector_dot = [f32, f64],
    matrix = [
      {name = "mfma.32x32x8f16", m = 32, n = 32, k = 8, a = [f16], acc = [f32]},
      {name = "mfma.16x16x16f16", m = 16, n = 16, k = 16, a = [f16], acc = [f32]},
      {name = "mfma.32x32x8bf16_1k", m = 32, n = 32, k = 8, a = [bf16], acc = [f32]},
      {name = "mfma.16x16x16bf16_1k", m = 16, n = 16, k = 16, a = [bf16], acc = [f32]},
      {name = "mfma.32x32x2f32", m = 32, n = 32, k = 2, a = [f32], acc = [f32]},
      {name = "mfma.16x16x4f32", m = 16, n = 16, k = 4, a = [f32], acc = [f32]},
      {name = "mfma.32x32x8i8", m = 32, n = 32, k = 8, a = [i8], acc = [i32]},
      {name = "mfma.16x16x16i8", m = 16, n = 16, k = 16, a = [i8], acc = [i32]},
      {name = "mfma.16x16x4f64", m = 16, n = 16, k = 4, a = [f64], acc = [f64]}
    ]
  },
  // AMD MI300 (CDNA3), wave64. Adds fp8/bf8 (the FNUZ formats) 16x16x32
  // and 32x32x16, i8 16x16x32 and 32x32x16 (replacing the older i8 K),
  // xf32 16x16x8 and 32x32x4. 64 KiB of LDS per workgroup.
  gfx942 = {
    vendor = "amd", warp_size = 64,
    memory = "LDS", memory_bytes = 65536,
    vector_dot = [f32, f64],
    matrix = [
      {name = "mfma.32x32x8f16", m = 32, n = 32, k = 8, a = [f16], acc = [f32]},
      {name = "mfma.16x16x16f16", m = 16, n = 16, k = 16, a = [f16], acc = [f32]},
      {name = "mfma.32x32x8bf16_1k", m = 32, n = 32, k = 8, a = [bf16], acc = [f32]},
      {name = "mfma.16x16x16bf16_1k", m = 16, n = 16, k = 16, a = [bf16], acc = [f32]},
      {name = "mfma.32x32x2f32", m = 32, n = 32, k = 2, a = [f32], acc = [f32]},
      {name = "mfma.16x16x4f32", m = 16, n = 16, k = 4, a = [f32], acc = [f32]},
      {name = "mfma.32x32x4xf32", m = 32, n = 32, k = 4, a = [tf32, f32], acc = [f32], precision = "tf32"},
      {name = "mfma.16x16x8xf32", m = 16, n = 16, k = 8, a = [tf32, f32], acc = [f32], precision = "tf32"},
      {name = "mfma.32x32x16i8", m = 32, n = 32, k = 16, a = [i8], acc = [i32]},
      {name = "mfma.16x16x32i8", m = 16, n = 16, k = 32, a = [i8], acc = [i32]},
      {name = "mfma.32x32x16fp8", m = 32, n = 32, k = 16, a = [f8E4M3FNUZ, f8E5M2FNUZ], b = [f8E4M3FNUZ, f8E5M2FNUZ], acc = [f32]},
      {name = "mfma.16x16x32fp8", m = 16, n = 16, k = 32, a = [f8E4M3FNUZ, f8E5M2FNUZ], b = [f8E4M3FNUZ, f8E5M2FNUZ], acc = [f32]},
      {name = "mfma.16x16x4f64", m = 16, n = 16, k = 4, a = [f64], acc = [f64]}
    ]
  },
  // AMD MI350 (CDNA4, gfx950), wave64. Keeps the CDNA3 MFMAs (the fp8
  // ones in the OCP formats rather than FNUZ) and adds f16/bf16 16x16x32
  // and 32x32x16 and the scaled f8f6f4 16x16x128 and 32x32x64. 160 KiB of
  // LDS per workgroup.
  gfx950 = {
    vendor = "amd", warp_size = 64,
    memory = "LDS", memory_bytes = 163840,
    vector_dot = [f32, f64],
    matrix = [
      {name = "mfma.32x32x8f16", m = 32, n = 32, k = 8, a = [f16], acc = [f32]},
      {name = "mfma.16x16x16f16", m = 16, n = 16, k = 16, a = [f16], acc = [f32]},
      {name = "mfma.32x32x8bf16_1k", m = 32, n = 32, k = 8, a = [bf16], acc = [f32]},
      {name = "mfma.16x16x16bf16_1k", m = 16, n = 16, k = 16, a = [bf16], acc = [f32]},
      {name = "mfma.32x32x16f16", m = 32, n = 32, k = 16, a = [f16], acc = [f32]},
      {name = "mfma.16x16x32f16", m = 16, n = 16, k = 32, a = [f16], acc = [f32]},
      {name = "mfma.32x32x16bf16", m = 32, n = 32, k = 16, a = [bf16], acc = [f32]},
      {name = "mfma.16x16x32bf16", m = 16, n = 16, k = 32, a = [bf16], acc = [f32]},
      {name = "mfma.32x32x2f32", m = 32, n = 32, k = 2, a = [f32], acc = [f32]},
      {name = "mfma.16x16x4f32", m = 16, n = 16, k = 4, a = [f32], acc = [f32]},
      {name = "mfma.32x32x16i8", m = 32, n = 32, k = 16, a = [i8], acc = [i32]},
      {name = "mfma.16x16x32i8", m = 16, n = 16, k = 32, a = [i8], acc = [i32]},
      {name = "mfma.32x32x16fp8", m = 32, n = 32, k = 16, a = [f8E4M3FN, f8E5M2], b = [f8E4M3FN, f8E5M2], acc = [f32]},
      {name = "mfma.16x16x32fp8", m = 16, n = 16, k = 32, a = [f8E4M3FN, f8E5M2], b = [f8E4M3FN, f8E5M2], acc = [f32]},
      {name = "mfma.16x16x4f64", m = 16, n = 16, k = 4, a = [f64], acc = [f64]}
    ]
  },
  // Google TPU v5e: one TensorCore with 128x128 MXUs, 128 MiB of VMEM.
  // Matmul operands live in (8, 128) vregs: M a multiple of 8, N and K
  // of 128; results are f32 (i32 for int8); f32 inputs run in several
  // bf16 passes.
  "tpu-v5e" = {
    vendor = "google", warp_size = 0,
    memory = "VMEM", memory_bytes = 134217728,
    block_rule = "tpu", mxu = 128,
    matrix = [
      {name = "mxu.128x128", m = 8, n = 128, k = 128, a = [bf16, f32], acc = [f32]},
      {name = "mxu.128x128", m = 8, n = 128, k = 128, a = [i8], acc = [i32]}
    ]
  },
  // Google TPU v6e (Trillium): 256x256 MXUs, 128 MiB of VMEM, the same
  // (8, 128) vreg tiling.
  "tpu-v6e" = {
    vendor = "google", warp_size = 0,
    memory = "VMEM", memory_bytes = 134217728,
    block_rule = "tpu", mxu = 256,
    matrix = [
      {name = "mxu.256x256", m = 8, n = 128, k = 128, a = [bf16, f32], acc = [f32]},
      {name = "mxu.256x256", m = 8, n = 128, k = 128, a = [i8], acc = [i32]}
    ]
  },
  // AWS Trainium (NeuronCore-v2): TensorE 128x128, SBUF 24 MiB (128
  // partitions of 192 KiB), PSUM 2 MiB (128 partitions of 16 KiB, 8 banks
  // of 2 KiB). Tiles have at most 128 partitions; an accumulator tile has
  // at most 2 KiB per partition (512 f32); accumulation is f32; nc_matmul
  // takes a stationary free size of at most 128 and a moving one of at
  // most 512 (nl.tile_size.gemm_stationary_fmax, gemm_moving_fmax);
  // bn_stats reads at most 512 elements per partition (bn_stats_fmax).
  trn1 = {
    vendor = "aws", warp_size = 0,
    memory = "SBUF", memory_bytes = 25165824,
    acc_memory = "PSUM", acc_free_bytes = 2048, acc_banks = 8,
    stationary_max = 128, moving_max = 512, bn_stats_max = 512,
    partition_max = 128,
    matrix = [
      {name = "nc_matmul", m = 1, n = 1, k = 1, a = [bf16, f16, f32], acc = [f32]},
      {name = "nc_matmul", m = 1, n = 1, k = 1, a = [tf32, f32], acc = [f32], precision = "tf32"}
    ]
  },
  // AWS Trainium2 (NeuronCore-v3): as trn1 with fp8 inputs and an SBUF
  // of 28 MiB (128 partitions of 224 KiB; NKI's Trainium3 architecture
  // guide: "SBUF capacity is 32MiB (up from 28 MiB in NeuronCore-v3)").
  trn2 = {
    vendor = "aws", warp_size = 0,
    memory = "SBUF", memory_bytes = 29360128,
    acc_memory = "PSUM", acc_free_bytes = 2048, acc_banks = 8,
    stationary_max = 128, moving_max = 512, bn_stats_max = 512,
    partition_max = 128,
    matrix = [
      {name = "nc_matmul", m = 1, n = 1, k = 1, a = [bf16, f16, f32], acc = [f32]},
      {name = "nc_matmul", m = 1, n = 1, k = 1, a = [tf32, f32], acc = [f32], precision = "tf32"},
      {name = "nc_matmul", m = 1, n = 1, k = 1, a = [f8E4M3FN, f8E5M2], b = [f8E4M3FN, f8E5M2], acc = [f32]}
    ]
  }
}
