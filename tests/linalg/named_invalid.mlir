// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The region builders of the named operations reject element types their
// function does not apply to, at the operation's operands.
func.func @abs_int(%i: memref<4xi32>) {
  // expected-error@+1 {{custom op 'linalg.abs' unsupported non numeric type}}
  linalg.abs ins(%i : memref<4xi32>) outs(%i : memref<4xi32>)
  return
}

// -----

func.func @sub_bools(%b: memref<4xi1>) {
  // expected-error@+1 {{custom op 'linalg.sub' unsupported operation: sub with bools}}
  linalg.sub ins(%b, %b : memref<4xi1>, memref<4xi1>) outs(%b : memref<4xi1>)
  return
}

// -----

func.func @div_unsigned_float(%b: memref<4xf32>) {
  // expected-error@+1 {{custom op 'linalg.div_unsigned' unsupported operation: unsigned div not on uint}}
  linalg.div_unsigned ins(%b, %b : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

func.func @mixed(%b: memref<4xf32>, %i: memref<4xi32>) {
  // expected-error@+1 {{custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'f32' and 'i32'}}
  linalg.add ins(%b, %i : memref<4xf32>, memref<4xi32>) outs(%b : memref<4xf32>)
  return
}

// -----

func.func @arity(%b: memref<4xf32>) {
  // expected-error@+2 {{custom op 'linalg.add' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  linalg.add ins(%b : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

// Element-wise operations do not broadcast: every shaped operand has the
// output's rank.
func.func @broadcast(%a: memref<8xf32>, %b: memref<4x8xf32>) {
  // expected-error@+1 {{'linalg.add' op expected operand #0 rank (1) to match the result rank of indexing_map (2)}}
  linalg.add ins(%a, %b : memref<8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  return
}

// -----

func.func @shape(%a: memref<4x4xf32>, %b: memref<4x8xf32>) {
  // expected-error@+1 {{'linalg.exp' op inferred input/output operand #1 has shape's dimension #1 to be 4, but found 8}}
  linalg.exp ins(%a : memref<4x4xf32>) outs(%b : memref<4x8xf32>)
  return
}

// -----

func.func @mmt4d_rank(%l: memref<2x3x4xi8>, %r: memref<6x3x7x5xi8>, %acc: memref<2x6x4x7xi32>) {
  // expected-error@+1 {{'linalg.mmt4d' op expected operand #0 rank (3) to match the result rank of indexing_map (4)}}
  linalg.mmt4d ins(%l, %r : memref<2x3x4xi8>, memref<6x3x7x5xi8>) outs(%acc : memref<2x6x4x7xi32>)
  return
}

// -----

// Strides and dilations have one i64 per spatial dimension; a splat of
// another shape is rejected rather than expanded.
func.func @pooling_strides_shape(%img: tensor<1x7x7x2xf32>, %win: tensor<3x3xf32>, %out: tensor<1x5x5x2xf32>) -> tensor<1x5x5x2xf32> {
  // expected-error@+1 {{op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.pooling_nhwc_sum {strides = dense<1> : tensor<1099511627776xi64>}
      ins(%img, %win : tensor<1x7x7x2xf32>, tensor<3x3xf32>) outs(%out : tensor<1x5x5x2xf32>) -> tensor<1x5x5x2xf32>
  return %0 : tensor<1x5x5x2xf32>
}

// -----

func.func @conv_dilations_type(%in: memref<1x8x2xf32>, %f: memref<3x2x4xf32>, %out: memref<1x6x4xf32>) {
  // expected-error@+1 {{op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [1]}}
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi32>}
      ins(%in, %f : memref<1x8x2xf32>, memref<3x2x4xf32>) outs(%out : memref<1x6x4xf32>)
  return
}
