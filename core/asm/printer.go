package asm

import (
	"bufio"
	"encoding/hex"
	"io"
	"math/big"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/strata-ir/strata/core/apfloat"
	"github.com/strata-ir/strata/core/ir"
)

// PrintOptions control printing; the zero value prints the custom form
// without locations, like mlir-opt's defaults.
type PrintOptions struct {
	// Generic prints every operation in the generic form
	// (--mlir-print-op-generic).
	Generic bool
	// DebugInfo prints locations (--mlir-print-debuginfo).
	DebugInfo bool
	// LocalScope disables aliases (--mlir-print-local-scope).
	LocalScope bool
	// HexThreshold is the element count above which dense int/float data
	// prints as hex; 0 means MLIR's default of 100, -1 disables hex.
	HexThreshold int64
	// Resources holds file-level resources to print after the operation.
	Resources *ir.Resources
	// Sequential prints on the calling goroutine alone
	// (--mlir-disable-threading). Otherwise a top-level print collects
	// aliases while it names values, and prints the operations of a large
	// block in parallel slices joined in order; the text is the same.
	Sequential bool
	// VerifyFirst verifies op before printing and prints the generic form
	// when it does not verify, as MLIR's printer does unless told to
	// assume the IR verified: custom printers may rely on what their
	// verifier checks. Set it where the IR may be invalid (the output of a
	// pipeline run without verification, the IR after a failed pass).
	VerifyFirst bool
}

// Print writes op (normally a top-level builtin.module) followed by a
// newline, exactly as mlir-opt prints its output.
func Print(w io.Writer, op *ir.Operation, opts PrintOptions) error {
	if opts.VerifyFirst && !opts.Generic && ir.Verify(op) != nil {
		opts.Generic = true
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	p := newPrinter(bw, op, opts)
	p.printTopLevel(op)
	bw.WriteByte('\n')
	return bw.Flush()
}

// printer holds the state of one print: value and block names and aliases.
type printer struct {
	w      *bufio.Writer
	opts   PrintOptions
	indent int

	opIDs    map[*ir.Operation]int32
	argNames map[*ir.BlockArgument]argName
	// opNames holds the result groups of operations that name their
	// results (OpDef.AsmResultNames); nil until one does.
	opNames map[*ir.Operation]*opNaming
	// argStrNames holds the block arguments named by their op
	// (OpDef.AsmBlockArgNames); nil until one is.
	argStrNames map[*ir.BlockArgument]string
	blockIDs    map[*ir.Block]int32

	aliases  aliasTable
	distinct map[*ir.DistinctAttr]uint64
	// blockSeq holds, for blocks whose results are all numbered, the
	// number of the first one: printing a block then knows each op's number
	// without a table lookup.
	blockSeq map[*ir.Block]int32
	// idCache fronts opIDs (see opID).
	idCache [512]struct {
		op *ir.Operation
		id int32
	}
	// defaultDialect is the dialect prefix custom op names may drop.
	defaultDialect string
	resources      []resourceRef
	scratch        []byte
	// segments holds, for blocks long enough to print in parallel, the
	// operations that start each run of printSegment operations.
	segments map[*ir.Block][]segment
	// fork is set on the printers that print slices of a block in
	// parallel (see printOpsParallel); nil on the top-level printer.
	fork *forkState
}

// segment is a run of operations of a long block: its first operation and,
// when the block's results are numbered in sequence, the number of the
// first result in it.
type segment struct {
	first *ir.Operation
	seq   int32
}

type argName struct {
	n     int32
	isArg bool // printed as %argN rather than %N
}

type resourceRef struct{ dialect, key string }

func newPrinter(w *bufio.Writer, top *ir.Operation, opts PrintOptions) *printer {
	if opts.HexThreshold == 0 {
		opts.HexThreshold = 100
	}
	p := &printer{
		w:              w,
		opts:           opts,
		opIDs:          map[*ir.Operation]int32{},
		argNames:       map[*ir.BlockArgument]argName{},
		blockIDs:       map[*ir.Block]int32{},
		distinct:       map[*ir.DistinctAttr]uint64{},
		defaultDialect: "builtin",
	}
	if opts.LocalScope || top.Block() != nil {
		p.numberValues(top)
		return p
	}
	if opts.Sequential || runtime.GOMAXPROCS(0) < 2 {
		p.numberValues(top)
		p.aliases = buildAliases(top, opts)
		return p
	}
	// Both walks only read the IR: collect aliases while naming values.
	done := make(chan bool)
	var aliases aliasTable
	go func() {
		defer func() { done <- recover() == nil }()
		aliases = buildAliases(top, opts)
	}()
	p.numberValues(top)
	if <-done {
		p.aliases = aliases
	} else {
		// Fail as the sequential print fails, on the caller's goroutine.
		p.aliases = buildAliases(top, opts)
	}
	return p
}

// ---- SSA naming, as MLIR's SSANameState ----

type nameCtx struct {
	r            *ir.Region
	nextValue    int32
	nextArgument int32
	// scope holds the explicit value names visible in r (MLIR's
	// usedNames); nextConflict numbers clashing names.
	scope        *nameScope
	nextConflict int32
}

// nameScope is one level of MLIR's scoped table of used value names.
type nameScope struct {
	parent *nameScope
	names  map[string]bool
}

func (s *nameScope) has(name string) bool {
	for ; s != nil; s = s.parent {
		if s.names[name] {
			return true
		}
	}
	return false
}

// opNaming describes the result groups of an operation whose results are
// named: groups[i] is the first result of group i, names[i] its name or ""
// when the group is numbered, ids[i] that number.
type opNaming struct {
	groups []int
	names  []string
	ids    []int32
}

// group returns the group holding result idx.
func (n *opNaming) group(idx int) int {
	g := 0
	for i, start := range n.groups {
		if start <= idx {
			g = i
		}
	}
	return g
}

// sanitizeValueName is MLIR's sanitizeIdentifier for value names.
func sanitizeValueName(name string) string {
	ok := func(c byte) bool { return isLetter(c) || isDigit(c) || strings.IndexByte("$._-", c) >= 0 }
	clean := !isDigit(name[0])
	for i := 0; i < len(name) && clean; i++ {
		clean = ok(name[i])
	}
	if clean {
		return name
	}
	var b strings.Builder
	if isDigit(name[0]) {
		b.WriteByte('_')
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case ok(c):
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('_')
		default:
			b.WriteString(strings.ToUpper(strconv.FormatUint(uint64(c), 16)))
		}
	}
	return b.String()
}

// nameResults applies the op's AsmResultNames, as MLIR's
// numberValuesInOp with setResultNameFn, and numbers the first result when
// it stays unnamed.
func (p *printer) nameResults(op *ir.Operation, cur **nameScope, parent *nameScope, nextValue, nextConflict *int32) {
	n := &opNaming{groups: []int{0}, names: []string{""}, ids: []int32{-1}}
	op.Def().AsmResultNames(op, func(idx int, name string) {
		if idx < 0 || idx >= op.NumResults() {
			return
		}
		g := -1
		for i, start := range n.groups {
			if start == idx {
				g = i
			}
		}
		if g < 0 {
			n.groups = append(n.groups, idx)
			n.names = append(n.names, "")
			n.ids = append(n.ids, -1)
			g = len(n.groups) - 1
		}
		if name == "" {
			n.ids[g] = *nextValue
			*nextValue++
			return
		}
		name = claimName(cur, parent, name, nextConflict)
		n.names[g] = name
	})
	// Sort the groups by first result, keeping names and numbers aligned.
	for i := 1; i < len(n.groups); i++ {
		for j := i; j > 0 && n.groups[j] < n.groups[j-1]; j-- {
			n.groups[j], n.groups[j-1] = n.groups[j-1], n.groups[j]
			n.names[j], n.names[j-1] = n.names[j-1], n.names[j]
			n.ids[j], n.ids[j-1] = n.ids[j-1], n.ids[j]
		}
	}
	if n.names[0] == "" && n.ids[0] < 0 {
		n.ids[0] = *nextValue
		*nextValue++
	}
	if p.opNames == nil {
		p.opNames = map[*ir.Operation]*opNaming{}
	}
	p.opNames[op] = n
}

// claimName returns the name a value asking for name gets in the scope
// *cur (created under parent on first use): name sanitized, with the
// next conflict number appended if the scope or an enclosing one already
// has it, as MLIR's SSANameState does; the name is then taken.
func claimName(cur **nameScope, parent *nameScope, name string, nextConflict *int32) string {
	name = sanitizeValueName(name)
	if *cur == nil {
		*cur = &nameScope{parent: parent}
	}
	if (*cur).has(name) {
		base := name + "_"
		for {
			name = base + strconv.Itoa(int(*nextConflict))
			*nextConflict++
			if !(*cur).has(name) {
				break
			}
		}
	}
	if (*cur).names == nil {
		(*cur).names = map[string]bool{}
	}
	(*cur).names[name] = true
	return name
}

// nameBlockArgs applies the AsmBlockArgNames of r's parent op, as MLIR's
// numberValuesInRegion with setBlockArgNameFn: a named argument gets a
// unique name in the region's scope, an argument named "" the next value
// number.
func (p *printer) nameBlockArgs(op *ir.Operation, r *ir.Region, cur **nameScope, parent *nameScope, nextValue, nextConflict *int32) {
	op.Def().AsmBlockArgNames(op, r, func(a *ir.BlockArgument, name string) {
		if a == nil || a.Owner() == nil || a.Owner().Parent() != r {
			return
		}
		if _, done := p.argStrNames[a]; done {
			return
		}
		if _, done := p.argNames[a]; done {
			return
		}
		if name == "" {
			p.argNames[a] = argName{*nextValue, false}
			*nextValue++
			return
		}
		name = claimName(cur, parent, name, nextConflict)
		if p.argStrNames == nil {
			p.argStrNames = map[*ir.BlockArgument]string{}
		}
		p.argStrNames[a] = name
	})
}

func (p *printer) numberValues(top *ir.Operation) {
	// Size the tables up front: growing maps of a million entries costs more
	// than one extra walk.
	nOps, nArgs, nBlocks := 0, 0, 0
	top.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		nOps++
		for i := 0; i < op.NumRegions(); i++ {
			for b := op.Region(i).First(); b != nil; b = b.Next() {
				nBlocks++
				nArgs += b.NumArguments()
			}
		}
		return true
	})
	p.opIDs = make(map[*ir.Operation]int32, nOps)
	p.argNames = make(map[*ir.BlockArgument]argName, nArgs)
	p.blockIDs = make(map[*ir.Block]int32, nBlocks)
	p.blockSeq = make(map[*ir.Block]int32, nBlocks)
	var nextValue, nextArg int32
	var stack []nameCtx
	for i := 0; i < top.NumRegions(); i++ {
		stack = append(stack, nameCtx{r: top.Region(i)})
	}
	if top.NumResults() > 0 {
		p.opIDs[top] = nextValue
		nextValue++
	}
	var nextConflict int32
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// Generic printing implies unique SSA ids: the counters carry on
		// across sibling regions (visited last-first) instead of restarting.
		if !p.opts.Generic {
			nextValue, nextArg, nextConflict = c.nextValue, c.nextArgument, c.nextConflict
		}
		// cur is the scope of names defined in this region, made when the
		// first one is.
		var cur *nameScope
		argsNamed := false
		if !p.opts.Generic {
			if po := c.r.ParentOp(); po != nil {
				if d := po.Def(); d != nil && d.AsmBlockArgNames != nil {
					p.nameBlockArgs(po, c.r, &cur, c.scope, &nextValue, &nextConflict)
					argsNamed = true
				}
			}
		}
		var blockID int32
		for b := c.r.First(); b != nil; b = b.Next() {
			p.blockIDs[b] = blockID
			blockID++
			entry := b.IsEntry()
			for _, a := range b.Arguments() {
				if argsNamed {
					if _, ok := p.argStrNames[a]; ok {
						continue
					}
					if n, ok := p.argNames[a]; ok && !n.isArg {
						continue
					}
				}
				if entry {
					p.argNames[a] = argName{nextArg, true}
					nextArg++
				} else {
					p.argNames[a] = argName{nextValue, false}
					nextValue++
				}
			}
			start, named := nextValue, false
			// The segments of a long block; the first is kept apart so
			// that short blocks allocate nothing.
			var first segment
			var segs []segment
			n := 0
			for op := b.First(); op != nil; op = op.Next() {
				switch {
				case n == 0:
					first = segment{op, nextValue}
				case n == printSegment:
					segs = append(segs, first, segment{op, nextValue})
				case n%printSegment == 0:
					segs = append(segs, segment{op, nextValue})
				}
				n++
				if !p.opts.Generic && op.NumResults() > 0 {
					if d := op.Def(); d != nil && d.AsmResultNames != nil {
						p.nameResults(op, &cur, c.scope, &nextValue, &nextConflict)
						named = true
						continue
					}
				}
				if op.NumResults() > 0 {
					p.opIDs[op] = nextValue
					nextValue++
				}
			}
			if !named {
				p.blockSeq[b] = start
			}
			if segs != nil {
				if p.segments == nil {
					p.segments = map[*ir.Block][]segment{}
				}
				p.segments[b] = segs
			}
		}
		scope := c.scope
		if cur != nil {
			scope = cur
		}
		for b := c.r.First(); b != nil; b = b.Next() {
			for op := b.First(); op != nil; op = op.Next() {
				for i := 0; i < op.NumRegions(); i++ {
					stack = append(stack, nameCtx{op.Region(i), nextValue, nextArg, scope, nextConflict})
				}
			}
		}
	}
}

func (p *printer) writeInt(v int64) {
	p.scratch = strconv.AppendInt(p.scratch[:0], v, 10)
	p.w.Write(p.scratch)
}

func (p *printer) writeUint(v uint64) {
	p.scratch = strconv.AppendUint(p.scratch[:0], v, 10)
	p.w.Write(p.scratch)
}

// opID returns the number of op's results, through a small direct-mapped
// cache in front of the table: operands mostly name values defined a few
// lines above.
func (p *printer) opID(op *ir.Operation) (int32, bool) {
	// Fibonacci hashing spreads objects that sit at the same offset of
	// different 8 KiB spans over the whole cache.
	slot := &p.idCache[(uint64(uintptr(unsafe.Pointer(op)))*0x9E3779B97F4A7C15)>>(64-9)]
	if slot.op == op {
		return slot.id, true
	}
	id, ok := p.opIDs[op]
	if ok {
		slot.op, slot.id = op, id
	}
	return id, ok
}

// primeID records op's number in the cache ahead of printing it.
func (p *printer) primeID(op *ir.Operation, id int32) {
	slot := &p.idCache[(uint64(uintptr(unsafe.Pointer(op)))*0x9E3779B97F4A7C15)>>(64-9)]
	slot.op, slot.id = op, id
}

func (p *printer) printValueID(v ir.Value, withResultNo bool) {
	switch v := v.(type) {
	case *ir.OpResult:
		op := v.Owner()
		if n := p.opNames[op]; n != nil {
			p.printNamedResult(n, v, withResultNo)
			return
		}
		id, ok := p.opID(op)
		if !ok {
			p.w.WriteString("<<UNKNOWN SSA VALUE>>")
			return
		}
		p.w.WriteByte('%')
		p.writeInt(int64(id))
		if withResultNo && op.NumResults() > 1 {
			p.w.WriteByte('#')
			p.writeInt(int64(v.Index()))
		}
	case *ir.BlockArgument:
		if s, ok := p.argStrNames[v]; ok {
			p.w.WriteByte('%')
			p.w.WriteString(s)
			return
		}
		n, ok := p.argNames[v]
		if !ok {
			p.w.WriteString("<<UNKNOWN SSA VALUE>>")
			return
		}
		if n.isArg {
			p.w.WriteString("%arg")
		} else {
			p.w.WriteByte('%')
		}
		p.writeInt(int64(n.n))
	default:
		p.w.WriteString("<<NULL VALUE>>")
	}
}

// printNamedResult prints a result of an operation with named result
// groups: the group's name or number, and `#i` within a group of several.
func (p *printer) printNamedResult(n *opNaming, v *ir.OpResult, withResultNo bool) {
	g := n.group(v.Index())
	p.w.WriteByte('%')
	if n.names[g] != "" {
		p.w.WriteString(n.names[g])
	} else {
		p.writeInt(int64(n.ids[g]))
	}
	end := v.Owner().NumResults()
	if g+1 < len(n.groups) {
		end = n.groups[g+1]
	}
	if withResultNo && end-n.groups[g] > 1 {
		p.w.WriteByte('#')
		p.writeInt(int64(v.Index() - n.groups[g]))
	}
}

func (p *printer) printBlockName(b *ir.Block) {
	id, ok := p.blockIDs[b]
	if !ok {
		p.w.WriteString("^INVALIDBLOCK")
		return
	}
	p.w.WriteString("^bb")
	p.writeInt(int64(id))
}

// ---- Operations ----

func (p *printer) printTopLevel(op *ir.Operation) {
	p.aliases.print(p, false)
	p.printFullOpWithIndentAndLoc(op)
	p.w.WriteByte('\n')
	p.aliases.print(p, true)
	p.printFileMetadata()
}

func (p *printer) writeIndent() {
	for i := 0; i < p.indent; i++ {
		p.w.WriteByte(' ')
	}
}

func (p *printer) printFullOpWithIndentAndLoc(op *ir.Operation) {
	p.writeIndent()
	p.printFullOp(op)
	p.printTrailingLocation(op.Loc(), true)
}

func (p *printer) printFullOp(op *ir.Operation) {
	if names := p.opNames[op]; names != nil {
		// Result groups: `%a, %b:2 = `.
		for i, start := range names.groups {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printValueID(op.Result(start), false)
			end := op.NumResults()
			if i+1 < len(names.groups) {
				end = names.groups[i+1]
			}
			if end-start > 1 {
				p.w.WriteByte(':')
				p.writeInt(int64(end - start))
			}
		}
		p.w.WriteString(" = ")
	} else if n := op.NumResults(); n > 0 {
		p.printValueID(op.Result(0), false)
		if n > 1 {
			p.w.WriteByte(':')
			p.writeInt(int64(n))
		}
		p.w.WriteString(" = ")
	}
	p.printCustomOrGenericOp(op)
}

// printCustomOrGenericOp prints op without its results: in its custom
// form when it has one and the generic form is not requested (MLIR's
// OpAsmPrinter::printCustomOrGenericOp).
func (p *printer) printCustomOrGenericOp(op *ir.Operation) {
	if !p.opts.Generic {
		if d := op.Def(); d != nil && d.Print != nil {
			name := op.Name()
			if dd := p.defaultDialect; dd != "" && strings.Count(name, ".") == 1 && strings.HasPrefix(name, dd+".") {
				name = name[len(dd)+1:]
			}
			p.w.WriteString(name)
			d.Print(&OpPrinter{p: p}, op)
			return
		}
	}
	p.printGenericOp(op)
}

func (p *printer) printTrailingLocation(l ir.Location, allowAlias bool) {
	if !p.opts.DebugInfo || l == nil {
		return
	}
	p.w.WriteByte(' ')
	p.printLocation(l, allowAlias)
}

func (p *printer) printGenericOp(op *ir.Operation) {
	p.printEscapedString(op.Name())
	p.w.WriteByte('(')
	for i := 0; i < op.NumOperands(); i++ {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.printValueID(op.Operand(i), true)
	}
	p.w.WriteByte(')')
	if n := op.NumSuccessors(); n > 0 {
		p.w.WriteByte('[')
		for i := 0; i < n; i++ {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printBlockName(op.Successor(i))
		}
		p.w.WriteByte(']')
	}
	if props := op.Properties(); props != nil {
		p.w.WriteString(" <")
		p.printAttribute(props, elideNever)
		p.w.WriteByte('>')
	}
	if n := op.NumRegions(); n > 0 {
		p.w.WriteString(" (")
		for i := 0; i < n; i++ {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printRegion(op.Region(i), true, true, true)
		}
		p.w.WriteByte(')')
	}
	if d := op.Attrs(); d != nil {
		p.printOptionalAttrDict(d.Entries, nil, false)
	}
	p.w.WriteString(" : ")
	p.printFunctionalType(op)
}

func (p *printer) printFunctionalType(op *ir.Operation) {
	p.w.WriteByte('(')
	for i := 0; i < op.NumOperands(); i++ {
		if i > 0 {
			p.w.WriteString(", ")
		}
		if v := op.Operand(i); v != nil {
			p.printType(v.Type())
		} else {
			p.w.WriteString("<<NULL TYPE>>")
		}
	}
	p.w.WriteString(") -> ")
	n := op.NumResults()
	if n == 1 {
		if _, isFn := op.Result(0).Type().(*ir.FunctionType); !isFn {
			p.printType(op.Result(0).Type())
			return
		}
	}
	p.w.WriteByte('(')
	for i := 0; i < n; i++ {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.printType(op.Result(i).Type())
	}
	p.w.WriteByte(')')
}

func (p *printer) printRegion(r *ir.Region, printEntryArgs, printTerminators, printEmptyBlock bool) {
	p.w.WriteString("{\n")
	if entry := r.First(); entry != nil {
		saved := p.defaultDialect
		p.defaultDialect = ""
		if d := r.ParentOp().Def(); d != nil {
			p.defaultDialect = d.DefaultDialect
		}
		defer func() { p.defaultDialect = saved }()
		always := (printEmptyBlock && entry.Empty()) || (printEntryArgs && entry.NumArguments() != 0)
		p.printBlock(entry, always, printTerminators)
		for b := entry.Next(); b != nil; b = b.Next() {
			p.printBlock(b, true, true)
		}
	}
	p.writeIndent()
	p.w.WriteByte('}')
}

func (p *printer) printBlock(b *ir.Block, printHeader, printTerminator bool) {
	if printHeader {
		p.writeIndent()
		p.printBlockName(b)
		if b.NumArguments() > 0 {
			p.w.WriteByte('(')
			for i, a := range b.Arguments() {
				if i > 0 {
					p.w.WriteString(", ")
				}
				p.printValueID(a, true)
				p.w.WriteString(": ")
				p.printType(a.Type())
				p.printTrailingLocation(a.Loc, false)
			}
			p.w.WriteByte(')')
		}
		p.w.WriteByte(':')
		p.printPredecessors(b)
		p.w.WriteByte('\n')
	}
	p.indent += 2
	last := b.Last()
	if !printTerminator && last != nil && last.HasTrait(ir.IsTerminator) {
		last = last.Prev()
	}
	seq, hasSeq := p.blockSeq[b]
	if segs := p.segments[b]; segs != nil && p.fork == nil && !p.opts.Sequential && runtime.GOMAXPROCS(0) > 1 {
		p.printOpsParallel(segs, last, hasSeq)
	} else if last != nil {
		p.printOps(b.First(), last, seq, hasSeq)
	}
	p.indent -= 2
}

// printOps prints the operations from first to last (included), the
// result numbers of the block being in sequence from seq when hasSeq.
func (p *printer) printOps(first, last *ir.Operation, seq int32, hasSeq bool) {
	for op := first; ; op = op.Next() {
		if hasSeq && op.NumResults() > 0 {
			p.primeID(op, seq)
			seq++
		}
		p.printFullOpWithIndentAndLoc(op)
		p.w.WriteByte('\n')
		if op == last {
			return
		}
	}
}

func (p *printer) printPredecessors(b *ir.Block) {
	if b.Parent() == nil {
		p.w.WriteString("  // block is not in a region!")
		return
	}
	u := b.FirstUse()
	if u == nil {
		if !b.IsEntry() {
			p.w.WriteString("  // no predecessors")
		}
		return
	}
	var preds []*ir.Block
	for ; u != nil; u = u.Next() {
		preds = append(preds, u.Owner().Block())
	}
	// As Block::getSinglePredecessor: one use, not one distinct block, so
	// a block reached twice from ^bb0 has "2 preds: ^bb0, ^bb0".
	if len(preds) == 1 {
		p.w.WriteString("  // pred: ")
		p.printBlockName(preds[0])
		return
	}
	sort.SliceStable(preds, func(i, j int) bool { return p.blockOrder(preds[i]) < p.blockOrder(preds[j]) })
	p.w.WriteString("  // ")
	p.writeInt(int64(len(preds)))
	p.w.WriteString(" preds: ")
	for i, pb := range preds {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.printBlockName(pb)
	}
}

func (p *printer) blockOrder(b *ir.Block) int32 {
	if id, ok := p.blockIDs[b]; ok {
		return id
	}
	return -1
}

func (p *printer) printOptionalAttrDict(entries []ir.NamedAttr, elided []string, withKeyword bool) {
	first := true
	for _, e := range entries {
		skip := false
		for _, n := range elided {
			if n == e.Name {
				skip = true
				break
			}
		}
		if skip {
			continue
		}
		if first {
			if withKeyword {
				p.w.WriteString(" attributes")
			}
			p.w.WriteString(" {")
			first = false
		} else {
			p.w.WriteString(", ")
		}
		p.printNamedAttr(e)
	}
	if !first {
		p.w.WriteByte('}')
	}
}

func (p *printer) printNamedAttr(e ir.NamedAttr) {
	p.printKeywordOrString(e.Name)
	if _, ok := e.Value.(*ir.UnitAttr); ok {
		return
	}
	p.w.WriteString(" = ")
	p.printAttribute(e.Value, elideNever)
}

// ---- Strings ----

func isBareIdentifier(s string) bool {
	if s == "" || !(isLetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.') {
			return false
		}
	}
	return true
}

func (p *printer) printKeywordOrString(s string) {
	if isBareIdentifier(s) {
		p.w.WriteString(s)
		return
	}
	p.printEscapedString(s)
}

// appendEscaped appends s with llvm::printEscapedString's escaping.
func appendEscaped(dst []byte, s string) []byte {
	const hexd = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			dst = append(dst, '\\', '\\')
		case c >= 0x20 && c < 0x7F && c != '"':
			dst = append(dst, c)
		default:
			dst = append(dst, '\\', hexd[c>>4], hexd[c&15])
		}
	}
	return dst
}

func (p *printer) printEscapedString(s string) {
	p.scratch = append(p.scratch[:0], '"')
	p.scratch = appendEscaped(p.scratch, s)
	p.scratch = append(p.scratch, '"')
	p.w.Write(p.scratch)
}

func (p *printer) printSymbolRef(s string) {
	if s == "" {
		p.w.WriteString("@<<INVALID EMPTY SYMBOL>>")
		return
	}
	p.w.WriteByte('@')
	p.printKeywordOrString(s)
}

// ---- Types ----

func (p *printer) printType(t ir.Type) {
	if t == nil {
		p.w.WriteString("<<NULL TYPE>>")
		return
	}
	if p.aliases.printAlias(p, t.ID()) {
		return
	}
	p.printTypeImpl(t)
}

func (p *printer) printShape(shape []int64) {
	for _, d := range shape {
		if d == ir.Dynamic {
			p.w.WriteByte('?')
		} else {
			p.writeInt(d)
		}
		p.w.WriteByte('x')
	}
}

func (p *printer) printTypeImpl(t ir.Type) {
	switch t := t.(type) {
	case *ir.OpaqueType:
		printDialectSymbol(p.w, "!", t.Dialect, t.Data)
	case *ir.IndexType:
		p.w.WriteString("index")
	case *ir.FloatType:
		p.w.WriteString(t.Kind.String())
	case *ir.IntegerType:
		switch t.Signedness {
		case ir.Signed:
			p.w.WriteByte('s')
		case ir.Unsigned:
			p.w.WriteByte('u')
		}
		p.w.WriteByte('i')
		p.writeUint(uint64(t.Width))
	case *ir.FunctionType:
		p.w.WriteByte('(')
		for i, in := range t.Inputs {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printType(in)
		}
		p.w.WriteString(") -> ")
		if len(t.Results) == 1 {
			if _, isFn := t.Results[0].(*ir.FunctionType); !isFn {
				p.printType(t.Results[0])
				return
			}
		}
		p.w.WriteByte('(')
		for i, r := range t.Results {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printType(r)
		}
		p.w.WriteByte(')')
	case *ir.VectorType:
		p.w.WriteString("vector<")
		for i, d := range t.Shape {
			sc := t.Scalable != nil && t.Scalable[i]
			if sc {
				p.w.WriteByte('[')
			}
			p.writeInt(d)
			if sc {
				p.w.WriteByte(']')
			}
			p.w.WriteByte('x')
		}
		p.printType(t.Elem)
		p.w.WriteByte('>')
	case *ir.RankedTensorType:
		p.w.WriteString("tensor<")
		p.printShape(t.Shape)
		p.printType(t.Elem)
		if t.Encoding != nil {
			p.w.WriteString(", ")
			p.printAttribute(t.Encoding, elideNever)
		}
		p.w.WriteByte('>')
	case *ir.UnrankedTensorType:
		p.w.WriteString("tensor<*x")
		p.printType(t.Elem)
		p.w.WriteByte('>')
	case *ir.MemRefType:
		p.w.WriteString("memref<")
		p.printShape(t.Shape)
		p.printType(t.Elem)
		if !t.HasIdentityLayout() {
			p.w.WriteString(", ")
			p.printAttribute(t.Layout, elideMay)
		}
		if t.MemorySpace != nil {
			p.w.WriteString(", ")
			p.printAttribute(t.MemorySpace, elideMay)
		}
		p.w.WriteByte('>')
	case *ir.UnrankedMemRefType:
		p.w.WriteString("memref<*x")
		p.printType(t.Elem)
		if t.MemorySpace != nil {
			p.w.WriteString(", ")
			p.printAttribute(t.MemorySpace, elideMay)
		}
		p.w.WriteByte('>')
	case *ir.ComplexType:
		p.w.WriteString("complex<")
		p.printType(t.Elem)
		p.w.WriteByte('>')
	case *ir.TupleType:
		p.w.WriteString("tuple<")
		for i, e := range t.Types {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printType(e)
		}
		p.w.WriteByte('>')
	case *ir.NoneType:
		p.w.WriteString("none")
	case ir.DialectType:
		printDialectSymbol(p.w, "!", t.DialectName(), t.Body())
	default:
		p.w.WriteString("<<UNKNOWN TYPE>>")
	}
}

// isSimpleForPrettyForm is MLIR's isDialectSymbolSimpleEnoughForPrettyForm.
func isSimpleForPrettyForm(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	i := 0
	for i < len(s) && (isLetter(s[i]) || isDigit(s[i]) || s[i] == '.' || s[i] == '_') {
		i++
	}
	if i == len(s) {
		return true
	}
	return s[i] == '<' && s[len(s)-1] == '>'
}

func printDialectSymbol(w *bufio.Writer, prefix, dialect, data string) {
	w.WriteString(prefix)
	w.WriteString(dialect)
	if isSimpleForPrettyForm(data) {
		w.WriteByte('.')
		w.WriteString(data)
		return
	}
	w.WriteByte('<')
	w.WriteString(data)
	w.WriteByte('>')
}

// ---- Attributes ----

type elision uint8

const (
	elideNever elision = iota
	elideMay
	elideMust
)

func (p *printer) printAttribute(a ir.Attribute, el elision) {
	if a == nil {
		p.w.WriteString("<<NULL ATTRIBUTE>>")
		return
	}
	if l, ok := a.(ir.Location); ok {
		if p.aliases.printLocAlias(p, l) {
			return
		}
	} else if p.aliases.printAlias(p, a.ID()) {
		return
	}
	p.printAttributeImpl(a, el)
}

func (p *printer) printAttributeImpl(a ir.Attribute, el elision) {
	var typ ir.Type
	switch a := a.(type) {
	case *ir.OpaqueAttr:
		printDialectSymbol(p.w, "#", a.Dialect, a.Data)
		typ = a.Type
	case *ir.UnitAttr:
		p.w.WriteString("unit")
		return
	case *ir.DistinctAttr:
		id, ok := p.distinct[a]
		if !ok && p.fork != nil {
			// Numbered in print order: only a sequential print knows.
			p.fork.diverged.Store(true)
		} else if !ok {
			id = uint64(len(p.distinct))
			p.distinct[a] = id
		}
		p.w.WriteString("distinct[")
		p.writeUint(id)
		p.w.WriteString("]<")
		if _, isUnit := a.Ref.(*ir.UnitAttr); !isUnit {
			p.printAttribute(a.Ref, elideNever)
		}
		p.w.WriteByte('>')
		return
	case *ir.DictionaryAttr:
		p.w.WriteByte('{')
		for i, e := range a.Entries {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printNamedAttr(e)
		}
		p.w.WriteByte('}')
		return
	case *ir.IntegerAttr:
		if it, ok := a.Type.(*ir.IntegerType); ok && it.Width == 1 && it.Signedness == ir.Signless {
			if a.Lo != 0 {
				p.w.WriteString("true")
			} else {
				p.w.WriteString("false")
			}
			return
		}
		p.printAPInt(a)
		if el == elideMay {
			if it, ok := a.Type.(*ir.IntegerType); ok && it.Width == 64 && it.Signedness == ir.Signless {
				return
			}
		}
		typ = a.Type
	case *ir.FloatAttr:
		fs, isHex := apfloat.FromBits(apfloat.ByName(a.Type.Kind.String()), a.Bits[0], a.Bits[1]).MLIRString()
		p.w.WriteString(fs)
		// A hexadecimal bit pattern never elides its type, even f64.
		if el == elideMay && a.Type.Kind == ir.F64 && !isHex {
			return
		}
		typ = a.Type
	case *ir.StringAttr:
		p.printEscapedString(a.Value)
		typ = a.Type
	case *ir.ArrayAttr:
		p.w.WriteByte('[')
		for i, e := range a.Elems {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printAttribute(e, elideMay)
		}
		p.w.WriteByte(']')
		return
	case *ir.AffineMapAttr:
		p.w.WriteString("affine_map<")
		p.w.WriteString(a.Map.String())
		p.w.WriteByte('>')
		return
	case *ir.IntegerSetAttr:
		p.w.WriteString("affine_set<")
		p.w.WriteString(a.Set.String())
		p.w.WriteByte('>')
		return
	case *ir.TypeAttr:
		p.printType(a.Type)
		return
	case *ir.SymbolRefAttr:
		p.printSymbolRef(a.Root)
		for _, n := range a.Nested {
			p.w.WriteString("::")
			p.printSymbolRef(n)
		}
		return
	case *ir.DenseElementsAttr:
		p.w.WriteString("dense<")
		p.printDenseElements(a, true)
		p.w.WriteByte('>')
		typ = a.Type
	case *ir.DenseStringElementsAttr:
		p.w.WriteString("dense<")
		p.printDenseStrings(a)
		p.w.WriteByte('>')
		typ = a.Type
	case *ir.SparseElementsAttr:
		p.w.WriteString("sparse<")
		if idx, ok := a.Indices.(*ir.DenseElementsAttr); ok && numElementsOf(idx.Type) != 0 {
			p.printDenseElements(idx, false)
			p.w.WriteString(", ")
			switch v := a.Values.(type) {
			case *ir.DenseElementsAttr:
				p.printDenseElements(v, true)
			case *ir.DenseStringElementsAttr:
				p.printDenseStrings(v)
			}
		}
		p.w.WriteByte('>')
		typ = a.Type
	case *ir.StridedLayoutAttr:
		p.w.WriteString("strided<[")
		for i, s := range a.Strides {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printIntOrQuestion(s)
		}
		p.w.WriteByte(']')
		if a.Offset != 0 {
			p.w.WriteString(", offset: ")
			p.printIntOrQuestion(a.Offset)
		}
		p.w.WriteByte('>')
		return
	case *ir.DenseArrayAttr:
		p.w.WriteString("array<")
		p.printType(a.Elem)
		if a.Size > 0 {
			p.w.WriteString(": ")
			p.printDenseArray(a)
		}
		p.w.WriteByte('>')
		return
	case *ir.DenseResourceAttr:
		p.w.WriteString("dense_resource<")
		p.printKeywordOrString(a.Key)
		p.w.WriteByte('>')
		p.noteResource("builtin", a.Key)
		typ = a.Type
	case *ir.AttrLoc:
		p.printAttribute(a.Attr, el)
		return
	case ir.Location:
		p.printLocation(a, false)
		return
	case ir.DialectAttr:
		printDialectSymbol(p.w, "#", a.DialectName(), a.Body())
		return
	default:
		p.w.WriteString("<<UNKNOWN ATTRIBUTE>>")
		return
	}
	if el != elideMust && typ != nil {
		if _, isNone := typ.(*ir.NoneType); !isNone {
			p.w.WriteString(" : ")
			p.printType(typ)
		}
	}
}

func (p *printer) noteResource(dialect, key string) {
	for _, r := range p.resources {
		if r.dialect == dialect && r.key == key {
			return
		}
	}
	if p.fork != nil {
		// Listed in print order: only a sequential print knows.
		p.fork.diverged.Store(true)
		return
	}
	p.resources = append(p.resources, resourceRef{dialect, key})
}

func (p *printer) printIntOrQuestion(v int64) {
	if v == ir.Dynamic {
		p.w.WriteByte('?')
	} else {
		p.writeInt(v)
	}
}

func isUnsignedType(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Unsigned
}

// printAPInt prints an integer attribute's value: unsigned for unsigned
// types, signed otherwise.
func (p *printer) printAPInt(a *ir.IntegerAttr) {
	w := ir.IntOrFloatBitWidth(a.Type)
	p.printBits(a.Lo, a.Big, w, !isUnsignedType(a.Type))
}

// printBits prints a width-bit two's complement pattern, signed or not.
func (p *printer) printBits(lo uint64, bigv *big.Int, width int, signed bool) {
	if width <= 64 {
		if !signed || width == 0 {
			p.writeUint(lo)
			return
		}
		sh := uint(64 - width)
		p.writeInt(int64(lo<<sh) >> sh)
		return
	}
	v := new(big.Int)
	if bigv != nil {
		v.Set(bigv)
	} else {
		v.SetUint64(lo)
	}
	if signed && v.Bit(width-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
	}
	p.w.WriteString(v.String())
}

func (p *printer) printFloat(t *ir.FloatType, lo, hi uint64) {
	f := apfloat.FromBits(apfloat.ByName(t.Kind.String()), lo, hi)
	s, _ := f.MLIRString()
	p.w.WriteString(s)
}

func numElementsOf(t ir.ShapedType) int64 {
	shape, _ := t.ShapeDims()
	return ir.NumElements(shape)
}

// readBits reads an nbytes little-endian value at data[off:].
func readBits(data []byte, off, nbytes int) (uint64, *big.Int) {
	if nbytes <= 8 {
		var v uint64
		for i := 0; i < nbytes; i++ {
			v |= uint64(data[off+i]) << (8 * uint(i))
		}
		return v, nil
	}
	be := make([]byte, nbytes)
	for i := 0; i < nbytes; i++ {
		be[nbytes-1-i] = data[off+i]
	}
	b := new(big.Int).SetBytes(be)
	return b.Uint64(), b
}

func (p *printer) printDenseScalar(t ir.Type, data []byte, off int) {
	nb := elemStorageBytes(t)
	lo, b := readBits(data, off, nb)
	switch tt := t.(type) {
	case *ir.FloatType:
		var hi uint64
		if b != nil {
			hi = new(big.Int).Rsh(b, 64).Uint64()
		}
		p.printFloat(tt, lo, hi)
	default:
		if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
			if lo != 0 {
				p.w.WriteString("true")
			} else {
				p.w.WriteString("false")
			}
			return
		}
		p.printBits(lo, b, ir.IntOrFloatBitWidth(t), !isUnsignedType(t))
	}
}

func (p *printer) printDenseElements(a *ir.DenseElementsAttr, allowHex bool) {
	elem := a.Type.ElementType()
	n := numElementsOf(a.Type)
	eb := denseElemBytes(elem)
	if !a.Splat && allowHex && p.opts.HexThreshold != -1 && n > p.opts.HexThreshold {
		data := a.Data
		if it, ok := elem.(*ir.IntegerType); ok && it.Width == 1 {
			packed := make([]byte, (n+7)/8)
			for i := int64(0); i < n; i++ {
				if data[i] != 0 {
					packed[i/8] |= 1 << uint(i%8)
				}
			}
			data = packed
		}
		p.w.WriteString(`"0x`)
		p.w.WriteString(strings.ToUpper(hex.EncodeToString(data)))
		p.w.WriteByte('"')
		return
	}
	printElt := func(i int64) {
		off := int(i) * eb
		if c, ok := elem.(*ir.ComplexType); ok {
			sb := elemStorageBytes(c.Elem)
			p.w.WriteByte('(')
			p.printDenseScalar(c.Elem, a.Data, off)
			p.w.WriteByte(',')
			p.printDenseScalar(c.Elem, a.Data, off+sb)
			p.w.WriteByte(')')
			return
		}
		p.printDenseScalar(elem, a.Data, off)
	}
	shape, _ := a.Type.ShapeDims()
	p.printDenseShaped(a.Splat, shape, n, printElt)
}

func (p *printer) printDenseStrings(a *ir.DenseStringElementsAttr) {
	shape, _ := a.Type.ShapeDims()
	p.printDenseShaped(a.Splat, shape, ir.NumElements(shape), func(i int64) {
		p.printEscapedString(a.Strs[i])
	})
}

// printDenseShaped is MLIR's printDenseElementsAttrImpl.
func (p *printer) printDenseShaped(splat bool, shape []int64, n int64, printElt func(int64)) {
	if splat {
		printElt(0)
		return
	}
	if n == 0 {
		return
	}
	rank := len(shape)
	counter := make([]int64, rank)
	open := 0
	for idx := int64(0); idx < n; idx++ {
		if idx != 0 {
			p.w.WriteString(", ")
		}
		for open < rank {
			p.w.WriteByte('[')
			open++
		}
		printElt(idx)
		if rank > 0 {
			counter[rank-1]++
			for i := rank - 1; i > 0; i-- {
				if counter[i] >= shape[i] {
					counter[i] = 0
					counter[i-1]++
					open--
					p.w.WriteByte(']')
				}
			}
		}
	}
	for ; open > 0; open-- {
		p.w.WriteByte(']')
	}
}

func (p *printer) printDenseArray(a *ir.DenseArrayAttr) {
	nb := elemStorageBytes(a.Elem)
	if it, ok := a.Elem.(*ir.IntegerType); ok && it.Width == 1 {
		nb = 1
	}
	for i := 0; i < a.Size; i++ {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.printDenseScalar(a.Elem, a.Data, i*nb)
	}
}

// ---- Locations ----

func (p *printer) printLocation(l ir.Location, allowAlias bool) {
	p.w.WriteString("loc(")
	if !allowAlias || !p.aliases.printLocAlias(p, l) {
		p.printLocationInternal(l, true)
	}
	p.w.WriteByte(')')
}

func (p *printer) printLocationInternal(l ir.Location, topLevel bool) {
	if !topLevel && p.aliases.printLocAlias(p, l) {
		return
	}
	switch l := l.(type) {
	case *ir.UnknownLoc:
		p.w.WriteString("unknown")
	case *ir.FileLineColLoc:
		p.printEscapedString(l.File)
		p.w.WriteByte(':')
		p.writeUint(uint64(l.Line))
		p.w.WriteByte(':')
		p.writeUint(uint64(l.Col))
		if l.EndLine == l.Line && l.EndCol == l.Col {
			return
		}
		if l.EndLine == l.Line {
			p.w.WriteString(" to :")
			p.writeUint(uint64(l.EndCol))
			return
		}
		p.w.WriteString(" to ")
		p.writeUint(uint64(l.EndLine))
		p.w.WriteByte(':')
		p.writeUint(uint64(l.EndCol))
	case *ir.NameLoc:
		p.printEscapedString(l.Name)
		if _, unk := l.Child.(*ir.UnknownLoc); !unk {
			p.w.WriteByte('(')
			p.printLocationInternal(l.Child, false)
			p.w.WriteByte(')')
		}
	case *ir.CallSiteLoc:
		p.w.WriteString("callsite(")
		p.printLocationInternal(l.Callee, false)
		p.w.WriteString(" at ")
		p.printLocationInternal(l.Caller, false)
		p.w.WriteByte(')')
	case *ir.FusedLoc:
		p.w.WriteString("fused")
		if l.Metadata != nil {
			p.w.WriteByte('<')
			p.printAttribute(l.Metadata, elideNever)
			p.w.WriteByte('>')
		}
		p.w.WriteByte('[')
		for i, s := range l.Locs {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printLocationInternal(s, false)
		}
		p.w.WriteByte(']')
	case *ir.AttrLoc:
		p.printAttribute(l.Attr, elideNever)
	}
}

// ---- File metadata ----

func (p *printer) printFileMetadata() {
	res := p.opts.Resources
	started := false
	start := func() {
		if !started {
			started = true
			p.w.WriteString("\n{-#\n")
		}
	}
	hadDialect := false
	// Dialect resources: only those referenced, grouped by dialect in order of
	// first reference.
	var groups []string
	for _, r := range p.resources {
		found := false
		for _, g := range groups {
			if g == r.dialect {
				found = true
			}
		}
		if !found {
			groups = append(groups, r.dialect)
		}
	}
	for gi, g := range groups {
		first := true
		for _, r := range p.resources {
			if r.dialect != g {
				continue
			}
			e, ok := res.Blob(g, r.key)
			if !ok {
				continue
			}
			start()
			if !hadDialect {
				p.w.WriteString("  dialect_resources: {\n")
				hadDialect = true
			}
			if first {
				if gi > 0 {
					p.w.WriteString(",\n")
				}
				p.w.WriteString("    ")
				p.w.WriteString(g)
				p.w.WriteString(": {\n")
				first = false
			} else {
				p.w.WriteString(",\n")
			}
			p.w.WriteString("      ")
			p.printKeywordOrString(e.Key)
			p.w.WriteString(": ")
			p.printResourceValue(e)
		}
		if !first {
			p.w.WriteString("\n    }")
		}
	}
	if hadDialect {
		p.w.WriteString("\n  }")
	}
	if res != nil && len(res.External) > 0 {
		hadExt := false
		for gi, g := range res.External {
			if len(g.Entries) == 0 {
				continue
			}
			start()
			if !hadExt {
				if hadDialect {
					p.w.WriteString(",\n")
				}
				p.w.WriteString("  external_resources: {\n")
				hadExt = true
			} else if gi > 0 {
				p.w.WriteString(",\n")
			}
			p.w.WriteString("    ")
			p.w.WriteString(g.Name)
			p.w.WriteString(": {\n")
			for i, e := range g.Entries {
				if i > 0 {
					p.w.WriteString(",\n")
				}
				p.w.WriteString("      ")
				p.printKeywordOrString(e.Key)
				p.w.WriteString(": ")
				p.printResourceValue(e)
			}
			p.w.WriteString("\n    }")
		}
		if hadExt {
			p.w.WriteString("\n  }")
		}
	}
	if started {
		p.w.WriteString("\n#-}\n")
	}
}

func (p *printer) printResourceValue(e ir.ResourceEntry) {
	switch e.Kind {
	case ir.ResourceBool:
		p.w.WriteString(e.Value)
	case ir.ResourceBlob:
		p.w.WriteString(`"0x`)
		p.w.WriteString(strings.ToUpper(e.Value[2:]))
		p.w.WriteByte('"')
	default:
		p.printEscapedString(e.Value)
	}
}
