"""The instructions of the NumPy model of NKI: each writes its
destination when given dst= and otherwise returns its result.
nki.isa (the current API, destination first) and neuronxcc.nki.isa (the
legacy, value-returning spelling) are made of these. The engines compute
in float32; the NeuronCore's layout rules are hard errors."""

import numpy as np

from nki import language as nl
from nki.language import NkiError, Tile, Access

vector_engine = "vector"
scalar_engine = "scalar"
gpsimd_engine = "gpsimd"
tensor_engine = "tensor"


def _data(x):
    if isinstance(x, Tile):
        return x.data
    if isinstance(x, Access):
        return x.read()[0]
    return np.asarray(x)


def _f32(x):
    return np.asarray(_data(x), dtype=np.float32)


def _on_chip(name, x):
    if isinstance(x, (Tile, Access)) and x.buffer not in (nl.sbuf, nl.psum):
        raise NkiError("%s must be an on-chip tile, not in %r" % (name, x.buffer))


def _partitions(dst, *xs):
    """Layout constraint 2: an instruction works partition by partition."""
    for x in xs:
        if x is None or np.isscalar(x):
            continue
        shape = x.shape
        if len(shape) and shape[0] != dst.shape[0]:
            raise NkiError("an operand has %d partitions but the destination %d" % (shape[0], dst.shape[0]))


def _put(dst, value):
    value = np.asarray(value)
    if dst is None:
        return value
    if isinstance(dst, Access):
        dst.write(value)
        return None
    if value.shape != dst.shape:
        value = np.broadcast_to(value, dst.shape)
    dst.data[...] = dst.conv(value)
    return None


def _scalar(x):
    if isinstance(x, (Tile, Access)):
        v = _f32(x)
        if v.ndim != 2 or v.shape[1] != 1:
            raise NkiError("a per-partition scalar is a (P, 1) tile, not shape %s" % (v.shape,))
        return v
    return np.float32(x)


def dma_copy(dst, src, mask=None, **_):
    if isinstance(dst, Tile) and dst.buffer is nl.psum or isinstance(src, Tile) and src.buffer is nl.psum:
        raise NkiError("DMA does not reach PSUM")
    if isinstance(src, Access):
        if isinstance(dst, Tile):
            if dst.data.shape != src.shape:
                raise NkiError("DMA of a window of shape %s into a tile of shape %s" % (src.shape, dst.data.shape))
            src.read(mask, fill=dst.data)
            dst.data[...] = dst.conv(dst.data)
            return
        dst.write(src.read(mask)[0], mask)
        return
    if isinstance(dst, Access):
        dst.write(_data(src), mask)
        return
    _put(dst, _data(src))


def memset(dst, value, dtype=None, **_):
    _put(dst, np.full(dst.shape, value, dtype=np.float64))


def iota(expr, dtype=None, dst=None, **_):
    v = np.asarray(expr)
    if dst is None:
        return nl.cast(v, dtype)
    return _put(dst, v)


def nc_matmul(stationary, moving, dst=None, **_):
    for name, x in (("stationary", stationary), ("moving", moving)):
        if isinstance(x, (Tile, Access)) and x.buffer is not nl.sbuf:
            raise NkiError("the %s operand must be in SBUF" % name)
    s, m = _data(stationary), _data(moving)
    if s.shape[0] != m.shape[0]:
        raise NkiError("the contraction dimension is the partition dimension of both operands: %d and %d" % (s.shape[0], m.shape[0]))
    if s.shape[0] > nl.tile_size.pmax:
        raise NkiError("contraction over %d partitions, over %d" % (s.shape[0], nl.tile_size.pmax))
    if s.shape[1] > nl.tile_size.gemm_stationary_fmax:
        raise NkiError("stationary free size %d is over %d" % (s.shape[1], nl.tile_size.gemm_stationary_fmax))
    if m.shape[1] > nl.tile_size.gemm_moving_fmax:
        raise NkiError("moving free size %d is over %d" % (m.shape[1], nl.tile_size.gemm_moving_fmax))
    prod = (s.astype(np.float64).T @ m.astype(np.float64)).astype(np.float32)
    if dst is None:
        return prod
    t = dst.tensor if isinstance(dst, Access) else dst
    if dst.buffer is not nl.psum or t.dtype is nl.bfloat16 or t.dtype != np.float32:
        raise NkiError("nc_matmul accumulates into an f32 PSUM tile")
    if tuple(dst.shape) != prod.shape:
        raise NkiError("the destination must be %s, not %s" % (prod.shape, dst.shape))
    _put(dst, (_f32(dst) + prod).astype(np.float32))


def nc_transpose(data, dst=None, engine=None, **_):
    if isinstance(data, Tile) and data.buffer is not nl.sbuf:
        raise NkiError("the tensor engine transposes from SBUF")
    d = _data(data)
    if d.shape[1] > nl.tile_size.pmax:
        raise NkiError("a transpose of %d columns gives %d partitions" % (d.shape[1], d.shape[1]))
    if dst is not None and dst.buffer is not nl.psum:
        raise NkiError("the tensor engine transposes into PSUM")
    return _put(dst, d.T)


def activation(op, data, bias=None, scale=1.0, dst=None, reduce_op=None, reduce_res=None, **_):
    _on_chip("data", data)
    if dst is not None:
        _partitions(dst, data, bias)
    x = _f32(data)
    v = (x * np.float32(scale)).astype(np.float32)
    if bias is not None:
        v = (v + _scalar(bias)).astype(np.float32)
    r = op(v).astype(np.float32)
    if reduce_res is not None:
        s = r[:, :1].copy()
        for j in range(1, r.shape[1]):
            s = (s + r[:, j:j + 1]).astype(np.float32)
        _put(reduce_res, s)
    return _put(dst, r)


def activation_reduce(op, data, reduce_op=None, reduce_res=None, bias=None, scale=1.0, dst=None, **_):
    if reduce_op is not None and reduce_op is not nl.add:
        raise NkiError("activation_reduce sums only")
    return activation(op, data, bias=bias, scale=scale, dst=dst, reduce_op=reduce_op, reduce_res=reduce_res)


def tensor_tensor(data1, data2, op, dst=None, engine=None, **_):
    if isinstance(data1, Tile) and isinstance(data2, Tile) and data1.buffer is nl.psum and data2.buffer is nl.psum:
        raise NkiError("the two inputs of tensor_tensor cannot both be in PSUM")
    if dst is not None:
        _partitions(dst, data1, data2)
    with np.errstate(all="ignore"):
        r = op(_f32(data1), _f32(data2)).astype(np.float32)
    return _put(dst, r)


def tensor_scalar(data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False, dst=None, engine=None, **_):
    if dst is not None:
        _partitions(dst, data, operand0 if isinstance(operand0, (Tile, Access)) else None)
    x = _f32(data)
    with np.errstate(all="ignore"):
        a, b = (x, _scalar(operand0)) if not reverse0 else (_scalar(operand0), x)
        r = op0(a, b).astype(np.float32)
        if op1 is not None:
            a, b = (r, _scalar(operand1)) if not reverse1 else (_scalar(operand1), r)
            r = op1(a, b).astype(np.float32)
    return _put(dst, r)


def tensor_reduce(op, data, axis, keepdims=False, dst=None, negate=False, **_):
    x = _f32(data)
    if axis not in (1, (1,), [1]):
        raise NkiError("tensor_reduce reduces along the free axis (axis=1)")
    acc = x[:, :1].copy()
    with np.errstate(all="ignore"):
        for j in range(1, x.shape[1]):
            acc = op(acc, x[:, j:j + 1]).astype(np.float32)
    if negate:
        acc = -acc
    if not keepdims:
        acc = acc[:, 0]
    return _put(dst, acc)


def tensor_copy(src, dst=None, dtype=None, engine=None, **_):
    if dst is not None:
        _partitions(dst, src)
    v = _f32(src)
    if dtype is not None and dst is None:
        return nl.cast(v, dtype)
    return _put(dst, v)


def reciprocal(data, dst=None, **_):
    with np.errstate(all="ignore"):
        return _put(dst, (np.float32(1) / _f32(data)).astype(np.float32))


def affine_select(pred, on_true_tile, on_false_value, dst=None, **_):
    x = _data(on_true_tile)
    p = np.broadcast_to(np.asarray(pred), x.shape)
    return _put(dst, np.where(p, x, np.asarray(on_false_value, dtype=np.float64)))


def bn_stats(data, dst=None, **_):
    """(count, mean, M2) of the even-indexed elements of each partition,
    then of the odd-indexed ones (M2 = variance * count), in float64 from
    the float32 values, rounded to float32."""
    x = _f32(data).astype(np.float64)
    if x.shape[1] > nl.tile_size.bn_stats_fmax:
        raise NkiError("bn_stats reads at most %d elements per partition" % nl.tile_size.bn_stats_fmax)
    parts = []
    for half in (x[:, 0::2], x[:, 1::2]):
        n = half.shape[1]
        mean = half.sum(axis=1, keepdims=True) / n if n else np.zeros((x.shape[0], 1))
        m2 = ((half - mean) ** 2).sum(axis=1, keepdims=True)
        parts += [np.full_like(mean, n), mean, m2]
    return _put(dst, np.concatenate(parts, axis=1).astype(np.float32))


def bn_aggr(data, dst=None, **_):
    """The mean and population variance of each partition from its
    (count, mean, M2) triples, merged with Chan's formula in float64."""
    x = _f32(data).astype(np.float64)
    if x.shape[1] % 3:
        raise NkiError("bn_aggr takes (count, mean, M2) triples, not %d elements per partition" % x.shape[1])
    n = np.zeros((x.shape[0], 1))
    mean = np.zeros((x.shape[0], 1))
    m2 = np.zeros((x.shape[0], 1))
    for c in range(0, x.shape[1], 3):
        nb, mb, m2b = x[:, c:c + 1], x[:, c + 1:c + 2], x[:, c + 2:c + 3]
        tot = n + nb
        delta = mb - mean
        with np.errstate(all="ignore"):
            mean = np.where(nb > 0, mean + delta * nb / np.where(tot > 0, tot, 1), mean)
            m2 = np.where(nb > 0, m2 + m2b + delta * delta * n * nb / np.where(tot > 0, tot, 1), m2)
        n = tot
    with np.errstate(all="ignore"):
        out = np.concatenate([mean, m2 / n], axis=1).astype(np.float32)
    return _put(dst, out)


def _touching(fn):
    """fn, recording an access to each tile among its arguments."""
    def call(*args, **kwargs):
        for a in list(args) + list(kwargs.values()):
            nl.touch(a)
        r = fn(*args, **kwargs)
        for a in list(args) + list(kwargs.values()):
            nl.touch(a)
        return r
    call.__name__ = fn.__name__
    call.__doc__ = fn.__doc__
    return call


for _name in ["dma_copy", "memset", "iota", "nc_matmul", "nc_transpose", "activation", "activation_reduce",
              "tensor_tensor", "tensor_scalar", "tensor_reduce", "tensor_copy", "reciprocal", "affine_select",
              "bn_stats", "bn_aggr"]:
    globals()[_name] = _touching(globals()[_name])
