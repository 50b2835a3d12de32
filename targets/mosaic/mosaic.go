// Package mosaic is strata-translate --mlir-to-mosaic: the Mosaic module
// of each TPU kernel of a module, as Pallas hands it to the TPU compiler
// (jax.experimental.pallas's debug=True prints the same form): a
// builtin.module holding the kernel function, with its contract
// attributes, and its @transform index maps. Host code (tpu.pallas_call
// and the functions around it) is left out. Kernels are separated by
// `// -----` lines when there are several (--kernel picks one).
//
// The translation checks that the module is Mosaic: the kernel contract
// holds (dialects/tpu reads it) and the kernel and its index maps use
// only the func, arith, math, vector, scf, memref and tpu dialects.
package mosaic

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/tpu"
	"github.com/strata-ir/strata/translate"
)

func init() {
	translate.Register(translate.Translation{
		Name:    "mlir-to-mosaic",
		Summary: "Write the Mosaic TPU module of each kernel (a func.func with Mosaic's contract) of a module",
		Options: func(fs *flag.FlagSet) func(*ir.Operation, io.Writer) error {
			kernel := fs.String("kernel", "", "the kernel to write (default: every kernel)")
			return func(m *ir.Operation, w io.Writer) error { return Emit(m, w, *kernel) }
		},
	})
}

// Dialects lists the dialects a Mosaic kernel may use.
var Dialects = map[string]bool{"func": true, "arith": true, "math": true, "vector": true, "scf": true, "memref": true, "tpu": true, "builtin": true}

// Kernels returns the Mosaic kernels of module, in order.
func Kernels(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	module.Region(0).First().Ops(func(op *ir.Operation) bool {
		if tpu.IsKernel(op) {
			out = append(out, op)
		}
		return true
	})
	return out
}

// Emit writes the Mosaic module of each kernel of module (only the one
// named kernel when it is not empty).
func Emit(module *ir.Operation, w io.Writer, kernel string) error {
	kernels := Kernels(module)
	if kernel != "" {
		var sel []*ir.Operation
		for _, k := range kernels {
			if name(k) == kernel {
				sel = append(sel, k)
			}
		}
		if len(sel) == 0 {
			return ir.NewError(module.Loc(), fmt.Sprintf("--mlir-to-mosaic: no kernel named %q", kernel))
		}
		kernels = sel
	}
	if len(kernels) == 0 {
		return ir.NewError(module.Loc(), "--mlir-to-mosaic: the module has no Mosaic kernel (a func.func with iteration_bounds and window_params; run tile-to-tpu first)")
	}
	var out strings.Builder
	for i, k := range kernels {
		if i > 0 {
			out.WriteString("// -----\n")
		}
		text, err := Module(k)
		if err != nil {
			return err
		}
		out.WriteString(text)
	}
	_, err := io.WriteString(w, out.String())
	return err
}

func name(op *ir.Operation) string {
	if s, ok := ir.SymbolName(op); ok {
		return s
	}
	return ""
}

// Module returns the text of the Mosaic module of kernel k: the kernel
// and its index maps, checked.
func Module(k *ir.Operation) (string, error) {
	kern, err := tpu.ReadKernel(k)
	if err != nil {
		return "", err
	}
	ctx := k.Context()
	mod := ir.NewModule(ctx, k.Loc())
	body := mod.Region(0).First()
	table := ir.NearestSymbolTable(k.ParentOp())
	kc := k.Clone(nil)
	funcs := []*ir.Operation{kc}
	// As Pallas names them: the index map of window j is @transform_j.
	params, _ := kc.Attr(tpu.AttrWindowParams).(*ir.ArrayAttr)
	var newParams []ir.Attribute
	for j, w := range kern.Windows {
		p := params.Elems[j]
		if w.Transform != "" {
			tf := ir.LookupSymbolIn(table, ctx.SymbolRefAttr(w.Transform, nil))
			if tf == nil {
				return "", ir.OpError(k, "no index map @"+w.Transform)
			}
			name := fmt.Sprintf("transform_%d", j)
			tc := tf.Clone(nil)
			tc.SetAttr("sym_name", ctx.Str(name))
			funcs = append(funcs, tc)
			d := p.(*ir.DictionaryAttr)
			var entries []ir.NamedAttr
			for _, e := range d.Entries {
				if e.Name == "transform_indices" {
					e.Value = ctx.SymbolRefAttr(name, nil)
				}
				entries = append(entries, e)
			}
			p = ctx.DictionaryAttr(entries)
		}
		newParams = append(newParams, p)
	}
	kc.SetAttr(tpu.AttrWindowParams, ctx.ArrayAttr(newParams))
	for _, f := range funcs {
		var bad error
		f.Walk(ir.PreOrder, func(op *ir.Operation) bool {
			ns, _, _ := strings.Cut(op.Name(), ".")
			if !Dialects[ns] {
				bad = ir.NewError(op.Loc(), fmt.Sprintf("--mlir-to-mosaic: '%s' is not an operation of a Mosaic kernel (func, arith, math, vector, scf, memref and tpu only)", op.Name()))
				return false
			}
			return true
		})
		if bad != nil {
			return "", bad
		}
		body.Append(f)
	}
	if err := ir.Verify(mod); err != nil {
		return "", err
	}
	var sb strings.Builder
	if err := asm.Print(&sb, mod, asm.PrintOptions{}); err != nil {
		return "", err
	}
	s := sb.String()
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s, nil
}
