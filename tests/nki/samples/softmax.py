"""Row softmax with rows on partitions in the current NKI API: the row
max by tensor_reduce, exp(x - max) on the scalar engine with the row sum
fused (activation_reduce), then a multiply by the reciprocal of the sum
(after the structure of the softmax tutorial of AWS's nki-samples). Rows
are processed 128 at a time, the last block masked."""

import numpy as np

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def softmax_rows(x):
    rows, cols = x.shape
    out = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.shared_hbm)
    P = nl.tile_size.pmax
    i_p = nl.arange(P)[:, None]
    i_f = nl.arange(cols)[None, :]
    for r in nl.affine_range((rows + P - 1) // P):
        valid = r * P + i_p < rows
        t = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.memset(dst=t, value=0.0)
        nisa.dma_copy(dst=t, src=x[r * P + i_p, i_f], mask=valid)
        mx = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_reduce(dst=mx, op=nl.maximum, data=t, axis=1, keepdims=True)
        neg = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=neg, data=mx, op0=nl.multiply, operand0=-1.0)
        e = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        s = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation_reduce(dst=e, op=nl.exp, data=t, bias=neg, reduce_op=nl.add, reduce_res=s)
        inv = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.reciprocal(dst=inv, data=s)
        y = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=y, data=e, op0=nl.multiply, operand0=inv)
        nisa.dma_copy(dst=out[r * P + i_p, i_f], src=y, mask=valid)
    return out


@nki.jit
def softmax_too_many_partitions(x):
    """Breaks a rule: a tile of 256 partitions."""
    nl.ndarray((256, 16), dtype=nl.float32, buffer=nl.sbuf)
    return None


@nki.jit
def scalar_wrong_partitions(x):
    """Breaks layout constraint 2: a per-partition scalar of another height."""
    t = nl.ndarray((128, 16), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    s = nl.ndarray((64, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=s, value=2.0)
    nisa.tensor_scalar(dst=t, data=t, op0=nl.multiply, operand0=s)
    return None


def reference(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


x = (np.random.default_rng(3).standard_normal((200, 300)) * 3).astype(np.float32)
CASES = [("softmax_rows", softmax_rows, (1,), (x,), reference)]
ERRORS = [
    ("softmax_too_many_partitions", softmax_too_many_partitions, (x,), "has 256 partitions, over the limit of 128"),
    ("scalar_wrong_partitions", scalar_wrong_partitions, (x,), "has 64 partitions but the destination 128"),
]
