// Package irdl implements Strata's dialect definition language (see
// docs/dialect-language.md): the parser (participle), the constraint
// engine, the declarative assembly-format engine, and runtime dialects
// that register operations, types and attributes in an ir.Context with no
// Go code.
package irdl

import (
	"crypto/sha256"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/strata-ir/strata/core/ir"
)

// Load parses a definition file and registers its dialects in ctx: their
// operations (verifiers from constraints and traits, custom syntax from
// their formats), types and attributes. A dialect already registered in
// ctx (for example an upstream namespace without operations) gains the
// definitions. Errors are *Error values located in the file.
func Load(ctx *ir.Context, filename string, src []byte) error {
	f, err := parseCached(filename, src)
	if err != nil {
		return err
	}
	return load(ctx, filename, f, true)
}

// LoadCompiled is Load for a dialect compiled into the program: its
// operations may name hooks, which the code strata-tblgen generated
// attaches afterwards (registerHooks), so the caller must call that next.
func LoadCompiled(ctx *ir.Context, filename string, src []byte) error {
	f, err := parseCached(filename, src)
	if err != nil {
		return err
	}
	return load(ctx, filename, f, false)
}

// parsed caches the syntax trees of the files loaded so far: compiled
// dialects load the same embedded file into every context, and parsing
// is most of the cost of loading. Loading only reads the trees.
var parsed sync.Map // fileKey -> *File

type fileKey struct{ name, src string }

// parseCached is Parse through the cache; errors are not cached.
func parseCached(filename string, src []byte) (*File, error) {
	key := fileKey{filename, string(src)}
	if f, ok := parsed.Load(key); ok {
		return f.(*File), nil
	}
	if f := lookupPreparsed(key.src); f != nil {
		parsed.Store(key, f)
		return f, nil
	}
	f, err := Parse(filename, src)
	if err != nil {
		return nil, err
	}
	parsed.Store(key, f)
	return f, nil
}

// preparsed holds the syntax trees that strata-tblgen generated for the
// definition files compiled into the program, by the SHA-256 of the file
// they were generated from (Preparsed).
var (
	preparsedMu sync.Mutex
	preparsed   map[[sha256.Size]byte]*File
)

// Preparsed records f as the syntax tree of the definition file whose
// SHA-256 is sum, so that loading that file takes the tree instead of
// parsing the text. The code strata-tblgen generates calls it from init
// with the tree it parsed; a file edited since is parsed as usual, because
// its sum no longer matches. The tree must not be modified afterwards.
func Preparsed(sum [sha256.Size]byte, f *File) {
	preparsedMu.Lock()
	defer preparsedMu.Unlock()
	if preparsed == nil {
		preparsed = map[[sha256.Size]byte]*File{}
	}
	preparsed[sum] = f
}

// lookupPreparsed returns the tree recorded for src, or nil.
func lookupPreparsed(src string) *File {
	preparsedMu.Lock()
	n := len(preparsed)
	preparsedMu.Unlock()
	if n == 0 {
		return nil
	}
	sum := sha256.Sum256([]byte(src))
	preparsedMu.Lock()
	defer preparsedMu.Unlock()
	return preparsed[sum]
}

// embedded lists the definition files compiled into the program (Embed),
// in the order they were declared.
var (
	embeddedMu sync.Mutex
	embedded   []fileKey
)

// Embed declares a definition file compiled into the program, which Load
// or LoadCompiled will load: ParseEmbedded can then parse it ahead of
// time, together with the others. Dialect packages call it from init.
func Embed(filename string, src []byte) {
	embeddedMu.Lock()
	embedded = append(embedded, fileKey{filename, string(src)})
	embeddedMu.Unlock()
}

// ParseEmbedded parses the files declared with Embed that no Load has
// parsed yet and that have no syntax tree recorded with Preparsed (a file
// edited since go generate), on one goroutine per CPU, so that
// registering many dialects does not parse their definitions one after
// the other. Errors are left for Load to report.
func ParseEmbedded() {
	embeddedMu.Lock()
	var todo []fileKey
	for _, k := range embedded {
		if _, ok := parsed.Load(k); ok {
			continue
		}
		if f := lookupPreparsed(k.src); f != nil {
			parsed.Store(k, f)
			continue
		}
		todo = append(todo, k)
	}
	embeddedMu.Unlock()
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	if workers < 2 {
		return
	}
	var next atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(todo); i = int(next.Add(1)) - 1 {
				parseCached(todo[i].name, []byte(todo[i].src))
			}
		}()
	}
	wg.Wait()
}

// Check parses and checks a definition file without registering anything
// in a caller's context.
func Check(filename string, src []byte) error {
	f, err := Parse(filename, src)
	if err != nil {
		return err
	}
	return load(ir.NewContext(), filename, f, false)
}

type savedDialect struct {
	d         *ir.Dialect
	existed   bool
	summary   string
	parseType func(*ir.Context, string) (ir.Type, error)
	parseAttr func(*ir.Context, string) (ir.Attribute, error)
}

func load(ctx *ir.Context, filename string, f *File, runtime bool) (err error) {
	s := &sema{ctx: ctx, file: filename, dialects: map[string]*dialectDef{}, compiled: !runtime}
	ds, err := s.run(f)
	if err != nil {
		return err
	}
	// Register the dialects' types and attributes first, so that literals
	// in operation constraints can be parsed.
	var saved []savedDialect
	defer func() {
		if err == nil {
			return
		}
		for _, sd := range saved {
			if !sd.existed {
				continue
			}
			sd.d.Summary, sd.d.ParseType, sd.d.ParseAttr = sd.summary, sd.parseType, sd.parseAttr
		}
	}()
	for i, d := range ds {
		dd := f.Dialects[i]
		existing := ctx.Dialect(d.name)
		if existing != nil {
			if existing.ParseType != nil && len(d.types) > 0 {
				return &Error{File: filename, Line: dd.Pos.Line, Column: dd.Pos.Column, Msg: "dialect '" + d.name + "' is already registered with its own types"}
			}
			if existing.ParseAttr != nil && len(d.attrs) > 0 {
				return &Error{File: filename, Line: dd.Pos.Line, Column: dd.Pos.Column, Msg: "dialect '" + d.name + "' is already registered with its own attributes"}
			}
			saved = append(saved, savedDialect{d: existing, existed: true, summary: existing.Summary, parseType: existing.ParseType, parseAttr: existing.ParseAttr})
		} else {
			existing = &ir.Dialect{Name: d.name}
			ctx.RegisterDialect(existing)
		}
		if d.summary != "" {
			existing.Summary = d.summary
		}
		if len(d.types) > 0 {
			existing.ParseType = dialectParseType(d)
		}
		if len(d.attrs) > 0 {
			existing.ParseAttr = dialectParseAttr(d)
		}
		if len(d.types) > 0 || len(d.attrs) > 0 {
			existing.Definitions = d
		}
	}
	for i, d := range ds {
		if err := s.resolveOps(d, f.Dialects[i]); err != nil {
			return err
		}
	}
	for _, d := range ds {
		for _, o := range d.ops {
			if len(o.hooks) > 0 && runtime {
				return &Error{File: filename, Line: o.hooksPos.Line, Column: o.hooksPos.Column,
					Msg: "op '" + o.full + "' names hooks, which a dialect loaded at run time cannot have (compile the dialect and load its file with irdl.LoadCompiled)"}
			}
		}
	}
	for _, d := range ds {
		for _, o := range d.ops {
			ctx.RegisterOp(o.opDef())
		}
	}
	recordLoaded(ctx, ds)
	return nil
}

// opDef builds the ir.OpDef of an operation.
func (o *opDef) opDef() *ir.OpDef {
	def := &ir.OpDef{Name: o.full, Summary: o.summary, Traits: o.traits, Verify: o.verify}
	for _, p := range o.props {
		def.InherentAttrs = append(def.InherentAttrs, p.name)
	}
	if len(o.props) > 0 {
		def.VerifyInherentAttrs = o.verifyInherentAttrs
	}
	if o.segOperands {
		def.InherentAttrs = append(def.InherentAttrs, operandSegments)
	}
	if o.segResults {
		def.InherentAttrs = append(def.InherentAttrs, resultSegments)
	}
	def.PropertiesFromAttr = o.propertiesFromAttr
	def.InherentAttrFits = o.inherentAttrFits
	if o.format != nil {
		def.Print = o.printOp
		def.Parse = o.parseOp
	}
	for _, id := range o.declared {
		def.AddByID(id)
	}
	if o.hasEffects {
		ir.MemoryEffectsOp.Attach(def, ir.EffectsFunc(o.effectsOf))
	}
	hasDefaults := o.segOperands || o.segResults
	for _, p := range o.props {
		if p.def != nil && !p.optional {
			hasDefaults = true
		}
	}
	if hasDefaults {
		def.PopulateDefaultProperties = o.populateDefaults
	}
	if o.namer != "" {
		namer, _ := lookupNamer(o.namer)
		def.AsmResultNames = func(op *ir.Operation, set func(int, string)) { namer(op, set) }
	} else if len(o.names) > 0 {
		names := o.names
		def.AsmResultNames = func(op *ir.Operation, set func(int, string)) {
			for i, n := range names {
				if i < op.NumResults() && n != "" {
					set(i, n)
				}
			}
		}
	}
	return def
}

// populateDefaults adds the default values of absent properties, and
// segment sizes of zeros where they are absent (the zero-initialized
// segment sizes of MLIR's property storage).
func (o *opDef) populateDefaults(ctx *ir.Context, props ir.Attribute) ir.Attribute {
	var entries []ir.NamedAttr
	if d, ok := props.(*ir.DictionaryAttr); ok {
		entries = d.Entries
	} else if props != nil {
		return props
	}
	var add []ir.NamedAttr
	for _, p := range o.props {
		if p.def == nil || p.optional {
			continue
		}
		found := false
		for _, e := range entries {
			if e.Name == p.name {
				found = true
				break
			}
		}
		if !found {
			add = append(add, ir.NamedAttr{Name: p.name, Value: p.def})
		}
	}
	addZeros := func(on bool, name string, n int) {
		if !on {
			return
		}
		for _, e := range entries {
			if e.Name == name {
				return
			}
		}
		add = append(add, ir.NamedAttr{Name: name, Value: ctx.DenseI32Array(make([]int32, n)...)})
	}
	addZeros(o.segOperands, operandSegments, len(o.operands))
	addZeros(o.segResults, resultSegments, len(o.results))
	if len(add) == 0 {
		return props
	}
	return ctx.DictionaryAttr(append(append([]ir.NamedAttr(nil), entries...), add...))
}

// AsError returns err as an *Error if it is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
