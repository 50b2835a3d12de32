"""A causal mask in the current NKI API: the scores of each query row
(on partitions) beyond its own key column are replaced by -inf with
affine_select, whose predicate is the affine form row - column >= 0; the
key index of each column is written by iota (offset + column), as the
index tile of a ragged mask would be."""

import math

import numpy as np

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def causal_mask(s):
    rows, cols = s.shape
    out = nl.ndarray((rows, cols), dtype=s.dtype, buffer=nl.shared_hbm)
    P = nl.tile_size.pmax
    i_p = nl.arange(P)[:, None]
    i_f = nl.arange(cols)[None, :]
    for r in nl.affine_range(rows // P):
        t = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=s[r * P + i_p, i_f])
        m = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.affine_select(dst=m, pattern=[[-1, cols]], offset=r * P, channel_multiplier=1, on_true_tile=t,
                           on_false_value=-math.inf, cmp_op=nl.greater_equal)
        nisa.dma_copy(dst=out[r * P + i_p, i_f], src=m)
    return out


@nki.jit
def key_index(s):
    rows, cols = s.shape
    out = nl.ndarray((rows, cols), dtype=s.dtype, buffer=nl.shared_hbm)
    P = nl.tile_size.pmax
    i_p = nl.arange(P)[:, None]
    i_f = nl.arange(cols)[None, :]
    for r in nl.affine_range(rows // P):
        k = nl.ndarray((P, cols), dtype=nl.float32, buffer=nl.sbuf)
        nisa.iota(dst=k, pattern=[[2, 4], [1, cols // 4]], offset=r, channel_multiplier=0)
        nisa.dma_copy(dst=out[r * P + i_p, i_f], src=k)
    return out


@nki.jit
def select_pattern_too_short(s):
    """Breaks a rule: the pattern covers fewer elements than the tile has."""
    t = nl.ndarray((128, 16), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    m = nl.ndarray((128, 16), dtype=nl.float32, buffer=nl.sbuf)
    nisa.affine_select(dst=m, pattern=[[1, 8]], offset=0, channel_multiplier=1, on_true_tile=t, on_false_value=0.0,
                       cmp_op=nl.greater)
    return None


@nki.jit
def iota_into_psum(s):
    """Breaks a rule: iota writes SBUF only."""
    t = nl.ndarray((128, 16), dtype=nl.float32, buffer=nl.psum)
    nisa.iota(dst=t, pattern=[[1, 16]], offset=0)
    return None


def causal(s):
    rows, cols = s.shape
    return np.where(np.arange(cols)[None, :] <= np.arange(rows)[:, None], s, -np.inf)


def key_index_reference(s):
    rows, cols = s.shape
    f = np.arange(cols)
    return np.broadcast_to((f // (cols // 4)) * 2 + f % (cols // 4) + (np.arange(rows) // 128)[:, None], s.shape)


scores = np.random.default_rng(5).standard_normal((256, 256)).astype(np.float32)
CASES = [
    ("causal_mask", causal_mask, (1,), (scores,), causal),
    ("key_index", key_index, (1,), (scores,), key_index_reference),
]
ERRORS = [
    ("select_pattern_too_short", select_pattern_too_short, (scores,), "the pattern covers 8 elements per partition but the destination has 16"),
    ("iota_into_psum", iota_into_psum, (scores,), "the destination of iota must be an SBUF tile"),
]
