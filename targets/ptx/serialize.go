package ptx

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/gpu"
	"github.com/strata-ir/strata/dialects/nvvm"
)

func init() { gpu.AttachSerializer[*nvvm.TargetAttr](Serialize) }

// Serialize is the serializer of #nvvm.target (gpu-module-to-binary):
// the object of a gpu.module at the llvm and nvvm level, in the format
// opts asks for:
//
//   - assembly: the PTX that Emit writes for the target's chip and
//     features;
//   - offload: the gpu.module itself, printed in the generic form with
//     its locations (upstream puts LLVM bitcode there: IR meant for a
//     later code generation); the SIMT interpreter runs it and the CUDA
//     engine emits its PTX when it loads it;
//   - bin: the cubin that ptxas makes of the PTX (-arch=chip -O<level>
//     and the target's and the pass's command-line options);
//   - fatbin: a fat binary of that cubin and the PTX (fatbinary).
//
// ptxas and fatbinary are looked for in the toolkit option's bin, then
// under $CUDA_ROOT, $CUDA_HOME and $CUDA_PATH, then on $PATH; without
// them, a binary format is an error located at the module. The object's
// properties hold the optimization level (O), as upstream's.
func Serialize(module *ir.Operation, target ir.Attribute, opts gpu.SerializeOptions) (*gpu.ObjectAttr, error) {
	t, ok := target.(*nvvm.TargetAttr)
	if !ok {
		return nil, Errorf(module, "expected an #nvvm.target")
	}
	ctx := module.Context()
	props := ctx.DictionaryAttr([]ir.NamedAttr{{Name: "O", Value: ctx.IntegerAttr(ctx.I(32), t.O)}})
	if opts.Format == gpu.FormatOffload {
		var b bytes.Buffer
		if err := asm.Print(&b, module, asm.PrintOptions{Generic: true, DebugInfo: true, LocalScope: true, Sequential: true}); err != nil {
			return nil, Errorf(module, "printing the module: %v", err)
		}
		return gpu.GetObject(ctx, target, gpu.FormatOffload, nil, b.String()), nil
	}
	if len(opts.Link) > 0 || t.Link != nil && len(t.Link.Elems) > 0 {
		return nil, Errorf(module, "linking libraries into the PTX of a gpu.module is not supported")
	}
	text, err := Emit(module, Options{Chip: t.Chip, Features: t.Features})
	if err != nil {
		return nil, err
	}
	switch opts.Format {
	case gpu.FormatAssembly:
		return gpu.GetObject(ctx, target, gpu.FormatAssembly, props, text), nil
	case gpu.FormatBinary, gpu.FormatFatbin:
		bin, err := assemble(module, t, opts, text)
		if err != nil {
			return nil, err
		}
		return gpu.GetObject(ctx, target, opts.Format, props, string(bin)), nil
	}
	return nil, Errorf(module, "unknown object format %q", opts.Format)
}

// tool returns the path of a CUDA toolkit program.
func tool(toolkit, name string) (string, error) {
	var dirs []string
	if toolkit != "" {
		dirs = append(dirs, filepath.Join(toolkit, "bin"))
	}
	for _, env := range []string{"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"} {
		if d := os.Getenv(env); d != "" {
			dirs = append(dirs, filepath.Join(d, "bin"))
		}
	}
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return exec.LookPath(name)
}

// assemble runs ptxas (and fatbinary for a fat binary) on text.
func assemble(module *ir.Operation, t *nvvm.TargetAttr, opts gpu.SerializeOptions, text string) ([]byte, error) {
	ptxas, err := tool(opts.Toolkit, "ptxas")
	if err != nil {
		return nil, Errorf(module, "Couldn't find the `ptxas` binary. Please specify the toolkit path, add the compiler to $PATH, or set one of the environment variables CUDA_ROOT, CUDA_HOME or CUDA_PATH.")
	}
	dir, err := os.MkdirTemp("", "strata-ptx-")
	if err != nil {
		return nil, Errorf(module, "%v", err)
	}
	defer os.RemoveAll(dir)
	in, cubin := filepath.Join(dir, "module.ptx"), filepath.Join(dir, "module.cubin")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		return nil, Errorf(module, "%v", err)
	}
	args := []string{"-arch=" + t.Chip, "-O" + strconv.FormatInt(t.O, 10)}
	if t.Flags != nil {
		if l, ok := t.Flags.Get("ptxas-cmd-options").(*ir.ArrayAttr); ok {
			for _, e := range l.Elems {
				if s, ok := e.(*ir.StringAttr); ok {
					args = append(args, s.Value)
				}
			}
		}
	}
	args = append(args, strings.Fields(opts.CmdOptions)...)
	args = append(args, in, "-o", cubin)
	if err := runTool(module, ptxas, args); err != nil {
		return nil, err
	}
	if opts.Format == gpu.FormatBinary {
		return readFile(module, cubin)
	}
	fatbinary, err := tool(opts.Toolkit, "fatbinary")
	if err != nil {
		return nil, Errorf(module, "Couldn't find the `fatbinary` binary. Please specify the toolkit path, add the compiler to $PATH, or set one of the environment variables CUDA_ROOT, CUDA_HOME or CUDA_PATH.")
	}
	sm := strings.TrimSuffix(strings.TrimPrefix(t.Chip, "sm_"), "a")
	fat := filepath.Join(dir, "module.fatbin")
	if err := runTool(module, fatbinary, []string{"-64", "--create=" + fat,
		"--image3=kind=elf,sm=" + sm + ",file=" + cubin, "--image3=kind=ptx,sm=" + sm + ",file=" + in}); err != nil {
		return nil, err
	}
	return readFile(module, fat)
}

func runTool(module *ir.Operation, path string, args []string) error {
	var out bytes.Buffer
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		d := ir.NewError(module.Loc(), fmt.Sprintf("%s failed: %v", filepath.Base(path), err))
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if l != "" {
				d = d.Note(module.Loc(), l)
			}
		}
		return d
	}
	return nil
}

func readFile(module *ir.Operation, path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, Errorf(module, "%v", err)
	}
	return b, nil
}
