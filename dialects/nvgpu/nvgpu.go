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
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/bareenum"
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

// The enum attributes written #nvgpu<mnemonic case> in full and ` case`
// inside an operation.
var (
	roundingMode = bareenum.Enum{Dialect: "nvgpu", Mnemonic: "rcp_rounding_mode", What: "Rounding mode of rcp", Cases: []string{"approx", "rn", "rz", "rm", "rp"}}
	regAction    = bareenum.Enum{Dialect: "nvgpu", Mnemonic: "reg_action", What: "register reallocation action", Cases: []string{"increase", "decrease"}}
	bareEnums    = []bareenum.Enum{roundingMode, regAction}
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
		roundingMode.Register("NVGPURcpRoundingMode")
		regAction.Register("NVGPURegAction")
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("nvgpu: loading nvgpu.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("nvgpu")
	d.ParseAttr = bareenum.ParseAttr("nvgpu", bareEnums, d.ParseAttr)
}

// EnumAttr returns the enum attribute #nvgpu<mnemonic value>.
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return bareenum.Attr(ctx, "nvgpu", mnemonic, value)
}

// EnumValue returns the case of an enum attribute #nvgpu<mnemonic case>.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	return bareenum.Value(a, "nvgpu", mnemonic)
}
