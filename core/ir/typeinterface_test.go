package ir_test

import (
	"testing"

	"github.com/strata-ir/strata/core/ir"
)

// widthOf is the Go type of the implementations of a type interface used
// by the tests: the bit width of a value of the type.
type widthOf interface{ Width(t ir.Type) int }

var widthInterface = ir.DeclareTypeInterface[widthOf]("test.WidthTypeInterface")

// goType implements widthOf itself, as a type written in Go may.
type goType struct{ ir.TypeStorage }

func (goType) DialectName() string { return "t" }
func (goType) Body() string        { return "go" }
func (goType) Width(ir.Type) int   { return 7 }

// modeled carries the models of its definition, as the types of dialects
// defined in the definition language do.
type modeled struct {
	ir.TypeStorage
	models *ir.TypeModels
}

func (*modeled) DialectName() string          { return "t" }
func (*modeled) Body() string                 { return "modeled" }
func (m *modeled) TypeModels() *ir.TypeModels { return m.models }

type fixedWidth int

func (w fixedWidth) Width(ir.Type) int { return int(w) }

func TestTypeInterface(t *testing.T) {
	ctx := ir.NewContext()
	mk := func(name string) *modeled {
		// The models are fetched before interning: the constructor runs
		// under the context's lock.
		models := ctx.TypeModels(name)
		return ir.InternType(ctx, name, func(id uint64) *modeled {
			return &modeled{TypeStorage: ir.NewTypeStorage(id), models: models}
		})
	}
	before := mk("t.before")
	widthInterface.AttachTo(ctx, "t.before", fixedWidth(16))
	widthInterface.AttachTo(ctx, "t.after", fixedWidth(32))
	after := mk("t.after")
	other := mk("t.other")
	g := ir.InternType(ctx, "t.go", func(id uint64) goType { return goType{ir.NewTypeStorage(id)} })

	tests := []struct {
		name string
		t    ir.Type
		want int // -1: no implementation
	}{
		{"model attached after the type was made", before, 16},
		{"model attached before the type was made", after, 32},
		{"no model attached", other, -1},
		{"Go type implementing the interface", g, 7},
		{"builtin type", ctx.I(32), -1},
	}
	for _, tc := range tests {
		m, ok := widthInterface.Of(tc.t)
		got := -1
		if ok {
			got = m.Width(tc.t)
		}
		if got != tc.want {
			t.Errorf("%s: width %d, want %d", tc.name, got, tc.want)
		}
		if widthInterface.Implements(tc.t) != (tc.want >= 0) {
			t.Errorf("%s: Implements = %v", tc.name, !(tc.want >= 0))
		}
	}
	if ctx.TypeModels("t.before").Name() != "t.before" {
		t.Errorf("TypeModels name %q", ctx.TypeModels("t.before").Name())
	}
	// Replacing a model replaces it for every type of the name.
	widthInterface.AttachTo(ctx, "t.before", fixedWidth(8))
	if m, _ := widthInterface.Of(before); m.Width(before) != 8 {
		t.Errorf("replaced model: width %d, want 8", m.Width(before))
	}
}
