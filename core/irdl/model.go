package irdl

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/strata-ir/strata/core/ir"
)

// The resolved model of a dialect, built from the syntax tree by sema.go.

type dialectDef struct {
	name, summary, description string
	file                       string
	enums                      map[string]*enumDef
	types                      map[string]*symDef
	attrs                      map[string]*symDef
	typeOrder, attrOrder       []*symDef
	ops                        []*opDef
	named                      map[string]*namedConstraint
}

type namedConstraint struct {
	decl      *ConstraintDecl
	tc        *typeC
	ac        *attrC
	resolving bool
}

type enumCase struct {
	name  string
	value uint64
}

type enumDef struct {
	name     string
	bit      bool
	storage  *ir.IntegerType
	mnemonic string
	sep      string
	summary  string
	cases    []enumCase
	attr     *symDef
	dialect  *dialectDef
}

type paramKind uint8

const (
	pType paramKind = iota
	pAttr
	pShape
	pInt
	pString
	pEnum
)

type paramDef struct {
	name     string
	optional bool
	kind     paramKind
	tc       *typeC
	ac       *attrC
	intType  ir.Type
	enum     *enumDef
}

// symDef is a dialect type or attribute definition.
type symDef struct {
	dialect *dialectDef
	isAttr  bool
	name    string
	// qualified is `dialect.name`.
	qualified string
	summary   string
	params    []*paramDef
	format    *defFormat
	// enum is set for the attribute of an `enum ... as attr`.
	enum *enumDef
}

type typeDef = symDef
type attrDef = symDef

type valueMod uint8

const (
	single valueMod = iota
	optional
	variadic
)

type valueDef struct {
	name string
	mod  valueMod
	c    *typeC
}

type propDef struct {
	name     string
	optional bool
	c        *attrC
	def      ir.Attribute
}

type regionDef struct {
	name     string
	variadic bool
	blocks   int // -1: any number
}

type succDef struct {
	name     string
	variadic bool
}

type effectDef struct {
	kind    ir.EffectKind
	operand int // -1 if none
	result  int // -1 if none
}

type traitKind uint8

const (
	tSameOperandsAndResultType traitKind = iota
	tSameTypeOperands
	tSameOperandsAndResultShape
	tSameOperandsAndResultElementType
	tHasParent
	tImplicitTerminator
	tAllTypesMatch
	tTypesMatchWith
)

type traitCheck struct {
	kind  traitKind
	names []string
	// TypesMatchWith: the summary and the transform from names[0]'s type
	// to names[1]'s.
	summary   string
	transform func(ctx *ir.Context, t ir.Type) ir.Type
}

// member is an operand (kind 0), result (1) or property (2) taking part
// in a type-equality group.
type member struct {
	kind  uint8
	index int
}

type opDef struct {
	d            *dialectDef
	name         string // without the dialect prefix
	full         string
	summary      string
	traits       ir.Trait
	checks       []traitCheck
	vars         []*eqVar
	operands     []*valueDef
	results      []*valueDef
	props        []*propDef
	regions      []*regionDef
	succs        []*succDef
	effects      []effectDef
	hasEffects   bool
	format       *opFormat
	implicitTerm string
	namer        string
	names        []string
	hooks        []string
	hooksPos     lexer.Position
	// groups are the sets of values whose types are equal (equality
	// variables, SameOperandsAndResultType, SameTypeOperands,
	// AllTypesMatch), used to infer types in formats.
	groups [][]member
	// Counts derived from the declarations once, for the verifier: the
	// single (non-variadic) regions, results, successors and operands,
	// whether each list has a variadic entry, and whether the operand and
	// result lists carry segment sizes.
	nRegions, nResults, nSuccs, nOperands         int
	varRegions, varResults, varSuccs, varOperands bool
	segOperands, segResults                       bool
	// declared are the traits, declared by Go packages with
	// ir.DeclareTrait, that the op lists by name.
	declared []*ir.InterfaceID
}

// deriveCounts fills the counts the verifier uses.
func (o *opDef) deriveCounts() {
	for _, r := range o.regions {
		if r.variadic {
			o.varRegions = true
		} else {
			o.nRegions++
		}
	}
	for _, s := range o.succs {
		if s.variadic {
			o.varSuccs = true
		} else {
			o.nSuccs++
		}
	}
	o.nResults, o.varResults = fixedCount(o.results)
	o.nOperands, o.varOperands = fixedCount(o.operands)
	o.segOperands, o.segResults = segmented(o.operands), segmented(o.results)
}

// segmented reports whether the operand (or result) list needs a segment
// sizes property: more than one optional or variadic entry.
func segmented(vs []*valueDef) bool {
	n := 0
	for _, v := range vs {
		if v.mod != single {
			n++
		}
	}
	return n > 1
}

func (o *opDef) propIndex(name string) int {
	for i, p := range o.props {
		if p.name == name {
			return i
		}
	}
	return -1
}

func indexOf(vs []*valueDef, name string) int {
	for i, v := range vs {
		if v.name == name {
			return i
		}
	}
	return -1
}
