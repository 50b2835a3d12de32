import math

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def masked(in0, in1):
    """Runs as masked[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn1.

    Writes in1 in place."""
    i_p64 = nl.arange(64)[:, None]
    i_f2048 = nl.arange(2048)[None, :]
    pid0 = nl.program_id(0)  # tile-to-neuron-layernorm.mlir:40
    in0_sb = nl.ndarray((64, 2048), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:46
    nisa.memset(dst=in0_sb, value=0.0)
    i = pid0 * 64
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p64, i_f2048], mask=(i + i_p64 < in0.shape[0]) & (i_f2048 < in0.shape[1]))
    stats = nl.ndarray((64, 18), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:58
    nisa.bn_stats(dst=stats[:, 0:6], data=in0_sb[:, 0:367])
    nisa.bn_stats(dst=stats[:, 6:12], data=in0_sb[:, 367:734])
    nisa.bn_stats(dst=stats[:, 12:18], data=in0_sb[:, 734:1100])
    mean_var = nl.ndarray((64, 2), dtype=nl.float32, buffer=nl.sbuf)
    nisa.bn_aggr(dst=mean_var, data=stats)
    diff = nl.ndarray((64, 2048), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:59
    nisa.tensor_scalar(dst=diff, data=in0_sb, op0=nl.subtract, operand0=mean_var[:, 0:1])
    total = nl.ndarray((64, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:67
    nisa.tensor_scalar(dst=total, data=mean_var[:, 1:2], op0=nl.add, operand0=9.999999747378752e-06)
    rsqrt = nl.ndarray((64, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:68
    nisa.activation(dst=rsqrt, op=nl.rsqrt, data=total)
    prod = nl.ndarray((64, 2048), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:69
    nisa.tensor_scalar(dst=prod, data=diff, op0=nl.multiply, operand0=rsqrt)
    nisa.dma_copy(dst=in1[i + i_p64, i_f2048], src=prod, mask=(i + i_p64 < in1.shape[0]) & (i_f2048 < in1.shape[1]))  # tile-to-neuron-layernorm.mlir:70
    return None


@nki.jit
def whole(in0, in1):
    """Runs as whole[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn1.

    Writes in1 in place."""
    i_p128 = nl.arange(128)[:, None]
    i_f256 = nl.arange(256)[None, :]
    pid0 = nl.program_id(0)  # tile-to-neuron-layernorm.mlir:86
    in0_sb = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:90
    nisa.memset(dst=in0_sb, value=0.0)
    i = pid0 * 128
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p128, i_f256], mask=(i + i_p128 < in0.shape[0]) & (i_f256 < in0.shape[1]))
    stats = nl.ndarray((128, 6), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:95
    nisa.bn_stats(dst=stats, data=in0_sb)
    mean_var = nl.ndarray((128, 2), dtype=nl.float32, buffer=nl.sbuf)
    nisa.bn_aggr(dst=mean_var, data=stats)
    diff = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:98
    nisa.tensor_scalar(dst=diff, data=in0_sb, op0=nl.subtract, operand0=mean_var[:, 0:1])
    quot = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:104
    nisa.tensor_scalar(dst=quot, data=diff, op0=nl.divide, operand0=mean_var[:, 1:2])
    nisa.dma_copy(dst=in1[i + i_p128, i_f256], src=quot, mask=(i + i_p128 < in1.shape[0]) & (i_f256 < in1.shape[1]))  # tile-to-neuron-layernorm.mlir:105
    return None


@nki.jit
def dynamic(in0, in1):
    """Runs as dynamic[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn1.

    Writes in1 in place."""
    i_p32 = nl.arange(32)[:, None]
    i_f128 = nl.arange(128)[None, :]
    pid0 = nl.program_id(0)  # tile-to-neuron-layernorm.mlir:119
    in0_sb = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:124
    nisa.memset(dst=in0_sb, value=0.0)
    i = pid0 * 32
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p32, i_f128], mask=(i + i_p32 < in0.shape[0]) & (i_f128 < in0.shape[1]))
    masked = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:131
    nisa.affine_select(dst=masked, pattern=[[-1, 128]], offset=in0.shape[1], channel_multiplier=0, on_true_tile=in0_sb, on_false_value=0.0, cmp_op=nl.greater)
    row_sum = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:132
    nisa.tensor_reduce(dst=row_sum, op=nl.add, data=masked, axis=1, keepdims=True)
    quot = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:136
    nisa.tensor_scalar(dst=quot, data=row_sum, op0=nl.divide, operand0=100.0)
    diff = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:137
    nisa.tensor_scalar(dst=diff, data=in0_sb, op0=nl.subtract, operand0=quot)
    prod = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:138
    nisa.tensor_tensor(dst=prod, data1=diff, data2=diff, op=nl.multiply)
    masked1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:139
    nisa.affine_select(dst=masked1, pattern=[[-1, 128]], offset=in0.shape[1], channel_multiplier=0, on_true_tile=prod, on_false_value=0.0, cmp_op=nl.greater)
    row_sum1 = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:140
    nisa.tensor_reduce(dst=row_sum1, op=nl.add, data=masked1, axis=1, keepdims=True)
    quot1 = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:143
    nisa.tensor_scalar(dst=quot1, data=row_sum1, op0=nl.divide, operand0=100.0)
    quot2 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-layernorm.mlir:144
    nisa.tensor_scalar(dst=quot2, data=diff, op0=nl.divide, operand0=quot1)
    nisa.dma_copy(dst=in1[i + i_p32, i_f128], src=quot2, mask=(i + i_p32 < in1.shape[0]) & (i_f128 < in1.shape[1]))  # tile-to-neuron-layernorm.mlir:145
    return None
