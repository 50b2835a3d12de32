package bufferize

import (
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// This file holds the test options of the analysis (upstream's
// test-analysis-only, print-conflicts and dump-alias-sets): instead of
// rewriting the functions, the decisions of the in-place analysis are
// written onto the operations as discardable attributes, with upstream's
// names and spellings.

// The attributes the annotations write, upstream's names.
const (
	inPlaceAttr      = "__inplace_operands_attr__"
	resultAliasAttr  = "__opresult_alias_set_attr__"
	bbArgAliasAttr   = "__bbarg_alias_set_attr__"
	inPlaceTrue      = "true"
	inPlaceFalse     = "false"
	inPlaceNotTensor = "none"
)

// conflictIDs and notWritableIDs number the conflicts and the buffers
// that may not be written, as print-conflicts reports them ("C_3",
// "W_0"). Like upstream's, the numbering runs on over every run of the
// pass in a process, so that the chunks of a split input file each get
// their own numbers.
var conflictIDs, notWritableIDs atomic.Uint64

// analyzeOnly runs the analysis on each function of funcs and annotates
// it (test-analysis-only), or resolves its decisions with copies on
// tensors (InsertTensorCopies), without rewriting anything.
func (s *state) analyzeOnly(funcs, inModule []*ir.Operation) error {
	return s.analyzeFuncs(funcs, inModule, func(f *ir.Operation) error {
		// Without test-analysis-only (InsertTensorCopies), analyze
		// reports what it does not decide.
		if _, blocker := s.analyzable(f); s.opts.TestAnalysisOnly && blocker == f {
			return ir.OpError(f, "test-analysis-only: the in-place analysis does not decide a function of several blocks")
		} else if s.opts.TestAnalysisOnly && blocker != nil {
			return ir.OpError(blocker, "test-analysis-only: the in-place analysis does not decide this operation (no analysis model, or in a region of several blocks)")
		}
		s.numberOps(f)
		return s.analyze(f, s.readOnlyArg(f))
	})
}

// annotate writes the decisions of a, the analysis of f just run, onto
// f's operations (test-analysis-only): __inplace_operands_attr__, what
// callers learn with function boundaries, and the alias sets with
// dump-alias-sets.
func (s *state) annotate(f *ir.Operation, a *analysis) {
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		var marks []ir.Attribute
		for i, v := range op.Operands() {
			if !analyzed(v.Type()) {
				continue
			}
			if marks == nil {
				marks = s.priorMarks(op)
			}
			in := inPlaceFalse
			if a.inPlace[use{op, i}] {
				in = inPlaceTrue
			}
			marks[i] = s.ctx.Str(in)
		}
		if marks != nil {
			op.SetAttr(inPlaceAttr, s.ctx.ArrayAttr(marks))
		}
		return true
	})
	if !s.opts.DumpAliasSets {
		return
	}
	if s.namer == nil {
		s.namer = asm.NewValueNamer(s.module)
	}
	set := func(v ir.Value) ir.Attribute {
		var names []ir.Attribute
		for _, x := range a.aliases(v) {
			names = append(names, s.ctx.Str(s.namer.Name(x)))
		}
		return s.ctx.ArrayAttr(names)
	}
	f.Walk(ir.PostOrder, func(op *ir.Operation) bool {
		var results []ir.Attribute
		for _, r := range op.Results() {
			if analyzed(r.Type()) {
				results = append(results, set(r))
			}
		}
		if results != nil {
			op.SetAttr(resultAliasAttr, s.ctx.ArrayAttr(results))
		}
		var regions []ir.Attribute
		any := false
		for i := 0; i < op.NumRegions(); i++ {
			var blocks []ir.Attribute
			for _, b := range op.Region(i).Blocks() {
				args := []ir.Attribute{}
				for _, arg := range b.Arguments() {
					if analyzed(arg.Type()) {
						args = append(args, set(arg))
						any = true
					}
				}
				blocks = append(blocks, s.ctx.ArrayAttr(args))
			}
			regions = append(regions, s.ctx.ArrayAttr(blocks))
		}
		if any {
			op.SetAttr(bbArgAliasAttr, s.ctx.ArrayAttr(regions))
		}
		return true
	})
}

// priorMarks returns the entries of op's __inplace_operands_attr__ that
// annotate starts from: as upstream, the decisions are written into an
// annotation op already has, whose other entries are kept. An
// annotation shorter than op's operands is extended with "none" entries
// (upstream's fix of its read past the end); one that is not an array of
// strings is replaced.
func (s *state) priorMarks(op *ir.Operation) []ir.Attribute {
	var marks []ir.Attribute
	if arr, ok := op.Attr(inPlaceAttr).(*ir.ArrayAttr); ok {
		marks = slices.Clone(arr.Elems)
		for _, e := range marks {
			if _, ok := e.(*ir.StringAttr); !ok {
				marks = nil
				break
			}
		}
	}
	for len(marks) < op.NumOperands() {
		marks = append(marks, s.ctx.Str(inPlaceNotTensor))
	}
	return marks
}

// annotateConflict marks, for print-conflicts, the read r that the write
// w would make see other contents than d, the definition of what r
// reads, defines (upstream's annotateConflict).
func (s *state) annotateConflict(r, w use, d ir.Value) {
	id := "C_" + strconv.FormatUint(conflictIDs.Add(1)-1, 10)
	unit := s.ctx.Unit()
	w.op.SetAttr(id+"[CONFL-WRITE: "+strconv.Itoa(w.i)+"]", unit)
	r.op.SetAttr(id+"[READ: "+strconv.Itoa(r.i)+"]", unit)
	switch d := d.(type) {
	case *ir.OpResult:
		d.Owner().SetAttr(id+"[DEF: result "+strconv.Itoa(d.Index())+"]", unit)
	case *ir.BlockArgument:
		d.Owner().ParentOp().SetAttr(id+"[DEF: bbArg "+strconv.Itoa(d.Index())+"]", unit)
	}
}

// annotateNotWritable marks, for print-conflicts, the value v whose
// buffer may not be written (upstream's annotateNonWritableTensor).
func (s *state) annotateNotWritable(v ir.Value) {
	id := "W_" + strconv.FormatUint(notWritableIDs.Add(1)-1, 10)
	unit := s.ctx.Unit()
	switch v := v.(type) {
	case *ir.OpResult:
		v.Owner().SetAttr(id+"[NOT-WRITABLE: result "+strconv.Itoa(v.Index())+"]", unit)
	case *ir.BlockArgument:
		v.Owner().ParentOp().SetAttr(id+"[NOT-WRITABLE: bbArg "+strconv.Itoa(v.Index())+"]", unit)
	}
}

// setArgAttr sets the attribute name of f's argument i.
func (s *state) setArgAttr(f *ir.Operation, i int, name string, v ir.Attribute) {
	ins, _ := funcTypes(f)
	n := len(ins)
	elems := make([]ir.Attribute, n)
	if arr, ok := f.InherentAttr("arg_attrs").(*ir.ArrayAttr); ok && len(arr.Elems) == n {
		copy(elems, arr.Elems)
	}
	var entries []ir.NamedAttr
	if d, ok := elems[i].(*ir.DictionaryAttr); ok {
		for _, e := range d.Entries {
			if e.Name != name {
				entries = append(entries, e)
			}
		}
	}
	elems[i] = s.ctx.DictionaryAttr(append(entries, ir.NamedAttr{Name: name, Value: v}))
	for k, e := range elems {
		if e == nil {
			elems[k] = s.ctx.DictionaryAttr(nil)
		}
	}
	f.SetAttr("arg_attrs", s.ctx.ArrayAttr(elems))
}
