// Operations without tokens join one chain per block; a call (an
// operation with side effects) waits for it first.
// CHECK-LABEL: func.func @async
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: %[[T1:.*]] = gpu.launch_func async [%[[T0]]] @kernels::@kernel
// CHECK: %[[T2:.*]] = gpu.launch_func async [%[[T1]]] @kernels::@kernel
// CHECK: %[[M:.*]], %[[T3:.*]] = gpu.alloc async [%[[T2]]] () : memref<7xf32>
// CHECK: %[[T4:.*]] = gpu.dealloc async [%[[T3]]] %[[M]] : memref<7xf32>
// CHECK: gpu.wait [%[[T4]]]
// CHECK-NEXT: call @foo() : () -> ()
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func private @foo() -> ()
  func.func @async(%sz : index) {
    gpu.launch_func @kernels::@kernel
        blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    gpu.launch_func @kernels::@kernel
        blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    %m = gpu.alloc() : memref<7xf32>
    gpu.dealloc %m : memref<7xf32>
    call @foo() : () -> ()
    return
  }
}

// -----

// Existing tokens stay; a dependency is added once, first.
// CHECK-LABEL: func.func @existing_tokens
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[T1:.*]] = gpu.wait async [%[[T0]]]
// CHECK-NEXT: %[[M:.*]], %[[T2:.*]] = gpu.alloc async [%[[T1]], %[[T0]]] () : memref<7xf32>
// CHECK-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[M]] : memref<7xf32>
// CHECK-NEXT: gpu.wait [%[[T3]]]
// CHECK-NEXT: gpu.wait [%[[T3]]]
func.func @existing_tokens() {
  %t0 = gpu.wait async
  %t1 = gpu.wait async [%t0]
  %0 = gpu.alloc [%t0] () : memref<7xf32>
  %t2 = gpu.dealloc async %0 : memref<7xf32>
  gpu.wait
  gpu.wait [%t2]
  return
}

// -----

// Each block has its own chain, which ends before its terminator; a loop
// whose body has effects ends the enclosing chain before it.
// CHECK-LABEL: func.func @loops
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[D:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] (%{{.*}}) : memref<?xf32>
// CHECK-NEXT: gpu.wait [%[[T1]]]
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[L0:.*]] = gpu.wait async
// CHECK-NEXT: %[[L1:.*]] = gpu.memcpy async [%[[L0]]] %[[D]], %{{.*}}
// CHECK: %[[L2:.*]] = gpu.launch_func async [%[[L1]]] @kernels::@kernel blocks in (%{{.*}}) threads in (%{{.*}}) dynamic_shared_memory_size %{{.*}} args(%{{.*}} : index)
// CHECK: %[[L3:.*]] = gpu.memset async [%[[L2]]] %[[D]]
// CHECK-NEXT: gpu.wait [%[[L3]]]
// CHECK-NEXT: }
// CHECK-NEXT: memref.load
// CHECK-NEXT: %[[T2:.*]] = gpu.wait async
// CHECK-NEXT: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[D]]
// CHECK-NEXT: gpu.wait [%[[T3]]]
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%a : index) kernel { gpu.return }
  }
  func.func @loops(%sz : index, %n : index, %h : memref<7xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %shm = arith.constant 128 : i32
    %d = gpu.alloc(%sz) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      gpu.memcpy %d, %h : memref<?xf32>, memref<7xf32>
      %x = arith.addi %i, %c1 : index
      gpu.launch_func @kernels::@kernel
          blocks in (%x, %sz, %sz) threads in (%sz, %sz, %sz)
          dynamic_shared_memory_size %shm args(%x : index)
      %f = arith.constant 1.0 : f32
      gpu.memset %d, %f : memref<?xf32>, f32
    }
    %v = memref.load %h[%c0] : memref<7xf32>
    gpu.dealloc %d : memref<?xf32>
    return
  }
}

// -----

// Branches: the chain ends before cf.br and cf.cond_br; pure operations
// between gpu operations do not end it.
// CHECK-LABEL: func.func @branches
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[M:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<4xi32>
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[T2:.*]] = gpu.memset async [%[[T1]]] %[[M]]
// CHECK-NEXT: gpu.wait [%[[T2]]]
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: %[[B0:.*]] = gpu.wait async
// CHECK-NEXT: %[[B1:.*]] = gpu.dealloc async [%[[B0]]] %[[M]]
// CHECK-NEXT: gpu.wait [%[[B1]]]
// CHECK-NEXT: cf.br ^bb2
func.func @branches(%c : i1) {
  %m = gpu.alloc() : memref<4xi32>
  %z = arith.constant 0 : i32
  gpu.memset %m, %z : memref<4xi32>, i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  gpu.dealloc %m : memref<4xi32>
  cf.br ^bb2
^bb2:
  return
}
