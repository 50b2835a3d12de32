// Package gpupipeline holds the gpu dialect's named pipelines:
// gpu-lower-to-nvvm-pipeline, upstream's buildLowerToNVVMPassPipeline.
package gpupipeline

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// NVVMArgument is the pipeline's command-line name.
const NVVMArgument = "gpu-lower-to-nvvm-pipeline"

// NVVMPipeline registers gpu-lower-to-nvvm-pipeline.
var NVVMPipeline = pass.PipelineRegistration{Argument: NVVMArgument,
	Summary: "The default pipeline lowers main dialects (arith, memref, scf, vector, gpu, and nvgpu) to NVVM. It starts by lowering GPU code to the specified compilation target (default is fatbin) then lowers the host code.",
	Build:   buildNVVM}

func init() { pass.RegisterPipeline(NVVMPipeline) }

// NVVMOptions are the options of gpu-lower-to-nvvm-pipeline, with
// upstream's names and defaults.
type NVVMOptions struct {
	IndexBitwidth        int64
	KernelBarePtr        bool
	HostBarePtr          bool
	CubinTriple          string
	CubinChip            string
	CubinFeatures        string
	CubinFormat          string
	OptLevel             int64
	PtxasCmdOptions      string
	AllowPatternRollback bool
}

// ParseNVVMOptions reads the option string of the pipeline.
func ParseNVVMOptions(options string) (NVVMOptions, error) {
	var o pass.Options
	index := o.Int("index-bitwidth", 64, "Bitwidth of the index type for the host (warning this should be 64 until the GPU layering is fixed)")
	kernelBare := o.Bool("kernel-bare-ptr-calling-convention", false, "Whether to use the bareptr calling convention on the kernel (warning this should be false until the GPU layering is fixed)")
	hostBare := o.Bool("host-bare-ptr-calling-convention", false, "Whether to use the bareptr calling convention on the host (warning this should be false until the GPU layering is fixed)")
	triple := o.String("cubin-triple", nvvm.DefaultTriple, "Triple to use to serialize to cubin.")
	chip := o.String("cubin-chip", nvvm.DefaultChip, "Chip to use to serialize to cubin.")
	features := o.String("cubin-features", "+ptx60", "Features to use to serialize to cubin.")
	format := o.String("cubin-format", "fatbin", "Compilation format to use to serialize to cubin.")
	opt := o.Int("opt-level", 2, "Optimization level for NVVM compilation")
	ptxas := o.String("ptxas-cmd-options", "", "Command line options to pass to the downstream compiler.")
	rollback := o.Bool("allow-pattern-rollback", true, "Allow pattern rollback during dialect conversion")
	if err := o.Parse(options); err != nil {
		return NVVMOptions{}, err
	}
	return NVVMOptions{IndexBitwidth: *index, KernelBarePtr: *kernelBare, HostBarePtr: *hostBare,
		CubinTriple: *triple, CubinChip: *chip, CubinFeatures: *features, CubinFormat: *format,
		OptLevel: *opt, PtxasCmdOptions: *ptxas, AllowPatternRollback: *rollback}, nil
}

// NVVMPipelineText returns the passes of the pipeline for o, in
// upstream's order: the common passes (nvgpu to nvvm, outlining, vector,
// scf, func, memref, the target, affine, arith, index, cleanups), the
// gpu.module's lowering to nvvm, then the host's to llvm with the
// gpu.modules serialized to gpu.binary. Upstream's convert-nvvm-to-llvm,
// which rewrites the nvvm operations without an LLVM intrinsic
// (wgmma.mma_async, mbarrier.try_wait.parity) into inline PTX, is not
// in it: Strata's PTX emitter writes those operations itself.
func NVVMPipelineText(o NVVMOptions) string {
	attach := fmt.Sprintf("nvvm-attach-target{O=%d chip=%s features=%s triple=%s", o.OptLevel, o.CubinChip, o.CubinFeatures, o.CubinTriple)
	if o.PtxasCmdOptions != "" {
		attach += " ptxas-cmd-options=" + strconv.Quote(o.PtxasCmdOptions)
	}
	attach += "}"
	passes := []string{
		"convert-nvgpu-to-nvvm",
		"gpu-kernel-outlining",
		"convert-vector-to-scf",
		"convert-scf-to-cf",
		"convert-func-to-llvm",
		"expand-strided-metadata",
		attach,
		"lower-affine",
		"convert-arith-to-llvm",
		fmt.Sprintf("convert-index-to-llvm{index-bitwidth=%d}", o.IndexBitwidth),
		"canonicalize",
		"cse",
		fmt.Sprintf("gpu.module(convert-gpu-to-nvvm{index-bitwidth=%d use-bare-ptr-memref-call-conv=%t})", o.IndexBitwidth, o.KernelBarePtr),
		"gpu.module(canonicalize)",
		"gpu.module(cse)",
		"gpu.module(reconcile-unrealized-casts)",
		fmt.Sprintf("gpu-to-llvm{use-bare-pointers-for-host=%t use-bare-pointers-for-kernels=%t}", o.HostBarePtr, o.KernelBarePtr),
		"gpu-module-to-binary{format=" + o.CubinFormat + "}",
		"convert-math-to-llvm",
		"canonicalize",
		"cse",
		"reconcile-unrealized-casts",
	}
	return strings.Join(passes, ",")
}

func buildNVVM(pm *pass.OpManager, options string) error {
	o, err := ParseNVVMOptions(options)
	if err != nil {
		return err
	}
	return pm.AddPipeline(NVVMPipelineText(o))
}
