"""LayerNorm with rows on partitions in the current NKI API: bn_stats over
chunks of at most 512 columns and bn_aggr for the mean and variance,
rsqrt(var + eps) on the scalar engine, (x - mean) * rstd as one
tensor_scalar with two operations, then gamma and beta, broadcast to the
partitions by DMA (after the structure of the layernorm tutorial of AWS's
nki-samples)."""

import numpy as np

import nki
import nki.isa as nisa
import nki.language as nl

EPS = 1e-5


@nki.jit
def layernorm(x, gamma, beta):
    rows, cols = x.shape
    out = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.shared_hbm)
    P = nl.tile_size.pmax
    F = nl.tile_size.bn_stats_fmax
    chunks = (cols + F - 1) // F
    i_p = nl.arange(P)[:, None]
    i_f = nl.arange(cols)[None, :]
    g = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
    b = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=g, src=gamma[0 * i_p + i_f])
    nisa.dma_copy(dst=b, src=beta[0 * i_p + i_f])
    eps = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=eps, value=EPS)
    for r in nl.affine_range((rows + P - 1) // P):
        valid = r * P + i_p < rows
        t = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.memset(dst=t, value=0.0)
        nisa.dma_copy(dst=t, src=x[r * P + i_p, i_f], mask=valid)
        stats = nl.ndarray((P, 6 * chunks), dtype=nl.float32, buffer=nl.sbuf)
        for c in nl.affine_range(chunks):
            hi = min(cols, (c + 1) * F)
            nisa.bn_stats(dst=stats[:, 6 * c:6 * (c + 1)], data=t[:, c * F:hi])
        mv = nl.ndarray((P, 2), dtype=nl.float32, buffer=nl.sbuf)
        nisa.bn_aggr(dst=mv, data=stats)
        rstd = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=rstd, op=nl.rsqrt, data=mv[:, 1:2], bias=eps)
        y = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=y, data=t, op0=nl.subtract, operand0=mv[:, 0:1], op1=nl.multiply, operand1=rstd)
        nisa.tensor_tensor(dst=y, data1=y, data2=g, op=nl.multiply)
        nisa.tensor_tensor(dst=y, data1=y, data2=b, op=nl.add)
        nisa.dma_copy(dst=out[r * P + i_p, i_f], src=y, mask=valid)
    return out


@nki.jit
def bn_stats_too_wide(x):
    """Breaks a rule: bn_stats over more than 512 elements per partition."""
    t = nl.ndarray((128, 700), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    s = nl.ndarray((128, 6), dtype=nl.float32, buffer=nl.sbuf)
    nisa.bn_stats(dst=s, data=t)
    return None


def reference(x, gamma, beta):
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1, keepdims=True)
    var = x64.var(axis=1, keepdims=True)
    return ((x64 - mean) / np.sqrt(var + EPS) * gamma + beta).astype(np.float32)


rng = np.random.default_rng(4)
x = (rng.standard_normal((150, 700)) * 2 + 1).astype(np.float32)
gamma = rng.standard_normal(700).astype(np.float32)
beta = rng.standard_normal(700).astype(np.float32)
CASES = [("layernorm", layernorm, (1,), (x, gamma, beta), reference)]
ERRORS = [("bn_stats_too_wide", bn_stats_too_wide, (x,), "bn_stats reads at most 512 elements per partition")]
