package ir

// IndentPrinter is implemented by OpAsmPrinters that can change the
// indentation of what follows (MLIR's OpAsmPrinter::increaseIndent and
// decreaseIndent); custom printers check for it with a type assertion.
type IndentPrinter interface {
	// IncreaseIndent indents later lines by two more spaces.
	IncreaseIndent()
	// DecreaseIndent undoes IncreaseIndent.
	DecreaseIndent()
}
