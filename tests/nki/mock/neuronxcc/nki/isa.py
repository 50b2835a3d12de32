"""neuronxcc.nki.isa of the NumPy model: the legacy spelling, in which
instructions return their results."""

from nki._isa import (vector_engine, scalar_engine, gpsimd_engine, tensor_engine, iota, nc_matmul,  # noqa: F401
                      nc_transpose, activation, activation_reduce, tensor_tensor, tensor_scalar, tensor_reduce,
                      tensor_copy, reciprocal, affine_select, bn_stats, bn_aggr)
