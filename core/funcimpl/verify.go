package funcimpl

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// VerifyArgResAttrs is the part of function_interface_impl::verifyTrait
// that checks a function's arg_attrs (args) or res_attrs against the
// signature's n arguments or results: an array of n dictionaries of
// dialect attributes, each verified by its dialect
// (Dialect.VerifyRegionArgAttr, Dialect.VerifyRegionResultAttr).
func VerifyArgResAttrs(op *ir.Operation, args bool, a ir.Attribute, n int) error {
	what, plural := "result", "results"
	if args {
		what, plural = "argument", "arguments"
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	if len(arr.Elems) != n {
		return ir.OpError(op, fmt.Sprintf("expects %s attribute array to have the same number of elements as the number of function %s, got %d, but expected %d", what, plural, len(arr.Elems), n))
	}
	for i, e := range arr.Elems {
		d, ok := e.(*ir.DictionaryAttr)
		if !ok {
			return ir.OpError(op, fmt.Sprintf("expects %s attribute dictionary to be a DictionaryAttr, but got `%s`", what, ir.AttrString(e)))
		}
		for _, na := range d.Entries {
			if !strings.Contains(na.Name, ".") {
				return ir.OpError(op, plural+" may only have dialect attributes")
			}
			if err := verifyDialectAttr(op, args, i, na); err != nil {
				return err
			}
		}
	}
	return nil
}

// verifyDialectAttr lets the dialect that an argument or result attribute
// is named in verify it.
func verifyDialectAttr(op *ir.Operation, isArg bool, i int, na ir.NamedAttr) error {
	ns, _, _ := strings.Cut(na.Name, ".")
	d := op.Context().Dialect(ns)
	if d == nil {
		return nil
	}
	if isArg && d.VerifyRegionArgAttr != nil {
		return d.VerifyRegionArgAttr(op, 0, i, na)
	}
	if !isArg && d.VerifyRegionResultAttr != nil {
		return d.VerifyRegionResultAttr(op, 0, i, na)
	}
	return nil
}
