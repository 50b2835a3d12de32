#!/usr/bin/env bash
# The GPU tests of the PTX emitter and the CUDA engine, which CI cannot run.
#
#   scripts/gpu-test.sh build DIR   on the development machine: builds
#                                   strata-run and strata-translate with
#                                   CGO_ENABLED=0, emits the PTX of every
#                                   test input and of upstream's CUDA
#                                   integration tests and copies the inputs
#                                   and this script into DIR.
#   bash DIR/gpu-test.sh            on the GPU machine (CUDA 13: ptxas,
#                                   cuobjdump, nvdisasm): assembles every
#                                   PTX file with ptxas -arch=sm_90a, runs
#                                   the programs of run/testdata/cuda and
#                                   upstream's CUDA integration tests with
#                                   strata-run --engine=cuda, checks that a
#                                   PTX the JIT rejects reports the
#                                   driver's log, that the SASS carries
#                                   the .mlir lines, and runs
#                                   examples/mixed-levels. Logs go to $OUT (or
#                                   DIR/out); the exit status is the number
#                                   of failed checks.
set -u

if [ "${1:-}" = build ]; then
	dir=${2:?usage: scripts/gpu-test.sh build DIR}
	root=$(cd "$(dirname "$0")/.." && pwd)
	rm -rf "$dir" && mkdir -p "$dir/inputs" "$dir/ptx" "$dir/tiletonvgpu"
	dir=$(cd "$dir" && pwd)
	(cd "$root" && CGO_ENABLED=0 go build -ldflags="-s -w" -o "$dir/strata-run" ./tools/strata-run &&
		CGO_ENABLED=0 go build -ldflags="-s -w" -o "$dir/strata-translate" ./tools/strata-translate &&
		CGO_ENABLED=0 go test -ldflags="-s -w" -c -o "$dir/cuda.test" ./targets/cuda &&
		CGO_ENABLED=0 go test -ldflags="-s -w" -c -o "$dir/run.test" ./run &&
		CGO_ENABLED=0 go test -ldflags="-s -w" -c -o "$dir/tiletonvgpu/tiletonvgpu.test" ./conversion/tiletonvgpu) || exit 1
	cp -r "$root/conversion/tiletonvgpu/testdata" "$dir/tiletonvgpu/"
	if [ -d "$root/../shared/conformance/gpu-integration/CUDA" ]; then
		cp -r "$root/../shared/conformance/gpu-integration/CUDA" "$dir/gpu-integration"
	fi
	cp "$root"/run/testdata/cuda/*.mlir "$root"/targets/ptx/testdata/*.mlir "$dir/inputs/"
	# examples/mixed-levels: tile and nvgpu operations in one kernel,
	# lowered by tile-to-nvgpu here; the engine lowers the gpu.module, so
	# it stays out of inputs/, which strata-translate takes.
	(cd "$root" && go run ./tools/strata-opt --pass-pipeline='builtin.module(tile-to-nvgpu{chip=sm_80}, canonicalize, cse)' \
		examples/mixed-levels/mixed-levels.mlir -o "$dir/mixed-levels.nvgpu.mlir") || exit 1
	cp "$0" "$dir/gpu-test.sh"
	for f in "$dir"/inputs/*.mlir; do
		b=$(basename "$f" .mlir)
		"$dir/strata-translate" --mlir-to-ptx --chip=sm_90a "$f" -o "$dir/ptx/$b.sm_90a.ptx" || exit 1
		"$dir/strata-translate" --mlir-to-ptx --chip=sm_80 "$f" -o "$dir/ptx/$b.sm_80.ptx" 2>/dev/null || true
	done
	# The PTX of upstream's integration tests, lowered as --engine=cuda
	# lowers them, for ptxas (integration-*.ptx).
	if [ -d "$dir/gpu-integration" ]; then
		(cd "$root" && STRATA_GPU_PTX_DIR="$dir/ptx" go test ./run -run 'TestGPUIntegrationCUDALowered$' -count=1 >/dev/null) || exit 1
	fi
	echo "built $dir: $(ls "$dir/ptx" | wc -l) PTX files"
	exit 0
fi

here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
mkdir -p "$out"
log=$out/gpu-test.log
fails=0
pass() { echo "PASS $*" | tee -a "$log"; }
fail() { echo "FAIL $*" | tee -a "$log"; fails=$((fails + 1)); }

{
	echo "== machine"
	nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
	ptxas --version | tail -1
} >>"$log" 2>&1

# 1. ptxas on every emitted PTX file, for the chip it was emitted for:
# it must assemble without a warning.
for p in "$here"/ptx/*.ptx; do
	arch=sm_90a
	case $p in *.sm_80.ptx) arch=sm_80 ;; esac
	echo "-- ptxas -arch=$arch $(basename "$p")" >>"$log"
	ptxas -arch=$arch -lineinfo -v "$p" -o "${p%.ptx}.cubin" >"$out/ptxas.txt" 2>&1
	code=$?
	cat "$out/ptxas.txt" >>"$log"
	case $(basename "$p") in
	jitfail.*)
		# Valid PTX whose kernel wants more shared memory than there is.
		if [ $code -ne 0 ] && grep -q "shared" "$out/ptxas.txt"; then
			pass "ptxas -arch=$arch rejects $(basename "$p"): $(grep -m1 error "$out/ptxas.txt")"
		else
			fail "ptxas -arch=$arch accepted $(basename "$p")"
		fi ;;
	*)
		if [ $code -eq 0 ] && ! grep -qi "warning" "$out/ptxas.txt"; then
			pass "ptxas -arch=$arch $(basename "$p")"
		else
			fail "ptxas -arch=$arch $(basename "$p"): exit $code, $(grep -i -m1 -E "warning|error" "$out/ptxas.txt")"
		fi ;;
	esac
done

# 2. The programs, end to end through the CUDA driver.
run() { # name expected-exit pattern...
	local name=$1 want=$2
	shift 2
	local t0 t1
	t0=$(date +%s%N)
	"$here/strata-run" --engine=cuda -entry-point-result=i32 "$here/inputs/$name.mlir" >"$out/$name.stdout" 2>"$out/$name.stderr"
	local code=$?
	t1=$(date +%s%N)
	echo "-- $name: exit $code in $(((t1 - t0) / 1000000)) ms" >>"$log"
	cat "$out/$name.stdout" "$out/$name.stderr" >>"$log"
	if [ $code -ne "$want" ]; then
		fail "$name: exit $code, want $want"
		return
	fi
	# A program that runs returns the number of wrong results.
	if [ "$want" -eq 0 ] && [ "$(tail -n 1 "$out/$name.stdout")" != 0 ]; then
		fail "$name: $(tail -n 1 "$out/$name.stdout") wrong results"
		return
	fi
	for pat in "$@"; do
		if ! grep -qF -- "$pat" "$out/$name.stdout" "$out/$name.stderr"; then
			fail "$name: no '$pat'"
			return
		fi
	done
	pass "$name"
}
run vadd 0 "[1000,  1000.25,  1000.5,  1000.75,  1001,  1001.25,  1001.5,  1001.75]"
run reduce 0 "[-3,  -3]"
run warpsum 0 "[400000]" "[200000]"
run cluster 0 "[0,  1,  10,  11,  20,  21,  30,  31]"
run wgmma 0
run async 0 "[1,  1.25,  1.5,  1.75,  2,  2.25,  2.5,  2.75]"
run jitfail 1 "error: the CUDA driver could not load the PTX of gpu.module @kernels" "note: ptxas: "

# examples/mixed-levels on the GPU: the kernel that stages gamma with
# cp.async and a barrier beside its tile operations prints the rows its
# portable twin prints, bit for bit.
mixed_levels() {
	local f=$here/mixed-levels.nvgpu.mlir
	[ -f "$f" ] || return 0
	"$here/strata-run" --engine=cuda -e main_mixed -entry-point-result=void "$f" >"$out/mixed-levels.stdout" 2>"$out/mixed-levels.stderr"
	local code=$?
	cat "$out/mixed-levels.stdout" "$out/mixed-levels.stderr" >>"$log"
	awk '/Unranked Memref/{n++; next} {print > ("'"$out"'/mixed-levels." n ".txt")}' "$out/mixed-levels.stdout"
	if [ $code -eq 0 ] && [ -s "$out/mixed-levels.1.txt" ] && cmp -s "$out/mixed-levels.1.txt" "$out/mixed-levels.2.txt" &&
		! grep -qi nan "$out/mixed-levels.1.txt" && grep -q "^\[\[0.7344" "$out/mixed-levels.1.txt"; then
		pass "examples/mixed-levels: the mixed kernel matches the portable one"
	else
		fail "examples/mixed-levels: exit $code, the printed rows differ or are missing"
	fi
}
mixed_levels

# What kernels print (gpu.printf, lowered to vprintf) reaches strata-run's
# standard output, flushed at each synchronization.
if [ -f "$here/gpu-integration/printf.mlir" ]; then
	"$here/strata-run" --engine=cuda -e main -entry-point-result=void "$here/gpu-integration/printf.mlir" >"$out/printf.stdout" 2>"$out/printf.stderr"
	code=$?
	cat "$out/printf.stdout" "$out/printf.stderr" >>"$log"
	if [ $code -eq 0 ] && grep -qF "Hello from 0, 2, 3.000000" "$out/printf.stdout" && grep -qF "Hello from 1, 2, 3.000000" "$out/printf.stdout"; then
		pass "printf: the kernel's lines on stdout"
	else
		fail "printf: exit $code, stdout lacks the kernel's lines"
	fi
fi

# 3. The driver's own tests (copies from several goroutines, the JIT's
# log, tensor maps).
if "$here/cuda.test" -test.v >"$out/cuda-test.txt" 2>&1; then
	pass "targets/cuda tests"
else
	fail "targets/cuda tests"
fi
cat "$out/cuda-test.txt" >>"$log"

# 3a. The sm_90a GEMMs of tile-to-nvgpu assembled by ptxas (they must not
# spill to the point of failing, nor have setmaxnreg ignored).
if (cd "$here/tiletonvgpu" && ./tiletonvgpu.test -test.run 'TestSM90Ptxas$' -test.v >"$out/sm90-ptxas.txt" 2>&1); then
	pass "tile-to-nvgpu sm_90a GEMMs assemble"
else
	fail "tile-to-nvgpu sm_90a GEMMs assemble"
fi
cat "$out/sm90-ptxas.txt" >>"$log"

# 3b. Upstream's CUDA integration tests through --engine=cuda, checked
# against their CHECK lines (run.test -test.run TestGPUIntegrationCUDA).
if [ -d "$here/gpu-integration" ]; then
	if (cd "$here" && STRATA_GPU_INTEGRATION_DIR="$here/gpu-integration" timeout 300 ./run.test \
		-test.run 'TestGPUIntegrationCUDA$' -test.v >"$out/gpu-integration.txt" 2>&1); then
		pass "upstream CUDA integration tests: $(grep -o '[0-9]* of [0-9]* pass' "$out/gpu-integration.txt")"
	else
		fail "upstream CUDA integration tests: $(grep -o '[0-9]* of [0-9]* pass' "$out/gpu-integration.txt")"
	fi
	grep -E "^(=== RUN|--- |    )" "$out/gpu-integration.txt" | grep -vE "^=== RUN" | head -80 >>"$log"
fi

# 3c. The same tests through upstream's own pipeline
# (gpu-lower-to-nvvm-pipeline{cubin-format=isa}): the host code at the
# llvm level with its mgpu* calls, the kernels from gpu.binary objects
# holding Strata's PTX (run.test -test.run TestGPUIntegrationPipelineCUDA).
if [ -d "$here/gpu-integration" ]; then
	if (cd "$here" && STRATA_GPU_INTEGRATION_DIR="$here/gpu-integration" timeout 300 ./run.test \
		-test.run 'TestGPUIntegrationPipelineCUDA$' -test.v >"$out/gpu-pipeline.txt" 2>&1); then
		pass "upstream CUDA integration tests through gpu-lower-to-nvvm-pipeline: $(grep -o '[0-9]* of [0-9]* pass' "$out/gpu-pipeline.txt")"
	else
		fail "upstream CUDA integration tests through gpu-lower-to-nvvm-pipeline: $(grep -o '[0-9]* of [0-9]* pass' "$out/gpu-pipeline.txt")"
	fi
	grep -E "^(--- |    )" "$out/gpu-pipeline.txt" | head -80 >>"$log"
	if (cd "$here" && STRATA_GPU_INTEGRATION_DIR="$here/gpu-integration" STRATA_GPU_PIPELINE_FORMAT=llvm timeout 300 ./run.test \
		-test.run 'TestGPUIntegrationPipelineCUDA$' -test.v >"$out/gpu-pipeline-llvm.txt" 2>&1); then
		pass "the same with offload objects: $(grep -o '[0-9]* of [0-9]* pass' "$out/gpu-pipeline-llvm.txt")"
	else
		fail "the same with offload objects: $(grep -o '[0-9]* of [0-9]* pass' "$out/gpu-pipeline-llvm.txt")"
	fi
fi

# 4. compute-sanitizer: no invalid accesses, no shared-memory races
# (STRATA_GPU_SANITIZE, tool:program pairs, chooses fewer).
for k in ${STRATA_GPU_SANITIZE-memcheck:wgmma memcheck:reduce memcheck:async racecheck:reduce racecheck:wgmma}; do
	tool=${k%%:*} f=${k#*:}
	timeout 90 compute-sanitizer --tool "$tool" --error-exitcode 99 "$here/strata-run" --engine=cuda \
		-entry-point-result=i32 "$here/inputs/$f.mlir" >"$out/sanitizer.txt" 2>&1
	code=$?
	echo "-- compute-sanitizer --tool $tool $f: exit $code" >>"$log"
	tail -n 5 "$out/sanitizer.txt" >>"$log"
	if [ $code -eq 0 ] && grep -qE "ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors" "$out/sanitizer.txt"; then
		pass "compute-sanitizer --tool $tool $f"
	else
		fail "compute-sanitizer --tool $tool $f (exit $code)"
	fi
done

# 5. Line information: the SASS of vadd maps back to vadd.mlir's lines.
cubin=$here/ptx/vadd.sm_90a.cubin
if [ -f "$cubin" ]; then
	cuobjdump -sass "$cubin" >"$out/vadd.sass" 2>&1
	nvdisasm -g -c "$cubin" >"$out/vadd.nvdisasm" 2>&1
	if grep -q "vadd.mlir" "$out/vadd.nvdisasm" && grep -q "line 2[0-9]" "$out/vadd.nvdisasm"; then
		pass "nvdisasm -g maps the SASS of vadd to vadd.mlir"
	else
		fail "nvdisasm -g shows no vadd.mlir lines"
	fi
	grep -E "vadd.mlir|LDG|STG|FADD" "$out/vadd.nvdisasm" | head -20 >>"$log"
	if grep -qE "LDG|STG" "$out/vadd.sass"; then
		pass "cuobjdump -sass vadd"
	else
		fail "cuobjdump -sass vadd"
	fi
fi
# The tensor-core and warp instructions in the SASS.
for k in wgmma:HGMMA warpsum:SHFL.BFLY warpsum:REDUX reduce:BAR.SYNC; do
	f=${k%%:*} insn=${k#*:}
	if cuobjdump -sass "$here/ptx/$f.sm_90a.cubin" 2>/dev/null | grep -q "$insn"; then
		pass "$f SASS has $insn"
	else
		fail "$f SASS lacks $insn"
	fi
done
cuobjdump -sass "$here/ptx/wgmma.sm_90a.cubin" 2>/dev/null | grep -E "HGMMA|WARPGROUP" >>"$log"
echo "== $fails failed" | tee -a "$log"
exit $fails
