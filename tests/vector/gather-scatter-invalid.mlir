// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The verifiers of vector.gather and vector.scatter, and the mask a
// vector.mask around a gather must have, with mlir-opt-22's messages.
func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op base and result element type should match}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf64>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op requires 1 indices}}
  %0 = vector.gather %base[%i, %i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<8xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op expected result dim to match indices dim}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<8xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<8xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op expected result dim to match mask dim}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<8xi1>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<8xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op expected pass_thru of same type as result type}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<8xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: tensor<*xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op requires base to be a memref or ranked tensor type}}
  %0 = vector.gather %base[%i][%v], %mask, %p : tensor<*xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xf32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op operand #2 must be vector of integer or index values, but got 'vector<16xf32>'}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi8>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op operand #3 must be vector of 1-bit signless integer values, but got 'vector<16xi8>'}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi8>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<i32>, %mask: vector<i1>, %p: vector<f32>, %i: index) {
  // expected-error @below {{'vector.gather' op operand #2 must be vector of integer or index values, but got 'vector<i32>'}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<i32>, vector<i1>, vector<f32> into vector<f32>
  return
}

// -----

func.func @f(%base: memref<?xvector<2xf32>>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.gather' op base and result element type should match}}
  %0 = vector.gather %base[%i][%v], %mask, %p : memref<?xvector<2xf32>>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf64>, %i: index) {
  // expected-error @below {{'vector.scatter' op base and valueToStore element type should match}}
  vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf64>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.scatter' op requires 1 indices}}
  vector.scatter %base[%i, %i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<8xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.scatter' op expected valueToStore dim to match indices dim}}
  vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<8xi32>, vector<16xi1>, vector<16xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<8xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.scatter' op expected valueToStore dim to match mask dim}}
  vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<8xi1>, vector<16xf32>
  return
}

// -----

func.func @f(%base: tensor<*xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.scatter' op requires base to be a memref or ranked tensor type}}
  vector.scatter %base[%i][%v], %mask, %p : tensor<*xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
  return
}

// -----

func.func @f(%base: tensor<*xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %i: index) {
  // expected-error @below {{'vector.scatter' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = vector.scatter %base[%i][%v], %mask, %p : tensor<*xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> -> tensor<*xf32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<f32>, %i: index) {
  // expected-error @below {{'vector.scatter' op operand #4 must be vector of any type values, but got 'vector<f32>'}}
  vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<f32>
  return
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %m: vector<8xi1>, %i: index) -> vector<16xf32> {
  // expected-error @below {{'vector.mask' op expects a 'vector<16xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32> } : vector<8xi1> -> vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %m: vector<16xi1>, %i: index) -> vector<16xf32> {
  // expected-error @below {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %0 = vector.mask %m, %p { vector.gather %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @f(%base: memref<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %p: vector<16xf32>, %m: vector<16xi1>, %i: index) {
  // expected-error @below {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  vector.mask %m { vector.scatter %base[%i][%v], %mask, %p : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> } : vector<16xi1>
  return
}
