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
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
	"github.com/strata-ir/strata/dialects/internal/viewlike"
)

//go:embed amdgpu.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/amdgpu/amdgpu.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// bareEnum is an enum attribute that upstream prints without angle
// brackets: #amdgpu<mnemonic case> in full, `  case` inside an operation.
type bareEnum struct {
	directive, mnemonic, what string
	cases                     []string
}

var (
	dppPerm = bareEnum{"DPPPerm", "dpp_perm", "The possible permutations for a DPP operation", []string{
		"quad_perm", "row_shl", "row_shr", "row_ror", "wave_shl", "wave_shr", "wave_ror", "wave_rol",
		"row_mirror", "row_half_mirror", "row_bcast_15", "row_bcast_31"}}
	mfmaPermB = bareEnum{"MFMAPermB", "mfma_perm_b", "The possible permutations of the lanes storing B available in an MFMA", []string{
		"none", "bcast_first_32", "bcast_second_32", "rotate_16_right", "bcast_first_16", "bcast_second_16",
		"bcast_third_16", "bcast_fourth_16"}}
	bareEnums = []bareEnum{dppPerm, mfmaPermB}
)

var once sync.Once

// Register adds the amdgpu dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	once.Do(func() {
		viewlike.Register()
		registerConstraints()
		for _, e := range bareEnums {
			e := e
			irdl.RegisterCustomDirective("AMDGPU"+e.directive, e.parse, e.print)
			irdl.RegisterAttrConstraint("AMDGPU"+e.directive+"Attr", e.what, nil, func(a ir.Attribute) bool {
				v, ok := EnumValue(a, e.mnemonic)
				return ok && e.valid(v)
			})
		}
		irdl.RegisterCustomDirective("AMDGPUMNKDimensionList", parseMNK, printMNK)
	})
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("amdgpu: loading amdgpu.irdl: " + err.Error())
	}
	registerHooks(ctx)
	d := ctx.Dialect("amdgpu")
	d.ParseAttr = parseAttr(d.ParseAttr)
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

// parseAttr extends the attribute parser of the definitions with the bare
// enum attributes (#amdgpu<dpp_perm row_ror>), kept as opaque attributes
// that the operations' constraints check.
func parseAttr(next func(*ir.Context, string) (ir.Attribute, error)) func(*ir.Context, string) (ir.Attribute, error) {
	return func(ctx *ir.Context, body string) (ir.Attribute, error) {
		for _, e := range bareEnums {
			if v, ok := strings.CutPrefix(body, e.mnemonic+" "); ok {
				if !e.valid(strings.TrimSpace(v)) {
					return nil, fmt.Errorf("expected %s to be one of: %s", e.what, strings.Join(e.cases, ", "))
				}
				return ctx.OpaqueAttr("amdgpu", body, nil), nil
			}
		}
		if next == nil {
			return nil, fmt.Errorf("unknown attribute in dialect 'amdgpu'")
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

// EnumAttr returns the bare enum attribute #amdgpu<mnemonic value>.
func EnumAttr(ctx *ir.Context, mnemonic, value string) (ir.Attribute, error) {
	return asm.ParseAttrString(ctx, "#amdgpu<"+mnemonic+" "+value+">", nil)
}

// DPPPermAttr returns #amdgpu<dpp_perm kind>.
func DPPPermAttr(ctx *ir.Context, kind string) (ir.Attribute, error) {
	return EnumAttr(ctx, dppPerm.mnemonic, kind)
}

// MFMAPermBAttr returns #amdgpu<mfma_perm_b kind>.
func MFMAPermBAttr(ctx *ir.Context, kind string) (ir.Attribute, error) {
	return EnumAttr(ctx, mfmaPermB.mnemonic, kind)
}

// DPPPermOf returns the permutation kind of a dpp op's kind attribute.
func DPPPermOf(a ir.Attribute) (string, bool) { return EnumValue(a, dppPerm.mnemonic) }

// MFMAPermBOf returns the case of an mfma op's blgp attribute.
func MFMAPermBOf(a ir.Attribute) (string, bool) { return EnumValue(a, mfmaPermB.mnemonic) }

// EnumValue returns the case of a bare enum attribute #amdgpu<mnemonic case>.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	var body string
	switch d := a.(type) {
	case *ir.OpaqueAttr:
		if d.Dialect != "amdgpu" {
			return "", false
		}
		body = d.Data
	case ir.DialectAttr:
		if d.DialectName() != "amdgpu" {
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

// print writes the case as ODS does for an enum attribute whose format is
// `$value`: the format engine spaces the directive, the attribute printer
// adds a space of its own.
func (e bareEnum) print(p ir.OpAsmPrinter, _ *ir.Operation, args []*irdl.CustomArg) {
	v, ok := EnumValue(args[0].Attr, e.mnemonic)
	if !ok {
		p.WriteString(" ")
		p.PrintAttribute(args[0].Attr)
		return
	}
	p.WriteString(" " + v)
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
		return false, p.ErrorAt(pos, "expected 3 dimensions in MNK dimension list")
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
// verifier of !amdgpu.tdm_gather_base's parameters.
func verifyTypes(next func(*ir.Context, string) (ir.Type, error)) func(*ir.Context, string) (ir.Type, error) {
	return func(ctx *ir.Context, body string) (ir.Type, error) {
		t, err := next(ctx, body)
		if err != nil {
			return nil, err
		}
		if g, ok := AsTdmGatherBaseType(t); ok {
			elem, index := g.ElementType(), g.IndexType()
			switch w := ir.IntOrFloatBitWidth(elem); w {
			case 8, 16, 32, 64:
			default:
				return nil, errors.New(fmt.Sprintf("element type must be 1, 2, 4, or 8 bytes wide but type '%s' is %d bytes wide", ir.TypeString(elem), w/8) + ".")
			}
			if !eI16.is(index) && !eI32.is(index) {
				return nil, errors.New(fmt.Sprintf("index type must be i16 or i32 but index type is '%s'", ir.TypeString(index)) + ".")
			}
		}
		return t, nil
	}
}
