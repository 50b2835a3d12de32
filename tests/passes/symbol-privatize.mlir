// RUN: strata-opt --symbol-privatize=exclude=keep %s | FileCheck %s

// CHECK: func.func private @a()
// CHECK: func.func @keep()
func.func @a() {
  return
}
func.func @keep() {
  return
}
