"""Single-head attention forward in the current NKI API, one program per
block of 128 queries (SPMD): S = Q·Kᵀ on the tensor engine with the head
dimension on partitions (Q and K transposed on the tensor engine), a row
softmax with rows on partitions, the probabilities transposed in 128x128
pieces, and P·V accumulated in PSUM over the key blocks (after the
structure of the attention tutorials of AWS's nki-samples)."""

import math

import numpy as np

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def attention(q, k, v):
    sq, d = q.shape
    sk, _ = k.shape
    out = nl.ndarray((sq, d), dtype=q.dtype, buffer=nl.shared_hbm)
    P = nl.tile_size.pmax
    qb = nl.program_id(0)
    # Q block, transposed: head dimension on partitions.
    qt = nl.ndarray((P, d), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=qt, src=q[qb * P:(qb + 1) * P, 0:d])
    qT_ps = nl.ndarray((d, P), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_transpose(dst=qT_ps, data=qt)
    qT = nl.ndarray((d, P), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=qT, src=qT_ps)
    # K transposed, 128 keys at a time.
    kT = nl.ndarray((d, sk), dtype=nl.float32, buffer=nl.sbuf)
    for j in nl.affine_range(sk // P):
        kt = nl.ndarray((P, d), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=kt, src=k[j * P:(j + 1) * P, 0:d])
        kT_ps = nl.ndarray((d, P), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_transpose(dst=kT_ps, data=kt)
        nisa.tensor_copy(dst=kT[:, j * P:(j + 1) * P], src=kT_ps)
    # Scores: queries on partitions, keys on the free axis.
    s_ps = nl.ndarray((P, sk), dtype=nl.float32, buffer=nl.psum)
    nisa.memset(dst=s_ps, value=0.0)
    nisa.nc_matmul(dst=s_ps, stationary=qT, moving=kT)
    mx = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=mx, op=nl.maximum, data=s_ps, axis=1, keepdims=True)
    neg = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=neg, data=mx, op0=nl.multiply, operand0=-1.0 / math.sqrt(d))
    p = nl.ndarray((P, sk), dtype=nl.float32, buffer=nl.sbuf)
    total = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation_reduce(dst=p, op=nl.exp, data=s_ps, bias=neg, scale=1.0 / math.sqrt(d),
                           reduce_op=nl.add, reduce_res=total)
    # O = P·V: P transposed in 128x128 pieces (keys on partitions).
    o_ps = nl.ndarray((P, d), dtype=nl.float32, buffer=nl.psum)
    nisa.memset(dst=o_ps, value=0.0)
    for j in nl.affine_range(sk // P):
        pT_ps = nl.ndarray((P, P), dtype=nl.float32, buffer=nl.psum)
        nisa.nc_transpose(dst=pT_ps, data=p[:, j * P:(j + 1) * P])
        pT = nl.ndarray((P, P), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=pT, src=pT_ps)
        vt = nl.ndarray((P, d), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=vt, src=v[j * P:(j + 1) * P, 0:d])
        nisa.nc_matmul(dst=o_ps, stationary=pT, moving=vt)
    o = nl.ndarray((P, d), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=o, data=o_ps, op0=nl.divide, operand0=total)
    nisa.dma_copy(dst=out[qb * P:(qb + 1) * P, 0:d], src=o)
    return out


def reference(q, k, v):
    s = q.astype(np.float64) @ k.T.astype(np.float64) / math.sqrt(q.shape[1])
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True) @ v.astype(np.float64)).astype(np.float32)


rng = np.random.default_rng(5)
q = rng.standard_normal((256, 64)).astype(np.float32)
k = rng.standard_normal((384, 64)).astype(np.float32)
v = rng.standard_normal((384, 64)).astype(np.float32)
CASES = [("attention", attention, (2,), (q, k, v), reference)]
ERRORS = []
