// Package gpuattach holds what the passes that attach a target attribute
// to GPU modules (nvvm-attach-target, rocdl-attach-target) share: the
// walk over the gpu.module operations a regular expression selects.
package gpuattach

import (
	"regexp"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/gpu"
)

// Attach appends target to the `targets` of every gpu.module directly in
// op whose symbol name matches the regular expression module (every one
// when module is empty), unless the module already lists it. argument is
// the pass's name, used in the error for an invalid expression.
func Attach(op *ir.Operation, st *pass.State, argument, module string, target ir.Attribute) error {
	var filter *regexp.Regexp
	if module != "" {
		re, err := regexp.Compile(module)
		if err != nil {
			return st.EmitError(op, argument+": invalid module regular expression: "+err.Error())
		}
		filter = re
	}
	body := op.Region(0).First()
	if body == nil {
		return nil
	}
	ctx := st.Context()
	for o := body.First(); o != nil; o = o.Next() {
		m, ok := gpu.AsModuleOp(o)
		if !ok {
			continue
		}
		if name, _ := ir.SymbolName(o); filter != nil && !filter.MatchString(name) {
			continue
		}
		var targets []ir.Attribute
		if a, ok := m.Targets().(*ir.ArrayAttr); ok {
			targets = append(targets, a.Elems...)
		}
		present := false
		for _, t := range targets {
			present = present || t == target
		}
		if !present {
			o.SetAttr("targets", ctx.ArrayAttr(append(targets, target)))
		}
	}
	return nil
}
