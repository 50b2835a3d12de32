import math

from neuronxcc import nki
import neuronxcc.nki.isa as nisa
import neuronxcc.nki.language as nl


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
    acc[...] = 0.0
    for k in nl.affine_range(nin0):
        in0_sb = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:49
        in0_sb[...] = 0.0
        i = pid0 * 128
        i1 = k * 64
        in0_sb[...] = nl.load(in0[i + i_p128, i1 + i_f64], mask=(i + i_p128 < in0.shape[0]) & (i1 + i_f64 < in0.shape[1]))
        in1_sb = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:50
        in1_sb[...] = 0.0
        i2 = pid1 * 128
        in1_sb[...] = nl.load(in1[i1 + i_p64, i2 + i_f128], mask=(i1 + i_p64 < in1.shape[0]) & (i2 + i_f128 < in1.shape[1]))
        tp = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.psum)  # tile-to-neuron-gemm.mlir:51
        tp[...] = nisa.nc_transpose(data=in0_sb)
        t = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf)
        t[...] = nisa.tensor_copy(src=tp, dtype=nl.bfloat16)
        acc += nisa.nc_matmul(t, in1_sb)
    in2_sb = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:54
    in2_sb[...] = 0.0
    i3 = pid1 * 128
    in2_sb[...] = nl.load(in2[i3 + i_f128], mask=i3 + i_f128 < in2.shape[0])
    t1 = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:56
    t1[...] = 1.0
    acc1 = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)
    acc1[...] = 0.0
    acc1 += nisa.nc_matmul(t1, in2_sb)
    t2 = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
    t2[...] = nisa.tensor_copy(src=acc1, dtype=nl.float32)
    t3 = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:57
    t3[...] = nisa.tensor_tensor(data1=acc, data2=t2, op=nl.add)
    relu = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:58
    relu[...] = nisa.activation(op=nl.relu, data=t3)
    i4 = pid0 * 128  # tile-to-neuron-gemm.mlir:59
    nl.store(in3[i4 + i_p128, i3 + i_f128], value=relu, mask=(i4 + i_p128 < in3.shape[0]) & (i3 + i_f128 < in3.shape[1]))
    return None
