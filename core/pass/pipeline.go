package pass

import (
	"strconv"
	"strings"
)

// PipelineError is an error in a textual pipeline. Error returns MLIR's
// text: located errors render as LLVM's SourceMgr does, with the name
// "MLIR Textual PassPipeline Parser", the line of the pipeline and a caret:
//
//	MLIR Textual PassPipeline Parser:1:5: error: 'foo' does not refer to a registered pass or pass pipeline
//	cse,foo
//	    ^
//
// As in MLIR, positions count from the text inside the outermost anchor's
// parentheses. (mlir-opt's own message ends with one more newline.)
type PipelineError struct {
	// Msg is the message without location.
	Msg string
	// Pipeline is the full text given to the parser and Offset the byte
	// offset of the error in it, or -1 when the error has no position.
	Pipeline string
	Offset   int

	// Parser is the option error that the option parser prints on its
	// own before the diagnostic (PrintedByParser), or nil.
	Parser *OptionError

	text string // MLIR's rendering
}

func (e *PipelineError) Error() string { return e.text }

// Column returns the 1-based column of the error in Pipeline, or 0.
func (e *PipelineError) Column() int { return e.Offset + 1 }

// pipelineElement is one entry of a parsed pipeline: a pass or registered
// pipeline name with options, or an anchor with a nested pipeline.
type pipelineElement struct {
	name    string
	nameOff int // offset of name in the parsed text
	options string
	hasOpts bool
	inner   []*pipelineElement
	nested  bool // name(...) form
}

// pipelineParser parses the text inside the outermost anchor (MLIR's
// TextualPipeline). base is the offset of that text in the full pipeline.
type pipelineParser struct {
	full string
	text string
	base int
}

func (p *pipelineParser) errorAt(off int, msg string) *PipelineError {
	line, col := 1, off+1
	lineStart := 0
	for i := 0; i < off && i < len(p.text); i++ {
		if p.text[i] == '\n' {
			line++
			lineStart = i + 1
			col = off - i
		}
	}
	lineEnd := strings.IndexByte(p.text[lineStart:], '\n')
	if lineEnd < 0 {
		lineEnd = len(p.text)
	} else {
		lineEnd += lineStart
	}
	src := p.text[lineStart:lineEnd]
	caret := strings.Repeat(" ", col-1) + "^"
	return &PipelineError{
		Msg: msg, Pipeline: p.full, Offset: p.base + off,
		text: "MLIR Textual PassPipeline Parser:" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": error: " + msg + "\n" + src + "\n" + caret,
	}
}

// parse splits the text into elements, as TextualPipeline::parsePipelineText.
func (p *pipelineParser) parse() ([]*pipelineElement, error) {
	var top []*pipelineElement
	if p.text == "" {
		return nil, nil
	}
	stack := []*[]*pipelineElement{&top}
	text := p.text
	off := 0 // offset of text in p.text
	for {
		cur := stack[len(stack)-1]
		pos := strings.IndexAny(text, ",(){")
		raw := text
		if pos >= 0 {
			raw = text[:pos]
		}
		name := strings.TrimSpace(raw)
		nameOff := off + strings.Index(raw, name)
		if name == "" {
			nameOff = off + len(raw) - len(strings.TrimLeft(raw, " \t\n\v\f\r"))
		}
		el := &pipelineElement{name: name, nameOff: nameOff}
		*cur = append(*cur, el)
		if pos < 0 {
			break
		}
		text, off = text[pos:], off+pos
		switch text[0] {
		case '{':
			text, off = text[1:], off+1
			close := -1
			depth := 1
			for i := 0; i < len(text); i++ {
				if text[i] == '{' {
					depth++
				} else if text[i] == '}' {
					depth--
					if depth == 0 {
						close = i
						break
					}
				}
			}
			if close < 0 {
				return nil, p.errorAt(off-1, "missing closing '}' while processing pass options")
			}
			el.options, el.hasOpts = text[:close], true
			text, off = text[close+1:], off+close+1
		case '(':
			text, off = text[1:], off+1
			el.nested = true
			stack = append(stack, &el.inner)
			continue
		}
		// Closing parentheses, with whitespace around them, end nested
		// pipelines.
		for {
			trimmed := strings.TrimLeft(text, " \t\n\v\f\r")
			text, off = trimmed, off+len(text)-len(trimmed)
			if !strings.HasPrefix(text, ")") {
				break
			}
			text, off = text[1:], off+1
			if len(stack) == 1 {
				return nil, p.errorAt(off-1, "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline")
			}
			stack = stack[:len(stack)-1]
		}
		if text == "" {
			break
		}
		if !strings.HasPrefix(text, ",") {
			return nil, p.errorAt(off, "expected ',' after parsing pipeline")
		}
		text, off = text[1:], off+1
	}
	if len(stack) > 1 {
		return nil, p.errorAt(off, "encountered unbalanced parentheses while parsing pipeline")
	}
	if err := p.resolve(top); err != nil {
		return nil, err
	}
	return top, nil
}

// resolve checks that every leaf names a registered pass or pipeline.
func (p *pipelineParser) resolve(els []*pipelineElement) error {
	for _, el := range els {
		if len(el.inner) > 0 {
			if err := p.resolve(el.inner); err != nil {
				return err
			}
			continue
		}
		if _, ok := LookupPipeline(el.name); ok {
			continue
		}
		if _, ok := Lookup(el.name); ok {
			continue
		}
		return p.errorAt(el.nameOff, "'"+el.name+"' does not refer to a registered pass or pass pipeline")
	}
	return nil
}

// ofPipeline marks an OptionError as one of a registered pipeline's
// options.
func ofPipeline(err error) error {
	if oe, ok := err.(*OptionError); ok {
		oe.OfPipeline = true
	}
	return err
}

// addTo builds the parsed elements into pm (TextualPipeline::addToPipeline).
func (p *pipelineParser) addTo(els []*pipelineElement, pm *OpManager) error {
	for _, el := range els {
		if len(el.inner) > 0 {
			if err := p.addTo(el.inner, pm.Nest(el.name)); err != nil {
				return p.chain(el, err, "failed to add `"+el.name+"` with options `"+el.options+"` to inner pipeline")
			}
			continue
		}
		var err error
		if r, ok := LookupPipeline(el.name); ok {
			err = ofPipeline(r.Build(pm, el.options))
		} else {
			r, _ := Lookup(el.name)
			err = r.addTo(pm, el.options)
		}
		if err != nil {
			return p.chain(el, err, "failed to add `"+el.name+"` with options `"+el.options+"`")
		}
	}
	return nil
}

// chain appends MLIR's "failed to add" line to an error, as its error
// handler does: each message is followed by a newline in the stream.
func (p *pipelineParser) chain(el *pipelineElement, err error, msg string) error {
	pe, ok := err.(*PipelineError)
	if !ok {
		text := err.Error()
		var parser *OptionError
		if oe, isOpt := err.(*OptionError); isOpt {
			text = oe.DiagnosticText()
			if oe.PrintedByParser() {
				parser = oe
			}
			if oe.OfPipeline {
				// A registered pipeline's option errors end with their
				// own line; the diagnostic starts with what follows.
				pe = &PipelineError{Msg: err.Error(), Pipeline: p.full, Offset: p.base + el.nameOff, Parser: oe, text: msg}
				return pe
			}
		}
		pe = &PipelineError{Msg: err.Error(), Pipeline: p.full, Offset: p.base + el.nameOff, Parser: parser, text: text}
	}
	pe.text += "\n" + msg
	return pe
}

// ParsePipeline parses a pipeline that names its anchor,
// `builtin.module(func.func(canonicalize{max-iterations=3},cse))`, into a
// new OpManager with explicit nesting. Errors are *PipelineError.
func ParsePipeline(text string) (*OpManager, error) {
	full := text
	lead := len(text) - len(strings.TrimLeft(text, " \t\n\v\f\r"))
	text = strings.TrimSpace(text)
	start := strings.IndexByte(text, '(')
	if start <= 0 || !strings.HasSuffix(text, ")") {
		msg := "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"
		return nil, &PipelineError{Msg: msg, Pipeline: full, Offset: -1, text: msg}
	}
	pm := NewOpManager(strings.TrimRight(text[:start], " \t\n\v\f\r"))
	p := &pipelineParser{full: full, text: text[start+1 : len(text)-1], base: lead + start + 1}
	if err := p.addToPipeline(pm); err != nil {
		return nil, err
	}
	return pm, nil
}

// AddPipeline parses a list of pipeline elements without an outer anchor,
// `func.func(cse),canonicalize`, and appends them to m, resolving the
// passes in the registry. Nested pipelines are explicit; a pass restricted
// to another operation follows m's nesting mode.
func (m *OpManager) AddPipeline(text string) error {
	p := &pipelineParser{full: text, text: text}
	return p.addToPipeline(m)
}

func (p *pipelineParser) addToPipeline(pm *OpManager) error {
	els, err := p.parse()
	if err != nil {
		return err
	}
	// Build into a scratch copy so that pm is unchanged on error.
	scratch := &OpManager{anchor: pm.anchor, nesting: pm.nesting}
	if err := p.addTo(els, scratch); err != nil {
		return err
	}
	pm.passes = append(pm.passes, scratch.passes...)
	if pm.err == nil {
		pm.err = scratch.err
	}
	return nil
}
