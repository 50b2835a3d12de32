package bufferopt

import (
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	"github.com/strata-ir/strata/dialects/scf"
)

func parseInternal(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	builtin.Register(ctx)
	function.Register(ctx)
	arith.Register(ctx)
	scf.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestElementSizes checks the default data layout sizes against those
// mlir-opt-22 promotes by (probed with max-alloc-size-in-bytes).
func TestElementSizes(t *testing.T) {
	tests := []struct {
		typ  string
		bits uint64
		ok   bool
	}{
		{"i1", 1, true}, {"i65", 65, true}, {"index", 64, true}, {"bf16", 16, true}, {"f80", 80, true},
		{"complex<f32>", 64, true}, {"complex<i80>", 208, true}, {"complex<i33>", 97, true},
		{"vector<3xf32>", 128, true}, {"vector<2x3xi1>", 64, true}, {"vector<5xi9>", 128, true},
		{"vector<[4]xf32>", 0, false}, {"memref<2xf32>", 0, false}, {"tuple<i32>", 0, false},
	}
	for _, tc := range tests {
		m := parseInternal(t, `"test.t"() {t = `+tc.typ+`} : () -> ()`)
		typ := m.Region(0).Blocks()[0].First().Attr("t").(*ir.TypeAttr).Type
		bits, ok := elementSizeInBits(typ)
		if bits != tc.bits || ok != tc.ok {
			t.Errorf("%s: got %d, %v; want %d, %v", tc.typ, bits, ok, tc.bits, tc.ok)
		}
	}
}

// TestLoops checks which operations the passes take for loops and for
// parallel loops.
func TestLoops(t *testing.T) {
	m := parseInternal(t, `func.func @f(%c: i1, %n: index) {
  scf.for %i = %n to %n step %n {
  }
  scf.if %c {
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  scf.parallel (%i) = (%n) to (%n) step (%n) {
    scf.reduce
  }
  scf.execute_region {
    scf.yield
  }
  return
}
`)
	want := map[string][2]bool{ // isLoop, isSequentialLoop
		"scf.for": {true, true}, "scf.if": {false, false}, "scf.while": {true, true},
		"scf.parallel": {true, false}, "scf.execute_region": {false, false},
	}
	fn := m.Region(0).Blocks()[0].First()
	for op := fn.Region(0).Blocks()[0].First(); op != nil; op = op.Next() {
		w, ok := want[op.Name()]
		if !ok {
			continue
		}
		if got := [2]bool{isLoop(op), isSequentialLoop(op)}; got != w {
			t.Errorf("%s: got isLoop, isSequentialLoop = %v, want %v", op.Name(), got, w)
		}
	}
}
