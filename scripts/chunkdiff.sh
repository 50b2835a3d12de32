# shellcheck shell=bash disable=SC2154 # ref, opt and verbose are set by the caller.
# chunkdiff.sh is sourced by the scripts that compare strata-opt with
# mlir-opt-22 on upstream test files one `// -----` chunk per process.
#
# Callers set ref (the reference tool), opt (strata-opt) and verbose (0 or
# 1), then call
#
#   chunkdiff_split FILE DIR     split FILE into DIR/c000.mlir, DIR/c001.mlir, ...
#   chunkdiff_run LABEL DIR ARGS...
#
# chunkdiff_run runs every DIR/c*.mlir through both tools. ARGS are the
# flags of one mlir-opt invocation, or of several separated by a `|` word:
# then each stage reads the previous stage's stdout, and the pipeline stops
# at the first stage that exits non-zero. A chunk is identical when every
# stage run prints the same stdout and stderr and exits alike in both
# tools. It prints the chunks that differ (with verbose=1, the first lines
# of a unified diff) and "LABEL: K of N identical", and adds N and K to the
# totals chunkdiff_total and chunkdiff_same. Each process may run
# CHUNKDIFF_TIMEOUT seconds (60 by default).
chunkdiff_timeout=${CHUNKDIFF_TIMEOUT:-60}
chunkdiff_total=0
chunkdiff_same=0

chunkdiff_split() {
	mkdir -p "$2"
	csplit -s -z -f "$2/c" -b %03d.mlir "$1" '/^\/\/ -----$/' '{*}'
}

# chunkdiff_pipe TOOL CHUNK ARGS... runs the stages of ARGS on CHUNK with
# TOOL, printing each stage's stdout, stderr and exit status; it returns
# the exit status of the last stage run.
chunkdiff_pipe() {
	local tool=$1 in=$2 tmp=$2.pipe a rc=0
	local -a stage=()
	shift 2
	for a in "$@" "|"; do
		if [ "$a" != "|" ]; then
			stage+=("$a")
			continue
		fi
		timeout "$chunkdiff_timeout" "$tool" "${stage[@]}" "$in" >"$tmp.out" 2>"$tmp.err"
		rc=$?
		cat "$tmp.out" "$tmp.err"
		echo "exit $rc"
		[ $rc != 0 ] && break
		mv "$tmp.out" "$tmp.in"
		in=$tmp.in
		stage=()
	done
	return $rc
}

chunkdiff_run() {
	local label=$1 dir=$2 n=0 k=0 c r1 r2
	shift 2
	for c in "$dir"/c*.mlir; do
		n=$((n + 1))
		chunkdiff_pipe "$ref" "$c" "$@" >"$c.ref"
		r1=$?
		chunkdiff_pipe "$opt" "$c" "$@" >"$c.got"
		r2=$?
		if cmp -s "$c.ref" "$c.got"; then
			k=$((k + 1))
		else
			echo "differs: $label chunk $((n - 1)) (exit $r1 / $r2)"
			if [ "$verbose" = 1 ]; then
				diff -u "$c.ref" "$c.got" | sed -n '3,40p'
			fi
		fi
	done
	echo "$label: $k of $n identical"
	chunkdiff_total=$((chunkdiff_total + n))
	chunkdiff_same=$((chunkdiff_same + k))
}
