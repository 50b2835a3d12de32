// RUN: strata-opt --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: strata-opt --buffer-deallocation-pipeline=private-function-dynamic-ownership %s | FileCheck %s --check-prefix=DYN

// The whole deallocation pipeline: ownership-based deallocation between
// canonicalizations, simplification of the deallocs with static alias
// information, their lowering to memref.dealloc under scf.if (and the
// dealloc_helper function for deallocs of several buffers), CSE.

// CHECK-LABEL: func.func @straight
// CHECK: memref.dealloc %alloc : memref<4xf32>
// CHECK-LABEL: func.func @ret
// CHECK-LABEL: func.func @retarg
// CHECK: %0 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-LABEL: func.func @iff
// CHECK: %0:2 = scf.if %arg0 -> (memref<4xf32>, memref<4xf32>) {
// CHECK: %3 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
// CHECK: scf.if %2 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK-LABEL: func.func @condbr
// CHECK: %1 = scf.if %arg0 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK: scf.if %2 {
// CHECK: memref.dealloc %alloc : memref<4xf32>
// CHECK-LABEL: func.func @loop
// CHECK: scf.if %arg6 {
// CHECK: memref.dealloc %base_buffer_1 : memref<f32>
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %4 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: scf.if %3 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK-LABEL: func.func @wh
// CHECK: scf.if %arg3 {
// CHECK: memref.dealloc %base_buffer_1 : memref<f32>
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %4 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: scf.if %3 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK-LABEL: func.func private @callee
// CHECK-LABEL: func.func @caller
// CHECK: %0 = call @callee(%alloc) : (memref<4xf32>) -> memref<4xf32>
// CHECK: call @dealloc_helper(%cast, %cast_5, %cast_4, %cast_8, %cast_9) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK: scf.if %2 {
// CHECK: memref.dealloc %alloc : memref<4xf32>
// CHECK: scf.if %3 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK: memref.dealloc %alloc_0 : memref<2xindex>
// CHECK: memref.dealloc %alloc_2 : memref<0xindex>
// CHECK: memref.dealloc %alloc_1 : memref<2xi1>
// CHECK: memref.dealloc %alloc_6 : memref<2xi1>
// CHECK: memref.dealloc %alloc_7 : memref<0xi1>
// CHECK-LABEL: func.func @multi
// CHECK: %1 = scf.if %arg0 -> (memref<4xf32>) {
// CHECK: %3 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK: scf.if %2 {
// CHECK: memref.dealloc %alloc : memref<4xf32>
// CHECK-LABEL: func.func @view
// CHECK-LABEL: func.func private @ext
// CHECK-LABEL: func.func @glob
// CHECK: %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-LABEL: func.func @ext_call
// CHECK: %0 = call @ext(%arg0) : (memref<4xf32>) -> memref<4xf32>
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK-LABEL: func.func @nested
// CHECK: %4 = scf.if %arg3 -> (memref<4xf32>) {
// CHECK: scf.if %6 {
// CHECK: memref.dealloc %base_buffer_11 : memref<f32>
// CHECK: %1 = scf.if %0#1 -> (memref<4xf32>) {
// CHECK: %4 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// CHECK: call @dealloc_helper(%cast, %cast_6, %cast_5, %cast_9, %cast_10) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK: scf.if %2 {
// CHECK: memref.dealloc %alloc : memref<4xf32>
// CHECK: scf.if %3 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK: memref.dealloc %alloc_0 : memref<2xindex>
// CHECK: memref.dealloc %alloc_2 : memref<1xindex>
// CHECK: memref.dealloc %alloc_1 : memref<2xi1>
// CHECK: memref.dealloc %alloc_7 : memref<2xi1>
// CHECK: memref.dealloc %alloc_8 : memref<1xi1>
// CHECK-LABEL: func.func @exec
// CHECK-LABEL: func.func @unranked
// CHECK-LABEL: func.func @dyn
// CHECK: memref.dealloc %alloc : memref<?xf32>
// CHECK-LABEL: func.func @wh2
// CHECK-LABEL: func.func private @fill2
// CHECK-LABEL: func.func @maybe_copy2
// CHECK: %0:2 = scf.if %arg0 -> (memref<?xf32>, memref<?xf32>) {
// CHECK: %3 = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// CHECK: scf.if %2 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK-LABEL: func.func @branches2
// CHECK: scf.if %1 {
// CHECK: memref.dealloc %alloc : memref<?xf32>
// CHECK: %4 = scf.if %3 -> (memref<?xf32>) {
// CHECK: %7 = bufferization.clone %2 : memref<?xf32> to memref<?xf32>
// CHECK: scf.if %6 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK-LABEL: func.func @sum2
// CHECK-LABEL: func.func @entry
// CHECK: %0 = call @fill2(%c4, %cst) : (index, f32) -> memref<?xf32>
// CHECK: %1 = call @fill2(%c4, %cst_0) : (index, f32) -> memref<?xf32>
// CHECK: %19 = func.call @fill2(%c4, %cst) : (index, f32) -> memref<?xf32>
// CHECK: func.call @dealloc_helper(%cast_54, %cast_56, %cast_55, %cast_59, %cast_60) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK: scf.if %22 {
// CHECK: memref.dealloc %base_buffer_40 : memref<f32>
// CHECK: scf.if %23 {
// CHECK: memref.dealloc %base_buffer_44 : memref<f32>
// CHECK: memref.dealloc %alloc_48 : memref<2xindex>
// CHECK: memref.dealloc %alloc_50 : memref<1xindex>
// CHECK: memref.dealloc %alloc_49 : memref<2xi1>
// CHECK: memref.dealloc %alloc_57 : memref<2xi1>
// CHECK: memref.dealloc %alloc_58 : memref<1xi1>
// CHECK: %3 = call @maybe_copy2(%true, %1) : (i1, memref<?xf32>) -> memref<?xf32>
// CHECK: %4 = call @maybe_copy2(%false, %1) : (i1, memref<?xf32>) -> memref<?xf32>
// CHECK: %5 = call @branches2(%true, %3) : (i1, memref<?xf32>) -> memref<?xf32>
// CHECK: %6 = call @branches2(%false, %4) : (i1, memref<?xf32>) -> memref<?xf32>
// CHECK: %7 = call @sum2(%2#0) : (memref<?xf32>) -> f32
// CHECK: %8 = call @sum2(%5) : (memref<?xf32>) -> f32
// CHECK: %9 = call @sum2(%cast) : (memref<?xf32>) -> f32
// CHECK: call @dealloc_helper(%cast_33, %cast_35, %cast_34, %cast_38, %cast_39) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK: scf.if %12 {
// CHECK: memref.dealloc %base_buffer : memref<f32>
// CHECK: scf.if %13 {
// CHECK: memref.dealloc %base_buffer_1 : memref<f32>
// CHECK: scf.if %14 {
// CHECK: memref.dealloc %base_buffer_5 : memref<f32>
// CHECK: scf.if %15 {
// CHECK: memref.dealloc %base_buffer_9 : memref<f32>
// CHECK: scf.if %16 {
// CHECK: memref.dealloc %base_buffer_13 : memref<f32>
// CHECK: scf.if %17 {
// CHECK: memref.dealloc %base_buffer_17 : memref<f32>
// CHECK: scf.if %18 {
// CHECK: memref.dealloc %base_buffer_21 : memref<f32>
// CHECK: memref.dealloc %alloc : memref<7xindex>
// CHECK: memref.dealloc %alloc_26 : memref<0xindex>
// CHECK: memref.dealloc %alloc_25 : memref<7xi1>
// CHECK: memref.dealloc %alloc_36 : memref<7xi1>
// CHECK: memref.dealloc %alloc_37 : memref<0xi1>
// CHECK-LABEL: func.func private @dealloc_helper
// CHECK: scf.if %6 {

// DYN-LABEL: func.func @straight
// DYN: memref.dealloc %alloc : memref<4xf32>
// DYN-LABEL: func.func @ret
// DYN-LABEL: func.func @retarg
// DYN: %0 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// DYN-LABEL: func.func @iff
// DYN: %0:2 = scf.if %arg0 -> (memref<4xf32>, memref<4xf32>) {
// DYN: %3 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
// DYN: scf.if %2 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN-LABEL: func.func @condbr
// DYN: %1 = scf.if %arg0 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// DYN: scf.if %2 {
// DYN: memref.dealloc %alloc : memref<4xf32>
// DYN-LABEL: func.func @loop
// DYN: scf.if %arg6 {
// DYN: memref.dealloc %base_buffer_1 : memref<f32>
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %4 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: scf.if %3 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN-LABEL: func.func @wh
// DYN: scf.if %arg3 {
// DYN: memref.dealloc %base_buffer_1 : memref<f32>
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %4 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: scf.if %3 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN-LABEL: func.func private @callee
// DYN-LABEL: func.func @caller
// DYN: %0:2 = call @callee(%alloc) : (memref<4xf32>) -> (memref<4xf32>, i1)
// DYN: call @dealloc_helper(%cast, %cast_5, %cast_4, %cast_8, %cast_9) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// DYN: scf.if %2 {
// DYN: memref.dealloc %alloc : memref<4xf32>
// DYN: scf.if %3 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN: memref.dealloc %alloc_0 : memref<2xindex>
// DYN: memref.dealloc %alloc_2 : memref<0xindex>
// DYN: memref.dealloc %alloc_1 : memref<2xi1>
// DYN: memref.dealloc %alloc_6 : memref<2xi1>
// DYN: memref.dealloc %alloc_7 : memref<0xi1>
// DYN-LABEL: func.func @multi
// DYN: %1 = scf.if %arg0 -> (memref<4xf32>) {
// DYN: %3 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// DYN: scf.if %2 {
// DYN: memref.dealloc %alloc : memref<4xf32>
// DYN-LABEL: func.func @view
// DYN-LABEL: func.func private @ext
// DYN-LABEL: func.func @glob
// DYN: %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// DYN-LABEL: func.func @ext_call
// DYN: %0 = call @ext(%arg0) : (memref<4xf32>) -> memref<4xf32>
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN-LABEL: func.func @nested
// DYN: %4 = scf.if %arg3 -> (memref<4xf32>) {
// DYN: scf.if %6 {
// DYN: memref.dealloc %base_buffer_11 : memref<f32>
// DYN: %1 = scf.if %0#1 -> (memref<4xf32>) {
// DYN: %4 = bufferization.clone %0#0 : memref<4xf32> to memref<4xf32>
// DYN: call @dealloc_helper(%cast, %cast_6, %cast_5, %cast_9, %cast_10) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// DYN: scf.if %2 {
// DYN: memref.dealloc %alloc : memref<4xf32>
// DYN: scf.if %3 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN: memref.dealloc %alloc_0 : memref<2xindex>
// DYN: memref.dealloc %alloc_2 : memref<1xindex>
// DYN: memref.dealloc %alloc_1 : memref<2xi1>
// DYN: memref.dealloc %alloc_7 : memref<2xi1>
// DYN: memref.dealloc %alloc_8 : memref<1xi1>
// DYN-LABEL: func.func @exec
// DYN-LABEL: func.func @unranked
// DYN-LABEL: func.func @dyn
// DYN: memref.dealloc %alloc : memref<?xf32>
// DYN-LABEL: func.func @wh2
// DYN-LABEL: func.func private @fill2
// DYN-LABEL: func.func @maybe_copy2
// DYN: %0:2 = scf.if %arg0 -> (memref<?xf32>, memref<?xf32>) {
// DYN: %3 = bufferization.clone %arg1 : memref<?xf32> to memref<?xf32>
// DYN: scf.if %2 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN-LABEL: func.func @branches2
// DYN: scf.if %1 {
// DYN: memref.dealloc %alloc : memref<?xf32>
// DYN: %4 = scf.if %3 -> (memref<?xf32>) {
// DYN: %7 = bufferization.clone %2 : memref<?xf32> to memref<?xf32>
// DYN: scf.if %6 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN-LABEL: func.func @sum2
// DYN-LABEL: func.func @entry
// DYN: %0:2 = call @fill2(%c4, %cst) : (index, f32) -> (memref<?xf32>, i1)
// DYN: %1:2 = call @fill2(%c4, %cst_0) : (index, f32) -> (memref<?xf32>, i1)
// DYN: %19:2 = func.call @fill2(%c4, %cst) : (index, f32) -> (memref<?xf32>, i1)
// DYN: func.call @dealloc_helper(%cast_54, %cast_56, %cast_55, %cast_59, %cast_60) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// DYN: scf.if %22 {
// DYN: memref.dealloc %base_buffer_40 : memref<f32>
// DYN: scf.if %23 {
// DYN: memref.dealloc %base_buffer_44 : memref<f32>
// DYN: memref.dealloc %alloc_48 : memref<2xindex>
// DYN: memref.dealloc %alloc_50 : memref<1xindex>
// DYN: memref.dealloc %alloc_49 : memref<2xi1>
// DYN: memref.dealloc %alloc_57 : memref<2xi1>
// DYN: memref.dealloc %alloc_58 : memref<1xi1>
// DYN: %3 = call @maybe_copy2(%true, %1#0) : (i1, memref<?xf32>) -> memref<?xf32>
// DYN: %4 = call @maybe_copy2(%false, %1#0) : (i1, memref<?xf32>) -> memref<?xf32>
// DYN: %5 = call @branches2(%true, %3) : (i1, memref<?xf32>) -> memref<?xf32>
// DYN: %6 = call @branches2(%false, %4) : (i1, memref<?xf32>) -> memref<?xf32>
// DYN: %7 = call @sum2(%2#0) : (memref<?xf32>) -> f32
// DYN: %8 = call @sum2(%5) : (memref<?xf32>) -> f32
// DYN: %9 = call @sum2(%cast) : (memref<?xf32>) -> f32
// DYN: call @dealloc_helper(%cast_33, %cast_35, %cast_34, %cast_38, %cast_39) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// DYN: scf.if %12 {
// DYN: memref.dealloc %base_buffer : memref<f32>
// DYN: scf.if %13 {
// DYN: memref.dealloc %base_buffer_1 : memref<f32>
// DYN: scf.if %14 {
// DYN: memref.dealloc %base_buffer_5 : memref<f32>
// DYN: scf.if %15 {
// DYN: memref.dealloc %base_buffer_9 : memref<f32>
// DYN: scf.if %16 {
// DYN: memref.dealloc %base_buffer_13 : memref<f32>
// DYN: scf.if %17 {
// DYN: memref.dealloc %base_buffer_17 : memref<f32>
// DYN: scf.if %18 {
// DYN: memref.dealloc %base_buffer_21 : memref<f32>
// DYN: memref.dealloc %alloc : memref<7xindex>
// DYN: memref.dealloc %alloc_26 : memref<0xindex>
// DYN: memref.dealloc %alloc_25 : memref<7xi1>
// DYN: memref.dealloc %alloc_36 : memref<7xi1>
// DYN: memref.dealloc %alloc_37 : memref<0xi1>
// DYN-LABEL: func.func private @dealloc_helper
// DYN: scf.if %6 {

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

func.func private @fill2(%n: index, %v: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return %a : memref<?xf32>
}

// Returns its argument or a new buffer: the caller's ownership differs.
func.func @maybe_copy2(%c: i1, %m: memref<?xf32>) -> memref<?xf32> {
  %r = scf.if %c -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %a = memref.alloc(%n) : memref<?xf32>
    memref.copy %m, %a : memref<?xf32> to memref<?xf32>
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %m : memref<?xf32>
  }
  return %r : memref<?xf32>
}

func.func @branches2(%c: i1, %x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  cf.cond_br %c, ^bb1(%a : memref<?xf32>), ^bb2
^bb1(%p: memref<?xf32>):
  cf.br ^bb3(%p : memref<?xf32>)
^bb2:
  %b = memref.alloc(%n) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb3(%r: memref<?xf32>):
  return %r : memref<?xf32>
}

func.func @sum2(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

func.func @entry() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = func.call @fill2(%c4, %one) : (index, f32) -> memref<?xf32>
  %b = func.call @fill2(%c4, %two) : (index, f32) -> memref<?xf32>
  // A loop that replaces its buffer every iteration.
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%it = %a) -> memref<?xf32> {
    %n = func.call @fill2(%c4, %one) : (index, f32) -> memref<?xf32>
    %c = arith.cmpi eq, %i, %c1 : index
    %pick = arith.select %c, %n, %it : memref<?xf32>
    scf.yield %pick : memref<?xf32>
  }
  %m1 = func.call @maybe_copy2(%true, %b) : (i1, memref<?xf32>) -> memref<?xf32>
  %m2 = func.call @maybe_copy2(%false, %b) : (i1, memref<?xf32>) -> memref<?xf32>
  %br1 = func.call @branches2(%true, %m1) : (i1, memref<?xf32>) -> memref<?xf32>
  %br2 = func.call @branches2(%false, %m2) : (i1, memref<?xf32>) -> memref<?xf32>
  %stack = memref.alloca(%c4) : memref<?xf32>
  memref.copy %br2, %stack : memref<?xf32> to memref<?xf32>
  %s1 = func.call @sum2(%l) : (memref<?xf32>) -> f32
  %s2 = func.call @sum2(%br1) : (memref<?xf32>) -> f32
  %s3 = func.call @sum2(%stack) : (memref<?xf32>) -> f32
  %t = arith.addf %s1, %s2 : f32
  %u = arith.addf %t, %s3 : f32
  return %u : f32
}
