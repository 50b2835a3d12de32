// SIGNATURE: crash at conversion/vectortollvm.(*lowering).broadcast: out of memory
// PIPELINE: builtin.module(gpu-to-llvm)
func.func @g(%a: vector<f32>, %s: f32, %m: memref<f32>, %n: memref<3xf32>, %i: index) -> (f32, vector<f32>, vector<1099511627776xf32>, vector<f32>, vector<f32>, vector<f32>, vector<f32>) {
  %1 = vector.broadcast %s : f32 to vector<f32>
  %3 = vector.extract %a[] : f32 from vector<f32>
  %4 = vector.broadcast %a : vector<f32> to vector<1099511627776xf32>
  %5 = vector.insert %s, %a[] : f32 into vector<f32>
  %9 = vector.load %m[] : memref<f32>, vector<f32>
  %11 = vector.load %n[%i] : memref<3xf32>, vector<f32>
  %10 = vector.fma %a, %a, %a : vector<f32>
  return %3, %1, %4, %5, %9, %10, %11 : f32, vector<f32>, vector<1099511627776xf32>, vector<f32>, vector<f32>, vector<f32>, vector<f32>
}
