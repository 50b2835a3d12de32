// Package all registers the interpreter semantics of every dialect that
// has them, and the runner utilities (printMemrefF32, printF64, ...):
//
//	reg := interp.NewRegistry()
//	all.Register(reg)
//
// A program that adds a dialect of its own gives its operations semantics
// with Extend, before it runs strata-run's or strata-opt's driver.
package all

import (
	"sync"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/interp/affine"
	"github.com/strata-ir/strata/interp/amdgpu"
	"github.com/strata-ir/strata/interp/arith"
	"github.com/strata-ir/strata/interp/async"
	"github.com/strata-ir/strata/interp/cf"
	function "github.com/strata-ir/strata/interp/func"
	"github.com/strata-ir/strata/interp/gpu"
	"github.com/strata-ir/strata/interp/index"
	"github.com/strata-ir/strata/interp/linalg"
	"github.com/strata-ir/strata/interp/llvm"
	"github.com/strata-ir/strata/interp/math"
	"github.com/strata-ir/strata/interp/memref"
	"github.com/strata-ir/strata/interp/neuron"
	"github.com/strata-ir/strata/interp/nvgpu"
	"github.com/strata-ir/strata/interp/nvvm"
	"github.com/strata-ir/strata/interp/rocdl"
	"github.com/strata-ir/strata/interp/runner"
	"github.com/strata-ir/strata/interp/scf"
	"github.com/strata-ir/strata/interp/tensor"
	testinterp "github.com/strata-ir/strata/interp/test"
	"github.com/strata-ir/strata/interp/tile"
	"github.com/strata-ir/strata/interp/tpu"
	"github.com/strata-ir/strata/interp/vector"
)

// Register adds the semantics of func, arith, cf, math, index, async, scf, affine, memref,
// bufferization, tensor, tile, tpu, linalg, part of vector, llvm, gpu, nvvm,
// nvgpu, amdgpu and rocdl (on the SIMT model), neuron, test.copy of the test
// dialect, and the runner utilities, to reg,
// then the semantics added with Extend.
func Register(reg *interp.Registry) {
	function.Register(reg)
	arith.Register(reg)
	cf.Register(reg)
	math.Register(reg)
	index.Register(reg)
	async.Register(reg)
	scf.Register(reg)
	affine.Register(reg)
	memref.Register(reg)
	tensor.Register(reg)
	tile.Register(reg)
	tpu.Register(reg)
	linalg.Register(reg)
	vector.Register(reg)
	runner.Register(reg)
	llvm.Register(reg)
	gpu.Register(reg)
	nvvm.Register(reg)
	nvgpu.Register(reg)
	amdgpu.Register(reg)
	rocdl.Register(reg)
	neuron.Register(reg)
	testinterp.Register(reg)
	extensions.apply(reg)
}

// extensions are the semantics Extend added, applied after the built-in
// ones.
var extensions extensionList

type extensionList struct {
	sync.RWMutex
	fns []func(*interp.Registry)
}

func (l *extensionList) apply(reg *interp.Registry) {
	l.RLock()
	defer l.RUnlock()
	for _, fn := range l.fns {
		fn(reg)
	}
}

// Extend adds semantics that Register installs after those of the
// dialects that ship with Strata: how an out-of-tree dialect (or a
// program embedding Strata) gives its operations semantics in the
// interpreter of strata-run and --check-semantics. It is safe for
// concurrent use.
func Extend(fn func(*interp.Registry)) {
	extensions.Lock()
	defer extensions.Unlock()
	extensions.fns = append(extensions.fns, fn)
}
