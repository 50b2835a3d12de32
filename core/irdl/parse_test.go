package irdl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyntaxErrors checks that malformed definition files report located
// syntax errors.
func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"dialect {", "t.irdl:1:9: error: unexpected token \"{\" (expected <ident> \"{\" DialectItem* \"}\")"},
		{"dialect d {\n  op add {\n    traits [Pure,,]\n  }\n}\n", "t.irdl:3:17: error: unexpected token \",\" (expected \"]\")"},
		{"dialect d {\n  op add {\n    operands (a: )\n  }\n}\n", "t.irdl:3:18: error: unexpected token \")\" (expected Constraint)"},
		{"dialect d {\n  op add {\n    summary \"abc\n  }\n}\n", "t.irdl:3:13: error: unterminated string"},
		{"dialect d {\n  op add {\n    frob 1\n  }\n}\n", "t.irdl:3:5: error: unexpected token \"frob\" (expected \"}\")"},
		{"dialect d {\n  type t { parameters (x: !d.t<1) }\n}\n", "t.irdl:2:27: error: unbalanced '<' in literal"},
		{"dialect d {\n  op a { format \"$x\" }\n  op b }\n", "t.irdl:3:8: error: unexpected token \"}\" (expected \"{\" OpItem* \"}\")"},
		{"dialect d {\n  enum E : i32 { a = 0 b = 1 }\n}\n", "t.irdl:2:24: error: unexpected token \"b\" (expected \"}\")"},
		{"dialect d { @ }", "t.irdl:1:13: error: unexpected character '@'"},
		{"dialect d {", "t.irdl:1:12: error: unexpected token \"<EOF>\" (expected \"}\")"},
	} {
		_, err := Parse("t.irdl", []byte(c.src))
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, err, c.want)
		}
	}
}

// TestSemanticErrors checks the located errors of semantic checks.
func TestSemanticErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"dialect d {\n  op a {\n    operands (x: Frob)\n  }\n}\n", "3:18: error: unknown constraint 'Frob'"},
		{"dialect d {\n  op a {}\n  op a {}\n}\n", "3:3: error: op 'a' is defined twice"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    results (x: I32)\n  }\n}\n", "4:14: error: duplicate name 'x' in op 'a'"},
		{"dialect d {\n  op a {\n    traits [Pure]\n    traits [Pure]\n  }\n}\n", "4:5: error: duplicate 'traits' in op 'a'"},
		{"dialect d {\n  op a {\n    traits [HasParent<1>]\n  }\n}\n", "3:23: error: trait 'HasParent' expects string arguments"},
		{"dialect d {\n  op a {\n    traits [Pure<\"x\">]\n  }\n}\n", "3:13: error: trait 'Pure' takes no arguments"},
		{"dialect d {\n  op a {\n    traits [SingleBlockImplicitTerminator<\"x.y\", \"z.w\">]\n  }\n}\n", "3:13: error: trait 'SingleBlockImplicitTerminator' expects 1 string argument"},
		{"dialect d {\n  op a {\n    traits [HasParent<\"x\">]\n  }\n}\n", "3:23: error: 'x' is not an operation name (expected \"dialect.op\")"},
		{"dialect d {\n  op a {\n    traits [Frob]\n  }\n}\n", "3:13: error: unknown trait 'Frob'"},
		{"dialect d {\n  op a {\n    operands (x: StrAttr)\n  }\n}\n", "3:18: error: 'StrAttr' is an attribute constraint, but a type constraint is expected here"},
		{"dialect d {\n  op a {\n    properties (x: I32)\n  }\n}\n", "3:20: error: 'I32' is a type constraint, but an attribute constraint is expected here"},
		{"dialect d {\n  constraint C = AnyOf<C, I32>\n  op a {\n    operands (x: C)\n  }\n}\n", "2:24: error: constraint 'C' is defined in terms of itself"},
		{"dialect d {\n  constraint C = C\n  type t { parameters (x: C) }\n}\n", "2:18: error: constraint 'C' is defined in terms of itself"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    results (y: AnyType)\n    format \"$x attr-dict\"\n  }\n}\n", "5:25: error: type of result #0, named 'y', is not buildable and a buildable type cannot be inferred"},
		{"dialect d {\n  op a {\n    operands (x: AnyType)\n    format \"$x attr-dict\"\n  }\n}\n", "4:25: error: type of operand #0, named 'x', is not buildable and a buildable type cannot be inferred"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"attr-dict\"\n  }\n}\n", "4:22: error: operand #0, named 'x', not found"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"$x\"\n  }\n}\n", "4:15: error: 'attr-dict' directive not found"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"$x $x attr-dict\"\n  }\n}\n", "4:16: error: '$x' is already bound"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"$y attr-dict\"\n  }\n}\n", "4:13: error: expected variable to refer to an argument, region, result, or successor, but got '$y'"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"(`k` $x)? attr-dict\"\n  }\n}\n", "4:13: error: optional group has no anchor element"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"(`k` $x^)? attr-dict\"\n  }\n}\n", "4:18: error: only optional or variadic operands can be used to anchor an optional group"},
		{"dialect d {\n  op a {\n    operands (x: I32)\n    format \"$x `a b` attr-dict\"\n  }\n}\n", "4:16: error: expected valid literal but got 'a b': keywords should contain only alphanumeric, '_', '$' and '.' characters"},
		{"dialect d {\n  op a {\n    format \"custom<Nope>() attr-dict\"\n  }\n}\n", "3:13: error: unknown custom directive 'Nope' (register it with irdl.RegisterCustomDirective)"},
		{"dialect d {\n  op a {\n    results (r: I32)\n    format \"$r attr-dict\"\n  }\n}\n", "4:13: error: result variables can only be used as a child to a 'type' directive"},
		{"dialect d {\n  type t {\n    parameters (n: i32)\n    format \"`<` `>`\"\n  }\n}\n", "4:20: error: format is missing a reference to parameter 'n'"},
		{"dialect d {\n  enum E : f32 { a = 0 }\n}\n", "2:3: error: enum 'E' must be stored in a signless integer type of at most 64 bits, not 'f32'"},
		{"dialect d {\n  enum E : i8 { a = 0, b = 300 }\n}\n", "2:24: error: enum case value 300 does not fit in i8"},
		{"dialect d {\n  op a {\n    properties (k: EnumAttr<F>)\n  }\n}\n", "3:29: error: 'EnumAttr' expects the name of an enum of dialect 'd'"},
		{"dialect d {\n  op a {\n    properties (n: I64Attr = \"x\")\n  }\n}\n", "3:30: error: default value \"x\" does not satisfy the constraint: 64-bit signless integer attribute"},
		{"dialect d {\n  op a {\n    operands (x: !d.nope)\n  }\n}\n", "3:18: error: dialect 'd' defines no type 'nope'"},
		{"dialect d {\n  op a {\n    effects [Read(q)]\n  }\n}\n", "3:14: error: effect on 'q', which is not an operand or result of op 'a'"},
		{"dialect d {\n  op a {\n    hooks [frob]\n  }\n}\n", "3:12: error: unknown hook 'frob' (expected verifier, regionVerifier, folder, canonicalizer, printer, parser or interfaces)"},
		{"dialect d {\n  op a {\n    regions (r: AnyType)\n  }\n}\n", "3:17: error: a region constraint must be 'AnyRegion' or 'SizedRegion<N>'"},
		{"dialect d {\n  op a {\n    operands (x: HasRank<AnyTensor>)\n  }\n}\n", "3:18: error: 'HasRank' expects a constraint and a rank: HasRank<C, N>"},
	} {
		err := Check("t.irdl", []byte(c.src))
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if want := "t.irdl:" + c.want; err.Error() != want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, err, want)
		}
	}
}

// TestHooksRejectedAtRunTime checks that Load refuses definitions naming
// Go hooks, which Check accepts.
func TestHooksRejectedAtRunTime(t *testing.T) {
	src := []byte("dialect d {\n  op a {\n    hooks [folder]\n  }\n}\n")
	if err := Check("t.irdl", src); err != nil {
		t.Fatalf("Check: %v", err)
	}
	ctx := newTestContext()
	err := Load(ctx, "t.irdl", src)
	if err == nil || err.Error() != "t.irdl:3:5: error: op 'd.a' names hooks, which a dialect loaded at run time cannot have (compile the dialect and load its file with irdl.LoadCompiled)" {
		t.Fatalf("Load: %v", err)
	}
}

// TestDocExample checks that the example of docs/dialect-language.md
// loads at run time as it is written.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "dialect-language.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	start := strings.Index(s, "```\ndialect toy {")
	if start < 0 {
		t.Fatal("example not found")
	}
	s = s[start+4:]
	s = s[:strings.Index(s, "```")]
	if err := Check("doc.irdl", []byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := Load(newTestContext(), "doc.irdl", []byte(s)); err != nil {
		t.Fatal(err)
	}
}
