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
    pid0 = nl.program_id(0)  # tile-to-neuron-gemm.mlir:46
    pid1 = nl.program_id(1)  # tile-to-neuron-gemm.mlir:47
    nin0 = (in0.shape[1] + 63) // 64  # tile-to-neuron-gemm.mlir:48
    acc = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)  # tile-to-neuron-gemm.mlir:52
    acc[...] = 0.0
    for k in nl.affine_range(nin0):
        in0_sb = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:53
        in0_sb[...] = 0.0
        i = pid0 * 128
        i1 = k * 64
        in0_sb[...] = nl.load(in0[i + i_p128, i1 + i_f64], mask=(i + i_p128 < in0.shape[0]) & (i1 + i_f64 < in0.shape[1]))
        in1_sb = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:54
        in1_sb[...] = 0.0
        i2 = pid1 * 128
        in1_sb[...] = nl.load(in1[i1 + i_p64, i2 + i_f128], mask=(i1 + i_p64 < in1.shape[0]) & (i2 + i_f128 < in1.shape[1]))
        in0T_ps = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.psum)  # tile-to-neuron-gemm.mlir:55
        in0T_ps[...] = nisa.nc_transpose(data=in0_sb)
        in0T = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf)
        in0T[...] = nisa.tensor_copy(src=in0T_ps, dtype=nl.bfloat16)
        acc += nisa.nc_matmul(in0T, in1_sb)
    in2_sb = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:58
    in2_sb[...] = 0.0
    i3 = pid1 * 128
    in2_sb[...] = nl.load(in2[i3 + i_f128], mask=i3 + i_f128 < in2.shape[0])
    ones = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:60
    ones[...] = 1.0
    in2_bcast_ps = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.psum)
    in2_bcast_ps[...] = 0.0
    in2_bcast_ps += nisa.nc_matmul(ones, in2_sb)
    in2_bcast = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
    in2_bcast[...] = nisa.tensor_copy(src=in2_bcast_ps, dtype=nl.float32)
    total = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:61
    total[...] = nisa.tensor_tensor(data1=acc, data2=in2_bcast, op=nl.add)
    relu = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-gemm.mlir:62
    relu[...] = nisa.activation(op=nl.relu, data=total)
    i4 = pid0 * 128  # tile-to-neuron-gemm.mlir:63
    nl.store(in3[i4 + i_p128, i3 + i_f128], value=relu, mask=(i4 + i_p128 < in3.shape[0]) & (i3 + i_f128 < in3.shape[1]))
    return None
