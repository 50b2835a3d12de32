// Every index operation on 7 and -2 (shifts and unsigned divisions by
// 3), the expected values computed by hand. index is 64 bits wide.
func.func @main() {
  %m = memref.alloc() : memref<26xi64>
  %a = index.constant 7
  %b = index.constant -2
  %s = index.constant 3
  %r0 = index.add %a, %b
  %r1 = index.sub %a, %b
  %r2 = index.mul %a, %b
  %r3 = index.divs %a, %b
  %r4 = index.divu %b, %a
  %r5 = index.ceildivs %a, %b
  %r6 = index.ceildivu %a, %s
  %r7 = index.floordivs %a, %b
  %r8 = index.rems %a, %b
  %r9 = index.remu %a, %s
  %r10 = index.maxs %a, %b
  %r11 = index.maxu %a, %b
  %r12 = index.mins %a, %b
  %r13 = index.minu %a, %b
  %r14 = index.shl %a, %s
  %r15 = index.shrs %b, %s
  %r16 = index.shru %b, %s
  %r17 = index.and %a, %b
  %r18 = index.or %a, %b
  %r19 = index.xor %a, %b
  %sz = index.sizeof
  %narrow = index.casts %b : index to i32
  %sext = index.casts %narrow : i32 to index
  %zext = index.castu %narrow : i32 to index
  %lt = index.cmp slt(%b, %a)
  %ult = index.cmp ult(%b, %a)
  %t = index.bool.constant true
  %both = arith.andi %lt, %t : i1
  %lti = index.castu %both : i1 to index
  %ulti = index.castu %ult : i1 to index
  %lo = arith.extui %narrow : i32 to i64
  %p0 = index.constant 0
  %w0 = index.casts %r0 : index to i64
  memref.store %w0, %m[%p0] : memref<26xi64>
  %p1 = index.constant 1
  %w1 = index.casts %r1 : index to i64
  memref.store %w1, %m[%p1] : memref<26xi64>
  %p2 = index.constant 2
  %w2 = index.casts %r2 : index to i64
  memref.store %w2, %m[%p2] : memref<26xi64>
  %p3 = index.constant 3
  %w3 = index.casts %r3 : index to i64
  memref.store %w3, %m[%p3] : memref<26xi64>
  %p4 = index.constant 4
  %w4 = index.casts %r4 : index to i64
  memref.store %w4, %m[%p4] : memref<26xi64>
  %p5 = index.constant 5
  %w5 = index.casts %r5 : index to i64
  memref.store %w5, %m[%p5] : memref<26xi64>
  %p6 = index.constant 6
  %w6 = index.casts %r6 : index to i64
  memref.store %w6, %m[%p6] : memref<26xi64>
  %p7 = index.constant 7
  %w7 = index.casts %r7 : index to i64
  memref.store %w7, %m[%p7] : memref<26xi64>
  %p8 = index.constant 8
  %w8 = index.casts %r8 : index to i64
  memref.store %w8, %m[%p8] : memref<26xi64>
  %p9 = index.constant 9
  %w9 = index.casts %r9 : index to i64
  memref.store %w9, %m[%p9] : memref<26xi64>
  %p10 = index.constant 10
  %w10 = index.casts %r10 : index to i64
  memref.store %w10, %m[%p10] : memref<26xi64>
  %p11 = index.constant 11
  %w11 = index.casts %r11 : index to i64
  memref.store %w11, %m[%p11] : memref<26xi64>
  %p12 = index.constant 12
  %w12 = index.casts %r12 : index to i64
  memref.store %w12, %m[%p12] : memref<26xi64>
  %p13 = index.constant 13
  %w13 = index.casts %r13 : index to i64
  memref.store %w13, %m[%p13] : memref<26xi64>
  %p14 = index.constant 14
  %w14 = index.casts %r14 : index to i64
  memref.store %w14, %m[%p14] : memref<26xi64>
  %p15 = index.constant 15
  %w15 = index.casts %r15 : index to i64
  memref.store %w15, %m[%p15] : memref<26xi64>
  %p16 = index.constant 16
  %w16 = index.casts %r16 : index to i64
  memref.store %w16, %m[%p16] : memref<26xi64>
  %p17 = index.constant 17
  %w17 = index.casts %r17 : index to i64
  memref.store %w17, %m[%p17] : memref<26xi64>
  %p18 = index.constant 18
  %w18 = index.casts %r18 : index to i64
  memref.store %w18, %m[%p18] : memref<26xi64>
  %p19 = index.constant 19
  %w19 = index.casts %r19 : index to i64
  memref.store %w19, %m[%p19] : memref<26xi64>
  %p20 = index.constant 20
  %w20 = index.casts %sz : index to i64
  memref.store %w20, %m[%p20] : memref<26xi64>
  %p21 = index.constant 21
  %w21 = index.casts %sext : index to i64
  memref.store %w21, %m[%p21] : memref<26xi64>
  %p22 = index.constant 22
  %w22 = index.casts %zext : index to i64
  memref.store %w22, %m[%p22] : memref<26xi64>
  %p23 = index.constant 23
  %w23 = index.casts %lti : index to i64
  memref.store %w23, %m[%p23] : memref<26xi64>
  %p24 = index.constant 24
  %w24 = index.casts %ulti : index to i64
  memref.store %w24, %m[%p24] : memref<26xi64>
  %p25 = index.constant 25
  memref.store %lo, %m[%p25] : memref<26xi64>
  %u = memref.cast %m : memref<26xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

func.func private @printMemrefI64(memref<*xi64>)

// add sub mul divs divu(-2/7) ceildivs ceildivu(7/3) floordivs rems remu(7%3)
// CHECK: [5,  9,  -14,  -3,  2635249153387078802,  -3,  3,  -4,  1,  1,
// maxs maxu mins minu shl shrs shru and or xor
// CHECK-SAME: 7,  -2,  -2,  7,  56,  -1,  2305843009213693951,  6,  -1,  -7,
// sizeof, casts -2 to i32 and back, castu back, slt, ult, extui
// CHECK-SAME: 64,  -2,  4294967294,  1,  0,  4294967294]
