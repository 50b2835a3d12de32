"""nki.isa of the NumPy model, in the current API: every instruction takes
its destination first (dst=), as NKI's beta 2 API does, and iota and
affine_select take their affine form as an access pattern, an offset and
a channel multiplier."""

import numpy as np

from nki import _isa
from nki import language as nl
from nki.language import NkiError, Tile, Access
from nki._isa import vector_engine, scalar_engine, gpsimd_engine, tensor_engine  # noqa: F401

dma_copy = _isa.dma_copy
memset = _isa.memset


def _dst_first(fn):
    def call(dst, *args, **kwargs):
        return fn(*args, dst=dst, **kwargs)
    call.__name__ = fn.__name__
    call.__doc__ = fn.__doc__
    return call


for _name in ["nc_matmul", "nc_transpose", "activation", "activation_reduce", "tensor_tensor",
              "tensor_scalar", "tensor_reduce", "tensor_copy", "reciprocal", "bn_stats", "bn_aggr"]:
    globals()[_name] = _dst_first(getattr(_isa, _name))


def _int(name, x):
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
        raise NkiError("%s must be an integer, not %r" % (name, x))
    return int(x)


def _affine(dst, pattern, offset, channel_multiplier):
    """offset + channel_multiplier * p + the pattern's offsets of the free
    elements, one value per element of dst: the pattern is up to four
    [step, num] pairs, outermost first, whose nums multiply to dst's
    number of elements per partition."""
    if not isinstance(pattern, (list, tuple)) or not 1 <= len(pattern) <= 4:
        raise NkiError("a pattern is a list of one to four [step, num] pairs, not %r" % (pattern,))
    steps, nums = [], []
    for pair in pattern:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise NkiError("a pattern is a list of [step, num] pairs, not %r" % (pattern,))
        steps.append(_int("a pattern step", pair[0]))
        n = _int("a pattern size", pair[1])
        if n < 1:
            raise NkiError("a pattern size must be positive, not %d" % n)
        nums.append(n)
    shape = tuple(dst.shape)
    free = int(np.prod(shape[1:]))
    if int(np.prod(nums)) != free:
        raise NkiError("the pattern covers %d elements per partition but the destination has %d" % (int(np.prod(nums)), free))
    f = np.zeros(nums, dtype=np.int64)
    for d, (s, n) in enumerate(zip(steps, nums)):
        ax = [1] * len(nums)
        ax[d] = n
        f = f + s * np.arange(n, dtype=np.int64).reshape(ax)
    p = np.arange(shape[0], dtype=np.int64).reshape(-1, 1)
    v = _int("offset", offset) + _int("channel_multiplier", channel_multiplier) * p + f.reshape(1, -1)
    return v.reshape(shape)


def _in_sbuf(name, x):
    if not isinstance(x, (Tile, Access)) or x.buffer is not nl.sbuf:
        raise NkiError("%s must be an SBUF tile" % name)


def iota(dst, pattern, offset, channel_multiplier=0, **_):
    """dst[p, f] = offset + channel_multiplier * p + the pattern's offset
    of f, computed in int32 and converted to dst's dtype."""
    _in_sbuf("the destination of iota", dst)
    v = _affine(dst, pattern, offset, channel_multiplier)
    _isa._put(dst, v.astype(np.int32).astype(np.float64))


def affine_select(dst, pattern, offset, channel_multiplier, on_true_tile, on_false_value, cmp_op=nl.equal, **_):
    """dst = on_true_tile where cmp_op(affine value, 0), else
    on_false_value, with the affine value of iota. The GpSimd engine
    reads and writes SBUF only."""
    _in_sbuf("the destination of affine_select", dst)
    _in_sbuf("on_true_tile of affine_select", on_true_tile)
    if tuple(on_true_tile.shape) != tuple(dst.shape):
        raise NkiError("on_true_tile has shape %s but the destination %s" % (tuple(on_true_tile.shape), tuple(dst.shape)))
    if not np.isscalar(on_false_value):
        raise NkiError("on_false_value is a scalar, not %r" % (on_false_value,))
    keep = np.asarray(cmp_op(_affine(dst, pattern, offset, channel_multiplier), 0), dtype=bool)
    x = _isa._data(on_true_tile)
    _isa._put(dst, np.where(keep, x, np.float64(np.float32(on_false_value))))


iota = _isa._touching(iota)
affine_select = _isa._touching(affine_select)
