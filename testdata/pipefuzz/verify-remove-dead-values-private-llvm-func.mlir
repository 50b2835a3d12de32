// SIGNATURE: remove-dead-values: operand #N of 'llvm.return' lost its value
// PIPELINE: builtin.module(symbol-privatize,remove-dead-values)
llvm.func @vector_ops(%a: f32, %v: vector<7xf32>, %i: i32, %e: vector<2xi8>) -> f32 {
  %0 = llvm.insertelement %a, %v[%i : i32] : vector<7xf32>
  %1 = llvm.shufflevector %0, %v [0, 0, 1] : vector<7xf32>
  %2 = llvm.extractelement %1[%i : i32] : vector<3xf32>
  llvm.return %2 : f32
}
