// RUN: strata-opt --allow-unregistered-dialect --duplicate-function-elimination %s | FileCheck %s

// Equivalent bodies merge even when value names and locations differ; the
// first function of each group is kept.
// CHECK-LABEL: func.func @twice
// CHECK-NOT: func.func @also_twice
func.func @twice(%a: i32) -> i32 {
  %0 = "test.add"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}
func.func @also_twice(%x: i32) -> i32 {
  %y = "test.add"(%x, %x) : (i32, i32) -> i32 loc("elsewhere.mlir":3:4)
  return %y : i32
}

// Operand order matters.
// CHECK: func.func @sub_ab
// CHECK: func.func @sub_ba
func.func @sub_ab(%a: i32, %b: i32) -> i32 {
  %0 = "test.sub"(%a, %b) : (i32, i32) -> i32
  return %0 : i32
}
func.func @sub_ba(%a: i32, %b: i32) -> i32 {
  %0 = "test.sub"(%b, %a) : (i32, i32) -> i32
  return %0 : i32
}

// Visibility and argument attributes are part of the function.
// CHECK: func.func private @priv
// CHECK: func.func @pub
// CHECK: func.func @with_attr(%{{.*}}: i32 {test.tag})
func.func private @priv(%a: i32) -> i32 {
  return %a : i32
}
func.func @pub(%a: i32) -> i32 {
  return %a : i32
}
func.func @with_attr(%a: i32 {test.tag}) -> i32 {
  return %a : i32
}

// Multi-block bodies compare block by block.
// CHECK: func.func @pick
// CHECK-NOT: func.func @pick_again
func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%r: i32):
  return %r : i32
}
func.func @pick_again(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%r: i32):
  return %r : i32
}

// Every reference is redirected: calls, symbol references inside
// discardable attributes and arrays, and nested references into inner
// modules. As in MLIR, a reference is resolved only in the symbol table
// holding its user, so the reference from inside @inner to an outer
// function is left alone.
// CHECK-LABEL: func.func @user
// CHECK: call @twice
// CHECK: call @pick(
// CHECK: "test.refs"() {table = [@twice, @sub_ba, @pick]}
// CHECK: "test.nested"() {ref = @inner::@inner_id}
func.func @user(%c: i1, %a: i32) -> i32 {
  %0 = call @also_twice(%a) : (i32) -> i32
  %1 = call @pick_again(%c, %0, %a) : (i1, i32, i32) -> i32
  "test.refs"() {table = [@also_twice, @sub_ba, @pick_again]} : () -> ()
  "test.nested"() {ref = @inner::@inner_id_again} : () -> ()
  return %1 : i32
}
// CHECK: module @inner
// CHECK: func.func @inner_id
// CHECK-NOT: @inner_id_again
// CHECK: func.func @inner_user
// CHECK: {callee = @also_twice}
module @inner {
  func.func @inner_id(%a: i32) -> i32 {
    %0 = "test.inner"(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func @inner_id_again(%a: i32) -> i32 {
    %0 = "test.inner"(%a) : (i32) -> i32
    return %0 : i32
  }
  func.func @inner_user(%a: i32) -> i32 {
    %0 = "test.call_outer"(%a) {callee = @also_twice} : (i32) -> i32
    return %0 : i32
  }
}
