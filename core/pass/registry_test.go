package pass_test

import (
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
)

// TestConcurrentRegistration registers passes and pipelines from many
// goroutines while others look them up, list them and write the help
// (run with -race).
func TestConcurrentRegistration(t *testing.T) {
	const n = 16
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			arg := fmt.Sprintf("test-concurrent-pass-%d", i)
			pass.Register(pass.Registration{Argument: arg, New: func() pass.Pass {
				return &pass.FuncPass{Info: pass.Info{Argument: arg, Summary: "test"},
					RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
			}})
			pass.RegisterPipeline(pass.PipelineRegistration{Argument: arg + "-pipeline", Summary: "test",
				Build: func(pm *pass.OpManager, _ string) error { return pm.AddPipeline(arg) }})
			if _, ok := pass.Lookup(arg); !ok {
				t.Errorf("%s not found after registration", arg)
			}
			if _, ok := pass.LookupPipeline(arg + "-pipeline"); !ok {
				t.Errorf("%s-pipeline not found after registration", arg)
			}
		}()
		go func() {
			defer wg.Done()
			_ = pass.Registered()
			_ = pass.RegisteredPipelines()
			pass.WriteHelp(io.Discard, pass.HelpWidth())
		}()
	}
	wg.Wait()
	for i := range n {
		pm, err := pass.ParsePipeline(fmt.Sprintf("builtin.module(test-concurrent-pass-%d-pipeline)", i))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pm.String(), fmt.Sprintf("builtin.module(test-concurrent-pass-%d)", i); got != want {
			t.Errorf("pipeline %d expands to %q, want %q", i, got, want)
		}
	}
}
