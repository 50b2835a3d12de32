import math

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def gemm(in0, in1, in2, in3):
    """Runs as gemm[g0, g1](in0, in1, in2, in3): one program per point of a 2-D grid (parallel, parallel), for trn1.

    Writes in3 in place."""
    i_p128 = nl.arange(128)[:, None]
    i_f64 = nl.arange(64)[None, :]
    i_p64 = nl.arange(64)[:, None]
    i_f128 = nl.arange(128)[None, :]
    pid0 = nl.program_id(0)  # tile-to-neuron-gemm.mlir:42
    pid1 = nl.program_id(1)  # tile-to-neuron-gemm.mlir:43
    nin0 = (in0.shape[1] + 63) // 64  # tile-to-neuron-gemm.mlir:44
    acc = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)  # tile-to-neuron-gemm.mlir:48
    nisa.memset(dst=acc, value=0.0)
    for k in nl.affine_range(nin0):
        in0_sb = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:49
        nisa.memset(dst=in0_sb, value=0.0)
        i = pid0 * 128
        i1 = k * 64
        nisa.dma_copy(dst=in0_sb, src=in0[i + i_p128, i1 + i_f64], mask=(i + i_p128 < in0.shape[0]) & (i1 + i_f64 < in0.shape[1]))
        in1_sb = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:50
        nisa.memset(dst=in1_sb, value=0.0)
        i2 = pid1 * 128
        nisa.dma_copy(dst=in1_sb, src=in1[i1 + i_p64, i2 + i_f128], mask=(i1 + i_p64 < in1.shape[0]) & (i2 + i_f128 < in1.shape[1]))
        tp = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.psum)  # tile-to-neuron-gemm.mlir:51
        nisa.nc_transpose(dst=tp, data=in0_sb)
        t = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf)
        nisa.tensor_copy(dst=t, src=tp)
        nisa.nc_matmul(dst=acc, stationary=t, moving=in1_sb)
    in2_sb = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:54
    nisa.memset(dst=in2_sb, value=0.0)
    i3 = pid1 * 128
    nisa.dma_copy(dst=in2_sb, src=in2[i3 + i_f128], mask=i3 + i_f128 < in2.shape[0])
    t1 = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:56
    nisa.memset(dst=t1, value=1.0)
    acc1 = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)
    nisa.memset(dst=acc1, value=0.0)
    nisa.nc_matmul(dst=acc1, stationary=t1, moving=in2_sb)
    t2 = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=t2, src=acc1)
    t3 = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:57
    nisa.tensor_tensor(dst=t3, data1=acc, data2=t2, op=nl.add)
    relu = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:58
    nisa.activation(dst=relu, op=nl.relu, data=t3)
    i4 = pid0 * 128  # tile-to-neuron-gemm.mlir:59
    nisa.dma_copy(dst=in3[i4 + i_p128, i3 + i_f128], src=relu, mask=(i4 + i_p128 < in3.shape[0]) & (i3 + i_f128 < in3.shape[1]))
    return None
