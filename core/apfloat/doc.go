// Package apfloat reproduces the parts of LLVM's APFloat (LLVM 22) that
// MLIR's parser and printer rely on, for every builtin MLIR floating point
// type: f16, bf16, f32, f64, f80, f128, tf32, the f8 formats (f8E5M2,
// f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4,
// f8E8M0FNU), f6E2M3FN, f6E3M2FN and f4E2M1FN.
//
// A Float is a *Semantics plus a bit pattern; it is a comparable value
// type, so == compares bit patterns. The main entry points are:
//
//   - Parse: a decimal string to any format with correct
//     round-to-nearest-even, like llvm::APFloat(semantics, string). This is
//     what MLIR's printer uses to check that a printed value round-trips.
//   - ParseLiteral: a decimal float literal as MLIR's AsmParser reads it for
//     an attribute, i.e. through an f64 first.
//   - Float.MLIRString: the text MLIR's AsmPrinter prints for a float
//     attribute or dense element (printFloatValue).
//   - Float.ToString: llvm::APFloat::toString with all its parameters.
//   - FromBits, Float.Bits, FromFloat64 and Float.Float64 for conversions.
//
// Values are handled like LLVM's IEEEFloat: non-canonical f80 encodings
// decode as LLVM decodes them, the FN formats have no infinities, the FNUZ
// formats have no negative zero (their NaN is 0x80), f8E8M0FNU has neither
// zero nor sign, and f6/f4 formats have neither infinities nor NaNs.
// Out-of-range results round to Inf, NaN or the largest finite value as
// LLVM's handleOverflow does.
//
// Formats of at most 64 bits are handled without allocation, except for
// the returned strings and rare exact-rounding fallbacks in Parse.
package apfloat
