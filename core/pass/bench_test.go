package pass_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// work is a pass that does some per-function work (a few walks), so that
// spreading functions over goroutines has something to gain.
func newWork() pass.Pass {
	return &pass.FuncPass{Info: pass.Info{Argument: "bench-work", Name: "BenchWork"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			n := 0
			for i := 0; i < 200; i++ {
				op.Walk(ir.PreOrder, func(o *ir.Operation) bool { n += len(o.Name()); return true })
			}
			if n == 0 {
				return fmt.Errorf("empty")
			}
			st.MarkAllPreserved()
			return nil
		}}
}

// bigFuncs is a module of 100 functions of 50 operations each.
func bigFuncs() string {
	var b strings.Builder
	b.WriteString("module {\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "  \"test.func\"() <{sym_name = \"f%d\"}> ({\n    %%0 = \"test.const\"() {value = %d : i32} : () -> i32\n", i, i)
		for j := 1; j < 50; j++ {
			fmt.Fprintf(&b, "    %%%d = \"test.old\"(%%%d) : (i32) -> i32\n", j, j-1)
		}
		b.WriteString("  }) : () -> ()\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// BenchmarkPipeline100Funcs runs test.func(test-rename,bench-work) with
// verification over a module of 100 functions on one goroutine and on two.
func BenchmarkPipeline100Funcs(b *testing.B) {
	src := bigFuncs()
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("goroutines=%d", threads), func(b *testing.B) {
			ctx := newContext()
			pm := pass.NewManager(ctx, "builtin.module")
			pm.Threads = threads
			pm.DisableThreading = threads == 1
			pm.Nest("test.func").Add(newRename(), newWork())
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				top := parse(b, ctx, src)
				b.StartTimer()
				if err := pm.Run(top); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
