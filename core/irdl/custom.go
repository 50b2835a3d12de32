package irdl

import (
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// CustomArg is one argument of a `custom<Name>(...)` directive.
//
// When printing, the fields hold the operation's current values for the
// argument. When parsing, arguments written as `ref(...)` arrive filled in
// with what the format has parsed so far; for the others the parse
// function fills in what it reads: Operands for an operand, Types for
// type($x), Attr for a property, Regions and Successors.
type CustomArg struct {
	// Kind is "operand", "result", "type", "attr", "region", "successor",
	// "attr-dict" or "literal".
	Kind string
	// Name is the variable name, or the literal text.
	Name string
	// Ref marks a ref(...) argument, which the parse function must not set.
	Ref bool
	// Variadic is true for optional and variadic operands, results,
	// regions and successors.
	Variadic bool

	Values     []ir.Value
	Operands   []ir.UnresolvedOperand
	Types      []ir.Type
	Attr       ir.Attribute
	Attrs      []ir.NamedAttr
	Regions    []*ir.Region
	Successors []*ir.Block
}

// CustomParseFunc parses a custom directive. It returns present=false,
// having consumed nothing, when the directive is absent (only meaningful
// as the first element of an optional group). The arguments are valid
// only during the call: the parser reuses them.
type CustomParseFunc func(p ir.OpAsmParser, args []*CustomArg) (present bool, err error)

// CustomPrintFunc prints a custom directive. The arguments are valid only
// during the call: the printer reuses them.
type CustomPrintFunc func(p ir.OpAsmPrinter, op *ir.Operation, args []*CustomArg)

type customDirective struct {
	parse CustomParseFunc
	print CustomPrintFunc
}

var (
	customMu   sync.RWMutex
	customDirs = map[string]customDirective{}
)

// RegisterCustomDirective makes `custom<name>(...)` available to formats
// loaded afterwards. Compiled dialects register their directives in init.
func RegisterCustomDirective(name string, parse CustomParseFunc, print CustomPrintFunc) {
	customMu.Lock()
	defer customMu.Unlock()
	customDirs[name] = customDirective{parse: parse, print: print}
}

func lookupCustom(name string) (customDirective, bool) {
	customMu.RLock()
	defer customMu.RUnlock()
	d, ok := customDirs[name]
	return d, ok
}

// ResultNamer suggests names for the results of an operation when it is
// printed (MLIR's OpAsmOpInterface::getAsmResultNames).
type ResultNamer func(op *ir.Operation, set func(result int, name string))

var (
	namerMu sync.RWMutex
	namers  = map[string]ResultNamer{"constant": constantNames}
)

// RegisterResultNamer makes `resultNames name` available to definitions
// loaded afterwards. The namer "constant" is built in: it names the
// result of a constant operation from its `value` property as arith and
// index constants do (%c42_i32, %true, %cst).
func RegisterResultNamer(name string, f ResultNamer) {
	namerMu.Lock()
	defer namerMu.Unlock()
	namers[name] = f
}

func lookupNamer(name string) (ResultNamer, bool) {
	namerMu.RLock()
	defer namerMu.RUnlock()
	f, ok := namers[name]
	return f, ok
}

// constantNames is arith::ConstantOp::getAsmResultNames.
func constantNames(op *ir.Operation, set func(int, string)) {
	if op.NumResults() != 1 {
		return
	}
	ia, ok := op.InherentAttr("value").(*ir.IntegerAttr)
	if !ok {
		set(0, "cst")
		return
	}
	it, isInt := op.Result(0).Type().(*ir.IntegerType)
	if isInt && it.Width == 1 {
		if ia.Lo != 0 {
			set(0, "true")
		} else {
			set(0, "false")
		}
		return
	}
	// APInt printing is signed.
	var sb strings.Builder
	sb.WriteByte('c')
	s := asm.AttrString(ia)
	if i := strings.Index(s, " : "); i >= 0 {
		s = s[:i]
	}
	sb.WriteString(s)
	if isInt {
		sb.WriteByte('_')
		sb.WriteString(asm.TypeString(it))
	}
	set(0, sb.String())
}

// denseArrayElems returns the elements of a dense array as printed between
// its brackets.
func denseArrayElems(da *ir.DenseArrayAttr) string {
	s := asm.AttrString(da)
	if i := strings.Index(s, ": "); i >= 0 {
		return s[i+2 : len(s)-1]
	}
	return ""
}

// customArgStore is storage for the arguments of one custom directive,
// kept in the pooled parse states and print views so that a directive of
// up to four arguments allocates nothing.
type customArgStore struct {
	args    [4]CustomArg
	ptrs    [4]*CustomArg
	targets [4]*fElem
}

// newCustomArgs describes the arguments of a custom directive of o: for
// each, its kind, name, whether it is a reference (ref(...)) and whether
// it is variadic. It also returns the element each argument stands for
// (the inner element of a reference), for the caller to fill the values.
// The arguments live in store when they fit (store may be nil), until the
// next call with the same store.
func newCustomArgs(o *opDef, e *fElem, store *customArgStore) ([]*CustomArg, []*fElem) {
	var args []*CustomArg
	var targets []*fElem
	if n := len(e.args); store != nil && n <= len(store.args) {
		args, targets = store.ptrs[:n:n], store.targets[:n:n]
		for i := range args {
			store.args[i] = CustomArg{}
			args[i] = &store.args[i]
		}
	} else {
		args, targets = make([]*CustomArg, n), make([]*fElem, n)
		for i := range args {
			args[i] = &CustomArg{}
		}
	}
	for i, a := range e.args {
		ca := args[i]
		x := a
		if a.kind == fRef {
			ca.Ref = true
			x = a.args[0]
		}
		switch x.kind {
		case fVar:
			ca.Name = x.name
			switch x.vk {
			case vOperand:
				ca.Kind = "operand"
				ca.Variadic = o.operands[x.idx].mod != single
			case vResult:
				ca.Kind = "result"
				ca.Variadic = o.results[x.idx].mod != single
			case vProp:
				ca.Kind = "attr"
			case vRegion:
				ca.Kind = "region"
				ca.Variadic = o.regions[x.idx].variadic
			case vSuccessor:
				ca.Kind = "successor"
				ca.Variadic = o.succs[x.idx].variadic
			}
		case fType:
			ca.Kind = "type"
			ca.Name = x.args[0].name
			if v := x.args[0]; v.kind == fVar {
				if v.vk == vOperand {
					ca.Variadic = o.operands[v.idx].mod != single
				} else {
					ca.Variadic = o.results[v.idx].mod != single
				}
			}
		case fAttrDict:
			ca.Kind = "attr-dict"
		case fLiteral:
			ca.Kind = "literal"
			ca.Name = x.text
		}
		args[i], targets[i] = ca, x
	}
	return args, targets
}

// customArgs builds the printing arguments of a custom directive.
func (v *opView) customArgs(e *fElem) []*CustomArg {
	args, targets := newCustomArgs(v.o, e, &v.custom)
	for i, ca := range args {
		x := targets[i]
		switch x.kind {
		case fVar:
			switch x.vk {
			case vOperand:
				ca.Values = v.operandGroup(x.idx)
				ca.Types = valueTypes(ca.Values)
			case vResult:
				ca.Values = v.resultGroup(x.idx)
				ca.Types = valueTypes(ca.Values)
			case vProp:
				ca.Attr = v.prop(x.idx)
			case vRegion:
				ca.Regions = v.regionGroup(x.idx)
			case vSuccessor:
				ca.Successors = v.succGroup(x.idx)
			}
		case fType:
			ca.Types = v.typesOf(x.args[0])
		case fAttrDict:
			ca.Attrs = v.op.AllAttrs()
		}
	}
	return args
}
