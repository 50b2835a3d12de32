package irdl

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// parseState collects what a format parses before the operation state is
// built.
type parseState struct {
	o *opDef
	p ir.OpAsmParser
	// Per operand group: the uses, where they start, and their types when
	// the format wrote them.
	uses       [][]ir.UnresolvedOperand
	usePos     []ir.SourcePos
	opTypes    [][]ir.Type
	opTyped    []bool
	resTypes   [][]ir.Type
	resTyped   []bool
	props      []ir.Attribute
	regions    [][]*ir.Region
	succs      [][]*ir.Block
	attrs      []ir.NamedAttr
	allUses    []ir.UnresolvedOperand
	allUsePos  ir.SourcePos
	allOpTypes []ir.Type
	allResTys  []ir.Type
	allRegions []*ir.Region
	allSuccs   []*ir.Block
	// Storage for the per-group slices above when the op has few groups,
	// so that a state is one allocation.
	bufUses    [4][]ir.UnresolvedOperand
	bufUsePos  [4]ir.SourcePos
	bufOpTypes [4][]ir.Type
	bufOpTyped [4]bool
	bufResTys  [2][]ir.Type
	bufResTyd  [2]bool
	bufProps   [4]ir.Attribute
	bufRegions [2][]*ir.Region
	bufSuccs   [2][]*ir.Block
	// Storage for one-element operand and type groups (oneUse, oneType):
	// the state is recycled once the operation is built, and nothing
	// keeps these slices past finish.
	useStore  [4]ir.UnresolvedOperand
	typeStore [8]ir.Type
	nUse      int
	nType     int
	// custom holds the arguments of the custom directive being parsed.
	custom customArgStore
}

// oneUse returns a group holding only u.
func (s *parseState) oneUse(u ir.UnresolvedOperand) []ir.UnresolvedOperand {
	return one(s.useStore[:], &s.nUse, u)
}

// oneType returns a type list holding only t.
func (s *parseState) oneType(t ir.Type) []ir.Type { return one(s.typeStore[:], &s.nType, t) }

// one returns a one-element slice holding v, taken from store while it has
// room (*used counts the elements taken).
func one[T any](store []T, used *int, v T) []T {
	i := *used
	if i == len(store) {
		return []T{v}
	}
	*used = i + 1
	store[i] = v
	return store[i : i+1 : i+1]
}

// statePool recycles parse states: a state is large and every operation
// in a custom-form file needs one, only while it is parsed.
var statePool = sync.Pool{New: func() any { return new(parseState) }}

// groupSlice returns buf[:n] when n fits, else a new slice of length n.
func groupSlice[T any](buf []T, n int) []T {
	if n <= len(buf) {
		return buf[:n:n]
	}
	return make([]T, n)
}

// parseOp parses an operation with its format (OpDef.Parse).
func (o *opDef) parseOp(p ir.OpAsmParser, st *ir.OperationState) error {
	s := statePool.Get().(*parseState)
	defer func() {
		*s = parseState{}
		statePool.Put(s)
	}()
	s.o, s.p = o, p
	nOps, nRes := len(o.operands), len(o.results)
	s.uses, s.usePos = groupSlice(s.bufUses[:], nOps), groupSlice(s.bufUsePos[:], nOps)
	s.opTypes, s.opTyped = groupSlice(s.bufOpTypes[:], nOps), groupSlice(s.bufOpTyped[:], nOps)
	s.resTypes, s.resTyped = groupSlice(s.bufResTys[:], nRes), groupSlice(s.bufResTyd[:], nRes)
	s.props = groupSlice(s.bufProps[:], len(o.props))
	s.regions = groupSlice(s.bufRegions[:], len(o.regions))
	s.succs = groupSlice(s.bufSuccs[:], len(o.succs))
	if err := s.parseList(o.format.elems); err != nil {
		return err
	}
	return s.finish(st)
}

func (s *parseState) parseList(list []*fElem) error {
	for _, e := range list {
		if err := s.parse(e); err != nil {
			return err
		}
	}
	return nil
}

func (s *parseState) parse(e *fElem) error {
	p := s.p
	switch e.kind {
	case fLiteral:
		return parseLiteral(p, e.text)
	case fSpace:
		return nil
	case fVar:
		return s.parseVar(e)
	case fAttrDict:
		// As ODS's generated parsers, the inherent attributes written in
		// the dictionary are checked at its position.
		pos := p.CurrentPos()
		var attrs []ir.NamedAttr
		if e.withKeyword {
			attrs = p.ParseOptionalAttrDictWithKeyword()
		} else {
			attrs = p.ParseOptionalAttrDict()
		}
		if err := s.o.verifyInherentAttrs(attrs); err != nil {
			return p.ErrorAt(pos, "'"+s.o.full+"' op "+err.Error())
		}
		s.attrs = append(s.attrs, attrs...)
		return nil
	case fPropDict:
		if p.ParseOptionalPunct("<") {
			p.ParsePunct("{")
			if !p.ParseOptionalPunct("}") {
				for {
					pos := p.CurrentPos()
					name, ok := p.ParseOptionalKeywordAny()
					if !ok {
						if name, ok = p.ParseOptionalString(); !ok {
							return p.ErrorAt(pos, "expected attribute name")
						}
					}
					var a ir.Attribute = p.Context().Unit()
					if p.ParseOptionalPunct("=") {
						a = p.ParseAttribute(nil)
					}
					if i := s.o.propIndex(name); i >= 0 {
						s.props[i] = a
					} else {
						s.attrs = append(s.attrs, ir.NamedAttr{Name: name, Value: a})
					}
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				p.ParsePunct("}")
			}
			p.ParsePunct(">")
		}
		return nil
	case fOperands:
		s.allUsePos = p.CurrentPos()
		s.allUses = parseOperandList(p)
		return nil
	case fRegions:
		var r *ir.Region
		r = new(ir.Region)
		if p.ParseOptionalRegion(r, nil) {
			s.allRegions = append(s.allRegions, r)
			for p.ParseOptionalPunct(",") {
				r = new(ir.Region)
				p.ParseRegion(r, nil)
				s.allRegions = append(s.allRegions, r)
			}
		}
		return nil
	case fSuccessors:
		if b, ok := p.ParseOptionalSuccessor(); ok {
			s.allSuccs = append(s.allSuccs, b)
			for p.ParseOptionalPunct(",") {
				s.allSuccs = append(s.allSuccs, s.parseSuccessor())
			}
		}
		return nil
	case fType:
		return s.parseTypeDir(e.args[0], e.qualified)
	case fFuncType:
		pos := p.CurrentPos()
		t := p.ParseType()
		ft, ok := t.(*ir.FunctionType)
		if !ok {
			return p.ErrorAt(pos, "invalid kind of type specified: expected builtin.function, but found '"+ir.TypeString(t)+"'")
		}
		s.setTypes(e.args[0], ft.Inputs)
		s.setTypes(e.args[1], ft.Results)
		return nil
	case fOptional:
		return s.parseOptional(e)
	case fOIList:
		return s.parseOIList(e)
	case fCustom:
		_, err := s.parseCustom(e)
		return err
	}
	return nil
}

func parseOperandList(p ir.OpAsmParser) []ir.UnresolvedOperand {
	var uses []ir.UnresolvedOperand
	if u, ok := p.ParseOptionalOperand(); ok {
		uses = append(uses, u)
		for p.ParseOptionalPunct(",") {
			uses = append(uses, p.ParseOperand())
		}
	}
	return uses
}

func (s *parseState) parseSuccessor() *ir.Block {
	b, ok := s.p.ParseOptionalSuccessor()
	if !ok {
		// Let the parser report the wrong token as MLIR's parseSuccessor.
		s.p.ParsePunct("^")
	}
	return b
}

func (s *parseState) parseVar(e *fElem) error {
	p := s.p
	o := s.o
	switch e.vk {
	case vOperand:
		s.usePos[e.idx] = p.CurrentPos()
		switch o.operands[e.idx].mod {
		case single:
			s.uses[e.idx] = s.oneUse(p.ParseOperand())
		case optional:
			if u, ok := p.ParseOptionalOperand(); ok {
				s.uses[e.idx] = s.oneUse(u)
			}
		case variadic:
			s.uses[e.idx] = parseOperandList(p)
		}
	case vProp:
		a, err := parsePropValue(p, o.props[e.idx], e.qualified)
		if err != nil {
			return err
		}
		s.props[e.idx] = a
	case vRegion:
		if o.regions[e.idx].variadic {
			r := new(ir.Region)
			if p.ParseOptionalRegion(r, nil) {
				s.regions[e.idx] = append(s.regions[e.idx], r)
				for p.ParseOptionalPunct(",") {
					r = new(ir.Region)
					p.ParseRegion(r, nil)
					s.regions[e.idx] = append(s.regions[e.idx], r)
				}
			}
		} else {
			r := new(ir.Region)
			p.ParseRegion(r, nil)
			s.regions[e.idx] = []*ir.Region{r}
		}
	case vSuccessor:
		if o.succs[e.idx].variadic {
			if b, ok := p.ParseOptionalSuccessor(); ok {
				s.succs[e.idx] = append(s.succs[e.idx], b)
				for p.ParseOptionalPunct(",") {
					s.succs[e.idx] = append(s.succs[e.idx], s.parseSuccessor())
				}
			}
		} else {
			s.succs[e.idx] = []*ir.Block{s.parseSuccessor()}
		}
	}
	return nil
}

// parsePropValue parses an attribute variable as ODS does.
func parsePropValue(p ir.OpAsmParser, pd *propDef, qualified bool) (ir.Attribute, error) {
	c := pd.c
	ctx := p.Context()
	switch {
	case c.enum != nil && c.enum.attr == nil:
		return parseEnumKeyword(p, pd)
	case c.symbolName:
		return ctx.Str(p.ParseSymbolName()), nil
	case c.valueType != nil:
		return p.ParseAttribute(c.valueType), nil
	case qualified:
		return p.ParseAttribute(nil), nil
	case c.denseArray != nil:
		return parseDenseArrayBody(p, c.denseArray)
	case c.def != nil:
		if a, ok := p.ParseOptionalAttribute(nil); ok {
			return a, nil
		}
		return parseStrippedAttr(p, c.def)
	}
	pos := p.CurrentPos()
	a := p.ParseAttribute(nil)
	if c.kind != nil && !c.kind(a) {
		return nil, p.ErrorAt(pos, "invalid kind of attribute specified")
	}
	return a, nil
}

// parseEnumKeyword parses an enum stored as an IntegerAttr: a keyword or a
// string naming a case (ODS's genEnumAttrParser).
func parseEnumKeyword(p ir.OpAsmParser, pd *propDef) (ir.Attribute, error) {
	e := pd.c.enum
	pos := p.CurrentPos()
	str, ok := p.ParseOptionalKeywordAny()
	if ok && !e.bit {
		if _, isCase := e.symbolizeOne(str); !isCase {
			// Not one of the allowed keywords.
			return nil, p.ErrorAt(pos, fmt.Sprintf("expected string or keyword containing one of the following enum values for attribute '%s' [%s]", pd.name, strings.Join(e.caseNames(), ", ")))
		}
	}
	if !ok {
		str, ok = p.ParseOptionalString()
		if !ok {
			return nil, p.ErrorAt(pos, fmt.Sprintf("expected string or keyword containing one of the following enum values for attribute '%s' [%s]", pd.name, strings.Join(e.caseNames(), ", ")))
		}
	}
	v, ok := e.symbolize(str)
	if !ok {
		return nil, p.ErrorAt(pos, fmt.Sprintf("invalid %s attribute specification: \"%s\"", pd.name, str))
	}
	return e.attrOf(p.Context(), v), nil
}

// parseDenseArrayBody parses `[1, 2]` as a dense array of elem.
func parseDenseArrayBody(p ir.OpAsmParser, elem ir.Type) (ir.Attribute, error) {
	ctx := p.Context()
	p.ParsePunct("[")
	var vals []int64
	if !p.ParseOptionalPunct("]") {
		for {
			pos := p.CurrentPos()
			a := p.ParseAttribute(elem)
			ia, ok := a.(*ir.IntegerAttr)
			if !ok {
				return nil, p.ErrorAt(pos, "expected integer value")
			}
			vals = append(vals, ia.Int64())
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		p.ParsePunct("]")
	}
	it := elem.(*ir.IntegerType)
	switch it.Width {
	case 32:
		v32 := make([]int32, len(vals))
		for i, v := range vals {
			v32[i] = int32(v)
		}
		return ctx.DenseI32Array(v32...), nil
	case 64:
		return ctx.DenseI64Array(vals...), nil
	}
	data := make([]byte, len(vals))
	for i, v := range vals {
		data[i] = byte(v & 1)
	}
	return ctx.DenseArrayAttr(elem, len(vals), data), nil
}

// parseTypeDir parses type($x), type(operands) or type(results).
func (s *parseState) parseTypeDir(a *fElem, qualified bool) error {
	p := s.p
	switch a.kind {
	case fOperands:
		s.allOpTypes = parseTypeListOpt(p, false)
		return nil
	case fResults:
		s.allResTys = parseTypeListOpt(p, false)
		return nil
	}
	var vd *valueDef
	if a.vk == vOperand {
		vd = s.o.operands[a.idx]
	} else {
		vd = s.o.results[a.idx]
	}
	var ts []ir.Type
	switch vd.mod {
	case single:
		t, err := parseTypeValue(p, vd.c, qualified)
		if err != nil {
			return err
		}
		ts = s.oneType(t)
	case optional:
		if t, ok := p.ParseOptionalType(); ok {
			ts = s.oneType(t)
		}
	case variadic:
		ts = parseTypeListOpt(p, false)
	}
	s.setTypes(a, ts)
	return nil
}

// parseTypeListOpt parses a comma-separated list of types; it may be
// empty when no type starts.
func parseTypeListOpt(p ir.OpAsmParser, required bool) []ir.Type {
	var ts []ir.Type
	t, ok := p.ParseOptionalType()
	if !ok {
		if required {
			ts = append(ts, p.ParseType())
		} else {
			return nil
		}
	} else {
		ts = append(ts, t)
	}
	for p.ParseOptionalPunct(",") {
		ts = append(ts, p.ParseType())
	}
	return ts
}

// parseTypeValue parses the type of a single value, accepting the
// stripped form of a dialect type as ODS's parseCustomTypeWithFallback.
func parseTypeValue(p ir.OpAsmParser, c *typeC, qualified bool) (ir.Type, error) {
	if !qualified && c.class != nil {
		if t, ok := p.ParseOptionalType(); ok {
			return t, nil
		}
		return c.class.Parse(p)
	}
	if !qualified && c.def != nil && len(c.def.params) > 0 {
		if t, ok := p.ParseOptionalType(); ok {
			return t, nil
		}
		return parseStrippedType(p, c.def)
	}
	return p.ParseType(), nil
}

func (s *parseState) setTypes(a *fElem, ts []ir.Type) {
	switch a.kind {
	case fOperands:
		s.allOpTypes = ts
	case fResults:
		s.allResTys = ts
	case fVar:
		if a.vk == vOperand {
			s.opTypes[a.idx], s.opTyped[a.idx] = ts, true
		} else {
			s.resTypes[a.idx], s.resTyped[a.idx] = ts, true
		}
	}
}

// probe parses the first element of an optional group if it is there.
func (s *parseState) probe(e *fElem) (bool, error) {
	p := s.p
	o := s.o
	switch e.kind {
	case fLiteral:
		return parseOptionalLiteral(p, e.text), nil
	case fVar:
		switch e.vk {
		case vOperand:
			pos := p.CurrentPos()
			u, ok := p.ParseOptionalOperand()
			if !ok {
				return false, nil
			}
			s.usePos[e.idx] = pos
			s.uses[e.idx] = s.oneUse(u)
			if o.operands[e.idx].mod == variadic {
				for p.ParseOptionalPunct(",") {
					s.uses[e.idx] = append(s.uses[e.idx], p.ParseOperand())
				}
			}
			return true, nil
		case vProp:
			pd := o.props[e.idx]
			c := pd.c
			if c.enum != nil && c.enum.attr == nil {
				// As ODS's parseOptionalKeyword with the list of cases: a
				// keyword that is not a case is left for what follows.
				for _, cs := range c.enum.cases {
					if p.ParseOptionalKeyword(cs.name) {
						s.props[e.idx] = c.enum.attrOf(p.Context(), cs.value)
						return true, nil
					}
				}
				pos := p.CurrentPos()
				kw, ok := p.ParseOptionalString()
				if !ok {
					return false, nil
				}
				v, ok := c.enum.symbolize(kw)
				if !ok {
					return false, p.ErrorAt(pos, fmt.Sprintf("invalid %s attribute specification: \"%s\"", pd.name, kw))
				}
				s.props[e.idx] = c.enum.attrOf(p.Context(), v)
				return true, nil
			}
			if c.str {
				str, ok := p.ParseOptionalString()
				if ok {
					s.props[e.idx] = p.Context().Str(str)
				}
				return ok, nil
			}
			if c.symbolName {
				name, ok := p.ParseOptionalSymbolName()
				if ok {
					s.props[e.idx] = p.Context().Str(name)
				}
				return ok, nil
			}
			if c.def != nil && !e.qualified {
				if a, ok := p.ParseOptionalAttribute(nil); ok {
					s.props[e.idx] = a
					return true, nil
				}
				if !p.ParseOptionalPunct("<") {
					return false, nil
				}
				return false, p.ErrorAt(p.CurrentPos(), "a stripped attribute cannot start an optional group")
			}
			a, ok := p.ParseOptionalAttribute(c.valueType)
			if ok {
				s.props[e.idx] = a
			}
			return ok, nil
		case vRegion:
			r := new(ir.Region)
			if !p.ParseOptionalRegion(r, nil) {
				return false, nil
			}
			s.regions[e.idx] = []*ir.Region{r}
			if o.regions[e.idx].variadic {
				for p.ParseOptionalPunct(",") {
					r = new(ir.Region)
					p.ParseRegion(r, nil)
					s.regions[e.idx] = append(s.regions[e.idx], r)
				}
			}
			return true, nil
		case vSuccessor:
			b, ok := p.ParseOptionalSuccessor()
			if !ok {
				return false, nil
			}
			s.succs[e.idx] = []*ir.Block{b}
			if o.succs[e.idx].variadic {
				for p.ParseOptionalPunct(",") {
					s.succs[e.idx] = append(s.succs[e.idx], s.parseSuccessor())
				}
			}
			return true, nil
		}
	case fType:
		t, ok := p.ParseOptionalType()
		if !ok {
			return false, nil
		}
		ts := s.oneType(t)
		a := e.args[0]
		vd := s.o.operands
		if a.kind == fVar && a.vk == vResult {
			vd = s.o.results
		}
		if a.kind != fVar || vd[a.idx].mod == variadic {
			for p.ParseOptionalPunct(",") {
				ts = append(ts, p.ParseType())
			}
		}
		s.setTypes(a, ts)
		return true, nil
	case fCustom:
		return s.parseCustom(e)
	}
	return false, nil
}

func (s *parseState) parseOptional(e *fElem) error {
	first := firstParsable(e.then)
	present, err := s.probe(first)
	if err != nil {
		return err
	}
	if !present {
		return s.parseList(e.els)
	}
	seen := false
	for _, x := range e.then {
		if x == first {
			seen = true
			continue
		}
		if !seen || x.elided {
			continue
		}
		if err := s.parse(x); err != nil {
			return err
		}
	}
	// A unit property anchor that is not written is set by the group's
	// presence.
	if a := e.anchor; a.elided && a.kind == fVar && a.vk == vProp {
		s.props[a.idx] = s.p.Context().Unit()
	}
	return nil
}

func (s *parseState) parseOIList(e *fElem) error {
	p := s.p
	seen := make([]bool, len(e.clauses))
	for {
		matched := false
		for i, cl := range e.clauses {
			pos := p.CurrentPos()
			if !parseOptionalLiteral(p, cl[0].text) {
				continue
			}
			if seen[i] {
				return p.ErrorAt(pos, "`"+cl[0].text+"` clause can appear at most once in the expansion of the oilist directive")
			}
			seen[i] = true
			matched = true
			if unitClause(cl) {
				s.props[cl[1].idx] = p.Context().Unit()
			} else if err := s.parseList(cl[1:]); err != nil {
				return err
			}
			break
		}
		if !matched {
			return nil
		}
	}
}

func (s *parseState) parseCustom(e *fElem) (bool, error) {
	cd, _ := lookupCustom(e.text)
	args, targets := newCustomArgs(s.o, e, &s.custom)
	// Results carry the types parsed so far; a reference also passes what
	// the format parsed before it.
	for i, ca := range args {
		switch x := targets[i]; {
		case x.kind == fVar && x.vk == vResult:
			ca.Types = s.resTypes[x.idx]
		case !ca.Ref:
		case x.kind == fVar && x.vk == vOperand:
			ca.Operands = s.uses[x.idx]
			ca.Types = s.opTypes[x.idx]
		case x.kind == fVar && x.vk == vProp:
			ca.Attr = s.props[x.idx]
		case x.kind == fType && x.args[0].kind == fVar:
			if v := x.args[0]; v.vk == vOperand {
				ca.Types = s.opTypes[v.idx]
			} else {
				ca.Types = s.resTypes[v.idx]
			}
		}
	}
	pos := s.p.CurrentPos()
	present, err := cd.parse(s.p, args)
	if err != nil || !present {
		return present, err
	}
	for i, a := range e.args {
		ca := args[i]
		if ca.Ref {
			continue
		}
		switch a.kind {
		case fVar:
			switch a.vk {
			case vOperand:
				s.uses[a.idx] = ca.Operands
				s.usePos[a.idx] = pos
			case vProp:
				s.props[a.idx] = ca.Attr
			case vRegion:
				s.regions[a.idx] = ca.Regions
			case vSuccessor:
				s.succs[a.idx] = ca.Successors
			}
		case fType:
			s.setTypes(a.args[0], ca.Types)
		case fAttrDict:
			s.attrs = append(s.attrs, ca.Attrs...)
		}
	}
	return true, nil
}

// finish infers the missing types, resolves the operands and fills st.
func (s *parseState) finish(st *ir.OperationState) error {
	o := s.o
	p := s.p
	ctx := p.Context()
	f := o.format
	// Split the operands directive into groups once the types are known.
	if f.allOperands {
		n := len(s.allUses)
		r := groupRanges(o.operands, n, nil)
		for i := range o.operands {
			s.uses[i] = s.allUses[r[i][0]:r[i][1]]
			s.usePos[i] = s.allUsePos
		}
	}
	if f.allOperandTypes {
		n := len(s.allOpTypes)
		if f.allOperands || !segmented(o.operands) {
			if f.allOperands && n != len(s.allUses) {
				return p.ErrorAt(s.allUsePos, fmt.Sprintf("%d operands present, but expected %d", len(s.allUses), n))
			}
			total := 0
			for i := range o.operands {
				total += len(s.uses[i])
			}
			if total != n {
				return p.ErrorAt(s.allUsePos, fmt.Sprintf("%d operands present, but expected %d", total, n))
			}
			k := 0
			for i := range o.operands {
				s.opTypes[i] = s.allOpTypes[k : k+len(s.uses[i])]
				s.opTyped[i] = true
				k += len(s.uses[i])
			}
		}
	}
	if f.allResultTypes {
		r := groupRanges(o.results, len(s.allResTys), nil)
		for i := range o.results {
			s.resTypes[i] = s.allResTys[r[i][0]:r[i][1]]
			s.resTyped[i] = true
		}
	}
	// Fixed types.
	for i, v := range o.operands {
		if !s.opTyped[i] && v.c.fixed != nil {
			s.opTypes[i] = s.repeat(v.c.fixed, len(s.uses[i]))
			s.opTyped[i] = true
		}
	}
	for i, v := range o.results {
		if !s.resTyped[i] && v.c.fixed != nil && v.mod == single {
			s.resTypes[i] = s.oneType(v.c.fixed)
			s.resTyped[i] = true
		}
	}
	// Equality groups and type transforms.
	for changed := true; changed; {
		changed = false
		for _, c := range o.checks {
			if c.kind != tTypesMatchWith {
				continue
			}
			from, to := *o.member(c.names[0]), *o.member(c.names[1])
			var src ir.Type
			var fc *typeC
			if from.kind == 0 && s.opTyped[from.index] && len(s.opTypes[from.index]) > 0 {
				src, fc = s.opTypes[from.index][0], o.operands[from.index].c
			} else if from.kind == 1 && s.resTyped[from.index] && len(s.resTypes[from.index]) == 1 {
				src, fc = s.resTypes[from.index][0], o.results[from.index].c
			}
			if src == nil {
				continue
			}
			if to.kind == 0 && !s.opTyped[to.index] || to.kind == 1 && !s.resTyped[to.index] {
				// As ODS's parser: the source type must satisfy its
				// constraint before it is transformed.
				if !fc.pred(src) {
					return ir.NewError(p.NameLoc(), fmt.Sprintf("custom op '%s' '%s' must be %s, but got '%s'", o.full, c.names[0], fc.summary, typeStr(src)))
				}
				t := c.transform(ctx, src)
				if to.kind == 0 {
					s.opTypes[to.index] = s.repeat(t, len(s.uses[to.index]))
					s.opTyped[to.index], changed = true, true
				} else if o.results[to.index].mod == single {
					s.resTypes[to.index] = s.oneType(t)
					s.resTyped[to.index], changed = true, true
				}
			}
		}
		for _, g := range o.groups {
			var src ir.Type
			for _, m := range g {
				switch m.kind {
				case 0:
					if s.opTyped[m.index] && len(s.opTypes[m.index]) > 0 {
						src = s.opTypes[m.index][0]
					}
				case 1:
					if s.resTyped[m.index] && o.results[m.index].mod == single && len(s.resTypes[m.index]) == 1 {
						src = s.resTypes[m.index][0]
					}
				case 2:
					if ta, ok := s.props[m.index].(ir.TypedAttr); ok && ta.AttrType() != nil {
						src = ta.AttrType()
					}
				}
				if src != nil {
					break
				}
			}
			if src == nil {
				continue
			}
			for _, m := range g {
				switch m.kind {
				case 0:
					if !s.opTyped[m.index] {
						s.opTypes[m.index] = s.repeat(src, len(s.uses[m.index]))
						s.opTyped[m.index], changed = true, true
					}
				case 1:
					if !s.resTyped[m.index] && o.results[m.index].mod == single {
						s.resTypes[m.index] = s.oneType(src)
						s.resTyped[m.index], changed = true, true
					}
				}
			}
		}
	}
	// Groups left out (an absent optional group) have no values.
	for i := range o.operands {
		if !s.opTyped[i] && len(s.uses[i]) == 0 && o.operands[i].mod != single {
			s.opTyped[i] = true
		}
	}
	for i := range o.results {
		if !s.resTyped[i] && o.results[i].mod != single {
			s.resTyped[i] = true
		}
	}
	// Resolve the operands.
	nOperands := 0
	for i := range o.operands {
		nOperands += len(s.uses[i])
	}
	// st may come with storage of its own (the asm parser's reused
	// frames), which NewOperation copies out of.
	operands := slices.Grow(st.Operands[:0], nOperands)
	var opSizes []int32
	for i := range o.operands {
		uses := s.uses[i]
		ts := s.opTypes[i]
		if !s.opTyped[i] {
			return p.ErrorAt(s.usePos[i], fmt.Sprintf("cannot infer the type of operand '%s'", o.operands[i].name))
		}
		if len(ts) != len(uses) {
			return p.ErrorAt(s.usePos[i], fmt.Sprintf("number of operands and types do not match: got %d operands and %d types", len(uses), len(ts)))
		}
		for k, u := range uses {
			operands = append(operands, p.ResolveOperand(u, ts[k]))
		}
		opSizes = append(opSizes, int32(len(uses)))
	}
	nResults := 0
	for i := range o.results {
		nResults += len(s.resTypes[i])
	}
	results := slices.Grow(st.ResultTypes[:0], nResults)
	var resSizes []int32
	for i := range o.results {
		if !s.resTyped[i] {
			return p.ErrorAt(p.CurrentPos(), fmt.Sprintf("cannot infer the type of result '%s'", o.results[i].name))
		}
		results = append(results, s.resTypes[i]...)
		resSizes = append(resSizes, int32(len(s.resTypes[i])))
	}
	st.Operands = operands
	st.ResultTypes = results
	// Properties.
	var props []ir.NamedAttr
	for i, a := range s.props {
		if a != nil {
			props = append(props, ir.NamedAttr{Name: o.props[i].name, Value: a})
		}
	}
	if segmented(o.operands) {
		props = append(props, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(opSizes...)})
	}
	if segmented(o.results) {
		props = append(props, ir.NamedAttr{Name: "resultSegmentSizes", Value: ctx.DenseI32Array(resSizes...)})
	}
	if len(props) > 0 {
		st.Properties = ctx.DictionaryAttr(props)
	}
	if len(s.attrs) > 0 {
		if name, dup := ir.HasDuplicateNames(s.attrs); dup {
			return p.ErrorAt(p.CurrentPos(), "attribute '"+name+"' occurs more than once in the attribute list")
		}
		st.Attributes = ctx.DictionaryAttr(s.attrs)
	}
	// Regions and successors.
	var regions []*ir.Region
	if f.allRegionsDir() {
		regions = s.allRegions
	} else {
		for _, rs := range s.regions {
			regions = append(regions, rs...)
		}
	}
	if o.implicitTerm != "" {
		for _, r := range regions {
			ir.EnsureTerminatorNamed(ctx, r, o.implicitTerm, st.Loc)
		}
	} else if o.traits&ir.SingleBlock != 0 && o.traits&ir.NoTerminator != 0 {
		// As ODS's generated parsers do for single-block regions without a
		// terminator: an empty region gets its block.
		for _, r := range regions {
			if r.Empty() {
				r.Append(ir.NewBlock())
			}
		}
	}
	st.Regions = regions
	st.NumRegions = len(regions)
	if len(s.allSuccs) > 0 {
		st.Successors = s.allSuccs
	} else {
		for _, bs := range s.succs {
			st.Successors = append(st.Successors, bs...)
		}
	}
	return nil
}

func (f *opFormat) allRegionsDir() bool {
	for _, e := range f.elems {
		if e.kind == fRegions {
			return true
		}
	}
	return false
}

// repeat returns a list of n copies of t, taken from the state's type
// storage while it has room (nothing keeps these lists past finish).
func (s *parseState) repeat(t ir.Type, n int) []ir.Type {
	var out []ir.Type
	if s.nType+n <= len(s.typeStore) {
		out = s.typeStore[s.nType : s.nType+n : s.nType+n]
		s.nType += n
	} else {
		out = make([]ir.Type, n)
	}
	for i := range out {
		out[i] = t
	}
	return out
}
