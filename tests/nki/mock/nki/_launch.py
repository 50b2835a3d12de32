"""SPMD launches of the mock: programs run one after another; device
memory a kernel allocates (its outputs) is shared by all programs of a
launch, as nl.shared_hbm is."""

import itertools

import numpy as np

from nki.language import Tile

_state = {"grid": (1,), "pid": (0,), "shared": [], "next": 0}


def program_id(axis):
    return _state["pid"][axis]


def num_programs(axis):
    return _state["grid"][axis]


def shared(shape, dtype, buffer):
    i = _state["next"]
    _state["next"] += 1
    if i < len(_state["shared"]):
        t = _state["shared"][i]
        if t.shape != tuple(shape):
            raise RuntimeError("programs of one launch allocate different device memory")
        return t
    t = Tile(shape, dtype, buffer)
    if np.issubdtype(t.data.dtype, np.floating):
        t.data[...] = 0
    _state["shared"].append(t)
    return t


def launch(fn, grid, args):
    grid = tuple(int(g) for g in grid)
    _state["grid"], _state["shared"] = grid, []
    result = None
    from nki import language as nl
    for pid in itertools.product(*[range(g) for g in grid]):
        _state["pid"], _state["next"] = pid, 0
        nl.check_psum()
        result = fn(*args)
        nl.check_psum()
    return result


class Kernel:
    def __init__(self, fn, grid=(1,)):
        self.fn = fn
        self.grid = grid
        self.__name__ = fn.__name__

    def __getitem__(self, grid):
        return Kernel(self.fn, grid if isinstance(grid, tuple) else (grid,))

    def __call__(self, *args):
        # Arrays become device tensors; Python numbers stay numbers (NKI
        # takes them as compile-time constants of the traced kernel).
        wrapped = [a if isinstance(a, (Tile, int, float)) else _hbm(a) for a in args]
        r = launch(self.fn, self.grid, wrapped)
        if isinstance(r, tuple):
            return tuple(x.data for x in r)
        return None if r is None else r.data


def _hbm(a):
    """A device-memory tensor over the caller's array: what the kernel
    writes to it is seen by the caller."""
    from nki import language as nl
    t = Tile((0,), np.float32, nl.hbm)
    t.data = a if isinstance(a, np.ndarray) else np.asarray(a)
    return t
