// vector.print of scalars and vectors of several types, as lowered to the
// runner utilities; broadcast, extract, insert, reduction, load, store.
func.func @main() {
  %v = arith.constant dense<[1.5, -2.0, 3.25, 1.0e10]> : vector<4xf32>
  vector.print %v : vector<4xf32>
  %w = arith.constant dense<[[1, -2], [3, 4]]> : vector<2x2xi8>
  vector.print %w : vector<2x2xi8>
  %b = arith.constant dense<[true, false]> : vector<2xi1>
  vector.print %b : vector<2xi1>
  %i = arith.constant 7 : index
  vector.print %i : index
  %ni = arith.constant -7 : index
  vector.print %ni : index
  %u = arith.constant -1 : i32
  vector.print %u : i32
  %f = arith.constant 2.5 : f64
  vector.print %f : f64
  vector.print str "hello\n"
  %s = vector.broadcast %f : f64 to vector<3xf64>
  vector.print %s : vector<3xf64>
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  vector.print %r : f32
  %e = vector.extract %w[1] : vector<2xi8> from vector<2x2xi8>
  vector.print %e : vector<2xi8>
  %x = vector.extract %w[1, 0] : i8 from vector<2x2xi8>
  vector.print %x : i8
  %h = arith.constant dense<[1.5, 2.5]> : vector<2xf16>
  vector.print %h : vector<2xf16>
  %m = memref.alloc() : memref<2x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  vector.store %v, %m[%c1, %c0] : memref<2x4xf32>, vector<4xf32>
  %l = vector.load %m[%c1, %c0] : memref<2x4xf32>, vector<4xf32>
  %ins = vector.insert %r, %l[2] : f32 into vector<4xf32>
  %fm = vector.fma %ins, %ins, %l : vector<4xf32>
  vector.print %fm : vector<4xf32>
  %mx = vector.reduction <maxsi>, %e : vector<2xi8> into i8
  vector.print %mx : i8
  %bb = vector.broadcast %e : vector<2xi8> to vector<3x2xi8>
  vector.print %bb : vector<3x2xi8>
  vector.print %v : vector<4xf32> punctuation <comma>
  vector.print punctuation <newline>
  return
}
