package apfloat

// Canonical returns f with the bit pattern LLVM's APFloat gives it after
// reading f's bits and writing them back (bitcastToAPInt), as MLIR does
// when it stores a dense element parsed from a hexadecimal literal. Only
// non-canonical f80 encodings change: unnormals become the NaNs LLVM reads
// them as, pseudo-denormals get exponent 1.
func (f Float) Canonical() Float {
	sem := f.sem.orDefault()
	return Float{sem: sem, bits: sem.encode(sem.decode(f.bits))}
}
