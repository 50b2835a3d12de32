#!/usr/bin/env python3
"""Checks Strata's TPU output with JAX (0.11.2) on a machine without a TPU.

For every golden Pallas file of targets/pallas/testdata/golden (and the
Mosaic module of the same program and chip in targets/mosaic/testdata/golden):

  run        each host function of SIGNATURES runs with Pallas's interpreter
             (INTERPRET = True) on random inputs and is compared with a NumPy
             reference of the program it comes from;
  kernel     each kernel wrapper of KERNELS runs in interpret mode (finite
             results of the listed shapes);
  export     jax.export of each kernel wrapper for platforms=["tpu"], which
             runs Pallas's TPU lowering (block-shape rules, Mosaic
             generation) without a TPU;
  parse      Strata's Mosaic text parses and verifies in JAX's MLIR context
             with the tpu dialect registered;
  compare    Strata's Mosaic module has the grid, dimension semantics and
             window shapes of the module Pallas makes from the emitted Pallas
             (printed by pallas_call(debug=True)); the operations that only
             one of them uses are reported.

Results go to OUT/tpu-device-check.json and OUT/tpu-device-check.txt; the
exit status is the number of failed checks (at most 100).
"""

import argparse
import contextlib
import importlib.util
import io
import json
import os
import re
import sys
import traceback

import numpy as np


def softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    e = np.exp(x - m)
    return e / np.sum(e, axis=axis, keepdims=True)


def ramp(shape, mod, off, scale):
    i = np.arange(shape[0])[:, None]
    j = np.arange(shape[1])[None, :]
    return (((3 * i + 5 * j) % mod - off) * scale).astype(np.float32)


def layernorm(x, g, b):
    m = x.mean(axis=1, keepdims=True)
    c = x - m
    v = (c * c).mean(axis=1, keepdims=True)
    return c / np.sqrt(v + 1e-5) * g + b


def rmsnorm(x, g):
    ms = (x * x).mean(axis=1, keepdims=True)
    return x / np.sqrt(ms + 1e-6) * g


def wave():
    i = np.arange(7, dtype=np.float32)[:, None]
    j = np.arange(13, dtype=np.float32)[None, :]
    return np.cos(i * np.float32(0.7) + j * np.float32(-0.45)) * (i * np.float32(0.25) + 1)


def pattern(a, b):
    i = np.arange(4, dtype=np.float32)[:, None]
    j = np.arange(8, dtype=np.float32)[None, :]
    return np.sin(i * a + j * b)


def attention(q, k, v):
    return softmax(q @ k.T * np.float32(0.353553385), axis=1) @ v


def causal(q, k, v):
    # q, k, v [b, h, s, d]: keys after the query masked out; scale 1/4.
    s = np.einsum("bhid,bhjd->bhij", q, k) / 4.0
    n = s.shape[-1]
    s = np.where(np.arange(n)[None, :] > np.arange(n)[:, None], -np.inf, s)
    return np.einsum("bhij,bhjd->bhid", softmax(s, axis=-1), v)


def ragged_causal(q, k, v, scale):
    # q [bh, sq, d], k and v [bh, sk, d]: keys after the query masked out.
    s = np.einsum("bid,bjd->bij", q, k) * scale
    sq, sk = s.shape[1], s.shape[2]
    s = np.where(np.arange(sk)[None, :] > np.arange(sq)[:, None], -np.inf, s)
    return np.einsum("bij,bjd->bid", softmax(s, axis=-1), v)


def causal_fill(a):
    # sin(a * n), n = h * 4800 + s * 16 + d, for [1, 2, 300, 16].
    idx = np.indices((1, 2, 300, 16))
    n = idx[1] * 4800 + idx[2] * 16 + idx[3]
    return np.sin(np.float32(a) * n.astype(np.float32))


def gqa(q, k, v):
    # q [b, kv head, group, s, d]; k and v [b, kv head, s, d].
    s = np.einsum("bkgid,bkjd->bkgij", q, k) / 4.0
    return np.einsum("bkgij,bkjd->bkgid", softmax(s, axis=-1), v)


def gqa_fill(a, shape, head):
    # sin(a * (n mod 29)) with n = head * 384 + s * 16 + b * 1536 + d.
    idx = np.indices(shape)
    n = head(idx) * 384 + idx[-2] * 16 + idx[0] * 1536 + idx[-1]
    return np.sin(np.float32(a) * (n % 29).astype(np.float32))


# NumPy references of the host functions, by (program, function): the
# programs are the examples and conversion/tiletotpu/testdata.
REFERENCES = {
    ("softmax", "softmax"): lambda x: softmax(x, axis=1),
    ("layernorm", "layernorm"): layernorm,
    ("rmsnorm", "rmsnorm"): rmsnorm,
    ("rmsnorm", "wave"): wave,
    ("attention", "pattern"): pattern,
    ("attention", "attention"): attention,
    ("gemm_ragged", "gemm"): lambda a, b, bias: np.maximum(a @ b + bias, 0),
    ("gemm_ragged", "ramp"): lambda t, s: ramp(t.shape, 7, 3, s),
    ("rows_ragged", "ramp"): lambda t: ramp(t.shape, 11, 0, 0.25),
    ("rows_ragged", "softmax"): lambda x: softmax(x, axis=1),
    ("rows_ragged", "sumsq"): lambda x: np.sum(x * x, axis=1),
    ("flash", "flash"): lambda q, k, v: softmax(q @ k.T * np.float32(0.176776695), axis=1) @ v,
    ("gemm_bias_relu", "gemm_bias_relu"): lambda a, b, bias: np.maximum(a @ b + bias, 0),
    ("gemm_bias_relu", "ramp"): lambda t, s: ramp(t.shape, 7, 3, s),
    ("gqa", "attention"): gqa,
    ("gqa", "fill"): lambda a: gqa_fill(a, (2, 2, 24, 16), lambda i: i[1]),
    ("gqa", "fillq"): lambda a: gqa_fill(a, (2, 2, 2, 24, 16), lambda i: i[1] * 2 + i[2]),
    ("dynamic", "ramp"): lambda t: ramp(t.shape, 11, 0, 0.25),
    ("dynamic", "softmax"): lambda x: softmax(x, axis=1),
    ("dynamic", "affine"): lambda x: 2 * x - 1,
    ("causal", "attention"): causal,
    ("ragged", "attention"): lambda q, k, v: ragged_causal(q, k, v, 0.204124153),
    ("gather", "embed"): lambda table, ids: np.where((ids >= 0) & (ids < table.shape[0]), table[np.clip(ids[:, 0], 0, table.shape[0] - 1)], 0),
    ("causal", "fill"): causal_fill,
}

# Tolerances of the programs whose results are bf16 (about 3 significant
# digits), by program; the others use --tol.
TOLERANCES = {"causal": 3e-2}


def np_dtype(name):
    """NumPy's dtype for a dtype name of SIGNATURES (bfloat16 from ml_dtypes)."""
    if name == "bfloat16":
        import ml_dtypes
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)

# The sizes given to dimensions known only at run time (None in
# SIGNATURES), by position: ragged against every block size.
DYNAMIC_SIZES = (19, 45, 37, 13)


class Results:
    def __init__(self):
        self.rows = []

    def add(self, file, check, name, ok, detail=""):
        status = "ok" if ok is True else ("skip" if ok is None else "FAIL")
        self.rows.append({"file": file, "check": check, "name": name, "status": status, "detail": detail})
        print(f"{status:4}  {check:8} {file} {name} {detail}", flush=True)

    def failures(self):
        return sum(1 for r in self.rows if r["status"] == "FAIL")


def load(path):
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def program_of(stem):
    # softmax_tpu_v5e -> softmax; gemm_ragged_tpu_v6e -> gemm_ragged
    return re.sub(r"_tpu_v\d+e$", "", stem)


def concrete(shape):
    """The shape with DYNAMIC_SIZES for its dynamic (None) dimensions."""
    return tuple(DYNAMIC_SIZES[i % len(DYNAMIC_SIZES)] if d is None else d for i, d in enumerate(shape))


def is_dynamic(specs):
    return any(d is None for shape, _ in specs for d in shape)


def inputs(rng, specs):
    out = []
    for shape, dtype in specs:
        shape = concrete(shape)
        dtype = np_dtype(dtype)
        if np.issubdtype(dtype, np.integer):
            # Indices: mostly inside the arrays they index, some outside.
            x = rng.integers(-2, 48, size=shape).astype(dtype)
        else:
            x = rng.standard_normal(shape).astype(dtype) if shape else np.asarray(rng.standard_normal(), dtype=dtype)
        out.append(x)
    return out


def as_reference(a):
    """An input as the NumPy references take it: floats in float64."""
    if np.ndim(a) == 0:
        return float(a)
    if np.issubdtype(np.asarray(a).dtype, np.integer):
        return np.asarray(a)
    return np.asarray(a, dtype=np.float64)


def check_run(res, mod, stem, rng, tol):
    import jax.numpy as jnp
    prog = program_of(stem)
    for name, (ins, outs) in mod.SIGNATURES.items():
        fn = getattr(mod, name)
        args = inputs(rng, ins)
        try:
            got = fn(*[jnp.asarray(a) for a in args])
        except Exception as e:  # noqa: BLE001 - any failure is a result
            res.add(stem, "run", name, False, f"{type(e).__name__}: {e}")
            continue
        ref = REFERENCES.get((prog, name))
        if ref is None:
            res.add(stem, "run", name, None, "ran; no NumPy reference for this function")
            continue
        want = np.asarray(ref(*[as_reference(a) for a in args]), dtype=np.float64)
        got = np.asarray(got, dtype=np.float64)
        if got.shape != want.shape:
            res.add(stem, "run", name, False, f"shape {got.shape}, want {want.shape}")
            continue
        err = float(np.max(np.abs(got - want))) if got.size else 0.0
        ok = bool(np.allclose(got, want, rtol=tol, atol=tol))
        res.add(stem, "run", name, ok, f"max abs error {err:.3g}")


def check_kernels(res, mod, stem, rng):
    import jax
    import jax.numpy as jnp
    for name, (ins, outs) in mod.KERNELS.items():
        fn = getattr(mod, name)
        args = inputs(rng, ins)
        try:
            got = fn(*[jnp.asarray(a) for a in args])
            got = got if isinstance(got, (list, tuple)) else [got]
            shapes = [tuple(np.shape(g)) for g in got]
            ok = shapes == [tuple(s) for s, _ in outs] and all(np.all(np.isfinite(np.asarray(g, dtype=np.float32))) for g in got)
            res.add(stem, "kernel", name, ok, f"shapes {shapes}")
        except Exception as e:  # noqa: BLE001
            res.add(stem, "kernel", name, False, f"{type(e).__name__}: {e}")


# The device kind JAX reports for each chip Strata targets (the names
# jax._src.tpu_info.chip_version_from_device_kind accepts).
DEVICE_KINDS = {"tpu_v5e": "TPU v5 lite", "tpu_v6e": "TPU v6 lite"}


def chip_of(stem):
    """The chip a golden file is for, from its name (softmax_tpu_v5e)."""
    m = re.search(r"(tpu_v\d+\w*)$", stem)
    return m.group(1) if m else None


def abstract_tpu(stem):
    """A context in which Pallas lowers for the file's TPU on a host without one.

    Pallas's TPU lowering asks tpu_info.get_tpu_info() for the chip (the rule
    for rank-1 blocks needs its sublane and lane counts, sign its
    generation); without a TPU that reads the default device ("cpu") unless
    an abstract mesh names an abstract TPU device.
    """
    import jax
    kind = DEVICE_KINDS.get(chip_of(stem))
    if kind is None:
        return contextlib.nullcontext()
    device = jax.sharding.AbstractDevice(device_kind=kind, num_cores=1, platform="tpu")
    mesh = jax.sharding.AbstractMesh((), (), abstract_device=device)
    return jax.sharding.use_abstract_mesh(mesh)


def export_kernels(res, mod, stem):
    """Exports each wrapper for TPU; returns Pallas's Mosaic text per kernel.

    The wrappers of kernels with dynamic grids are exported through the
    host functions with dynamic sizes (SIGNATURES with None), at
    DYNAMIC_SIZES.
    """
    import jax
    texts = {}
    mod.INTERPRET = False
    mod.DEBUG = True
    todo = list(mod.KERNELS.items())
    todo += [(name, sig) for name, sig in mod.SIGNATURES.items() if is_dynamic(sig[0])]
    for name, (ins, outs) in todo:
        fn = getattr(mod, name)
        avals = [jax.ShapeDtypeStruct(concrete(tuple(s)), np_dtype(d)) for s, d in ins]
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf), abstract_tpu(stem):
                jax.export.export(jax.jit(fn), platforms=["tpu"])(*avals)
            res.add(stem, "export", name, True)
        except Exception as e:  # noqa: BLE001
            res.add(stem, "export", name, False, f"{type(e).__name__}: {e}")
        texts[name] = buf.getvalue()
    mod.DEBUG = False
    mod.INTERPRET = True
    return texts


def split_modules(text):
    return [p for p in text.split("// -----\n") if p.strip()]


def parse_mosaic(res, stem, text):
    try:
        from jax._src.interpreters import mlir as jmlir
        from jax._src.lib.mlir import ir
        from jaxlib.mosaic.python import tpu as mosaic_tpu
    except Exception as e:  # noqa: BLE001
        res.add(stem, "parse", "-", False, f"cannot import JAX's MLIR bindings: {e}")
        return
    for i, part in enumerate(split_modules(text)):
        name = (re.search(r"func\.func @(\w+)", part) or [None, f"module {i}"])[1]
        try:
            ctx = jmlir.make_ir_context()
            mosaic_tpu.register_dialect(ctx)
            with ctx, ir.Location.unknown():
                m = ir.Module.parse(part)
                ok = m.operation.verify()
            res.add(stem, "parse", name, bool(ok), "" if ok else "does not verify")
        except Exception as e:  # noqa: BLE001
            res.add(stem, "parse", name, False, f"{type(e).__name__}: {e}")


def kernel_summary(text, kernel):
    """Grid, semantics, window shapes and op names of a kernel's function."""
    m = re.search(r"func\.func @" + re.escape(kernel) + r"\((.*?)\) attributes \{(.*?)\} \{", text, re.S)
    if not m:
        return None
    attrs = m.group(2)
    grid = re.search(r"iteration_bounds = array<i64(?:: ([^>]*))?>", attrs)
    sem = re.findall(r"#tpu\.dimension_semantics<(\w+)>", attrs)
    wins = re.findall(r"window_bounds = array<i64(?:: ([^>]*))?>", attrs)
    body_start = m.end()
    depth, i = 1, body_start
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    ops = set(re.findall(r"\b((?:tpu|vector|arith|math|scf|memref)\.[a-z_0-9]+)", text[body_start:i]))
    return {"grid": grid.group(1) if grid else None, "semantics": sem, "windows": wins, "ops": ops}


DYNAMIC = str(-(1 << 63))  # ShapedType::kDynamic, a size known at run time


def same_grid(ours, theirs):
    """Grids agree; a dynamic bound of Strata's matches any of Pallas's."""
    if ours is None or theirs is None:
        return ours == theirs
    a = [x.strip() for x in ours.split(",")]
    b = [x.strip() for x in theirs.split(",")]
    return len(a) == len(b) and all(x == y or x == DYNAMIC for x, y in zip(a, b))


def compare(res, stem, mod, ours, theirs):
    kernels = [n for n in re.findall(r"func\.func @(\w+)\(", ours) if kernel_summary(ours, n) and n.endswith("_tpu")]
    every = "\n".join(theirs.values())
    for kernel in kernels:
        name = kernel[: -len("_tpu")]
        a = kernel_summary(ours, kernel)
        b = kernel_summary(theirs.get(name) or every, kernel)
        if b is None and name not in mod.KERNELS:
            res.add(stem, "compare", kernel, None, "no translated wrapper or host function runs it")
            continue
        if a is None or b is None:
            res.add(stem, "compare", kernel, False, "kernel missing from " + ("Strata's" if a is None else "Pallas's") + " Mosaic")
            continue
        diffs = [f"{k}: {a[k]} vs {b[k]}" for k in ("semantics", "windows") if a[k] != b[k]]
        if not same_grid(a["grid"], b["grid"]):
            diffs.insert(0, f"grid: {a['grid']} vs {b['grid']}")
        extra = sorted(a["ops"] - b["ops"])
        missing = sorted(b["ops"] - a["ops"])
        detail = "; ".join(diffs) if diffs else "same grid, semantics and windows"
        if extra or missing:
            detail += f"; ops only in Strata's: {extra}; only in Pallas's: {missing}"
        res.add(stem, "compare", kernel, not diffs, detail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pallas", default="targets/pallas/testdata/golden")
    ap.add_argument("--mosaic", default="targets/mosaic/testdata/golden")
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--tol", type=float, default=1e-4)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    res = Results()
    try:
        import jax
        res.add("-", "jax", "version", jax.__version__ == "0.11.2" or None, jax.__version__)
    except Exception as e:  # noqa: BLE001
        res.add("-", "jax", "import", False, str(e))
        return finish(res, args.out)
    files = sorted(f for f in os.listdir(args.pallas) if f.endswith(".py"))
    for f in files:
        stem = f[:-3]
        rng = np.random.default_rng(0)
        try:
            mod = load(os.path.join(args.pallas, f))
        except Exception as e:  # noqa: BLE001
            res.add(stem, "import", "-", False, f"{type(e).__name__}: {e}")
            continue
        mod.INTERPRET = True
        check_run(res, mod, stem, rng, TOLERANCES.get(program_of(stem), args.tol))
        check_kernels(res, mod, stem, rng)
        theirs = export_kernels(res, mod, stem)
        mpath = os.path.join(args.mosaic, stem + ".mlir")
        if os.path.exists(mpath):
            ours = open(mpath).read()
            parse_mosaic(res, stem, ours)
            compare(res, stem, mod, ours, theirs)
            with open(os.path.join(args.out, stem + ".pallas-mosaic.txt"), "w") as fh:
                fh.write("\n".join(theirs.values()))
        else:
            res.add(stem, "parse", "-", False, "no Mosaic golden " + mpath)
    return finish(res, args.out)


def finish(res, out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "tpu-device-check.json"), "w") as fh:
        json.dump(res.rows, fh, indent=1)
    with open(os.path.join(out, "tpu-device-check.txt"), "w") as fh:
        for r in res.rows:
            fh.write(f"{r['status']:4}  {r['check']:8} {r['file']} {r['name']} {r['detail']}\n")
        fh.write(f"\n{res.failures()} failed of {len(res.rows)} checks\n")
    print(f"{res.failures()} failed of {len(res.rows)} checks; results in {out}")
    return min(res.failures(), 100)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:  # noqa: BLE001
        traceback.print_exc()
        sys.exit(101)
