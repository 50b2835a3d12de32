// gpu.printf with C's conversions; threads print in order.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %m1 = arith.constant -1 : i32
    %h = arith.constant 255 : i32
    %f = arith.constant 2.5 : f32
    %g = arith.constant 1234567.0 : f64
    gpu.printf "t%lld %d %u %x %.2f %g\0A", %tx, %i, %m1, %h, %f, %g : index, i32, i32, i32, f32, f64
    gpu.terminator
  }
  return
}
// CHECK: t0 0 4294967295 ff 2.50 1.23457e+06
// CHECK-NEXT: t1 1 4294967295 ff 2.50 1.23457e+06
