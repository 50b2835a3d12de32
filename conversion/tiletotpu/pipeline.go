package tiletotpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/pass"
	"github.com/strata-ir/strata/targets/chips"
)

// TPUPipeline registers the TPU lowering as the named pipeline
// strata-tpu-pipeline, run on a builtin.module: linalg on tensors to tile
// kernels with the chip's block sizes, tile to Mosaic kernels, then
// canonicalize and cse.
//
//	strata-opt -p 'builtin.module(strata-tpu-pipeline{chip=tpu-v6e})' in.mlir | strata-translate --mlir-to-pallas
var TPUPipeline = pass.PipelineRegistration{Argument: "strata-tpu-pipeline",
	Summary: "Lower linalg programs on tensors to Mosaic TPU kernels (linalg-to-tile, tile-to-tpu, canonicalize, cse)",
	Build: func(pm *pass.OpManager, options string) error {
		var opts pass.Options
		chip := opts.String("chip", "tpu-v5e", "The TPU: tpu-v5e or tpu-v6e")
		if err := opts.Parse(options); err != nil {
			return err
		}
		if c, ok := chips.Lookup(*chip); !ok || c.BlockRule != "tpu" {
			return fmt.Errorf("strata-tpu-pipeline: %q is not a TPU (tpu-v5e or tpu-v6e)", *chip)
		}
		return pm.AddPipeline(fmt.Sprintf("linalg-to-tile{target=%s},tile-to-tpu{chip=%s},canonicalize,cse", *chip, *chip))
	}}

func init() { pass.RegisterPipeline(TPUPipeline) }
