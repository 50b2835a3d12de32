// RUN: strata-opt --split-input-file --verify-diagnostics %s

// llvm.extractvalue and llvm.insertvalue check that their position fits
// the aggregate, in the verifier and in the custom syntax, as upstream.

llvm.func @extract_negative(%a: !llvm.array<2 x vector<4xf32>>) -> vector<4xf32> {
  // expected-error @below {{'llvm.extractvalue' op position out of bounds: -1}}
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: -1>}> : (!llvm.array<2 x vector<4xf32>>) -> vector<4xf32>
  llvm.return %0 : vector<4xf32>
}

// -----

llvm.func @extract_struct(%a: !llvm.struct<(i32, f32)>) -> i32 {
  // expected-error @below {{'llvm.extractvalue' op position out of bounds: 2}}
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: 2>}> : (!llvm.struct<(i32, f32)>) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @extract_type(%a: !llvm.struct<(i32, f32)>) -> i32 {
  // expected-error @below {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'f32' but this op returns 'i32'}}
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @insert_negative(%a: !llvm.array<2 x i32>, %v: i32) -> !llvm.array<2 x i32> {
  // expected-error @below {{'llvm.insertvalue' op position out of bounds: -1}}
  %0 = "llvm.insertvalue"(%a, %v) <{position = array<i64: -1>}> : (!llvm.array<2 x i32>, i32) -> !llvm.array<2 x i32>
  llvm.return %0 : !llvm.array<2 x i32>
}

// -----

llvm.func @insert_type(%a: !llvm.array<2 x i32>, %v: i64) -> !llvm.array<2 x i32> {
  // expected-error @below {{'llvm.insertvalue' op Type mismatch: cannot insert 'i64' into '!llvm.array<2 x i32>'}}
  %0 = "llvm.insertvalue"(%a, %v) <{position = array<i64: 0>}> : (!llvm.array<2 x i32>, i64) -> !llvm.array<2 x i32>
  llvm.return %0 : !llvm.array<2 x i32>
}

// -----

llvm.func @extract_scalar(%a: i32) -> i32 {
  // expected-error @below {{'llvm.extractvalue' op operand #0 must be LLVM aggregate type, but got 'i32'}}
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: 0>}> : (i32) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @custom_syntax(%a: !llvm.array<2 x i32>) -> i32 {
  // expected-error @+2 {{custom op 'llvm.extractvalue' position out of bounds: 2}}
  %0 = llvm.extractvalue %a[2] : !llvm.array<2 x i32>
  llvm.return %0 : i32
}

// -----

llvm.func @nested_scalar(%a: !llvm.array<2 x i32>) -> i32 {
  // expected-error @+2 {{custom op 'llvm.extractvalue' expected LLVM IR structure/array type, got: 'i32'}}
  %0 = llvm.extractvalue %a[0, 1] : !llvm.array<2 x i32>
  llvm.return %0 : i32
}
