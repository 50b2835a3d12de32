package transforms_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/internal/arithgen"
	"github.com/strata-ir/strata/transforms/canonicalize"
	"github.com/strata-ir/strata/transforms/cse"
)

func parseModule(b *testing.B, ctx *ir.Context, src []byte) *ir.Operation {
	b.Helper()
	top, _, err := asm.ParseModule(ctx, src, asm.Config{Filename: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	return top
}

// runPipeline runs func.func(canonicalize,cse) over top with the given
// number of goroutines (1: --mlir-disable-threading) and returns the
// printed result.
func runPipeline(b *testing.B, ctx *ir.Context, top *ir.Operation, threads int) string {
	b.Helper()
	pm := pass.NewManager(ctx, "builtin.module")
	pm.Threads = threads
	pm.DisableThreading = threads == 1
	pm.Nest("func.func").Add(canonicalize.New(), cse.New())
	if err := pm.Run(top); err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	if err := asm.Print(&out, top, asm.PrintOptions{}); err != nil {
		b.Fatal(err)
	}
	return out.String()
}

// BenchmarkCanonicalizeCSE runs canonicalize then cse over one function of
// 100 000 arith operations (the passes alone, without parsing or printing).
func BenchmarkCanonicalizeCSE(b *testing.B) {
	src := arithgen.Module(100000, 1)
	ctx := ir.NewContext()
	all.Register(ctx)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		top := parseModule(b, ctx, src)
		pm := pass.NewManager(ctx, "builtin.module")
		pm.DisableThreading = true
		pm.Add(canonicalize.New(), cse.New())
		b.StartTimer()
		if err := pm.Run(top); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCSECFG runs cse over one function of 20 000 blocks in
// if-then-else diamonds, with expressions repeated in dominated blocks.
func BenchmarkCSECFG(b *testing.B) {
	src := arithgen.CFG(5000)
	ctx := ir.NewContext()
	all.Register(ctx)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		top := parseModule(b, ctx, src)
		pm := pass.NewManager(ctx, "builtin.module")
		pm.DisableThreading = true
		pm.Add(cse.New())
		b.StartTimer()
		if err := pm.Run(top); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPipeline100Funcs runs func.func(canonicalize,cse) over a module
// of 100 functions of 2 000 arith operations each on one goroutine and on
// two, and checks that both print the same.
func BenchmarkPipeline100Funcs(b *testing.B) {
	src := arithgen.Module(200000, 100)
	var outputs []string
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("goroutines=%d", threads), func(b *testing.B) {
			ctx := ir.NewContext()
			all.Register(ctx)
			var out string
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				top := parseModule(b, ctx, src)
				b.StartTimer()
				out = runPipeline(b, ctx, top, threads)
			}
			outputs = append(outputs, out)
		})
	}
	if len(outputs) == 2 && outputs[0] != outputs[1] {
		b.Fatal("the output with two goroutines differs from the output with one")
	}
}
