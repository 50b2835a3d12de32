package irdl

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The syntax tree of a definition file, as participle builds it from the
// struct tags. Semantic checks and the resolved model live in sema.go.

// Position is a place in a definition file; the syntax tree's nodes hold
// theirs in Pos.
type Position = lexer.Position

// File is a whole definition file.
type File struct {
	Dialects []*DialectDecl `parser:"@@*"`
}

// Str is a string literal (double-quoted with Go escapes, or raw).
type Str struct {
	Pos lexer.Position
	Raw string `parser:"@(String | RawString)"`
}

// DialectDecl is `dialect name { ... }`.
type DialectDecl struct {
	Pos   lexer.Position
	Name  string         `parser:"'dialect' @Ident '{'"`
	Items []*DialectItem `parser:"@@* '}'"`
}

// DialectItem is one item of a dialect body.
type DialectItem struct {
	Pos         lexer.Position
	Summary     *Str            `parser:"  'summary' @@"`
	Description *Str            `parser:"| 'description' @@"`
	Constraint  *ConstraintDecl `parser:"| @@"`
	Enum        *EnumDecl       `parser:"| @@"`
	Type        *TypeDecl       `parser:"| @@"`
	Attr        *AttrDecl       `parser:"| @@"`
	Op          *OpDecl         `parser:"| @@"`
}

// ConstraintDecl is `constraint Name = C [summary "..."]`.
type ConstraintDecl struct {
	Pos     lexer.Position
	Name    string      `parser:"'constraint' @Ident '='"`
	C       *Constraint `parser:"@@"`
	Summary *Str        `parser:"('summary' @@)?"`
}

// EnumDecl is `enum Name : iN [as attr "mnemonic"] [separator ","]
// [summary "..."] { case = value, ... }` (or `bitenum`).
type EnumDecl struct {
	Pos       lexer.Position
	Kind      string      `parser:"@('enum' | 'bitenum')"`
	Name      string      `parser:"@Ident ':'"`
	Storage   string      `parser:"@Ident"`
	Mnemonic  *Str        `parser:"('as' 'attr' @@)?"`
	Separator *Str        `parser:"('separator' @@)?"`
	Summary   *Str        `parser:"('summary' @@)?"`
	Cases     []*EnumCase `parser:"'{' (@@ (',' @@)* ','?)? '}'"`
}

// EnumCase is `name = value`.
type EnumCase struct {
	Pos   lexer.Position
	Name  string `parser:"@Ident '='"`
	Value string `parser:"@Int"`
}

// TypeDecl is `type name { ... }`.
type TypeDecl struct {
	Pos   lexer.Position
	Name  string     `parser:"'type' @Ident '{'"`
	Items []*DefItem `parser:"@@* '}'"`
}

// AttrDecl is `attr name { ... }`.
type AttrDecl struct {
	Pos   lexer.Position
	Name  string     `parser:"'attr' @Ident '{'"`
	Items []*DefItem `parser:"@@* '}'"`
}

// DefItem is an item of a type or attribute body.
type DefItem struct {
	Pos         lexer.Position
	Summary     *Str       `parser:"  'summary' @@"`
	Description *Str       `parser:"| 'description' @@"`
	Params      *ParamList `parser:"| @@"`
	Format      *Str       `parser:"| 'format' @@"`
}

// ParamList is `parameters (name: [optional] C, ...)`.
type ParamList struct {
	Pos    lexer.Position
	Kw     string   `parser:"@'parameters' '('"`
	Params []*Param `parser:"(@@ (',' @@)*)? ')'"`
}

// Param is one parameter of a type or attribute.
type Param struct {
	Pos      lexer.Position
	Name     string      `parser:"@Ident ':'"`
	Optional bool        `parser:"@'optional'?"`
	C        *Constraint `parser:"@@"`
}

// OpDecl is `op name { ... }`.
type OpDecl struct {
	Pos   lexer.Position
	Name  string    `parser:"'op' @Ident '{'"`
	Items []*OpItem `parser:"@@* '}'"`
}

// OpItem is an item of an operation body.
type OpItem struct {
	Pos         lexer.Position
	Summary     *Str         `parser:"  'summary' @@"`
	Description *Str         `parser:"| 'description' @@"`
	Traits      *TraitList   `parser:"| @@"`
	Var         *VarDecl     `parser:"| @@"`
	Operands    *ArgList     `parser:"| @@"`
	Results     *ArgList     `parser:"| @@"`
	Properties  *PropList    `parser:"| @@"`
	Regions     *ArgList     `parser:"| @@"`
	Successors  *ArgList     `parser:"| @@"`
	Effects     *EffectList  `parser:"| @@"`
	Format      *Str         `parser:"| 'format' @@"`
	Hooks       *HookList    `parser:"| @@"`
	ResultNames *ResultNames `parser:"| @@"`
	Entry       *EntryBlock  `parser:"| @@"`
}

// EntryBlock is `entry region(operand, ...)`: the region's entry block has
// one argument of the type of each named single operand and one of each
// type of a named variadic or optional group's operands, in order, so the
// generated builder creates it.
type EntryBlock struct {
	Pos    lexer.Position
	Region string   `parser:"'entry' @Ident '('"`
	Args   []string `parser:"(@Ident (',' @Ident)*)? ')'"`
}

// TraitList is `traits [T, ...]`.
type TraitList struct {
	Pos    lexer.Position
	Kw     string   `parser:"@'traits' '['"`
	Traits []*Trait `parser:"(@@ (',' @@)*)? ']'"`
}

// Trait is `Name` or `Name<args>`.
type Trait struct {
	Pos  lexer.Position
	Name string  `parser:"@Ident"`
	Args []*CArg `parser:"('<' @@ (',' @@)* '>')?"`
}

// VarDecl is `var T: C`.
type VarDecl struct {
	Pos  lexer.Position
	Name string      `parser:"'var' @Ident ':'"`
	C    *Constraint `parser:"@@"`
}

// ArgList is `operands (...)`, `results (...)`, `regions (...)` or
// `successors (...)`.
type ArgList struct {
	Pos  lexer.Position
	Kw   string `parser:"@('operands' | 'results' | 'regions' | 'successors') '('"`
	Args []*Arg `parser:"(@@ (',' @@)*)? ')'"`
}

// Arg is `name: [optional|variadic] C`.
type Arg struct {
	Pos  lexer.Position
	Name string      `parser:"@Ident ':'"`
	Mod  string      `parser:"@('optional' | 'variadic')?"`
	C    *Constraint `parser:"@@"`
}

// PropList is `properties (...)`.
type PropList struct {
	Pos   lexer.Position
	Kw    string  `parser:"@'properties' '('"`
	Props []*Prop `parser:"(@@ (',' @@)*)? ')'"`
}

// Prop is `name: [optional] C [= default]`.
type Prop struct {
	Pos      lexer.Position
	Name     string      `parser:"@Ident ':'"`
	Optional bool        `parser:"@'optional'?"`
	C        *Constraint `parser:"@@"`
	Default  *Literal    `parser:"('=' @@)?"`
}

// Literal is a default value: an integer, float, string, keyword or
// attribute literal.
type Literal struct {
	Pos   lexer.Position
	Value string `parser:"@(Int | Float | String | Ident | AttrLit | TypeLit)"`
}

// EffectList is `effects [Read(x), ...]`.
type EffectList struct {
	Pos     lexer.Position
	Kw      string    `parser:"@'effects' '['"`
	Effects []*Effect `parser:"(@@ (',' @@)*)? ']'"`
}

// Effect is `Kind` or `Kind(value)`.
type Effect struct {
	Pos   lexer.Position
	Kind  string `parser:"@Ident"`
	Value string `parser:"('(' @Ident ')')?"`
}

// HookList is `hooks [hook, ...]`.
type HookList struct {
	Pos   lexer.Position
	Kw    string  `parser:"@'hooks' '['"`
	Hooks []*Hook `parser:"(@@ (',' @@)*)? ']'"`
}

// Hook is `kind` or `kind = Func`: a Go function of the dialect package
// attached to the operation. Without a name, the function is the kind's
// conventional name for the op (verifyX, foldX, printX, parseX,
// xCanonicalizationPatterns) and takes the op's typed wrapper; with one,
// it is shared between ops and takes *ir.Operation.
type Hook struct {
	Pos  lexer.Position
	Kind string `parser:"@Ident"`
	Func string `parser:"('=' @Ident)?"`
}

// ResultNames is `resultNames namer` or `resultNames ["a", "b"]`: how the
// printer names results (MLIR's OpAsmOpInterface::getAsmResultNames).
type ResultNames struct {
	Pos   lexer.Position
	Kw    string `parser:"@'resultNames'"`
	Namer string `parser:"( @Ident"`
	Names []*Str `parser:"| '[' (@@ (',' @@)*)? ']' )"`
}

// Constraint is a constraint expression: a name with optional arguments,
// or a type or attribute literal.
type Constraint struct {
	Pos  lexer.Position
	Lit  string  `parser:"  @(TypeLit | AttrLit)"`
	Name string  `parser:"| @Ident"`
	Args []*CArg `parser:"  ('<' @@ (',' @@)* '>')?"`
}

// CArg is an argument of a constraint or trait: an integer, a string or a
// constraint.
type CArg struct {
	Pos lexer.Position
	Int string      `parser:"  @Int"`
	Str *Str        `parser:"| @@"`
	C   *Constraint `parser:"| @@"`
}

var defParser = participle.MustBuild[File](
	participle.Lexer(defLexer{}),
	participle.UseLookahead(1),
)
