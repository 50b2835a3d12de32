// A program in func, arith, cf and math; the test lowers it to the llvm
// dialect, translates, compiles and runs it. main returns 0 when the
// integer square roots of 0..20 sum to 54 and a Newton step agrees with
// math.sqrt.
func.func @isqrt(%n: i64) -> i64 {
  %f = arith.sitofp %n : i64 to f64
  %s = math.sqrt %f : f64
  %r = arith.fptosi %s : f64 to i64
  return %r : i64
}
func.func @main() -> i32 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c21 = arith.constant 21 : i64
  cf.br ^loop(%c0, %c0 : i64, i64)
^loop(%i: i64, %acc: i64):
  %more = arith.cmpi slt, %i, %c21 : i64
  cf.cond_br %more, ^body, ^done
^body:
  %q = func.call @isqrt(%i) : (i64) -> i64
  %acc2 = arith.addi %acc, %q : i64
  %i2 = arith.addi %i, %c1 : i64
  cf.br ^loop(%i2, %acc2 : i64, i64)
^done:
  %want = arith.constant 54 : i64
  %ok = arith.cmpi eq, %acc, %want : i64
  %x = arith.constant 2.0 : f64
  %g = arith.constant 1.5 : f64
  %half = arith.constant 0.5 : f64
  %d = arith.divf %x, %g : f64
  %sum = arith.addf %g, %d : f64
  %newton = arith.mulf %sum, %half : f64
  %ref = math.sqrt %x : f64
  %diff = arith.subf %newton, %ref : f64
  %ad = math.absf %diff : f64
  %tol = arith.constant 1.0e-2 : f64
  %close = arith.cmpf olt, %ad, %tol : f64
  %both = arith.andi %ok, %close : i1
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %res = arith.select %both, %zero, %one : i32
  return %res : i32
}
