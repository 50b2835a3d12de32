package pass

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// EnableCrashReproducer makes a failing run (a pass that fails, produces
// IR that does not verify, or panics) write a reproducer to path
// (--mlir-pass-pipeline-crash-reproducer): the IR as it was when the run
// started, and the pipeline and flags in the file's resources, as
// mlir-opt writes it:
//
//	module {
//	  ...
//	}
//
//	{-#
//	  external_resources: {
//	    mlir_reproducer: {
//	      pipeline: "builtin.module(func.func(cse))",
//	      disable_threading: false,
//	      verify_each: true
//	    }
//	  }
//	#-}
//
// and report it with an error at the failing operation:
//
//	error: Failures have been detected while processing an MLIR pass pipeline
//	note: Pipeline failed while executing [`CSE` on 'func.func' operation: @f]: reproducer generated at `repro.mlir`
//
// With local set (--mlir-pass-pipeline-local-reproducer), the reproducer
// holds the IR right before the failing pass and a pipeline of that pass
// alone, nested as it ran; the passes then run sequentially. Replay a
// reproducer with ApplyReproducer (--run-reproducer).
func (m *Manager) EnableCrashReproducer(path string, local bool) {
	if local {
		m.sequential = true
	}
	m.repro = &reproducer{path: path, local: local, running: map[int][]runningPass{}, parentThread: map[int]int{}}
	m.AddInstrumentation(m.repro)
}

type runningPass struct {
	pass Pass
	op   *ir.Operation
}

// reproducerCtx is an IR snapshot with the pipeline that reproduces it.
type reproducerCtx struct {
	pipeline string
	ir       *ir.Operation
}

type reproducer struct {
	NopInstrumentation
	path  string
	local bool

	mu           sync.Mutex
	m            *Manager
	root         *ir.Operation
	global       *reproducerCtx
	localStack   []*reproducerCtx
	running      map[int][]runningPass
	parentThread map[int]int
	done         bool
}

func (rp *reproducer) start(m *Manager, root *ir.Operation) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	rp.m, rp.root, rp.done = m, root, false
	rp.localStack = nil
	rp.running = map[int][]runningPass{}
	rp.parentThread = map[int]int{}
	rp.global = nil
	if !rp.local {
		parts := make([]string, len(m.passes))
		for i, p := range m.passes {
			var w indentWriter
			printPass(&w, p, false)
			parts[i] = w.String()
		}
		rp.global = &reproducerCtx{pipeline: strings.Join(parts, ", "), ir: root.Clone(nil)}
	}
}

func (rp *reproducer) finish(root *ir.Operation, err error, out *Output) {
	rp.mu.Lock()
	pending := err != nil && !rp.done && rp.global != nil
	rp.mu.Unlock()
	if pending {
		// The run failed without a failing pass (a pass could not be
		// scheduled): report at the root, as MLIR's final check does.
		rp.generate(out, root, nil)
	}
	rp.mu.Lock()
	rp.global, rp.localStack = nil, nil
	rp.mu.Unlock()
}

func (rp *reproducer) BeforePipeline(e PipelineEvent) {
	if e.Thread != e.ParentThread {
		rp.parentThread[e.Thread] = e.ParentThread
	}
}

func (rp *reproducer) BeforePass(e PassEvent) {
	if _, ok := e.Pass.(*Adaptor); ok {
		return
	}
	rp.running[e.Thread] = append(rp.running[e.Thread], runningPass{e.Pass, e.Op})
	if !rp.local {
		return
	}
	// Snapshot the whole IR and nest the pass's pipeline as it runs.
	var scopes []string
	root := e.Op
	for root.ParentOp() != nil {
		scopes = append(scopes, root.Name())
		root = root.ParentOp()
	}
	var b strings.Builder
	for i := len(scopes) - 1; i >= 0; i-- {
		b.WriteString(scopes[i] + "(")
	}
	var w indentWriter
	printPass(&w, e.Pass, false)
	b.WriteString(w.String())
	b.WriteString(strings.Repeat(")", len(scopes)))
	rp.mu.Lock()
	rp.localStack = append(rp.localStack, &reproducerCtx{pipeline: b.String(), ir: root.Clone(nil)})
	rp.mu.Unlock()
}

func (rp *reproducer) AfterPass(e PassEvent) {
	if _, ok := e.Pass.(*Adaptor); ok {
		return
	}
	if s := rp.running[e.Thread]; len(s) > 0 {
		rp.running[e.Thread] = s[:len(s)-1]
	}
	if rp.local {
		rp.mu.Lock()
		if n := len(rp.localStack); n > 0 {
			rp.localStack = rp.localStack[:n-1]
		}
		rp.mu.Unlock()
	}
}

func (rp *reproducer) AfterPassFailed(e PassEvent) {
	// The passes running on the failing goroutine and on the goroutines
	// that started it, outermost first.
	var chain [][]runningPass
	for t, seen := e.Thread, 0; seen < 64; seen++ {
		chain = append(chain, rp.running[t])
		p, ok := rp.parentThread[t]
		if !ok {
			break
		}
		t = p
	}
	var running []runningPass
	for i := len(chain) - 1; i >= 0; i-- {
		running = append(running, chain[i]...)
	}
	var local *reproducerCtx
	if rp.local {
		rp.mu.Lock()
		if n := len(rp.localStack); n > 0 {
			local = rp.localStack[n-1]
		}
		rp.mu.Unlock()
	}
	op := e.Op
	e.Out.Do(func(out *Output) {
		if rp.local {
			if local == nil || len(running) == 0 {
				return
			}
			rp.generateLocal(out, op, local, running[len(running)-1])
			return
		}
		rp.generate(out, op, running)
	})
	rp.AfterPass(e)
}

// generate writes the global reproducer once per run and reports it.
func (rp *reproducer) generate(out *Output, at *ir.Operation, running []runningPass) {
	rp.mu.Lock()
	if rp.done || rp.global == nil {
		rp.mu.Unlock()
		return
	}
	rp.done = true
	ctx := rp.global
	rp.mu.Unlock()
	desc := rp.write(ctx, rp.root.Name())
	parts := make([]string, len(running))
	for i, r := range running {
		parts[i] = describePassOp(r.pass, r.op)
	}
	d := ir.NewError(at.Loc(), "Failures have been detected while processing an MLIR pass pipeline")
	d.Note(at.Loc(), "Pipeline failed while executing ["+strings.Join(parts, ", ")+"]: "+desc)
	out.Emit(d)
}

func (rp *reproducer) generateLocal(out *Output, at *ir.Operation, ctx *reproducerCtx, failing runningPass) {
	rp.mu.Lock()
	if rp.done {
		rp.mu.Unlock()
		return
	}
	rp.done = true
	rp.mu.Unlock()
	root := ctx.ir
	desc := rp.write(ctx, root.Name())
	d := ir.NewError(at.Loc(), "Failures have been detected while processing an MLIR pass pipeline")
	d.Note(at.Loc(), "Pipeline failed while executing "+describePassOp(failing.pass, failing.op)+": "+desc)
	out.Emit(d)
}

// write prints the reproducer file and returns MLIR's description of it.
func (rp *reproducer) write(ctx *reproducerCtx, rootName string) string {
	f, err := os.Create(rp.path)
	if err != nil {
		msg := err.Error()
		if pe, ok := err.(*os.PathError); ok {
			msg = pe.Err.Error()
		}
		return "failed to create output stream: " + msg
	}
	defer f.Close()
	noThreads := rp.m.DisableThreading || rp.m.sequential
	opts := rp.m.PrintOptions
	res := &ir.Resources{}
	if opts.Resources != nil {
		res.Dialect = opts.Resources.Dialect
		res.External = append(res.External, opts.Resources.External...)
	}
	res.External = append(res.External, ir.ResourceGroup{Name: "mlir_reproducer", Entries: []ir.ResourceEntry{
		{Key: "pipeline", Kind: ir.ResourceString, Value: rootName + "(" + ctx.pipeline + ")"},
		{Key: "disable_threading", Kind: ir.ResourceBool, Value: strconv.FormatBool(noThreads)},
		{Key: "verify_each", Kind: ir.ResourceBool, Value: strconv.FormatBool(rp.m.VerifyEach)},
	}})
	opts.Resources = res
	// asm.Print ends with an empty line, as mlir-opt's output; MLIR's
	// reproducer is the operation's own print, without it.
	var b bytes.Buffer
	asm.Print(&b, ctx.ir, opts)
	if _, err := f.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n"))); err != nil {
		return "failed to create output stream: " + err.Error()
	}
	return "reproducer generated at `" + rp.path + "`"
}

// Reproducer is the configuration stored in a reproducer file's
// `mlir_reproducer` external resource. Absent entries are nil.
type Reproducer struct {
	Pipeline         *string
	DisableThreading *bool
	VerifyEach       *bool
}

// ReadReproducer extracts the reproducer configuration from the resources
// of a parsed file; it returns nil when there is none.
func ReadReproducer(res *ir.Resources) (*Reproducer, error) {
	if res == nil {
		return nil, nil
	}
	var r *Reproducer
	for _, g := range res.External {
		if g.Name != "mlir_reproducer" {
			continue
		}
		if r == nil {
			r = &Reproducer{}
		}
		for _, e := range g.Entries {
			switch e.Key {
			case "pipeline":
				if e.Kind != ir.ResourceString {
					return nil, fmt.Errorf("expected string value for 'mlir_reproducer' resource key 'pipeline'")
				}
				v := e.Value
				r.Pipeline = &v
			case "disable_threading", "verify_each":
				if e.Kind != ir.ResourceBool {
					return nil, fmt.Errorf("expected a bool value for 'mlir_reproducer' resource key '%s'", e.Key)
				}
				v := e.Value == "true"
				if e.Key == "verify_each" {
					r.VerifyEach = &v
				} else {
					r.DisableThreading = &v
				}
			default:
				return nil, fmt.Errorf("unknown 'mlir_reproducer' resource key '%s'", e.Key)
			}
		}
	}
	return r, nil
}

// ApplyReproducer configures m from the reproducer stored in a parsed
// file's resources (mlir-opt's --run-reproducer): its pipeline replaces
// m's, and its flags set DisableThreading and VerifyEach. Without a
// reproducer m is unchanged.
func (m *Manager) ApplyReproducer(res *ir.Resources) error {
	r, err := ReadReproducer(res)
	if err != nil || r == nil {
		return err
	}
	if r.Pipeline != nil {
		if err := m.Parse(*r.Pipeline); err != nil {
			return err
		}
	}
	if r.DisableThreading != nil {
		m.DisableThreading = *r.DisableThreading
	}
	if r.VerifyEach != nil {
		m.VerifyEach = *r.VerifyEach
	}
	return nil
}
