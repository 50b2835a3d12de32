"""nki.isa of the NumPy model, in the current API: every instruction takes
its destination first (dst=), as NKI's beta 2 API does."""

from nki import _isa
from nki._isa import vector_engine, scalar_engine, gpsimd_engine, tensor_engine  # noqa: F401

dma_copy = _isa.dma_copy
memset = _isa.memset


def _dst_first(fn):
    def call(dst, *args, **kwargs):
        return fn(*args, dst=dst, **kwargs)
    call.__name__ = fn.__name__
    call.__doc__ = fn.__doc__
    return call


for _name in ["iota", "nc_matmul", "nc_transpose", "activation", "activation_reduce", "tensor_tensor",
              "tensor_scalar", "tensor_reduce", "tensor_copy", "reciprocal", "affine_select", "bn_stats", "bn_aggr"]:
    globals()[_name] = _dst_first(getattr(_isa, _name))
