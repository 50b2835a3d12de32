func.func private @printMemrefF32(tensor<*xf32>)

// Collatz steps of n, counted by scf.while.
func.func @steps(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %r:2 = scf.while (%x = %n, %k = %zero) : (i64, i64) -> (i64, i64) {
    %c = arith.cmpi sgt, %x, %one : i64
    scf.condition(%c) %x, %k : i64, i64
  } do {
  ^bb0(%y: i64, %j: i64):
    %m = arith.remsi %y, %two : i64
    %even = arith.cmpi eq, %m, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divsi %y, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %y, %three : i64
      %u = arith.addi %t, %one : i64
      scf.yield %u : i64
    }
    %j1 = arith.addi %j, %one : i64
    scf.yield %next, %j1 : i64, i64
  }
  return %r#1 : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %e) -> (tensor<8xf32>) {
    %i64 = arith.index_cast %i : index to i64
    %n = arith.addi %i64, %i64 : i64
    %s = func.call @steps(%n) : (i64) -> i64
    %f = arith.sitofp %s : i64 to f32
    %r = scf.execute_region -> tensor<8xf32> {
      %u = tensor.insert %f into %acc[%i] : tensor<8xf32>
      scf.yield %u : tensor<8xf32>
    }
    scf.yield %r : tensor<8xf32>
  }
  %u = tensor.cast %t : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
