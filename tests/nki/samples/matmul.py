"""A tiled matrix multiplication in the current NKI API: K on the
partitions of both operands, 128x128 stationary and 128x512 moving tiles,
partial products accumulated in PSUM over K (after the structure of the
matrix multiplication tutorial of AWS's nki-samples)."""

import numpy as np

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def matmul_tiled(lhsT, rhs):
    K, M = lhsT.shape
    _, N = rhs.shape
    TM, TK, TN = nl.tile_size.gemm_stationary_fmax, nl.tile_size.pmax, nl.tile_size.gemm_moving_fmax
    out = nl.ndarray((M, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)
    for m in nl.affine_range(M // TM):
        for n in nl.affine_range(N // TN):
            acc = nl.ndarray((TM, TN), dtype=nl.float32, buffer=nl.psum)
            nisa.memset(dst=acc, value=0.0)
            for k in nl.affine_range(K // TK):
                a = nl.ndarray((TK, TM), dtype=lhsT.dtype, buffer=nl.sbuf)
                b = nl.ndarray((TK, TN), dtype=rhs.dtype, buffer=nl.sbuf)
                nisa.dma_copy(dst=a, src=lhsT[k * TK:(k + 1) * TK, m * TM:(m + 1) * TM])
                nisa.dma_copy(dst=b, src=rhs[k * TK:(k + 1) * TK, n * TN:(n + 1) * TN])
                nisa.nc_matmul(dst=acc, stationary=a, moving=b)
            res = nl.ndarray((TM, TN), dtype=out.dtype, buffer=nl.sbuf)
            nisa.tensor_copy(dst=res, src=acc)
            nisa.dma_copy(dst=out[m * TM:(m + 1) * TM, n * TN:(n + 1) * TN], src=res)
    return out


@nki.jit
def matmul_row_block(lhsT, rhs):
    """The product of a block of 128 rows, with one PSUM accumulator per
    512 columns, all live until the block is evicted: within the eight
    banks up to 4096 columns, refused beyond (as in matmul_nine_banks)."""
    K, M = lhsT.shape
    _, N = rhs.shape
    TM, TK, TN = 128, 128, 512
    out = nl.ndarray((M, N), dtype=nl.float32, buffer=nl.shared_hbm)
    for m in nl.affine_range(M // TM):
        accs = []
        for n in nl.static_range(N // TN):
            acc = nl.ndarray((TM, TN), dtype=nl.float32, buffer=nl.psum)
            nisa.memset(dst=acc, value=0.0)
            accs.append(acc)
        for k in nl.affine_range(K // TK):
            a = nl.ndarray((TK, TM), dtype=nl.float32, buffer=nl.sbuf)
            nisa.dma_copy(dst=a, src=lhsT[k * TK:(k + 1) * TK, m * TM:(m + 1) * TM])
            for n in nl.static_range(N // TN):
                b = nl.ndarray((TK, TN), dtype=nl.float32, buffer=nl.sbuf)
                nisa.dma_copy(dst=b, src=rhs[k * TK:(k + 1) * TK, n * TN:(n + 1) * TN])
                nisa.nc_matmul(dst=accs[n], stationary=a, moving=b)
        for n in nl.static_range(N // TN):
            res = nl.ndarray((TM, TN), dtype=nl.float32, buffer=nl.sbuf)
            nisa.tensor_copy(dst=res, src=accs[n])
            nisa.dma_copy(dst=out[m * TM:(m + 1) * TM, n * TN:(n + 1) * TN], src=res)
    return out


@nki.jit
def matmul_halves(lhsT, rhs):
    """A 128x512 product accumulated into the two halves of one PSUM tile
    (windows acc[:, 0:256] and acc[:, 256:512]) and evicted at once."""
    out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
    nisa.memset(dst=acc[:, 0:256], value=0.0)
    nisa.memset(dst=acc[:, 256:512], value=0.0)
    for k in nl.affine_range(lhsT.shape[0] // 128):
        a = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
        b = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=a, src=lhsT[k * 128:(k + 1) * 128, 0:128])
        nisa.dma_copy(dst=b, src=rhs[k * 128:(k + 1) * 128, 0:512])
        for h in nl.static_range(2):
            nisa.nc_matmul(dst=acc[:, h * 256:(h + 1) * 256], stationary=a, moving=b[:, h * 256:(h + 1) * 256])
    res = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=res, src=acc)
    nisa.dma_copy(dst=out[0:128, 0:512], src=res)
    return out


@nki.jit
def matmul_wide_stationary(lhsT, rhs):
    """Breaks the tensor engine's limit: a stationary tile 256 wide."""
    out = nl.ndarray((256, 512), dtype=nl.float32, buffer=nl.shared_hbm)
    a = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf)
    b = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=a, src=lhsT[0:128, 0:256])
    nisa.dma_copy(dst=b, src=rhs[0:128, 0:512])
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_matmul(dst=acc, stationary=a, moving=b)
    return out


@nki.jit
def matmul_into_sbuf(lhsT, rhs):
    """Breaks a rule: the product must go to PSUM."""
    a = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)
    b = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=a, src=lhsT[0:128, 0:128])
    nisa.dma_copy(dst=b, src=rhs[0:128, 0:512])
    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.nc_matmul(dst=acc, stationary=a, moving=b)
    return None


@nki.jit
def psum_too_wide(lhsT):
    """Breaks a rule: a PSUM tile of 1024 f32 per partition."""
    nl.ndarray((128, 1024), dtype=nl.float32, buffer=nl.psum)
    return None


def _data(seed, shape):
    r = np.random.default_rng(seed)
    return r.integers(-4, 5, size=shape).astype(np.float32)


lhsT, rhs = _data(1, (384, 256)), _data(2, (384, 1024))
wide = _data(3, (128, 9 * 512))
CASES = [
    ("matmul_tiled", matmul_tiled, (1,), (lhsT, rhs), lambda a, b: a.T @ b),
    ("matmul_row_block", matmul_row_block, (1,), (lhsT, rhs), lambda a, b: a.T @ b),
    ("matmul_halves", matmul_halves, (1,), (lhsT, rhs), lambda a, b: a[:, :128].T @ b[:, :512]),
    # Nine accumulators one after another: one bank at a time.
    ("matmul_tiled_nine_columns", matmul_tiled, (1,), (lhsT[:128], wide), lambda a, b: a.T @ b),
]
ERRORS = [
    ("matmul_wide_stationary", matmul_wide_stationary, (lhsT, rhs), "stationary free size 256 is over 128"),
    ("matmul_into_sbuf", matmul_into_sbuf, (lhsT, rhs), "accumulates into an f32 PSUM tile"),
    ("psum_too_wide", psum_too_wide, (lhsT,), "over a bank of 2048"),
    ("matmul_nine_banks", matmul_row_block, (lhsT[:128], wide), "the live PSUM tiles need 9 banks, over 8"),
]
