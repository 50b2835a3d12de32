// RUN: strata-opt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: strata-opt --ownership-based-buffer-deallocation=private-function-dynamic-ownership %s | FileCheck %s --check-prefix=DYN

// Ownership-based deallocation: every buffer a block owns is released by a
// bufferization.dealloc before the block's terminator, conditioned on its
// ownership indicator; buffers passed on (returned, yielded, forwarded to
// a successor, or live after the terminator) are retained. Function
// arguments, stack allocations and globals are never owned.

// CHECK-LABEL: func.func @straight
// CHECK: bufferization.dealloc (%base_buffer, %base_buffer_1 : memref<f32>, memref<f32>) if (%false_0, %true)
// CHECK-LABEL: func.func @ret
// CHECK: %0 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%alloc : memref<4xf32>)
// CHECK-LABEL: func.func @retarg
// CHECK: %0 = scf.if %false -> (memref<4xf32>) {
// CHECK: %2 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK: %1 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%0 : memref<4xf32>)
// CHECK-LABEL: func.func @iff
// CHECK: %0:2 = scf.if %arg0 -> (memref<4xf32>, i1) {
// CHECK: %3 = bufferization.dealloc (%base_buffer_10 : memref<f32>) if (%true_9) retain (%alloc : memref<4xf32>)
// CHECK: %3 = bufferization.dealloc retain (%arg1 : memref<4xf32>)
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<4xf32>)
// CHECK-LABEL: func.func @condbr
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%0, %1) retain (%alloc : memref<4xf32>)
// CHECK: %7 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%4, %6) retain (%arg1 : memref<4xf32>)
// CHECK: %10 = bufferization.dealloc (%base_buffer_6 : memref<f32>) if (%9) retain (%8 : memref<4xf32>)
// CHECK: %11 = bufferization.dealloc (%base_buffer_10 : memref<f32>) if (%7) retain (%arg1 : memref<4xf32>)
// CHECK: %14 = scf.if %13 -> (memref<4xf32>) {
// CHECK: %16 = bufferization.clone %12 : memref<4xf32> to memref<4xf32>
// CHECK: %15 = bufferization.dealloc (%base_buffer_15, %base_buffer_19 : memref<f32>, memref<f32>) if (%13, %true_14) retain (%14 : memref<4xf32>)
// CHECK-LABEL: func.func @loop
// CHECK: %3 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg6, %true_9) retain (%alloc : memref<4xf32>)
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<4xf32>)
// CHECK-LABEL: func.func @wh
// CHECK: %3 = bufferization.dealloc (%base_buffer_9 : memref<f32>) if (%arg3) retain (%arg2 : memref<4xf32>)
// CHECK: %3 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg3, %true_9) retain (%alloc : memref<4xf32>)
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<4xf32>)
// CHECK-LABEL: func.func private @callee
// CHECK: %0 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%alloc : memref<4xf32>)
// CHECK-LABEL: func.func @caller
// CHECK: %0 = call @callee(%alloc) : (memref<4xf32>) -> memref<4xf32>
// CHECK: bufferization.dealloc (%base_buffer, %base_buffer_1 : memref<f32>, memref<f32>) if (%true, %true_0)
// CHECK-LABEL: func.func @multi
// CHECK: %4 = scf.if %3 -> (memref<4xf32>) {
// CHECK: %6 = bufferization.clone %2 : memref<4xf32> to memref<4xf32>
// CHECK: %5 = bufferization.dealloc (%base_buffer, %base_buffer_4, %base_buffer_8, %base_buffer_12, %base_buffer_16 : memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) if (%false, %false_1, %true_0, %true, %true_3) retain (%4 : memref<4xf32>)
// CHECK-LABEL: func.func @view
// CHECK: %0 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%subview : memref<2xf32, strided<[1], offset: 2>>)
// CHECK-LABEL: func.func private @ext
// CHECK-LABEL: func.func @glob
// CHECK: %1 = scf.if %false -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK: %2 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%1 : memref<4xf32>)
// CHECK-LABEL: func.func @ext_call
// CHECK: %0 = call @ext(%arg0) : (memref<4xf32>) -> memref<4xf32>
// CHECK: bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true)
// CHECK-LABEL: func.func @nested
// CHECK: %3:2 = scf.if %arg3 -> (memref<4xf32>, i1) {
// CHECK: %5 = bufferization.dealloc (%base_buffer_21 : memref<f32>) if (%true_18) retain (%alloc_20 : memref<4xf32>)
// CHECK: %5 = bufferization.dealloc retain (%arg5 : memref<4xf32>)
// CHECK: %4 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg6, %3#1) retain (%3#0 : memref<4xf32>)
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%true, %0#1, %true_0) retain (%1 : memref<4xf32>)
// CHECK-LABEL: func.func @exec
// CHECK: %3 = bufferization.dealloc (%base_buffer_5 : memref<f32>) if (%true_4) retain (%alloc : memref<4xf32>)
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: %2 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%0#1, %true) retain (%1 : memref<4xf32>)
// CHECK-LABEL: func.func @unranked
// CHECK: %0 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%cast : memref<*xf32>)
// CHECK-LABEL: func.func @dyn
// CHECK: %0 = bufferization.dealloc (%base_buffer, %base_buffer_2 : memref<f32>, memref<f32>) if (%true_0, %true) retain (%alloc_1 : memref<?xf32>)
// CHECK-LABEL: func.func @wh2
// CHECK: bufferization.dealloc (%base_buffer : memref<f32>) if (%true)

// DYN-LABEL: func.func @straight
// DYN: bufferization.dealloc (%base_buffer, %base_buffer_1 : memref<f32>, memref<f32>) if (%false_0, %true)
// DYN-LABEL: func.func @ret
// DYN: %0 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%alloc : memref<4xf32>)
// DYN-LABEL: func.func @retarg
// DYN: %0 = scf.if %false -> (memref<4xf32>) {
// DYN: %2 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// DYN: %1 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%0 : memref<4xf32>)
// DYN-LABEL: func.func @iff
// DYN: %0:2 = scf.if %arg0 -> (memref<4xf32>, i1) {
// DYN: %3 = bufferization.dealloc (%base_buffer_10 : memref<f32>) if (%true_9) retain (%alloc : memref<4xf32>)
// DYN: %3 = bufferization.dealloc retain (%arg1 : memref<4xf32>)
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<4xf32>)
// DYN-LABEL: func.func @condbr
// DYN: %2 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%0, %1) retain (%alloc : memref<4xf32>)
// DYN: %7 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%4, %6) retain (%arg1 : memref<4xf32>)
// DYN: %10 = bufferization.dealloc (%base_buffer_6 : memref<f32>) if (%9) retain (%8 : memref<4xf32>)
// DYN: %11 = bufferization.dealloc (%base_buffer_10 : memref<f32>) if (%7) retain (%arg1 : memref<4xf32>)
// DYN: %14 = scf.if %13 -> (memref<4xf32>) {
// DYN: %16 = bufferization.clone %12 : memref<4xf32> to memref<4xf32>
// DYN: %15 = bufferization.dealloc (%base_buffer_15, %base_buffer_19 : memref<f32>, memref<f32>) if (%13, %true_14) retain (%14 : memref<4xf32>)
// DYN-LABEL: func.func @loop
// DYN: %3 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg6, %true_9) retain (%alloc : memref<4xf32>)
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<4xf32>)
// DYN-LABEL: func.func @wh
// DYN: %3 = bufferization.dealloc (%base_buffer_9 : memref<f32>) if (%arg3) retain (%arg2 : memref<4xf32>)
// DYN: %3 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg3, %true_9) retain (%alloc : memref<4xf32>)
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<4xf32>)
// DYN-LABEL: func.func private @callee
// DYN: %0 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%alloc : memref<4xf32>)
// DYN-LABEL: func.func @caller
// DYN: %0:2 = call @callee(%alloc) : (memref<4xf32>) -> (memref<4xf32>, i1)
// DYN: bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%true, %0#1)
// DYN-LABEL: func.func @multi
// DYN: %4 = scf.if %3 -> (memref<4xf32>) {
// DYN: %6 = bufferization.clone %2 : memref<4xf32> to memref<4xf32>
// DYN: %5 = bufferization.dealloc (%base_buffer, %base_buffer_4, %base_buffer_8, %base_buffer_12, %base_buffer_16 : memref<f32>, memref<f32>, memref<f32>, memref<f32>, memref<f32>) if (%false, %false_1, %true_0, %true, %true_3) retain (%4 : memref<4xf32>)
// DYN-LABEL: func.func @view
// DYN: %0 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%subview : memref<2xf32, strided<[1], offset: 2>>)
// DYN-LABEL: func.func private @ext
// DYN-LABEL: func.func @glob
// DYN: %1 = scf.if %false -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// DYN: %2 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%1 : memref<4xf32>)
// DYN-LABEL: func.func @ext_call
// DYN: %0 = call @ext(%arg0) : (memref<4xf32>) -> memref<4xf32>
// DYN: bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true)
// DYN-LABEL: func.func @nested
// DYN: %3:2 = scf.if %arg3 -> (memref<4xf32>, i1) {
// DYN: %5 = bufferization.dealloc (%base_buffer_21 : memref<f32>) if (%true_18) retain (%alloc_20 : memref<4xf32>)
// DYN: %5 = bufferization.dealloc retain (%arg5 : memref<4xf32>)
// DYN: %4 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg6, %3#1) retain (%3#0 : memref<4xf32>)
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%true, %0#1, %true_0) retain (%1 : memref<4xf32>)
// DYN-LABEL: func.func @exec
// DYN: %3 = bufferization.dealloc (%base_buffer_5 : memref<f32>) if (%true_4) retain (%alloc : memref<4xf32>)
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: %2 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%0#1, %true) retain (%1 : memref<4xf32>)
// DYN-LABEL: func.func @unranked
// DYN: %0 = bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<f32>, memref<f32>) if (%false, %true) retain (%cast : memref<*xf32>)
// DYN-LABEL: func.func @dyn
// DYN: %0 = bufferization.dealloc (%base_buffer, %base_buffer_2 : memref<f32>, memref<f32>) if (%true_0, %true) retain (%alloc_1 : memref<?xf32>)
// DYN-LABEL: func.func @wh2
// DYN: bufferization.dealloc (%base_buffer : memref<f32>) if (%true)

func.func @straight(%arg0: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %v = memref.load %b[%c0] : memref<4xf32>
  return %v : f32
}
func.func @ret(%arg0: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  return %a : memref<4xf32>
}
func.func @retarg(%arg0: memref<4xf32>) -> memref<4xf32> {
  return %arg0 : memref<4xf32>
}
func.func @iff(%c: i1, %arg0: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %arg0 : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @condbr(%c: i1, %arg0: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb2
^bb1(%x: memref<4xf32>):
  cf.br ^bb3(%x : memref<4xf32>)
^bb2:
  cf.br ^bb3(%arg0 : memref<4xf32>)
^bb3(%y: memref<4xf32>):
  return %y : memref<4xf32>
}
func.func @loop(%lb: index, %ub: index, %s: index, %arg0: memref<4xf32>) -> memref<4xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %arg0) -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %it, %a : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @wh(%arg0: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = scf.while (%it = %arg0) : (memref<4xf32>) -> memref<4xf32> {
    scf.condition(%c) %it : memref<4xf32>
  } do {
  ^bb0(%x: memref<4xf32>):
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func private @callee(%arg0: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  return %a : memref<4xf32>
}
func.func @caller() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = call @callee(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %b[%c0] : memref<4xf32>
  return %v : f32
}
func.func @multi(%c: i1, %arg0: memref<4xf32>, %arg1: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %arg0, %arg1 : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %t = arith.select %c, %a, %b : memref<4xf32>
  %u = arith.select %c, %t, %s : memref<4xf32>
  return %u : memref<4xf32>
}
func.func @view(%c: i1) -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}

memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func private @ext(memref<4xf32>) -> memref<4xf32>
func.func @glob() -> memref<4xf32> {
  %g = memref.get_global @g : memref<4xf32>
  return %g : memref<4xf32>
}
func.func @ext_call(%arg0: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = call @ext(%arg0) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}
func.func @nested(%lb: index, %ub: index, %s: index, %c: i1) -> memref<4xf32> {
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %init) -> memref<4xf32> {
    %x = scf.if %c -> memref<4xf32> {
      %a = memref.alloc() : memref<4xf32>
      memref.copy %it, %a : memref<4xf32> to memref<4xf32>
      scf.yield %a : memref<4xf32>
    } else {
      scf.yield %it : memref<4xf32>
    }
    scf.yield %x : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @exec() -> memref<4xf32> {
  %r = scf.execute_region -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @unranked(%arg0: memref<*xf32>) -> memref<*xf32> {
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
func.func @dyn(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return %b : memref<?xf32>
}
func.func @wh2(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %a = memref.alloc(%n) : memref<?xf32>
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%x: index):
    %y = arith.addi %x, %c1 : index
    scf.yield %y : index
  }
  return %r : index
}
