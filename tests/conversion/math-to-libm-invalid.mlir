// RUN: not strata-opt --allow-unregistered-dialect --convert-math-to-libm --split-input-file %s 2>&1 | FileCheck %s

// The math dialect is illegal: an operation without a C library function,
// or on a type other than f16, bf16, f32, f64 and vectors of them, makes
// the pass fail at the operation.

// CHECK: math-to-libm-invalid.mlir:9:8: error: failed to legalize operation 'math.copysign' that was explicitly marked illegal
func.func @copysign(%a: f32) -> f32 {
  %0 = math.copysign %a, %a : f32
  return %0 : f32
}

// -----

// CHECK: math-to-libm-invalid.mlir:17:8: error: failed to legalize operation 'math.ctlz' that was explicitly marked illegal
func.func @ctlz(%a: i32) -> i32 {
  %0 = math.ctlz %a : i32
  return %0 : i32
}

// -----

// CHECK: math-to-libm-invalid.mlir:25:8: error: failed to legalize operation 'math.erf' that was explicitly marked illegal
func.func @tensor(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = math.erf %t : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A symbol of the function's name with another type is not called.
// CHECK: math-to-libm-invalid.mlir:35:8: error: failed to legalize operation 'math.erf' that was explicitly marked illegal
func.func private @erff(f64) -> f64
func.func @mismatch(%a: f32) -> f32 {
  %0 = math.erf %a : f32
  return %0 : f32
}

// -----

// Inside an unregistered operation with a region, which may be a symbol
// table, a call could not see a declaration placed outside it: the
// operation is not converted.
// CHECK: math-to-libm-invalid.mlir:48:12: error: failed to legalize operation 'math.exp' that was explicitly marked illegal
gpu.module @m {
  "foo.scope"() ({
    func.func @f(%a: f32) -> f32 {
      %r = math.exp %a : f32
      func.return %r : f32
    }
    "foo.finish"() : () -> ()
  }) : () -> ()
}
