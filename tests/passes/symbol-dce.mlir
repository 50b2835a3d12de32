// RUN: strata-opt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s

// CHECK-LABEL: module
// CHECK-NOT: @dead
// CHECK: func.func private @live
// CHECK: func.func @public
// CHECK-NOT: @also_dead
func.func private @dead() -> ()
func.func private @live() -> ()
func.func private @also_dead() {
  func.call @dead() : () -> ()
  func.return
}
func.func @public() {
  func.call @live() : () -> ()
  func.return
}
