"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32, memref<4xf32>, memref<4xf32, 1>, index, i1, !toy.token, !toy.buffer<4x?xf32, #toy.space<1>>, tensor<?xf32>) -> f32, sym_name = "ops"}> ({
  ^bb0(%arg2: f32, %arg3: f32, %arg4: memref<4xf32>, %arg5: memref<4xf32, 1>, %arg6: index, %arg7: i1, %arg8: !toy.token, %arg9: !toy.buffer<4x?xf32, #toy.space<1>>, %arg10: tensor<?xf32>):
    %0 = "toy.add"(%arg2, %arg3) : (f32, f32) -> f32
    %1 = "toy.add"(%0, %arg3) {note = "x"} : (f32, f32) -> f32
    %2 = "toy.copy_async"(%arg4, %arg5, %arg6, %arg6) <{count = 4 : i64}> : (memref<4xf32>, memref<4xf32, 1>, index, index) -> !toy.token
    %3 = "toy.copy_async"(%arg4, %arg5) <{count = 1 : i64, tag = "t"}> : (memref<4xf32>, memref<4xf32, 1>) -> !toy.token
    "toy.wait"() : () -> ()
    "toy.wait"(%arg8, %2) : (!toy.token, !toy.token) -> ()
    %4 = "toy.alloc"(%arg6) <{kind = #toy.kind<add>, mode = 0 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> !toy.buffer<4x?xf32>
    %5 = "toy.alloc"(%arg6, %arg6, %arg6) <{alignment = 64 : i64, kind = #toy.kind<mul>, mode = 1 : i64, operandSegmentSizes = array<i32: 2, 1>, zeroed}> : (index, index, index) -> !toy.buffer<?x?xf32, #toy.space<2>>
    %6 = "toy.alloc"() <{kind = #toy.kind<add>, mode = 1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> !toy.buffer<f32>
    "toy.launch"() ({
      %10 = "toy.add"(%arg2, %arg2) : (f32, f32) -> f32
      "toy.yield"() : () -> ()
    }) : () -> ()
    "toy.launch"(%arg2, %arg6) ({
      "toy.yield"(%arg2) : (f32) -> ()
    }) {foo} : (f32, index) -> ()
    "toy.bounds"() <{fast, lower = 1 : i64, upper = 4 : i64}> : () -> ()
    "toy.bounds"() : () -> ()
    "toy.config"() <{label = "l", n = 3 : i32}> {extra} : () -> ()
    %7 = "toy.cast"(%arg2) : (f32) -> i32
    "toy.kind"() <{dims = array<i64: 1, 2, 3>, sym = "k", value = #toy.kind<mul>}> : () -> ()
    "toy.kind"() <{dims = array<i64>, sym = "a b", value = #toy.kind<add>}> {x = #toy.pair<i32, "s">} : () -> ()
    %8:2 = "toy.make"() : () -> (!toy.buffer<2xi8>, !toy.buffer<3xi8>)
    %9 = "toy.select"(%arg7, %arg10, %arg10) : (i1, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    "toy.opt"(%arg6, %arg6, %arg6) <{operandSegmentSizes = array<i32: 1, 2>}> : (index, index, index) -> ()
    "toy.opt"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i32) -> (), sym_name = "branches"}> ({
  ^bb0(%arg0: i1, %arg1: i32):
    "toy.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "toy.br"(%arg1, %arg1)[^bb2] : (i32, i32) -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "toy.br"()[^bb3] : () -> ()
  ^bb3:  // pred: ^bb2
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

