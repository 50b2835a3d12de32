package asm_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/arithgen"
)

// benchProgram builds a generic-form function of n arithmetic ops.
func benchProgram(n int) []byte {
	var b strings.Builder
	b.WriteString("\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (i32, i32) -> i32, sym_name = \"f\"}> ({\n  ^bb0(%arg0: i32, %arg1: i32):\n")
	vals := []string{"%arg0", "%arg1"}
	for i := 0; i < n; i++ {
		a, c := vals[(i*7)%len(vals)], vals[(i*13)%len(vals)]
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "    %%%d = \"arith.addi\"(%s, %s) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n", i, a, c)
		case 1:
			fmt.Fprintf(&b, "    %%%d = \"arith.constant\"() <{value = %d : i32}> : () -> i32\n", i, i)
		default:
			fmt.Fprintf(&b, "    %%%d = \"arith.muli\"(%s, %s) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n", i, a, c)
		}
		vals = append(vals, fmt.Sprintf("%%%d", i))
		if len(vals) > 64 {
			vals = vals[1:]
		}
	}
	fmt.Fprintf(&b, "    \"func.return\"(%s) : (i32) -> ()\n  }) : () -> ()\n}) : () -> ()\n", vals[len(vals)-1])
	return []byte(b.String())
}

func newBenchContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	return ctx
}

func BenchmarkParse(b *testing.B) {
	src := benchProgram(100000)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if _, err := asm.Parse(newBenchContext(), src, asm.Config{Filename: "bench.mlir"}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	src := benchProgram(100000)
	ctx := newBenchContext()
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := ir.Verify(mod); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyCFG verifies a function of 20 000 blocks whose operands
// are defined in the blocks that dominate their users.
func BenchmarkVerifyCFG(b *testing.B) {
	ctx := ir.NewContext()
	all.Register(ctx)
	mod, _, err := asm.ParseModule(ctx, arithgen.CFG(5000), asm.Config{Filename: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := ir.Verify(mod); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrintGeneric(b *testing.B) {
	src := benchProgram(100000)
	ctx := newBenchContext()
	mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := asm.Print(io.Discard, mod, asm.PrintOptions{Generic: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRoundTrip(b *testing.B) {
	src := benchProgram(100000)
	b.SetBytes(int64(len(src)))
	var out bytes.Buffer
	for i := 0; i < b.N; i++ {
		ctx := newBenchContext()
		mod, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "bench.mlir"})
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(mod); err != nil {
			b.Fatal(err)
		}
		out.Reset()
		if err := asm.Print(&out, mod, asm.PrintOptions{Generic: true}); err != nil {
			b.Fatal(err)
		}
	}
}
