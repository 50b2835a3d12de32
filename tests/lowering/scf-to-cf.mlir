// RUN: strata-opt --allow-unregistered-dialect --convert-scf-to-cf %s | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: cf.br ^bb1
// CHECK: cf.cond_br
// CHECK: arith.addi
func.func @f(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %c = arith.cmpi slt, %i, %c1 : index
    %v = scf.if %c -> (f32) {
      %a = arith.addf %acc, %x : f32
      scf.yield %a : f32
    } else {
      scf.yield %acc : f32
    }
    scf.for %j = %c0 to %n step %c1 {
      scf.if %c {
        "test.op"() : () -> ()
      }
    }
    scf.yield %v : f32
  }
  %w = scf.while (%a = %r) : (f32) -> f32 {
    %t = arith.cmpf olt, %a, %x : f32
    scf.condition(%t) %a : f32
  } do {
  ^bb0(%b: f32):
    %d = arith.addf %b, %b : f32
    scf.yield %d : f32
  }
  return %w : f32
}
