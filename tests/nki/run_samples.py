"""Checks the NumPy model of NKI (mock/) on NKI kernels written by hand in
the style of AWS's nki-samples tutorials (samples/): each kernel of a
sample's CASES must match its NumPy reference, and each of its ERRORS must
be refused by the model with the expected message.

    python3 run_samples.py"""

import glob
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "mock"))

import numpy as np  # noqa: E402

from nki import language as nl  # noqa: E402


def check_round_bf16():
    """nl.round_bf16 against a direct rounding: of the two bfloat16 numbers
    around each float32 (the value with its low 16 bits cleared, and the
    next bfloat16 away from zero), the nearer, the even one on a tie, and
    infinity beyond the largest bfloat16 plus half an ulp."""
    rng = np.random.default_rng(1)
    x = rng.integers(0, 2**32, 200000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    edge = np.array([1 + 2**-8, 1 + 3 * 2**-8, -(1 + 2**-8), 3.4028235e38, 3.3961776e38, 1e-45], dtype=np.float32)
    x = np.concatenate([x[np.isfinite(x)], edge])
    u = x.view(np.uint32)
    lo_bits = u & np.uint32(0xFFFF0000)
    hi_bits = (lo_bits.astype(np.uint64) + 0x10000).astype(np.uint32)
    lo = lo_bits.view(np.float32).astype(np.float64)
    hi = hi_bits.view(np.float32).astype(np.float64)
    xd = x.astype(np.float64)
    dl, dh = np.abs(xd - lo), np.abs(hi - xd)
    pick = (dh < dl) | ((dh == dl) & (((u >> 16) & 1) == 1))
    over = np.isinf(hi)
    pick[over] = np.abs(xd[over]) >= 2.0**127 * (2 - 2**-8)
    want = np.where(pick, hi_bits, lo_bits)
    got = nl.round_bf16(x).view(np.uint32)
    nan = nl.round_bf16(np.array([np.nan], dtype=np.float32))
    bad = int(np.sum(got != want))
    if bad or not np.isnan(nan).all():
        print("FAIL round_bf16: %d of %d values rounded differently" % (bad, len(x)))
        return 1
    print("ok round_bf16 (%d values)" % len(x))
    return 0


def main():
    failed = check_round_bf16()
    for path in sorted(glob.glob(os.path.join(here, "samples", "*.py"))):
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for name, kernel, grid, args, ref in mod.CASES:
            got = kernel[grid](*args)
            want = ref(*args)
            if not np.allclose(got, want, rtol=1e-4, atol=1e-4):
                print("FAIL %s: differs from the NumPy reference by %g" % (name, np.abs(got - want).max()))
                failed += 1
            else:
                print("ok %s" % name)
        for name, kernel, args, message in mod.ERRORS:
            try:
                kernel(*args)
            except nl.NkiError as e:
                if message in str(e):
                    print("ok %s refused: %s" % (name, e))
                    continue
                print("FAIL %s: refused with %r, expected %r" % (name, str(e), message))
            else:
                print("FAIL %s: not refused" % name)
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
