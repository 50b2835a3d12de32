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
    i_f4 = nl.arange(4)[None, :]
    pid0 = nl.program_id(0)  # attention.mlir:11
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:15
    nisa.memset(dst=t, value=0.0)
    i = pid0 * 4
    nisa.dma_copy(dst=t, src=in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    nin1 = (in1.shape[0] + 3) // 4  # attention.mlir:16
    t1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:25
    nisa.memset(dst=t1, value=-math.inf)
    t2 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t2, value=0.0)
    t3 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t3, value=0.0)
    for k in nl.sequential_range(nin1):
        t4 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:26
        nisa.memset(dst=t4, value=0.0)
        i1 = k * 4
        nisa.dma_copy(dst=t4, src=in1[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in1.shape[0]) & (i_f8 < in1.shape[1]))
        t5 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:27
        nisa.memset(dst=t5, value=0.0)
        nisa.dma_copy(dst=t5, src=in2[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in2.shape[0]) & (i_f8 < in2.shape[1]))
        ps = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:28
        nisa.nc_transpose(dst=ps, data=t4)
        t6 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=t6, src=ps)
        ps1 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:29
        nisa.nc_transpose(dst=ps1, data=t)
        t7 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=t7, src=ps1)
        acc = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)
        nisa.memset(dst=acc, value=0.0)
        nisa.nc_matmul(dst=acc, stationary=t7, moving=t6)
        i2 = in1.shape[0] - i1  # attention.mlir:33
        t8 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:36
        nisa.affine_select(dst=t8, pred=(i2 - i_f4 > 0), on_true_tile=acc, on_false_value=-math.inf)
        t9 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:37
        nisa.tensor_reduce(dst=t9, op=nl.maximum, data=t8, axis=1, keepdims=True)
        t10 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:38
        nisa.tensor_tensor(dst=t10, data1=t1, data2=t9, op=nl.maximum)
        t11 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:42
        t12 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=t12, data=t10, op0=nl.multiply, operand0=-1.0)
        nisa.activation(dst=t11, op=nl.exp, data=t8, bias=t12)
        t13 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:43
        nisa.tensor_tensor(dst=t13, data1=t1, data2=t10, op=nl.subtract)
        t14 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:44
        nisa.activation(dst=t14, op=nl.exp, data=t13)
        t15 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:45
        nisa.tensor_reduce(dst=t15, op=nl.add, data=t11, axis=1, keepdims=True)
        t16 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:46
        nisa.tensor_tensor(dst=t16, data1=t14, data2=t2, op=nl.multiply)
        t17 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:47
        nisa.tensor_tensor(dst=t17, data1=t16, data2=t15, op=nl.add)
        t18 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:50
        nisa.tensor_scalar(dst=t18, data=t3, op0=nl.multiply, operand0=t14)
        ps2 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:51
        nisa.nc_transpose(dst=ps2, data=t11)
        t19 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_copy(dst=t19, src=ps2)
        acc1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.psum)
        nisa.tensor_copy(dst=acc1, src=t18)
        nisa.nc_matmul(dst=acc1, stationary=t19, moving=t5)
        nisa.tensor_copy(dst=t1, src=t10)  # attention.mlir:52
        nisa.tensor_copy(dst=t2, src=t17)
        nisa.tensor_copy(dst=t3, src=acc1)
    t20 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:56
    nisa.tensor_scalar(dst=t20, data=t3, op0=nl.divide, operand0=t2)
    nisa.dma_copy(dst=in3[i + i_p4, i_f8], src=t20, mask=(i + i_p4 < in3.shape[0]) & (i_f8 < in3.shape[1]))  # attention.mlir:57
    return None
