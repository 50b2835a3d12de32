// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The vector dialect's verifiers, with mlir-opt-22's messages.

func.func @f(%v: vector<2x4xf32>) {
  // expected-error @below {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<3xf32>) {
  // expected-error @below {{'vector.broadcast' op dimension mismatch (3 vs. 4)}}
  %0 = vector.broadcast %v : vector<3xf32> to vector<2x4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @below {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[0, 0] : f32 from vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @below {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[7] : f32 from vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @below {{'vector.shape_cast' op has different number of elements at source (4) and result (6)}}
  %0 = vector.shape_cast %v : vector<4xf32> to vector<2x3xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @below {{'vector.transpose' op dimension size mismatch at: 0}}
  %0 = vector.transpose %v, [0, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @below {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %p : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @below {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5] : vector<4xi1>
  return
}

// -----

func.func @f() {
  // expected-error @below {{array attr must have length 1 for 0-D vectors}}
  %0 = vector.constant_mask [] : vector<i1>
  return
}

// -----

func.func @f() {
  // expected-error @below {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %0 = vector.constant_mask [2] : vector<i1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @below {{'vector.create_mask' op must specify exactly one operand for 0-D create_mask}}
  %0 = vector.create_mask %i, %i : vector<i1>
  return
}

// -----

func.func @f(%v: vector<4x4xf32>) {
  // expected-error @below {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %0 = vector.outerproduct %v, %v : vector<4x4xf32>, vector<4x4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @below {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %v, %v [0, 9] : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @a(%m: memref<4x8xf32>, %i: index) -> vector<4xf32> {
  // expected-error @below {{'vector.load' op requires 2 indices}}
  %v = vector.load %m[%i, %i, %i] : memref<4x8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @b(%m: memref<8xf32>, %i: index) -> vector<2x4xf32> {
  // expected-error @below {{'vector.load' op destination memref has lower rank than the result vector}}
  %v = vector.load %m[%i] : memref<8xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}

// -----

func.func @c(%m: memref<8xi32>, %i: index) -> vector<4xf32> {
  // expected-error @below {{'vector.load' op base and result element types should match}}
  %v = vector.load %m[%i] : memref<8xi32>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @d(%m: memref<8xvector<4xf32>>, %i: index) -> vector<2xf32> {
  // expected-error @below {{'vector.load' op base memref and result vector types should match}}
  %v = vector.load %m[%i] : memref<8xvector<4xf32>>, vector<2xf32>
  return %v : vector<2xf32>
}

// -----

func.func @e(%m: memref<8x8xf32, strided<[1, 8]>>, %i: index) -> vector<4xf32> {
  // expected-error @below {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @s(%m: memref<4x8xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @below {{'vector.store' op requires 2 indices}}
  vector.store %v, %m[%i] : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @s2(%m: memref<8xf32>, %i: index, %v: vector<2x4xf32>) {
  // expected-error @below {{'vector.store' op source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<8xf32>, vector<2x4xf32>
  return
}

// -----

func.func @s3(%m: memref<8xi32>, %i: index, %v: vector<4xf32>) {
  // expected-error @below {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<8xi32>, vector<4xf32>
  return
}

// -----

func.func @s4(%m: memref<8xvector<4xf32>>, %i: index, %v: vector<2xf32>) {
  // expected-error @below {{'vector.store' op base memref and valueToStore vector types should match}}
  vector.store %v, %m[%i] : memref<8xvector<4xf32>>, vector<2xf32>
  return
}

// -----

func.func @s5(%m: memref<8x8xf32, strided<[1, 8]>>, %i: index, %v: vector<4xf32>) {
  // expected-error @below {{'vector.store' op most minor memref dim must have unit stride}}
  vector.store %v, %m[%i, %i] : memref<8x8xf32, strided<[1, 8]>>, vector<4xf32>
  return
}

// -----

func.func @ml(%m: memref<8xf32>, %i: index, %mask: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  // expected-error @below {{'vector.maskedload' op requires 1 indices}}
  %v = vector.maskedload %m[%i, %i], %mask, %p : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @ml2(%m: memref<8xi32>, %i: index, %mask: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  // expected-error @below {{'vector.maskedload' op base and result element type should match}}
  %v = vector.maskedload %m[%i], %mask, %p : memref<8xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @ml3(%m: memref<8xf32>, %i: index, %mask: vector<8xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  // expected-error @below {{'vector.maskedload' op expected result shape to match mask shape}}
  %v = vector.maskedload %m[%i], %mask, %p : memref<8xf32>, vector<8xi1>, vector<4xf32> into vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @ml4(%m: memref<8xf32>, %i: index, %mask: vector<4xi1>, %p: vector<2x2xf32>) -> vector<4xf32> {
  // expected-error @below {{'vector.maskedload' op expected pass_thru of same type as result type}}
  %v = vector.maskedload %m[%i], %mask, %p : memref<8xf32>, vector<4xi1>, vector<2x2xf32> into vector<4xf32>
  return %v : vector<4xf32>
}

// -----

func.func @ms(%m: memref<8xf32>, %i: index, %mask: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error @below {{'vector.maskedstore' op requires 1 indices}}
  vector.maskedstore %m[%i, %i], %mask, %p : memref<8xf32>, vector<4xi1>, vector<4xf32>
  return
}

// -----

func.func @ms2(%m: memref<8xi32>, %i: index, %mask: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error @below {{'vector.maskedstore' op base and valueToStore element type should match}}
  vector.maskedstore %m[%i], %mask, %p : memref<8xi32>, vector<4xi1>, vector<4xf32>
  return
}

// -----

func.func @ms3(%m: memref<8xf32>, %i: index, %mask: vector<8xi1>, %p: vector<4xf32>) {
  // expected-error @below {{'vector.maskedstore' op expected valueToStore shape to match mask shape}}
  vector.maskedstore %m[%i], %mask, %p : memref<8xf32>, vector<8xi1>, vector<4xf32>
  return
}
