// Package async gives the async dialect its semantics in the
// interpreter. async.execute runs its region when it is reached, which is
// one of the schedules the dialect allows: its dependencies, created
// earlier, are complete by then. Its token is a completed token and its
// values hold what the region yielded; async.await returns the value;
// groups count what is added to them.
package async

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/async"
)

// token is a completed !async.token.
type token struct{}

// value is a completed !async.value: the value its region yielded.
type value struct{ v interp.Value }

// group is an !async.group: its size and the number of tokens and
// values added to it.
type group struct{ size, added int64 }

// Register adds the semantics of the async operations to reg.
func Register(reg *interp.Registry) {
	reg.Register(async.ExecuteOpName, execute)
	reg.Register(async.YieldOpName, interp.YieldOperands)
	reg.Register(async.AwaitOpName, await)
	reg.Register(async.CreateGroupOpName, createGroup)
	reg.Register(async.AddToGroupOpName, addToGroup)
	reg.Register(async.AwaitAllOpName, func(*interp.Frame, *ir.Operation) error { return nil })
}

// ready checks that v is a completed token or value, and returns the
// value a !async.value holds.
func ready(op *ir.Operation, v interp.Value) (interp.Value, bool, error) {
	switch x := v.Object().(type) {
	case *token:
		return interp.Value{}, false, nil
	case *value:
		return x.v, true, nil
	}
	return interp.Value{}, false, interp.Errorf(op, "expected an async token or value")
}

func execute(f *interp.Frame, op *ir.Operation) error {
	e, _ := async.AsExecuteOp(op)
	for _, d := range e.Dependencies() {
		v, err := f.Get(op, d)
		if err != nil {
			return err
		}
		if _, _, err := ready(op, v); err != nil {
			return err
		}
	}
	var args []interp.Value
	for _, o := range e.BodyOperands() {
		v, err := f.Get(op, o)
		if err != nil {
			return err
		}
		inner, isValue, err := ready(op, v)
		if err != nil {
			return err
		}
		if isValue {
			args = append(args, inner)
		}
	}
	vs, err := f.RunRegion(e.BodyRegion(), args)
	if err != nil {
		return err
	}
	if len(vs) != op.NumResults()-1 {
		return interp.Errorf(op, fmt.Sprintf("the region yielded %d values, the operation has %d", len(vs), op.NumResults()-1))
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, &token{}))
	for i, v := range vs {
		f.SetResult(op, i+1, interp.MakeObject(op.Result(i+1).Type(), 0, &value{v}))
	}
	return nil
}

func await(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Get(op, op.Operand(0))
	if err != nil {
		return err
	}
	inner, isValue, err := ready(op, v)
	if err != nil {
		return err
	}
	if isValue && op.NumResults() == 1 {
		f.SetResult(op, 0, inner.WithType(op.Result(0).Type()))
	}
	return nil
}

func createGroup(f *interp.Frame, op *ir.Operation) error {
	n, err := f.Get(op, op.Operand(0))
	if err != nil {
		return err
	}
	f.SetResult(op, 0, interp.MakeObject(op.Result(0).Type(), 0, &group{size: n.Int()}))
	return nil
}

func addToGroup(f *interp.Frame, op *ir.Operation) error {
	v, err := f.Get(op, op.Operand(0))
	if err != nil {
		return err
	}
	if _, _, err := ready(op, v); err != nil {
		return err
	}
	gv, err := f.Get(op, op.Operand(1))
	if err != nil {
		return err
	}
	g, ok := gv.Object().(*group)
	if !ok {
		return interp.Errorf(op, "expected an async group")
	}
	if g.added >= g.size {
		return interp.Errorf(op, fmt.Sprintf("the group of size %d is full", g.size))
	}
	f.SetResult(op, 0, interp.MakeInt(op.Result(0).Type(), uint64(g.added)))
	g.added++
	return nil
}
