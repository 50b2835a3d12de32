module {
  func.func @ops(%arg0: f32, %arg1: f32, %arg2: memref<4xf32>, %arg3: memref<4xf32, 1>, %arg4: index, %arg5: i1, %arg6: !toy.token, %arg7: !toy.buffer<4x?xf32, #toy.space<1>>, %arg8: tensor<?xf32>) -> f32 {
    %0 = toy.add %arg0, %arg1 : f32
    %1 = toy.add %0, %arg1 {note = "x"} : f32
    %2 = toy.copy_async %arg2[%arg4, %arg4] to %arg3 {count = 4 : i64} : memref<4xf32>, memref<4xf32, 1>
    %3 = toy.copy_async %arg2[] to %arg3 {tag = "t"} : memref<4xf32>, memref<4xf32, 1>
    toy.wait
    toy.wait %arg6, %2
    %4 = toy.alloc(%arg4) <add>, fast : <4x?xf32>
    %5 = toy.alloc(%arg4, %arg4) [%arg4] zeroed <mul>, precise {alignment = 64 : i64} : <?x?xf32, #toy.space<2>>
    %6 = toy.alloc() <add>, precise : <f32>
    toy.launch {
      %10 = toy.add %arg0, %arg0 : f32
    }
    toy.launch(%arg0, %arg4 : f32, index) {
      toy.yield %arg0 : f32
    } attributes {foo}
    toy.bounds lower = 1 upper = 4 fast
    toy.bounds
    toy.config <{label = "l", n = 3 : i32}> {extra}
    %7 = toy.cast %arg0 : (f32) -> i32
    toy.kind @k <mul> [1, 2, 3]
    toy.kind @"a b" <add> [] {x = #toy.pair<i32, "s">}
    %8:2 = toy.make : <2xi8>, !toy.buffer<3xi8>
    %9 = toy.select %arg5 ? %arg8 : %arg8 : tensor<?xf32>
    toy.opt a %arg4 b(%arg4, %arg4)
    toy.opt b()
    return %1 : f32
  }
  func.func @branches(%arg0: i1, %arg1: i32) {
    toy.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    toy.br ^bb2(%arg1, %arg1 : i32, i32)
  ^bb2:  // 2 preds: ^bb0, ^bb1
    toy.br ^bb3
  ^bb3:  // pred: ^bb2
    return
  }
}

