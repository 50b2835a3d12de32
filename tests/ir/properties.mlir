// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// Properties of registered operations are converted into their storage:
// names that are no property of the operation are dropped, segment sizes
// that are absent are zeros, and the old spelling of the segment sizes is
// read. Unregistered operations keep their properties as written.

// CHECK-LABEL: "func.func"
// CHECK: "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK: "test.unknown"() <{callee = @a::@b, extra = 5 : i64}> : () -> ()
// CHECK: "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}>
// CHECK: "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}>
func.func @f(%n: index) {
  %0 = "arith.constant"() <{value = 1 : i32, extra = 5}> : () -> i32
  "test.unknown"() <{callee = @a::@b, extra = 5}> : () -> ()
  "scf.forall"(%n) <{operand_segment_sizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  "scf.forall"() <{staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}
