import math

from neuronxcc import nki
import neuronxcc.nki.isa as nisa
import neuronxcc.nki.language as nl


@nki.jit
def softmax(in0, in1):
    """Runs as softmax[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn1.

    Writes in1 in place."""
    i_p2 = nl.arange(2)[:, None]
    i_f16 = nl.arange(16)[None, :]
    pid0 = nl.program_id(0)  # tile-to-neuron-softmax.mlir:26
    in0_sb = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:28
    in0_sb[...] = -math.inf
    i = pid0 * 2
    in0_sb[...] = nl.load(in0[i + i_p2, i_f16], mask=(i + i_p2 < in0.shape[0]) & (i_f16 < in0.shape[1]))
    row_max = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:29
    row_max[...] = nisa.tensor_reduce(op=nl.maximum, data=in0_sb, axis=1, keepdims=True)
    exp = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:33
    neg = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)
    neg[...] = nisa.tensor_scalar(data=row_max, op0=nl.multiply, operand0=-1.0)
    exp[...] = nisa.activation(op=nl.exp, data=in0_sb, bias=neg)
    row_sum = nl.ndarray((2, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:34
    row_sum[...] = nisa.tensor_reduce(op=nl.add, data=exp, axis=1, keepdims=True)
    quot = nl.ndarray((2, 16), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:37
    quot[...] = nisa.tensor_scalar(data=exp, op0=nl.divide, operand0=row_sum)
    nl.store(in1[i + i_p2, i_f16], value=quot, mask=(i + i_p2 < in1.shape[0]) & (i_f16 < in1.shape[1]))  # tile-to-neuron-softmax.mlir:38
    return None


@nki.jit
def masked(in0):
    """Runs as masked[g0](in0): one program per point of a 1-D grid (parallel), for trn1."""
    i_p4 = nl.arange(4)[:, None]
    i_f8 = nl.arange(8)[None, :]
    out0 = nl.ndarray((3, 5), dtype=nl.float32, buffer=nl.shared_hbm)
    pid0 = nl.program_id(0)  # tile-to-neuron-softmax.mlir:47
    in0_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:51
    in0_sb[...] = 0.0
    i = pid0 * 4
    in0_sb[...] = nl.load(in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    masked = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:58
    masked[...] = nisa.affine_select(pred=(5 - i_f8 > 0), on_true_tile=in0_sb, on_false_value=-math.inf)
    row_max = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:59
    row_max[...] = nisa.tensor_reduce(op=nl.maximum, data=masked, axis=1, keepdims=True)
    diff = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # tile-to-neuron-softmax.mlir:62
    diff[...] = nisa.tensor_scalar(data=in0_sb, op0=nl.subtract, operand0=row_max)
    nl.store(out0[i + i_p4, i_f8], value=diff, mask=(i + i_p4 < out0.shape[0]) & (i_f8 < out0.shape[1]))  # tile-to-neuron-softmax.mlir:63
    return out0
