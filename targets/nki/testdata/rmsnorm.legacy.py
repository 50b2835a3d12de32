import math

from neuronxcc import nki
import neuronxcc.nki.isa as nisa
import neuronxcc.nki.language as nl


@nki.jit
def wave_kernel0():
    """Runs as wave_kernel0[g0, g1](): one program per point of a 2-D grid (parallel, parallel), for trn2."""
    i_p32 = nl.arange(32)[:, None]
    i_f128 = nl.arange(128)[None, :]
    out0 = nl.ndarray((7, 13), dtype=nl.float32, buffer=nl.shared_hbm)
    pid0 = nl.program_id(0)  # rmsnorm.mlir:16
    pid1 = nl.program_id(1)
    i = pid0 * 32
    i1 = pid1 * 128
    t = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:23
    t[...] = nisa.iota(expr=i + i_p32, dtype=nl.float32)
    t1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:24
    t1[...] = nisa.iota(expr=i1 + i_f128, dtype=nl.float32)
    scaled = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:29
    scaled[...] = nisa.tensor_scalar(data=t, op0=nl.multiply, operand0=0.699999988079071)
    scaled1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:30
    scaled1[...] = nisa.tensor_scalar(data=t1, op0=nl.multiply, operand0=-0.44999998807907104)
    total = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:31
    total[...] = nisa.tensor_tensor(data1=scaled, data2=scaled1, op=nl.add)
    cos = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:32
    cos[...] = nisa.activation(op=nl.cos, data=total)
    scaled2 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:33
    scaled2[...] = nisa.tensor_scalar(data=t, op0=nl.multiply, operand0=0.25)
    total1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:34
    total1[...] = nisa.tensor_scalar(data=scaled2, op0=nl.add, operand0=1.0)
    prod = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:35
    prod[...] = nisa.tensor_tensor(data1=cos, data2=total1, op=nl.multiply)
    nl.store(out0[i + i_p32, i1 + i_f128], value=prod, mask=(i + i_p32 < out0.shape[0]) & (i1 + i_f128 < out0.shape[1]))  # rmsnorm.mlir:16
    return out0


@nki.jit
def rmsnorm_kernel0(in0, in1):
    """Runs as rmsnorm_kernel0[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn2."""
    i_p32 = nl.arange(32)[:, None]
    i_f128 = nl.arange(128)[None, :]
    out0 = nl.ndarray((7, 13), dtype=nl.float32, buffer=nl.shared_hbm)
    pid0 = nl.program_id(0)  # rmsnorm.mlir:55
    in0_sb = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)
    in0_sb[...] = 0.0
    i = pid0 * 32
    in0_sb[...] = nl.load(in0[i + i_p32, i_f128], mask=(i + i_p32 < in0.shape[0]) & (i_f128 < in0.shape[1]))
    prod = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:50
    prod[...] = nisa.tensor_tensor(data1=in0_sb, data2=in0_sb, op=nl.multiply)
    masked = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:55
    masked[...] = nisa.affine_select(pred=(13 - i_f128 > 0), on_true_tile=prod, on_false_value=0.0)
    row_sum = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)
    row_sum[...] = nisa.tensor_reduce(op=nl.add, data=masked, axis=1, keepdims=True)
    total = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:51
    total[...] = nisa.tensor_scalar(data=row_sum, op0=nl.add, operand0=0.0)
    in1_sb = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:55
    in1_sb[...] = 0.0
    in1_sb[...] = nl.load(in1[i_f128], mask=i_f128 < in1.shape[0])
    ones = nl.ndarray((1, 32), dtype=nl.float32, buffer=nl.sbuf)
    ones[...] = 1.0
    in1_bcast_ps = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.psum)
    in1_bcast_ps[...] = 0.0
    in1_bcast_ps += nisa.nc_matmul(ones, in1_sb)
    in1_bcast = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)
    in1_bcast[...] = nisa.tensor_copy(src=in1_bcast_ps, dtype=nl.float32)
    quot = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:59
    quot[...] = nisa.tensor_scalar(data=total, op0=nl.divide, operand0=13.0)
    total1 = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:60
    total1[...] = nisa.tensor_scalar(data=quot, op0=nl.add, operand0=9.999999974752427e-07)
    rsqrt = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:61
    rsqrt[...] = nisa.activation(op=nl.rsqrt, data=total1)
    prod1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:62
    prod1[...] = nisa.tensor_scalar(data=in0_sb, op0=nl.multiply, operand0=rsqrt)
    prod2 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:63
    prod2[...] = nisa.tensor_tensor(data1=prod1, data2=in1_bcast, op=nl.multiply)
    nl.store(out0[i + i_p32, i_f128], value=prod2, mask=(i + i_p32 < out0.shape[0]) & (i_f128 < out0.shape[1]))  # rmsnorm.mlir:55
    return out0
