package gpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/builtin"
)

// ContainerModuleAttrName marks a builtin.module that holds gpu.modules
// and launches their kernels.
const ContainerModuleAttrName = "gpu.container_module"

// KernelAttrName marks a function as a kernel.
const KernelAttrName = "gpu.kernel"

// binaryOpName is upstream's gpu.binary, a container of compiled kernels
// that a launch may name.
const binaryOpName = "gpu.binary"

// verifyMemcpy is upstream's MemcpyOp::verify.
func verifyMemcpy(op *ir.Operation) error {
	c := MemcpyOp{op}
	dst, dok := c.Dst().Type().(ir.ShapedType)
	src, sok := c.Src().Type().(ir.ShapedType)
	if !dok || !sok {
		return nil
	}
	if dst.ElementType() != src.ElementType() {
		return ir.OpError(op, "arguments have incompatible element type")
	}
	ds, dr := dst.ShapeDims()
	ss, sr := src.ShapeDims()
	if !dr || !sr {
		return nil
	}
	if len(ds) != len(ss) {
		return ir.OpError(op, "arguments have incompatible shape")
	}
	for i := range ds {
		if ds[i] >= 0 && ss[i] >= 0 && ds[i] != ss[i] {
			return ir.OpError(op, "arguments have incompatible shape")
		}
	}
	return nil
}

// verifyMemset checks upstream's AllElementTypesMatch<["dst", "value"]>.
func verifyMemset(op *ir.Operation) error {
	s := MemsetOp{op}
	if dst, ok := s.Dst().Type().(ir.ShapedType); ok && dst.ElementType() != s.Value().Type() {
		return ir.OpError(op, "failed to verify that all of {dst, value} have same element type")
	}
	return nil
}

// verifyReturn is upstream's gpu::ReturnOp::verify: the operands match
// the results of the enclosing gpu.func.
func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	f, ok := AsFuncOp(fn)
	if !ok {
		return nil
	}
	ft, ok := f.FunctionType().(*ir.FunctionType)
	if !ok {
		return nil
	}
	if len(ft.Results) != op.NumOperands() {
		return ir.OpError(op, fmt.Sprintf("expected %d result operands", len(ft.Results))).Note(fn.Loc(), "return type declared here")
	}
	for i, t := range ft.Results {
		if got := op.Operand(i).Type(); got != t {
			return ir.OpError(op, fmt.Sprintf("unexpected type `%s' for operand #%d", asm.TypeString(got), i))
		}
	}
	return nil
}

// verifyLaunchRegions checks, after the body is verified, that the blocks
// of a gpu.launch leave it through gpu.terminator (upstream's
// LaunchOp::verifyRegions).
func verifyLaunchRegions(op *ir.Operation) error {
	for b := op.Region(0).First(); b != nil; b = b.Next() {
		last := b.Last()
		if last == nil || last.NumSuccessors() != 0 {
			continue
		}
		if _, ok := AsTerminatorOp(last); !ok {
			return ir.EmitError(last, "expected '"+TerminatorOpName+"' or a terminator with successors").Note(op.Loc(), "in '"+LaunchOpName+"' body region")
		}
	}
	return nil
}

// verifyLaunchFunc is upstream's LaunchFuncOp::verify: the launch is in a
// builtin.module marked gpu.container_module, and its cluster sizes have
// one type.
func verifyLaunchFunc(op *ir.Operation) error {
	var module *ir.Operation
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := builtin.AsModuleOp(p); ok {
			module = p
			break
		}
	}
	if module == nil {
		return ir.OpError(op, "expected to belong to a module")
	}
	if _, ok := module.Attr(ContainerModuleAttrName).(*ir.UnitAttr); !ok {
		return ir.OpError(op, "expected the closest surrounding module to have the '"+ContainerModuleAttrName+"' attribute")
	}
	l := LaunchFuncOp{op}
	if x := l.ClusterSizeX(); x != nil {
		if y, z := l.ClusterSizeY(), l.ClusterSizeZ(); y == nil || z == nil || y.Type() != x.Type() || z.Type() != x.Type() {
			return ir.OpError(op, "expects types of the cluster dimensions must be the same")
		}
	}
	return nil
}

// verifyOperationAttr is upstream's GPUDialect::verifyOperationAttribute:
// gpu.container_module is on a builtin.module, and each gpu.launch_func in
// a function of the module names a kernel function of one of its
// gpu.modules (or a gpu.binary), with operands of the kernel's types.
func verifyOperationAttr(op *ir.Operation, a ir.NamedAttr) error {
	if _, ok := a.Value.(*ir.UnitAttr); !ok || a.Name != ContainerModuleAttrName {
		return nil
	}
	if _, ok := builtin.AsModuleOp(op); !ok {
		return ir.EmitError(op, "expected '"+ContainerModuleAttrName+"' attribute to be attached to '"+builtin.ModuleOpName+"'")
	}
	var err error
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		if _, ok := AsLaunchFuncOp(o); ok {
			err = verifyLaunchTarget(op, o)
		}
		return err == nil
	})
	return err
}

// verifyLaunchTarget checks the kernel a launch in a function of module
// names.
func verifyLaunchTarget(module, op *ir.Operation) error {
	if p := op.ParentOp(); p == nil || p.ParentOp() != module {
		return nil
	}
	l := LaunchFuncOp{op}
	ref, ok := l.Kernel().(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	container := ir.NewSymbolTable(module).Lookup(ref.Root)
	if container == nil {
		return ir.OpError(op, "kernel container '"+ref.Root+"' is undefined")
	}
	if container.Name() == binaryOpName {
		return nil
	}
	if _, ok := AsModuleOp(container); !ok {
		return ir.OpError(op, "kernel module '"+ref.Root+"' is undefined")
	}
	fn := ir.LookupSymbolIn(module, ref)
	if fn == nil {
		return ir.OpError(op, "kernel function '"+ir.AttrString(ref)+"' is undefined")
	}
	if !isFunction(fn) {
		return ir.OpError(op, "referenced kernel '"+ir.AttrString(ref)+"' is not a function").Note(fn.Loc(), "see the kernel definition here")
	}
	if _, ok := fn.Attr(KernelAttrName).(*ir.UnitAttr); !ok {
		return ir.OpError(op, "kernel function is missing the '"+KernelAttrName+"' attribute")
	}
	f, ok := AsFuncOp(fn)
	if !ok {
		return nil
	}
	ft, ok := f.FunctionType().(*ir.FunctionType)
	if !ok {
		return nil
	}
	args := l.KernelOperands()
	if len(args) != len(ft.Inputs) {
		return ir.OpError(op, fmt.Sprintf("got %d kernel operands but expected %d", len(args), len(ft.Inputs)))
	}
	for i, t := range ft.Inputs {
		if args[i].Type() != t {
			return ir.OpError(op, fmt.Sprintf("type of function argument %d does not match", i))
		}
	}
	return nil
}

// isFunction reports whether op is function-like (upstream's
// FunctionOpInterface): callable, or carrying a function_type.
func isFunction(op *ir.Operation) bool {
	if ir.CallableOp.Implements(op) {
		return true
	}
	_, ok := op.InherentAttr("function_type").(*ir.TypeAttr)
	return ok
}
