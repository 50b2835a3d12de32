// Package amdgpu defines MLIR's amdgpu dialect: wrappers around AMD GPU
// functionality and LLVM intrinsics that take pointers or magic constants
// (buffer loads, stores and atomics, fat raw buffer pointers, MFMA, WMMA
// and sparse MFMA matrix instructions, DPP and ds_swizzle lane moves, LDS
// barriers, scheduling barriers, memory counter waits, fp8/fp4 packing,
// transpose loads, gather-to-LDS and the gfx1250 tensor DMA), with
// upstream MLIR 22's names, syntax and verifier messages. The operations
// are declared in amdgpu.irdl; constraints.go registers the type and
// attribute constraints a declaration cannot spell, this file the enum
// attributes upstream writes bare (#amdgpu<dpp_perm row_ror>) and the
// MxNxK shape list, verify.go the verifiers and canonicalize.go the
// canonicalization patterns.
package amdgpu

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o amdgpu_gen.go amdgpu.irdl

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/bareenum"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

//go:embed amdgpu.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/amdgpu/amdgpu.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// The enum attributes that upstream prints without angle brackets:
// #amdgpu<mnemonic case> in full, `  case` inside an operation.
var (
	dppPerm = bareenum.Enum{Dialect: "amdgpu", Mnemonic: "dpp_perm", What: "The possible permutations for a DPP operation", SpaceUnknown: true, Cases: []string{
		"quad_perm", "row_shl", "row_shr", "row_ror", "wave_shl", "wave_shr", "wave_ror", "wave_rol",
		"row_mirror", "row_half_mirror", "row_bcast_15", "row_bcast_31"}}
	mfmaPermB = bareenum.Enum{Dialect: "amdgpu", Mnemonic: "mfma_perm_b", What: "The possible permutations of the lanes storing B available in an MFMA", SpaceUnknown: true, Cases: []string{
		"none", "bcast_first_32", "bcast_second_32", "rotate_16_right", "bcast_first_16", "bcast_second_16",
		"bcast_third_16", "bcast_fourth_16"}}
	bareEnums = []bareenum.Enum{dppPerm, mfmaPermB}
)

var once sync.Once

// Register adds the amdgpu dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		viewlike.Register()
		registerConstraints()
		dppPerm.Register("AMDGPUDPPPerm")
		mfmaPermB.Register("AMDGPUMFMAPermB")
		irdl.RegisterCustomDirective("AMDGPUMNKDimensionList", parseMNK, printMNK)
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("amdgpu: loading amdgpu.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("amdgpu")
	d.ParseAttr = bareenum.ParseAttr("amdgpu", bareEnums, d.ParseAttr)
	d.ParseType = verifyTypes(d.ParseType)
	defaultBlgp(ctx)
}

// defaultBlgp gives amdgpu.mfma's blgp its default, #amdgpu<mfma_perm_b
// none>, when an operation is created without it, as ODS's
// DefaultValuedAttr does. The bare enum attribute only parses once the
// dialect is loaded, so the default is added here rather than declared.
func defaultBlgp(ctx *ir.Context) {
	on := ctx.LookupOpName(MfmaOpName)
	if on == nil || on.Def == nil {
		return
	}
	none, err := MFMAPermBAttr(ctx, "none")
	if err != nil {
		panic("amdgpu: " + err.Error())
	}
	next := on.Def.PopulateDefaultProperties
	on.Def.PopulateDefaultProperties = func(ctx *ir.Context, props ir.Attribute) ir.Attribute {
		if next != nil {
			props = next(ctx, props)
		}
		var entries []ir.NamedAttr
		if d, ok := props.(*ir.DictionaryAttr); ok {
			entries = d.Entries
		} else if props != nil {
			return props
		}
		for _, e := range entries {
			if e.Name == "blgp" {
				return props
			}
		}
		return ctx.DictionaryAttr(append(append([]ir.NamedAttr(nil), entries...), ir.NamedAttr{Name: "blgp", Value: none}))
	}
}

// EnumAttr returns the bare enum attribute #amdgpu<mnemonic value>.
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return bareenum.Attr(ctx, "amdgpu", mnemonic, value)
}

// DPPPermAttr returns #amdgpu<dpp_perm kind>.
func DPPPermAttr(ctx *ir.Context, kind string) (ir.Attribute, error) {
	return EnumAttr(ctx, dppPerm.Mnemonic, kind)
}

// MFMAPermBAttr returns #amdgpu<mfma_perm_b kind>.
func MFMAPermBAttr(ctx *ir.Context, kind string) (ir.Attribute, error) {
	return EnumAttr(ctx, mfmaPermB.Mnemonic, kind)
}

// DPPPermOf returns the permutation kind of a dpp op's kind attribute.
func DPPPermOf(a ir.Attribute) (string, bool) { return EnumValue(a, dppPerm.Mnemonic) }

// MFMAPermBOf returns the case of an mfma op's blgp attribute.
func MFMAPermBOf(a ir.Attribute) (string, bool) { return EnumValue(a, mfmaPermB.Mnemonic) }

// EnumValue returns the case of a bare enum attribute #amdgpu<mnemonic case>.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	return bareenum.Value(a, "amdgpu", mnemonic)
}

// parseMNK reads the MxNxK shape of the matrix operations (`16x16x16`)
// into the m, n and k properties.
func parseMNK(p ir.OpAsmParser, args []*irdl.CustomArg) (bool, error) {
	pos := p.CurrentPos()
	var dims []int64
	first, ok := p.ParseOptionalInteger()
	if ok {
		dims = append(dims, first)
		if rest, ok := p.ParseOptionalKeywordAny(); ok {
			for _, part := range strings.Split(strings.TrimPrefix(rest, "x"), "x") {
				v, err := strconv.ParseInt(part, 10, 64)
				if err != nil || !strings.HasPrefix(rest, "x") {
					return false, p.ErrorAt(pos, "expected 3 dimensions in MNK dimension list")
				}
				dims = append(dims, v)
			}
		}
	}
	if len(dims) != 3 {
		// Upstream counts the dimensions once the list is read.
		return false, p.ErrorAt(p.CurrentPos(), "expected 3 dimensions in MNK dimension list")
	}
	i32 := p.Context().IntegerType(32, ir.Signless)
	for i, d := range dims {
		args[i].Attr = p.Context().IntegerAttr(i32, d)
	}
	return true, nil
}

func printMNK(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	var parts []string
	for _, a := range args {
		ia, ok := a.Attr.(*ir.IntegerAttr)
		if !ok {
			parts = append(parts, "?")
			continue
		}
		parts = append(parts, strconv.FormatInt(ia.Int64(), 10))
	}
	p.WriteString(strings.Join(parts, "x"))
}

// verifyTypes extends the type parser of the definitions with the
// verifier of !amdgpu.tdm_gather_base's parameters. Its errors point
// past the mnemonic, where upstream's generated parser takes the
// location it verifies at.
func verifyTypes(next func(*ir.Context, string) (ir.Type, error)) func(*ir.Context, string) (ir.Type, error) {
	return func(ctx *ir.Context, body string) (ir.Type, error) {
		t, err := next(ctx, body)
		if err != nil {
			return nil, err
		}
		if g, ok := AsTdmGatherBaseType(t); ok {
			at := max(strings.IndexByte(body, '<'), 0)
			elem, index := g.ElementType(), g.IndexType()
			switch w := ir.IntOrFloatBitWidth(elem); w {
			case 8, 16, 32, 64:
			default:
				return nil, &asm.BodyError{Offset: at, Msg: fmt.Sprintf("element type must be 1, 2, 4, or 8 bytes wide but type '%s' is %d bytes wide", ir.TypeString(elem), w/8) + "."}
			}
			if !eI16.is(index) && !eI32.is(index) {
				return nil, &asm.BodyError{Offset: at, Msg: fmt.Sprintf("index type must be i16 or i32 but index type is '%s'", ir.TypeString(index)) + "."}
			}
		}
		return t, nil
	}
}
