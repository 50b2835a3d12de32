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
    t = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:28
    nisa.memset(dst=t, value=-math.inf)
    i = pid0 * 2
    nisa.dma_copy(dst=t, src=in0[i + i_p2, i_f16], mask=(i + i_p2 < in0.shape[0]) & (i_f16 < in0.shape[1]))
    t1 = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:29
    nisa.tensor_reduce(dst=t1, op=nl.maximum, data=t, axis=1, keepdims=True)
    t2 = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:33
    t3 = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=t3, data=t1, op0=nl.multiply, operand0=-1.0)
    nisa.activation(dst=t2, op=nl.exp, data=t, bias=t3)
    t4 = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:34
    nisa.tensor_reduce(dst=t4, op=nl.add, data=t2, axis=1, keepdims=True)
    t5 = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:37
    nisa.tensor_scalar(dst=t5, data=t2, op0=nl.divide, operand0=t4)
    nisa.dma_copy(dst=in1[i + i_p2, i_f16], src=t5, mask=(i + i_p2 < in1.shape[0]) & (i_f16 < in1.shape[1]))  # tile-to-neuron-softmax.mlir:38
    return None


@nki.jit
def masked(in0):
    """Runs as masked[g0](in0): one program per point of a 1-D grid (parallel), for trn1."""
    i_p4 = nl.arange(4)[:, None]
    i_f8 = nl.arange(8)[None, :]
    out0 = nl.ndarray((3, 5), dtype=nl.float32, buffer=nl.shared_hbm)
    pid0 = nl.program_id(0)  # tile-to-neuron-softmax.mlir:47
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:51
    nisa.memset(dst=t, value=0.0)
    i = pid0 * 4
    nisa.dma_copy(dst=t, src=in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    t1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:58
    nisa.affine_select(dst=t1, pred=(5 - i_f8 > 0), on_true_tile=t, on_false_value=-math.inf)
    t2 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:59
    nisa.tensor_reduce(dst=t2, op=nl.maximum, data=t1, axis=1, keepdims=True)
    t3 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:62
    nisa.tensor_scalar(dst=t3, data=t, op0=nl.subtract, operand0=t2)
    nisa.dma_copy(dst=out0[i + i_p4, i_f8], src=t3, mask=(i + i_p4 < out0.shape[0]) & (i_f8 < out0.shape[1]))  # tile-to-neuron-softmax.mlir:63
    return out0
