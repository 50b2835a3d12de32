package asm

import (
	"bufio"
	"bytes"

	"github.com/strata-ir/strata/core/ir"
)

// OpPrinter is handed to custom operation printers (OpDef.Print). It
// implements ir.OpAsmPrinter.
type OpPrinter struct{ p *printer }

// WriteString writes raw text.
func (o *OpPrinter) WriteString(s string) { o.p.w.WriteString(s) }

// PrintType prints a type.
func (o *OpPrinter) PrintType(t ir.Type) { o.p.printType(t) }

// PrintAttribute prints an attribute with its type.
func (o *OpPrinter) PrintAttribute(a ir.Attribute) { o.p.printAttribute(a, elideNever) }

// PrintAttributeWithoutType prints an attribute without its type.
func (o *OpPrinter) PrintAttributeWithoutType(a ir.Attribute) { o.p.printAttribute(a, elideMust) }

// PrintOperand prints a value's name.
func (o *OpPrinter) PrintOperand(v ir.Value) { o.p.printValueID(v, true) }

// PrintSymbolName prints @name.
func (o *OpPrinter) PrintSymbolName(name string) { o.p.printSymbolRef(name) }

// PrintSuccessor prints a block name.
func (o *OpPrinter) PrintSuccessor(b *ir.Block) { o.p.printBlockName(b) }

// PrintCustomOrGenericOp prints op, without its results and location,
// in its custom form or else the generic one.
func (o *OpPrinter) PrintCustomOrGenericOp(op *ir.Operation) { o.p.printCustomOrGenericOp(op) }

// PrintRegion prints a region.
func (o *OpPrinter) PrintRegion(r *ir.Region, printEntryArgs, printTerminators bool) {
	o.p.printRegion(r, printEntryArgs, printTerminators, false)
}

// PrintOptionalAttrDict prints the attributes that are not elided.
func (o *OpPrinter) PrintOptionalAttrDict(entries []ir.NamedAttr, elided ...string) {
	o.p.printOptionalAttrDict(entries, elided, false)
}

// PrintOptionalAttrDictWithKeyword prints ` attributes {...}`.
func (o *OpPrinter) PrintOptionalAttrDictWithKeyword(entries []ir.NamedAttr, elided ...string) {
	o.p.printOptionalAttrDict(entries, elided, true)
}

// PrintOptionalLocation prints a trailing location when debug info is on.
func (o *OpPrinter) PrintOptionalLocation(l ir.Location) { o.p.printTrailingLocation(l, true) }

// PrintRegionArgument prints `%arg: type {attrs}` and, with debug info, the
// argument's location (never as an alias), as MLIR's printRegionArgument.
func (o *OpPrinter) PrintRegionArgument(arg *ir.BlockArgument, attrs []ir.NamedAttr) {
	o.p.printValueID(arg, true)
	o.p.w.WriteString(": ")
	o.p.printType(arg.Type())
	o.p.printOptionalAttrDict(attrs, nil, false)
	o.p.printTrailingLocation(arg.Loc, false)
}

// PrintRegionArgumentWithoutType prints `%arg` and, with debug info, the
// argument's location (never as an alias), as MLIR's printRegionArgument
// with omitType.
func (o *OpPrinter) PrintRegionArgumentWithoutType(arg *ir.BlockArgument) {
	o.p.printValueID(arg, true)
	o.p.printTrailingLocation(arg.Loc, false)
}

// localPrinter returns a printer writing to buf with no aliases and no
// value names, for diagnostics.
func localString(f func(p *printer)) string {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	p := &printer{w: w, opts: PrintOptions{LocalScope: true, HexThreshold: 100},
		opIDs: map[*ir.Operation]int32{}, argNames: map[*ir.BlockArgument]argName{},
		blockIDs: map[*ir.Block]int32{}, distinct: map[*ir.DistinctAttr]uint64{}}
	f(p)
	w.Flush()
	return buf.String()
}

// TypeString returns the textual form of a type, without aliases.
func TypeString(t ir.Type) string { return localString(func(p *printer) { p.printType(t) }) }

// AttrString returns the textual form of an attribute, without aliases.
func AttrString(a ir.Attribute) string {
	return localString(func(p *printer) { p.printAttribute(a, elideNever) })
}

// OpString returns the generic form of one operation (with its regions) as
// MLIR prints an op in a diagnostic note: values are numbered from the
// nearest isolated-from-above ancestor, and no aliases are used.
func OpString(op *ir.Operation) string {
	// Number from the nearest isolated-from-above ancestor (op included),
	// as MLIR's Operation::print does with a local scope.
	root := op
	for !root.HasTrait(ir.IsolatedFromAbove) && root.ParentOp() != nil {
		root = root.ParentOp()
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	p := newPrinter(w, root, PrintOptions{Generic: true, LocalScope: true})
	p.printFullOp(op)
	w.Flush()
	return buf.String()
}

func init() {
	ir.OpPrinterHook = OpString
	ir.TypePrinterHook = TypeString
	ir.AttrPrinterHook = AttrString
}
