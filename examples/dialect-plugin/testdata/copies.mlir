func.func @stage(%src: memref<64xf32>, %buf: memref<64xf32, #toy.sram>, %other: memref<64xf32, #toy.sram>) {
  %t0 = toy.copy_async %src, %buf : memref<64xf32>, memref<64xf32, #toy.sram>
  toy.wait %t0
  %t1 = toy.copy_async %src, %other : memref<64xf32>, memref<64xf32, #toy.sram>
  "toy.compute"(%buf) : (memref<64xf32, #toy.sram>) -> ()
  toy.wait %t1
  return
}
