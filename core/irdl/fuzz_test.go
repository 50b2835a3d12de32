package irdl

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary text to the parser and the semantic checks
// (formats included): they must report errors, never panic.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.irdl"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"dialect d { op a { operands (x: variadic AnyOf<I32, !d.t>) format \"(`k` $x^ `:` type($x))? attr-dict\" } }",
		"dialect d { type t { parameters (a: Shape, b: Type) format \"`<` $a `` $b `>`\" } }",
		"dialect d { enum E : i8 as attr \"e\" { a = 0, b = 1 } op x { properties (e: EnumAttr<E> = a) format \"$e attr-dict\" } }",
		"dialect d { op x { regions (r: variadic AnyRegion) successors (s: variadic Successor) format \"$r $s oilist(`a` | `b`) attr-dict\" } }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := Parse("f.irdl", src); err != nil {
			return
		}
		_ = Check("f.irdl", src)
	})
}
