// Package async defines MLIR's async dialect: !async.token,
// !async.value<T> and !async.group, async.execute (a region that runs
// asynchronously once its dependencies are ready, its operands'
// values unwrapped into its block arguments, its yielded values wrapped
// into !async.value results), async.yield, async.await and the group
// operations. The operations are declared in async.irdl; this file adds
// async.execute's custom syntax and checks, async.yield's and
// async.await's verifiers, and the names of async.execute's results
// (%token, %bodyResults), all as upstream.
package async

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o async_gen.go async.irdl

//go:embed async.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/async/async.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

var once sync.Once

// Register adds the async dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		irdl.RegisterResultNamer("execute", executeNames)
		irdl.RegisterCustomDirective("AwaitResultType", parseAwaitResultType, printAwaitResultType)
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("async: loading async.irdl: " + err.Error())
	}
	registerHooks(ctx)
}

// tokenType returns !async.token.
func tokenType(ctx *ir.Context) ir.Type {
	t, err := GetTokenType(ctx)
	if err != nil {
		panic("async: " + err.Error())
	}
	return t.DynType
}

// executeNames names async.execute's results %token and %bodyResults.
func executeNames(op *ir.Operation, set func(int, string)) {
	set(0, "token")
	if op.NumResults() > 1 {
		set(1, "bodyResults")
	}
}

// valueType returns the type an !async.value<T> holds.
func valueType(t ir.Type) (ir.Type, bool) {
	v, ok := AsValueType(t)
	if !ok {
		return nil, false
	}
	return v.ValueType(), true
}

// printExecute prints
// `[%deps] (%value as %arg: !async.value<T>, ...) -> !async.value<U> {...}`.
func printExecute(p ir.OpAsmPrinter, op ExecuteOp) {
	if deps := op.Dependencies(); len(deps) > 0 {
		p.WriteString(" [")
		for i, d := range deps {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintOperand(d)
		}
		p.WriteString("]")
	}
	body := op.BodyRegion()
	var entry *ir.Block
	if body != nil {
		entry = body.First()
	}
	if ops := op.BodyOperands(); len(ops) > 0 {
		p.WriteString(" (")
		for i, v := range ops {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintOperand(v)
			p.WriteString(" as ")
			if entry != nil && i < entry.NumArguments() {
				p.PrintOperand(entry.Argument(i))
			}
			p.WriteString(": ")
			p.PrintType(v.Type())
		}
		p.WriteString(")")
	}
	if n := op.NumResults(); n > 1 {
		p.WriteString(" -> ")
		if n > 2 {
			p.WriteString("(")
		}
		for i := 1; i < n; i++ {
			if i > 1 {
				p.WriteString(", ")
			}
			p.PrintType(op.Result(i).Type())
		}
		if n > 2 {
			p.WriteString(")")
		}
	}
	p.PrintOptionalAttrDictWithKeyword(op.AllAttrs(), "operandSegmentSizes")
	p.WriteString(" ")
	p.PrintRegion(body, false, true)
}

// parseExecute is printExecute's inverse.
func parseExecute(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	tok := tokenType(ctx)
	var deps int32
	if p.ParseOptionalPunct("[") {
		if !p.ParseOptionalPunct("]") {
			for {
				st.Operands = append(st.Operands, p.ResolveOperand(p.ParseOperand(), tok))
				deps++
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct("]")
		}
	}
	var args []ir.RegionArgument
	if p.ParseOptionalPunct("(") && !p.ParseOptionalPunct(")") {
		for {
			u := p.ParseOperand()
			if !p.ParseOptionalKeyword("as") {
				return p.Errorf("expected 'as'")
			}
			arg, ok := p.ParseOptionalArgument(false, false)
			if !ok {
				return p.Errorf("expected SSA identifier")
			}
			p.ParsePunct(":")
			t := p.ParseType()
			if t == nil {
				return p.Errorf("expected type")
			}
			arg.Type, _ = valueType(t)
			args = append(args, arg)
			st.Operands = append(st.Operands, p.ResolveOperand(u, t))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct(")")
	}
	st.ResultTypes = append(st.ResultTypes, tok)
	if p.ParseOptionalPunct("->") {
		if p.ParseOptionalPunct("(") {
			for {
				st.ResultTypes = append(st.ResultTypes, p.ParseType())
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			p.ParsePunct(")")
		} else {
			st.ResultTypes = append(st.ResultTypes, p.ParseType())
		}
	}
	attrs := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(deps, int32(len(args)))}}
	attrs = append(attrs, p.ParseOptionalAttrDictWithKeyword()...)
	st.Attributes = ctx.DictionaryAttr(attrs)
	body := &ir.Region{}
	p.ParseRegion(body, args)
	st.Regions = []*ir.Region{body}
	return nil
}

// unwrap returns the type an !async.value holds, and any other type as
// it is (upstream's ExecuteOp::areTypesCompatible compares these).
func unwrap(t ir.Type) ir.Type {
	if v, ok := valueType(t); ok {
		return v
	}
	return t
}

// verifyExecute checks the types along async.execute's control flow
// edges as upstream's RegionBranchOpInterface verifier does: the operands
// into the body's arguments, and what async.yield yields into the
// operation's values, compared unwrapped.
func verifyExecute(op ExecuteOp) error {
	entry := op.BodyRegion().First()
	if entry == nil {
		return nil
	}
	edge := func(from, to string, operands []ir.Value, inputs []ir.Type) error {
		if len(operands) != len(inputs) {
			return ir.OpError(op.Operation, fmt.Sprintf("along control flow edge from %s to %s: region branch point has %d operands, but region successor needs %d inputs", from, to, len(operands), len(inputs)))
		}
		for i, v := range operands {
			if unwrap(v.Type()) != unwrap(inputs[i]) {
				return ir.OpError(op.Operation, fmt.Sprintf("along control flow edge from %s to %s: successor operand type #%d '%s' should match successor input type #%d '%s'",
					from, to, i, ir.TypeString(v.Type()), i, ir.TypeString(inputs[i])))
			}
		}
		return nil
	}
	var args []ir.Type
	for i := 0; i < entry.NumArguments(); i++ {
		args = append(args, entry.Argument(i).Type())
	}
	if err := edge("parent", "Region #0", op.BodyOperands(), args); err != nil {
		return err
	}
	if y, ok := AsYieldOp(entry.Last()); ok {
		var results []ir.Type
		for _, r := range op.BodyResults() {
			results = append(results, r.Type())
		}
		return edge("Operation async.yield", "parent", y.Operands(), results)
	}
	return nil
}

// verifyExecuteRegions checks that the body's arguments are the values
// of the operands.
func verifyExecuteRegions(op ExecuteOp) error {
	entry := op.BodyRegion().First()
	ops := op.BodyOperands()
	match := entry != nil && entry.NumArguments() == len(ops)
	for i := 0; match && i < len(ops); i++ {
		t, ok := valueType(ops[i].Type())
		match = ok && t == entry.Argument(i).Type()
	}
	if !match {
		return ir.OpError(op.Operation, "async body region argument types do not match the execute operation arguments types")
	}
	return nil
}

// verifyYield checks that async.yield yields the types the parent
// async.execute's values hold.
func verifyYield(op YieldOp) error {
	parent := op.ParentOp()
	if parent == nil {
		return nil
	}
	ops := op.Operands()
	match := parent.NumResults()-1 == len(ops)
	for i := 0; match && i < len(ops); i++ {
		t, ok := valueType(parent.Result(i + 1).Type())
		match = ok && t == ops[i].Type()
	}
	if !match {
		return ir.OpError(op.Operation, "operand types do not match the types returned from the parent ExecuteOp")
	}
	return nil
}

// verifyAwait checks that awaiting a token has no result and awaiting a
// value has the value's type.
func verifyAwait(op AwaitOp) error {
	in := op.Operand().Type()
	res := op.Result()
	if _, ok := AsTokenType(in); ok && res != nil {
		return ir.OpError(op.Operation, "awaiting on a token must have empty result")
	}
	if t, ok := valueType(in); ok && (res == nil || res.Type() != t) {
		got := "none"
		if res != nil {
			got = ir.TypeString(res.Type())
		}
		return ir.OpError(op.Operation, fmt.Sprintf("result type '%s' does not match async value type '%s'", got, ir.TypeString(t)))
	}
	return nil
}

// parseAwaitResultType parses the operand's type; the result's is the
// value type of an !async.value, none for a token.
func parseAwaitResultType(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	t := p.ParseType()
	if t == nil {
		return false, p.Errorf("expected type")
	}
	args[0].Types = []ir.Type{t}
	if v, ok := valueType(t); ok {
		args[1].Types = []ir.Type{v}
	}
	return true, nil
}

func printAwaitResultType(p ir.OpAsmPrinter, op *ir.Operation, args []*irdl.CustomArg) {
	p.PrintType(op.Operand(0).Type())
}
