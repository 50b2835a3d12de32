// Package nvgpu defines MLIR's nvgpu dialect, the bridge between the
// target-agnostic gpu and vector dialects and NVVM: asynchronous copies,
// ldmatrix and warp-level mma.sync, mbarrier groups, TMA descriptors and
// copies, warpgroup matrix descriptors and accumulators for wgmma, with
// upstream MLIR 22's names, syntax and verifier messages, plus the Strata
// extensions listed in docs/dialects/nvgpu.md (register reallocation, the
// async-proxy fence, leader election, warpgroup roles and the registers of
// wgmma accumulators). The operations
// and types are declared in nvgpu.irdl; verify.go holds the verifiers.
package nvgpu

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o nvgpu_gen.go nvgpu.irdl

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed nvgpu.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/nvgpu/nvgpu.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Address spaces of memrefs, as NVGPU.td's constants.
const (
	// GlobalMemorySpace is the integer memory space of global memory.
	GlobalMemorySpace = 1
	// SharedMemorySpace is the integer memory space of shared memory.
	SharedMemorySpace = 3
)

// bareEnum is an enum attribute written #nvgpu<mnemonic case> in full and
// ` case` inside an operation.
type bareEnum struct {
	mnemonic, what string
	cases          []string
}

var (
	roundingMode = bareEnum{"rcp_rounding_mode", "Rounding mode of rcp", []string{"approx", "rn", "rz", "rm", "rp"}}
	regAction    = bareEnum{"reg_action", "register reallocation action", []string{"increase", "decrease"}}
	bareEnums    = []bareEnum{roundingMode, regAction}
)

var once sync.Once

// Register adds the nvgpu dialect to ctx. The definitions are embedded and
// checked by the package's tests, so a failure to load them is a bug in
// this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		irdl.RegisterTypeConstraint("NVGPUUnrankedMemRef", "unranked.memref of any type values", func(t ir.Type) bool {
			_, ok := t.(*ir.UnrankedMemRefType)
			return ok
		})
		irdl.RegisterTypeClassConstraint("NVGPUSparseMetadata", "fixed-length vector of 16-bit signless integer values of length 2",
			func(t ir.Type) bool {
				v, ok := t.(*ir.VectorType)
				if !ok || len(v.Shape) != 1 || v.Shape[0] != 2 || len(v.Scalable) != 0 {
					return false
				}
				it, ok := v.Elem.(*ir.IntegerType)
				return ok && it.Width == 16 && it.Signedness == ir.Signless
			}, nil, func(ctx *ir.Context) ir.Type {
				return ctx.VectorType([]int64{2}, nil, ctx.IntegerType(16, ir.Signless))
			})
		for name, e := range map[string]bareEnum{"RcpRoundingMode": roundingMode, "RegAction": regAction} {
			e := e
			irdl.RegisterCustomDirective("NVGPU"+name, e.parse, e.print)
			irdl.RegisterAttrConstraint("NVGPU"+name+"Attr", e.what, nil, func(a ir.Attribute) bool {
				v, ok := EnumValue(a, e.mnemonic)
				return ok && e.valid(v)
			})
		}
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("nvgpu: loading nvgpu.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("nvgpu")
	next := d.ParseAttr
	d.ParseAttr = func(ctx *ir.Context, body string) (ir.Attribute, error) {
		for _, e := range bareEnums {
			if v, ok := strings.CutPrefix(body, e.mnemonic+" "); ok {
				if !e.valid(strings.TrimSpace(v)) {
					return nil, fmt.Errorf("expected %s to be one of: %s", e.what, strings.Join(e.cases, ", "))
				}
				return ctx.OpaqueAttr("nvgpu", body, nil), nil
			}
		}
		if next == nil {
			return nil, fmt.Errorf("unknown attribute in dialect 'nvgpu'")
		}
		return next(ctx, body)
	}
}

func (e bareEnum) valid(v string) bool {
	for _, c := range e.cases {
		if c == v {
			return true
		}
	}
	return false
}

// EnumAttr returns the enum attribute #nvgpu<mnemonic value>.
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#nvgpu<"+mnemonic+" "+value+">", nil)
}

// EnumValue returns the case of an enum attribute #nvgpu<mnemonic case>.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	o, ok := a.(*ir.OpaqueAttr)
	if !ok || o.Dialect != "nvgpu" {
		return "", false
	}
	v, ok := strings.CutPrefix(strings.TrimSpace(o.Data), mnemonic+" ")
	return strings.TrimSpace(v), ok
}

func (e bareEnum) parse(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	pos := p.CurrentPos()
	kw, ok := p.ParseOptionalKeywordAny()
	if !ok || !e.valid(kw) {
		return false, p.ErrorAt(pos, "expected "+e.what+" to be one of: "+strings.Join(e.cases, ", "))
	}
	a, err := EnumAttr(p.Context(), e.mnemonic, kw)
	if err != nil {
		return false, p.ErrorAt(pos, err.Error())
	}
	args[0].Attr = a
	return true, nil
}

func (e bareEnum) print(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	v, ok := EnumValue(args[0].Attr, e.mnemonic)
	if !ok {
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(" " + v)
}
