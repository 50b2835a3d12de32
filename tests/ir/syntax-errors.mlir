// RUN: not strata-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// Where the parser points for errors found after a token was consumed:
// at the token after an undefined alias, after a memref type's attribute,
// past the first dot of a malformed ellipsis, and at the end of the input
// after a symbol reference's lone colon.

// CHECK: syntax-errors.mlir:9:45: error: undefined symbol alias id 'unknown_alias'
func.func @type_alias_unknown(!unknown_alias) -> ()

// -----

// CHECK: syntax-errors.mlir:14:51: error: undefined symbol alias id 'map7'
func.func @attr_alias_unknown(memref<2x4xi8, #map7>)

// -----

#map0 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: syntax-errors.mlir:20:49: error: multiple memory spaces specified in memref type
func.func @two_spaces(memref<2x4xi8, #map0, 1, 2>)

// -----

#map0 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: syntax-errors.mlir:26:54: error: expected memory space to be last in memref type
func.func @layout_after_space(memref<2x4xi8, 1, #map0>)

// -----

// CHECK: syntax-errors.mlir:31:22: error: expected three consecutive dots for an ellipsis
func.func @ellipsis(.)

// -----

func.func @block_arg_list() {
// CHECK: syntax-errors.mlir:37:13: error: expected ')'{{$}}
^bb1(%a: i32: i32)
  return
}

// -----

// CHECK: syntax-errors.mlir:44:15: error: expected integer or float type, got: 'vector<i32>'
#attr = array<vector<i32>>

// -----

// CHECK: syntax-errors.mlir:49:17: error: expected ',' or ']'
"f"() { b = [@m:
