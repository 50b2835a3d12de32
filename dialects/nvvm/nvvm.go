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
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
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

// bareEnum is an enum attribute that upstream prints without angle
// brackets: #nvvm<mnemonic case> in full, ` case` inside an operation.
type bareEnum struct {
	directive, mnemonic, what string
	cases                     []string
}

var bareEnums = []bareEnum{
	{"ReduxKind", "redux_kind", "NVVM redux kind", []string{"add", "and", "max", "min", "or", "umax", "umin", "xor", "fmin", "fmax"}},
	{"ShflKind", "shfl_kind", "NVVM shuffle kind", []string{"bfly", "up", "down", "idx"}},
	{"VoteSyncKind", "vote_sync_kind", "NVVM vote sync kind", []string{"any", "all", "ballot", "uni"}},
	{"MatchSyncKind", "match_sync_kind", "NVVM match sync kind", []string{"any", "all"}},
	{"Action", "action", "NVVM set max register action", []string{"decrease", "increase"}},
	{"GridDepAction", "grid_dep_action", "Action kind for grid dependency control", []string{"wait", "launch_dependents"}},
	{"LoadCacheModifier", "load_cache_modifier", "NVVM load cache modifier kind", []string{"ca", "cg", "cs", "lu", "cv"}},
	{"PrefetchCacheLevel", "prefetch_cache_level", "NVVM Prefetch Cache Level", []string{"L1", "L2"}},
	{"CacheEvictionPriority", "cache_eviction_priority", "NVVM Cache Eviction Priority", []string{"evict_normal", "evict_first", "evict_last", "evict_unchanged", "no_allocate"}},
}

var once sync.Once

// Register adds the nvvm dialect to ctx (and the llvm dialect, whose types
// its operations use). The definitions are embedded and checked by the
// package's tests, so a failure to load them is a bug in this package and
// panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		llvm.RegisterConstraints()
		for _, e := range bareEnums {
			e := e
			irdl.RegisterCustomDirective("NVVM"+e.directive, e.parse, e.print)
			irdl.RegisterAttrConstraint("NVVM"+e.directive+"Attr", e.what, nil, func(a ir.Attribute) bool {
				v, ok := EnumValue(a, e.mnemonic)
				return ok && e.valid(v)
			})
		}
		irdl.RegisterCustomDirective("NVVMRange", parseRange, printRange)
	})
	if ctx.Dialect("llvm") == nil {
		llvm.Register(ctx)
	}
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("nvvm: loading nvvm.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("nvvm")
	d.ParseAttr = parseAttr(d.ParseAttr)
	d.VerifyRegionArgAttr = verifyRegionArgAttr
	d.VerifyOperationAttr = verifyOperationAttr
	registerTarget(ctx)
}

// parseAttr extends the attribute parser of the definitions with the bare
// enum attributes (#nvvm<shfl_kind bfly>), kept as opaque attributes that
// the operations' constraints check.
func parseAttr(next func(*ir.Context, string) (ir.Attribute, error)) func(*ir.Context, string) (ir.Attribute, error) {
	return func(ctx *ir.Context, body string) (ir.Attribute, error) {
		for _, e := range bareEnums {
			if v, ok := strings.CutPrefix(body, e.mnemonic+" "); ok {
				if !e.valid(strings.TrimSpace(v)) {
					return nil, fmt.Errorf("expected %s to be one of: %s", e.what, strings.Join(e.cases, ", "))
				}
				return ctx.OpaqueAttr("nvvm", body, nil), nil
			}
		}
		if next == nil {
			return nil, fmt.Errorf("unknown attribute in dialect 'nvvm'")
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

// EnumAttr returns the bare enum attribute #nvvm<mnemonic value>.
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#nvvm<"+mnemonic+" "+value+">", nil)
}

// EnumValue returns the case of a bare enum attribute #nvvm<mnemonic case>.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	var body string
	switch d := a.(type) {
	case *ir.OpaqueAttr:
		if d.Dialect != "nvvm" {
			return "", false
		}
		body = d.Data
	case ir.DialectAttr:
		if d.DialectName() != "nvvm" {
			return "", false
		}
		body = d.Body()
	default:
		return "", false
	}
	body = strings.TrimSpace(body)
	body = strings.TrimPrefix(body, "<")
	body = strings.TrimSuffix(body, ">")
	v, ok := strings.CutPrefix(body, mnemonic+" ")
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

// rangePrefix is the full form of the range attribute of the special
// register operations, which they print stripped.
const rangePrefix = "#llvm.constant_range"

func parseRange(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	if a, ok := p.ParseOptionalAttribute(nil); ok {
		args[0].Attr = a
		return true, nil
	}
	pos := p.CurrentPos()
	if !p.ParseOptionalPunct("<") {
		return false, nil
	}
	var parts []string
	for {
		t, ok := p.ParseOptionalType()
		if ok {
			parts = append(parts, ir.TypeString(t))
		} else if a, ok := p.ParseOptionalAttribute(p.Context().I(64)); ok {
			ia, isInt := a.(*ir.IntegerAttr)
			if !isInt {
				return false, p.ErrorAt(pos, "expected an integer bound of the range")
			}
			parts = append(parts, strconv.FormatInt(ia.Int64(), 10))
		} else {
			return false, p.ErrorAt(p.CurrentPos(), "expected the type or a bound of the range")
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.ParsePunct(">")
	a, err := asm.ParseAttrString(p.Context(), rangePrefix+"<"+strings.Join(parts, ", ")+">", nil)
	if err != nil {
		return false, p.ErrorAt(pos, err.Error())
	}
	args[0].Attr = a
	return true, nil
}

func printRange(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	s := ir.AttrString(args[0].Attr)
	if body, ok := strings.CutPrefix(s, rangePrefix); ok {
		p.WriteString(body)
		return
	}
	p.PrintAttribute(args[0].Attr)
}
