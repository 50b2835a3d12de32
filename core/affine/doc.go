// Package affine implements MLIR's affine expressions, affine maps and integer
// sets: immutable expression trees built through the same simplifying
// constructors that MLIR applies (so that parsing a map yields the tree MLIR
// would build), a printer whose output is byte-identical to MLIR's AsmPrinter,
// and a parser for the text that appears inside affine_map<...> and
// affine_set<...>.
//
// The behaviour follows mlir-opt 22.1.8 (mlir/lib/IR/AffineExpr.cpp,
// AffineMap.cpp, IntegerSet.cpp, AsmParser/AffineParser.cpp and
// IR/AsmPrinter.cpp) and is checked against it by testdata/golden.jsonl:
// inputs from the conformance corpus plus generated and mutated ones, with
// the text or the diagnostics mlir-opt-22 produced for them.
//
// # Building expressions
//
// Dim, Sym and Const make leaves; Add, Mul, FloorDiv, CeilDiv, Mod, Neg and
// Sub apply MLIR's simplifications while building, exactly as MLIR's
// operators do (constant folding with overflow checks, constants to the
// right, "(e + 2) + 3" to "e + 5", "c1 * e + c2 * e" to "(c1 + c2) * e",
// "e - (e floordiv c) * c" to "e mod c", divisibility-based floordiv and mod
// rules, dims-before-symbols ordering of commutative leaves, ...). Neg(e) is
// e * -1 and Sub(a, b) is a + b * -1, as in MLIR. Expressions are immutable
// values; Equal and Key compare structure, which is what MLIR's uniquing
// compares. Nothing in the package has mutable shared state, so all of it
// is safe for concurrent use.
//
// # Printing
//
// Map.String, Set.String and Expr.String (and the allocation-free
// AppendMap, AppendSet, AppendExpr) produce MLIR's text: "d0 + -1" prints as
// "d0 - 1", "d0 + d1 * -1" as "d0 - d1", "d0 * -1" as "-d0", and
// multiplicative operands that are sums get parentheses. Like MLIR's, the
// printer is not always a fixed point: "d0 + (-d0 + d1)" prints as
// "d0 + -d0 + d1", which parses back as "d1".
//
// # Parsing
//
// ParseMap, ParseSet and ParseMapOrSet parse a body (the text between
// affine_map< or affine_set< and the matching >). Errors are *ParseError
// values carrying the byte offset inside the text where mlir-opt puts its
// caret and mlir-opt's message; further errors MLIR emits for the same
// input are in ParseError.Also. When the end of the body is not known in
// advance, ParseMapOrSetPrefix parses a map or set at the start of a longer
// text and reports how much it consumed.
//
// # Known differences
//
//   - A body is parsed on its own, so lexer errors that in a real file
//     depend on what follows the body (an unterminated string literal, a
//     "//" comment that would swallow the closing '>', a trailing '-' that
//     forms "->" with it) are reported at the end of the body. Parse the
//     rest of the file with ParseMapOrSetPrefix to get mlir-opt's offsets.
//   - Inputs on which mlir-opt crashes (a floordiv or ceildiv rule dividing
//     MinInt64 by -1) build an expression here.
//   - Mul of two operands that both involve dims is built without
//     simplification (MLIR asserts); the parser rejects it like MLIR.
//   - Parentheses and negations nested more than 10000 deep are rejected
//     with "affine expression nested too deeply" instead of overflowing the
//     stack.
package affine
