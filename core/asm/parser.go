// Package asm reads and writes MLIR's textual format: a hand-written lexer
// and recursive-descent parser for the whole format, and a printer whose
// generic form is byte-identical to mlir-opt's.
package asm

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unsafe"

	"github.com/strata-ir/strata/core/ir"
)

// maxNesting bounds the nesting depth of regions, types and attributes so
// that absurdly deep input yields an error instead of exhausting the stack.
const maxNesting = 1000

// parseError carries a diagnostic out of the recursive descent; it is
// recovered at the package boundary.
type parseError struct{ d *ir.Diagnostic }

// Parser state for one source buffer.
type parser struct {
	// pendingResults is the number of results named before the custom
	// operation being parsed (OpAsmParser.NumResults).
	pendingResults int
	// dims is the stack of dimension lists being parsed (parseDimensionList).
	dims       []int64
	ctx        *ir.Context
	lex        lexer
	tok        Token
	file       string
	src        []byte
	lineStarts []int
	depth      int
	// bufStart is where lexing starts (the chunk start with Chunked).
	bufStart int

	typeAliases map[string]ir.Type
	attrAliases map[string]ir.Attribute
	distinct    map[uint64]*ir.DistinctAttr

	// Value scopes: a stack of isolated scopes, each with nested definition
	// scopes.
	scopes    []*isoScope
	forwardOK map[*ir.OpResult]int // forward reference placeholders -> use offset
	blockDefs []map[string]*blockDef
	blockFwd  []map[*ir.Block]int

	deferredLocs []deferredLoc
	idents       map[string]string
	lastBodyEnd  int
	// fnCache and opNames spare the context's locked tables the lookups
	// that repeat on every line of a generic-form file.
	fnCache     [8]*ir.FunctionType
	dictCache   [8]*ir.DictionaryAttr
	opNames     map[string]*ir.OpName
	opaqueCache map[string]map[string]*ir.OpaqueAttr
	// Scratch stacks reused across operations to avoid allocations.
	tys         []ir.Type
	uses        []ssaUse
	vals        []ir.Value
	nas         []ir.NamedAttr
	placeholder *ir.OpName
	resources   *ir.Resources
	// customFrames holds the state of each custom-form operation being
	// parsed, one per nesting level, reused from one operation to the next.
	customFrames []*customFrame
	customDepth  int
	// dialectAttrs and dialectTypes hold the dialect attributes and types
	// parsed so far, by spelling.
	dialectAttrs map[dialectKey]ir.Attribute
	dialectTypes map[dialectKey]ir.Type

	// defaultDialect is the dialect of unqualified custom op names in the
	// region being parsed.
	defaultDialect string

	// moreErrors, when its first element is the diagnostic of the failure,
	// lists it with the further errors MLIR emits for that failure.
	moreErrors []*ir.Diagnostic
}

type valueDef struct {
	v   ir.Value
	off int
}

// isoScope holds the values visible in one isolated name scope. Names made
// of a prefix and a number in canonical decimal form (%0, %arg3, %v12: the
// printer's default numbering and the usual hand-written styles) live in a
// slice per prefix indexed by the number, so the common case needs no
// hashing; other names live in a map.
type isoScope struct {
	values map[string]valueDef
	fams   []nameFamily
	defs   [][]string
	// numDef records the numbered names defined in each nested name scope
	// as family<<32 | number.
	numDef [][]uint64
}

// nameFamily holds the values of the names prefix0, prefix1, ... in
// chunks of familyChunk values, so that a function of a million values
// fills its table without copying it as it grows: the first chunk grows
// by doubling (most families are small), the others are allocated whole.
type nameFamily struct {
	prefix string
	chunks [][]valueDef
}

// familyChunkBits is the log2 of the number of values in a full chunk.
const familyChunkBits = 12

// familyChunk is the number of values in a full chunk of a nameFamily.
const familyChunk = 1 << familyChunkBits

// get returns the value of number n, or the zero valueDef.
func (f *nameFamily) get(n int) valueDef {
	if c := n >> familyChunkBits; c < len(f.chunks) {
		if i := n & (familyChunk - 1); i < len(f.chunks[c]) {
			return f.chunks[c][i]
		}
	}
	return valueDef{}
}

// slot returns the storage of number n, growing the table to hold it.
func (f *nameFamily) slot(n int) *valueDef {
	c, i := n>>familyChunkBits, n&(familyChunk-1)
	for len(f.chunks) <= c {
		f.chunks = append(f.chunks, nil)
	}
	ch := f.chunks[c]
	if i >= len(ch) {
		switch {
		case i < cap(ch):
			ch = ch[:i+1]
		case c > 0 || len(f.chunks) > 1:
			// Every chunk but a lone first one is allocated whole.
			ch = make([]valueDef, familyChunk)
			copy(ch, f.chunks[c])
		default:
			ch = append(ch[:cap(ch)], make([]valueDef, min(familyChunk, max(2*(i+1), 8))-cap(ch))...)
			ch = ch[:i+1]
		}
		f.chunks[c] = ch
	}
	return &ch[i]
}

// maxFamilyNumber bounds the numbers kept in a family's slice, so that one
// huge number in a name cannot make the parser allocate a huge slice.
const maxFamilyNumber = 1 << 22

// numberedName splits a name into its prefix and trailing number when the
// number is in canonical decimal form and below maxFamilyNumber.
func numberedName(name string) (string, int, bool) {
	i := len(name)
	for i > 1 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	digits := name[i:]
	if len(digits) == 0 || len(digits) > 7 || (digits[0] == '0' && len(digits) > 1) {
		return "", 0, false
	}
	n := 0
	for j := 0; j < len(digits); j++ {
		n = n*10 + int(digits[j]-'0')
	}
	if n >= maxFamilyNumber {
		return "", 0, false
	}
	return name[:i], n, true
}

// family returns the index of prefix's family, adding it when add is set
// (or -1).
func (s *isoScope) family(prefix string, add bool) int {
	for i := range s.fams {
		if s.fams[i].prefix == prefix {
			return i
		}
	}
	if !add {
		return -1
	}
	s.fams = append(s.fams, nameFamily{prefix: prefix})
	return len(s.fams) - 1
}

func (s *isoScope) lookup(u ssaUse, key string) (valueDef, bool) {
	if u.number == 0 {
		if pfx, n, ok := numberedName(u.name); ok {
			if f := s.family(pfx, false); f >= 0 {
				if d := s.fams[f].get(n); d.v != nil {
					return d, true
				}
			}
			return valueDef{}, false
		}
	}
	e, ok := s.values[key]
	return e, ok
}

func (s *isoScope) set(u ssaUse, key string, d valueDef, record bool) {
	if u.number == 0 {
		if pfx, n, ok := numberedName(u.name); ok {
			f := s.family(pfx, true)
			*s.fams[f].slot(n) = d
			if record {
				nd := &s.numDef[len(s.numDef)-1]
				*nd = append(*nd, uint64(f)<<32|uint64(n))
			}
			return
		}
	}
	s.values[key] = d
	if record {
		dd := &s.defs[len(s.defs)-1]
		*dd = append(*dd, key)
	}
}

type blockDef struct {
	b   *ir.Block
	off int
}

type deferredLoc struct {
	alias string
	off   int
	set   func(ir.Location)
}

// Source is a parsed file: its top-level operations, and file-level
// metadata that must be printed back.
type Source struct {
	// Block holds the top-level operations.
	Block *ir.Block
	// Resources holds the {-# ... #-} data parsed from the file.
	Resources *ir.Resources
}

// Config controls parsing.
type Config struct {
	// Filename is used in locations and diagnostics.
	Filename string
	// Chunked restricts parsing to src[Start:End] while locations keep the
	// line and column numbers of the whole buffer (used for
	// --split-input-file chunks).
	Chunked    bool
	Start, End int
}

// ParseFile reads and parses the named file ("-" reads standard input).
func ParseFile(ctx *ir.Context, filename string) (*Source, error) {
	var data []byte
	var err error
	if filename == "-" {
		data, err = readAll(os.Stdin)
		filename = "<stdin>"
	} else {
		data, err = os.ReadFile(filename)
	}
	if err != nil {
		return nil, err
	}
	return Parse(ctx, data, Config{Filename: filename})
}

func readAll(f *os.File) ([]byte, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(f)
	return b.Bytes(), err
}

// Parse parses src. On failure the error is an *ir.Diagnostic located in
// the source, or ir.Diagnostics when MLIR reports several errors for one
// failure (as for some affine expressions).
func Parse(ctx *ir.Context, src []byte, cfg Config) (s *Source, err error) {
	p := newParser(ctx, src, cfg)
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			s, err = nil, pe.d
			if len(p.moreErrors) > 0 && p.moreErrors[0] == pe.d {
				err = ir.Diagnostics(p.moreErrors)
			}
		}
	}()
	blk := p.parseTopLevel()
	return &Source{Block: blk, Resources: p.resources}, nil
}

// ParseModule parses src as mlir-opt does: a lone top-level builtin.module
// is returned as is; otherwise the top-level operations are wrapped in a new
// builtin.module located at file:0:0.
func ParseModule(ctx *ir.Context, src []byte, cfg Config) (*ir.Operation, *ir.Resources, error) {
	s, err := Parse(ctx, src, cfg)
	if err != nil {
		return nil, nil, err
	}
	return WrapInModule(ctx, s.Block, ctx.FileLineCol(cfg.Filename, 0, 0)), s.Resources, nil
}

// WrapInModule applies mlir-opt's implicit-module rule to a parsed block:
// a lone builtin.module is returned as is, anything else is wrapped in a new
// module at loc.
func WrapInModule(ctx *ir.Context, blk *ir.Block, loc ir.Location) *ir.Operation {
	if f := blk.First(); f != nil && f == blk.Last() && f.Name() == "builtin.module" {
		f.Remove()
		return f
	}
	mod := ir.NewOperation(&ir.OperationState{
		Name:       ctx.OpName("builtin.module"),
		Loc:        loc,
		NumRegions: 1,
	})
	body := ir.NewBlock()
	mod.Region(0).Append(body)
	for op := blk.First(); op != nil; op = blk.First() {
		op.Remove()
		body.Append(op)
	}
	return mod
}

func newParser(ctx *ir.Context, src []byte, cfg Config) *parser {
	name := cfg.Filename
	if name == "" {
		name = "<stdin>"
	}
	buf := src
	start := 0
	if cfg.Chunked && cfg.Start <= cfg.End && cfg.End <= len(src) {
		buf = src[:cfg.End]
		start = cfg.Start
	}
	p := &parser{
		ctx:            ctx,
		lex:            lexer{buf: buf, pos: start},
		bufStart:       start,
		file:           name,
		src:            src,
		typeAliases:    map[string]ir.Type{},
		attrAliases:    map[string]ir.Attribute{},
		distinct:       map[uint64]*ir.DistinctAttr{},
		forwardOK:      map[*ir.OpResult]int{},
		idents:         map[string]string{},
		opNames:        map[string]*ir.OpName{},
		opaqueCache:    map[string]map[string]*ir.OpaqueAttr{},
		placeholder:    &ir.OpName{Name: "builtin.unrealized_forward_ref"},
		resources:      &ir.Resources{},
		defaultDialect: "builtin",
	}
	p.lineStarts = make([]int, 1, bytes.Count(buf, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		p.lineStarts = append(p.lineStarts, i)
	}
	p.tok = p.lex.next()
	return p
}

// lineCol maps a byte offset to 1-based line and column.
func (p *parser) lineCol(off int) (int, int) {
	lo, hi := 0, len(p.lineStarts)
	for hi-lo > 1 {
		m := (lo + hi) / 2
		if p.lineStarts[m] <= off {
			lo = m
		} else {
			hi = m
		}
	}
	return lo + 1, off - p.lineStarts[lo] + 1
}

func (p *parser) locAt(off int) *ir.FileLineColLoc {
	l, c := p.lineCol(off)
	return p.ctx.FileLineCol(p.file, uint32(l), uint32(c))
}

// opLoc returns the location of an operation or block argument starting at
// off: a position in the parsed file that is not interned, which saves a
// table entry per operation (see ir.Context.SourceLoc).
func (p *parser) opLoc(off int) *ir.FileLineColLoc {
	l, c := p.lineCol(off)
	return p.ctx.SourceLoc(p.file, uint32(l), uint32(c))
}

func (p *parser) errorAt(off int, msg string) {
	panic(parseError{ir.NewError(p.locAt(off), msg)})
}

func (p *parser) errorf(off int, format string, args ...any) {
	p.errorAt(off, fmt.Sprintf(format, args...))
}

// errorHere reports a "wrong token" error at the current token as MLIR's
// Parser::emitWrongTokenError does: at EOF it first moves back one
// character; then, skipping blanks, blank lines and the comments of
// preceding lines, it points just after the last text before the token.
func (p *parser) errorHere(msg string) {
	if p.tok.Kind == TokError {
		p.errorAt(p.lex.errPos, p.lex.errMsg)
	}
	loc := p.tok.Start
	if p.tok.Kind == TokEOF && loc > p.bufStart {
		loc--
	}
	s := p.src[p.bufStart:loc]
	for {
		s = bytes.TrimRight(s, " \t")
		if len(s) == 0 {
			p.errorAt(loc, msg)
		}
		if c := s[len(s)-1]; c != '\n' && c != '\r' {
			p.errorAt(p.bufStart+len(s), msg)
		}
		s = s[:len(s)-1]
		// MLIR assumes that a `//` on the preceding line starts a comment.
		prevLine := s
		if i := bytes.LastIndexAny(prevLine, "\n\r"); i >= 0 {
			prevLine = prevLine[i:]
		}
		if c := bytes.Index(prevLine, []byte("//")); c >= 0 {
			s = s[:len(s)-(len(prevLine)-c)]
		}
	}
}

// errorTok reports an error at the current token as MLIR's
// Parser::emitError(message) does: at EOF it points one character back.
func (p *parser) errorTok(msg string) {
	if p.tok.Kind == TokError {
		p.errorAt(p.lex.errPos, p.lex.errMsg)
	}
	loc := p.tok.Start
	if p.tok.Kind == TokEOF && loc > p.bufStart {
		loc--
	}
	p.errorAt(loc, msg)
}

func (p *parser) spelling() string { return string(p.src[p.tok.Start:p.tok.End]) }

// srcString returns the token's text without copying; it is only valid
// while the parser runs and must not escape into the IR.
func (p *parser) srcString(t Token) string {
	if t.End <= t.Start {
		return ""
	}
	return unsafe.String(&p.src[t.Start], t.End-t.Start)
}

// ident returns the token's text as a string shared by every equal
// identifier of the parse, so repeated names cost one allocation.
func (p *parser) ident(t Token) string {
	b := p.src[t.Start:t.End]
	if s, ok := p.idents[string(b)]; ok {
		return s
	}
	s := string(b)
	p.idents[s] = s
	return s
}
func (p *parser) spellingBytes() []byte {
	return p.src[p.tok.Start:p.tok.End]
}

func (p *parser) consume() {
	if p.tok.Kind == TokError {
		p.errorAt(p.lex.errPos, p.lex.errMsg)
	}
	p.tok = p.lex.next()
	if p.tok.Kind == TokError {
		p.errorAt(p.lex.errPos, p.lex.errMsg)
	}
}

// resetTo re-lexes from the given byte offset.
func (p *parser) resetTo(off int) {
	p.lex.pos = off
	p.tok = p.lex.next()
	if p.tok.Kind == TokError {
		p.errorAt(p.lex.errPos, p.lex.errMsg)
	}
}

func (p *parser) isKeyword(kw string) bool {
	return p.tok.Kind == TokBareIdent && string(p.spellingBytes()) == kw
}

func (p *parser) consumeIf(k TokenKind) bool {
	if p.tok.Kind == k {
		p.consume()
		return true
	}
	return false
}

func (p *parser) expect(k TokenKind, msg string) {
	if p.tok.Kind != k {
		p.errorHere(msg)
	}
	p.consume()
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxNesting {
		p.errorAt(p.tok.Start, "exceeded maximum nesting depth")
	}
}

func (p *parser) leave() { p.depth-- }

// stringValue decodes the string literal token.
func (p *parser) stringValue(t Token) string {
	raw := p.src[t.Start+1 : t.End-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	return p.unescape(raw)
}

// stringValueTmp is stringValue without a copy when the literal has no
// escapes; the result may only be handed to constructors that copy what
// they keep (the interning constructors of package ir do).
func (p *parser) stringValueTmp(t Token) string {
	raw := p.src[t.Start+1 : t.End-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		if len(raw) == 0 {
			return ""
		}
		return unsafe.String(&raw[0], len(raw))
	}
	return p.unescape(raw)
}

func (p *parser) unescape(raw []byte) string {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		switch raw[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case '"', '\\':
			out = append(out, raw[i])
		default:
			v, _ := strconv.ParseUint(string(raw[i:i+2]), 16, 8)
			out = append(out, byte(v))
			i++
		}
	}
	return string(out)
}

// symbolName decodes an @identifier token.
func (p *parser) symbolName(t Token) string {
	if p.src[t.Start+1] == '"' {
		return p.stringValue(Token{TokString, t.Start + 1, t.End})
	}
	return string(p.src[t.Start+1 : t.End])
}

// ---- Top level ----

func (p *parser) parseTopLevel() *ir.Block {
	top := ir.NewBlock()
	p.pushIsolatedScope()

	p.pushBlockScope()
	for {
		switch p.tok.Kind {
		case TokEOF:
			p.popBlockScope()
			p.finalize()
			return top
		case TokError:
			p.errorAt(p.lex.errPos, p.lex.errMsg)
		case TokHashIdent:
			p.parseAttrAliasDef()
		case TokExclIdent:
			p.parseTypeAliasDef()
		case TokFileMetadataBegin:
			p.parseFileMetadata()
		default:
			// The region of a top-level module does not count towards
			// the nesting bound: the printer wraps what it read in one,
			// so anything read can be read again after printing.
			module := p.tok.Kind == TokBareIdent && p.spelling() == "module" ||
				p.tok.Kind == TokString && p.spelling() == `"builtin.module"`
			if module {
				p.depth--
			}
			p.parseOperation(top)
			if module {
				p.depth++
			}
		}
	}
}

func (p *parser) finalize() {
	if len(p.forwardOK) > 0 {
		first := -1
		for _, off := range p.forwardOK {
			if first < 0 || off < first {
				first = off
			}
		}
		p.errorAt(first, "use of undeclared SSA value name")
	}
	for _, d := range p.deferredLocs {
		a, ok := p.attrAliases[d.alias]
		if !ok {
			p.errorf(d.off, "operation location alias was never defined")
		}
		l, ok := asLocation(p.ctx, a)
		if !ok {
			p.errorf(d.off, "expected location, but found '%s'", AttrString(a))
		}
		d.set(l)
	}
}

func asLocation(ctx *ir.Context, a ir.Attribute) (ir.Location, bool) {
	switch a := a.(type) {
	case ir.Location:
		return a, true
	case *ir.OpaqueAttr:
		// Only a registered dialect may define location attributes: an
		// attribute of an unregistered one is not a location in MLIR.
		if ctx.Dialect(a.Dialect) == nil {
			return nil, false
		}
		return ctx.AttrLoc(a), true
	}
	return nil, false
}

func (p *parser) parseAttrAliasDef() {
	name := string(p.src[p.tok.Start+1 : p.tok.End])
	if _, ok := p.attrAliases[name]; ok {
		p.errorTok("redefinition of attribute alias id '" + name + "'")
	}
	if strings.Contains(name, ".") {
		p.errorTok("attribute names with a '.' are reserved for dialect-defined names")
	}
	p.consume()
	p.expect(TokEqual, "expected '=' in attribute alias definition")
	a := p.parseAttribute(nil)
	p.attrAliases[name] = a
}

func (p *parser) parseTypeAliasDef() {
	name := string(p.src[p.tok.Start+1 : p.tok.End])
	if _, ok := p.typeAliases[name]; ok {
		p.errorTok("redefinition of type alias id '" + name + "'")
	}
	if strings.Contains(name, ".") {
		p.errorTok("type names with a '.' are reserved for dialect-defined names")
	}
	p.consume()
	p.expect(TokEqual, "expected '=' in type alias definition")
	t := p.parseType()
	p.typeAliases[name] = t
}

// ---- Scopes ----

func (p *parser) pushIsolatedScope() {
	p.scopes = append(p.scopes, &isoScope{values: map[string]valueDef{}, defs: [][]string{nil}, numDef: [][]uint64{nil}})
}

func (p *parser) pushNameScope(isolated bool) {
	if isolated {
		p.pushIsolatedScope()
		return
	}
	s := p.scopes[len(p.scopes)-1]
	s.defs = append(s.defs, nil)
	s.numDef = append(s.numDef, nil)
}

func (p *parser) popNameScope() {
	s := p.scopes[len(p.scopes)-1]
	if len(s.defs) == 1 {
		p.scopes = p.scopes[:len(p.scopes)-1]
		return
	}
	last := s.defs[len(s.defs)-1]
	for _, name := range last {
		delete(s.values, name)
	}
	for _, fn := range s.numDef[len(s.numDef)-1] {
		*s.fams[fn>>32].slot(int(uint32(fn))) = valueDef{}
	}
	s.defs = s.defs[:len(s.defs)-1]
	s.numDef = s.numDef[:len(s.numDef)-1]
}

func (p *parser) pushBlockScope() {
	p.blockDefs = append(p.blockDefs, map[string]*blockDef{})
	p.blockFwd = append(p.blockFwd, map[*ir.Block]int{})
}

func (p *parser) popBlockScope() {
	fwd := p.blockFwd[len(p.blockFwd)-1]
	if len(fwd) > 0 {
		first := -1
		for _, off := range fwd {
			if first < 0 || off < first {
				first = off
			}
		}
		p.errorAt(first, "reference to an undefined block")
	}
	p.blockDefs = p.blockDefs[:len(p.blockDefs)-1]
	p.blockFwd = p.blockFwd[:len(p.blockFwd)-1]
}

// ssaUse is an unresolved reference %name#number.
type ssaUse struct {
	name   string
	number int
	off    int
}

func (p *parser) parseSSAUse(allowNumber bool) ssaUse {
	if p.tok.Kind != TokPercentIdent {
		p.errorHere("expected SSA operand")
	}
	u := ssaUse{name: p.srcString(p.tok), off: p.tok.Start}
	p.consume()
	if p.tok.Kind == TokHashIdent {
		if !allowNumber {
			p.errorTok("result number not allowed in argument list")
		}
		s := string(p.src[p.tok.Start+1 : p.tok.End])
		n, err := strconv.ParseUint(s, 10, 31)
		if err != nil {
			p.errorTok("invalid SSA value result number")
		}
		u.number = int(n)
		p.consume()
	}
	return u
}

// valueKey returns the scope map key of a use: the name for result 0 and
// "name#N" otherwise.
func valueKey(u ssaUse) string {
	if u.number == 0 {
		return u.name
	}
	return u.name + "#" + strconv.Itoa(u.number)
}

func (p *parser) resolveUse(u ssaUse, t ir.Type) ir.Value {
	s := p.scopes[len(p.scopes)-1]
	key := valueKey(u)
	if e, ok := s.lookup(u, key); ok {
		if e.v.Type() == t {
			return e.v
		}
		d := ir.NewError(p.locAt(u.off), fmt.Sprintf("use of value '%s' expects different type than prior uses: '%s' vs '%s'", u.name, TypeString(t), TypeString(e.v.Type())))
		d.Note(p.locAt(e.off), "prior use here")
		panic(parseError{d})
	}
	if u.number > 0 {
		if e, ok := s.lookup(ssaUse{name: u.name}, u.name); ok && !p.isPlaceholder(e.v) {
			p.errorAt(u.off, "reference to invalid result number")
		}
	}
	ph := p.newPlaceholder(t)
	p.forwardOK[ph] = u.off
	s.set(u, key, valueDef{ph, u.off}, false)
	return ph
}

func (p *parser) newPlaceholder(t ir.Type) *ir.OpResult {
	op := ir.NewOperation(&ir.OperationState{Name: p.placeholder, ResultTypes: []ir.Type{t}})
	return op.Result(0)
}

func (p *parser) isPlaceholder(v ir.Value) bool {
	r, ok := v.(*ir.OpResult)
	return ok && r.Owner().OpName() == p.placeholder
}

func (p *parser) addDefinition(u ssaUse, v ir.Value) {
	s := p.scopes[len(p.scopes)-1]
	key := valueKey(u)
	if e, ok := s.lookup(u, key); ok {
		ex := e.v
		if !p.isPlaceholder(ex) {
			d := ir.NewError(p.locAt(u.off), "redefinition of SSA value '"+u.name+"'")
			d.Note(p.locAt(e.off), "previously defined here")
			panic(parseError{d})
		}
		if ex.Type() != v.Type() {
			d := ir.NewError(p.locAt(u.off), fmt.Sprintf("definition of SSA value '%s#%d' has type '%s'", u.name, u.number, TypeString(v.Type())))
			d.Note(p.locAt(e.off), "previously used here with type '"+TypeString(ex.Type())+"'")
			panic(parseError{d})
		}
		ir.ReplaceAllUsesWith(ex, v)
		delete(p.forwardOK, ex.(*ir.OpResult))
		// As MLIR's recordDefinition: the name now belongs to the
		// current region and goes out of scope with it.
		s.set(u, key, valueDef{v, u.off}, len(s.defs) > 1)
		return
	}
	s.set(u, key, valueDef{v, u.off}, len(s.defs) > 1)
}

// ---- Operations ----

type resultGroup struct {
	name  string
	off   int
	count int
}

// parseOperation parses one operation and appends it to blk.
func (p *parser) parseOperation(blk *ir.Block) {
	startOff := p.tok.Start
	var groupBuf [2]resultGroup
	groups := groupBuf[:0]
	numResults := 0
	if p.tok.Kind == TokPercentIdent {
		for {
			if p.tok.Kind != TokPercentIdent {
				p.errorHere("expected valid ssa identifier")
			}
			g := resultGroup{name: p.srcString(p.tok), off: p.tok.Start, count: 1}
			p.consume()
			if p.consumeIf(TokColon) {
				if p.tok.Kind != TokInteger {
					p.errorHere("expected integer number of results")
				}
				n, err := strconv.ParseUint(p.spelling(), 10, 31)
				if err != nil || n < 1 {
					p.errorTok("expected named operation to have at least 1 result")
				}
				g.count = int(n)
				p.consume()
			}
			groups = append(groups, g)
			numResults += g.count
			if !p.consumeIf(TokComma) {
				break
			}
		}
		p.expect(TokEqual, "expected '=' after SSA name")
	}
	var op *ir.Operation
	p.pendingResults = numResults
	switch p.tok.Kind {
	case TokString:
		op = p.parseGenericOperation()
	case TokBareIdent:
		if isIntTypeSpelling(p.spellingBytes()) {
			// MLIR lexes i32, si8, ui16 as integer types, which do not
			// name an operation.
			p.errorHere("expected operation name in quotes")
		}
		op = p.parseCustomOperation()
	default:
		if len(groups) > 0 {
			p.errorHere("expected operation name in quotes")
		}
		p.errorHere("expected operation name in quotes")
	}
	if len(groups) > 0 {
		if op.NumResults() == 0 {
			p.errorAt(startOff, "cannot name an operation with no results")
		}
		if op.NumResults() != numResults {
			p.errorf(startOff, "operation defines %d results but was provided %d to bind", op.NumResults(), numResults)
		}
		idx := 0
		for _, g := range groups {
			for i := 0; i < g.count; i++ {
				p.addDefinition(ssaUse{name: g.name, number: i, off: g.off}, op.Result(idx))
				idx++
			}
		}
	}
	p.parseTrailingLocation(func(l ir.Location) { op.SetLoc(l) })
	blk.Append(op)
}

func (p *parser) parseTrailingLocation(set func(ir.Location)) {
	if !p.isKeyword("loc") {
		return
	}
	p.consume()
	p.expect(TokLParen, "expected '(' in location")
	if p.tok.Kind == TokHashIdent && bytes.IndexByte(p.spellingBytes(), '.') < 0 {
		name := string(p.src[p.tok.Start+1 : p.tok.End])
		off := p.tok.Start
		p.consume()
		if a, ok := p.attrAliases[name]; ok {
			l, ok := asLocation(p.ctx, a)
			if !ok {
				p.errorf(off, "expected location, but found '%s'", AttrString(a))
			}
			set(l)
		} else {
			set(p.ctx.UnknownLoc())
			p.deferredLocs = append(p.deferredLocs, deferredLoc{alias: name, off: off, set: set})
		}
	} else {
		set(p.parseLocationInstance())
	}
	p.expect(TokRParen, "expected ')' in location")
}

func (p *parser) checkOpDialect(name string, off int) *ir.OpName {
	on := p.opNames[name]
	if on == nil {
		on = p.ctx.OpName(name)
		p.opNames[on.Name] = on
	}
	if on.IsRegistered() {
		return on
	}
	dn, _, _ := strings.Cut(name, ".")
	if d := p.ctx.Dialect(dn); d != nil && strings.Contains(name, ".") {
		if !p.ctx.AllowUnregisteredDialects && !d.AllowUnknownOps {
			p.errorf(off, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, dn)
		}
		return on
	}
	if !p.ctx.AllowUnregisteredDialects {
		// MLIR reports this at the token after the name.
		p.errorTok("operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
	}
	return on
}

func (p *parser) parseGenericOperation() *ir.Operation {
	nameTok := p.tok
	name := p.stringValueTmp(nameTok)
	if name == "" {
		p.errorTok("empty operation name is invalid")
	}
	if strings.IndexByte(name, 0) >= 0 {
		p.errorTok("null character not allowed in operation name")
	}
	p.consume()
	on := p.checkOpDialect(name, nameTok.Start)
	loc := p.opLoc(nameTok.Start)

	p.expect(TokLParen, "expected '(' to start operand list")
	useStart := len(p.uses)
	defer func() { p.uses = p.uses[:useStart] }()
	if p.tok.Kind == TokPercentIdent {
		for {
			u := p.parseSSAUse(true)
			p.uses = append(p.uses, u)
			if !p.consumeIf(TokComma) {
				break
			}
		}
	}
	p.expect(TokRParen, "expected ')' to end operand list")
	uses := p.uses[useStart:]

	var succs []*ir.Block
	if p.tok.Kind == TokLSquare {
		if on.IsRegistered() && !on.Def.HasTrait(ir.IsTerminator) {
			p.errorTok("successors in non-terminator")
		}
		p.consume()
		for {
			succs = append(succs, p.parseSuccessor())
			if !p.consumeIf(TokComma) {
				break
			}
		}
		p.expect(TokRSquare, "expected ']' to end successor list")
	}

	var props ir.Attribute
	if p.tok.Kind == TokLess {
		p.consume()
		props = p.parseAttribute(nil)
		p.expect(TokGreater, "expected '>' to close properties")
	}

	st := &ir.OperationState{Name: on, Loc: loc, Successors: succs, Properties: props}
	if p.tok.Kind == TokLParen {
		p.consume()
		// As in MLIR, only custom operations set the default dialect of
		// their regions; a generic operation's regions keep the enclosing
		// one.
		regions := p.parseRegionList()
		return p.finishGeneric(st, uses, regions, nameTok)
	}
	return p.finishGeneric(st, uses, nil, nameTok)
}

// parseRegionList parses `{...} (, {...})* )` after the '(' of a generic
// op's region list.
func (p *parser) parseRegionList() []*ir.Region {
	var rs []*ir.Region
	if p.tok.Kind == TokRParen {
		p.consume()
		return rs
	}
	for {
		r := &ir.Region{}
		p.parseRegion(r, nil, false)
		rs = append(rs, r)
		if !p.consumeIf(TokComma) {
			break
		}
	}
	p.expect(TokRParen, "expected ')' to end region list")
	return rs
}

func (p *parser) finishGeneric(st *ir.OperationState, uses []ssaUse, regions []*ir.Region, nameTok Token) *ir.Operation {
	if p.tok.Kind == TokLBrace {
		st.Attributes = p.parseAttrDict()
	}
	p.expect(TokColon, "expected ':' followed by operation type")
	typeOff := p.tok.Start
	t := p.parseType()
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		p.errorAt(typeOff, "expected function type")
	}
	if len(ft.Inputs) != len(uses) {
		plural := "s"
		if len(uses) == 1 {
			plural = ""
		}
		p.errorf(typeOff, "expected %d operand type%s but had %d", len(uses), plural, len(ft.Inputs))
	}
	valStart := len(p.vals)
	for i, u := range uses {
		v := p.resolveUse(u, ft.Inputs[i])
		p.vals = append(p.vals, v)
	}
	st.Operands = p.vals[valStart:]
	defer func() {
		clear(p.vals[valStart:])
		p.vals = p.vals[:valStart]
	}()
	st.ResultTypes = ft.Results
	st.NumRegions = len(regions)
	// Without properties, the inherent attributes written among the
	// attributes are checked now, as MLIR's parser does before it
	// converts them to properties.
	if def := st.Name.Def; def != nil && st.Properties == nil && st.Attributes != nil && def.VerifyInherentAttrs != nil {
		if err := def.VerifyInherentAttrs(st.Attributes.Entries); err != nil {
			p.errorAt(nameTok.Start, "'"+st.Name.Name+"' op "+err.Error())
		}
	}
	// Properties written out convert into the operation's properties now,
	// once the whole operation is parsed, as in MLIR.
	if def := st.Name.Def; def != nil && st.Properties != nil && def.PropertiesFromAttr != nil {
		props, err := def.PropertiesFromAttr(p.ctx, st.Properties)
		if err != nil {
			p.errorAt(nameTok.Start, "invalid properties "+AttrString(st.Properties)+" for op "+st.Name.Name+": "+err.Error())
		}
		st.Properties = props
	}
	p.moveInherentAttrs(st)
	op := ir.NewOperation(st)
	for i, r := range regions {
		op.Region(i).TakeBody(r)
	}
	return op
}

// moveInherentAttrs moves inherent attributes of registered operations that
// were written in the discardable dictionary into the properties. One that
// the properties cannot hold (OpDef.InherentAttrFits) is dropped.
func (p *parser) moveInherentAttrs(st *ir.OperationState) {
	def := st.Name.Def
	if def == nil || len(def.InherentAttrs) == 0 || st.Attributes == nil {
		return
	}
	var props []ir.NamedAttr
	if d, ok := st.Properties.(*ir.DictionaryAttr); ok {
		props = append(props, d.Entries...)
	}
	var rest []ir.NamedAttr
	for _, e := range st.Attributes.Entries {
		inherent := false
		for _, n := range def.InherentAttrs {
			if n == e.Name {
				inherent = true
				break
			}
		}
		if inherent {
			if def.InherentAttrFits == nil || def.InherentAttrFits(e.Name, e.Value) {
				props = append(props, e)
			}
		} else {
			rest = append(rest, e)
		}
	}
	st.Properties = nil
	if len(props) > 0 {
		st.Properties = p.ctx.DictionaryAttr(props)
	}
	st.Attributes = p.ctx.DictionaryAttr(rest)
	if len(rest) == 0 {
		st.Attributes = nil
	}
}

func (p *parser) parseSuccessor() *ir.Block {
	if p.tok.Kind != TokCaretIdent {
		p.errorHere("expected block name")
	}
	name := p.spelling()
	off := p.tok.Start
	p.consume()
	defs := p.blockDefs[len(p.blockDefs)-1]
	d := defs[name]
	if d == nil {
		d = &blockDef{b: ir.NewBlock(), off: off}
		defs[name] = d
		p.blockFwd[len(p.blockFwd)-1][d.b] = off
	}
	return d.b
}

// RegionArg is an explicitly named entry block argument given to parseRegion
// by a custom parser.
type RegionArg struct {
	Name string
	Off  int
	Type ir.Type
	Loc  ir.Location
}

// parseRegion parses `{ ... }` into r.
func (p *parser) parseRegion(r *ir.Region, entryArgs []RegionArg, isolated bool) {
	p.enter()
	defer p.leave()
	lbrace := p.tok.Start
	_ = lbrace
	p.expect(TokLBrace, "expected '{' to begin a region")
	if len(entryArgs) > 0 || p.tok.Kind != TokRBrace {
		p.parseRegionBody(r, entryArgs, isolated)
	}
	p.expect(TokRBrace, "expected '}' to end a region")
}

func (p *parser) parseRegionBody(r *ir.Region, entryArgs []RegionArg, isolated bool) {
	p.pushNameScope(isolated)
	p.pushBlockScope()
	entry := ir.NewBlock()
	if len(entryArgs) > 0 && entryArgs[0].Name != "" {
		if p.tok.Kind == TokCaretIdent {
			p.errorTok("invalid block name in region with named arguments")
		}
		for _, a := range entryArgs {
			if e, ok := p.scopes[len(p.scopes)-1].lookup(ssaUse{name: a.Name}, a.Name); ok {
				d := ir.NewError(p.locAt(a.Off), "region entry argument '"+a.Name+"' is already in use")
				d.Note(p.locAt(e.off), "previously referenced here")
				panic(parseError{d})
			}
			arg := entry.AddArgument(a.Type, a.Loc)
			p.addDefinition(ssaUse{name: a.Name, off: a.Off}, arg)
		}
	}
	blk := p.parseBlock(entry)
	r.Append(blk)
	for p.tok.Kind != TokRBrace {
		r.Append(p.parseBlock(nil))
	}
	p.popBlockScope()
	p.popNameScope()
}

// parseBlock parses a block; entry, if non-nil, is the pre-created entry
// block whose label is optional.
func (p *parser) parseBlock(entry *ir.Block) *ir.Block {
	if entry != nil && p.tok.Kind != TokCaretIdent {
		p.parseBlockBody(entry)
		return entry
	}
	if p.tok.Kind != TokCaretIdent {
		p.errorHere("expected block name")
	}
	name := p.spelling()
	off := p.tok.Start
	p.consume()
	defs := p.blockDefs[len(p.blockDefs)-1]
	fwd := p.blockFwd[len(p.blockFwd)-1]
	d := defs[name]
	var b *ir.Block
	if d == nil {
		b = entry
		if b == nil {
			b = ir.NewBlock()
		}
		defs[name] = &blockDef{b: b, off: off}
	} else {
		if _, ok := fwd[d.b]; !ok {
			p.errorf(off, "redefinition of block '%s'", name)
		}
		delete(fwd, d.b)
		d.off = off
		b = d.b
	}
	if p.tok.Kind == TokLParen {
		p.consume()
		if p.tok.Kind != TokRParen {
			for {
				u := p.parseSSAUse(false)
				p.expect(TokColon, "expected ':' and type for SSA operand")
				t := p.parseType()
				arg := b.AddArgument(t, p.opLoc(u.off))
				p.parseTrailingLocation(func(l ir.Location) { arg.Loc = l })
				p.addDefinition(u, arg)
				if !p.consumeIf(TokComma) {
					break
				}
			}
		}
		p.expect(TokRParen, "expected ')'")
	}
	p.expect(TokColon, "expected ':' after block name")
	p.parseBlockBody(b)
	return b
}

func (p *parser) parseBlockBody(b *ir.Block) {
	// At EOF parseOperation reports "expected operation name in quotes", as
	// MLIR does.
	for p.tok.Kind != TokCaretIdent && p.tok.Kind != TokRBrace {
		p.parseOperation(b)
	}
}

func (p *parser) parseCustomOperation() *ir.Operation {
	defaultDialect := p.defaultDialect
	name := p.spelling()
	off := p.tok.Start
	on := p.ctx.LookupOpName(name)
	if on == nil && !strings.Contains(name, ".") && defaultDialect != "" {
		on = p.ctx.LookupOpName(defaultDialect + "." + name)
	}
	if on == nil || on.Def.Parse == nil {
		if !strings.Contains(name, ".") && defaultDialect != "" {
			p.errorf(off, "custom op '%s' is unknown (tried '%s.%s' as well)", name, defaultDialect, name)
		}
		p.errorf(off, "custom op '%s' is unknown", name)
	}
	p.consume()
	// Custom parsers nest (an operation's regions hold operations), so the
	// reused state is per nesting level. A parse error unwinds the whole
	// parse, which leaves the depth as it is.
	if p.customDepth == len(p.customFrames) {
		p.customFrames = append(p.customFrames, new(customFrame))
	}
	fr := p.customFrames[p.customDepth]
	p.customDepth++
	fr.st = ir.OperationState{Name: on, Loc: p.opLoc(off), Operands: fr.operands[:0], ResultTypes: fr.types[:0]}
	fr.op = OpParser{p: p, nameOff: off, def: on.Def, numResults: p.pendingResults}
	st, op := &fr.st, &fr.op
	if err := on.Def.Parse(op, st); err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			panic(parseError{d})
		}
		p.errorAt(off, err.Error())
	}
	p.moveInherentAttrs(st)
	res := ir.NewOperation(st)
	p.customDepth--
	// Keep the operand and type storage for the next operation at this
	// level (NewOperation copied out of it), and drop the references the
	// state holds so that they do not outlive the operation.
	fr.operands, fr.types = keepScratch(fr.operands, st.Operands), keepScratch(fr.types, st.ResultTypes)
	fr.st, fr.op = ir.OperationState{}, OpParser{}
	return res
}

// customFrame is the state of one custom-form operation being parsed.
type customFrame struct {
	st ir.OperationState
	op OpParser
	// operands and types are storage that st starts with, for a format
	// to build the operand and result type lists in.
	operands []ir.Value
	types    []ir.Type
}

// maxScratch bounds the storage a custom frame keeps between operations.
const maxScratch = 64

// keepScratch returns the storage to start the next operation with: own,
// cleared, or new storage as large as used when own was too small for it
// (used itself may belong to the operation's parser, and is not kept).
func keepScratch[T any](own, used []T) []T {
	clear(own[:cap(own)])
	if c := cap(used); c > cap(own) && c <= maxScratch {
		return make([]T, 0, c)
	}
	return own[:0]
}

// OpParser is handed to custom operation parsers (OpDef.Parse); it
// implements ir.OpAsmParser.
type OpParser struct {
	p       *parser
	nameOff int
	def     *ir.OpDef
	// argDeferred maps region arguments whose location is a forward alias
	// to their entry in p.deferredLocs.
	argDeferred map[ir.SourcePos]int
	// numResults is the number of results the source names.
	numResults int
}

// NumResults returns the number of results the source names for the
// operation (`%a, %b = ...`), 0 when it names none.
func (o *OpParser) NumResults() int { return o.numResults }

// Context returns the context being parsed into.
func (o *OpParser) Context() *ir.Context { return o.p.ctx }

// NameLoc returns the location of the operation name.
func (o *OpParser) NameLoc() ir.Location { return o.p.locAt(o.nameOff) }

// ParseOptionalSymbolName parses `@name` if present.
func (o *OpParser) ParseOptionalSymbolName() (string, bool) {
	if o.p.tok.Kind != TokAtIdent {
		return "", false
	}
	s := o.p.symbolName(o.p.tok)
	o.p.consume()
	return s, true
}

// ParseOptionalKeyword consumes kw if it is the next token.
func (o *OpParser) ParseOptionalKeyword(kw string) bool {
	if o.p.isKeyword(kw) {
		o.p.consume()
		return true
	}
	return false
}

// ParseOptionalAttrDict parses `{...}` if present.
func (o *OpParser) ParseOptionalAttrDict() []ir.NamedAttr {
	if o.p.tok.Kind != TokLBrace {
		return nil
	}
	return o.p.parseAttrDict().Entries
}

// ParseOptionalAttrDictWithKeyword parses `attributes {...}` if present.
func (o *OpParser) ParseOptionalAttrDictWithKeyword() []ir.NamedAttr {
	if !o.ParseOptionalKeyword("attributes") {
		return nil
	}
	return o.p.parseAttrDict().Entries
}

// ParseRegion parses a region; args, when given, are the named entry block
// arguments.
func (o *OpParser) ParseRegion(r *ir.Region, args []ir.RegionArgument) {
	var ra []RegionArg
	for _, a := range args {
		// Without an explicit location an argument is located at its name,
		// or, when the caller gave no position, at the operation name.
		loc := a.Loc
		if loc == nil && a.Pos > 0 {
			loc = o.p.locAt(int(a.Pos))
		} else if loc == nil {
			loc = o.NameLoc()
		}
		ra = append(ra, RegionArg{Name: a.Name, Off: int(a.Pos), Type: a.Type, Loc: loc})
	}
	dd := ""
	if o.def != nil {
		dd = o.def.DefaultDialect
	}
	saved := o.p.defaultDialect
	o.p.defaultDialect = dd
	isolated := o.def != nil && o.def.HasTrait(ir.IsolatedFromAbove)
	o.p.parseRegion(r, ra, isolated)
	o.p.defaultDialect = saved
	o.bindArgLocs(r, args)
}

// ParseType parses a type.
func (o *OpParser) ParseType() ir.Type { return o.p.parseType() }

// ParseAttribute parses an attribute, with an optional expected type.
func (o *OpParser) ParseAttribute(t ir.Type) ir.Attribute { return o.p.parseAttribute(t) }

// Errorf returns an error located at the current token.
func (o *OpParser) Errorf(format string, args ...any) error {
	return ir.NewError(o.p.locAt(o.p.tok.Start), fmt.Sprintf(format, args...))
}

// isIntTypeSpelling reports whether an identifier is what MLIR's lexer
// takes for an integer type: i, si or ui followed by digits only.
func isIntTypeSpelling(b []byte) bool {
	switch {
	case len(b) > 1 && b[0] == 'i':
		b = b[1:]
	case len(b) > 2 && b[1] == 'i' && (b[0] == 's' || b[0] == 'u'):
		b = b[2:]
	default:
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
