#!/usr/bin/env bash
# Builds what bench/bench.py needs on a GPU machine into DIR: static
# strata-opt, strata-translate, strata-run and strata-tune (CGO_ENABLED=0)
# and the runner itself.
#
#   scripts/bench-build.sh DIR
#   python3 DIR/bench.py --bin DIR --gemm 4096,4096,4096 --rows softmax:8192x8192:f32 ...
set -eu
dir=${1:?usage: scripts/bench-build.sh DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
cd "$root"
CGO_ENABLED=0 go build -o "$dir/strata-opt" ./tools/strata-opt
CGO_ENABLED=0 go build -o "$dir/strata-translate" ./tools/strata-translate
CGO_ENABLED=0 go build -o "$dir/strata-run" ./tools/strata-run
CGO_ENABLED=0 go build -o "$dir/strata-tune" ./tools/strata-tune
cp bench/bench.py "$dir/"
echo "built $dir"
