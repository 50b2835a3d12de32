// Package conversion holds, one package per conversion, the lowering
// passes between levels: lower-affine, convert-linalg-to-loops,
// convert-scf-to-cf, convert-vector-to-scf and the conversions to the
// llvm dialect (convert-arith-to-llvm, convert-func-to-llvm,
// convert-cf-to-llvm, convert-math-to-llvm, convert-math-to-libm,
// convert-vector-to-llvm, convert-ub-to-llvm, finalize-memref-to-llvm,
// reconcile-unrealized-casts). Each package registers its pass when it is
// imported (docs/passes.md); package all imports them all.
package conversion
