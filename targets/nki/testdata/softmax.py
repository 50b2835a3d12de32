import math

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def softmax(in0, in1):
    """Runs as softmax[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn1.

    Writes in1 in place."""
    i_p2 = nl.arange(2)[:, None]
    i_f16 = nl.arange(16)[None, :]
    pid0 = nl.program_id(0)  # tile-to-neuron-softmax.mlir:26
    in0_sb = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:28
    nisa.memset(dst=in0_sb, value=-math.inf)
    i = pid0 * 2
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p2, i_f16], mask=(i + i_p2 < in0.shape[0]) & (i_f16 < in0.shape[1]))
    row_max = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:29
    nisa.tensor_reduce(dst=row_max, op=nl.maximum, data=in0_sb, axis=1, keepdims=True)
    exp = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:33
    neg = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=neg, data=row_max, op0=nl.multiply, operand0=-1.0)
    nisa.activation(dst=exp, op=nl.exp, data=in0_sb, bias=neg)
    row_sum = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:34
    nisa.tensor_reduce(dst=row_sum, op=nl.add, data=exp, axis=1, keepdims=True)
    quot = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:37
    nisa.tensor_scalar(dst=quot, data=exp, op0=nl.divide, operand0=row_sum)
    nisa.dma_copy(dst=in1[i + i_p2, i_f16], src=quot, mask=(i + i_p2 < in1.shape[0]) & (i_f16 < in1.shape[1]))  # tile-to-neuron-softmax.mlir:38
    return None


@nki.jit
def masked(in0):
    """Runs as masked[g0](in0): one program per point of a 1-D grid (parallel), for trn1."""
    i_p4 = nl.arange(4)[:, None]
    i_f8 = nl.arange(8)[None, :]
    out0 = nl.ndarray((3, 5), dtype=nl.float32, buffer=nl.shared_hbm)
    pid0 = nl.program_id(0)  # tile-to-neuron-softmax.mlir:47
    in0_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:51
    nisa.memset(dst=in0_sb, value=0.0)
    i = pid0 * 4
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    masked = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:58
    nisa.affine_select(dst=masked, pattern=[[-1, 8]], offset=5, channel_multiplier=0, on_true_tile=in0_sb, on_false_value=-math.inf, cmp_op=nl.greater)
    row_max = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:59
    nisa.tensor_reduce(dst=row_max, op=nl.maximum, data=masked, axis=1, keepdims=True)
    diff = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:62
    nisa.tensor_scalar(dst=diff, data=in0_sb, op0=nl.subtract, operand0=row_max)
    nisa.dma_copy(dst=out0[i + i_p4, i_f8], src=diff, mask=(i + i_p4 < out0.shape[0]) & (i_f8 < out0.shape[1]))  # tile-to-neuron-softmax.mlir:63
    return out0
