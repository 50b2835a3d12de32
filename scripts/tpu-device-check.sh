#!/usr/bin/env bash
# The TPU checks that need JAX (0.11.2; no TPU needed), which CI cannot
# run: from the repository root on a machine with JAX and NumPy,
#
#   scripts/tpu-device-check.sh [OUT]
#
# runs every golden Pallas file of targets/pallas/testdata/golden with
# Pallas's interpreter on random inputs against NumPy references, exports
# each kernel for platforms=["tpu"] (Pallas's own TPU lowering and block
# checks), parses and verifies the golden Mosaic modules of
# targets/mosaic/testdata/golden in JAX's MLIR context with the tpu dialect
# registered, and compares them with the Mosaic module Pallas makes of the
# same kernel (scripts/tpu_device_check.py). Results go to OUT (default
# $OUT, else ./tpu-device-check-out): tpu-device-check.txt and .json, and
# Pallas's Mosaic text per program; the exit status is the number of failed
# checks. Regenerate the goldens with
#   go test ./targets/pallas ./targets/mosaic -update
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${OUT:-$root/tpu-device-check-out}}
mkdir -p "$out"
cd "$root" || exit 1
JAX_PLATFORMS=${JAX_PLATFORMS:-cpu} python3 scripts/tpu_device_check.py \
	--pallas targets/pallas/testdata/golden --mosaic targets/mosaic/testdata/golden --out "$out"
