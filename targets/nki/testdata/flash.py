import math

import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def flash(in0, in1, in2, in3):
    """Runs as flash[g0](in0, in1, in2, in3): one program per point of a 1-D grid (parallel), for trn2.

    Writes in3 in place."""
    i_p4 = nl.arange(4)[:, None]
    i_f8 = nl.arange(8)[None, :]
    pid0 = nl.program_id(0)  # attention.mlir:11
    in0_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:15
    nisa.memset(dst=in0_sb, value=0.0)
    i = pid0 * 4
    nisa.dma_copy(dst=in0_sb, src=in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    nin1 = (in1.shape[0] + 3) // 4  # attention.mlir:16
    carry = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:25
    nisa.memset(dst=carry, value=-math.inf)
    carry1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=carry1, value=0.0)
    carry2 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=carry2, value=0.0)
    for k in nl.sequential_range(nin1):
        in1_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:26
        nisa.memset(dst=in1_sb, value=0.0)
        i1 = k * 4
        nisa.dma_copy(dst=in1_sb, src=in1[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in1.shape[0]) & (i_f8 < in1.shape[1]))
        in2_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:27
        nisa.memset(dst=in2_sb, value=0.0)
        nisa.dma_copy(dst=in2_sb, src=in2[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in2.shape[0]) & (i_f8 < in2.shape[1]))
        in1T_ps = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:28
        nisa.nc_transpose(dst=in1T_ps, data=in1_sb)
        in1T = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=in1T, src=in1T_ps)
        in0T_ps = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:29
        nisa.nc_transpose(dst=in0T_ps, data=in0_sb)
        in0T = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=in0T, src=in0T_ps)
        acc = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)
        nisa.memset(dst=acc, value=0.0)
        nisa.nc_matmul(dst=acc, stationary=in0T, moving=in1T)
        i2 = in1.shape[0] - i1  # attention.mlir:33
        t = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:36
        nisa.tensor_copy(dst=t, src=acc)
        masked = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.affine_select(dst=masked, pattern=[[-1, 4]], offset=i2, channel_multiplier=0, on_true_tile=t, on_false_value=-math.inf, cmp_op=nl.greater)
        row_max = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:37
        nisa.tensor_reduce(dst=row_max, op=nl.maximum, data=masked, axis=1, keepdims=True)
        hi = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:38
        nisa.tensor_tensor(dst=hi, data1=carry, data2=row_max, op=nl.maximum)
        exp = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:42
        neg = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=neg, data=hi, op0=nl.multiply, operand0=-1.0)
        nisa.activation(dst=exp, op=nl.exp, data=masked, bias=neg)
        diff = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:43
        nisa.tensor_tensor(dst=diff, data1=carry, data2=hi, op=nl.subtract)
        exp1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:44
        nisa.activation(dst=exp1, op=nl.exp, data=diff)
        row_sum = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:45
        nisa.tensor_reduce(dst=row_sum, op=nl.add, data=exp, axis=1, keepdims=True)
        prod = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:46
        nisa.tensor_tensor(dst=prod, data1=exp1, data2=carry1, op=nl.multiply)
        total = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:47
        nisa.tensor_tensor(dst=total, data1=prod, data2=row_sum, op=nl.add)
        prod1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:50
        nisa.tensor_scalar(dst=prod1, data=carry2, op0=nl.multiply, operand0=exp1)
        expT_ps = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:51
        nisa.nc_transpose(dst=expT_ps, data=exp)
        expT = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=expT, src=expT_ps)
        acc1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.psum)
        nisa.tensor_copy(dst=acc1, src=prod1)
        nisa.nc_matmul(dst=acc1, stationary=expT, moving=in2_sb)
        nisa.tensor_copy(dst=carry, src=hi)  # attention.mlir:52
        nisa.tensor_copy(dst=carry1, src=total)
        nisa.tensor_copy(dst=carry2, src=acc1)
    quot = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:56
    nisa.tensor_scalar(dst=quot, data=carry2, op0=nl.divide, operand0=carry1)
    nisa.dma_copy(dst=in3[i + i_p4, i_f8], src=quot, mask=(i + i_p4 < in3.shape[0]) & (i_f8 < in3.shape[1]))  # attention.mlir:57
    return None
