// Package nvvm defines MLIR's nvvm dialect: the operations of NVIDIA's
// public ISA that lowerings of gpu and nvgpu produce and that the PTX
// emitter consumes (special registers, barriers and fences, warp
// collectives, cp.async, mbarriers, ldmatrix/stmatrix, mma.sync, TMA bulk
// copies, wgmma, register reallocation, clusters), with upstream MLIR
// 22's names, syntax and verifier messages. The operations are declared
// in nvvm.irdl; this file adds the enum attributes upstream writes bare
// (#nvvm<shfl_kind bfly>), syntax.go the custom syntax of nvvm.mma.sync
// and of #nvvm.target, verify.go the verifiers.
package nvvm

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o nvvm_gen.go nvvm.irdl

import (
	_ "embed"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/bareenum"
	"github.com/strata-ir/strata/dialects/llvm"
)

//go:embed nvvm.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/nvvm/nvvm.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Names of the discardable attributes nvvm defines on functions and their
// arguments, as upstream spells them.
const (
	// KernelAttrName marks an llvm.func as a kernel entry point.
	KernelAttrName = "nvvm.kernel"
	// MaxntidAttrName gives the maximum number of threads of a CTA
	// (array<i32: x, y, z>).
	MaxntidAttrName = "nvvm.maxntid"
	// ReqntidAttrName gives the exact number of threads of a CTA.
	ReqntidAttrName = "nvvm.reqntid"
	// ClusterDimAttrName gives the number of CTAs of a cluster.
	ClusterDimAttrName = "nvvm.cluster_dim"
	// ClusterMaxBlocksAttrName bounds the number of CTAs of a cluster.
	ClusterMaxBlocksAttrName = "nvvm.cluster_max_blocks"
	// MinctasmAttrName gives the minimum number of CTAs per SM.
	MinctasmAttrName = "nvvm.minctasm"
	// MaxnregAttrName bounds the number of registers per thread.
	MaxnregAttrName = "nvvm.maxnreg"
	// GridConstantAttrName marks a kernel argument as a grid constant.
	GridConstantAttrName = "nvvm.grid_constant"
)

// bareEnums are the enum attributes that upstream prints without angle
// brackets: #nvvm<mnemonic case> in full, ` case` inside an operation; the
// custom directive of each is "NVVM" followed by its name in
// bareEnumDirectives.
var bareEnums = []bareenum.Enum{
	{Dialect: "nvvm", Mnemonic: "redux_kind", What: "NVVM redux kind", Cases: []string{"add", "and", "max", "min", "or", "umax", "umin", "xor", "fmin", "fmax"}},
	{Dialect: "nvvm", Mnemonic: "shfl_kind", What: "NVVM shuffle kind", Cases: []string{"bfly", "up", "down", "idx"}},
	{Dialect: "nvvm", Mnemonic: "vote_sync_kind", What: "NVVM vote sync kind", Cases: []string{"any", "all", "ballot", "uni"}},
	{Dialect: "nvvm", Mnemonic: "match_sync_kind", What: "NVVM match sync kind", Cases: []string{"any", "all"}},
	{Dialect: "nvvm", Mnemonic: "action", What: "NVVM set max register action", Cases: []string{"decrease", "increase"}},
	{Dialect: "nvvm", Mnemonic: "grid_dep_action", What: "Action kind for grid dependency control", Cases: []string{"wait", "launch_dependents"}},
	{Dialect: "nvvm", Mnemonic: "load_cache_modifier", What: "NVVM load cache modifier kind", Cases: []string{"ca", "cg", "cs", "lu", "cv"}},
	{Dialect: "nvvm", Mnemonic: "prefetch_cache_level", What: "NVVM Prefetch Cache Level", Cases: []string{"L1", "L2"}},
	{Dialect: "nvvm", Mnemonic: "cache_eviction_priority", What: "NVVM Cache Eviction Priority", Cases: []string{"evict_normal", "evict_first", "evict_last", "evict_unchanged", "no_allocate"}},
}

// bareEnumDirectives names the custom directive of each of bareEnums.
var bareEnumDirectives = []string{"ReduxKind", "ShflKind", "VoteSyncKind", "MatchSyncKind", "Action", "GridDepAction", "LoadCacheModifier", "PrefetchCacheLevel", "CacheEvictionPriority"}

var once sync.Once

// Register adds the nvvm dialect to ctx (and the llvm dialect, whose types
// its operations use). The definitions are embedded and checked by the
// package's tests, so a failure to load them is a bug in this package and
// panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		llvm.RegisterConstraints()
		for i, e := range bareEnums {
			e.Register("NVVM" + bareEnumDirectives[i])
		}
		irdl.RegisterCustomDirective("NVVMRange", llvm.ParseStrippedConstantRange, llvm.PrintStrippedConstantRange)
	})
	if ctx.Dialect("llvm") == nil {
		llvm.Register(ctx)
	}
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("nvvm: loading nvvm.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("nvvm")
	d.ParseAttr = bareenum.ParseAttr("nvvm", bareEnums, d.ParseAttr)
	d.VerifyRegionArgAttr = verifyRegionArgAttr
	d.VerifyOperationAttr = verifyOperationAttr
	registerTarget(ctx)
}

// EnumAttr returns the bare enum attribute #nvvm<mnemonic value>.
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return bareenum.Attr(ctx, "nvvm", mnemonic, value)
}

// EnumValue returns the case of a bare enum attribute #nvvm<mnemonic case>.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	return bareenum.Value(a, "nvvm", mnemonic)
}
