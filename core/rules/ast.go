package rules

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The syntax tree of a rules file, as participle builds it. The grammar is
// described in docs/rewrite-rules.md.

// File is a whole rules file: operation signatures and rules, in any
// order.
type File struct {
	Decls []*Decl `parser:"@@*"`
}

// Decl is one top-level declaration.
type Decl struct {
	Pos  lexer.Position
	Sig  *Sig  `parser:"  'op' @@"`
	Rule *Rule `parser:"| @@"`
}

// Sig declares an operation's arguments in order (operands by name,
// properties as $name), and whether its first two operands commute.
type Sig struct {
	Pos         lexer.Position
	Name        string    `parser:"@Ident"`
	Args        []*SigArg `parser:"'(' (@@ (',' @@)*)? ')'"`
	Commutative bool      `parser:"@'commutative'?"`
}

// SigArg is an operand name or a $property name.
type SigArg struct {
	Pos     lexer.Position
	Attr    string `parser:"  @AttrRef"`
	Operand string `parser:"| @Ident"`
}

// Rule is `[Name:] match [&& cond]* => result`.
type Rule struct {
	Pos    lexer.Position
	Name   string   `parser:"(@Ident ':')?"`
	Match  *MatchOp `parser:"@@"`
	Conds  []*Cond  `parser:"('&&' @@)*"`
	Result *Result  `parser:"'=>' @@"`
}

// MatchOp matches an operation: `(name[:bind] args...)`.
type MatchOp struct {
	Pos  lexer.Position
	Name string      `parser:"'(' @Ident"`
	Bind string      `parser:"(':' @Ident)?"`
	Args []*MatchArg `parser:"@@* ')'"`
}

// MatchArg is one argument of a matched operation: a named property
// pattern, a constant-value pattern, a nested operation, a positional
// property pattern or an operand binding.
type MatchArg struct {
	Pos   lexer.Position
	Named *NamedAttrPat `parser:"  @@"`
	Const *AttrPat      `parser:"| '[' @@ ']'"`
	Op    *MatchOp      `parser:"| @@"`
	Attr  *AttrPat      `parser:"| @@"`
	Value *ValuePat     `parser:"| @@"`
}

// NamedAttrPat is `name=pattern`.
type NamedAttrPat struct {
	Pos  lexer.Position
	Name string   `parser:"@Ident '='"`
	Pat  *AttrPat `parser:"@@"`
}

// AttrPat matches an attribute: `$bind[:kind]`, an integer, true, false
// or `_`.
type AttrPat struct {
	Pos  lexer.Position
	Ref  string  `parser:"  @AttrRef"`
	Kind string  `parser:"  (':' @Ident)?"`
	Int  *string `parser:"| @Int"`
	Bool string  `parser:"| @('true' | 'false')"`
	Any  bool    `parser:"| @'_'"`
}

// ValuePat binds an operand: `name[:typekind]` or `_`.
type ValuePat struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
	Type string `parser:"(':' @Ident)?"`
}

// Cond is a constraint: `[!]name(args...)`.
type Cond struct {
	Pos  lexer.Position
	Not  bool     `parser:"@'!'?"`
	Name string   `parser:"@Ident"`
	Args []string `parser:"'(' (@(AttrRef | Ident) (',' @(AttrRef | Ident))*)? ')'"`
}

// Result is what the matched root becomes: a bound value or a built
// operation.
type Result struct {
	Pos   lexer.Position
	Op    *BuildOp `parser:"  @@"`
	Value string   `parser:"| @Ident"`
}

// BuildOp builds an operation, or calls a helper when its name has no
// dot: `(name args... [-> type(x)])`.
type BuildOp struct {
	Pos  lexer.Position
	Name string      `parser:"'(' @Ident"`
	Args []*BuildArg `parser:"@@*"`
	Type string      `parser:"('->' 'type' '(' @(Ident | AttrRef) ')')? ')'"`
}

// BuildArg is an argument of a built operation or helper call.
type BuildArg struct {
	Pos   lexer.Position
	Named *NamedAttrExpr `parser:"  @@"`
	Op    *BuildOp       `parser:"| @@"`
	Attr  string         `parser:"| @AttrRef"`
	Bool  string         `parser:"| @('true' | 'false')"`
	Int   *string        `parser:"| @Int"`
	Value string         `parser:"| @Ident"`
}

// NamedAttrExpr is `name=expr` in a built operation.
type NamedAttrExpr struct {
	Pos  lexer.Position
	Name string    `parser:"@Ident '='"`
	Expr *BuildArg `parser:"@@"`
}

var rulesLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Arrow", Pattern: `=>|->|&&`},
	{Name: "AttrRef", Pattern: `\$[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Int", Pattern: `-?[0-9]+`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "Punct", Pattern: `[()\[\]:=,!]`},
})

var rulesParser = participle.MustBuild[File](
	participle.Lexer(rulesLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(3),
)
