package run

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/targets/llvmir"
)

// The engines of strata-run.
const (
	// EngineInterp interprets the program (the default).
	EngineInterp = "interp"
	// EngineCPU compiles the program to native code through LLVM and runs
	// it.
	EngineCPU = "cpu"
)

// The CPU engine's lowering to the llvm dialect: the named pipeline
// strata-cpu-pipeline of targets/llvmir (llvmir.CPUPipeline), whose parts
// are these.
const (
	BufferizePipeline = llvmir.BufferizePipeline
	LLVMPipeline      = llvmir.LLVMPipeline
)

// CPUPipeline returns the pipeline that LowerToLLVM runs on module:
// strata-cpu-pipeline, bufferizing only modules with tensors.
func CPUPipeline(module *ir.Operation) string {
	if HasTensors(module) {
		return llvmir.CPUPipeline.Argument
	}
	return llvmir.CPUPipeline.Argument + "{bufferize=false}"
}

//go:embed runtime/runner_utils.c
var runnerUtilsC []byte

//go:embed runtime/main.c
var mainC []byte

// RunnerUtilsSource returns the C source of the CPU engine's runner
// utilities (printMemrefF32, printF64, memrefCopy, ...).
func RunnerUtilsSource() []byte { return bytes.Clone(runnerUtilsC) }

// HasTensors reports whether an operation of module has a tensor operand,
// result, block argument or function type with tensors.
func HasTensors(module *ir.Operation) bool {
	found := false
	module.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		if found {
			return false
		}
		for i := 0; i < op.NumResults(); i++ {
			found = found || isTensorType(op.Result(i).Type())
		}
		for i := 0; i < op.NumOperands(); i++ {
			found = found || isTensorType(op.Operand(i).Type())
		}
		for i := 0; i < op.NumRegions(); i++ {
			for b := op.Region(i).First(); b != nil; b = b.Next() {
				for j := 0; j < b.NumArguments(); j++ {
					found = found || isTensorType(b.Argument(j).Type())
				}
			}
		}
		if ta, ok := op.Attr("function_type").(*ir.TypeAttr); ok {
			found = found || isTensorType(ta.Type)
		}
		return !found
	})
	return found
}

func isTensorType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	case *ir.FunctionType:
		for _, x := range append(append([]ir.Type{}, t.Inputs...), t.Results...) {
			if isTensorType(x) {
				return true
			}
		}
	}
	return false
}

// LowerToLLVM lowers module in place to the llvm dialect with the CPU
// engine's pipeline (CPUPipeline). Errors are the passes' located
// diagnostics.
func LowerToLLVM(module *ir.Operation) error {
	m := pass.NewManager(module.Context(), module.Name())
	if err := m.Parse(module.Name() + "(" + CPUPipeline(module) + ")"); err != nil {
		return err
	}
	m.DisableThreading = true
	var diags ir.Diagnostics
	m.DiagHandler = func(d *ir.Diagnostic) { diags = append(diags, d) }
	if err := m.Run(module); err != nil {
		if len(diags) > 0 {
			return diags
		}
		return err
	}
	return nil
}

// ProgramExit is the failure of a compiled program: it exited with a
// non-zero status or was killed by a signal.
type ProgramExit struct {
	// Code is the exit status (128 + the signal's number for a signal).
	Code int
	// Signal is the signal that killed the program, or nil.
	Signal os.Signal
}

func (e *ProgramExit) Error() string {
	if e.Signal != nil {
		return fmt.Sprintf("the program was killed by signal: %v", e.Signal)
	}
	return fmt.Sprintf("the program exited with status %d", e.Code)
}

// Toolchain names the external programs of the CPU engine.
type Toolchain struct {
	// LLC is LLVM 16's llc; CC a C compiler and linker driver.
	LLC, CC string
}

// FindToolchain looks for llc-16 (in PATH, then /usr/lib/llvm-16/bin) and
// cc; a missing tool is an error naming its Debian package.
func FindToolchain() (Toolchain, error) {
	var tc Toolchain
	if p, err := exec.LookPath("llc-16"); err == nil {
		tc.LLC = p
	} else if _, err := os.Stat("/usr/lib/llvm-16/bin/llc"); err == nil {
		tc.LLC = "/usr/lib/llvm-16/bin/llc"
	} else {
		return tc, errors.New("--engine=cpu needs llc-16, which is not installed (Debian package llvm-16)")
	}
	p, err := exec.LookPath("cc")
	if err != nil {
		return tc, errors.New("--engine=cpu needs a C compiler 'cc', which is not installed (Debian package gcc)")
	}
	tc.CC = p
	return tc, nil
}

// entrySymbol is the name the entry function takes in the compiled
// program when its own name is the C entry point "main".
const entrySymbol = "_strata_entry_main"

// prepareEntry checks the lowered entry function against resultType and
// renames the symbol "main", which the C entry point owns. It returns the
// entry's symbol name in the object file.
func prepareEntry(module *ir.Operation, entry, resultType string) (string, error) {
	st := ir.NewSymbolTable(module)
	fn := st.Lookup(entry)
	if fn == nil {
		return "", ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	}
	ft := llvm.FunctionTypeOf(fn)
	if _, ok := llvm.AsFuncOp(fn); !ok || ft == nil {
		return "", ir.NewError(fn.Loc(), "entry point '@"+entry+"' was not lowered to an llvm.func")
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return "", ir.NewError(fn.Loc(), "entry point '@"+entry+"' has no body")
	}
	if len(ft.Params) != 0 || ft.VarArg {
		return "", ir.NewError(fn.Loc(), "entry point '@"+entry+"' must take no arguments")
	}
	got := asm.TypeString(ft.Result)
	want := resultType
	if resultType == "void" {
		want = "!llvm.void"
	}
	if got != want {
		res := "(" + got + ")"
		if got == "!llvm.void" {
			res = "()"
		}
		if resultType == "void" {
			return "", ir.NewError(fn.Loc(), "entry point '@"+entry+"' returns values but -entry-point-result=void")
		}
		return "", ir.NewError(fn.Loc(), "entry point '@"+entry+"' returns "+res+" but -entry-point-result="+resultType)
	}
	if st.Lookup("main") == nil {
		return entry, nil
	}
	if st.Lookup(entrySymbol) != nil {
		return "", ir.NewError(module.Loc(), "the symbol '@"+entrySymbol+"' is reserved by --engine=cpu")
	}
	ctx := module.Context()
	st.Lookup("main").SetAttr("sym_name", ctx.Str(entrySymbol))
	module.Walk(ir.PreOrder, func(op *ir.Operation) bool {
		ir.ReplaceSymbolRefs(op, func(r *ir.SymbolRefAttr) *ir.SymbolRefAttr {
			if r.Root == "main" && len(r.Nested) == 0 {
				return ctx.SymbolRefAttr(entrySymbol, nil)
			}
			return r
		})
		return true
	})
	if entry == "main" {
		return entrySymbol, nil
	}
	return entry, nil
}

// Compile lowers module (in place) to the llvm dialect, translates it to
// LLVM IR, compiles it with llc-16 at optimization level optLevel ("0" to
// "3", or "" for llc's default) and links it with the runner utilities and a C
// entry point that calls entry and prints its result of type resultType.
// The executable is written to exe.
func Compile(module *ir.Operation, entry, resultType, optLevel, exe string) error {
	switch resultType {
	case "i32", "i64", "f32", "f64", "void":
	default:
		return fmt.Errorf("invalid -entry-point-result=%q (want i32, i64, f32, f64 or void)", resultType)
	}
	tc, err := FindToolchain()
	if err != nil {
		return err
	}
	if fn := ir.NewSymbolTable(module).Lookup(entry); fn == nil {
		return ir.NewError(module.Loc(), "entry point '@"+entry+"' not found")
	} else if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return ir.NewError(fn.Loc(), "entry point '@"+entry+"' has no body")
	}
	if err := LowerToLLVM(module); err != nil {
		return err
	}
	sym, err := prepareEntry(module, entry, resultType)
	if err != nil {
		return err
	}
	ll, err := translate(module)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "strata-run-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	files := map[string][]byte{"prog.ll": []byte(ll), "runner_utils.c": runnerUtilsC, "main.c": mainC}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	llc := []string{"-relocation-model=pic", "-filetype=obj"}
	if optLevel != "" {
		llc = append(llc, "-O"+optLevel)
	}
	steps := [][]string{
		append(append([]string{tc.LLC}, llc...), "prog.ll", "-o", "prog.o"),
		{tc.CC, "-c", "-O2", "-fPIC", "runner_utils.c", "-o", "runner_utils.o"},
		{tc.CC, "-c", "-O2", "-fPIC", "-DSTRATA_ENTRY_SYMBOL=" + strconv.Quote(sym), "-DSTRATA_RESULT_" + strings.ToUpper(resultType), "main.c", "-o", "main.o"},
		{tc.CC, "prog.o", "runner_utils.o", "main.o", "-o", "prog", "-lm"},
	}
	for _, s := range steps {
		cmd := exec.Command(s[0], s[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s failed: %v\n%s", strings.Join(append([]string{filepath.Base(s[0])}, s[1:]...), " "), err, out)
		}
	}
	if err := os.Rename(filepath.Join(dir, "prog"), exe); err != nil {
		// A rename across file systems: copy instead.
		data, rerr := os.ReadFile(filepath.Join(dir, "prog"))
		if rerr != nil {
			return rerr
		}
		return os.WriteFile(exe, data, 0o755)
	}
	return nil
}

// translate is llvmir.Translate, reporting a failure of the translator
// itself (a panic) as an internal error located at the module.
func translate(module *ir.Operation) (ll string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.NewError(module.Loc(), fmt.Sprintf("internal error: the translation to LLVM IR failed: %v", r))
		}
	}()
	return llvmir.Translate(module)
}

// ExecuteCPU compiles module with Compile and runs the program, its
// standard output going to opts.Out and its standard error to opts.Err
// (discarded when nil). A program that fails returns a *ProgramExit with
// its status.
func ExecuteCPU(module *ir.Operation, opts Options) error {
	dir, err := os.MkdirTemp("", "strata-run-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	exe := filepath.Join(dir, "prog")
	if err := Compile(module, opts.Entry, opts.Result, opts.OptLevel, exe); err != nil {
		return err
	}
	cmd := exec.Command(exe)
	cmd.Stdout = opts.Out
	cmd.Stderr = opts.Err
	if cmd.Stderr == nil {
		cmd.Stderr = io.Discard
	}
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return &ProgramExit{Code: 128 + int(ws.Signal()), Signal: ws.Signal()}
		}
		return &ProgramExit{Code: ee.ExitCode()}
	}
	return err
}
