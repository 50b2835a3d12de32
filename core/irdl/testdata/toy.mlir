func.func @ops(%a: f32, %b: f32, %m: memref<4xf32>, %n: memref<4xf32, 1>, %i: index, %c: i1,
               %t: !toy.token, %buf: !toy.buffer<4x?xf32, #toy.space<1>>, %p: tensor<?xf32>) -> f32 {
  %0 = toy.add %a, %b : f32
  %1 = toy.add %0, %b {note = "x"} : f32
  %tok = toy.copy_async %m[%i, %i] to %n {count = 4 : i64} : memref<4xf32>, memref<4xf32, 1>
  %tok2 = toy.copy_async %m[] to %n {tag = "t"} : memref<4xf32>, memref<4xf32, 1>
  toy.wait
  toy.wait %t, %tok
  %2 = toy.alloc(%i) <add>, fast : <4x?xf32>
  %3 = toy.alloc(%i, %i)[%i] zeroed <mul>, precise {alignment = 64 : i64} : <?x?xf32, #toy.space<2>>
  %4 = toy.alloc() #toy.kind<add>, "precise" : !toy.buffer<f32>
  toy.launch {
    %5 = toy.add %a, %a : f32
  }
  toy.launch(%a, %i : f32, index) {
    toy.yield %a : f32
  } attributes {foo}
  toy.bounds upper = 4 fast lower = 1
  toy.bounds
  toy.config <{label = "l", n = 3 : i32}> {extra}
  %6 = toy.cast %a : (f32) -> i32
  toy.kind @k <mul> [1, 2, 3]
  toy.kind @"a b" #toy.kind<add> [] {x = #toy.pair<i32, "s">}
  %7:2 = toy.make : <2xi8>, !toy.buffer<3xi8>
  %8 = toy.select %c ? %p : %p : tensor<?xf32>
  toy.opt a %i b(%i, %i)
  toy.opt b()
  return %1 : f32
}

func.func @branches(%c: i1, %x: i32) {
  toy.cond_br %c, ^bb1, ^bb2
^bb1:
  toy.br ^bb2(%x, %x : i32, i32)
^bb2:
  toy.br ^bb3
^bb3:
  return
}
