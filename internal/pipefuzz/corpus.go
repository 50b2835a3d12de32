// Package pipefuzz is a mutation fuzzer for pass pipelines. It takes valid
// inputs (test files split at `// -----`), changes one thing in each run
// (an integer or a typed integer set to a boundary of its width, a type, a
// shape dimension, an SSA name, two operands of one type swapped, an
// attribute dropped, an operand or a line) and runs a random pipeline of registered passes through a
// strata-opt binary in a subprocess. A run is a finding when strata-opt
// crashes, hangs, leaves IR that fails verification after a pass, or prints
// output that it cannot read back identically. Findings are deduplicated by
// a signature and minimized line by line.
//
// scripts/pipefuzz is the command that drives it; docs/testing.md shows
// how to run it.
package pipefuzz

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Seed is one input chunk: the text of one `// -----` section of a file.
type Seed struct {
	// Source names the file and chunk, e.g. "tests/cse.mlir#2".
	Source string
	Text   string
}

// LoadSeeds reads every .mlir file under the given paths (files or
// directories, walked recursively), splits each at `// -----` lines and
// returns the chunks with comment-only lines removed. Chunks left empty are
// dropped. Paths that do not exist are skipped.
func LoadSeeds(paths ...string) ([]Seed, error) {
	var seeds []Seed
	for _, root := range paths {
		if _, err := os.Stat(root); err != nil {
			continue
		}
		var files []string
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".mlir") && keepFile(p) {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			for i, chunk := range SplitChunks(string(data)) {
				if text := StripComments(chunk); strings.TrimSpace(text) != "" {
					seeds = append(seeds, Seed{Source: f + "#" + strconv.Itoa(i), Text: text})
				}
			}
		}
	}
	return seeds, nil
}

// keepFile drops the printed forms of the conformance corpus, which repeat
// its inputs (NAME.custom.mlir and NAME.generic.mlir beside
// NAME.input.mlir); the outputs of passes (NAME.pass.mlir) are kept.
func keepFile(p string) bool {
	return !strings.HasSuffix(p, ".custom.mlir") && !strings.HasSuffix(p, ".generic.mlir")
}

// SplitChunks splits text at lines that start with `// -----`, as
// strata-opt --split-input-file does.
func SplitChunks(text string) []string {
	var chunks []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "// -----") {
			chunks = append(chunks, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	return append(chunks, cur.String())
}

// StripComments removes the lines that hold only a `//` comment (RUN and
// CHECK lines, expected-* annotations).
func StripComments(text string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}
