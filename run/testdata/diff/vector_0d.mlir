// 0-D vectors: arith and math on them, broadcasts to and from them,
// extract and insert, fma, load and store through a 0-D memref, a 0-D
// constant, 0-D vectors across a call, printed with vector.print.
func.func @compute(%a: vector<f32>, %i: vector<i32>, %s: f32, %m: memref<f32>) -> vector<f32> {
  %sum = arith.addf %a, %a : vector<f32>
  vector.print %sum : vector<f32>
  %sq = math.sqrt %sum : vector<f32>
  vector.print %sq : vector<f32>
  %rs = math.rsqrt %sum : vector<f32>
  vector.print %rs : vector<f32>
  %k = arith.constant dense<-2.5> : vector<f32>
  %mul = arith.mulf %sq, %k : vector<f32>
  vector.print %mul : vector<f32>
  %cmp = arith.cmpf olt, %mul, %a : vector<f32>
  vector.print %cmp : vector<i1>
  %sel = arith.select %cmp, %mul, %a : vector<i1>, vector<f32>
  vector.print %sel : vector<f32>
  %i2 = arith.muli %i, %i : vector<i32>
  %c = math.ctlz %i2 : vector<i32>
  vector.print %c : vector<i32>
  %f = arith.sitofp %i2 : vector<i32> to vector<f32>
  vector.print %f : vector<f32>
  %b = vector.broadcast %s : f32 to vector<f32>
  %e = vector.extract %b[] : f32 from vector<f32>
  vector.print %e : f32
  %ins = vector.insert %e, %f[] : f32 into vector<f32>
  vector.print %ins : vector<f32>
  %wide = vector.broadcast %ins : vector<f32> to vector<4xf32>
  vector.print %wide : vector<4xf32>
  %fma = vector.fma %a, %sum, %ins : vector<f32>
  vector.print %fma : vector<f32>
  vector.store %fma, %m[] : memref<f32>, vector<f32>
  %ld = vector.load %m[] : memref<f32>, vector<f32>
  %neg = arith.negf %ld : vector<f32>
  return %neg : vector<f32>
}

func.func @main() {
  %a = arith.constant dense<1.25> : vector<f32>
  %i = arith.constant dense<-7> : vector<i32>
  %s = arith.constant 3.5 : f32
  %m = memref.alloca() : memref<f32>
  %r = func.call @compute(%a, %i, %s, %m) : (vector<f32>, vector<i32>, f32, memref<f32>) -> vector<f32>
  vector.print %r : vector<f32>
  %x = memref.load %m[] : memref<f32>
  vector.print %x : f32
  return
}
