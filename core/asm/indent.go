package asm

// IncreaseIndent indents the lines printed after it, including the bodies
// of regions, by two more spaces (MLIR's OpAsmPrinter::increaseIndent).
func (o *OpPrinter) IncreaseIndent() { o.p.indent += 2 }

// DecreaseIndent undoes IncreaseIndent.
func (o *OpPrinter) DecreaseIndent() { o.p.indent -= 2 }

// IncreaseIndent does nothing: aliases do not depend on indentation.
func (a *aliasOpPrinter) IncreaseIndent() {}

// DecreaseIndent does nothing.
func (a *aliasOpPrinter) DecreaseIndent() {}
