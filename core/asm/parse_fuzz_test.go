package asm_test

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// parseSeeds are small hand-written inputs for FuzzParse.
var parseSeeds = []string{
	``,
	`"a.b"() : () -> ()`,
	`%0 = "a.b"() : () -> i32` + "\n" + `"a.c"(%0) : (i32) -> ()`,
	`"builtin.module"() ({` + "\n" + `  "a.b"() ({` + "\n" + `  ^bb0(%x: i32):` + "\n" + `    "a.br"(%x)[^bb1] : (i32) -> ()` + "\n" + `  ^bb1:` + "\n" + `    "a.t"() : () -> ()` + "\n" + `  }) : () -> ()` + "\n" + `}) : () -> ()`,
	`module @m attributes {a.x = 1 : i32} { "a.b"() : () -> () }`,
	`%0:2 = "a.b"() {k = [1, 2.5, "s", @f::@g, unit, true]} : () -> (i32, f32)`,
	`#a = #x.y<"z"> ` + "\n" + `!t = !x.y<a<b>>` + "\n" + `"a.b"() {a = #a, t = !t} : () -> ()`,
	`"a.b"() {d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, h = dense<"0x0102"> : vector<2xi8>, s = sparse<[[0, 1]], [5]> : tensor<2x2xi32>} : () -> ()`,
	`"a.b"() {m = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>, s = affine_set<(d0) : (d0 >= 0)>} : () -> ()`,
	`"a.b"() {a = array<i32: 1, 2>, b = array<f32: 1.0>, c = strided<[1, ?], offset: 4>, d = distinct[0]<42 : i8>} : () -> ()`,
	`"a.b"() : () -> (memref<4x?xf32, strided<[?, 1]>, 1>, tensor<*xf32>, vector<[4]x2xf32>, complex<f32>, tuple<i1, index>, none, !x<"y">)`,
	`"a.b"() : () -> () loc(#loc)` + "\n" + `#loc = loc("f.mlir":1:2)`,
	`"a.b"() : () -> () loc(fused<"m">["a":1:2, callsite("x" at "y":3:4), "n"("z":1:1 to 2:3)])`,
	`"a.b"() <{p = 1 : i64}> ({}, {^bb0: "a.t"() : () -> ()}) : () -> ()` + "\n" + `{-#` + "\n" + `  dialect_resources: { builtin: { r: "0x04000000" } }` + "\n" + `#-}`,
	`"a.b"() ({ ^bb0: ^bb1: "a.t"() : () -> () }) : () -> ()`,
	`"builtin.module"() ({ "builtin.module"() ({}) {sym_name = "x"} : () -> () }) : () -> ()`,
	`%0 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i32`,
	`"a.b"() {x = 0x7FC00000 : f32, y = -1 : si8, z = 255 : ui8, w = 1.5e300 : f16} : () -> ()`,
	`"a.b"() {x = dense<(1.0, 2.0)> : tensor<complex<f32>>, y = dense<["a", "b"]> : tensor<2x!x.s>} : () -> ()`,
	`"a.b"() {x = dense_resource<blob> : tensor<4xi8>} : () -> ()`,
	`"foo"(`,
	`"a.b"() {x = [[[[[[[[[[1]]]]]]]]]]} : () -> ()`,
}

// maxFuzzInput bounds the input size so that one iteration stays fast.
const maxFuzzInput = 64 << 10

// FuzzParse parses arbitrary input with unregistered dialects allowed: the
// parser must never panic or hang, and for input that is accepted and
// verifies, printing is a fixed point of parse: print(parse(print(x))) ==
// print(x) in the generic form, with and without debug info (see
// checkParse for aliases).
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add([]byte(s))
	}
	for _, s := range asm.CorpusSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			checkParse(t, data)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("parsing %d bytes did not finish in 20s", len(data))
		}
	})
}

func newFuzzContext() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	ctx.AllowUnregisteredDialects = true
	return ctx
}

// checkParse runs one fuzz iteration; it reports through t.Errorf only, as
// it runs outside the test goroutine.
func checkParse(t *testing.T, data []byte) {
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	ctx := newFuzzContext()
	const name = "fuzz.mlir"
	s, err := asm.Parse(ctx, data, asm.Config{Filename: name})
	if err != nil {
		// One diagnostic, or several when MLIR emits follow-up errors for
		// the same failure.
		switch e := err.(type) {
		case *ir.Diagnostic:
		case ir.Diagnostics:
			if len(e) == 0 {
				t.Errorf("parse error is an empty ir.Diagnostics")
			}
		default:
			t.Errorf("parse error is %T, want *ir.Diagnostic or ir.Diagnostics: %v", err, err)
		}
		return
	}
	top := asm.WrapInModule(ctx, s.Block, ctx.FileLineCol(name, 0, 0))
	if ir.Verify(top) != nil {
		return
	}
	// MLIR's printing is lossy for some attributes (affine maps whose
	// expression trees differ print alike, so reparsing unifies them and
	// renumbers the aliases); without aliases the printed form must be a
	// fixed point, with aliases printing must converge after one more round.
	for _, debug := range []bool{false, true} {
		for _, local := range []bool{true, false} {
			opts := asm.PrintOptions{Generic: true, DebugInfo: debug, LocalScope: local, Resources: s.Resources}
			var first bytes.Buffer
			if err := asm.Print(&first, top, opts); err != nil {
				t.Errorf("print (debug=%v, local=%v): %v", debug, local, err)
				return
			}
			second, ok := reprint(t, first.Bytes(), opts)
			if !ok || bytes.Equal(first.Bytes(), second) {
				continue
			}
			// MLIR prints loc("":3) as loc("":3:0), which it reparses as
			// loc("-":3:0) (FileLineColLoc::get spells an empty file name
			// "-"): with such locations printing only needs to converge.
			if local && !bytes.Contains(first.Bytes(), []byte(`"":`)) {
				t.Errorf("print(parse(print(x))) != print(x) (debug=%v, local scope)\n%s", debug, firstDiff(first.String(), string(second)))
				return
			}
			third, ok := reprint(t, second, opts)
			if ok && !bytes.Equal(second, third) {
				t.Errorf("printing does not converge (debug=%v, local=%v)\n%s", debug, local, firstDiff(string(second), string(third)))
				return
			}
		}
	}
}

// reprint parses and verifies text printed with opts and prints it again.
func reprint(t *testing.T, text []byte, opts asm.PrintOptions) ([]byte, bool) {
	const name = "fuzz.mlir"
	ctx := newFuzzContext()
	s, err := asm.Parse(ctx, text, asm.Config{Filename: name})
	if err != nil {
		t.Errorf("reparsing the printed form (debug=%v, local=%v) failed: %v\n--- printed:\n%s", opts.DebugInfo, opts.LocalScope, err, text)
		return nil, false
	}
	top := asm.WrapInModule(ctx, s.Block, ctx.FileLineCol(name, 0, 0))
	if err := ir.Verify(top); err != nil {
		t.Errorf("the reparsed printed form (debug=%v, local=%v) does not verify: %v\n--- printed:\n%s", opts.DebugInfo, opts.LocalScope, err, text)
		return nil, false
	}
	var out bytes.Buffer
	opts.Resources = s.Resources
	if err := asm.Print(&out, top, opts); err != nil {
		t.Errorf("printing the reparsed form (debug=%v, local=%v): %v", opts.DebugInfo, opts.LocalScope, err)
		return nil, false
	}
	return out.Bytes(), true
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %q\n+ %q\n--- first:\n%s", i+1, x, y, a)
		}
	}
	return "(no line differs)"
}
