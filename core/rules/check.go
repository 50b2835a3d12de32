package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/strata-ir/strata/core/rules/match"
)

// The checked form of a rules file that the generator works from.

type bindKind int

const (
	bindValue bindKind = iota
	bindOp
	bindAttr
)

func (k bindKind) String() string {
	return [...]string{"value", "operation", "attribute"}[k]
}

// binding is a name bound by a rule's match.
type binding struct {
	name  string
	kind  bindKind
	field string
}

// sig is a checked operation signature.
type sig struct {
	name        string
	slots       []sigSlot
	operands    int
	commutative bool
}

type sigSlot struct {
	attr bool
	name string
}

// mnode is a matched operation.
type mnode struct {
	pos         lexer.Position
	name        string
	bind        *binding
	numOperands int // -1: not checked
	operands    []*moperand
	attrs       []mattr
	ownConst    *AttrPat
	commutative bool
}

type moperand struct {
	pos   lexer.Position
	value *ValuePat
	op    *mnode
	cnst  *AttrPat
}

type mattr struct {
	name string
	pat  *AttrPat
}

// bnode is a built operation or a helper call.
type bnode struct {
	pos      lexer.Position
	name     string
	helper   bool
	operands []*barg
	attrs    []battr // properties (ops) or arguments in order (helpers)
	typeOf   string
	id       int
}

type barg struct {
	value *binding
	op    *bnode
	attr  *binding
	boolv string
	intv  string
}

type battr struct {
	name string // empty for helper arguments
	arg  *barg
}

// rule is a checked rule.
type rule struct {
	pos     lexer.Position
	name    string
	ident   string
	root    *mnode
	binds   []*binding
	conds   []*Cond
	result  *bnode
	value   *binding
	benefit int
}

type checker struct {
	file  string
	sigs  map[string]*sig
	err   error
	binds map[string]*binding
	order []*binding
}

func (c *checker) errorf(pos lexer.Position, format string, args ...any) {
	if c.err != nil {
		return
	}
	line, col := pos.Line, pos.Column
	if line == 0 {
		line, col = 1, 1
	}
	c.err = &Error{File: c.file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

var goIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// check resolves a parsed file into rules.
func check(filename string, f *File) ([]*rule, error) {
	c := &checker{file: filename, sigs: map[string]*sig{}}
	for _, d := range f.Decls {
		if d.Sig != nil {
			c.sig(d.Sig)
		}
	}
	var out []*rule
	names := map[string]bool{}
	for _, d := range f.Decls {
		if d.Rule == nil {
			continue
		}
		r := c.rule(d.Rule)
		if c.err != nil {
			return nil, c.err
		}
		if names[r.ident] {
			c.errorf(d.Rule.Pos, "rule '%s' is defined twice", r.name)
			return nil, c.err
		}
		names[r.ident] = true
		out = append(out, r)
	}
	return out, c.err
}

func (c *checker) sig(s *Sig) {
	if !strings.Contains(s.Name, ".") {
		c.errorf(s.Pos, "operation name '%s' needs a dialect prefix", s.Name)
		return
	}
	if _, dup := c.sigs[s.Name]; dup {
		c.errorf(s.Pos, "operation '%s' is declared twice", s.Name)
		return
	}
	g := &sig{name: s.Name, commutative: s.Commutative}
	seen := map[string]bool{}
	for _, a := range s.Args {
		name := a.Operand
		if a.Attr != "" {
			name = a.Attr[1:]
		}
		if seen[name] {
			c.errorf(a.Pos, "argument '%s' of '%s' is declared twice", name, s.Name)
			return
		}
		seen[name] = true
		g.slots = append(g.slots, sigSlot{attr: a.Attr != "", name: name})
		if a.Attr == "" {
			g.operands++
		}
	}
	if g.commutative && g.operands < 2 {
		c.errorf(s.Pos, "commutative operation '%s' needs two operands", s.Name)
		return
	}
	c.sigs[s.Name] = g
}

func (c *checker) bind(pos lexer.Position, name string, kind bindKind) (*binding, bool) {
	if !goIdent.MatchString(name) {
		c.errorf(pos, "invalid name '%s'", name)
		return nil, false
	}
	if b, ok := c.binds[name]; ok {
		if b.kind != kind || kind == bindOp {
			c.errorf(pos, "'%s' is already bound to %s", name, article(b.kind))
			return nil, false
		}
		return b, false
	}
	prefix := map[bindKind]string{bindValue: "v_", bindOp: "o_", bindAttr: "a_"}[kind]
	b := &binding{name: name, kind: kind, field: prefix + name}
	c.binds[name] = b
	c.order = append(c.order, b)
	return b, true
}

func article(k bindKind) string {
	if k == bindAttr || k == bindOp {
		return "an " + k.String()
	}
	return "a " + k.String()
}

func (c *checker) rule(r *Rule) *rule {
	c.binds = map[string]*binding{}
	c.order = nil
	out := &rule{pos: r.Pos, name: r.Name}
	if r.Name == "" {
		out.name = fmt.Sprintf("%s:%d", c.file, r.Pos.Line)
		out.ident = fmt.Sprintf("rule%d", r.Pos.Line)
	} else {
		if !goIdent.MatchString(r.Name) {
			c.errorf(r.Pos, "invalid rule name '%s'", r.Name)
			return out
		}
		out.ident = "rule" + strings.ToUpper(r.Name[:1]) + r.Name[1:]
	}
	out.root = c.matchOp(r.Match)
	if c.err != nil {
		return out
	}
	var count func(n *mnode) int
	count = func(n *mnode) int {
		k := 1
		for _, o := range n.operands {
			if o.op != nil {
				k += count(o.op)
			}
		}
		return k
	}
	out.benefit = count(out.root)
	if n := countCommutative(out.root); n > 4 {
		c.errorf(r.Pos, "too many commutative operations in one rule (%d, at most 4)", n)
		return out
	}
	for _, cd := range r.Conds {
		c.cond(cd)
	}
	out.conds = r.Conds
	if r.Result.Value != "" {
		b := c.binds[r.Result.Value]
		if b == nil || b.kind == bindAttr {
			c.errorf(r.Result.Pos, "'%s' is not a bound value", r.Result.Value)
			return out
		}
		out.value = b
	} else {
		id := 0
		out.result = c.build(r.Result.Op, &id, true)
		if out.result != nil && out.result.helper {
			c.errorf(r.Result.Op.Pos, "the result must be an operation or a value, not the helper '%s'", r.Result.Op.Name)
		}
	}
	out.binds = c.order
	return out
}

func countCommutative(n *mnode) int {
	k := 0
	if n.commutative {
		k++
	}
	for _, o := range n.operands {
		if o.op != nil {
			k += countCommutative(o.op)
		}
	}
	return k
}

func (c *checker) matchOp(m *MatchOp) *mnode {
	n := &mnode{pos: m.Pos, name: m.Name, numOperands: -1}
	if !strings.Contains(m.Name, ".") {
		c.errorf(m.Pos, "operation name '%s' needs a dialect prefix", m.Name)
		return n
	}
	if m.Bind != "" {
		n.bind, _ = c.bind(m.Pos, m.Bind, bindOp)
	}
	g := c.sigs[m.Name]
	if g != nil {
		n.numOperands = g.operands
		n.commutative = g.commutative
		// (op [pat]) for an operation without operands matches its own
		// constant value.
		if g.operands == 0 && len(m.Args) == 1 && m.Args[0].Const != nil {
			n.ownConst = m.Args[0].Const
			c.attrPat(m.Args[0].Const)
			return n
		}
	}
	slot := 0
	for _, a := range m.Args {
		if a.Named != nil {
			if g != nil && !slices.ContainsFunc(g.slots, func(s sigSlot) bool { return s.attr && s.name == a.Named.Name }) {
				c.errorf(a.Pos, "'%s' has no property '%s'", m.Name, a.Named.Name)
				return n
			}
			c.attrPat(a.Named.Pat)
			n.attrs = append(n.attrs, mattr{name: a.Named.Name, pat: a.Named.Pat})
			continue
		}
		// Positional argument: `_` and value names are operands; $x and
		// literals are properties.
		isAttr := a.Attr != nil && !a.Attr.Any
		if g == nil {
			if isAttr {
				c.errorf(a.Pos, "a positional property of '%s' needs an `op` signature; write name=pattern", m.Name)
				return n
			}
		} else {
			if slot >= len(g.slots) {
				c.errorf(a.Pos, "too many arguments for '%s' (it has %d)", m.Name, len(g.slots))
				return n
			}
			s := g.slots[slot]
			slot++
			if s.attr {
				if a.Attr == nil {
					c.errorf(a.Pos, "argument %d of '%s' is the property $%s", slot, m.Name, s.name)
					return n
				}
				c.attrPat(a.Attr)
				n.attrs = append(n.attrs, mattr{name: s.name, pat: a.Attr})
				continue
			}
			if isAttr {
				c.errorf(a.Pos, "argument %d of '%s' is the operand %s", slot, m.Name, s.name)
				return n
			}
		}
		o := &moperand{pos: a.Pos}
		switch {
		case a.Op != nil:
			o.op = c.matchOp(a.Op)
		case a.Const != nil:
			c.attrPat(a.Const)
			o.cnst = a.Const
		case a.Attr != nil: // `_`
			o.value = &ValuePat{Pos: a.Pos, Name: "_"}
		default:
			o.value = a.Value
			if a.Value.Type != "" {
				if _, ok := match.IntKindWidth(a.Value.Type); !ok && !slices.Contains(match.TypeKinds, a.Value.Type) {
					c.errorf(a.Pos, "unknown type kind '%s'", a.Value.Type)
					return n
				}
			}
			if a.Value.Name != "_" {
				c.bind(a.Pos, a.Value.Name, bindValue)
			}
		}
		n.operands = append(n.operands, o)
	}
	if g != nil && len(n.operands) != g.operands && len(n.operands) != 0 {
		c.errorf(m.Pos, "'%s' has %d operands, the pattern gives %d", m.Name, g.operands, len(n.operands))
	}
	switch {
	case g == nil:
		n.numOperands = len(n.operands)
	case len(n.operands) == 0:
		n.numOperands = -1 // operands left unmatched
	}
	if n.commutative && len(n.operands) < 2 {
		n.commutative = false
	}
	return n
}

func (c *checker) attrPat(p *AttrPat) {
	switch {
	case p.Ref != "":
		c.bind(p.Pos, p.Ref[1:], bindAttr)
		if p.Kind != "" && !slices.Contains(match.AttrKinds, p.Kind) {
			c.errorf(p.Pos, "unknown attribute kind '%s' (one of %s)", p.Kind, strings.Join(match.AttrKinds, ", "))
		}
	case p.Int != nil:
		if _, err := strconv.ParseInt(*p.Int, 10, 64); err != nil {
			c.errorf(p.Pos, "integer %s out of range", *p.Int)
		}
	}
}

func (c *checker) lookup(pos lexer.Position, name string) *binding {
	key := strings.TrimPrefix(name, "$")
	b := c.binds[key]
	if b == nil {
		c.errorf(pos, "'%s' is not bound by the match", name)
		return nil
	}
	if (b.kind == bindAttr) != strings.HasPrefix(name, "$") {
		if b.kind == bindAttr {
			c.errorf(pos, "'%s' is an attribute: write $%s", name, name)
		} else {
			c.errorf(pos, "'%s' is %s: write %s", name, article(b.kind), key)
		}
		return nil
	}
	return b
}

func (c *checker) cond(cd *Cond) {
	if !goIdent.MatchString(cd.Name) {
		c.errorf(cd.Pos, "invalid predicate name '%s'", cd.Name)
		return
	}
	for _, a := range cd.Args {
		c.lookup(cd.Pos, a)
	}
	if cd.Name == "sameType" && len(cd.Args) != 2 {
		c.errorf(cd.Pos, "sameType takes two arguments")
	}
}

func (c *checker) build(b *BuildOp, id *int, root bool) *bnode {
	n := &bnode{pos: b.Pos, name: b.Name, helper: !strings.Contains(b.Name, "."), typeOf: b.Type}
	if n.helper {
		if !goIdent.MatchString(b.Name) {
			c.errorf(b.Pos, "invalid helper name '%s'", b.Name)
			return n
		}
		if b.Type != "" {
			c.errorf(b.Pos, "the helper '%s' returns an attribute and takes no type", b.Name)
			return n
		}
		for _, a := range b.Args {
			if a.Named != nil {
				c.errorf(a.Pos, "helper arguments are positional")
				return n
			}
			arg := c.buildArg(a, id)
			if arg == nil {
				return n
			}
			if arg.op != nil && !arg.op.helper {
				c.errorf(a.Pos, "helper arguments cannot build operations")
				return n
			}
			n.attrs = append(n.attrs, battr{arg: arg})
		}
		n.id = *id
		*id++
		return n
	}
	if b.Type != "" {
		c.lookup(b.Pos, b.Type)
	}
	g := c.sigs[b.Name]
	slot := 0
	for _, a := range b.Args {
		if a.Named != nil {
			if g != nil && !slices.ContainsFunc(g.slots, func(s sigSlot) bool { return s.attr && s.name == a.Named.Name }) {
				c.errorf(a.Pos, "'%s' has no property '%s'", b.Name, a.Named.Name)
				return n
			}
			arg := c.buildArg(a.Named.Expr, id)
			if arg == nil {
				return n
			}
			if !arg.isAttr() || arg.intv != "" {
				c.errorf(a.Pos, "property '%s' needs an attribute (an integer needs a type: compute it with a helper)", a.Named.Name)
				return n
			}
			n.attrs = append(n.attrs, battr{name: a.Named.Name, arg: arg})
			continue
		}
		arg := c.buildArg(a, id)
		if arg == nil {
			return n
		}
		if g == nil {
			if arg.isAttr() {
				c.errorf(a.Pos, "a positional property of '%s' needs an `op` signature; write name=value", b.Name)
				return n
			}
			n.operands = append(n.operands, arg)
			continue
		}
		if slot >= len(g.slots) {
			c.errorf(a.Pos, "too many arguments for '%s' (it has %d)", b.Name, len(g.slots))
			return n
		}
		s := g.slots[slot]
		slot++
		if s.attr != arg.isAttr() {
			if s.attr {
				c.errorf(a.Pos, "argument %d of '%s' is the property $%s", slot, b.Name, s.name)
			} else {
				c.errorf(a.Pos, "argument %d of '%s' is the operand %s", slot, b.Name, s.name)
			}
			return n
		}
		if s.attr {
			if arg.intv != "" {
				c.errorf(a.Pos, "an integer property needs a type: compute it with a helper")
				return n
			}
			n.attrs = append(n.attrs, battr{name: s.name, arg: arg})
		} else {
			n.operands = append(n.operands, arg)
		}
	}
	if g != nil && len(n.operands) != g.operands {
		c.errorf(b.Pos, "'%s' has %d operands, %d given", b.Name, g.operands, len(n.operands))
		return n
	}
	if !root && b.Type == "" && len(n.operands) == 0 && len(n.attrs) == 0 {
		c.errorf(b.Pos, "cannot infer the result type of '%s': write -> type(x)", b.Name)
		return n
	}
	n.id = *id
	*id++
	return n
}

func (a *barg) isAttr() bool {
	return a.attr != nil || a.boolv != "" || a.intv != "" || (a.op != nil && a.op.helper)
}

func (c *checker) buildArg(a *BuildArg, id *int) *barg {
	switch {
	case a.Op != nil:
		n := c.build(a.Op, id, false)
		if c.err != nil {
			return nil
		}
		return &barg{op: n}
	case a.Attr != "":
		b := c.lookup(a.Pos, a.Attr)
		if b == nil {
			return nil
		}
		return &barg{attr: b}
	case a.Bool != "":
		return &barg{boolv: a.Bool}
	case a.Int != nil:
		if _, err := strconv.ParseInt(*a.Int, 10, 64); err != nil {
			c.errorf(a.Pos, "integer %s out of range", *a.Int)
			return nil
		}
		return &barg{intv: *a.Int}
	}
	b := c.lookup(a.Pos, a.Value)
	if b == nil {
		return nil
	}
	return &barg{value: b}
}
