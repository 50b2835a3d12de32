package ir

import "github.com/strata-ir/strata/core/affine"

// Trait is a set of static properties of an operation, as a bit set.
type Trait uint64

// The traits an OpDef may declare.
const (
	// IsTerminator marks operations that end a block.
	IsTerminator Trait = 1 << iota
	// NoTerminator marks operations whose single-block regions need no
	// terminator.
	NoTerminator
	// IsolatedFromAbove marks operations whose regions cannot use values
	// defined outside them.
	IsolatedFromAbove
	// Pure marks operations with no side effects that always terminate.
	Pure
	// Commutative marks operations whose operands may be reordered.
	Commutative
	// ConstantLike marks operations that produce a constant.
	ConstantLike
	// SymbolTableTrait marks operations whose region is a symbol table.
	SymbolTableTrait
	// SymbolTrait marks operations that define a symbol (sym_name).
	SymbolTrait
	// GraphRegions marks operations whose regions are graph regions, where
	// values need not dominate their uses.
	GraphRegions
	// SingleBlock marks operations whose regions have at most one block.
	SingleBlock
	// ReturnLike marks terminators that return control to the parent op.
	ReturnLike
	// SameOperandsAndResultType requires every operand and result to share
	// one type.
	SameOperandsAndResultType
	// AutomaticAllocationScope marks ops whose regions free stack
	// allocations on exit.
	AutomaticAllocationScope
	// AffineScope marks ops whose regions start a new affine scope.
	AffineScope
	// RecursiveMemoryEffects marks ops whose effects are those of the
	// operations nested in their regions (plus their own Effects, if any).
	RecursiveMemoryEffects
)

// OpDef defines a registered operation: its name, traits and hooks. The
// operation interfaces it implements (interfaces.go) and the traits that
// packages declare are attached to it through the registry (registry.go).
type OpDef struct {
	// Name is the full name, "dialect.op".
	Name string
	// Summary is a one-line description.
	Summary string
	// Traits is the set of traits.
	Traits Trait
	// Verify checks the operation's invariants; it is called after the
	// structural checks of the operation itself and before its regions are
	// verified.
	Verify func(op *Operation) error
	// VerifyRegions checks invariants that need verified regions.
	VerifyRegions func(op *Operation) error
	// InherentAttrs lists the attribute names that belong in properties.
	InherentAttrs []string
	// VerifyInherentAttrs, if set, checks the inherent attributes among
	// attrs against their constraints and returns the first violation,
	// without location or op prefix ("attribute 'x' failed to satisfy
	// constraint: ..."). It is MLIR's verifyInherentAttrs: the parser calls
	// it for inherent attributes written in an attribute dictionary (the
	// generic form without properties, the attr-dict of a declarative
	// format), which MLIR checks while parsing.
	VerifyInherentAttrs func(attrs []NamedAttr) error
	// PropertiesFromAttr, if set, converts the attribute written as the
	// properties of a generic operation (`<{...}>`) into the operation's
	// properties, as MLIR's setPropertiesFromAttr fills the native
	// property storage of a registered operation: an entry that names no
	// property of the operation is dropped, and a value the storage cannot
	// hold (an attribute of another kind, segment sizes of the wrong
	// length) fails the conversion. The error says why, without location
	// or prefix; the parser reports it after "invalid properties ATTR for
	// op NAME: ".
	PropertiesFromAttr func(ctx *Context, attr Attribute) (Attribute, error)
	// InherentAttrFits, if set, reports whether value can be stored as the
	// inherent attribute name. It is the check of MLIR's setInherentAttr,
	// through which an inherent attribute written in an attribute
	// dictionary reaches the properties: a value that does not fit is
	// dropped without a diagnostic.
	InherentAttrFits func(name string, value Attribute) bool
	// Print, if set, prints the custom form after the operation name.
	Print func(p OpAsmPrinter, op *Operation)
	// Parse, if set, parses the custom form after the operation name into
	// st, whose Name and Loc are already filled in.
	Parse func(p OpAsmParser, st *OperationState) error
	// DefaultDialect is the dialect whose ops may drop their prefix inside
	// this operation's regions (func.func sets "func").
	DefaultDialect string
	// AsmResultNames, if set, suggests names for results in custom-form
	// printing (MLIR's OpAsmOpInterface::getAsmResultNames): set(i, name)
	// names result i, which then starts a result group. Names are made
	// unique by the printer ("f", "f_0", ...).
	AsmResultNames func(op *Operation, set func(result int, name string))
	// AsmBlockArgNames, if set, suggests names for the arguments of the
	// blocks of region r of op in custom-form printing (MLIR's
	// OpAsmOpInterface::getAsmBlockArgumentNames). Names are made unique
	// as result names are; arguments left unnamed are numbered.
	AsmBlockArgNames func(op *Operation, r *Region, set func(arg *BlockArgument, name string))
	// Fold, if set, tries to fold the operation given the constant value of
	// each operand (nil when not constant). It returns one FoldResult per
	// result, or an empty slice with ok=true after updating op in place, or
	// ok=false when nothing folds. It must not create or erase operations.
	Fold func(op *Operation, operands []Attribute) (results []FoldResult, ok bool)
	// PopulateDefaultProperties, if set, returns props (nil or a
	// dictionary) completed with the default values of the properties that
	// are absent; NewOperation calls it, as MLIR's Operation::create calls
	// populateDefaultProperties.
	PopulateDefaultProperties func(ctx *Context, props Attribute) Attribute
	// models holds, at the index of each InterfaceID, the implementation
	// of that interface (a *T) or a trait mark (registry.go).
	models []any
}

// AddVerifier makes extra run after the definition's current verifier,
// when that one succeeds: how a dialect adds to the checks its declarations
// imply the ones they cannot say.
func (d *OpDef) AddVerifier(extra func(op *Operation) error) {
	base := d.Verify
	if base == nil {
		d.Verify = extra
		return
	}
	d.Verify = func(op *Operation) error {
		if err := base(op); err != nil {
			return err
		}
		return extra(op)
	}
}

// AddVerifier adds extra to the verifier of the registered operation
// opName (see OpDef.AddVerifier); it does nothing when no definition of
// that name is registered.
func (c *Context) AddVerifier(opName string, extra func(op *Operation) error) {
	if on := c.LookupOpName(opName); on != nil && on.Def != nil {
		on.Def.AddVerifier(extra)
	}
}

// HasTrait reports whether the definition declares t.
func (d *OpDef) HasTrait(t Trait) bool { return d.Traits&t != 0 }

// OpAsmPrinter is what a custom operation printer writes through. The
// printer of package asm implements it, as does the alias collector that
// runs every custom printer once before printing.
type OpAsmPrinter interface {
	// WriteString writes raw text.
	WriteString(s string)
	// PrintType prints a type, using an alias when one exists.
	PrintType(t Type)
	// PrintAttribute prints an attribute with its type.
	PrintAttribute(a Attribute)
	// PrintAttributeWithoutType prints an attribute without a trailing type.
	PrintAttributeWithoutType(a Attribute)
	// PrintOperand prints the name of a value.
	PrintOperand(v Value)
	// PrintSymbolName prints @name, quoting it if needed.
	PrintSymbolName(name string)
	// PrintSuccessor prints a block name.
	PrintSuccessor(b *Block)
	// PrintRegion prints a region, optionally without the entry block's
	// arguments and without block terminators.
	PrintRegion(r *Region, printEntryArgs, printTerminators bool)
	// PrintCustomOrGenericOp prints a nested operation inline, without
	// its results and location: in its custom form when it has one
	// (MLIR's printCustomOrGenericOp, as vector.mask prints the operation
	// it masks).
	PrintCustomOrGenericOp(op *Operation)
	// PrintOptionalAttrDict prints ` {...}` unless no entries remain after
	// leaving out elided.
	PrintOptionalAttrDict(entries []NamedAttr, elided ...string)
	// PrintOptionalAttrDictWithKeyword is the same with an `attributes`
	// keyword in front.
	PrintOptionalAttrDictWithKeyword(entries []NamedAttr, elided ...string)
	// PrintOptionalLocation prints ` loc(...)` when debug info is on.
	PrintOptionalLocation(l Location)
	// PrintRegionArgument prints an entry block argument as a custom
	// syntax declares it: `%name: type {attrs}` and, with debug info, its
	// location (MLIR's printRegionArgument).
	PrintRegionArgument(arg *BlockArgument, attrs []NamedAttr)
	// PrintRegionArgumentWithoutType prints an entry block argument
	// without its type: `%name` and, with debug info, its location (MLIR's
	// printRegionArgument with omitType).
	PrintRegionArgumentWithoutType(arg *BlockArgument)
	// PrintKeywordOrString prints s bare when it is a valid identifier and
	// as an escaped string literal otherwise.
	PrintKeywordOrString(s string)
	// PrintNewline starts a new line at the current indentation.
	PrintNewline()
}

// DialectAttr is implemented by attributes that registered dialects define.
type DialectAttr interface {
	Attribute
	// DialectName returns the namespace of the dialect.
	DialectName() string
	// Body returns the text printed after `#namespace.`.
	Body() string
}

// OpAsmParser is what a custom operation parser reads through. Methods that
// must succeed report malformed input themselves and do not return; the
// Optional variants return false without consuming anything.
type OpAsmParser interface {
	// Context returns the context being parsed into.
	Context() *Context
	// NameLoc returns the location of the operation name.
	NameLoc() Location
	// ParseOptionalSymbolName parses `@name` if present.
	ParseOptionalSymbolName() (string, bool)
	// ParseOptionalKeyword consumes the keyword if it is next.
	ParseOptionalKeyword(kw string) bool
	// ParseOptionalAttrDict parses `{...}` if present.
	ParseOptionalAttrDict() []NamedAttr
	// ParseOptionalAttrDictWithKeyword parses `attributes {...}` if present.
	ParseOptionalAttrDictWithKeyword() []NamedAttr
	// ParseRegion parses a region into r. A non-nil args list names the
	// entry block's arguments.
	ParseRegion(r *Region, args []RegionArgument)
	// ParseType parses a type.
	ParseType() Type
	// ParseAttribute parses an attribute; t is the expected type or nil.
	ParseAttribute(t Type) Attribute
	// Errorf returns an error located at the current token.
	Errorf(format string, args ...any) error

	// CurrentPos returns the position of the next token (MLIR's
	// getCurrentLocation).
	CurrentPos() SourcePos
	// NumResults returns the number of results the source names for the
	// operation being parsed (MLIR's getNumResults).
	NumResults() int
	// ErrorAt returns an error located at pos (MLIR's emitError(loc)).
	ErrorAt(pos SourcePos, msg string) error
	// LocAt returns the file location of pos.
	LocAt(pos SourcePos) Location
	// ParseOptionalPunct consumes the punctuation tok ("(", ")", "->", ",",
	// ":", "=", "[", "]", "{", "}", "<", ">", "...", "?", "*", "+", "|")
	// if it is next.
	ParseOptionalPunct(tok string) bool
	// ParsePunct consumes the punctuation tok or reports "expected 'tok'".
	ParsePunct(tok string)
	// ExpectPunct consumes the punctuation tok or reports msg where MLIR's
	// parseToken(kind, msg) does: just after the text before the token.
	ExpectPunct(tok, msg string)
	// ParseSymbolName parses `@name` or reports "expected valid
	// '@'-identifier for symbol name".
	ParseSymbolName() string
	// ParseOptionalOperand parses an SSA use `%name` or `%name#N` if one
	// is next.
	ParseOptionalOperand() (UnresolvedOperand, bool)
	// ParseOperand parses an SSA use or reports "expected SSA operand".
	ParseOperand() UnresolvedOperand
	// ResolveOperand returns the value an SSA use names, with type t (a
	// forward reference if it is not yet defined).
	ResolveOperand(u UnresolvedOperand, t Type) Value
	// ParseOptionalArgument parses a region argument `%name`, followed
	// with allowType by `: type`, with allowAttrs by an optional
	// attribute dictionary, and by an optional `loc(...)` (MLIR's
	// parseOptionalArgument).
	ParseOptionalArgument(allowType, allowAttrs bool) (RegionArgument, bool)
	// ParseOptionalLocationSpecifier parses `loc(...)` if present.
	ParseOptionalLocationSpecifier() (Location, bool)
	// ParseOptionalRegion parses a region into r if a '{' is next; args as
	// for ParseRegion.
	ParseOptionalRegion(r *Region, args []RegionArgument) bool
	// ParseOptionalKeywordAny parses a bare identifier or keyword, whatever
	// it is, if one is next.
	ParseOptionalKeywordAny() (string, bool)
	// ParseOptionalString parses a string literal if one is next and
	// returns its decoded value.
	ParseOptionalString() (string, bool)
	// ParseOptionalAttribute parses an attribute if the next token can
	// start one (MLIR's parseOptionalAttribute); t as for ParseAttribute.
	ParseOptionalAttribute(t Type) (Attribute, bool)
	// ParseOptionalType parses a type if the next token can start one.
	ParseOptionalType() (Type, bool)
	// ParseOptionalSuccessor parses a block reference `^bb` if one is next.
	ParseOptionalSuccessor() (*Block, bool)
	// ParseDimensionList parses a shape prefix `4x?x` up to the element
	// type (MLIR's parseDimensionList with allowDynamic and a trailing x).
	ParseDimensionList(allowDynamic bool) []int64
	// ParseOptionalInteger parses a signed integer `-?[0-9]+` (decimal or
	// hexadecimal) if one is next (MLIR's parseOptionalInteger); a `-`
	// without an integer after it is reported as "expected integer
	// value", a value beyond 64 bits as "integer value too large".
	ParseOptionalInteger() (int64, bool)
	// ParseAffineMap parses a bare affine map `(d0, d1)[s0] -> (...)`, as
	// custom syntaxes write one without `affine_map<...>` (MLIR's
	// parseAffineMap).
	ParseAffineMap() affine.Map
}

// SourcePos is a position in the text being parsed, as MLIR's SMLoc; only
// the parser that returned it can interpret it.
type SourcePos int

// UnresolvedOperand is an SSA use read by a custom parser and not yet
// resolved to a value.
type UnresolvedOperand struct {
	// Name is the SSA name including the '%'.
	Name string
	// Number is the result number after '#', or 0.
	Number int
	// Pos is where the use starts.
	Pos SourcePos
}

// RegionArgument is an entry block argument declared by a custom syntax,
// e.g. the parameters of func.func.
type RegionArgument struct {
	// Name is the SSA name including the '%'.
	Name string
	Type Type
	// Loc is the argument's location; nil means the location of its name.
	Loc Location
	// Pos is where the name starts (set by ParseOptionalArgument).
	Pos SourcePos
	// Attrs holds the attribute dictionary written after the type, or nil.
	Attrs *DictionaryAttr
}

// PrintTypeList prints types separated by ", ".
func PrintTypeList(p OpAsmPrinter, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(t)
	}
}

// PrintFunctionalType prints `(ins) -> outs` as OpAsmPrinter's
// printFunctionalType does: the results are parenthesized unless there is
// exactly one and it is not a function type.
func PrintFunctionalType(p OpAsmPrinter, ins, outs []Type) {
	p.WriteString("(")
	PrintTypeList(p, ins)
	p.WriteString(") -> ")
	wrap := len(outs) != 1
	if !wrap {
		_, wrap = outs[0].(*FunctionType)
	}
	if wrap {
		p.WriteString("(")
	}
	PrintTypeList(p, outs)
	if wrap {
		p.WriteString(")")
	}
}

// PrintSuccessorAndUseList prints a successor and, when it has operands,
// `(%a, ... : T, ...)` (OpAsmPrinter's printSuccessorAndUseList).
func PrintSuccessorAndUseList(p OpAsmPrinter, b *Block, operands []Value) {
	p.PrintSuccessor(b)
	if len(operands) == 0 {
		return
	}
	p.WriteString("(")
	PrintOperandsAndTypes(p, operands)
	p.WriteString(")")
}

// PrintOperandsAndTypes prints `%a, %b : T, U`: value names, then their
// types.
func PrintOperandsAndTypes(p OpAsmPrinter, vs []Value) {
	PrintOperandList(p, vs)
	p.WriteString(" : ")
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(v.Type())
	}
}

// ParseSuccessorAndUseList parses `^bb` and an optional
// `(%a, ... : T, ...)` (OpAsmParser's parseSuccessorAndUseList): the
// block, the operands and their types.
func ParseSuccessorAndUseList(p OpAsmParser) (*Block, []UnresolvedOperand, []Type, error) {
	b, ok := p.ParseOptionalSuccessor()
	if !ok {
		return nil, nil, nil, p.Errorf("expected block name")
	}
	if !p.ParseOptionalPunct("(") {
		return b, nil, nil, nil
	}
	uses := []UnresolvedOperand{p.ParseOperand()}
	for p.ParseOptionalPunct(",") {
		uses = append(uses, p.ParseOperand())
	}
	p.ParsePunct(":")
	types := []Type{p.ParseType()}
	for p.ParseOptionalPunct(",") {
		types = append(types, p.ParseType())
	}
	p.ParsePunct(")")
	return b, uses, types, nil
}

// PrintOperandList prints value names separated by ", ".
func PrintOperandList(p OpAsmPrinter, vs []Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}
