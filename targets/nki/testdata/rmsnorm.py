import math

import nki
import nki.isa as nisa
import nki.language as nl


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
    nisa.iota(dst=t, pattern=[[0, 128]], offset=i, channel_multiplier=1)
    t1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:24
    nisa.iota(dst=t1, pattern=[[1, 128]], offset=i1, channel_multiplier=0)
    scaled = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:29
    nisa.tensor_scalar(dst=scaled, data=t, op0=nl.multiply, operand0=0.699999988079071)
    scaled1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:30
    nisa.tensor_scalar(dst=scaled1, data=t1, op0=nl.multiply, operand0=-0.44999998807907104)
    total = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:31
    nisa.tensor_tensor(dst=total, data1=scaled, data2=scaled1, op=nl.add)
    cos = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:32
    nisa.activation(dst=cos, op=nl.cos, data=total)
    scaled2 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:33
    nisa.tensor_scalar(dst=scaled2, data=t, op0=nl.multiply, operand0=0.25)
    total1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:34
    nisa.tensor_scalar(dst=total1, data=scaled2, op0=nl.add, operand0=1.0)
    prod = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:35
    nisa.tensor_tensor(dst=prod, data1=cos, data2=total1, op=nl.multiply)
    nisa.dma_copy(dst=out0[i + i_p32, i1 + i_f128], src=prod, mask=(i + i_p32 < out0.shape[0]) & (i1 + i_f128 < out0.shape[1]))  # rmsnorm.mlir:16
    return out0


@nki.jit
def rmsnorm_kernel0(in0, in1):
    """Runs as rmsnorm_kernel0[g0](in0, in1): one program per point of a 1-D grid (parallel), for trn2."""
    i_p32 = nl.arange(32)[:, None]
    i_f128 = nl.arange(128)[None, :]
    out0 = nl.ndarray((7, 13), dtype=nl.float32, buffer=nl.shared_hbm)
    pid0 = nl.program_id(0)  # rmsnorm.mlir:55
    in0_sb = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=in0_sb, value=0.0)
    i = pid0 * 32
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p32, i_f128], mask=(i + i_p32 < in0.shape[0]) & (i_f128 < in0.shape[1]))
    prod = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:50
    nisa.tensor_tensor(dst=prod, data1=in0_sb, data2=in0_sb, op=nl.multiply)
    masked = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:55
    nisa.affine_select(dst=masked, pattern=[[-1, 128]], offset=13, channel_multiplier=0, on_true_tile=prod, on_false_value=0.0, cmp_op=nl.greater)
    row_sum = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=row_sum, op=nl.add, data=masked, axis=1, keepdims=True)
    total = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:51
    nisa.tensor_scalar(dst=total, data=row_sum, op0=nl.add, operand0=0.0)
    in1_sb = nl.ndarray((1, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:55
    nisa.memset(dst=in1_sb, value=0.0)
    nisa.dma_copy(dst=in1_sb, src=in1[i_f128], mask=i_f128 < in1.shape[0])
    ones = nl.ndarray((1, 32), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=ones, value=1.0)
    in1_bcast_ps = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.psum)
    nisa.memset(dst=in1_bcast_ps, value=0.0)
    nisa.nc_matmul(dst=in1_bcast_ps, stationary=ones, moving=in1_sb)
    in1_bcast = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=in1_bcast, src=in1_bcast_ps)
    quot = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:59
    nisa.tensor_scalar(dst=quot, data=total, op0=nl.divide, operand0=13.0)
    total1 = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:60
    nisa.tensor_scalar(dst=total1, data=quot, op0=nl.add, operand0=9.999999974752427e-07)
    rsqrt = nl.ndarray((32, 1), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:61
    nisa.activation(dst=rsqrt, op=nl.rsqrt, data=total1)
    prod1 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:62
    nisa.tensor_scalar(dst=prod1, data=in0_sb, op0=nl.multiply, operand0=rsqrt)
    prod2 = nl.ndarray((32, 128), dtype=nl.float32, buffer=nl.sbuf)  # rmsnorm.mlir:63
    nisa.tensor_tensor(dst=prod2, data1=prod1, data2=in1_bcast, op=nl.multiply)
    nisa.dma_copy(dst=out0[i + i_p32, i_f128], src=prod2, mask=(i + i_p32 < out0.shape[0]) & (i_f128 < out0.shape[1]))  # rmsnorm.mlir:55
    return out0
