// Divisions and remainders by a symbol (semi-affine expressions), which
// lower-affine expands as it does constant ones. (mlir-runner, its output
// piped, prints the result before the flushed output of printI64.)
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() -> i64 {
  %lo = arith.constant -7 : index
  %hi = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %tot = scf.for %s = %c1 to %c6 step %c1 iter_args(%acc = %c0) -> (index) {
    %r = scf.for %d = %lo to %hi step %c1 iter_args(%acc2 = %acc) -> (index) {
      %f = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%d)[%s]
      %m = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%d)[%s]
      %c = affine.apply affine_map<(d0)[s0] -> ((d0 * 3 - 1) ceildiv s0)>(%d)[%s]
      %fi = arith.index_cast %f : index to i64
      %mi = arith.index_cast %m : index to i64
      %ci = arith.index_cast %c : index to i64
      func.call @printI64(%fi) : (i64) -> ()
      func.call @printComma() : () -> ()
      func.call @printI64(%mi) : (i64) -> ()
      func.call @printComma() : () -> ()
      func.call @printI64(%ci) : (i64) -> ()
      func.call @printNewline() : () -> ()
      %t = arith.addi %acc2, %f : index
      %t2 = arith.addi %t, %c : index
      scf.yield %t2 : index
    }
    scf.yield %r : index
  }
  %w = arith.index_cast %tot : index to i64
  return %w : i64
}
