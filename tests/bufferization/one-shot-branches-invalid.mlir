// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

// As upstream: the buffer type of a block argument is that of what the
// branches to it pass, which must be in one memory space, and which some
// branch must tell.

// expected-error @below{{failed to bufferize op}}
// expected-error @below{{incoming operands of block argument have inconsistent memory spaces}}
func.func @memory_spaces(%c: i1) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2
^bb1(%a: tensor<5xf32>):
  return %a : tensor<5xf32>
^bb2:
  cf.br ^bb1(%1 : tensor<5xf32>)
}

// -----

// A block only its own branch reaches.

// expected-error @below{{failed to bufferize op}}
// expected-error @below{{could not infer buffer type of block argument}}
func.func @no_type(%t: tensor<5xf32>, %c: i1) -> tensor<5xf32> {
  return %t : tensor<5xf32>
^bb1(%a: tensor<5xf32>):
  cf.cond_br %c, ^bb1(%a : tensor<5xf32>), ^bb2
^bb2:
  return %a : tensor<5xf32>
}

// -----

// The blocks of an scf.execute_region must yield from one scf.yield.

func.func @two_yields(%c: i1, %t: tensor<5xf32>) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  // expected-error @below{{op without unique scf.yield is not supported}}
  %r = scf.execute_region -> tensor<5xf32> {
    cf.cond_br %c, ^bb1(%t : tensor<5xf32>), ^bb2(%0 : tensor<5xf32>)
  ^bb1(%a: tensor<5xf32>):
    scf.yield %a : tensor<5xf32>
  ^bb2(%b: tensor<5xf32>):
    scf.yield %b : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// -----

// An operation that asks for the buffer of such an argument fails there,
// as upstream, which rewrites the operations of a region before the one
// that holds it.

// expected-error @below{{incoming operands of block argument have inconsistent memory spaces}}
func.func @memory_spaces_read(%i: index, %c: i1) -> f32 {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2
^bb1(%a: tensor<5xf32>):
  // expected-error @below{{failed to bufferize op}}
  %e = tensor.extract %a[%i] : tensor<5xf32>
  return %e : f32
^bb2:
  cf.br ^bb1(%1 : tensor<5xf32>)
}

// -----

func.func @execute_region_memory_spaces(%i: index, %c: i1) -> f32 {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : ui64} : tensor<5xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : ui64} : tensor<5xf32>
  // expected-error @below{{incoming operands of block argument have inconsistent memory spaces}}
  %r = scf.execute_region -> f32 {
    cf.cond_br %c, ^bb1(%0 : tensor<5xf32>), ^bb2(%1 : tensor<5xf32>)
  ^bb2(%b: tensor<5xf32>):
    cf.br ^bb1(%b : tensor<5xf32>)
  ^bb1(%a: tensor<5xf32>):
    // expected-error @below{{failed to bufferize op}}
    %e = tensor.extract %a[%i] : tensor<5xf32>
    scf.yield %e : f32
  }
  return %r : f32
}
