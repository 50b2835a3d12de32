// RUN: strata-opt --one-shot-bufferize="dialect-filter=arith,bufferization copy-before-write unknown-type-conversion=identity-layout-map" --split-input-file --verify-diagnostics %s

// arith.select bufferizes with an i1 condition only.

func.func @elementwise_select(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'arith.select' op only i1 condition values are supported}}
  // expected-error @below {{failed to bufferize op}}
  %0 = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}
