// A small function in the generic form of MLIR's textual IR. Strata parses
// it, verifies it and prints it back exactly as mlir-opt would.
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "add_mul"}> ({
  ^bb0(%a: i32, %b: i32):
    %sum = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %r = "arith.muli"(%sum, %c2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%r) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
