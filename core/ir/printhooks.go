package ir

// TypeString renders a type as MLIR prints it in diagnostics (without
// aliases), through TypePrinterHook. Dialects use it to build messages
// without importing the printer.
func TypeString(t Type) string { return TypePrinterHook(t) }

// AttrString renders an attribute as MLIR prints it in diagnostics
// (without aliases), through AttrPrinterHook.
func AttrString(a Attribute) string { return AttrPrinterHook(a) }

// TypePrinterHook and AttrPrinterHook render types and attributes for
// diagnostics. Package asm installs its printer here.
var (
	TypePrinterHook = func(t Type) string { return "<<type>>" }
	AttrPrinterHook = func(a Attribute) string { return "<<attribute>>" }
)
