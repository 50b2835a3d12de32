// Package tpu defines JAX's Mosaic TPU dialect as Pallas emits it: memrefs
// in VMEM, SMEM, HBM and semaphore memory (#tpu.memory_space), vector
// loads and stores, the MXU's tpu.matmul with #tpu.dot_dimension_numbers,
// DMAs (tpu.enqueue_dma, tpu.wait_dma2) and semaphores, iota and
// reductions, with Mosaic's names and syntax. Kernel functions are
// func.func operations that carry Mosaic's contract (leading grid
// indices, scalar-prefetch refs, one window per operand, scratch refs and
// the attributes iteration_bounds, dimension_semantics, window_params,
// scalar_prefetch and scratch_operands); kernel.go reads and checks it.
// tpu.pallas_call, the host side of a kernel, is a Strata extension.
// The operations are declared in tpu.irdl; verify.go holds the verifiers.
package tpu

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o tpu_gen.go tpu.irdl

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed tpu.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/tpu/tpu.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the tpu dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	if ctx.Dialect("tpu") != nil && ctx.Dialect("tpu").Definitions != nil {
		return
	}
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("tpu: loading tpu.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("tpu")
	next := d.ParseAttr
	d.ParseAttr = func(ctx *ir.Context, body string) (ir.Attribute, error) {
		if rest, ok := strings.CutPrefix(body, "dot_dimension_numbers"); ok {
			return parseDotDimensionNumbers(ctx, rest)
		}
		if next == nil {
			return nil, fmt.Errorf("unknown attribute in dialect 'tpu'")
		}
		return next(ctx, body)
	}
	d.VerifyOperationAttr = verifyOperationAttr
}

// MemorySpaceOf returns the case name of a memref's #tpu.memory_space
// ("vmem", "smem", "any", ...), or "" when it has none.
func MemorySpaceOf(t ir.Type) string {
	m, ok := t.(*ir.MemRefType)
	if !ok || m.MemorySpace == nil {
		return ""
	}
	s := ir.AttrString(m.MemorySpace)
	v, ok := strings.CutPrefix(s, "#tpu.memory_space<")
	if !ok {
		return ""
	}
	v = strings.TrimSuffix(v, ">")
	if i := strings.IndexByte(v, ','); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}

// VMEM, SMEM and the other memory spaces: MemorySpaceNamed returns #tpu.memory_space<space>.
func MemorySpaceNamed(ctx *ir.Context, space string) ir.Attribute {
	a, err := asm.ParseAttrString(ctx, "#tpu.memory_space<"+space+">", nil)
	if err != nil {
		panic("tpu: memory space " + space + ": " + err.Error())
	}
	return a
}

// EnumAttr returns #tpu.mnemonic<value> (core_type, dimension_semantics,
// contract_precision, reduction_kind).
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#tpu."+mnemonic+"<"+value+">", nil)
}

// EnumCase returns the case of an enum attribute #tpu.mnemonic<case>.
func EnumCase(a ir.Attribute, mnemonic string) (string, bool) {
	if a == nil {
		return "", false
	}
	s := ir.AttrString(a)
	v, ok := strings.CutPrefix(s, "#tpu."+mnemonic+"<")
	if !ok || !strings.HasSuffix(v, ">") {
		return "", false
	}
	return strings.TrimSuffix(v, ">"), true
}
