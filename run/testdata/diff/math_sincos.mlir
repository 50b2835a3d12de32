// math.sincos on f32, f64 and a vector, across a call.
func.func @sc(%x: f32, %y: f64, %v: vector<3xf32>) {
  %s, %c = math.sincos %x : f32
  vector.print %s : f32
  vector.print %c : f32
  %s2, %c2 = math.sincos %y : f64
  vector.print %s2 : f64
  vector.print %c2 : f64
  %vs, %vc = math.sincos %v : vector<3xf32>
  vector.print %vs : vector<3xf32>
  vector.print %vc : vector<3xf32>
  return
}

func.func @main() {
  %x = arith.constant 0.5 : f32
  %y = arith.constant -2.25 : f64
  %v = arith.constant dense<[0.0, 1.0, 3.0]> : vector<3xf32>
  call @sc(%x, %y, %v) : (f32, f64, vector<3xf32>) -> ()
  return
}
