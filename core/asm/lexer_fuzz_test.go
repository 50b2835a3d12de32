package asm

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
)

// CorpusSeeds returns the *.generic.mlir and *.input.mlir files of the
// shared conformance corpus, or nothing when ../shared is absent. It is
// exported for the fuzz targets of package asm_test.
func CorpusSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	root := filepath.Join(testutil.RepoRoot(), "..", "shared", "conformance", "corpus")
	if _, err := os.Stat(root); err != nil {
		return nil
	}
	var files []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && (strings.HasSuffix(p, ".generic.mlir") || strings.HasSuffix(p, ".input.mlir")) {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatalf("reading seed: %v", err)
		}
		out = append(out, data)
	}
	return out
}

// lexerSeeds are small hand-written inputs covering every token kind and the
// lexer's error paths.
var lexerSeeds = []string{
	"",
	"%0 = \"a.b\"(%arg0) : (i32) -> i32",
	"^bb0(%x: !foo.bar<\"s\">):",
	"#map = affine_map<(d0) -> (d0 + 1)>",
	"@sym @\"quoted sym\" @",
	"0x1F 12 1.5e+3 1.e 0x 4x?xf32",
	"... .. . -> - + * ? | = < > ( ) [ ] { } : ,",
	"{-# dialect_resources: {} #-}",
	"\"unterminated",
	"\"bad \\q escape\"",
	"\"esc \\\\ \\\" \\n \\t \\0A\"",
	"// comment only\n",
	"/ single slash",
	"% ^ ! #",
	"\x00\x01\xff",
	"\"\\",
	"@\"",
}

// FuzzLexer lexes arbitrary bytes to the end: the lexer must not panic,
// every token must lie inside the buffer and make progress, and lexing must
// terminate.
func FuzzLexer(f *testing.F) {
	for _, s := range lexerSeeds {
		f.Add([]byte(s))
	}
	for _, s := range CorpusSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l := lexer{buf: data}
		prevEnd := 0
		// Every token but EOF consumes at least one byte, and an error
		// stops lexing (as the parser does), so len(data)+1 tokens bound
		// the loop.
		for i := 0; i <= len(data)+1; i++ {
			before := l.pos
			tok := l.next()
			if tok.Start < 0 || tok.End > len(data) || tok.Start > tok.End {
				t.Fatalf("token %v [%d,%d) outside buffer of %d bytes", tok.Kind, tok.Start, tok.End, len(data))
			}
			if tok.Start < prevEnd {
				t.Fatalf("token %v [%d,%d) overlaps the previous token ending at %d", tok.Kind, tok.Start, tok.End, prevEnd)
			}
			switch tok.Kind {
			case TokEOF:
				if tok.Start != len(data) {
					t.Fatalf("EOF token at %d, want %d", tok.Start, len(data))
				}
				return
			case TokError:
				if l.errMsg == "" {
					t.Fatalf("error token without a message at %d", tok.Start)
				}
				if l.errPos < 0 || l.errPos > len(data) {
					t.Fatalf("error position %d outside buffer of %d bytes", l.errPos, len(data))
				}
				return
			}
			if tok.End <= tok.Start || l.pos <= before {
				t.Fatalf("token %v [%d,%d) made no progress (pos %d -> %d)", tok.Kind, tok.Start, tok.End, before, l.pos)
			}
			_ = tok.Kind.String()
			prevEnd = tok.End
		}
		t.Fatalf("lexer did not reach EOF after %d tokens on %d bytes", len(data)+2, len(data))
	})
}
