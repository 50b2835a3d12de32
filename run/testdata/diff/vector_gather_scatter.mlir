// Gathers and scatters on 1-D and 2-D memrefs (offsets that cross rows of
// the 2-D base, negative offsets from a later start, lanes off the end
// masked off, i32 and index offsets), a 2-D gather, and a gather from and
// a scatter into a tensor, across calls so that nothing folds.
func.func @gathers(%buf: memref<8xf32>, %b2: memref<3x4xi32>, %mask: vector<4xi1>, %i: index) {
  %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %off = arith.constant dense<[3, 0, 7, 1]> : vector<4xi32>
  %g = vector.gather %buf[%i][%off], %mask, %pass : memref<8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.print %g : vector<4xf32>
  %c1 = arith.constant 1 : index
  %off2 = arith.constant dense<[-4, 0, 3, 6]> : vector<4xindex>
  %p2 = arith.constant dense<0> : vector<4xi32>
  %all = arith.constant dense<true> : vector<4xi1>
  %g2 = vector.gather %b2[%c1, %c1][%off2], %all, %p2 : memref<3x4xi32>, vector<4xindex>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  vector.print %g2 : vector<4xi32>
  %off3 = arith.constant dense<[[0, 1], [4, 5]]> : vector<2x2xi32>
  %m3 = arith.constant dense<[[true, false], [true, true]]> : vector<2x2xi1>
  %p3 = arith.constant dense<9> : vector<2x2xi32>
  %c0 = arith.constant 0 : index
  %g3 = vector.gather %b2[%c0, %c0][%off3], %m3, %p3 : memref<3x4xi32>, vector<2x2xi32>, vector<2x2xi1>, vector<2x2xi32> into vector<2x2xi32>
  vector.print %g3 : vector<2x2xi32>
  return
}

func.func @scatters(%buf: memref<8xf32>, %mask: vector<4xi1>, %i: index) {
  %off = arith.constant dense<[3, 0, 7, 1]> : vector<4xi32>
  %v = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : vector<4xf32>
  vector.scatter %buf[%i][%off], %mask, %v : memref<8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %c0 = arith.constant 0 : index
  %r = vector.load %buf[%c0] : memref<8xf32>, vector<8xf32>
  vector.print %r : vector<8xf32>
  return
}

func.func @tensors(%mask: vector<3xi1>) -> tensor<6xi64> {
  %t = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi64>
  %c1 = arith.constant 1 : index
  %off = arith.constant dense<[4, 0, 2]> : vector<3xindex>
  %pass = arith.constant dense<-7> : vector<3xi64>
  %g = vector.gather %t[%c1][%off], %mask, %pass : tensor<6xi64>, vector<3xindex>, vector<3xi1>, vector<3xi64> into vector<3xi64>
  vector.print %g : vector<3xi64>
  %v = arith.constant dense<[100, 200, 300]> : vector<3xi64>
  %s = vector.scatter %t[%c1][%off], %mask, %v : tensor<6xi64>, vector<3xindex>, vector<3xi1>, vector<3xi64> -> tensor<6xi64>
  return %s : tensor<6xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<8xf32>
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : vector<8xf32>
  vector.store %init, %buf[%c0] : memref<8xf32>, vector<8xf32>
  %b2 = memref.alloc() : memref<3x4xi32>
  %r0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %r1 = arith.constant dense<[5, 6, 7, 8]> : vector<4xi32>
  %r2 = arith.constant dense<[9, 10, 11, 12]> : vector<4xi32>
  vector.store %r0, %b2[%c0, %c0] : memref<3x4xi32>, vector<4xi32>
  vector.store %r1, %b2[%c1, %c0] : memref<3x4xi32>, vector<4xi32>
  vector.store %r2, %b2[%c2, %c0] : memref<3x4xi32>, vector<4xi32>
  %mask = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  func.call @gathers(%buf, %b2, %mask, %c0) : (memref<8xf32>, memref<3x4xi32>, vector<4xi1>, index) -> ()
  func.call @gathers(%buf, %b2, %mask, %c1) : (memref<8xf32>, memref<3x4xi32>, vector<4xi1>, index) -> ()
  func.call @scatters(%buf, %mask, %c1) : (memref<8xf32>, vector<4xi1>, index) -> ()
  %tm = arith.constant dense<[true, false, true]> : vector<3xi1>
  %s = func.call @tensors(%tm) : (vector<3xi1>) -> tensor<6xi64>
  %e0 = tensor.extract %s[%c1] : tensor<6xi64>
  vector.print %e0 : i64
  %c3 = arith.constant 3 : index
  %e3 = tensor.extract %s[%c3] : tensor<6xi64>
  vector.print %e3 : i64
  %c5 = arith.constant 5 : index
  %e5 = tensor.extract %s[%c5] : tensor<6xi64>
  vector.print %e5 : i64
  memref.dealloc %buf : memref<8xf32>
  memref.dealloc %b2 : memref<3x4xi32>
  return
}
