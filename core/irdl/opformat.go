package irdl

import (
	"fmt"
)

// opFormat is the resolved assembly format of an operation.
type opFormat struct {
	elems []*fElem
	// allOperands, allOperandTypes, allResultTypes mark the operands,
	// type(operands) and type(results) directives.
	allOperands, allOperandTypes, allResultTypes bool
	hasPropDict                                  bool
	// usedProps are the properties printed by the format (elided from
	// attr-dict).
	usedProps []string
}

type opFmtResolver struct {
	o            *opDef
	f            *opFormat
	operandBound []bool
	operandTyped []bool
	resultTyped  []bool
	propBound    []bool
	regionBound  []bool
	succBound    []bool
	attrDict     bool
	regionsDir   bool
	succsDir     bool
}

func (r *opFmtResolver) fail(pos int, format string, args ...any) {
	panic(&fmtError{off: pos, msg: fmt.Sprintf(format, args...)})
}

// parseOpFormat parses and checks the format of an operation, as ODS's
// OpFormatParser does.
func parseOpFormat(src string, o *opDef) (f *opFormat, ferr *fmtError) {
	elems, err := parseFormat(src)
	if err != nil {
		return nil, err
	}
	defer func() {
		if x := recover(); x != nil {
			fe, ok := x.(*fmtError)
			if !ok {
				panic(x)
			}
			f, ferr = nil, fe
		}
	}()
	f = &opFormat{elems: elems}
	r := &opFmtResolver{o: o, f: f,
		operandBound: make([]bool, len(o.operands)), operandTyped: make([]bool, len(o.operands)),
		resultTyped: make([]bool, len(o.results)), propBound: make([]bool, len(o.props)),
		regionBound: make([]bool, len(o.regions)), succBound: make([]bool, len(o.succs))}
	r.resolveList(elems, ctxTop)
	end := len(src)
	if !r.attrDict {
		r.fail(end, "'attr-dict' directive not found")
	}
	if !f.allOperands {
		for i, b := range r.operandBound {
			if !b {
				r.fail(end, "operand #%d, named '%s', not found", i, o.operands[i].name)
			}
		}
	}
	if !r.regionsDir {
		for i, b := range r.regionBound {
			if !b {
				r.fail(end, "region #%d, named '%s', not found", i, o.regions[i].name)
			}
		}
	}
	if !r.succsDir {
		for i, b := range r.succBound {
			if !b {
				r.fail(end, "successor #%d, named '%s', not found", i, o.succs[i].name)
			}
		}
	}
	r.checkTypes(end)
	for i, b := range r.propBound {
		if b {
			f.usedProps = append(f.usedProps, o.props[i].name)
		}
	}
	sp := &spacer{shouldEmitSpace: true}
	spaceOp(elems, sp)
	return f, nil
}

// checkTypes verifies that every operand and result type is either written
// by the format or can be inferred.
func (r *opFmtResolver) checkTypes(end int) {
	o := r.o
	opKnown := make([]bool, len(o.operands))
	resKnown := make([]bool, len(o.results))
	propKnown := make([]bool, len(o.props))
	for i, v := range o.operands {
		opKnown[i] = r.f.allOperandTypes || r.operandTyped[i] || v.c.fixed != nil
	}
	for i, v := range o.results {
		resKnown[i] = r.f.allResultTypes || r.resultTyped[i] || v.c.fixed != nil && v.mod == single
	}
	for i := range o.props {
		propKnown[i] = r.propBound[i]
	}
	known := func(m member) bool {
		switch m.kind {
		case 0:
			return opKnown[m.index]
		case 1:
			return resKnown[m.index]
		}
		return propKnown[m.index]
	}
	for changed := true; changed; {
		changed = false
		for _, c := range o.checks {
			if c.kind != tTypesMatchWith {
				continue
			}
			from, to := *o.member(c.names[0]), *o.member(c.names[1])
			if known(from) && !known(to) {
				if to.kind == 0 {
					opKnown[to.index], changed = true, true
				} else if o.results[to.index].mod == single {
					resKnown[to.index], changed = true, true
				}
			}
		}
		for _, g := range o.groups {
			src := false
			for _, m := range g {
				// A variadic result cannot give its type to others, nor
				// be inferred (its count is unknown).
				if m.kind == 1 && o.results[m.index].mod != single {
					continue
				}
				if known(m) {
					src = true
				}
			}
			if !src {
				continue
			}
			for _, m := range g {
				if known(m) {
					continue
				}
				switch m.kind {
				case 0:
					opKnown[m.index], changed = true, true
				case 1:
					if o.results[m.index].mod == single {
						resKnown[m.index], changed = true, true
					}
				}
			}
		}
	}
	for i, k := range opKnown {
		if !k {
			r.fail(end, "type of operand #%d, named '%s', is not buildable and a buildable type cannot be inferred", i, o.operands[i].name)
		}
	}
	for i, k := range resKnown {
		if !k {
			r.fail(end, "type of result #%d, named '%s', is not buildable and a buildable type cannot be inferred", i, o.results[i].name)
		}
	}
}

func (r *opFmtResolver) bindVar(e *fElem, ctx elemCtx) {
	o := r.o
	if i := indexOf(o.operands, e.name); i >= 0 {
		e.vk, e.idx = vOperand, i
		if ctx == ctxType {
			if r.operandTyped[i] {
				r.fail(e.pos, "'type($%s)' is already bound", e.name)
			}
			r.operandTyped[i] = true
			return
		}
		if r.operandBound[i] || r.f.allOperands {
			r.fail(e.pos, "'$%s' is already bound", e.name)
		}
		r.operandBound[i] = true
		return
	}
	if i := indexOf(o.results, e.name); i >= 0 {
		e.vk, e.idx = vResult, i
		if ctx != ctxType {
			r.fail(e.pos, "result variables can only be used as a child to a 'type' directive")
		}
		if r.resultTyped[i] || r.f.allResultTypes {
			r.fail(e.pos, "'type($%s)' is already bound", e.name)
		}
		r.resultTyped[i] = true
		return
	}
	if ctx == ctxType {
		r.fail(e.pos, "type directive can only refer to variables of operands or results, not '$%s'", e.name)
	}
	if i := o.propIndex(e.name); i >= 0 {
		e.vk, e.idx = vProp, i
		e.unitProp = o.props[i].c.unit
		if r.propBound[i] {
			r.fail(e.pos, "'$%s' is already bound", e.name)
		}
		r.propBound[i] = true
		return
	}
	for i, rg := range o.regions {
		if rg.name == e.name {
			e.vk, e.idx = vRegion, i
			if r.regionBound[i] || r.regionsDir {
				r.fail(e.pos, "'$%s' is already bound", e.name)
			}
			r.regionBound[i] = true
			return
		}
	}
	for i, s := range o.succs {
		if s.name == e.name {
			e.vk, e.idx = vSuccessor, i
			if r.succBound[i] || r.succsDir {
				r.fail(e.pos, "'$%s' is already bound", e.name)
			}
			r.succBound[i] = true
			return
		}
	}
	r.fail(e.pos, "expected variable to refer to an argument, region, result, or successor, but got '$%s'", e.name)
}

func (r *opFmtResolver) resolveTypeArg(a *fElem) {
	switch a.kind {
	case fVar:
		r.bindVar(a, ctxType)
	case fOperands:
		if r.f.allOperandTypes {
			r.fail(a.pos, "'type(operands)' is already bound")
		}
		for i, t := range r.operandTyped {
			if t {
				r.fail(a.pos, "'type(operands)' conflicts with 'type($%s)'", r.o.operands[i].name)
			}
		}
		r.f.allOperandTypes = true
		for i := range r.operandTyped {
			r.operandTyped[i] = true
		}
	case fResults:
		if r.f.allResultTypes {
			r.fail(a.pos, "'type(results)' is already bound")
		}
		for i, t := range r.resultTyped {
			if t {
				r.fail(a.pos, "'type(results)' conflicts with 'type($%s)'", r.o.results[i].name)
			}
		}
		r.f.allResultTypes = true
		for i := range r.resultTyped {
			r.resultTyped[i] = true
		}
	}
}

func (r *opFmtResolver) resolveList(list []*fElem, ctx elemCtx) {
	for _, e := range list {
		r.resolve(e, ctx)
	}
}

func (r *opFmtResolver) resolve(e *fElem, ctx elemCtx) {
	o := r.o
	switch e.kind {
	case fLiteral, fSpace:
	case fVar:
		r.bindVar(e, ctx)
		if e.qualified && e.vk != vProp {
			r.fail(e.pos, "'qualified' applies only to attributes and types")
		}
	case fAttrDict:
		if ctx == ctxOptional {
			r.fail(e.pos, "'attr-dict' directive can only be used as a top-level directive")
		}
		if r.attrDict {
			r.fail(e.pos, "'attr-dict' directive has already been seen")
		}
		r.attrDict = true
	case fPropDict:
		if r.f.hasPropDict {
			r.fail(e.pos, "'prop-dict' directive has already been seen")
		}
		r.f.hasPropDict = true
	case fOperands:
		if ctx == ctxType {
			return
		}
		for i, b := range r.operandBound {
			if b {
				r.fail(e.pos, "'operands' directive creates overlap in format: '$%s' is already bound", o.operands[i].name)
			}
		}
		if r.f.allOperands {
			r.fail(e.pos, "'operands' directive has already been seen")
		}
		r.f.allOperands = true
	case fResults:
		r.fail(e.pos, "'results' directive can only be used as a child to a 'type' directive")
	case fRegions:
		for i, b := range r.regionBound {
			if b {
				r.fail(e.pos, "'regions' directive creates overlap in format: '$%s' is already bound", o.regions[i].name)
			}
		}
		if r.regionsDir {
			r.fail(e.pos, "'regions' directive has already been seen")
		}
		r.regionsDir = true
	case fSuccessors:
		for i, b := range r.succBound {
			if b {
				r.fail(e.pos, "'successors' directive creates overlap in format: '$%s' is already bound", o.succs[i].name)
			}
		}
		if r.succsDir {
			r.fail(e.pos, "'successors' directive has already been seen")
		}
		r.succsDir = true
	case fParams:
		r.fail(e.pos, "'params' is only valid in the format of a type or attribute")
	case fType:
		r.resolveTypeArg(e.args[0])
	case fFuncType:
		r.resolveTypeArg(e.args[0])
		r.resolveTypeArg(e.args[1])
	case fCustom:
		if _, ok := lookupCustom(e.text); !ok {
			r.fail(e.pos, "unknown custom directive '%s' (register it with irdl.RegisterCustomDirective)", e.text)
		}
		for _, a := range e.args {
			switch a.kind {
			case fVar:
				r.bindVar(a, ctxCustom)
			case fType:
				r.resolveTypeArg(a.args[0])
			case fRef:
				r.resolveRef(a.args[0])
			case fAttrDict:
				r.resolve(a, ctxCustom)
			case fLiteral:
			default:
				r.fail(a.pos, "unsupported argument of custom directive")
			}
		}
	case fOptional:
		if ctx == ctxOptional {
			r.fail(e.pos, "optional groups cannot be nested")
		}
		r.resolveList(e.then, ctxOptional)
		r.resolveList(e.els, ctxOptional)
		r.checkAnchor(e)
		first := firstParsable(e.then)
		switch first.kind {
		case fLiteral, fVar, fCustom:
		case fType:
		default:
			r.fail(first.pos, "first parsable element of an optional group must be a literal, variable, or custom directive")
		}
		if first.kind == fVar && first.vk == vOperand && o.operands[first.idx].mod == single {
			r.fail(first.pos, "an operand in the first position of an optional group must be optional or variadic")
		}
	case fOIList:
		for _, cl := range e.clauses {
			r.resolveList(cl[1:], ctxOptional)
		}
	default:
		r.fail(e.pos, "unexpected element in format")
	}
}

func (r *opFmtResolver) resolveRef(a *fElem) {
	if a.kind == fVar {
		o := r.o
		if i := indexOf(o.operands, a.name); i >= 0 {
			a.vk, a.idx = vOperand, i
		} else if i := o.propIndex(a.name); i >= 0 {
			a.vk, a.idx = vProp, i
		} else if i := indexOf(o.results, a.name); i >= 0 {
			a.vk, a.idx = vResult, i
		} else {
			r.fail(a.pos, "'ref' of unknown variable '$%s'", a.name)
		}
		return
	}
	if a.kind == fType && a.args[0].kind == fVar {
		r.resolveRef(a.args[0])
		return
	}
	r.fail(a.pos, "unsupported 'ref' argument")
}

func (r *opFmtResolver) checkAnchor(e *fElem) {
	a := e.anchor
	o := r.o
	bad := func() {
		r.fail(a.pos, "only variables and types can be used to anchor an optional group")
	}
	switch a.kind {
	case fVar:
		switch a.vk {
		case vOperand:
			if o.operands[a.idx].mod == single {
				r.fail(a.pos, "only optional or variadic operands can be used to anchor an optional group")
			}
		case vProp:
			p := o.props[a.idx]
			if !p.optional && p.def == nil && !p.c.unit {
				r.fail(a.pos, "only optional, default-valued or unit properties can be used to anchor an optional group")
			}
			if p.c.unit && firstParsable(e.then) != a {
				a.elided = true
			}
		case vRegion:
			if !o.regions[a.idx].variadic {
				r.fail(a.pos, "only variadic regions can be used to anchor an optional group")
			}
		case vSuccessor:
			if !o.succs[a.idx].variadic {
				r.fail(a.pos, "only variadic successors can be used to anchor an optional group")
			}
		default:
			bad()
		}
	case fType:
		arg := a.args[0]
		if arg.kind != fVar || arg.vk == vOperand && o.operands[arg.idx].mod == single ||
			arg.vk == vResult && o.results[arg.idx].mod == single {
			r.fail(a.pos, "only optional or variadic operands and results can be used to anchor an optional group")
		}
	case fCustom:
	default:
		bad()
	}
}

// spaceOp records the printing decisions of OpFormatGen's genElementPrinter.
func spaceOp(list []*fElem, sp *spacer) {
	for _, e := range list {
		switch e.kind {
		case fLiteral:
			sp.literal(e)
		case fSpace:
			sp.whitespace(e)
		case fOptional:
			for _, x := range e.then {
				if !x.elided {
					spaceOp([]*fElem{x}, sp)
				}
			}
			for _, x := range e.els {
				if !x.elided {
					spaceOp([]*fElem{x}, sp)
				}
			}
		case fOIList:
			for _, cl := range e.clauses {
				sp.literal(cl[0])
				if !unitClause(cl) {
					spaceOp(cl[1:], sp)
				}
			}
		case fAttrDict, fPropDict:
			sp.lastWasPunctuation = false
		default:
			sp.element(e)
		}
	}
}

// unitClause reports whether an oilist clause is a keyword followed by a
// single unit property, which the keyword alone stands for.
func unitClause(cl []*fElem) bool {
	return len(cl) == 2 && cl[1].kind == fVar && cl[1].vk == vProp && cl[1].unitProp
}
