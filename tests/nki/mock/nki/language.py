"""A NumPy model of the nki.language names that Strata's NKI kernels and
the test samples use, with the NeuronCore's tile limits as hard errors.

Tiles are numpy arrays of their dtype (partition dimension first); device
memory tensors are numpy arrays too. NumPy has no bfloat16: a bfloat16
tile or tensor holds float32 values that are bfloat16 numbers, and every
write into it rounds to bfloat16 exactly (to nearest, ties to even, as
the engines' output conversion does; NaN stays NaN), so what a kernel
computes in bfloat16 is bit for bit what the hardware's rounding gives. Everything runs on the CPU, one SPMD
program after another (see nki.jit)."""

import math
import weakref

import numpy as np


class NkiError(Exception):
    """A kernel broke a rule of the NeuronCore."""


class _Buffer:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "nl." + self.name


sbuf = _Buffer("sbuf")
psum = _Buffer("psum")
hbm = _Buffer("hbm")
shared_hbm = _Buffer("shared_hbm")
private_hbm = _Buffer("private_hbm")

float32 = np.float32
float16 = np.float16
int32 = np.int32
int16 = np.int16
int8 = np.int8
uint8 = np.uint8
uint16 = np.uint16
uint32 = np.uint32


class _Unsupported:
    def __init__(self, name):
        self.name = name


class _BFloat16:
    """The bfloat16 dtype: 1 sign, 8 exponent and 7 fraction bits, stored
    here as the float32 of the same value."""

    name = "bfloat16"
    itemsize = 2

    def __repr__(self):
        return "nl.bfloat16"


bfloat16 = _BFloat16()


def round_bf16(x):
    """Rounds float32 values to the nearest bfloat16 (ties to even),
    returned as float32: the upper 16 bits of the rounded float32."""
    a = np.ascontiguousarray(np.asarray(x, dtype=np.float32))
    u = a.view(np.uint32).astype(np.uint64)
    nan = (u & 0x7FFFFFFF) > 0x7F800000
    r = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    r = np.where(nan, (u | 0x00400000) & 0xFFFF0000, r)
    return r.astype(np.uint32).view(np.float32).reshape(a.shape)


def cast(values, dtype):
    """values converted to dtype (a NumPy dtype or bfloat16)."""
    if dtype is bfloat16:
        return round_bf16(np.asarray(values, dtype=np.float32))
    return np.asarray(values).astype(dtype)
tfloat32 = _Unsupported("tfloat32")
float8_e4m3 = _Unsupported("float8_e4m3")
float8_e5m2 = _Unsupported("float8_e5m2")


class tile_size:
    pmax = 128
    psum_fmax = 512
    gemm_stationary_fmax = 128
    gemm_moving_fmax = 512
    bn_stats_fmax = 512
    bn_stats_dim = 6
    bn_aggr_dim = 2
    psum_num_banks = 8


# The chip whose limits apply: SBUF bytes per partition.
SBUF_PARTITION_BYTES = {"trn1": 192 * 1024, "trn2": 224 * 1024}
CHIP = "trn1"
PSUM_BANK_BYTES = 2048

_live_sbuf = weakref.WeakSet()

# PSUM liveness: every access to a tile stamps it with the time of a
# clock that each allocation and access advances; a PSUM tile is live
# from its allocation to its last access, and check_psum (run after each
# program) requires that the tiles live at any one time fit the banks.
_clock = [0]
_psum_tiles = []


def _tick():
    _clock[0] += 1
    return _clock[0]


def touch(x):
    """Records an access to the tile x is or is a window of."""
    t = x.tensor if isinstance(x, Access) else x
    if isinstance(t, Tile):
        t.last = _tick()


def check_psum():
    """Raises NkiError when the PSUM tiles of the program that just ran
    were live in more banks at once than the NeuronCore has, and forgets
    them."""
    tiles, _psum_tiles[:] = list(_psum_tiles), []
    for t in tiles:
        banks = sum(-(-x.free_bytes() // PSUM_BANK_BYTES) for x in tiles if x.born <= t.born <= x.last)
        if banks > tile_size.psum_num_banks:
            raise NkiError("the live PSUM tiles need %d banks, over %d" % (banks, tile_size.psum_num_banks))


def _dtype(dtype):
    if isinstance(dtype, _Unsupported):
        raise NkiError("the executor does not model %s" % dtype.name)
    if dtype is bfloat16:
        return np.dtype(np.float32)
    return np.dtype(dtype)


class Tile:
    """An SBUF or PSUM tile, or a device-memory tensor. data holds the
    values (float32 for bfloat16); writes go through conv so that they are
    rounded to the tile's dtype."""

    def __init__(self, shape, dtype, buffer):
        self.buffer = buffer
        self.born = self.last = _tick()
        self.bf16 = dtype is bfloat16
        self.data = np.zeros(shape, dtype=_dtype(dtype))
        if np.issubdtype(self.data.dtype, np.floating):
            self.data[...] = np.nan

    @property
    def shape(self):
        return self.data.shape

    @property
    def dtype(self):
        return bfloat16 if self.bf16 else self.data.dtype

    @property
    def itemsize(self):
        return 2 if self.bf16 else self.data.itemsize

    def conv(self, values):
        """values converted to the tile's dtype, as stored in data."""
        return cast(values, self.dtype)

    def free_bytes(self):
        return int(np.prod(self.shape[1:])) * self.itemsize

    def __getitem__(self, idx):
        touch(self)
        return Access(self, idx)

    def __setitem__(self, idx, value):
        touch(self)
        # The legacy spelling: t[...] = value; a masked load writes only
        # the elements its mask selects.
        if isinstance(value, Masked):
            view = self.data[idx]
            view[value.mask] = self.conv(value.values[value.mask])
            return
        self.data[idx] = self.conv(_values(value))

    def __iadd__(self, value):
        touch(self)
        if self.buffer is not psum:
            raise NkiError("+= accumulates into PSUM tiles only")
        self.data[...] = self.conv((self.data.astype(np.float32) + _values(value).astype(np.float32)).astype(np.float32))
        return self


class Access:
    """tensor[index]: a window of a tensor or tile, by slices or index
    arrays (nl.arange expressions)."""

    def __init__(self, tensor, idx):
        self.tensor = tensor
        self.idx = idx if isinstance(idx, tuple) else (idx,)

    @property
    def buffer(self):
        return self.tensor.buffer

    def _index_arrays(self):
        """Broadcast integer index arrays, one per dimension."""
        arrs = []
        nd = len(self.tensor.shape)
        if len(self.idx) != nd:
            raise NkiError("expected %d indices for a tensor of shape %s" % (nd, self.tensor.shape))
        for i, x in enumerate(self.idx):
            if isinstance(x, slice):
                start, stop, step = x.start or 0, x.stop, x.step or 1
                if stop is None:
                    stop = self.tensor.shape[i]
                if start < 0 or stop > self.tensor.shape[i]:
                    raise NkiError("slice %d:%d is outside dimension %d of size %d" % (start, stop, i, self.tensor.shape[i]))
                a = np.arange(start, stop, step)
                shape = [1] * nd
                shape[i] = len(a)
                arrs.append(a.reshape(shape))
            else:
                arrs.append(np.asarray(x))
        return np.broadcast_arrays(*arrs)

    def read(self, mask=None, out_shape=None, fill=None):
        idx = self._index_arrays()
        m = np.ones(idx[0].shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask), idx[0].shape)
        for d, a in enumerate(idx):
            bad = m & ((a < 0) | (a >= self.tensor.shape[d]))
            if bad.any():
                raise NkiError("an access reaches outside dimension %d of size %d" % (d, self.tensor.shape[d]))
        out = np.empty(idx[0].shape, dtype=self.tensor.data.dtype) if fill is None else fill
        sel = tuple(a[m] for a in idx)
        out[m] = self.tensor.data[sel]
        return out, m

    def write(self, values, mask=None):
        idx = self._index_arrays()
        m = np.ones(idx[0].shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask), idx[0].shape)
        for d, a in enumerate(idx):
            bad = m & ((a < 0) | (a >= self.tensor.shape[d]))
            if bad.any():
                raise NkiError("an access reaches outside dimension %d of size %d" % (d, self.tensor.shape[d]))
        vals = np.broadcast_to(_values(values), idx[0].shape)
        sel = tuple(a[m] for a in idx)
        self.tensor.data[sel] = self.tensor.conv(vals[m])

    @property
    def shape(self):
        return self._index_arrays()[0].shape


def _values(x):
    if isinstance(x, Tile):
        return x.data
    if isinstance(x, Access):
        return x.read()[0]
    return np.asarray(x)


def check_tile(shape, dtype, buffer):
    if buffer in (sbuf, psum):
        if len(shape) < 2:
            raise NkiError("an on-chip tile has a partition and a free dimension, not shape %s" % (shape,))
        if shape[0] > tile_size.pmax:
            raise NkiError("tile of shape %s has %d partitions, over the limit of %d" % (shape, shape[0], tile_size.pmax))


def ndarray(shape, dtype, buffer=sbuf, name=""):
    shape = tuple(int(d) for d in shape)
    check_tile(shape, dtype, buffer)
    if buffer is shared_hbm or buffer is hbm or buffer is private_hbm:
        from nki import _launch
        return _launch.shared(shape, dtype, buffer)
    t = Tile(shape, dtype, buffer)
    if buffer is psum:
        if t.free_bytes() > PSUM_BANK_BYTES:
            raise NkiError("PSUM tile of shape %s needs %d bytes per partition, over a bank of %d" % (shape, t.free_bytes(), PSUM_BANK_BYTES))
        _psum_tiles.append(t)
    else:
        _live_sbuf.add(t)
        used = sum(x.free_bytes() for x in _live_sbuf)
        if used > SBUF_PARTITION_BYTES[CHIP]:
            raise NkiError("the live SBUF tiles need %d bytes per partition, over %d on %s" % (used, SBUF_PARTITION_BYTES[CHIP], CHIP))
    return t


def zeros(shape, dtype, buffer=sbuf, name=""):
    t = ndarray(shape, dtype, buffer=buffer, name=name)
    t.data[...] = 0
    return t


def arange(n):
    return np.arange(int(n))


def program_id(axis):
    from nki import _launch
    return _launch.program_id(axis)


def num_programs(axis):
    from nki import _launch
    return _launch.num_programs(axis)


def affine_range(*args):
    return range(*[int(a) for a in args])


def sequential_range(*args):
    return range(*[int(a) for a in args])


def static_range(*args):
    return range(*[int(a) for a in args])


# Arithmetic operations, used as op= arguments.
add = np.add
subtract = np.subtract
multiply = np.multiply
divide = np.divide
maximum = np.maximum
minimum = np.minimum
mod = np.mod  # Python's x % y: the sign of the divisor
greater_equal = np.greater_equal
greater = np.greater
equal = np.equal


def _f32(fn):
    def f(x):
        with np.errstate(all="ignore"):
            return np.asarray(fn(np.asarray(x, dtype=np.float64)), dtype=np.float32)
    f.__name__ = fn.__name__
    return f


exp = _f32(np.exp)
tanh = _f32(np.tanh)
sqrt = _f32(np.sqrt)
log = _f32(np.log)
relu = _f32(lambda x: np.where((x > 0) | np.isnan(x), x, 0.0))
sigmoid = _f32(lambda x: 1 / (1 + np.exp(-x)))
rsqrt = _f32(lambda x: 1 / np.sqrt(x).astype(np.float32))
square = _f32(lambda x: x * x)
silu = _f32(lambda x: x / (1 + np.exp(-x)))
sin = _f32(np.sin)
cos = _f32(np.cos)
copy = _f32(lambda x: x)


class Masked:
    """The result of a masked load: values where mask holds, nothing
    elsewhere."""

    def __init__(self, values, mask):
        self.values, self.mask = values, mask


def load(access, mask=None, dtype=None):
    out, m = access.read(mask, fill=np.zeros(access.shape, dtype=access.tensor.data.dtype))
    if mask is None:
        return out
    return Masked(out, m)


def store(access, value, mask=None):
    access.write(value, mask)


def atomic_rmw(dst, value, op, mask=None):
    """dst = op(dst, value) element by element in device memory, computed
    in the tensor's dtype (one rounding per element)."""
    if not isinstance(dst, Access) or dst.buffer in (sbuf, psum):
        raise NkiError("atomic_rmw updates device memory")
    old, _ = dst.read(mask, fill=np.zeros(dst.shape, dtype=dst.tensor.data.dtype))
    v = np.broadcast_to(_values(value), old.shape).astype(old.dtype)
    with np.errstate(all="ignore"):
        dst.write(op(old, v).astype(old.dtype), mask)


def load_transpose2d(access, mask=None):
    return load(access, mask).T
