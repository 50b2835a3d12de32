package llvm

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	lt "github.com/strata-ir/strata/dialects/llvm"
)

// aggregate is the run-time value of a struct or array: its fields (or
// elements) in order. Aggregates are immutable: insertvalue copies.
type aggregate struct{ fields []interp.Value }

// poison marks a poison value: op produced it, why says how.
type poison struct {
	op  *ir.Operation
	why string
}

// errorAt returns the error of using the poison value at use, where what
// says how it is used, with a note at the operation that produced it.
func (p *poison) errorAt(use *ir.Operation, what string) error {
	d := interp.Errorf(use, what+" is poison ("+p.why+")")
	if p.op != nil {
		d.Note(p.op.Loc(), "the poison value comes from this '"+p.op.Name()+"'")
	}
	return d
}

// makePoison returns a poison value of type t; the fields of a poison
// aggregate are poison.
func makePoison(t ir.Type, op *ir.Operation, why string) interp.Value {
	p := &poison{op: op, why: why}
	switch t := t.(type) {
	case *lt.StructType:
		fs := make([]interp.Value, len(t.Fields))
		for i, ft := range t.Fields {
			fs[i] = makePoison(ft, op, why)
		}
		return interp.MakeObject(t, 0, &aggregate{fs})
	case *lt.ArrayType:
		fs := make([]interp.Value, t.Len)
		for i := range fs {
			fs[i] = makePoison(t.Elem, op, why)
		}
		return interp.MakeObject(t, 0, &aggregate{fs})
	}
	return interp.MakeObject(t, 0, p)
}

// PoisonOrigin implements interp.PoisonMarker.
func (p *poison) PoisonOrigin() (*ir.Operation, string) { return p.op, p.why }

// poisonOf returns the poison marker of the first poison scalar among vs
// (an arith-level interp.Poison becomes one).
func poisonOf(vs ...interp.Value) *poison {
	for _, v := range vs {
		switch p := v.Object().(type) {
		case *poison:
			return p
		case *interp.Poison:
			return &poison{op: p.Op, why: p.Why}
		}
	}
	return nil
}

// zeroValue returns the all-zero value of t (llvm.mlir.zero; also what
// llvm.mlir.undef is refined to).
func zeroValue(t ir.Type) (interp.Value, error) {
	switch t := t.(type) {
	case *lt.StructType:
		fs := make([]interp.Value, len(t.Fields))
		for i, ft := range t.Fields {
			v, err := zeroValue(ft)
			if err != nil {
				return interp.Value{}, err
			}
			fs[i] = v
		}
		return interp.MakeObject(t, 0, &aggregate{fs}), nil
	case *lt.ArrayType:
		fs := make([]interp.Value, t.Len)
		for i := range fs {
			v, err := zeroValue(t.Elem)
			if err != nil {
				return interp.Value{}, err
			}
			fs[i] = v
		}
		return interp.MakeObject(t, 0, &aggregate{fs}), nil
	case *lt.PointerType:
		return interp.MakeObject(t, 0, nil), nil
	case *ir.VectorType:
		n, elem, err := fixedVector(t)
		if err != nil {
			return interp.Value{}, err
		}
		return newLanes(elem, n).value(t), nil
	}
	if !interp.SupportedType(t) {
		return interp.Value{}, fmt.Errorf("the interpreter does not support values of type %s", asm.TypeString(t))
	}
	return interp.FromBits(t, 0), nil
}

// Fields returns the fields of a struct or array value (in order), or nil
// for any other value.
func Fields(v interp.Value) []interp.Value { return fields(v) }

// fields returns the fields of an aggregate value, or nil.
func fields(v interp.Value) []interp.Value {
	if a, ok := v.Object().(*aggregate); ok {
		return a.fields
	}
	return nil
}

// MakeAggregate returns the struct or array value of type t with fields
// fs (a value of the llvm dialect's aggregate types).
func MakeAggregate(t ir.Type, fs []interp.Value) interp.Value { return makeAggregate(t, fs) }

// makeAggregate returns the struct or array value of type t with fields fs.
func makeAggregate(t ir.Type, fs []interp.Value) interp.Value {
	return interp.MakeObject(t, 0, &aggregate{fs})
}

// memberType returns the type of member i of a struct or array type.
func memberType(t ir.Type, i int64) (ir.Type, bool) {
	switch t := t.(type) {
	case *lt.StructType:
		if i < 0 || i >= int64(len(t.Fields)) {
			return nil, false
		}
		return t.Fields[i], true
	case *lt.ArrayType:
		if i < 0 || uint64(i) >= t.Len {
			return nil, false
		}
		return t.Elem, true
	}
	return nil, false
}
