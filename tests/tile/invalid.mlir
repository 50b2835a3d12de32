// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The tile dialect's verifiers.

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  // expected-error @below {{'tile.program_id' op axis 2 is out of range for a grid of rank 2}}
  %p = tile.program_id 2 : index
  tile.return
}

// -----

func.func @f() {
  // expected-error @below {{'tile.num_programs' op expects to be inside a tile.func}}
  %p = tile.num_programs 0 : index
  return
}

// -----

// expected-error @below {{'tile.func' op kernel argument #0 must be a memref, signless integer, index or float, but got 'tensor<4xf32>'}}
tile.func @k(%t: tensor<4xf32>) grid [parallel, parallel] {

  tile.return
}

// -----

// expected-error @below {{'tile.func' op grid axis semantics must be 'parallel' or 'arbitrary', got 'serial'}}
"tile.func"() <{function_type = () -> (), grid = ["serial"], sym_name = "k"}> ({
  "tile.return"() : () -> ()
}) : () -> ()

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {

  tile.return
}
func.func @f(%m: memref<?x?xf32>, %n: index) {
  // expected-error @below {{'tile.launch' op grid has 1 sizes but kernel '@k' has a grid of rank 2}}
  tile.launch @k grid [%n] (%m) : memref<?x?xf32>
  return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {

  tile.return
}
func.func @f(%m: memref<?x?xf16>, %n: index) {
  // expected-error @below {{'tile.launch' op argument #0 has type 'memref<?x?xf16>', but kernel '@k' expects 'memref<?x?xf32>'}}
  tile.launch @k grid [%n, %n] (%m) : memref<?x?xf16>
  return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {

  tile.return
}
func.func @f(%n: index) {
  // expected-error @below {{'tile.launch' op kernel '@k' takes 1 arguments, but 0 were passed}}
  tile.launch @k grid [%n, %n] ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @below {{'tile.launch' op '@nope' does not reference a tile.func}}
  tile.launch @nope grid [%n] ()
  return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  // expected-error @below {{'tile.view' op element type 'f16' of the view does not match the memref's 'f32'}}
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  // expected-error @below {{'tile.view' op view dimension 0 is 4 but the memref's is ?}}
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<4x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  // expected-error @below {{'tile.view' op view stride 1 is 2 but the memref's is 1}}
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32, strided<[?, 2]>>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %c = arith.constant 1 : index
  // expected-error @below {{'tile.view' op expects 2 sizes and 2 strides for a view of rank 2, got 1 and 1}}
  %A = tile.view %m sizes [%c] strides [%c] : memref<?x?xf32> -> !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  // expected-error @below {{'tile.view' op view type '!tile.view<?x?xf32, strided<[1]>>' must have a strided<[...]> layout of its rank or none}}
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32, strided<[1]>>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.dim' op dimension 2 is out of range for a view of rank 2}}
  %d = tile.dim %A, 2 : !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.num_blocks' op block size must be positive, got 0}}
  %d = tile.num_blocks %A dim 0 block 0 : !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op load without a pad value on a view whose shape is not provably a multiple of the block: dimension 0 of size ?, block 16}}
  %t = tile.load %A[%c0, %c0] : !tile.view<?x?xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @below {{'tile.store' op store without a mask or bounds_check on a view whose shape is not provably a multiple of the block: dimension 0 of size ?, block 16}}
  tile.store %t, %A[%c0, %c0] : tensor<16x16xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<48x40xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<48x40xf32> -> !tile.view<48x40xf32>
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @below {{'tile.store' op store without a mask or bounds_check on a view whose shape is not provably a multiple of the block: dimension 1 of size 40, block 16}}
  tile.store %t, %A[%c0, %c0] : tensor<16x16xf32>, !tile.view<48x40xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @below {{'tile.atomic_add' op atomic_add without a mask or bounds_check on a view whose shape is not provably a multiple of the block: dimension 0 of size ?, block 16}}
  tile.atomic_add %t, %A[%c0, %c0] : tensor<16x16xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op expects 2 indices for a view of rank 2, got 1}}
  %t = tile.load %A[%c0] pad zero : !tile.view<?x?xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op tile of rank 1 does not match the view of rank 2}}
  %t = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op tile element type 'f16' does not match the view's 'f32'}}
  %t = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<4x4xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %mk = arith.constant dense<true> : tensor<4x4xi1>
  // expected-error @below {{'tile.load' op a masked load needs a pad value}}
  %t = tile.load %A[%c0, %c0] mask %mk : !tile.view<?x?xf32> -> tensor<4x4xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %mk = arith.constant dense<true> : tensor<4x2xi1>
  // expected-error @below {{'tile.load' op mask shape 4x2 does not match the tile shape 4x4}}
  %t = "tile.load"(%A, %c0, %c0, %mk) <{operandSegmentSizes = array<i32: 1, 2, 1>, pad = "zero"}> : (!tile.view<?x?xf32>, index, index, tensor<4x2xi1>) -> tensor<4x4xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xi32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xi32> -> !tile.view<?x?xi32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op pad neg_inf needs a float element type, but the tile has 'i32'}}
  %t = tile.load %A[%c0, %c0] pad neg_inf : !tile.view<?x?xi32> -> tensor<4x4xi32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op pad must be zero, neg_inf, pos_inf, nan or a constant, got "one"}}
  %t = "tile.load"(%A, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 2, 0>, pad = "one"}> : (!tile.view<?x?xf32>, index, index) -> tensor<4x4xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op pad constant of type 'f16' does not match the element type 'f32'}}
  %t = "tile.load"(%A, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 2, 0>, pad = 1.0 : f16}> : (!tile.view<?x?xf32>, index, index) -> tensor<4x4xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %o = tile.iota : tensor<16xindex>
  %o8 = tile.iota : tensor<8xindex>
  // expected-error @below {{'tile.gather' op offset tile #1 of shape 8 does not match the tile shape 16}}
  %t = "tile.gather"(%A, %o, %o8) <{operandSegmentSizes = array<i32: 1, 2, 0>, pad = "zero"}> : (!tile.view<?x?xf32>, tensor<16xindex>, tensor<8xindex>) -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %o = tile.iota : tensor<16xindex>
  // expected-error @below {{'tile.gather' op expects 2 offset tiles for a view of rank 2, got 1}}
  %t = tile.gather %A[%o] pad zero : !tile.view<?x?xf32>, tensor<16xindex> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %o = tile.iota : tensor<16xindex>
  %v = arith.constant dense<1.0> : tensor<16xf16>
  // expected-error @below {{'tile.scatter' op tile element type 'f16' does not match the view's 'f32'}}
  tile.scatter %v, %A[%o, %o] : tensor<16xf16>, !tile.view<?x?xf32>, tensor<16xindex>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<16x8xbf16>
  %b = arith.constant dense<0.0> : tensor<8x32xbf16>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  %b2 = arith.constant dense<0.0> : tensor<4x32xbf16>
  // expected-error @below {{'tile.dot' op contraction dimension mismatch: a is 16x8 and b is 4x32}}
  %d = tile.dot %a, %b2, %c : tensor<16x8xbf16>, tensor<4x32xbf16> -> tensor<16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<16x8xbf16>
  %b = arith.constant dense<0.0> : tensor<8x32xbf16>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  %c2 = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @below {{'tile.dot' op accumulator shape 16x16 does not match the product shape 16x32}}
  %d = tile.dot %a, %b, %c2 : tensor<16x8xbf16>, tensor<8x32xbf16> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<16x8xbf16>
  %b = arith.constant dense<0.0> : tensor<8x32xbf16>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  %c2 = arith.constant dense<0.0> : tensor<16x32xbf16>
  // expected-error @below {{'tile.dot' op accumulator type 'bf16' is not supported for inputs of type 'bf16' (expected f32)}}
  %d = tile.dot %a, %b, %c2 : tensor<16x8xbf16>, tensor<8x32xbf16> -> tensor<16x32xbf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0> : tensor<16x8xi8>
  %b = arith.constant dense<0> : tensor<8x32xi8>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  // expected-error @below {{'tile.dot' op accumulator type 'f32' is not supported for inputs of type 'i8' (expected i32)}}
  %d = tile.dot %a, %b, %c : tensor<16x8xi8>, tensor<8x32xi8> -> tensor<16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<16x8xbf16>
  %b = arith.constant dense<0.0> : tensor<8x32xbf16>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  %b2 = arith.constant dense<0.0> : tensor<8x32xf16>
  // expected-error @below {{'tile.dot' op input element types 'bf16' and 'f16' differ}}
  %d = tile.dot %a, %b2, %c : tensor<16x8xbf16>, tensor<8x32xf16> -> tensor<16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<16x8xbf16>
  %b = arith.constant dense<0.0> : tensor<8x32xbf16>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  // expected-error @below {{'tile.dot' op precision tf32 applies to f32 inputs, not 'bf16'}}
  %d = tile.dot %a, %b, %c precision tf32 : tensor<16x8xbf16>, tensor<8x32xbf16> -> tensor<16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<2x16x8xf32>
  %c = arith.constant dense<0.0> : tensor<16x32xf32>
  // expected-error @below {{'tile.dot' op expects tiles of one rank of at least 2 (batch dimensions, then the matrix), got 2x16x8, 2x16x8 and 16x32}}
  %d = tile.dot %a, %a, %c : tensor<2x16x8xf32>, tensor<2x16x8xf32> -> tensor<16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<16xf32>
  // expected-error @below {{'tile.dot' op expects tiles of one rank of at least 2 (batch dimensions, then the matrix), got 16, 16 and 16}}
  %d = tile.dot %a, %a, %a : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<2x16x8xf32>
  %b = arith.constant dense<0.0> : tensor<3x8x32xf32>
  %c = arith.constant dense<0.0> : tensor<2x16x32xf32>
  // expected-error @below {{'tile.dot' op batch dimension 0 differs: a is 2x16x8, b is 3x8x32 and the accumulator 2x16x32}}
  %d = tile.dot %a, %b, %c : tensor<2x16x8xf32>, tensor<3x8x32xf32> -> tensor<2x16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<2x16x8xf32>
  %b = arith.constant dense<0.0> : tensor<2x4x32xf32>
  %c = arith.constant dense<0.0> : tensor<2x16x32xf32>
  // expected-error @below {{'tile.dot' op contraction dimension mismatch: a is 2x16x8 and b is 2x4x32}}
  %d = tile.dot %a, %b, %c : tensor<2x16x8xf32>, tensor<2x4x32xf32> -> tensor<2x16x32xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0.0> : tensor<2x16x8xf32>
  %b = arith.constant dense<0.0> : tensor<2x8x32xf32>
  %c = arith.constant dense<0.0> : tensor<2x16x16xf32>
  // expected-error @below {{'tile.dot' op accumulator shape 2x16x16 does not match the product shape 2x16x32}}
  %d = tile.dot %a, %b, %c : tensor<2x16x8xf32>, tensor<2x8x32xf32> -> tensor<2x16x16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<4x8xf32>
  // expected-error @below {{'tile.cat' op result shape 4x16 must be 8x8: the operands' first dimensions added}}
  %c = tile.cat %a, %a : tensor<4x8xf32> -> tensor<4x16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<4x8xf32>
  // expected-error @below {{'tile.cat' op result element type 'f16' does not match the input's 'f32'}}
  %c = tile.cat %a, %a : tensor<4x8xf32> -> tensor<8x8xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<4x8xf32>
  %b = arith.constant dense<0.0> : tensor<2x8xf32>
  // expected-error @below {{'tile.cat' op requires all operands to have the same type}}
  %c = "tile.cat"(%a, %b) : (tensor<4x8xf32>, tensor<2x8xf32>) -> tensor<6x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<4x8xf32>
  // expected-error @below {{'tile.join' op result shape 4x8x1 must be 4x8x2: the operands' shape with a new minor dimension of 2}}
  %c = tile.join %a, %a : tensor<4x8xf32> -> tensor<4x8x1xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %a = arith.constant dense<0> : tensor<16x8xi16>
  %c = arith.constant dense<0> : tensor<16x16xi32>
  %b = arith.constant dense<0> : tensor<8x16xi16>
  // expected-error @below {{'tile.dot' op input element type 'i16' is not supported (bf16, f16, tf32, f32, f64, f8 types or i8)}}
  %d = tile.dot %a, %b, %c : tensor<16x8xi16>, tensor<8x16xi16> -> tensor<16x16xi32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op dimension 2 is out of range for a tile of rank 2}}
  %r = tile.reduce sum %x dim 2 : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op result type 'tensor<8xf32>' must be a tile of shape 16 and element type 'f32'}}
  %r = tile.reduce sum %x dim 1 : tensor<16x8xf32> -> tensor<8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16xf32>
  // expected-error @below {{'tile.reduce' op reducing a 1-D tile gives a scalar of type 'f32', not 'tensor<1xf32>'}}
  %r = tile.reduce sum %x dim 0 : tensor<16xf32> -> tensor<1xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op expects a combining kind or a combining region}}
  %r = tile.reduce %x dim 1 : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op expects a combining kind or a combining region, not both}}
  %r = tile.reduce sum %x dim 1 combine {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  } : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op combining region must take two arguments of type 'f32'}}
  %r = tile.reduce %x dim 1 combine {
  ^bb0(%a: f32):
    tile.yield %a : f32
  } : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.scan' op result type 'tensor<16x8xf16>' must equal the input type 'tensor<16x8xf32>'}}
  %r = tile.scan sum %x dim 1 : tensor<16x8xf32> -> tensor<16x8xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %s = arith.constant 1.0 : f16
  // expected-error @below {{'tile.splat' op result element type 'f32' does not match the scalar type 'f16'}}
  %r = tile.splat %s : f16 -> tensor<4xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  // expected-error @below {{'tile.iota' op expects a 1-D tile, got 4x4}}
  %r = tile.iota : tensor<4x4xi32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.broadcast' op dimension 1 of size 8 cannot broadcast to 16}}
  %r = tile.broadcast %x : tensor<16x8xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.broadcast' op input of rank 2 cannot broadcast to rank 3 (use tile.expand_dims first)}}
  %r = tile.broadcast %x : tensor<16x8xf32> -> tensor<2x16x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.expand_dims' op result shape 16x8x1 must be 16x1x8}}
  %r = tile.expand_dims %x dim 1 : tensor<16x8xf32> -> tensor<16x8x1xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.squeeze' op dimension 1 has size 8, not 1}}
  %r = tile.squeeze %x dim 1 : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reshape' op cannot reshape 128 elements (16x8) into 64 (8x8)}}
  %r = tile.reshape %x : tensor<16x8xf32> -> tensor<8x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.transpose' op permutation [0 0] is not a permutation of 0..1}}
  %r = tile.transpose %x [0, 0] : tensor<16x8xf32> -> tensor<16x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.transpose' op result shape 16x8 must be 8x16}}
  %r = tile.transpose %x [1, 0] : tensor<16x8xf32> -> tensor<16x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reshape' op result element type 'f16' does not match the input's 'f32'}}
  %r = tile.reshape %x : tensor<16x8xf32> -> tensor<128xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0> : tensor<4xi32>
  // expected-error @below {{'tile.cast' op a rounding mode has no meaning for a cast between integer types}}
  %r = tile.cast %x toward_zero : tensor<4xi32> -> tensor<4xi8>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.cast' op unsigned has no meaning for a cast between float types}}
  %r = tile.cast %x unsigned : tensor<16x8xf32> -> tensor<16x8xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel, parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.cast' op result shape 8x16 does not match the input shape 16x8}}
  %r = tile.cast %x : tensor<16x8xf32> -> tensor<8x16xf16>
  tile.return
}

// -----

func.func @f() {
  // expected-error @below {{'tile.return' op expects parent op 'tile.func'}}
  tile.return
}

// -----

// expected-error @below {{'tile.func' op a kernel returns no results}}
"tile.func"() <{function_type = () -> f32, grid = ["parallel"], sym_name = "k"}> ({
  "tile.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @below {{'tile.func' op entry block must have 1 arguments to match the function signature}}
"tile.func"() <{function_type = (index) -> (), grid = ["parallel"], sym_name = "k"}> ({
  "tile.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @below {{'tile.func' op type of entry block argument #0(f32) must match the type of the corresponding argument in function signature(index)}}
"tile.func"() <{function_type = (index) -> (), grid = ["parallel"], sym_name = "k"}> ({
^bb0(%x: f32):
  "tile.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @below {{'tile.func' op expects a non-empty body}}
"tile.func"() <{function_type = () -> (), grid = ["parallel"], sym_name = "k"}> ({
}) : () -> ()

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  // expected-error @below {{'tile.view' op view of rank 1 cannot view a memref of rank 2}}
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?xf32>) grid [parallel] {
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  // expected-error @below {{'tile.view' op expects a ranked memref source}}
  %A = tile.view %u : memref<*xf32> -> !tile.view<?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.num_blocks' op dimension 3 is out of range for a view of rank 2}}
  %d = tile.num_blocks %A dim 3 block 16 : !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %o = tile.iota : tensor<16xindex>
  %mk = arith.constant dense<true> : tensor<16xi1>
  // expected-error @below {{'tile.gather' op a masked gather needs a pad value}}
  %t = tile.gather %A[%o, %o] mask %mk : !tile.view<?x?xf32>, tensor<16xindex> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %o = tile.iota : tensor<16xindex>
  %p = tile.iota : tensor<16xi32>
  // expected-error @below {{'tile.gather' op offset tiles must have one type}}
  %t = "tile.gather"(%A, %o, %p) <{operandSegmentSizes = array<i32: 1, 2, 0>, pad = "zero"}> : (!tile.view<?x?xf32>, tensor<16xindex>, tensor<16xi32>) -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?xindex>) grid [parallel] {
  %A = tile.view %m : memref<?xindex> -> !tile.view<?xindex>
  %c0 = arith.constant 0 : index
  %t = tile.iota : tensor<16xindex>
  // expected-error @below {{'tile.atomic_add' op atomic_add needs integer or float elements, got 'index'}}
  tile.atomic_add %t, %A[%c0] bounds_check : tensor<16xindex>, !tile.view<?xindex>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op combining region yields 'f16', expected 'f32'}}
  %r = tile.reduce %x dim 1 combine {
  ^bb0(%a: f32, %b: f32):
    %h = arith.truncf %a : f32 to f16
    tile.yield %h : f16
  } : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op combining region must have one block}}
  %r = tile.reduce %x dim 1 combine {
  ^bb0(%a: f32, %b: f32):
    cf.br ^bb1
  ^bb1:
    tile.yield %a : f32
  } : tensor<16x8xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.reduce' op attribute 'kind' failed to satisfy constraint: reduction or scan kind}}
  %r = "tile.reduce"(%x) <{dim = 1 : i64, kind = 9 : i32}> ({
  }) : (tensor<16x8xf32>) -> tensor<16xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.transpose' op permutation of 3 entries for a tile of rank 2}}
  %r = tile.transpose %x [0, 1, 2] : tensor<16x8xf32> -> tensor<16x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.expand_dims' op dimension 3 is out of range for inserting into rank 2}}
  %r = tile.expand_dims %x dim 3 : tensor<16x8xf32> -> tensor<16x8x1xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.squeeze' op dimension 2 is out of range for a tile of rank 2}}
  %r = tile.squeeze %x dim 2 : tensor<16x8xf32> -> tensor<16x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf32>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.scan' op dimension -1 is out of range for a tile of rank 2}}
  %r = tile.scan sum %x dim -1 : tensor<16x8xf32> -> tensor<16x8xf32>
  tile.return
}

// -----

tile.func @k(%m: memref<?x?xf16>) grid [parallel] {
  %x = arith.constant dense<0.0> : tensor<16x8xf32>
  %A = tile.view %m : memref<?x?xf16> -> !tile.view<?x?xf16>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.store' op tile element type 'f32' does not match the view's 'f16'}}
  tile.store %x, %A[%c0, %c0] bounds_check : tensor<16x8xf32>, !tile.view<?x?xf16>
  tile.return
}

// -----

tile.func @k(%m: memref<?xf32>) grid [parallel] {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'tile.view' op size 1 is the constant 4, but the view type says 8}}
  %V = tile.view %m sizes [%c8, %c4] strides [%c8, %c1] : memref<?xf32> -> !tile.view<8x8xf32, strided<[8, 1]>>
  tile.return
}

// -----

tile.func @k(%m: memref<?xf32>) grid [parallel] {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'tile.view' op stride 0 is the constant 1, but the view type says 8}}
  %V = tile.view %m sizes [%c8, %c8] strides [%c1, %c1] : memref<?xf32> -> !tile.view<8x8xf32>
  tile.return
}
