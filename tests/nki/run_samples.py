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


def main():
    failed = 0
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
