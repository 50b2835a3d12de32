package bufferize_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/bufferization"
	"github.com/strata-ir/strata/dialects/memref"
	"github.com/strata-ir/strata/transforms/bufferize"
)

// setFirst is the model of testbuf.set_first, an operation of a dialect
// the pass does not know: `%r = testbuf.set_first %t, %v` is %t with
// element 0 set to %v. It writes its operand 0; the other elements keep
// their values only where the write happens in place (the test needs no
// more).
type setFirst struct{}

func (setFirst) Bufferize(op *ir.Operation, s bufferization.State) error {
	buf, err := s.Writable(op, 0, false)
	if err != nil {
		return err
	}
	b := s.Builder()
	b.SetInsertionPoint(op)
	memref.BuildStore(b, op.Loc(), op.Operand(1), buf, []ir.Value{s.Index(0)})
	s.SetResult(op.Result(0), buf, s.InPlaceAlias(op.Operand(0), buf))
	s.Erase(op)
	return nil
}

// TestOutOfTreeBufferizableOp bufferizes an operation of a test dialect
// through the model it attaches: in place when its operand is dead after
// it, into a new buffer (without a copy, since it reads nothing) when the
// operand is read later, and an error for an operation without a model.
func TestOutOfTreeBufferizableOp(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // in order
		copies    int
		err       string
	}{
		{"in-place", `func.func @f(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = "testbuf.set_first"(%a, %x) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %b : tensor<4xf32>
}`, []string{"%alloc = memref.alloc()", "linalg.fill ins(%arg0 : f32) outs(%alloc : memref<4xf32>)", "memref.store %arg0, %alloc[%c0]", "return %alloc"}, 0, ""},
		{"conflict", `func.func @f(%x: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = "testbuf.set_first"(%a, %x) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}`, []string{"%alloc = memref.alloc()", "linalg.fill", "%alloc_0 = memref.alloc()", "memref.store %arg0, %alloc_0[%c0]", "return %alloc, %alloc_0"}, 0, ""},
		{"no-model", `func.func @f(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %b = "testbuf.unknown"(%e, %x) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %b : tensor<4xf32>
}`, nil, 0, "no-model:3:8: error: op was not bufferized"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			ctx.RegisterDialect(&ir.Dialect{Name: "testbuf"})
			ctx.RegisterOp(&ir.OpDef{Name: "testbuf.set_first"})
			ctx.RegisterOp(&ir.OpDef{Name: "testbuf.unknown"})
			bufferization.BufferizableOp.AttachTo(ctx, "testbuf.set_first", setFirst{})
			m, _, err := asm.ParseModule(ctx, []byte(tc.src), asm.Config{Filename: tc.name})
			if err != nil {
				t.Fatal(err)
			}
			err = bufferize.Run(ctx, m, bufferize.Options{FunctionBoundaries: true})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			asm.Print(&sb, m, asm.PrintOptions{})
			out := sb.String()
			at := 0
			for _, w := range tc.want {
				i := strings.Index(out[at:], w)
				if i < 0 {
					t.Fatalf("missing %q after offset %d in:\n%s", w, at, out)
				}
				at += i + len(w)
			}
			if n := strings.Count(out, "memref.copy"); n != tc.copies {
				t.Errorf("%d copies, want %d:\n%s", n, tc.copies, out)
			}
		})
	}
}
