// RUN: strata-opt --split-input-file --verify-diagnostics %s

// vector.mask's verifier and parser, and the alignment of the loads and
// stores, with mlir-opt-22's messages.

func.func @mask_type_mismatch(%m: memref<?x?xf32>, %i: index, %f: f32, %k: vector<4xi1>) {
  // expected-error @below {{'vector.mask' op expects a 'vector<4x8xi1>' mask for the maskable operation}}
  %0 = vector.mask %k { vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4x8xf32> } : vector<4xi1> -> vector<4x8xf32>
  return
}

// -----

func.func @contract_mask(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>, %k: vector<4x4xi1>) {
  // expected-error @below {{'vector.mask' op expects a 'vector<4x4x8xi1>' mask for the maskable operation}}
  %0 = vector.mask %k { vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32> } : vector<4x4xi1> -> vector<4x4xf32>
  return
}

// -----

func.func @two_ops(%m: memref<?xf32>, %i: index, %f: f32, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects only one operation to mask}}
  %0 = vector.mask %k {
    %1 = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32>
    %2 = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32>
  } : vector<8xi1> -> vector<8xf32>
  return
}

// -----

func.func @not_maskable(%v: vector<8xf32>, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  %0 = vector.mask %k { arith.addf %v, %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return
}

// -----

func.func @foreign_terminator(%k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  vector.mask %k { func.return } : vector<8xi1>
  return
}

// -----

func.func @no_terminator(%v: vector<8xf32>, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects a terminator within the mask region}}
  "vector.mask"(%k) ({
    %0 = arith.addf %v, %v : vector<8xf32>
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @region_args(%k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op region should have no arguments}}
  "vector.mask"(%k) ({
  ^bb0(%x: f32):
    vector.yield
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @no_block(%k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op region #0 ('maskRegion') failed to verify constraint: region with 1 blocks}}
  "vector.mask"(%k) ({
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @yield_count(%v: vector<8xf32>, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects number of results to match mask region yielded values}}
  %0 = vector.mask %k { vector.yield %v, %v : vector<8xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return
}

// -----

func.func @missing_result(%m: memref<?xf32>, %i: index, %f: f32, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects number of results to match mask region yielded values}}
  vector.mask %k { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32> } : vector<8xi1>
  return
}

// -----

func.func @wrong_yield(%m: memref<?xf32>, %i: index, %f: f32, %v: vector<8xf32>, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects all the results from the MaskableOpInterface to match all the values returned by the terminator}}
  %0 = vector.mask %k {
    %1 = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32>
    vector.yield %v : vector<8xf32>
  } : vector<8xi1> -> vector<8xf32>
  return
}

// -----

func.func @result_type(%m: memref<?xf32>, %i: index, %f: f32, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op expects result type to match maskable operation result type}}
  %0 = vector.mask %k { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf16>
  return
}

// -----

func.func @passthru_not_supported(%v: vector<8xf32>, %f: f32, %k: vector<8xi1>) {
  // expected-error @below {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %0 = vector.mask %k, %f { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return
}

// -----

func.func @passthru_write(%val: vector<16xf32>, %t0: memref<?xf32>, %idx: index, %m0: vector<16xi1>, %pt0: vector<16xf32>) {
  // expected-error @below {{'vector.mask' op expects number of results to match mask region yielded values}}
  vector.mask %m0, %pt0 { vector.transfer_write %val, %t0[%idx] : vector<16xf32>, memref<?xf32> } : vector<16xi1> -> vector<16xf32>
  return
}

// -----

func.func @passthru_no_result(%k: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error @below {{custom op 'vector.mask' expects a result if passthru operand is provided}}
  vector.mask %k, %v { vector.yield } : vector<8xi1>
  return
}

// -----

func.func @mask_not_vector(%m: memref<?xf32>, %i: index, %f: f32) {
  // expected-error @below {{'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'f32'}}
  %0 = vector.mask %f { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32> } : f32 -> vector<8xf32>
  return
}

// -----

func.func @mask_rank_0(%k: vector<i1>) {
  // expected-error @below {{'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'vector<i1>'}}
  vector.mask %k { vector.yield } : vector<i1>
  return
}

// -----

func.func @two_passthrus(%k: vector<4xi1>, %v: vector<4xf32>) {
  // expected-error @below {{'vector.mask' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  %0 = "vector.mask"(%k, %v, %v) ({
    "vector.yield"(%v) : (vector<4xf32>) -> ()
  }) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> (vector<4xf32>)
  return
}

// -----

func.func @yield_outside(%v: vector<4xf32>) {
  // expected-error @below {{'vector.yield' op must be the last operation in the parent block}}
  vector.yield
  return
}

// -----

func.func @load_alignment(%m: memref<?xf32>, %i: index) {
  // expected-error @below {{'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.load %m[%i] {alignment = 3} : memref<?xf32>, vector<4xf32>
  return
}

// -----

func.func @store_alignment(%m: memref<?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @below {{'vector.store' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  vector.store %v, %m[%i] {alignment = 0} : memref<?xf32>, vector<4xf32>
  return
}

// -----

func.func @maskedload_alignment(%m: memref<?xf32>, %i: index, %v: vector<4xf32>, %k: vector<4xi1>) {
  // expected-error @below {{'vector.maskedload' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.maskedload %m[%i], %k, %v {alignment = -2} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @maskedstore_alignment(%m: memref<?xf32>, %i: index, %v: vector<4xf32>, %k: vector<4xi1>) {
  // expected-error @below {{'vector.maskedstore' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  vector.maskedstore %m[%i], %k, %v {alignment = 6} : memref<?xf32>, vector<4xi1>, vector<4xf32>
  return
}
