package pass_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/builtin"
)

// newContext returns a context with the builtin dialect and a small test
// dialect: test.func is an isolated-from-above symbol with one region,
// test.checked is an operation whose verifier wants an `ok` attribute, and
// every other test.* operation is unknown.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	ctx.RegisterDialect(&ir.Dialect{Name: "test"})
	ctx.RegisterOp(&ir.OpDef{
		Name:          "test.func",
		Traits:        ir.IsolatedFromAbove | ir.SymbolTrait | ir.NoTerminator | ir.SingleBlock,
		InherentAttrs: []string{"sym_name"},
	})
	ctx.RegisterOp(&ir.OpDef{
		Name:   "test.region",
		Traits: ir.NoTerminator | ir.SingleBlock,
	})
	ctx.RegisterOp(&ir.OpDef{
		Name: "test.checked",
		Verify: func(op *ir.Operation) error {
			if op.Attr("ok") == nil {
				return ir.OpError(op, "requires attribute 'ok'")
			}
			return nil
		},
	})
	// test.checked_plain reports without printing the operation: building
	// the "see current operation" note reads the IR around the op, which
	// races with passes running on sibling functions (see docs/passes.md).
	ctx.RegisterOp(&ir.OpDef{
		Name: "test.checked_plain",
		Verify: func(op *ir.Operation) error {
			if op.Attr("ok") == nil {
				return ir.NewError(op.Loc(), "'test.checked_plain' op requires attribute 'ok'")
			}
			return nil
		},
	})
	ctx.AllowUnregisteredDialects = true
	return ctx
}

// parse parses a module.
func parse(t testing.TB, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	top, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "in.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(top); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return top
}

func print(t testing.TB, op *ir.Operation) string {
	t.Helper()
	var b bytes.Buffer
	if err := asm.Print(&b, op, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// funcs builds a module of n test.func operations.
func funcs(n int) string {
	var b strings.Builder
	b.WriteString("module {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `  "test.func"() <{sym_name = "f%d"}> ({
    %%0 = "test.const"() {value = %d : i32} : () -> i32
    %%1 = "test.old"(%%0) : (i32) -> i32
    "test.dead"() : () -> ()
    "test.use"(%%1) : (i32) -> ()
  }) : () -> ()
`, i, i)
	}
	b.WriteString("}\n")
	return b.String()
}

// The test passes.

// renamePass replaces every test.old operation by a test.new one.
type renamePass struct {
	pass.Info
	renamed *pass.Statistic
}

func newRename() pass.Pass {
	p := &renamePass{Info: pass.Info{Argument: "test-rename", Name: "TestRename", Summary: "Rename test.old to test.new"}}
	p.renamed = p.Stats.New("num-renamed", "Number of operations renamed")
	return p
}

func (p *renamePass) Run(op *ir.Operation, st *pass.State) error {
	var olds []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == "test.old" {
			olds = append(olds, o)
		}
		return true
	})
	for _, o := range olds {
		n := ir.NewOperation(&ir.OperationState{Name: st.Context().OpName("test.new"), Loc: o.Loc(),
			Operands: o.Operands(), ResultTypes: o.ResultTypes(), Attributes: o.Attrs()})
		o.Block().InsertBefore(o, n)
		for i := 0; i < o.NumResults(); i++ {
			ir.ReplaceAllUsesWith(o.Result(i), n.Result(i))
		}
		o.Erase()
		p.renamed.Inc()
	}
	return nil
}

// erasePass erases test.dead operations.
type erasePass struct {
	pass.Info
	erased *pass.Statistic
}

func newErase() pass.Pass {
	p := &erasePass{Info: pass.Info{Argument: "test-erase", Name: "TestErase", Summary: "Erase test.dead"}}
	p.erased = p.Stats.New("num-erased", "Number of operations erased")
	return p
}

func (p *erasePass) Run(op *ir.Operation, st *pass.State) error {
	var dead []*ir.Operation
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if o.Name() == "test.dead" {
			dead = append(dead, o)
		}
		return true
	})
	for _, o := range dead {
		o.Erase()
		p.erased.Inc()
	}
	if len(dead) == 0 {
		st.MarkAllPreserved()
	}
	return nil
}

// countPass counts operations and changes nothing.
type countPass struct {
	pass.Info
	ops, funcs *pass.Statistic
	remark     *bool
}

func newCount() pass.Pass {
	p := &countPass{Info: pass.Info{Argument: "test-count", Name: "TestCount", Summary: "Count operations"}}
	p.ops = p.Stats.New("num-ops", "Number of operations")
	p.funcs = p.Stats.New("num-funcs", "Number of functions")
	p.remark = p.Options.Bool("remark", false, "Emit a remark with the count")
	return p
}

func (p *countPass) Run(op *ir.Operation, st *pass.State) error {
	n := 0
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		n++
		if o.Name() == "test.func" {
			p.funcs.Inc()
		}
		return true
	})
	p.ops.Add(uint64(n))
	if *p.remark {
		st.Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: op.Loc(), Message: fmt.Sprintf("%d operations", n)})
	}
	st.MarkAllPreserved()
	return nil
}

// failPass fails on every operation, or only on the symbols it names.
type failPass struct {
	pass.Info
	diag *bool
	only *[]string
}

func newFail() pass.Pass {
	p := &failPass{Info: pass.Info{Argument: "test-fail", Name: "TestFail", Summary: "Fail"}}
	p.diag = p.Options.Bool("gen-diagnostics", false, "Generate a diagnostic message")
	p.only = p.Options.StringList("only", nil, "Fail only on these symbols")
	return p
}

func (p *failPass) Run(op *ir.Operation, st *pass.State) error {
	if len(*p.only) > 0 {
		name, _ := ir.SymbolName(op)
		found := false
		for _, s := range *p.only {
			found = found || s == name
		}
		if !found {
			return nil
		}
	}
	if *p.diag {
		return ir.NewError(op.Loc(), "illegal operation")
	}
	st.SignalFailure()
	return nil
}

// panicPass panics.
func newPanic() pass.Pass {
	return &pass.FuncPass{Info: pass.Info{Argument: "test-panic", Name: "TestPanic", Summary: "Panic"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			var s []int
			_ = s[len(op.Name())] // index out of range
			return nil
		}}
}

// invalidPass adds a test.checked operation (or test.checked_plain with
// the plain option) without the attribute its verifier requires.
func newInvalid() pass.Pass {
	p := &pass.FuncPass{Info: pass.Info{Argument: "test-invalid", Name: "TestInvalid", Summary: "Create invalid IR"}}
	plain := p.Options.Bool("plain", false, "Create test.checked_plain")
	p.RunFunc = func(op *ir.Operation, st *pass.State) error {
		name := "test.checked"
		if *plain {
			name = "test.checked_plain"
		}
		blk := op.Region(0).First()
		blk.Append(ir.NewOperation(&ir.OperationState{Name: st.Context().OpName(name), Loc: op.Loc()}))
		return nil
	}
	return p
}

// funcOnly is restricted to test.func.
func newFuncOnly() pass.Pass {
	return &pass.FuncPass{Info: pass.Info{Argument: "test-func-only", Name: "TestFuncOnly", OpName: "test.func", Summary: "Runs on test.func"},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			st.MarkAllPreserved()
			return nil
		}}
}

// optionsPass declares one option of each kind.
func newOptions() pass.Pass {
	p := &pass.FuncPass{Info: pass.Info{Argument: "test-options", Name: "TestOptions", Summary: "Options"},
		RunFunc: func(*ir.Operation, *pass.State) error { return nil }}
	p.Options.Bool("flag", false, "A bool")
	p.Options.Int("count", -1, "An int")
	p.Options.Uint("limit", 7, "A uint")
	p.Options.String("name", "", "A string")
	p.Options.Enum("mode", "normal", []pass.EnumValue{{Name: "off", Desc: "Off"}, {Name: "normal", Desc: "Normal"}}, "An enum")
	p.Options.IntList("sizes", nil, "A list of ints")
	p.Options.StringList("labels", nil, "A list of strings")
	return p
}

// Analyses for the analysis-manager tests.

var computed atomic.Int64

// opCount counts the operations nested in an operation.
var opCount = &pass.Analysis[int]{Name: "OpCount", Compute: func(op *ir.Operation, am *pass.AnalysisManager) (int, error) {
	computed.Add(1)
	n := 0
	op.Walk(ir.PreOrder, func(*ir.Operation) bool { n++; return true })
	return n, nil
}}

var failing = &pass.Analysis[int]{Name: "Failing", Compute: func(op *ir.Operation, am *pass.AnalysisManager) (int, error) {
	return 0, errors.New("analysis failed")
}}

// usePass reads opCount and preserves it or not.
func newUse(arg string, preserve bool) pass.Pass {
	p := &pass.FuncPass{Info: pass.Info{Argument: arg, Name: arg, Requires: []pass.AnalysisKey{opCount}},
		RunFunc: func(op *ir.Operation, st *pass.State) error {
			if _, ok := pass.Cached(st.Analyses(), opCount); !ok {
				return errors.New("required analysis not cached")
			}
			if preserve {
				st.MarkPreserved(opCount)
			}
			return nil
		}}
	return p
}

func init() {
	pass.Register(pass.Registration{Argument: "test-rename", New: newRename})
	pass.Register(pass.Registration{Argument: "test-erase", New: newErase})
	pass.Register(pass.Registration{Argument: "test-count", New: newCount})
	pass.Register(pass.Registration{Argument: "test-fail", New: newFail})
	pass.Register(pass.Registration{Argument: "test-panic", New: newPanic})
	pass.Register(pass.Registration{Argument: "test-invalid", New: newInvalid})
	pass.Register(pass.Registration{Argument: "test-func-only", New: newFuncOnly})
	pass.Register(pass.Registration{Argument: "test-options", New: newOptions})
	pass.Register(pass.Registration{Argument: "test-use-preserve", New: func() pass.Pass { return newUse("test-use-preserve", true) }})
	pass.Register(pass.Registration{Argument: "test-use-clobber", New: func() pass.Pass { return newUse("test-use-clobber", false) }})
	pass.RegisterPipeline(pass.PipelineRegistration{Argument: "test-cleanup", Summary: "Rename and erase",
		Build: func(pm *pass.OpManager, options string) error {
			return pm.AddPipeline("test-rename,test-erase")
		}})
}

// diags collects diagnostics as text.
type diags struct{ lines []string }

func (d *diags) handler(x *ir.Diagnostic) {
	d.lines = append(d.lines, x.Error())
	for _, n := range x.Notes {
		d.lines = append(d.lines, "  "+n.Error())
	}
}

func (d *diags) String() string { return strings.Join(d.lines, "\n") }
