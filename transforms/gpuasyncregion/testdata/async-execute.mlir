// The gpu.wait that ends an async.execute moves to the users of its
// token: a fork into two async.execute and a join, then an await.
// CHECK-LABEL: func.func @fork_join
// CHECK: %[[T:.*]], %[[R:.*]]:3 = async.execute -> (!async.value<memref<?xi32>>, !async.value<!gpu.async.token>, !async.value<!gpu.async.token>)
// CHECK: async.yield %{{.*}}, %{{[0-9]+}}, %{{[0-9]+}} : memref<?xi32>, !gpu.async.token, !gpu.async.token
// CHECK: async.execute [%[[T]]] (%[[R]]#0 as %{{.*}}: !async.value<memref<?xi32>>, %[[R]]#1 as %[[A1:.*]]: !async.value<!gpu.async.token>)
// CHECK-NEXT: gpu.wait async [%[[A1]]]
// CHECK: async.execute [%[[T]]] (%[[R]]#0 as %{{.*}}: !async.value<memref<?xi32>>, %[[R]]#2 as %[[A2:.*]]: !async.value<!gpu.async.token>)
// CHECK: %[[W:.*]] = async.await %{{.*}} : !async.value<!gpu.async.token>
// CHECK-NEXT: gpu.wait [%[[W]]]
// CHECK-NEXT: call @use
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%a : memref<?xi32>, %b : memref<?xi32>) kernel { gpu.return }
  }
  func.func private @use(memref<?xi32>)
  func.func @fork_join(%h : memref<?xi32>, %n : index) {
    %c1 = arith.constant 1 : index
    %t0, %f0 = async.execute () -> !async.value<memref<?xi32>> {
      %b0 = gpu.alloc(%n) : memref<?xi32>
      gpu.memcpy %b0, %h : memref<?xi32>, memref<?xi32>
      async.yield %b0 : memref<?xi32>
    }
    %t1, %f1 = async.execute [%t0] (%f0 as %b0 : !async.value<memref<?xi32>>) -> !async.value<memref<?xi32>> {
      %b1 = gpu.alloc(%n) : memref<?xi32>
      gpu.memcpy %b1, %b0 : memref<?xi32>, memref<?xi32>
      async.yield %b1 : memref<?xi32>
    }
    %t2, %f2 = async.execute [%t0] (%f0 as %b0 : !async.value<memref<?xi32>>) -> !async.value<memref<?xi32>> {
      %b2 = gpu.alloc(%n) : memref<?xi32>
      gpu.memcpy %b2, %b0 : memref<?xi32>, memref<?xi32>
      async.yield %b2 : memref<?xi32>
    }
    %t3 = async.execute [%t1, %t2] (%f1 as %b1 : !async.value<memref<?xi32>>, %f2 as %b2 : !async.value<memref<?xi32>>) {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b1 : memref<?xi32>, %b2 : memref<?xi32>)
      async.yield
    }
    async.await %t3 : !async.token
    call @use(%h) : (memref<?xi32>) -> ()
    return
  }
}

// -----

// Three users of one token: upstream's single-use rewrite yields the
// token twice more but moves only the second use.
// CHECK-LABEL: func.func @three_users
// CHECK: %[[T:.*]], %[[R:.*]]:3 = async.execute -> (!async.value<!gpu.async.token>, !async.value<!gpu.async.token>, !async.value<!gpu.async.token>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @three_users() {
    %c1 = arith.constant 1 : index
    %t0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      async.yield
    }
    %t1 = async.execute [%t0] {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      async.yield
    }
    %t2 = async.execute [%t0] {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      async.yield
    }
    %t3 = async.execute [%t0] {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      async.yield
    }
    async.await %t1 : !async.token
    async.await %t2 : !async.token
    async.await %t3 : !async.token
    return
  }
}

// -----

// A token that a terminator uses keeps the wait in the body; so does a
// body whose wait is followed by an operation with side effects.
// CHECK-LABEL: func.func @kept
// CHECK: async.execute {
// CHECK: gpu.wait [%{{.*}}]
// CHECK-NEXT: async.yield
// CHECK: async.execute {
// CHECK: gpu.wait [%{{.*}}]
// CHECK-NEXT: call @effect
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func private @effect()
  func.func @kept() -> !async.token {
    %c1 = arith.constant 1 : index
    %t0 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      async.yield
    }
    %t1 = async.execute {
      gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      func.call @effect() : () -> ()
      async.yield
    }
    async.await %t1 : !async.token
    return %t0 : !async.token
  }
}
