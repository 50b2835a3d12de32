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
    in0_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:15
    in0_sb[...] = 0.0
    i = pid0 * 4
    in0_sb[...] = nl.load(in0[i + i_p4, i_f8], mask=(i + i_p4 < in0.shape[0]) & (i_f8 < in0.shape[1]))
    nin1 = (in1.shape[0] + 3) // 4  # attention.mlir:16
    t = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:25
    t[...] = -math.inf
    t1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
    t1[...] = 0.0
    t2 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    t2[...] = 0.0
    for k in nl.sequential_range(nin1):
        in1_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:26
        in1_sb[...] = 0.0
        i1 = k * 4
        in1_sb[...] = nl.load(in1[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in1.shape[0]) & (i_f8 < in1.shape[1]))
        in2_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:27
        in2_sb[...] = 0.0
        in2_sb[...] = nl.load(in2[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in2.shape[0]) & (i_f8 < in2.shape[1]))
        tp = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:28
        tp[...] = nisa.nc_transpose(data=in1_sb)
        t3 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        t3[...] = nisa.tensor_copy(src=tp, dtype=nl.float32)
        tp1 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:29
        tp1[...] = nisa.nc_transpose(data=in0_sb)
        t4 = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        t4[...] = nisa.tensor_copy(src=tp1, dtype=nl.float32)
        acc = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)
        acc[...] = 0.0
        acc += nisa.nc_matmul(t4, t3)
        i2 = in1.shape[0] - i1  # attention.mlir:33
        t5 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:36
        t5[...] = nisa.affine_select(pred=(i2 - i_f4 > 0), on_true_tile=acc, on_false_value=-math.inf)
        row_max = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:37
        row_max[...] = nisa.tensor_reduce(op=nl.maximum, data=t5, axis=1, keepdims=True)
        t6 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:38
        t6[...] = nisa.tensor_tensor(data1=t, data2=row_max, op=nl.maximum)
        exp = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:42
        neg = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
        neg[...] = nisa.tensor_scalar(data=t6, op0=nl.multiply, operand0=-1.0)
        exp[...] = nisa.activation(op=nl.exp, data=t5, bias=neg)
        t7 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:43
        t7[...] = nisa.tensor_tensor(data1=t, data2=t6, op=nl.subtract)
        exp1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:44
        exp1[...] = nisa.activation(op=nl.exp, data=t7)
        row_sum = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:45
        row_sum[...] = nisa.tensor_reduce(op=nl.add, data=exp, axis=1, keepdims=True)
        t8 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:46
        t8[...] = nisa.tensor_tensor(data1=exp1, data2=t1, op=nl.multiply)
        t9 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:47
        t9[...] = nisa.tensor_tensor(data1=t8, data2=row_sum, op=nl.add)
        t10 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:50
        t10[...] = nisa.tensor_scalar(data=t2, op0=nl.multiply, operand0=exp1)
        tp2 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:51
        tp2[...] = nisa.nc_transpose(data=exp)
        t11 = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        t11[...] = nisa.tensor_copy(src=tp2, dtype=nl.float32)
        acc1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.psum)
        acc1[...] = nisa.tensor_copy(src=t10, dtype=nl.float32)
        acc1 += nisa.nc_matmul(t11, in2_sb)
        t[...] = nisa.tensor_copy(src=t6, dtype=nl.float32)  # attention.mlir:52
        t1[...] = nisa.tensor_copy(src=t9, dtype=nl.float32)
        t2[...] = nisa.tensor_copy(src=acc1, dtype=nl.float32)
    t12 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:56
    t12[...] = nisa.tensor_scalar(data=t2, op0=nl.divide, operand0=t1)
    nl.store(in3[i + i_p4, i_f8], value=t12, mask=(i + i_p4 < in3.shape[0]) & (i_f8 < in3.shape[1]))  # attention.mlir:57
    return None
