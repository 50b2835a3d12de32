import math

from neuronxcc import nki
import neuronxcc.nki.isa as nisa
import neuronxcc.nki.language as nl


@nki.jit
def flash(in0, in1, in2, in3):
    """Runs as flash[g0](in0, in1, in2, in3): one program per point of a 1-D grid (parallel), for trn2.

    Writes in3 in place."""
    i_p4 = nl.arange(4)[:, None]
    i_f8 = nl.arange(8)[None, :]
    i_f4 = nl.arange(4)[None, :]
    pid0 = nl.program_id(0)  # attention.mlir:11
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:15
    t[...] = 0.0
    i = pid0 * 4
    t[...] = nl.load(in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    nin1 = (in1.shape[0] + 3) // 4  # attention.mlir:16
    t1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:25
    t1[...] = -math.inf
    t2 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
    t2[...] = 0.0
    t3 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    t3[...] = 0.0
    for k in nl.sequential_range(nin1):
        t4 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:26
        t4[...] = 0.0
        i1 = k * 4
        t4[...] = nl.load(in1[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in1.shape[0]) & (i_f8 < in1.shape[1]))
        t5 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:27
        t5[...] = 0.0
        t5[...] = nl.load(in2[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in2.shape[0]) & (i_f8 < in2.shape[1]))
        ps = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:28
        ps[...] = nisa.nc_transpose(data=t4)
        t6 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        t6[...] = nisa.tensor_copy(src=ps, dtype=nl.float32)
        ps1 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:29
        ps1[...] = nisa.nc_transpose(data=t)
        t7 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        t7[...] = nisa.tensor_copy(src=ps1, dtype=nl.float32)
        acc = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)
        acc[...] = 0.0
        acc += nisa.nc_matmul(t7, t6)
        i2 = in1.shape[0] - i1  # attention.mlir:33
        t8 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:36
        t8[...] = nisa.affine_select(pred=(i2 - i_f4 > 0), on_true_tile=acc, on_false_value=-math.inf)
        t9 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:37
        t9[...] = nisa.tensor_reduce(op=nl.maximum, data=t8, axis=1, keepdims=True)
        t10 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:38
        t10[...] = nisa.tensor_tensor(data1=t1, data2=t9, op=nl.maximum)
        t11 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:42
        t12 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
        t12[...] = nisa.tensor_scalar(data=t10, op0=nl.multiply, operand0=-1.0)
        t11[...] = nisa.activation(op=nl.exp, data=t8, bias=t12)
        t13 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:43
        t13[...] = nisa.tensor_tensor(data1=t1, data2=t10, op=nl.subtract)
        t14 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:44
        t14[...] = nisa.activation(op=nl.exp, data=t13)
        t15 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:45
        t15[...] = nisa.tensor_reduce(op=nl.add, data=t11, axis=1, keepdims=True)
        t16 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:46
        t16[...] = nisa.tensor_tensor(data1=t14, data2=t2, op=nl.multiply)
        t17 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:47
        t17[...] = nisa.tensor_tensor(data1=t16, data2=t15, op=nl.add)
        t18 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:50
        t18[...] = nisa.tensor_scalar(data=t3, op0=nl.multiply, operand0=t14)
        ps2 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:51
        ps2[...] = nisa.nc_transpose(data=t11)
        t19 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        t19[...] = nisa.tensor_copy(src=ps2, dtype=nl.float32)
        acc1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.psum)
        acc1[...] = nisa.tensor_copy(src=t18, dtype=nl.float32)
        acc1 += nisa.nc_matmul(t19, t5)
        t1[...] = nisa.tensor_copy(src=t10, dtype=nl.float32)  # attention.mlir:52
        t2[...] = nisa.tensor_copy(src=t17, dtype=nl.float32)
        t3[...] = nisa.tensor_copy(src=acc1, dtype=nl.float32)
    t20 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:56
    t20[...] = nisa.tensor_scalar(data=t3, op0=nl.divide, operand0=t2)
    nl.store(in3[i + i_p4, i_f8], value=t20, mask=(i + i_p4 < in3.shape[0]) & (i_f8 < in3.shape[1]))  # attention.mlir:57
    return None
