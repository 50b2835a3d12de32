package neuron_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// printModule prints m in custom or generic form.
func printModule(t *testing.T, m *ir.Operation, generic bool) string {
	var b strings.Builder
	if err := asm.Print(&b, m, asm.PrintOptions{Generic: generic}); err != nil {
		t.Fatalf("print: %v", err)
	}
	return b.String()
}

// FuzzNeuronProgram feeds arbitrary text to the parser and verifier with
// the neuron dialect registered: bad input must be a diagnostic, never a
// panic, and a program that verifies must print in custom and generic form
// to text that reads back to the same program. The seed corpus is
// tests/neuron/*.mlir and the NKI emitter's inputs.
func FuzzNeuronProgram(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "targets", "nki", "testdata", "*.mlir"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "tests", "neuron", "*.mlir"))
	for _, p := range append(files, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for _, part := range strings.Split(string(b), "// -----") {
			f.Add([]byte(part))
		}
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	f.Fuzz(func(t *testing.T, src []byte) {
		m, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "fuzz.mlir"})
		if err != nil || ir.Verify(m) != nil {
			return
		}
		custom := printModule(t, m, false)
		m2, _, err := asm.ParseModule(ctx, []byte(custom), asm.Config{Filename: "custom.mlir"})
		if err != nil {
			t.Fatalf("custom form does not parse: %v\n%s", err, custom)
		}
		if err := ir.Verify(m2); err != nil {
			t.Fatalf("custom form does not verify: %v\n%s", err, custom)
		}
		if again := printModule(t, m2, false); again != custom {
			t.Fatalf("custom form is not stable:\n%s\nthen\n%s", custom, again)
		}
		generic := printModule(t, m, true)
		m3, _, err := asm.ParseModule(ctx, []byte(generic), asm.Config{Filename: "generic.mlir"})
		if err != nil {
			t.Fatalf("generic form does not parse: %v\n%s", err, generic)
		}
		if back := printModule(t, m3, false); back != custom {
			t.Fatalf("generic form reads back as\n%s\nnot\n%s", back, custom)
		}
	})
}
