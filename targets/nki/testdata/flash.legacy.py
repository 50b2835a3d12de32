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
    carry = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:25
    carry[...] = -math.inf
    carry1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
    carry1[...] = 0.0
    carry2 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    carry2[...] = 0.0
    for k in nl.sequential_range(nin1):
        in1_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:26
        in1_sb[...] = 0.0
        i1 = k * 4
        in1_sb[...] = nl.load(in1[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in1.shape[0]) & (i_f8 < in1.shape[1]))
        in2_sb = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:27
        in2_sb[...] = 0.0
        in2_sb[...] = nl.load(in2[i1 + i_p4, i_f8], mask=(i1 + i_p4 < in2.shape[0]) & (i_f8 < in2.shape[1]))
        in1T_ps = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:28
        in1T_ps[...] = nisa.nc_transpose(data=in1_sb)
        in1T = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        in1T[...] = nisa.tensor_copy(src=in1T_ps, dtype=nl.float32)
        in0T_ps = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:29
        in0T_ps[...] = nisa.nc_transpose(data=in0_sb)
        in0T = nl.ndarray((8, 4), dtype=nl.float32, buffer=nl.sbuf)
        in0T[...] = nisa.tensor_copy(src=in0T_ps, dtype=nl.float32)
        acc = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)
        acc[...] = 0.0
        acc += nisa.nc_matmul(in0T, in1T)
        i2 = in1.shape[0] - i1  # attention.mlir:33
        t = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:36
        t[...] = nisa.tensor_copy(src=acc, dtype=nl.float32)
        masked = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        masked[...] = nisa.affine_select(pred=(i2 - i_f4 > 0), on_true_tile=t, on_false_value=-math.inf)
        row_max = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:37
        row_max[...] = nisa.tensor_reduce(op=nl.maximum, data=masked, axis=1, keepdims=True)
        hi = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:38
        hi[...] = nisa.tensor_tensor(data1=carry, data2=row_max, op=nl.maximum)
        exp = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:42
        neg = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
        neg[...] = nisa.tensor_scalar(data=hi, op0=nl.multiply, operand0=-1.0)
        exp[...] = nisa.activation(op=nl.exp, data=masked, bias=neg)
        diff = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:43
        diff[...] = nisa.tensor_tensor(data1=carry, data2=hi, op=nl.subtract)
        exp1 = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:44
        exp1[...] = nisa.activation(op=nl.exp, data=diff)
        row_sum = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:45
        row_sum[...] = nisa.tensor_reduce(op=nl.add, data=exp, axis=1, keepdims=True)
        prod = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:46
        prod[...] = nisa.tensor_tensor(data1=exp1, data2=carry1, op=nl.multiply)
        total = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:47
        total[...] = nisa.tensor_tensor(data1=prod, data2=row_sum, op=nl.add)
        prod1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:50
        prod1[...] = nisa.tensor_scalar(data=carry2, op0=nl.multiply, operand0=exp1)
        expT_ps = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)  # attention.mlir:51
        expT_ps[...] = nisa.nc_transpose(data=exp)
        expT = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        expT[...] = nisa.tensor_copy(src=expT_ps, dtype=nl.float32)
        acc1 = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.psum)
        acc1[...] = nisa.tensor_copy(src=prod1, dtype=nl.float32)
        acc1 += nisa.nc_matmul(expT, in2_sb)
        carry[...] = nisa.tensor_copy(src=hi, dtype=nl.float32)  # attention.mlir:52
        carry1[...] = nisa.tensor_copy(src=total, dtype=nl.float32)
        carry2[...] = nisa.tensor_copy(src=acc1, dtype=nl.float32)
    quot = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)  # attention.mlir:56
    quot[...] = nisa.tensor_scalar(data=carry2, op0=nl.divide, operand0=carry1)
    nl.store(in3[i + i_p4, i_f8], value=quot, mask=(i + i_p4 < in3.shape[0]) & (i_f8 < in3.shape[1]))  # attention.mlir:57
    return None
