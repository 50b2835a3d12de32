// Package neuron defines Strata's neuron dialect: the NeuronCore of AWS
// Trainium (trn1, trn2) with the concepts of NKI's nki.isa made first
// class: tiles in SBUF and PSUM with the partition dimension first, the
// tensor, vector, scalar and GpSimd engines' instructions in
// destination-passing style, DMA between device memory and SBUF, and
// nl.affine_range / nl.sequential_range loops. Kernels, launches and SPMD
// program ids are the tile dialect's. The operations are declared in
// neuron.irdl; syntax.go holds the syntax of the loops and of dma_copy,
// verify.go the hardware rules. docs/dialects/neuron.md documents every
// operation and docs/targets/neuron.md the Trainium path.
package neuron

//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o neuron_gen.go neuron.irdl

import (
	_ "embed"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

//go:embed neuron.irdl
var definitions []byte

// definitionsFile names the embedded definitions in diagnostics.
const definitionsFile = "dialects/neuron/neuron.irdl"

func init() { irdl.Embed(definitionsFile, definitions) }

// Register adds the neuron dialect to ctx. The definitions are embedded
// and checked by the package's tests, so a failure to load them is a bug
// in this package and panics.
func Register(ctx *ir.Context) {
	if err := irdl.LoadCompiled(ctx, definitionsFile, definitions); err != nil {
		panic("neuron: loading neuron.irdl: " + err.Error())
	}
	registerHooks(ctx)
}
