// From the LLVM Project, mlir/test/Integration/Dialect/Arith/CPU/test-int-trunc-ext.mlir
// (Apache License v2.0 with LLVM Exceptions, https://llvm.org/LICENSE.txt);
// its RUN and CHECK lines removed.

func.func @extsiOnI1() {
  %true = arith.constant -1 : i1
  %0 = arith.extsi %true : i1 to i16
  vector.print %true : i1
  vector.print %0 : i16
  return
}

func.func @extuiOn1I1() {
  %true = arith.constant true
  %0 = arith.extui %true : i1 to i64
  vector.print %true : i1
  vector.print %0 : i64
  return
}

func.func @trunciI16ToI8() {
  %c20194_i16 = arith.constant 20194 : i16
  %0 = arith.trunci %c20194_i16 : i16 to i8
  vector.print %c20194_i16 : i16
  vector.print %0 : i8
  return
}

func.func @entry() {
  func.call @extsiOnI1() : () -> ()
  func.call @extuiOn1I1() : () -> ()
  func.call @trunciI16ToI8() : () -> ()
  return
}
