#!/usr/bin/env python3
"""Strata's GPU benchmarks: each Strata kernel is compiled from its linalg
source down the ladder (linalg-to-tile, tile-to-nvgpu, the gpu.module
lowering to NVVM, PTX) by the Strata tools, loaded into this process with
CuPy, checked against PyTorch and timed beside the baselines, on the same
GPU, with the same method: CUDA events around each run, warm-up, the
median of many runs, and the L2 cache flushed between runs for
memory-bound cases.

The candidates of a case (Strata's kernel, cuBLAS or PyTorch, Triton, the
copy) are timed in rounds (--rounds): each round times each candidate
once, in an order rotated from round to round, so that the GPU's clock,
power and temperature weigh on all of them alike. A figure is the median
of its rounds; a ratio is taken in each round and reported as the median
with its spread (x_cublas, x_copy, ...: median, quartiles, min, max).
GEMMs are timed in windows of --window-ms of back-to-back launches (the
SM clock settles under the power limit within them) after a warm-up of
--warmup-ms. The GPU's SM clock, power and limiting reasons are read
through NVML (or nvidia-smi) before and after each case and during each
window; nothing is set.

    python3 bench/bench.py --bin DIR --gemm 4096,4096,4096 --gemm 3000,5000,2000 \
        --epilogue none --epilogue bias_relu --dtype bf16 --out results.json

DIR holds strata-opt and strata-translate (scripts/bench-build.sh builds
them), and strata-run for --path sm_90a: that path's kernels take tensor
maps that Strata's host code makes, so they run under strata-run
--engine=cuda, which times them between CUDA events. Python is used only for the baselines, the inputs and the timing:
the kernels are Strata's.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

# --------------------------------------------------------------------------
# Linalg sources.

DTYPES = {"bf16": (torch.bfloat16, "bf16"), "f16": (torch.float16, "f16")}

GELU_TANH = """
    %c0797 = arith.constant 0.7978845608028654 : f32
    %c0044 = arith.constant 0.044715 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %x3 = arith.mulf %s, %s : f32
    %x3b = arith.mulf %x3, %s : f32
    %in = arith.mulf %x3b, %c0044 : f32
    %in2 = arith.addf %in, %s : f32
    %in3 = arith.mulf %in2, %c0797 : f32
    %m2 = arith.constant -2.0 : f32
    %two = arith.constant 2.0 : f32
    %u = arith.mulf %in3, %m2 : f32
    %ex = math.exp %u fastmath<afn> : f32
    %den = arith.addf %ex, %one : f32
    %q = arith.divf %two, %den fastmath<afn> : f32
    %t = arith.subf %q, %one : f32
    %t1 = arith.addf %t, %one : f32
    %hs = arith.mulf %s, %half : f32
    %r = arith.mulf %hs, %t1 : f32
"""


# fp8 GEMMs: A (M x K) and B given as its N x K transpose, in e4m3, as
# torch._scaled_mm takes them; the accumulator is f32 and the output bf16.
FP8 = {"f8e4m3": "f8E4M3FN"}


def fp8_gemm_source(m, n, k, mdt):
    """A x B^T from 8-bit float operands, f32 accumulator, bf16 out."""
    maps = ("[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, "
            "affine_map<(d0, d1, d2) -> (d0, d1)>]")
    return "\n".join([
        "#id = affine_map<(d0, d1) -> (d0, d1)>",
        f"func.func @gemm(%a: tensor<{m}x{k}x{mdt}>, %b: tensor<{n}x{k}x{mdt}>) -> tensor<{m}x{n}xbf16> {{",
        f"  %zero = arith.constant 0.0 : f32",
        f"  %e = tensor.empty() : tensor<{m}x{n}xf32>",
        f"  %o = tensor.empty() : tensor<{m}x{n}xbf16>",
        f"  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>",
        f"  %mm = linalg.matmul indexing_maps = {maps} ins(%a, %b : tensor<{m}x{k}x{mdt}>, tensor<{n}x{k}x{mdt}>) "
        f"outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>",
        f"  %y = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
        f"      ins(%mm : tensor<{m}x{n}xf32>) outs(%o : tensor<{m}x{n}xbf16>) {{",
        f"  ^bb0(%v: f32, %out: bf16):",
        f"    %c = arith.truncf %v : f32 to bf16",
        f"    linalg.yield %c : bf16",
        f"  }} -> tensor<{m}x{n}xbf16>",
        f"  return %y : tensor<{m}x{n}xbf16>",
        "}",
    ]) + "\n"


def gemm_source(m, n, k, dt, epilogue):
    """relu/gelu(A x B + bias) or A x B in dt with an f32 accumulator."""
    ins = f"%a: tensor<{m}x{k}x{dt}>, %b: tensor<{k}x{n}x{dt}>"
    if epilogue != "none":
        ins += f", %bias: tensor<{n}xf32>"
    body = [
        f"  %zero = arith.constant 0.0 : f32",
        f"  %e = tensor.empty() : tensor<{m}x{n}xf32>",
        f"  %o = tensor.empty() : tensor<{m}x{n}x{dt}>",
        f"  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>",
        f"  %mm = linalg.matmul ins(%a, %b : tensor<{m}x{k}x{dt}>, tensor<{k}x{n}x{dt}>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>",
    ]
    if epilogue == "none":
        body += [
            f"  %y = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
            f"      ins(%mm : tensor<{m}x{n}xf32>) outs(%o : tensor<{m}x{n}x{dt}>) {{",
            f"  ^bb0(%v: f32, %out: {dt}):",
            f"    %c = arith.truncf %v : f32 to {dt}",
            f"    linalg.yield %c : {dt}",
            f"  }} -> tensor<{m}x{n}x{dt}>",
        ]
    else:
        act = {"bias_relu": "    %r = arith.maximumf %s, %zero : f32\n", "bias_gelu": GELU_TANH}[epilogue]
        body += [
            f"  %y = linalg.generic {{indexing_maps = [#id, #col, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
            f"      ins(%mm, %bias : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%o : tensor<{m}x{n}x{dt}>) {{",
            f"  ^bb0(%v: f32, %bv: f32, %out: {dt}):",
            f"    %s = arith.addf %v, %bv : f32",
            act.rstrip("\n"),
            f"    %c = arith.truncf %r : f32 to {dt}",
            f"    linalg.yield %c : {dt}",
            f"  }} -> tensor<{m}x{n}x{dt}>",
        ]
    body.append(f"  return %y : tensor<{m}x{n}x{dt}>")
    return "\n".join([
        "#id = affine_map<(d0, d1) -> (d0, d1)>",
        "#col = affine_map<(d0, d1) -> (d1)>",
        f"func.func @gemm({ins}) -> tensor<{m}x{n}x{dt}> {{",
        *body,
        "}",
    ]) + "\n"


def rows_source(op, r, c, dt):
    """softmax, rmsnorm or layernorm over the rows of an r x c matrix of
    dt (f32 or bf16), computed in f32."""
    up = lambda v, o: f"    %{o} = arith.extf %{v} : {dt} to f32" if dt != "f32" else f"    %{o} = arith.addf %{v}, %zero : f32"
    down = lambda v, o: f"    %{o} = arith.truncf %{v} : f32 to {dt}" if dt != "f32" else f"    %{o} = arith.addf %{v}, %zero : f32"
    head = ["#id = affine_map<(d0, d1) -> (d0, d1)>", "#row = affine_map<(d0, d1) -> (d0)>",
            "#col = affine_map<(d0, d1) -> (d1)>"]
    if op == "softmax" and dt == "f32":
        body = [
            f"func.func @softmax(%x: tensor<{r}x{c}x{dt}>) -> tensor<{r}x{c}x{dt}> {{",
            f"  %init = tensor.empty() : tensor<{r}x{c}x{dt}>",
            f"  %y = linalg.softmax dimension(1) ins(%x : tensor<{r}x{c}x{dt}>) outs(%init : tensor<{r}x{c}x{dt}>) -> tensor<{r}x{c}x{dt}>",
            f"  return %y : tensor<{r}x{c}x{dt}>", "}"]
        return "\n".join(head + body) + "\n"
    if op == "softmax":
        # Widened to f32 around linalg.softmax, as PyTorch computes it.
        body = [
            f"func.func @softmax(%x: tensor<{r}x{c}x{dt}>) -> tensor<{r}x{c}x{dt}> {{",
            f"  %ef = tensor.empty() : tensor<{r}x{c}xf32>",
            f"  %e = tensor.empty() : tensor<{r}x{c}x{dt}>",
            f"  %xf = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
            f"      ins(%x : tensor<{r}x{c}x{dt}>) outs(%ef : tensor<{r}x{c}xf32>) {{",
            f"  ^bb0(%v: {dt}, %o: f32):", f"    %w = arith.extf %v : {dt} to f32", f"    linalg.yield %w : f32",
            f"  }} -> tensor<{r}x{c}xf32>",
            f"  %sf = linalg.softmax dimension(1) ins(%xf : tensor<{r}x{c}xf32>) outs(%ef : tensor<{r}x{c}xf32>) -> tensor<{r}x{c}xf32>",
            f"  %y = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
            f"      ins(%sf : tensor<{r}x{c}xf32>) outs(%e : tensor<{r}x{c}x{dt}>) {{",
            f"  ^bb0(%v: f32, %o: {dt}):", f"    %w = arith.truncf %v : f32 to {dt}", f"    linalg.yield %w : {dt}",
            f"  }} -> tensor<{r}x{c}x{dt}>",
            f"  return %y : tensor<{r}x{c}x{dt}>", "}"]
        return "\n".join(head + body) + "\n"
    sums = [
        f"  %zero = arith.constant 0.0 : f32",
        f"  %n = arith.constant {float(c)} : f32",
        f"  %eps = arith.constant 1.0e-5 : f32",
        f"  %rows = tensor.empty() : tensor<{r}xf32>",
        f"  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<{r}xf32>) -> tensor<{r}xf32>",
        f"  %e = tensor.empty() : tensor<{r}x{c}x{dt}>",
    ]
    if op == "rmsnorm":
        body = [f"func.func @rmsnorm(%x: tensor<{r}x{c}x{dt}>, %gamma: tensor<{c}xf32>) -> tensor<{r}x{c}x{dt}> {{"] + sums + [
            f"  %sq = linalg.generic {{indexing_maps = [#id, #row], iterator_types = [\"parallel\", \"reduction\"]}}",
            f"      ins(%x : tensor<{r}x{c}x{dt}>) outs(%z : tensor<{r}xf32>) {{",
            f"  ^bb0(%v0: {dt}, %acc: f32):", up("v0", "v"),
            f"    %v2 = arith.mulf %v, %v : f32", f"    %a = arith.addf %acc, %v2 : f32", f"    linalg.yield %a : f32",
            f"  }} -> tensor<{r}xf32>",
            f"  %y = linalg.generic {{indexing_maps = [#id, #row, #col, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
            f"      ins(%x, %sq, %gamma : tensor<{r}x{c}x{dt}>, tensor<{r}xf32>, tensor<{c}xf32>) outs(%e : tensor<{r}x{c}x{dt}>) {{",
            f"  ^bb0(%v0: {dt}, %s: f32, %g: f32, %out: {dt}):", up("v0", "v"),
            f"    %ms = arith.divf %s, %n : f32", f"    %me = arith.addf %ms, %eps : f32", f"    %inv = math.rsqrt %me : f32",
            f"    %nrm = arith.mulf %v, %inv : f32", f"    %r0 = arith.mulf %nrm, %g : f32", down("r0", "r"),
            f"    linalg.yield %r : {dt}", f"  }} -> tensor<{r}x{c}x{dt}>",
            f"  return %y : tensor<{r}x{c}x{dt}>", "}"]
        return "\n".join(head + body) + "\n"
    body = [f"func.func @layernorm(%x: tensor<{r}x{c}x{dt}>, %gamma: tensor<{c}xf32>, %beta: tensor<{c}xf32>) -> tensor<{r}x{c}x{dt}> {{"] + sums + [
        f"  %ef = tensor.empty() : tensor<{r}x{c}xf32>",
        f"  %sum = linalg.generic {{indexing_maps = [#id, #row], iterator_types = [\"parallel\", \"reduction\"]}}",
        f"      ins(%x : tensor<{r}x{c}x{dt}>) outs(%z : tensor<{r}xf32>) {{",
        f"  ^bb0(%v0: {dt}, %acc: f32):", up("v0", "v"), f"    %a = arith.addf %acc, %v : f32", f"    linalg.yield %a : f32",
        f"  }} -> tensor<{r}xf32>",
        f"  %cent = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
        f"      ins(%x, %sum : tensor<{r}x{c}x{dt}>, tensor<{r}xf32>) outs(%ef : tensor<{r}x{c}xf32>) {{",
        f"  ^bb0(%v0: {dt}, %s: f32, %out: f32):", up("v0", "v"),
        f"    %mean = arith.divf %s, %n : f32", f"    %cc = arith.subf %v, %mean : f32", f"    linalg.yield %cc : f32",
        f"  }} -> tensor<{r}x{c}xf32>",
        f"  %sq = linalg.generic {{indexing_maps = [#id, #row], iterator_types = [\"parallel\", \"reduction\"]}}",
        f"      ins(%cent : tensor<{r}x{c}xf32>) outs(%z : tensor<{r}xf32>) {{",
        f"  ^bb0(%cv: f32, %acc: f32):", f"    %c2 = arith.mulf %cv, %cv : f32", f"    %a = arith.addf %acc, %c2 : f32",
        f"    linalg.yield %a : f32", f"  }} -> tensor<{r}xf32>",
        f"  %y = linalg.generic {{indexing_maps = [#id, #row, #col, #col, #id], iterator_types = [\"parallel\", \"parallel\"]}}",
        f"      ins(%cent, %sq, %gamma, %beta : tensor<{r}x{c}xf32>, tensor<{r}xf32>, tensor<{c}xf32>, tensor<{c}xf32>) outs(%e : tensor<{r}x{c}x{dt}>) {{",
        f"  ^bb0(%cv: f32, %s: f32, %g: f32, %b: f32, %out: {dt}):",
        f"    %var = arith.divf %s, %n : f32", f"    %ve = arith.addf %var, %eps : f32", f"    %inv = math.rsqrt %ve : f32",
        f"    %nrm = arith.mulf %cv, %inv : f32", f"    %sc = arith.mulf %nrm, %g : f32", f"    %r0 = arith.addf %sc, %b : f32", down("r0", "r"),
        f"    linalg.yield %r : {dt}", f"  }} -> tensor<{r}x{c}x{dt}>",
        f"  return %y : tensor<{r}x{c}x{dt}>", "}"]
    return "\n".join(head + body) + "\n"


def attention_source(b, h, hkv, s, d, causal, dt):
    """softmax(Q K^T / sqrt(d) [+ causal mask]) V on [B, H, S, D] tensors of
    dt (K and V [B, Hkv, S, D], read at head h floordiv H/Hkv): the
    products in linalg.generic contractions accumulating in f32, the
    softmax in f32 (linalg.softmax), P rounded to dt before P V, a dt
    result; the spelling linalg-to-tile lowers to one FlashAttention
    kernel (examples/attention)."""
    g = h // hkv
    hk = f"h floordiv {g}" if g > 1 else "h"
    q_t, k_t = f"tensor<{b}x{h}x{s}x{d}x{dt}>", f"tensor<{b}x{hkv}x{s}x{d}x{dt}>"
    s_t, sb_t = f"tensor<{b}x{h}x{s}x{s}xf32>", f"tensor<{b}x{h}x{s}x{s}x{dt}>"
    o_t, ob_t = f"tensor<{b}x{h}x{s}x{d}xf32>", q_t
    contraction = [f"  ^bb0(%a: {dt}, %b: {dt}, %c: f32):", f"    %ae = arith.extf %a : {dt} to f32",
                   f"    %be = arith.extf %b : {dt} to f32", "    %m = arith.mulf %ae, %be : f32",
                   "    %r = arith.addf %c, %m : f32", "    linalg.yield %r : f32"]
    mask = ["    %i = linalg.index 2 : index", "    %j = linalg.index 3 : index",
            "    %y = arith.mulf %x, %scale : f32", "    %after = arith.cmpi ugt, %j, %i : index",
            "    %r = arith.select %after, %ninf, %y : f32", "    linalg.yield %r : f32"] if causal else [
            "    %y = arith.mulf %x, %scale : f32", "    linalg.yield %y : f32"]
    L = ["#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>",
         "#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>",
         f"#k = affine_map<(b, h, i, j, d) -> (b, {hk}, j, d)>",
         "#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>",
         "#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>",
         f"#v = affine_map<(b, h, i, d, j) -> (b, {hk}, j, d)>",
         "#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>",
         f"func.func @attention(%q: {q_t}, %k: {k_t}, %v: {k_t}) -> {ob_t} {{",
         "  %zero = arith.constant 0.0 : f32", "  %ninf = arith.constant 0xFF800000 : f32",
         f"  %scale = arith.constant {1.0 / math.sqrt(d):.9e} : f32",
         f"  %s0 = tensor.empty() : {s_t}",
         f"  %sz = linalg.fill ins(%zero : f32) outs(%s0 : {s_t}) -> {s_t}",
         "  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"reduction\"]}",
         f"      ins(%q, %k : {q_t}, {k_t}) outs(%sz : {s_t}) {{", *contraction, f"  }} -> {s_t}",
         "  %masked = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}",
         f"      ins(%s : {s_t}) outs(%s0 : {s_t}) {{", "  ^bb0(%x: f32, %out: f32):", *mask, f"  }} -> {s_t}",
         f"  %p = linalg.softmax dimension(3) ins(%masked : {s_t}) outs(%s0 : {s_t}) -> {s_t}",
         f"  %pb0 = tensor.empty() : {sb_t}",
         "  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}",
         f"      ins(%p : {s_t}) outs(%pb0 : {sb_t}) {{", f"  ^bb0(%x: f32, %out: {dt}):",
         f"    %y = arith.truncf %x : f32 to {dt}", f"    linalg.yield %y : {dt}", f"  }} -> {sb_t}",
         f"  %o0 = tensor.empty() : {o_t}",
         f"  %oz = linalg.fill ins(%zero : f32) outs(%o0 : {o_t}) -> {o_t}",
         "  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"reduction\"]}",
         f"      ins(%pb, %v : {sb_t}, {k_t}) outs(%oz : {o_t}) {{", *contraction, f"  }} -> {o_t}",
         f"  %ob0 = tensor.empty() : {ob_t}",
         "  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}",
         f"      ins(%o : {o_t}) outs(%ob0 : {ob_t}) {{", f"  ^bb0(%x: f32, %out: {dt}):",
         f"    %y = arith.truncf %x : f32 to {dt}", f"    linalg.yield %y : {dt}", f"  }} -> {ob_t}",
         f"  return %ob : {ob_t}", "}"]
    return "\n".join(L) + "\n"


# --------------------------------------------------------------------------
# Compiling with Strata.

class Kernel:
    """A Strata kernel loaded from its PTX: name, grid and the memref
    arguments' shapes, in the order of the tile kernel's arguments."""

    def __init__(self, module, name, ptx_path, compile_ms, block, shared=0):
        import cupy
        self.module = cupy.RawModule(path=ptx_path)
        self.fn = self.module.get_function(name)
        self.name = name
        self.compile_ms = compile_ms
        self.block = block
        self.shared = shared
        if shared > 48 * 1024:
            self.fn.max_dynamic_shared_size_bytes = shared

    def __call__(self, grid, tensors):
        self.call_extra(grid, tensors, [])

    def call_extra(self, grid, tensors, extra):
        """Launches with the memref descriptors of tensors, then the extra
        scalar arguments (the number of programs of a persistent grid)."""
        args = []
        for t in tensors:
            p = np.uint64(t.data_ptr())
            args += [p, p, np.uint64(0)]
            args += [np.uint64(s) for s in t.shape]
            args += [np.uint64(s) for s in t.stride()]
        self.fn(grid, self.block, tuple(args + list(extra)), shared_mem=self.shared)


PIPELINE = ("builtin.module(linalg-to-tile{{target=sm_90a tile-sizes={tiles}}}, tile-to-nvgpu{{chip={path}}}, canonicalize, cse, loop-invariant-code-motion, {attach}"
            "gpu.module(convert-nvgpu-to-nvvm, convert-vector-to-llvm, convert-scf-to-cf, convert-gpu-to-nvvm, "
            "reconcile-unrealized-casts))")


def compile_kernel(bindir, source, tile_sizes, chip, workdir, tag, path="sm_80", attach=""):
    """linalg source -> PTX with Strata's tools, through tile-to-nvgpu's
    path for chip path, with the gpu.module's target attached by attach
    (an nvvm-attach-target pass and a comma, or nothing); returns (kernel
    names, PTX path, milliseconds)."""
    src = os.path.join(workdir, tag + ".mlir")
    with open(src, "w") as f:
        f.write(source)
    nv = os.path.join(workdir, tag + ".nvvm.mlir")
    ptx = os.path.join(workdir, tag + ".ptx")
    t0 = time.perf_counter()
    subprocess.run([os.path.join(bindir, "strata-opt"), "--pass-pipeline=" + PIPELINE.format(tiles=tile_sizes, path=path, attach=attach),
                    src, "-o", nv], check=True)
    subprocess.run([os.path.join(bindir, "strata-translate"), "--mlir-to-ptx", f"--chip={chip}", nv, "-o", ptx], check=True)
    ms = (time.perf_counter() - t0) * 1e3
    names = re.findall(r"^\.visible \.entry (\w+)\(", open(ptx).read(), re.M)
    return names, ptx, ms


def block_of(ptx, name):
    """The thread block of kernel name: its .maxntid."""
    text = open(ptx).read()
    m = re.search(r"\.entry " + name + r"\((?:.|\n)*?\.maxntid (\d+), (\d+), (\d+)", text)
    return tuple(int(x) for x in m.groups())


def inspect_ptx(ptx, chip="sm_90a"):
    """ptxas -v (registers, stack frame, spills) and the SASS's matrix and
    copy instructions, where the CUDA tools are installed."""
    import shutil
    if not shutil.which("ptxas"):
        return {}
    cubin = ptx[:-4] + ".cubin"
    r = subprocess.run(["ptxas", f"-arch={chip}", "-v", ptx, "-o", cubin], capture_output=True, text=True)
    info = {"ptxas_rc": r.returncode}
    m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", r.stderr)
    if m:
        info["stack"], info["spill_stores"], info["spill_loads"] = (int(x) for x in m.groups())
    m = re.search(r"Used (\d+) registers", r.stderr)
    if m:
        info["registers"] = int(m.group(1))
    warnings = sorted(set(re.findall(r"warning : .*", r.stderr)))
    if warnings or r.returncode != 0:
        info["ptxas_messages"] = (warnings or [r.stderr[-300:]])[:4]
    if r.returncode == 0 and shutil.which("cuobjdump"):
        sass = subprocess.run(["cuobjdump", "-sass", cubin], capture_output=True, text=True).stdout
        # LD.E.128 is a generic 128-bit load, LDG.E.128 one in the global
        # state space.
        for insn in ["HMMA", "LDSM", "LDGSTS", "HGMMA", "QGMMA", "UTMALDG", "LDG.E.128", "LD.E.128", "STG.E.128", "STG.E"]:
            info["sass_" + insn] = sass.count(insn)
    return info


# --------------------------------------------------------------------------
# Timing.
#
# Strata's sm_90a kernels run under strata-run (another process), the
# baselines here, so the GPU's state (SM clock under its power and
# thermal limits) can differ between the moments two candidates are
# timed. The candidates of a case are therefore timed in rounds
# (interleave): each round times every candidate once, in an order
# rotated from round to round, and each candidate's figure is the median
# of its rounds; a ratio is taken per round, where both figures share one
# stretch of time, and reported as its median with its spread. The GPU's
# clocks, power and limiting reasons are read (never set) through NVML
# while this runs (GPUState).

_flush = None


def bench(fn, reps=50, warmup=10, flush=False):
    """Median milliseconds of fn, each run between CUDA events, with the
    GPU synchronized after each run (and, with flush, the L2 cache
    overwritten before it)."""
    global _flush
    if flush and _flush is None:
        _flush = torch.empty(512 * 1024 * 1024, dtype=torch.uint8, device="cuda")
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        if flush:
            _flush.zero_()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)


def time_launches(fn, n):
    """Median milliseconds of n runs of fn launched back to back after one
    untimed run, each between its own pair of CUDA events, with one
    synchronization at the end: the method of strata-run --time-kernels,
    so that a baseline and a Strata kernel it runs are timed alike."""
    fn()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(n)]
    for s, e in events:
        s.record()
        fn()
        e.record()
    events[-1][1].synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in events)


def warm_up(fn, ms, est_ms):
    """Runs fn back to back for about ms milliseconds (est_ms a run), so
    that the SM clock has settled under the load before the first round."""
    for _ in range(max(1, math.ceil(ms / max(est_ms, 1e-3)))):
        fn()
    torch.cuda.synchronize()


def launches_for(window_ms, est_ms, least):
    """Timed launches of each candidate in a round: enough for window_ms
    at est_ms a launch, at least least, at most 20000."""
    return int(min(20000, max(least, math.ceil(window_ms / max(est_ms, 1e-4)))))


def spread(xs):
    """Median, quartiles, minimum and maximum of xs (None where empty)."""
    xs = sorted(x for x in xs if x is not None and x == x)
    if not xs:
        return None
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    r = lambda v: round(v, 4)
    return {"median": r(statistics.median(xs)), "q1": r(q[0]), "q3": r(q[2]), "min": r(xs[0]), "max": r(xs[-1]), "n": len(xs)}


def interleave(cands, rounds, first=None):
    """Times each of cands ((name, fn) pairs; fn times one window of its
    candidate and returns its milliseconds) once a round for rounds
    rounds, the order rotated by one each round, and returns the
    milliseconds of each round by name with the GPU state of each window
    (median SM clock and board power while the GPU was busy, and the
    limiting reasons seen). first maps names to a window measured just
    before (milliseconds, host start and end times), which stands for
    that candidate's window in the first round."""
    first = first or {}
    fields = ["sm_mhz", "sm_mhz_low", "power_w", "power_w_max", "reasons"]
    times = {name: [] for name, _ in cands}
    state = {f: {name: [] for name, _ in cands} for f in fields}
    errors = {}
    orders = []
    for r in range(rounds):
        k = r % len(cands)
        order = cands[k:] + cands[:k]
        orders.append([name for name, _ in order])
        for name, fn in order:
            if r == 0 and name in first:
                ms, t0, t1 = first[name]
                w = GPU.window(t0, t1)
            else:
                t0 = time.perf_counter()
                try:
                    ms = fn()
                except Exception as e:  # a candidate that fails is reported, the others still run
                    errors[name] = repr(e)[:300]
                    ms = None
                w = GPU.window(t0, time.perf_counter())
            times[name].append(ms)
            for f in fields:
                state[f][name].append(w.get(f))
    out = {"rounds": rounds, "order": orders, "ms": times}
    out.update(state)
    out["limits"] = out.pop("reasons")
    if errors:
        out["errors"] = errors
    return out


def ratio_spread(rd, base, cand):
    """The per-round ratio base / cand of an interleave result: how many
    times as fast as base cand ran in each round, with its spread."""
    xs = [b / c if b and c else None for b, c in zip(rd["ms"][base], rd["ms"][cand])]
    s = spread(xs)
    if s is not None:
        s["per_round"] = [None if x is None else round(x, 4) for x in xs]
    return s


def apply_rounds(res, rd, names):
    """Writes an interleave result into the case record res: each name's
    milliseconds (the median of its rounds) under the key names gives it,
    and the rounds themselves under rounds."""
    res["rounds"] = rd
    for name, key in names.items():
        ms = [x for x in rd["ms"].get(name, []) if x is not None]
        if ms:
            res[key] = statistics.median(ms)


# NVML's clock event (throttle) reasons.
NVML_REASONS = [(0x1, "idle"), (0x2, "app_clocks"), (0x4, "sw_power_cap"), (0x8, "hw_slowdown"), (0x10, "sync_boost"),
                (0x20, "sw_thermal"), (0x40, "hw_thermal"), (0x80, "hw_power_brake"), (0x100, "display_clocks")]


class GPUState:
    """The GPU's clocks, power, temperature and clock limiting reasons,
    read through NVML (libnvidia-ml, queries only) or, where that cannot
    be loaded, nvidia-smi; nothing is set. With NVML, a thread samples
    them every interval seconds so that each timed window can be given
    the state the GPU ran in."""

    def __init__(self, interval=0.02):
        import threading
        self.lib, self.h, self.samples, self.interval = None, None, [], interval
        self.stop = threading.Event()
        try:
            import ctypes
            lib = ctypes.CDLL("libnvidia-ml.so.1")
            if lib.nvmlInit_v2() != 0:
                raise OSError("nvmlInit failed")
            h = ctypes.c_void_p()
            bus = self._bus_id()
            if bus is None or lib.nvmlDeviceGetHandleByPciBusId_v2(bus.encode(), ctypes.byref(h)) != 0:
                if lib.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(h)) != 0:
                    raise OSError("no NVML device")
            self.lib, self.h, self.ct = lib, h, ctypes
            self.reasons_fn = getattr(lib, "nvmlDeviceGetCurrentClocksEventReasons", None) or lib.nvmlDeviceGetCurrentClocksThrottleReasons
        except (OSError, AttributeError):
            return
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    @staticmethod
    def _bus_id():
        p = torch.cuda.get_device_properties(torch.cuda.current_device())
        if all(hasattr(p, a) for a in ("pci_domain_id", "pci_bus_id", "pci_device_id")):
            return f"{p.pci_domain_id:08x}:{p.pci_bus_id:02x}:{p.pci_device_id:02x}.0"
        return None

    def _uint(self, fn, *args):
        v = self.ct.c_uint()
        return v.value if fn(self.h, *args, self.ct.byref(v)) == 0 else None

    def _read(self):
        """(SM MHz, board power W, reasons bitmask) now."""
        r = self.ct.c_ulonglong()
        reasons = r.value if self.reasons_fn(self.h, self.ct.byref(r)) == 0 else None
        mw = self._uint(self.lib.nvmlDeviceGetPowerUsage)
        return self._uint(self.lib.nvmlDeviceGetClockInfo, 1), None if mw is None else mw / 1000, reasons

    def _sample(self):
        while not self.stop.wait(self.interval):
            try:
                self.samples.append((time.perf_counter(),) + self._read())
            except Exception:
                return

    @staticmethod
    def reason_names(mask):
        return [n for bit, n in NVML_REASONS if mask & bit]

    def window(self, t0, t1):
        """The median SM clock and power of the samples between host
        times t0 and t1 in which the GPU was not idle, the clock's lowest
        tenth and the highest power among them (a window of strata-run
        holds its setup too, at other clocks than its timed launches),
        and the limiting reasons seen in them."""
        busy = [s for s in self.samples if t0 <= s[0] <= t1 and s[3] is not None and not s[3] & 1]
        if not busy:
            return {}
        mask = 0
        for s in busy:
            mask |= s[3]
        clocks = sorted(s[1] for s in busy if s[1] is not None)
        power = [s[2] for s in busy if s[2] is not None]
        med = lambda xs: round(statistics.median(xs), 1) if xs else None
        return {"sm_mhz": med(clocks), "sm_mhz_low": clocks[len(clocks) // 10] if clocks else None, "power_w": med(power),
                "power_w_max": round(max(power), 1) if power else None, "reasons": self.reason_names(mask), "samples": len(busy)}

    def snapshot(self):
        """The GPU's state now: clocks, their maxima, power and its limit,
        temperature, performance state and limiting reasons."""
        if self.lib is not None:
            ct, lib = self.ct, self.lib
            sm, w, reasons = self._read()
            temp = self._uint(lib.nvmlDeviceGetTemperature, 0)
            limit = self._uint(lib.nvmlDeviceGetEnforcedPowerLimit)
            ps = ct.c_int()
            return {"source": "nvml", "sm_mhz": sm, "mem_mhz": self._uint(lib.nvmlDeviceGetClockInfo, 2),
                    "max_sm_mhz": self._uint(lib.nvmlDeviceGetMaxClockInfo, 1), "power_w": w,
                    "power_limit_w": None if limit is None else limit / 1000, "temp_c": temp,
                    "pstate": f"P{ps.value}" if lib.nvmlDeviceGetPerformanceState(self.h, ct.byref(ps)) == 0 else None,
                    "reasons": None if reasons is None else self.reason_names(reasons)}
        q = "clocks.sm,clocks.mem,clocks.max.sm,power.draw,power.limit,temperature.gpu,pstate,clocks_event_reasons.active"
        try:
            r = subprocess.run(["nvidia-smi", "--query-gpu=" + q, "--format=csv,noheader,nounits"], capture_output=True, text=True, timeout=10)
            v = [x.strip() for x in r.stdout.splitlines()[0].split(",")]
            num = lambda s: float(s) if re.fullmatch(r"[0-9.]+", s) else None
            return {"source": "nvidia-smi", "sm_mhz": num(v[0]), "mem_mhz": num(v[1]), "max_sm_mhz": num(v[2]), "power_w": num(v[3]),
                    "power_limit_w": num(v[4]), "temp_c": num(v[5]), "pstate": v[6],
                    "reasons": self.reason_names(int(v[7], 16)) if v[7].startswith("0x") else v[7]}
        except Exception as e:  # no way to read the state: say so
            return {"source": None, "error": repr(e)[:200]}

    def close(self):
        self.stop.set()


GPU = None


def gpu_line(s):
    """One line of a GPU state snapshot, for the log."""
    if not s or s.get("source") is None:
        return "GPU state unknown"
    return (f"SM {s.get('sm_mhz')} MHz (max {s.get('max_sm_mhz')}), memory {s.get('mem_mhz')} MHz, {s.get('power_w')} W of "
            f"{s.get('power_limit_w')}, {s.get('temp_c')} C, {s.get('pstate')}, limits {s.get('reasons')} ({s.get('source')})")


def rel_err(x, ref):
    x, ref = x.double(), ref.double()
    if torch.isnan(x).any():
        return float("nan")
    return (torch.linalg.norm(x - ref) / torch.linalg.norm(ref)).item()


# --------------------------------------------------------------------------
# Triton's tutorial matmul (03-matrix-multiplication), autotuned.

def triton_matmul():
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    configs = [
        triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8}, num_stages=3, num_warps=8),
        triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 32, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}, num_stages=4, num_warps=4),
        triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 128, "GROUP_SIZE_M": 8}, num_stages=3, num_warps=8),
        triton.Config({"BLOCK_SIZE_M": 256, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 128, "GROUP_SIZE_M": 8}, num_stages=3, num_warps=8),
    ]

    @triton.autotune(configs=configs, key=["M", "N", "K"])
    @triton.jit
    def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                      BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                      GROUP_SIZE_M: tl.constexpr):
        pid = tl.program_id(axis=0)
        num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
        num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
        num_pid_in_group = GROUP_SIZE_M * num_pid_n
        group_id = pid // num_pid_in_group
        first_pid_m = group_id * GROUP_SIZE_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
        pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
        pid_n = (pid % num_pid_in_group) // group_size_m
        offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
        offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
        offs_k = tl.arange(0, BLOCK_SIZE_K)
        a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
        b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
            a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
            b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
            accumulator = tl.dot(a, b, accumulator)
            a_ptrs += BLOCK_SIZE_K * stride_ak
            b_ptrs += BLOCK_SIZE_K * stride_bk
        c = accumulator.to(c_ptr.dtype.element_ty)
        offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
        offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
        c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
        tl.store(c_ptrs, c, mask=c_mask)

    def matmul(a, b, c):
        M, K = a.shape
        _, N = b.shape
        grid = lambda META: (triton.cdiv(M, META["BLOCK_SIZE_M"]) * triton.cdiv(N, META["BLOCK_SIZE_N"]),)
        matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
        return c

    return matmul


# --------------------------------------------------------------------------
# Triton's tutorial fused attention (06-fused-attention), forward pass:
# blocks of queries against the key blocks below the diagonal unmasked,
# the diagonal blocks masked (causal), exp2 with the scale folded into
# log2(e) / sqrt(d). Sequences must be whole key and query blocks.

def triton_attention():
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def _inner(acc, l_i, m_i, q, k_base, v_base, offs_m, offs_n, offs_d, qk_scale, lo, hi,
               HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr, MASKED: tl.constexpr):
        for start_n in tl.range(lo, hi, BLOCK_N):
            kt = tl.load(k_base + (start_n + offs_n)[None, :] * HEAD_DIM + offs_d[:, None])
            qk = tl.dot(q, kt)
            if MASKED:
                keep = offs_m[:, None] >= (start_n + offs_n)[None, :]
                qk = qk * qk_scale + tl.where(keep, 0, -1.0e6)
                m_ij = tl.maximum(m_i, tl.max(qk, 1))
                qk -= m_ij[:, None]
            else:
                m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
                qk = qk * qk_scale - m_ij[:, None]
            p = tl.math.exp2(qk)
            alpha = tl.math.exp2(m_i - m_ij)
            l_i = l_i * alpha + tl.sum(p, 1)
            acc = acc * alpha[:, None]
            v = tl.load(v_base + (start_n + offs_n)[:, None] * HEAD_DIM + offs_d[None, :])
            acc = tl.dot(p.to(v.dtype), v, acc)
            m_i = m_ij
        return acc, l_i, m_i

    @triton.jit
    def _fwd(Q, K, V, Out, qk_scale, H, GROUP, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
        start_m = tl.program_id(0)
        off_hz = tl.program_id(1)
        off_kv = off_hz // GROUP
        q_base = Q + off_hz.to(tl.int64) * N_CTX * HEAD_DIM
        k_base = K + off_kv.to(tl.int64) * N_CTX * HEAD_DIM
        v_base = V + off_kv.to(tl.int64) * N_CTX * HEAD_DIM
        offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = tl.arange(0, BLOCK_N)
        offs_d = tl.arange(0, HEAD_DIM)
        m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
        l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
        acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
        q = tl.load(q_base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
        if CAUSAL:
            acc, l_i, m_i = _inner(acc, l_i, m_i, q, k_base, v_base, offs_m, offs_n, offs_d, qk_scale,
                                   0, start_m * BLOCK_M, HEAD_DIM, BLOCK_N, False)
            acc, l_i, m_i = _inner(acc, l_i, m_i, q, k_base, v_base, offs_m, offs_n, offs_d, qk_scale,
                                   start_m * BLOCK_M, (start_m + 1) * BLOCK_M, HEAD_DIM, BLOCK_N, True)
        else:
            acc, l_i, m_i = _inner(acc, l_i, m_i, q, k_base, v_base, offs_m, offs_n, offs_d, qk_scale,
                                   0, N_CTX, HEAD_DIM, BLOCK_N, False)
        acc = acc / l_i[:, None]
        tl.store(Out + off_hz.to(tl.int64) * N_CTX * HEAD_DIM + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
                 acc.to(Out.dtype.element_ty))

    # The tutorial's Hopper configurations: (BLOCK_M, BLOCK_N, warps, stages).
    configs = [(128, 128, 8, 3), (128, 64, 4, 3)]

    def attention(q, k, v, causal):
        """The fastest configuration's (function, name), or None where the
        shape is not whole blocks; compile errors propagate."""
        b, h, s, d = q.shape
        hkv = k.shape[1]
        if s % 128 or d not in (64, 128) or h % hkv:
            return None
        out = torch.empty_like(q)
        scale = 1.4426950408889634 / math.sqrt(d)
        best = None
        for bm, bn, w, st in configs:
            fn = lambda bm=bm, bn=bn, w=w, st=st: _fwd[(s // bm, b * h)](
                q, k, v, out, scale, h, h // hkv, s, HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=bn, CAUSAL=causal,
                num_warps=w, num_stages=st)
            try:
                fn()
                torch.cuda.synchronize()
            except Exception:  # a configuration that does not fit is skipped
                continue
            ms = bench(fn, reps=10, warmup=3)
            if best is None or ms < best[0]:
                best = (ms, fn, f"{bm}x{bn}w{w}s{st}")
        if best is None:
            return None
        return best[1], best[2], out

    return attention


# --------------------------------------------------------------------------
# Cases.

def run_gemm(args, m, n, k, epilogue, dtname, triton_mm, workdir):
    dt, mdt = DTYPES[dtname]
    src = gemm_source(m, n, k, mdt, epilogue)
    tag = f"gemm_{m}x{n}x{k}_{epilogue}_{dtname}"
    names, ptx, ms = compile_kernel(args.bin, src, args.tile, "sm_90a", workdir, tag)
    gemm = [x for x in names if x.startswith("gemm")]
    if len(gemm) != 1:
        return {"case": tag, "error": f"expected one GEMM kernel, got {names}"}
    bm, bn, _ = (int(x) for x in args.tile.split(","))
    kern = Kernel(None, gemm[0], ptx, ms, block_of(ptx, gemm[0]))
    torch.manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(k, n, device="cuda", dtype=dt)
    bias = torch.randn(n, device="cuda", dtype=torch.float32)
    out = torch.full((m, n), float("nan"), device="cuda", dtype=dt)
    tensors = [a, b] + ([bias] if epilogue != "none" else []) + [out]
    grid = (math.ceil(m / bm), math.ceil(n / bn), 1)
    run = lambda: kern(grid, tensors)
    run()
    torch.cuda.synchronize()
    ref = a.double() @ b.double()
    if epilogue == "bias_relu":
        ref = torch.relu(ref + bias.double())
    elif epilogue == "bias_gelu":
        ref = torch.nn.functional.gelu(ref + bias.double(), approximate="tanh")
    err = rel_err(out, ref)
    res = {"case": tag, "M": m, "N": n, "K": k, "epilogue": epilogue, "dtype": dtname,
           "compile_ms": round(ms, 1), "rel_err": err, "ok": bool(err < 2e-2)}
    res.update(inspect_ptx(ptx))
    if args.keep:
        import shutil
        shutil.copy(ptx, args.keep)
    if args.single:
        res["strata_ms"] = bench(run)
    est = res.get("strata_ms") or bench(run, reps=5, warmup=2)
    time_gemm(args, res, a, b, bias, dt, epilogue, triton_mm, [("strata", run)], est)
    return res


def gemm_baselines(a, b, bias, dt, epilogue, triton_mm):
    """The baselines of a GEMM on the inputs a, b (and bias) as (name,
    function) pairs: cuBLAS (torch.matmul), PyTorch eager for a bias and
    activation epilogue, and Triton's tutorial matmul where it runs, with
    its relative error against float64 (None without Triton)."""
    out = [("cublas", lambda: torch.matmul(a, b))]
    bf = bias.to(dt)
    if epilogue == "bias_relu":
        out.append(("eager", lambda: torch.relu(torch.matmul(a, b) + bf)))
    elif epilogue == "bias_gelu":
        out.append(("eager", lambda: torch.nn.functional.gelu(torch.matmul(a, b) + bf, approximate="tanh")))
    terr = None
    if triton_mm is not None and epilogue == "none":
        c = torch.empty(a.shape[0], b.shape[1], device="cuda", dtype=dt)
        triton_mm(a, b, c)
        terr = rel_err(c, a.double() @ b.double())
        out.append(("triton", lambda: triton_mm(a, b, c)))
    return out, terr


# The record's key of each candidate's milliseconds.
GEMM_KEYS = {"strata": "strata_ms", "tuned": "tuned_ms", "cublas": "cublas_ms", "eager": "torch_eager_ms", "triton": "triton_ms"}


def time_gemm(args, res, a, b, bias, dt, epilogue, triton_mm, strata, est_ms, launches=None, first=None):
    """Times a GEMM case in rounds (interleave): the Strata candidates
    strata ((name, function) pairs: an in-process launch, or with
    window=True a function that times a whole window itself, as
    strata-run does) beside the baselines, every candidate in a round
    launched the same number of times back to back (time_launches),
    after a warm-up; writes the medians, the per-round ratios and their
    spread and TFLOP/s into res. launches and first, where given, are
    the launches of a window and the Strata windows already measured
    (interleave's first). With --single, the baselines are also timed as
    the bench did before, one burst each (res["single"])."""
    m, k = a.shape
    n = b.shape[1]
    base, terr = gemm_baselines(a, b, bias, dt, epilogue, triton_mm)
    if terr is not None:
        res["triton_err"] = terr
    if args.single:
        single = {key: res[key] for key in ("strata_ms", "tuned_ms") if key in res}
        for name, fn in base:
            single[GEMM_KEYS[name]] = bench(fn, reps=args.reps)
        res["single"] = single
    launches = launches or launches_for(args.window_ms, est_ms, args.reps)
    cands = []
    for name, fn in strata:
        if getattr(fn, "window", False):
            cands.append((name, lambda fn=fn: fn(launches)))
        else:
            cands.append((name, lambda fn=fn: time_launches(fn, launches)))
    cands += [(name, lambda fn=fn: time_launches(fn, launches)) for name, fn in base]
    warm_up(base[0][1], args.warmup_ms, est_ms)
    rd = interleave(cands, args.rounds, first)
    rd["launches"] = launches
    apply_rounds(res, rd, GEMM_KEYS)
    for name, key in [("cublas", "x_cublas"), ("triton", "x_triton"), ("eager", "x_eager")]:
        if name in rd["ms"]:
            res[key] = ratio_spread(rd, name, "strata")
    if "tuned" in rd["ms"]:
        res["x_tuned"] = ratio_spread(rd, "strata", "tuned")
    flops = 2.0 * m * n * k
    for key in list(res):
        if key.endswith("_ms") and key != "compile_ms" and res[key]:
            res[key.replace("_ms", "_tflops")] = round(flops / res[key] / 1e9, 1)


def to_npy(t, path):
    """Writes a CUDA tensor as .npy (bf16, which NumPy lacks, as its 16-bit
    patterns, as strata-run reads them)."""
    x = t.cpu()
    if x.dtype == torch.bfloat16:
        x = x.view(torch.int16).numpy().view(np.uint16)
    elif x.dtype == torch.float8_e4m3fn:
        x = x.view(torch.uint8).numpy()
    else:
        x = x.numpy()
    np.save(path, np.ascontiguousarray(x))


def from_npy(path, dt):
    x = np.load(path)
    if dt == torch.bfloat16:
        return torch.from_numpy(x.view(np.int16)).view(torch.bfloat16).cuda()
    return torch.from_numpy(x).cuda()


def run_gemm_fp8(args, m, n, k, dtname, workdir):
    """An e4m3 GEMM on the sm_90a path (wgmma k32 of e4m3, both operands
    k-major): A x B^T with B given N x K, f32 accumulation, bf16 out,
    checked against float64 and timed beside torch._scaled_mm (cuBLASLt's
    fp8 GEMM, unit scales) on the same inputs."""
    mdt = FP8[dtname]
    src = fp8_gemm_source(m, n, k, mdt)
    tag = f"gemm_sm90_{m}x{n}x{k}_{dtname}"
    blocks = args.persistent if args.persistent >= 0 else torch.cuda.get_device_properties(0).multi_processor_count
    torch.manual_seed(0)
    a = torch.randn(m, k, device="cuda").to(torch.float8_e4m3fn)
    b = torch.randn(n, k, device="cuda").to(torch.float8_e4m3fn)
    files = []
    for name, t in [("a", a), ("b", b)]:
        f = os.path.join(workdir, f"{tag}.{name}.npy")
        to_npy(t, f)
        files.append(f)
    ref = a.double() @ b.double().t()
    one = torch.ones((), device="cuda", dtype=torch.float32)
    scaled = lambda: torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    flops = 2.0 * m * n * k
    best, tried = None, {}
    for tiles in args.tile_sm90_f8.split(";"):
        ttag = tag + "_" + tiles.replace(",", "x")
        try:
            names, ptx, ms = compile_kernel(args.bin, src, tiles, "sm_90a", workdir, ttag,
                                            path=f"sm_90a group-m={args.group_m} persistent={blocks}")
        except subprocess.CalledProcessError as e:
            tried[tiles] = "compile failed: " + str(e)[:200]
            continue
        nv = os.path.join(workdir, ttag + ".nvvm.mlir")
        outdir = os.path.join(workdir, ttag + ".out")
        os.makedirs(outdir, exist_ok=True)
        try:
            r = subprocess.run([os.path.join(args.bin, "strata-run"), "--engine=cuda", nv, "-e", "gemm", "--args", ",".join(files),
                                "--dump-results", outdir, "--time-kernels", str(args.reps)], capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            tried[tiles] = "strata-run timed out"
            continue
        if r.returncode != 0:
            tried[tiles] = (r.stderr or r.stdout)[-300:]
            continue
        times = re.findall(r"kernel @\w+::@(gemm\w*): median ([0-9.]+) ms", r.stderr)
        if len(times) != 1:
            tried[tiles] = "no GEMM kernel timing in: " + r.stderr[-300:]
            continue
        out = from_npy(os.path.join(outdir, "result0.npy"), torch.bfloat16)
        err = rel_err(out, ref)
        written = not torch.isnan(out.float()).any().item()
        ok = bool(err < 2e-2 and written)
        res = {"case": tag, "M": m, "N": n, "K": k, "epilogue": "none", "dtype": dtname, "path": "sm_90a", "tiles": tiles,
               "persistent": blocks, "compile_ms": round(ms, 1), "rel_err": err, "ok": ok, "strata_ms": float(times[0][1]),
               # How far Strata's bf16 output is from cuBLASLt's.
               "rel_diff_scaled_mm": rel_err(out, scaled().double())}
        res.update(inspect_ptx(ptx))
        tried[tiles] = {"ms": res["strata_ms"], "ok": ok, "rel_err": err, "registers": res.get("registers"),
                        "spill_stores": res.get("spill_stores")}
        if args.keep:
            import shutil
            shutil.copy(ptx, args.keep)
        if best is None or (ok, -res["strata_ms"]) > (best["ok"], -best["strata_ms"]):
            best = res
    if best is None:
        return {"case": tag, "error": json.dumps(tried)[:600]}
    res = best
    res["candidates"] = tried
    res["case"] = f"{tag} {res['tiles'].replace(',', 'x')}"
    res["scaled_mm_err"] = rel_err(scaled(), ref)
    # The baseline column of the table is cuBLAS: here cuBLASLt's fp8 GEMM.
    res["cublas_ms"] = bench(scaled, reps=args.reps)
    # With fast accumulation, as wgmma accumulates here (no promotion of
    # partial sums into separate f32 registers every few k steps).
    fast = lambda: torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16, use_fast_accum=True)
    res["scaled_mm_fast_err"] = rel_err(fast(), ref)
    res["scaled_mm_fast_ms"] = bench(fast, reps=args.reps)
    for key in list(res):
        if key.endswith("_ms") and key != "compile_ms":
            res[key.replace("_ms", "_tflops")] = round(flops / res[key] / 1e9, 1)
    return res


def cached_winner(path, kernel, dims, chip):
    """The winner of strata-tune's winners cache at path (None when absent)
    for kernel (e.g. gemm.bf16), the shape class of dims (each rounded up
    to a power of two, as internal/tune.ShapeClass) and chip."""
    if not path or not os.path.exists(path):
        return None
    cls = "x".join(str(1 << max(0, (d - 1).bit_length())) for d in dims)
    for w in json.load(open(path)).get("winners", []):
        if (w.get("kernel"), w.get("class"), w.get("chip")) == (kernel, cls, chip):
            return w
    return None


def time_sm90(args, src, tag, entry, files, dt, ref, blocks, workdir, cache=None, reps=None):
    """Compiles the sm_90a GEMM of src with blocks and options entry
    (BLOCKS[:OPTION=VALUE,...]: tile-to-nvgpu options of these blocks, after
    the command line's), or, with cache, through strata-tune's winners cache
    given to linalg-to-tile and tile-to-nvgpu (entry's blocks and options
    then stand for shape classes the cache lacks), runs it under strata-run
    --engine=cuda, timing reps launches (default --reps), and checks it
    against ref: a result dict (with the run's host start and end times,
    "window"), or an error string."""
    tiles, _, extra = entry.partition(":")
    extra = " " + extra.replace(",", " ") if extra else ""
    opt = f" tune-cache={cache}" if cache else ""
    ttag = tag + "_" + re.sub(r"[^0-9a-z]+", "_", entry) + ("_tuned" if cache else "")
    try:
        names, ptx, ms = compile_kernel(args.bin, src, tiles + opt, "sm_90a", workdir, ttag,
                                        path=f"sm_90a group-m={args.group_m} persistent={blocks} ping-pong={str(args.ping_pong).lower()}{extra}{opt}")
    except subprocess.CalledProcessError as e:
        return "compile failed: " + str(e)[:200]
    nv = os.path.join(workdir, ttag + ".nvvm.mlir")
    outdir = os.path.join(workdir, ttag + ".out")
    os.makedirs(outdir, exist_ok=True)
    t0 = time.perf_counter()
    try:
        r = subprocess.run([os.path.join(args.bin, "strata-run"), "--engine=cuda", nv, "-e", "gemm", "--args", ",".join(files),
                            "--dump-results", outdir, "--time-kernels", str(reps or args.reps)], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "strata-run timed out"
    t1 = time.perf_counter()
    if r.returncode != 0:
        return (r.stderr or r.stdout)[-300:]
    times = re.findall(r"kernel @\w+::@(gemm\w*): median ([0-9.]+) ms", r.stderr)
    if len(times) != 1:
        return "no GEMM kernel timing in: " + r.stderr[-300:]
    out = from_npy(os.path.join(outdir, "result0.npy"), dt)
    err = rel_err(out, ref)
    written = not torch.isnan(out.float()).any().item()
    res = {"tiles": entry, "compile_ms": round(ms, 1), "rel_err": err, "ok": bool(err < 2e-2 and written),
           "strata_ms": float(times[0][1]), "nv": nv, "window": (t0, t1)}
    res.update(inspect_ptx(ptx))
    if args.keep:
        import shutil
        shutil.copy(ptx, args.keep)
    return res


def strata_window(args, nv, files):
    """A function of n that runs the lowered program nv on files under
    strata-run --engine=cuda --time-kernels n (one untimed launch, then n
    back to back between CUDA events) and returns the GEMM kernel's
    median milliseconds: one window of a round (interleave). Its results
    go to a scratch folder (they were checked in the first run)."""
    scratch = nv + ".rounds"
    os.makedirs(scratch, exist_ok=True)

    def window(n):
        r = subprocess.run([os.path.join(args.bin, "strata-run"), "--engine=cuda", nv, "-e", "gemm", "--args", ",".join(files),
                            "--dump-results", scratch, "--time-kernels", str(n)], capture_output=True, text=True, timeout=120)
        times = re.findall(r"kernel @\w+::@(gemm\w*): median ([0-9.]+) ms", r.stderr)
        if r.returncode != 0 or len(times) != 1:
            raise RuntimeError((r.stderr or r.stdout)[-300:])
        return float(times[0][1])
    window.window = True
    return window


def run_gemm_sm90(args, m, n, k, epilogue, dtname, triton_mm, workdir):
    """The sm_90a GEMM (TMA, mbarriers, warp-specialized wgmma): its tensor
    maps are made by Strata's host code, so the program runs under
    strata-run --engine=cuda, which times the kernel between CUDA events;
    PyTorch makes the inputs, checks the result and times cuBLAS here, on
    the same GPU, in the same run. With several block shapes
    (--tile-sm90 A;B), each is compiled, checked and timed, and the
    fastest correct one is reported, as an autotuner would choose. With
    --tune-cache, the GEMM is also compiled through strata-tune's winners
    cache, as a user of the cache compiles it, and reported beside the
    default (tuned_ms, tuned_config). The chosen kernel (and the cache's)
    and the baselines are then timed in rounds (time_gemm): each round
    runs strata-run once for each Strata kernel, beside the baselines
    here."""
    dt, mdt = DTYPES[dtname]
    src = gemm_source(m, n, k, mdt, epilogue)
    tag = f"gemm_sm90_{m}x{n}x{k}_{epilogue}_{dtname}"
    blocks = args.persistent if args.persistent >= 0 else torch.cuda.get_device_properties(0).multi_processor_count
    torch.manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=dt)
    b = torch.randn(k, n, device="cuda", dtype=dt)
    bias = torch.randn(n, device="cuda", dtype=torch.float32)
    files = []
    for name, t in [("a", a), ("b", b)] + ([("bias", bias)] if epilogue != "none" else []):
        f = os.path.join(workdir, f"{tag}.{name}.npy")
        to_npy(t, f)
        files.append(f)
    ref = a.double() @ b.double()
    if epilogue == "bias_relu":
        ref = torch.relu(ref + bias.double())
    elif epilogue == "bias_gelu":
        ref = torch.nn.functional.gelu(ref + bias.double(), approximate="tanh")
    # Without --single, each kernel's first run times a whole window of a
    # round (its length estimated from cuBLAS), which then stands for its
    # window in the first round; with it, the first run is the one burst
    # of --reps launches that the bench timed before rounds.
    launches = None
    if not args.single:
        launches = launches_for(args.window_ms, bench(lambda: torch.matmul(a, b), reps=5, warmup=2), args.reps)
    best, tried = None, {}
    entries = args.tile_sm90.split(";")
    for entry in entries:
        r = time_sm90(args, src, tag, entry, files, dt, ref, blocks, workdir, reps=launches)
        if isinstance(r, str):
            tried[entry] = r
            continue
        tried[entry] = {"ms": r["strata_ms"], "ok": r["ok"], "rel_err": r["rel_err"], "registers": r.get("registers"),
                        "spill_stores": r.get("spill_stores")}
        if best is None or (r["ok"], -r["strata_ms"]) > (best["ok"], -best["strata_ms"]):
            best = r
    if best is None:
        return {"case": tag, "error": json.dumps(tried)[:600]}
    res = {"case": f"{tag} {best['tiles'].replace(',', 'x')}", "M": m, "N": n, "K": k, "epilogue": epilogue, "dtype": dtname,
           "path": "sm_90a", "persistent": blocks}
    res.update(best)
    strata = [("strata", strata_window(args, res.pop("nv"), files))]
    first = {"strata": (best["strata_ms"],) + res.pop("window")} if launches else None
    res["candidates"] = tried
    if args.tune_cache:
        won = cached_winner(args.tune_cache, "gemm." + mdt, (m, n, k), "sm_90a")
        r = time_sm90(args, src, tag, entries[0], files, dt, ref, blocks, workdir, cache=args.tune_cache, reps=launches)
        if isinstance(r, str):
            res["tuned_error"] = r
        else:
            res["tuned_ms"], res["tuned_ok"], res["tuned_err"] = r["strata_ms"], r["ok"], r["rel_err"]
            res["tuned_config"] = (won.get("tile_sizes", "") + " " + " ".join(f"{k}={v}" for k, v in sorted(won.get("options", {}).items()))) if won else "not cached"
            if r["ok"]:
                strata.append(("tuned", strata_window(args, r["nv"], files)))
                if first:
                    first["tuned"] = (r["strata_ms"],) + r["window"]
    res.pop("window", None)
    time_gemm(args, res, a, b, bias, dt, epilogue, triton_mm, strata, best["strata_ms"], launches, first)
    return res


ROW_DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16}


def row_variants(r, c, sms, dtname="bf16", op="softmax"):
    """Configurations tried for a row-wise kernel op over r rows of c
    columns of dtname: (rows of a block, tile-to-nvgpu options). The first
    is the default: one block of the row (rounded up to a power of two), as
    many rows as make 2048 elements, tile-to-nvgpu's own warps (16 elements
    a thread). Rows of 4096 or more: f32 as a block per program; bf16 on a
    persistent grid ("persistent" : as many blocks as the device holds at
    once, see resident_blocks) whose loop loads the next program's row
    while it computes the current one (tile-to-nvgpu's prefetch), except
    layernorm, whose γ and β with the rows ahead do not fit the registers
    of two blocks a multiprocessor: one block of 16 warps a multiprocessor
    with the registers of two (blocks-per-sm=1), loading two programs
    ahead. Shorter rows on the persistent grid. The others: a block per
    program (no loop), the loop without loads ahead, loads two or three
    programs ahead, other warps and rows (measured on an H200:
    docs/performance.md)."""
    cols = 1 << (c - 1).bit_length()
    rows = max(1, min(16, 2048 // cols))
    if cols >= 4096:
        deep = "persistent blocks-per-sm=1 prefetch=%d prefetch-depth=2" % (96 if dtname == "f32" else 64)
        first = [(rows, "")] if dtname == "f32" else [(rows, deep)] if op == "layernorm" else [(rows, "persistent")]
        out = first + [(rows, "persistent"), (rows, ""), (rows, deep), (rows, "persistent prefetch=-1"),
                       (rows, "persistent blocks-per-sm=1"), (rows, "persistent warps=32"),
                       (rows, "persistent warps=32 prefetch-depth=2")]
        if dtname != "f32":
            out.append((rows, "persistent blocks-per-sm=1 prefetch=64 prefetch-depth=3"))
    else:
        out = [(rows, "persistent"), (rows, ""), (rows, "persistent prefetch=-1"),
               (max(1, rows // 2), "persistent"), (2 * rows, "persistent"),
               (max(1, rows // 2), "persistent warps=2"), (max(1, rows // 2), "persistent warps=2 prefetch=48 prefetch-depth=2"),
               (rows, "persistent prefetch=48 prefetch-depth=2"), (max(1, rows // 2), "persistent prefetch-depth=2")]
    seen = []
    for v in out:
        if v not in seen:
            seen.append(v)
    return seen


def resident_blocks(sms, threads, registers):
    """Blocks of threads threads at registers registers each that the
    device's multiprocessors hold at once (2048 threads, 64K registers
    and 32 blocks a multiprocessor; registers allocated per warp in
    units of 256)."""
    per_warp = ((max(registers, 1) * 32 + 255) // 256) * 256
    warps = threads // 32
    by_regs = 65536 // (per_warp * warps)
    return sms * max(1, min(2048 // threads, by_regs, 32))


def run_rows(args, op, r, c, dtname, workdir):
    """A row-wise kernel (softmax, rmsnorm, layernorm) beside PyTorch and a
    device-to-device copy of the same bytes, in this run. Each
    configuration of row_variants is compiled, checked and timed; the
    fastest correct one is reported with the default's time beside it."""
    dt = ROW_DTYPES[dtname]
    src = rows_source(op, r, c, dtname)
    cols = 1 << (c - 1).bit_length()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    variants = row_variants(r, c, sms, dtname, op)
    if not args.row_variants:
        variants = variants[:1]
    torch.manual_seed(0)
    x = torch.randn(r, c, device="cuda", dtype=dt)
    gamma = torch.randn(c, device="cuda", dtype=torch.float32)
    beta = torch.randn(c, device="cuda", dtype=torch.float32)
    ins = {"softmax": [x], "rmsnorm": [x, gamma], "layernorm": [x, gamma, beta]}[op]
    xd = x.double()
    if op == "softmax":
        ref = torch.softmax(xd, dim=1)
        base = lambda: torch.softmax(x, dim=1)
    elif op == "rmsnorm":
        ref = xd * torch.rsqrt((xd * xd).mean(dim=1, keepdim=True) + 1e-5) * gamma.double()
        g = gamma.to(dt)
        base = lambda: torch.nn.functional.rms_norm(x, (c,), g, eps=1e-5)
    else:
        ref = torch.nn.functional.layer_norm(xd, (c,), gamma.double(), beta.double(), eps=1e-5)
        g, b = gamma.to(dt), beta.to(dt)
        base = lambda: torch.nn.functional.layer_norm(x, (c,), g, b, eps=1e-5)
    tol = 2e-2 if dt != torch.float32 else 1e-4
    tag = f"{op}_{r}x{c}_{dtname}"
    tried, runs = [], {}
    best = best_run = None
    for i, (rows, opts) in enumerate(variants):
        vt = f"{tag}_v{i}"
        try:
            pass_opts = " ".join("persistent=1" if o == "persistent" else o for o in opts.split())
            names, ptx, ms = compile_kernel(args.bin, src, f"{rows},{cols},1", "sm_90a", workdir, vt,
                                            path=("sm_80 " + pass_opts).strip())
        except subprocess.CalledProcessError as e:
            tried.append({"block": f"{rows}x{cols}", "opts": opts, "error": "compile: " + str(e)[:200]})
            continue
        if len(names) != 1:
            tried.append({"block": f"{rows}x{cols}", "opts": opts, "error": f"expected one kernel, got {names}"})
            continue
        kern = Kernel(None, names[0], ptx, ms, block_of(ptx, names[0]))
        info = inspect_ptx(ptx)
        programs = math.ceil(r / rows)
        extra = []
        grid = (programs, 1, 1)
        if "persistent" in opts.split():
            # The loop's code does not depend on the number of blocks.
            p = resident_blocks(sms, kern.block[0], info.get("registers", 64))
            grid = (min(programs, p), 1, 1)
            extra = [np.uint64(programs)]
        elif opts.startswith("persistent=") or " persistent=" in opts:
            p = int(re.search(r"persistent=(\d+)", opts).group(1))
            grid = (min(programs, p), 1, 1)
            extra = [np.uint64(programs)]
        out = torch.full((r, c), float("nan"), device="cuda", dtype=dt)
        run = (lambda kern=kern, grid=grid, out=out, extra=extra: kern.call_extra(grid, ins + [out], extra))
        run()
        torch.cuda.synchronize()
        err = rel_err(out, ref)
        v = {"block": f"{rows}x{cols}", "opts": opts, "threads": kern.block[0], "grid": grid[0], "compile_ms": round(ms, 1),
             "rel_err": err, "ok": bool(err < tol)}
        v.update(info)
        if args.keep:
            import shutil
            shutil.copy(ptx, args.keep)
        if v["ok"]:
            v["ms"] = bench(run, flush=True)
            runs[len(tried)] = run
            if best is None or v["ms"] < best["ms"]:
                best, best_run = v, run
        tried.append(v)
    if best is None:
        return {"case": tag, "error": "no configuration compiled and passed: " + json.dumps(tried)[:300]}
    nbytes = 2 * x.numel() * x.element_size()
    res = {"case": tag, "op": op, "rows": r, "cols": c, "dtype": dtname, "block": best["block"], "opts": best["opts"],
           "compile_ms": best["compile_ms"], "rel_err": best["rel_err"], "ok": best["ok"], "variants": tried}
    res["strata_ms"] = best["ms"]
    res["strata_default_ms"] = tried[0].get("ms")
    y = torch.empty_like(x)
    copy = lambda: y.copy_(x)
    if args.single:
        res["single"] = {"strata_ms": best["ms"], "strata_default_ms": tried[0].get("ms"),
                         "torch_eager_ms": bench(base, flush=True), "copy_ms": bench(copy, flush=True)}
    # The fastest variant, the default, PyTorch and the copy in rounds,
    # each timed as above (the L2 cache flushed before each run).
    cands = [("strata", best_run)]
    if best is not tried[0] and 0 in runs:
        cands.append(("default", runs[0]))
    cands += [("eager", base), ("copy", copy)]
    warm_up(copy, args.warmup_ms, res["strata_ms"])
    rd = interleave([(name, lambda fn=fn: bench(fn, flush=True)) for name, fn in cands], args.rounds)
    apply_rounds(res, rd, {"strata": "strata_ms", "default": "strata_default_ms", "eager": "torch_eager_ms", "copy": "copy_ms"})
    if best is tried[0]:
        res["strata_default_ms"] = res["strata_ms"]
    res["x_copy"] = ratio_spread(rd, "copy", "strata")
    res["x_eager"] = ratio_spread(rd, "eager", "strata")
    for key in ["strata_ms", "torch_eager_ms", "copy_ms"]:
        res[key.replace("_ms", "_GBps")] = round(nbytes / res[key] / 1e6, 1)
    return res


def attention_blocks(d, causal):
    """Query and key blocks of the attention kernel for head size d, the
    fastest of those measured on an H200 (bench/results/h200-2026-11-28-
    attention-blocks.json): D=128 128x32 (eight warps, three stages in
    48 KiB of static shared memory), causal 64x32 (four warps, two blocks
    a multiprocessor); D=64 128x128, causal 128x64."""
    if d >= 128:
        return (64, 32) if causal else (128, 32)
    return (128, 64) if causal else (128, 128)


def dynamic_shared(nvvm):
    """The dynamic shared memory of the launch in a lowered module, bytes."""
    text = open(nvvm).read()
    m = re.search(r"dynamic_shared_memory_size (%[\w#]+)", text)
    if not m:
        return 0
    c = re.search(re.escape(m.group(1)) + r" = arith.constant (\d+) : i32", text)
    return int(c.group(1)) if c else 0


def finish_attention(args, res, ptx, err, strata_ms, q, k, v, ref, shape, causal, gqa, triton_attn):
    """Completes the record res of an attention case whose Strata kernel
    (PTX file ptx) ran in strata_ms with max abs error err against the f32
    reference ref: the check, the PTX's figures, and SDPA and the Triton
    tutorial kernel timed on the same inputs, with TFLOP/s for each."""
    b, h, s, d = shape
    res["ok"] = bool(res["unwritten"] == 0 and err <= max(4 * res["sdpa_max_abs_err"], 2e-2))
    res.update(inspect_ptx(ptx))
    if args.keep:
        import shutil
        shutil.copy(ptx, args.keep)
    flops = 4.0 * b * h * s * s * d / (2 if causal else 1)
    res["strata_ms"] = strata_ms
    sdpa = torch.nn.functional.scaled_dot_product_attention
    res["sdpa_ms"] = bench(lambda: sdpa(q, k, v, is_causal=causal, **gqa))
    if triton_attn is not None:
        try:
            t = triton_attn(q, k, v, causal)
            if t is not None:
                fn, cfg, tout = t
                fn()
                torch.cuda.synchronize()
                res["triton_config"] = cfg
                res["triton_max_abs_err"] = (tout.float() - ref).abs().max().item()
                res["triton_ms"] = bench(fn)
        except Exception as e:  # Triton that does not compile here is reported as n/a
            res["triton_error"] = repr(e)[:200]
    for key in ["strata_ms", "sdpa_ms", "triton_ms"]:
        if key in res:
            res[key.replace("_ms", "_tflops")] = round(flops / res[key] / 1e9, 1)
    return res


def run_attention(args, spec, workdir, blocks=None, triton_attn=None):
    """B,H,S,D,causal,dtype[,Hkv]: Strata's FlashAttention kernel (the one
    kernel linalg-to-tile makes of attention_source, blocks of queries
    and keys as tile-sizes) beside PyTorch's scaled_dot_product_attention
    (and its float32 result as the reference), and the Triton tutorial's
    fused attention where it runs."""
    f = spec.split(",")
    b, h, s, d = (int(x) for x in f[:4])
    causal = f[4] in ("1", "causal", "true")
    dtname = f[5] if len(f) > 5 else "bf16"
    hkv = int(f[6]) if len(f) > 6 else h
    dt, mdt = DTYPES[dtname]
    bm, bn = blocks or attention_blocks(d, causal)
    tag = f"attn_b{b}h{h}kv{hkv}s{s}d{d}{'_causal' if causal else ''}_{dtname}_{bm}x{bn}"
    src = attention_source(b, h, hkv, s, d, causal, mdt)
    names, ptx, ms = compile_kernel(args.bin, src, f"{bm},{bn},{d}", "sm_90a", workdir, tag)
    if len(names) != 1:
        return {"case": tag, "error": f"expected one kernel, got {names}"}
    smem = dynamic_shared(os.path.join(workdir, tag + ".nvvm.mlir"))
    kern = Kernel(None, names[0], ptx, ms, block_of(ptx, names[0]), smem)
    torch.manual_seed(0)
    q = torch.randn(b, h, s, d, device="cuda", dtype=dt)
    k = torch.randn(b, hkv, s, d, device="cuda", dtype=dt)
    v = torch.randn(b, hkv, s, d, device="cuda", dtype=dt)
    out = torch.full((b, h, s, d), float("nan"), device="cuda", dtype=dt)
    views = [x.view(-1, s, d) for x in (q, k, v, out)]
    grid = (math.ceil(s / bm), b * h, 1)
    run = lambda: kern(grid, views)
    run()
    torch.cuda.synchronize()
    sdpa = torch.nn.functional.scaled_dot_product_attention
    gqa = {"enable_gqa": True} if hkv != h else {}
    ref = sdpa(q.float(), k.float(), v.float(), is_causal=causal, **gqa)
    base = sdpa(q, k, v, is_causal=causal, **gqa)
    err = (out.float() - ref).abs().max().item()
    res = {"case": tag, "attn": True, "B": b, "H": h, "Hkv": hkv, "S": s, "D": d, "causal": causal, "dtype": dtname,
           "block": f"{bm}x{bn}", "dynamic_shared": smem, "compile_ms": round(ms, 1), "max_abs_err": err,
           "max_abs_diff_sdpa": (out.float() - base.float()).abs().max().item(),
           "sdpa_max_abs_err": (base.float() - ref).abs().max().item(),
           "rel_err": rel_err(out, ref), "unwritten": int(torch.isnan(out).sum().item())}
    return finish_attention(args, res, ptx, err, bench(run), q, k, v, ref, (b, h, s, d), causal, gqa, triton_attn)


# The sm_90a attention kernel's target flushes subnormals to zero, as
# FlashAttention builds with --use_fast_math: libdevice's exp2f is then one
# ex2.approx.ftz.f32 (MUFU.EX2) rather than four instructions.
ATTENTION_TARGET = "nvvm-attach-target{chip=sm_90a ftz=true}, "


def run_attention_sm90(args, spec, workdir, blocks=None, triton_attn=None, options=""):
    """B,H,S,D,causal,dtype[,Hkv] on tile-to-nvgpu's sm_90a attention
    kernel (TMA, a producer and consumer warpgroups, wgmma with P in
    registers): its tensor maps are made by Strata's host code, so the
    program runs under strata-run --engine=cuda, which times the kernel
    between CUDA events; PyTorch makes the inputs, checks the result and
    times SDPA (and Triton's tutorial attention) here, in the same run."""
    f = spec.split(",")
    b, h, s, d = (int(x) for x in f[:4])
    causal = f[4] in ("1", "causal", "true")
    dtname = f[5] if len(f) > 5 else "bf16"
    hkv = int(f[6]) if len(f) > 6 else h
    dt, mdt = DTYPES[dtname]
    bm, bn = blocks or (128, 128)
    tag = f"attn90_b{b}h{h}kv{hkv}s{s}d{d}{'_causal' if causal else ''}_{dtname}_{bm}x{bn}" + \
        "".join("_" + o.replace("=", "") for o in options.split())
    src = attention_source(b, h, hkv, s, d, causal, mdt)
    names, ptx, ms = compile_kernel(args.bin, src, f"{bm},{bn},{d}", "sm_90a", workdir, tag, path=("sm_90a " + options).strip(),
                                    attach=ATTENTION_TARGET)
    nv = os.path.join(workdir, tag + ".nvvm.mlir")
    hopper = "wgmma.mma_async" in open(ptx).read()
    torch.manual_seed(0)
    q = torch.randn(b, h, s, d, device="cuda", dtype=dt)
    k = torch.randn(b, hkv, s, d, device="cuda", dtype=dt)
    v = torch.randn(b, hkv, s, d, device="cuda", dtype=dt)
    files = []
    for name, t in [("q", q), ("k", k), ("v", v)]:
        fn = os.path.join(workdir, f"{tag}.{name}.npy")
        to_npy(t, fn)
        files.append(fn)
    outdir = os.path.join(workdir, tag + ".out")
    os.makedirs(outdir, exist_ok=True)
    r = subprocess.run([os.path.join(args.bin, "strata-run"), "--engine=cuda", nv, "-e", "attention", "--args", ",".join(files),
                        "--dump-results", outdir, "--time-kernels", str(args.attn_reps)], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return {"case": tag, "attn": True, "error": (r.stderr or r.stdout)[-600:]}
    times = re.findall(r"kernel @\w+::@(attention\w*): median ([0-9.]+) ms", r.stderr)
    if len(times) != 1:
        return {"case": tag, "attn": True, "error": "no attention kernel timing in: " + r.stderr[-400:]}
    out = from_npy(os.path.join(outdir, "result0.npy"), dt).view(b, h, s, d)
    sdpa = torch.nn.functional.scaled_dot_product_attention
    gqa = {"enable_gqa": True} if hkv != h else {}
    ref = sdpa(q.float(), k.float(), v.float(), is_causal=causal, **gqa)
    base = sdpa(q, k, v, is_causal=causal, **gqa)
    err = (out.float() - ref).abs().max().item()
    res = {"case": tag, "attn": True, "path": "sm_90a", "hopper_kernel": hopper, "B": b, "H": h, "Hkv": hkv, "S": s, "D": d,
           "causal": causal, "dtype": dtname, "block": f"{bm}x{bn}", "compile_ms": round(ms, 1), "max_abs_err": err,
           "max_abs_diff_sdpa": (out.float() - base.float()).abs().max().item(),
           "sdpa_max_abs_err": (base.float() - ref).abs().max().item(),
           "rel_err": rel_err(out, ref), "unwritten": int(torch.isnan(out).sum().item())}
    return finish_attention(args, res, ptx, err, float(times[0][1]), q, k, v, ref, (b, h, s, d), causal, gqa, triton_attn)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", required=True, help="folder of strata-opt and strata-translate")
    p.add_argument("--gemm", action="append", default=[], help="M,N,K (repeatable)")
    p.add_argument("--epilogue", action="append", default=[], choices=["none", "bias_relu", "bias_gelu"])
    p.add_argument("--dtype", action="append", default=[], choices=list(DTYPES) + list(FP8),
                   help="GEMM operand type; f8e4m3 runs A x B^T on the sm_90a path beside torch._scaled_mm")
    p.add_argument("--tile", default="128,128,32", help="GEMM block M,N,K")
    p.add_argument("--path", default="sm_80", choices=["sm_80", "sm_90a"],
                   help="tile-to-nvgpu's path for GEMMs: sm_80 (mma.sync, loaded by CuPy) or sm_90a (TMA and wgmma, run by strata-run --engine=cuda)")
    p.add_argument("--tile-sm90", default="128,256,64", help="GEMM block M,N,K of the sm_90a path, optionally followed by :OPTION=VALUE,... "
                   "of tile-to-nvgpu for these blocks (e.g. 128,128,64:ping-pong=true); several separated by ';' are each tried and the fastest is reported")
    p.add_argument("--tune-cache", default=None, help="strata-tune's winners cache (--cache): each sm_90a GEMM is also compiled through it (linalg-to-tile and tile-to-nvgpu's tune-cache) and timed beside the default")
    p.add_argument("--tile-sm90-f8", default="128,256,128;128,128,128", help="GEMM blocks M,N,K of the sm_90a path for fp8 (K 128: one 128-byte swizzled row)")
    p.add_argument("--group-m", default=8, type=int, help="block rows per group of the sm_90a path's grid")
    p.add_argument("--ping-pong", action="store_true",
                   help="the sm_90a path's consumer warpgroups take whole 128x128 blocks in turn (tile-to-nvgpu ping-pong)")
    p.add_argument("--persistent", default=-1, type=int,
                   help="blocks of the sm_90a GEMM's persistent grid (-1: the GPU's multiprocessors; 0: a block per tile)")
    p.add_argument("--reps", default=50, type=int, help="timed runs of each GEMM (the least in a round)")
    p.add_argument("--rounds", default=3, type=int, help="rounds in which the candidates of a case (Strata, its tuned kernel, cuBLAS, "
                   "PyTorch, Triton, the copy) are each timed once, in rotated order; each is reported as the median of its rounds "
                   "and each ratio as the median of its per-round ratios, with their spread")
    p.add_argument("--window-ms", default=300.0, type=float, help="GEMMs: the GPU time of each candidate's window in a round "
                   "(launches back to back; at least --reps)")
    p.add_argument("--warmup-ms", default=500.0, type=float, help="GPU time of back-to-back runs of a baseline before a case's first round, "
                   "for the SM clock to settle under load")
    p.add_argument("--single", action="store_true", help="also time each candidate once, in one burst of --reps runs, as the bench did "
                   "before rounds (under single in the JSON), to compare the two methods")
    p.add_argument("--rows", action="append", default=[], help="OP:ROWSxCOLS:DTYPE, OP softmax, rmsnorm or layernorm (repeatable)")
    p.add_argument("--row-variants", action="store_true", help="try the configurations of row_variants for each row-wise kernel and report the fastest beside the default")
    p.add_argument("--attention", action="append", default=[], help="B,H,S,D,CAUSAL(0|1),DTYPE[,HKV] (repeatable)")
    p.add_argument("--attn-path", default="sm_90a", choices=["sm_80", "sm_90a"],
                   help="tile-to-nvgpu's path for attention: sm_90a (TMA, warp-specialized wgmma, run by strata-run --engine=cuda) or sm_80 (mma.sync, loaded by CuPy)")
    p.add_argument("--attn-reps", default=20, type=int, help="timed launches of each sm_90a attention kernel")
    p.add_argument("--attn-options", action="append", default=[],
                   help="tile-to-nvgpu options of the sm_90a attention kernel to compare, e.g. attention-overlap=true (repeatable; "
                   "default: none, the lowering's own choices, docs/performance.md)")
    p.add_argument("--attn-blocks", default="", help="query x key blocks to try for each attention case, e.g. 128x32,128x64 (default: by head size)")
    p.add_argument("--out", default=None, help="write the results as JSON")
    p.add_argument("--no-triton", action="store_true")
    p.add_argument("--keep", default=None, help="copy the PTX files into this folder")
    args = p.parse_args()
    if args.rounds < 1 or args.reps < 1:
        p.error("--rounds and --reps must be positive")
    global GPU
    GPU = GPUState()
    before = GPU.snapshot()
    epilogues = args.epilogue or ["none"]
    dtypes = args.dtype or ["bf16"]
    print(f"# {torch.cuda.get_device_name()} · torch {torch.__version__} · {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
    print(f"# before: {gpu_line(before)}", flush=True)
    print(f"# method: {args.rounds} rounds, GEMM windows of {args.window_ms:g} ms, warm-up {args.warmup_ms:g} ms", flush=True)
    triton_mm = None if args.no_triton else triton_matmul()
    triton_attn = None if args.no_triton or not args.attention else triton_attention()
    results = []
    with tempfile.TemporaryDirectory() as wd:
        for g in args.gemm:
            m, n, k = (int(x) for x in g.split(","))
            for dt in dtypes:
                for ep in epilogues:
                    try:
                        if dt in FP8:
                            if ep != "none":
                                continue
                            r = run_gemm_fp8(args, m, n, k, dt, wd)
                        elif args.path == "sm_90a":
                            r = run_gemm_sm90(args, m, n, k, ep, dt, triton_mm, wd)
                        else:
                            r = run_gemm(args, m, n, k, ep, dt, triton_mm, wd)
                    except Exception as e:  # a failed case is reported, the others still run
                        r = {"case": f"gemm_{g}_{ep}_{dt}", "error": repr(e)[:400]}
                    r["gpu_after"] = GPU.snapshot()
                    results.append(r)
                    print(json.dumps(r), flush=True)
        for spec in args.rows:
            op, shape, dt = spec.split(":")
            r, c = (int(v) for v in shape.split("x"))
            try:
                res = run_rows(args, op, r, c, dt, wd)
            except Exception as e:
                res = {"case": spec, "error": repr(e)[:400]}
            res["gpu_after"] = GPU.snapshot()
            results.append(res)
            print(json.dumps(res), flush=True)
        blocks = [tuple(int(x) for x in bl.split("x")) for bl in args.attn_blocks.split(",") if bl] or [None]
        for spec in args.attention:
            for bl in blocks:
                try:
                    if args.attn_path == "sm_90a":
                        for i, opt in enumerate(args.attn_options or [""]):
                            try:
                                res = run_attention_sm90(args, spec, wd, bl, triton_attn if i == 0 else None, opt)
                            except Exception as e:
                                res = {"case": f"attn_{spec}_{bl}_{opt}", "attn": True, "error": repr(e)[:400]}
                            results.append(res)
                            print(json.dumps(res), flush=True)
                        continue
                    res = run_attention(args, spec, wd, bl, triton_attn)
                except Exception as e:
                    res = {"case": f"attn_{spec}_{bl}", "attn": True, "error": repr(e)[:400]}
                results.append(res)
                print(json.dumps(res), flush=True)
    after = GPU.snapshot()
    GPU.close()
    print(f"# after: {gpu_line(after)}", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"gpu": torch.cuda.get_device_name(), "date": time.strftime("%Y-%m-%d"), "time_utc": time.strftime("%H:%M:%S", time.gmtime()),
                       "method": {"rounds": args.rounds, "window_ms": args.window_ms, "warmup_ms": args.warmup_ms, "reps": args.reps},
                       "gpu_state_before": before, "gpu_state_after": after, "results": results}, f, indent=1)
    # The table: medians over the rounds; a ratio is the median of the
    # per-round ratios, its spread their minimum and maximum.
    print(f"{'case':52} {'ok':>3} {'err':>8} {'strata':>8} {'cuBLAS':>8} {'Triton':>8} {'eager':>8} {'x cuBLAS':>8} {'spread':>11} "
          f"{'x Triton':>8} {'x eager':>8} {'MHz S/cB':>9}")
    for r in results:
        if "error" in r:
            print(f"{r['case']:40} ERROR {r['error'][:80]}")
            continue
        if "op" in r or "attn" in r:
            continue
        f = lambda k: f"{r[k]:8.3f}" if k in r else f"{'-':>8}"
        x = lambda k, rk: f"{r[rk]['median']:8.2f}" if r.get(rk) else (f"{r[k] / r['strata_ms']:8.2f}" if k in r else f"{'-':>8}")
        sp = f"{r['x_cublas']['min']:.2f}-{r['x_cublas']['max']:.2f}" if r.get("x_cublas") else "-"
        mhz = lambda n: r.get("rounds", {}).get("sm_mhz", {}).get(n) or []
        med = lambda xs: f"{statistics.median(v for v in xs if v):.0f}" if any(xs) else "-"
        print(f"{r['case']:52} {'y' if r['ok'] else 'N':>3} {r['rel_err']:8.1e} {f('strata_ms')} {f('cublas_ms')} {f('triton_ms')} {f('torch_eager_ms')} "
              f"{x('cublas_ms', 'x_cublas')} {sp:>11} {x('triton_ms', 'x_triton')} {x('torch_eager_ms', 'x_eager')} {med(mhz('strata')) + '/' + med(mhz('cublas')):>9}")
    single = [r for r in results if "single" in r and "error" not in r and "op" not in r]
    if single:
        print(f"{'case (one burst each, before rounds)':52} {'strata':>8} {'cuBLAS':>8} {'Triton':>8} {'x cuBLAS':>8} {'x Triton':>8}")
        for r in single:
            g = r["single"]
            f = lambda k: f"{g[k]:8.3f}" if g.get(k) else f"{'-':>8}"
            x = lambda k: f"{g[k] / g['strata_ms']:8.2f}" if g.get(k) and g.get("strata_ms") else f"{'-':>8}"
            print(f"{r['case']:52} {f('strata_ms')} {f('cublas_ms')} {f('triton_ms')} {x('cublas_ms')} {x('triton_ms')}")
    tuned = [r for r in results if "error" not in r and ("tuned_ms" in r or "tuned_error" in r)]
    if tuned:
        print(f"{'case (winners cache)':52} {'ok':>3} {'default':>8} {'tuned':>8} {'cuBLAS':>8} {'x default':>9} {'x cuBLAS':>8}  tuned config")
        for r in tuned:
            if "tuned_error" in r:
                print(f"{r['case']:52} ERROR {r['tuned_error'][:80]}")
                continue
            print(f"{r['case']:52} {'y' if r['tuned_ok'] else 'N':>3} {r['strata_ms']:8.4f} {r['tuned_ms']:8.4f} {r['cublas_ms']:8.4f} "
                  f"{r['strata_ms'] / r['tuned_ms']:9.3f} {r['cublas_ms'] / r['tuned_ms']:8.2f}  {r['tuned_config']}")


    for r in results:
        if "attn" in r and "error" in r:
            print(f"{r['case']:40} ERROR {r['error'][:200]}")
    attn = [r for r in results if "attn" in r and "error" not in r]
    if attn:
        print(f"{'case':48} {'ok':>3} {'maxabs':>8} {'sdpa':>8} {'triton':>8} {'strata':>8} {'SDPA':>8} {'Triton':>8} "
              f"{'TF/s':>7} {'SDPA TF/s':>9} {'Tri TF/s':>8} {'x SDPA':>7} {'x Tri':>6}")
        for r in attn:
            tri = lambda k, w, p: f"{r[k]:{w}.{p}f}" if k in r else f"{'n/a':>{w}}"
            xt = f"{r['triton_ms'] / r['strata_ms']:6.2f}" if "triton_ms" in r else f"{'n/a':>6}"
            te = f"{r['triton_max_abs_err']:8.1e}" if "triton_max_abs_err" in r else f"{'n/a':>8}"
            print(f"{r['case']:48} {'y' if r['ok'] else 'N':>3} {r['max_abs_err']:8.1e} {r['sdpa_max_abs_err']:8.1e} {te} {r['strata_ms']:8.3f} "
                  f"{r['sdpa_ms']:8.3f} {tri('triton_ms', 8, 3)} {r['strata_tflops']:7.1f} {r['sdpa_tflops']:9.1f} {tri('triton_tflops', 8, 1)} "
                  f"{r['sdpa_ms'] / r['strata_ms']:7.2f} {xt}")
    rows = [r for r in results if "op" in r]
    if rows:
        print(f"{'case':28} {'ok':>3} {'err':>8} {'strata':>7} {'default':>7} {'eager':>7} {'copy':>7} {'GB/s':>6} {'copyGB/s':>8} {'x copy':>6} "
              f"{'spread':>9} {'x eager':>7}  config")
        for r in rows:
            d = r.get("strata_default_ms")
            xc = r.get("x_copy") or {"median": r["copy_ms"] / r["strata_ms"], "min": 0, "max": 0}
            xe = r.get("x_eager") or {"median": r["torch_eager_ms"] / r["strata_ms"]}
            sp = f"{xc['min']:.2f}-{xc['max']:.2f}"
            print(f"{r['case']:28} {'y' if r['ok'] else 'N':>3} {r['rel_err']:8.1e} {r['strata_ms']:7.3f} {d if d is None else round(d, 3)!s:>7} {r['torch_eager_ms']:7.3f} "
                  f"{r['copy_ms']:7.3f} {r['strata_GBps']:6.0f} {r['copy_GBps']:8.0f} {xc['median']:6.2f} {sp:>9} {xe['median']:7.2f}  {r['block']} {r['opts']}")


if __name__ == "__main__":
    main()
