// RUN: strata-opt --allow-unregistered-dialect --inline %s | FileCheck %s

// Calls to callables whose operations may be inlined are inlined, callees
// first; private callables left without uses disappear.
// CHECK-NOT: func.func private @leaf
// CHECK-NOT: func.func private @mid
// CHECK-LABEL: func.func @top
// CHECK-NEXT: return %arg0, %arg0 : i32, i32
func.func private @leaf(%a: i32) -> i32 {
  return %a : i32
}
func.func private @mid(%a: i32) -> (i32, i32) {
  %0 = call @leaf(%a) : (i32) -> i32
  %1 = call @leaf(%0) : (i32) -> i32
  return %0, %1 : i32, i32
}
func.func @top(%x: i32) -> (i32, i32) {
  %r:2 = call @mid(%x) : (i32) -> (i32, i32)
  return %r#0, %r#1 : i32, i32
}

// Unregistered operations, recursion and no_inline block inlining.
// CHECK-LABEL: func.func private @opaque
// CHECK-LABEL: func.func @rec
// CHECK: call @rec
// CHECK-LABEL: func.func @keep
// CHECK: call @opaque
// CHECK: call @pinned
func.func private @opaque(%a: i32) -> i32 {
  %0 = "t.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @pinned(%a: i32) -> i32 attributes {no_inline} {
  return %a : i32
}
func.func @keep(%a: i32) -> (i32, i32) {
  %0 = call @opaque(%a) : (i32) -> i32
  %1 = call @pinned(%a) : (i32) -> i32
  return %0, %1 : i32, i32
}
