// The row kernels at a shape that is ragged for the NeuronCore: 200 rows
// (a block of 128 partitions and one of 72) of 700 columns (more than one
// bn_stats instruction reads, and no multiple of 128 or 512). Layer
// normalization takes its moments with bn_stats over two chunks of 350
// columns and one bn_aggr; softmax and RMS normalization reduce the rows
// on the vector engine.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// wave fills the matrix with cos(0.7 i - 0.045 j) * (1 + i / 64) + 0.5.
func.func @wave() -> tensor<200x700xf32> {
  %e = tensor.empty() : tensor<200x700xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<200x700xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %fj = arith.sitofp %jj : i32 to f32
    %a = arith.constant 0.7 : f32
    %b = arith.constant -0.045 : f32
    %q = arith.constant 0.015625 : f32
    %one = arith.constant 1.0 : f32
    %half = arith.constant 0.5 : f32
    %x = arith.mulf %fi, %a : f32
    %y = arith.mulf %fj, %b : f32
    %s = arith.addf %x, %y : f32
    %c = math.cos %s : f32
    %g = arith.mulf %fi, %q : f32
    %g1 = arith.addf %g, %one : f32
    %v = arith.mulf %c, %g1 : f32
    %w = arith.addf %v, %half : f32
    linalg.yield %w : f32
  } -> tensor<200x700xf32>
  return %r : tensor<200x700xf32>
}

// ramp fills a row of 700 with 0.5 + j / 1024 (on the host).
func.func @ramp(%m: memref<700xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 700 : index
  %k = arith.constant 0.0009765625 : f32
  %half = arith.constant 0.5 : f32
  scf.for %j = %c0 to %n step %c1 {
    %jj = arith.index_cast %j : index to i32
    %fj = arith.sitofp %jj : i32 to f32
    %x = arith.mulf %fj, %k : f32
    %v = arith.addf %x, %half : f32
    memref.store %v, %m[%j] : memref<700xf32>
  }
  return
}

func.func @layernorm(%x: tensor<200x700xf32>, %gamma: tensor<700xf32>, %beta: tensor<700xf32>) -> tensor<200x700xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 700.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<200xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<200xf32>) -> tensor<200xf32>
  %sum = linalg.reduce ins(%x : tensor<200x700xf32>) outs(%z : tensor<200xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e = tensor.empty() : tensor<200x700xf32>
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<200x700xf32>, tensor<200xf32>) outs(%e : tensor<200x700xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %mean = arith.divf %s, %n : f32
    %c = arith.subf %v, %mean : f32
    linalg.yield %c : f32
  } -> tensor<200x700xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<200x700xf32>) outs(%z : tensor<200xf32>) {
  ^bb0(%c: f32, %acc: f32):
    %c2 = arith.mulf %c, %c : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<200xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<200x700xf32>, tensor<200xf32>, tensor<700xf32>, tensor<700xf32>)
      outs(%e : tensor<200x700xf32>) {
  ^bb0(%c: f32, %s: f32, %g: f32, %b: f32, %out: f32):
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %c, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r = arith.addf %sc, %b : f32
    linalg.yield %r : f32
  } -> tensor<200x700xf32>
  return %y : tensor<200x700xf32>
}

func.func @rmsnorm(%x: tensor<200x700xf32>, %gamma: tensor<700xf32>) -> tensor<200x700xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 700.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %rows = tensor.empty() : tensor<200xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<200xf32>) -> tensor<200xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<200x700xf32>) outs(%z : tensor<200xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %v2 = arith.mulf %v, %v : f32
    %a = arith.addf %acc, %v2 : f32
    linalg.yield %a : f32
  } -> tensor<200xf32>
  %e = tensor.empty() : tensor<200x700xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sq, %gamma : tensor<200x700xf32>, tensor<200xf32>, tensor<700xf32>)
      outs(%e : tensor<200x700xf32>) {
  ^bb0(%v: f32, %s: f32, %g: f32, %out: f32):
    %ms = arith.divf %s, %n : f32
    %me = arith.addf %ms, %eps : f32
    %inv = math.rsqrt %me : f32
    %nrm = arith.mulf %v, %inv : f32
    %r = arith.mulf %nrm, %g : f32
    linalg.yield %r : f32
  } -> tensor<200x700xf32>
  return %y : tensor<200x700xf32>
}

func.func @softmax(%x: tensor<200x700xf32>) -> tensor<200x700xf32> {
  %init = tensor.empty() : tensor<200x700xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<200x700xf32>) outs(%init : tensor<200x700xf32>) -> tensor<200x700xf32>
  return %r : tensor<200x700xf32>
}

// main prints the sum of each output's rows (the outputs whole would be
// 420,000 numbers; TestEmittedKernelsRun compares them whole between the
// interpreter and the executor).
func.func @main() {
  %x = call @wave() : () -> tensor<200x700xf32>
  %gm = memref.alloc() : memref<700xf32>
  call @ramp(%gm) : (memref<700xf32>) -> ()
  %g = bufferization.to_tensor %gm restrict : memref<700xf32> to tensor<700xf32>
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : tensor<200xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<200xf32>) -> tensor<200xf32>
  %ln = call @layernorm(%x, %g, %g) : (tensor<200x700xf32>, tensor<700xf32>, tensor<700xf32>) -> tensor<200x700xf32>
  %rms = call @rmsnorm(%x, %g) : (tensor<200x700xf32>, tensor<700xf32>) -> tensor<200x700xf32>
  %sm = call @softmax(%x) : (tensor<200x700xf32>) -> tensor<200x700xf32>
  %s_ln = linalg.reduce ins(%ln : tensor<200x700xf32>) outs(%z : tensor<200xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %u_ln = tensor.cast %s_ln : tensor<200xf32> to tensor<*xf32>
  call @printMemrefF32(%u_ln) : (tensor<*xf32>) -> ()
  %s_rms = linalg.reduce ins(%rms : tensor<200x700xf32>) outs(%z : tensor<200xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %u_rms = tensor.cast %s_rms : tensor<200xf32> to tensor<*xf32>
  call @printMemrefF32(%u_rms) : (tensor<*xf32>) -> ()
  %s_sm = linalg.reduce ins(%sm : tensor<200x700xf32>) outs(%z : tensor<200xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %u_sm = tensor.cast %s_sm : tensor<200xf32> to tensor<*xf32>
  call @printMemrefF32(%u_sm) : (tensor<*xf32>) -> ()
  return
}
