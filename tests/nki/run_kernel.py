"""Runs NKI kernels on the NumPy model of NKI (mock/) and compares what
they write with expected arrays.

    python3 run_kernel.py CASES.json

CASES.json lists cases {"file": kernel.py, "kernel": name, "chip":
"trn1"|"trn2", "grid": [...], "inputs": [array, ...], "outputs": [array,
...], "inplace": {"i": array, ...}, "rtol": r, "atol": a}, an array being
{"shape": [...], "dtype": "float32"|"bfloat16", "data": [...]} (bfloat16
values are given exactly as numbers; an input of shape [] is a scalar
argument, passed as a Python float); "inplace" gives the
expected contents of the inputs the kernel writes. Exit status 0 when
every case matches."""

import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mock"))

import numpy as np  # noqa: E402

import nki  # noqa: E402
from nki import language as nl  # noqa: E402


def array(a):
    if a["dtype"] == "bfloat16":
        # bf16 values, exact in float32.
        return np.array(a["data"], dtype=np.float32).reshape(a["shape"])
    return np.array(a["data"], dtype=a["dtype"]).reshape(a["shape"])


def tensor(a):
    """A kernel argument: a NumPy array, a bf16 device tensor, or a float."""
    if a["shape"] == []:
        return float(a["data"][0])
    if a["dtype"] == "bfloat16":
        t = nl.Tile((0,), nl.bfloat16, nl.hbm)
        t.data = array(a)
        return t
    return array(a)


def load(path):
    spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    cases = json.load(open(sys.argv[1]))
    failed = 0
    for c in cases:
        nl.CHIP = c.get("chip", "trn1")
        mod = load(c["file"])
        kernel = getattr(mod, c["kernel"])
        inputs = [tensor(a) for a in c["inputs"] or []]
        try:
            got = kernel[tuple(c["grid"])](*inputs)
        except nl.NkiError as e:
            print("FAIL %s %s: %s" % (c["file"], c["kernel"], e))
            failed += 1
            continue
        if got is None:
            got = ()
        if not isinstance(got, tuple):
            got = (got,)
        want = [array(a) for a in c["outputs"] or []]
        for i, a in sorted((c.get("inplace") or {}).items(), key=lambda kv: int(kv[0])):
            x = inputs[int(i)]
            got = got + (x.data if isinstance(x, nl.Tile) else x,)
            want.append(array(a))
        if len(got) != len(want):
            print("FAIL %s %s: %d outputs, expected %d" % (c["file"], c["kernel"], len(got), len(want)))
            failed += 1
            continue
        for i, (g, w) in enumerate(zip(got, want)):
            rtol, atol = c.get("rtol", 1e-5), c.get("atol", 1e-6)
            same = np.array_equal(g, w, equal_nan=True) if rtol == 0 and atol == 0 else np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
            if g.shape != w.shape or not same:
                print("FAIL %s %s: output %d differs\ngot:\n%s\nwant:\n%s" % (c["file"], c["kernel"], i, g, w))
                failed += 1
                break
        else:
            print("ok %s %s grid %s" % (os.path.basename(c["file"]), c["kernel"], c["grid"]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
