package interp_test

import (
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	ifunc "github.com/strata-ir/strata/interp/func"
)

// TestExecutedBy checks that an operation declared to be executed by
// another one is, reached on its own, an error that names its executor,
// and that the registry reports the executor.
func TestExecutedBy(t *testing.T) {
	const src = `func.func @f() {
  "test.child"() : () -> ()
  return
}
`
	tests := []struct {
		name, executor, want string
	}{
		{"declared", "test.parent", "t.mlir:2:3: error: 'test.child' executes only as part of 'test.parent'"},
		{"undeclared", "", "t.mlir:2:3: error: the interpreter has no semantics for 'test.child'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext()
			builtin.Register(ctx)
			function.Register(ctx)
			ctx.AllowUnregisteredDialects = true
			m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			reg := interp.NewRegistry()
			ifunc.Register(reg)
			if tc.executor != "" {
				reg.ExecutedBy("test.child", tc.executor)
			}
			if got := reg.Executor("test.child"); got != tc.executor {
				t.Errorf("Executor = %q, want %q", got, tc.executor)
			}
			_, err = interp.New(reg).Call(nil, interp.LookupFunction(m, "f"), nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
