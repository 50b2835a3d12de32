// Masks (constant_mask, create_mask with operands inside, beyond and below
// the vector's sizes), masked loads and stores on 1-D and 2-D memrefs
// with lanes off the end of the memref masked off, step, from_elements,
// and strided slices (extract and insert, 1-D and 2-D, with strides),
// across calls so that nothing folds.
func.func @masks(%n: index, %m: index) -> vector<4xi1> {
  %c = vector.constant_mask [2, 3] : vector<3x4xi1>
  vector.print %c : vector<3x4xi1>
  %c0 = vector.constant_mask [0] : vector<4xi1>
  vector.print %c0 : vector<4xi1>
  %cm = vector.create_mask %n : vector<4xi1>
  vector.print %cm : vector<4xi1>
  %cm2 = vector.create_mask %n, %m : vector<3x5xi1>
  vector.print %cm2 : vector<3x5xi1>
  %big = arith.constant 9 : index
  %all = vector.create_mask %big : vector<4xi1>
  vector.print %all : vector<4xi1>
  %neg = arith.constant -2 : index
  %none = vector.create_mask %neg, %m : vector<2x5xi1>
  vector.print %none : vector<2x5xi1>
  return %cm : vector<4xi1>
}

func.func @loads(%buf: memref<6xf32>, %mask: vector<4xi1>, %i: index, %b2: memref<3x4xi32>) {
  %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %l = vector.maskedload %buf[%i], %mask, %pass : memref<6xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.print %l : vector<4xf32>
  %v = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : vector<4xf32>
  vector.maskedstore %buf[%i], %mask, %v : memref<6xf32>, vector<4xi1>, vector<4xf32>
  %c0 = arith.constant 0 : index
  %all = vector.load %buf[%c0] : memref<6xf32>, vector<6xf32>
  vector.print %all : vector<6xf32>
  %r = arith.constant 1 : index
  %m2 = vector.constant_mask [3] : vector<8xi1>
  %p2 = arith.constant dense<7> : vector<8xi32>
  %l2 = vector.maskedload %b2[%r, %r], %m2, %p2 : memref<3x4xi32>, vector<8xi1>, vector<8xi32> into vector<8xi32>
  vector.print %l2 : vector<8xi32>
  %w = arith.constant dense<[100, 200, 300, 400, 500, 600, 700, 800]> : vector<8xi32>
  %m3 = vector.constant_mask [2] : vector<8xi1>
  vector.maskedstore %b2[%r, %r], %m3, %w : memref<3x4xi32>, vector<8xi1>, vector<8xi32>
  %row = vector.load %b2[%r, %c0] : memref<3x4xi32>, vector<4xi32>
  vector.print %row : vector<4xi32>
  return
}

func.func @build(%a: f32, %b: f32, %c: f32) -> vector<2x3xf32> {
  %s = vector.step : vector<5xindex>
  vector.print %s : vector<5xindex>
  %e = vector.from_elements %a, %b, %c : vector<3xf32>
  vector.print %e : vector<3xf32>
  %e2 = vector.from_elements %a, %b, %c, %c, %b, %a : vector<2x3xf32>
  vector.print %e2 : vector<2x3xf32>
  return %e2 : vector<2x3xf32>
}

func.func @slices(%v: vector<8xi32>, %m: vector<4x4xf32>, %d: vector<3x4xf32>) {
  %a = vector.extract_strided_slice %v {offsets = [1], sizes = [3], strides = [1]} : vector<8xi32> to vector<3xi32>
  vector.print %a : vector<3xi32>
  %b = vector.extract_strided_slice %m {offsets = [1, 2], sizes = [2, 2], strides = [1, 1]} : vector<4x4xf32> to vector<2x2xf32>
  vector.print %b : vector<2x2xf32>
  %c = vector.extract_strided_slice %m {offsets = [2], sizes = [2], strides = [1]} : vector<4x4xf32> to vector<2x4xf32>
  vector.print %c : vector<2x4xf32>
  %i = vector.insert_strided_slice %b, %d {offsets = [1, 1], strides = [1, 1]} : vector<2x2xf32> into vector<3x4xf32>
  vector.print %i : vector<3x4xf32>
  %row = arith.constant dense<[-1.0, -2.0]> : vector<2xf32>
  %j = vector.insert_strided_slice %row, %d {offsets = [2, 2], strides = [1]} : vector<2xf32> into vector<3x4xf32>
  vector.print %j : vector<3x4xf32>
  %k = vector.insert_strided_slice %a, %v {offsets = [5], strides = [1]} : vector<3xi32> into vector<8xi32>
  vector.print %k : vector<8xi32>
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %mask = func.call @masks(%c3, %c2) : (index, index) -> vector<4xi1>
  %buf = memref.alloc() : memref<6xf32>
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : vector<6xf32>
  %c0 = arith.constant 0 : index
  vector.store %init, %buf[%c0] : memref<6xf32>, vector<6xf32>
  %b2 = memref.alloc() : memref<3x4xi32>
  %iv = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %c1 = arith.constant 1 : index
  vector.store %iv, %b2[%c0, %c0] : memref<3x4xi32>, vector<4xi32>
  vector.store %iv, %b2[%c1, %c0] : memref<3x4xi32>, vector<4xi32>
  vector.store %iv, %b2[%c2, %c0] : memref<3x4xi32>, vector<4xi32>
  %c4 = arith.constant 4 : index
  %m2 = vector.create_mask %c2 : vector<4xi1>
  func.call @loads(%buf, %mask, %c2, %b2) : (memref<6xf32>, vector<4xi1>, index, memref<3x4xi32>) -> ()
  func.call @loads(%buf, %m2, %c4, %b2) : (memref<6xf32>, vector<4xi1>, index, memref<3x4xi32>) -> ()
  %x = arith.constant 1.5 : f32
  %y = arith.constant -2.0 : f32
  %z = arith.constant 8.0 : f32
  %e = func.call @build(%x, %y, %z) : (f32, f32, f32) -> vector<2x3xf32>
  %v = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
  %m = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : vector<4x4xf32>
  %d = arith.constant dense<0.5> : vector<3x4xf32>
  func.call @slices(%v, %m, %d) : (vector<8xi32>, vector<4x4xf32>, vector<3x4xf32>) -> ()
  memref.dealloc %buf : memref<6xf32>
  memref.dealloc %b2 : memref<3x4xi32>
  return
}
