# chunkdiff.sh is sourced by the scripts that compare strata-opt with
# mlir-opt-22 on upstream test files one `// -----` chunk per process.
#
# Callers set ref (the reference tool), opt (strata-opt), verbose (0 or 1)
# and work (a scratch directory), then call
#
#   chunkdiff_split FILE DIR     split FILE into DIR/c000.mlir, DIR/c001.mlir, ...
#   chunkdiff_run LABEL DIR ARGS...
#
# chunkdiff_run runs every chunk of DIR through both tools with ARGS; a chunk
# is identical when the exit statuses and the outputs (stdout and stderr
# together) are. It prints the chunks that differ (with verbose=1, the first
# lines of a unified diff) and "LABEL: K of N identical", and adds N and K
# to the totals chunkdiff_total and chunkdiff_same. Each process may run
# CHUNKDIFF_TIMEOUT seconds (60 by default).
chunkdiff_timeout=${CHUNKDIFF_TIMEOUT:-60}
chunkdiff_total=0
chunkdiff_same=0

chunkdiff_split() {
	mkdir -p "$2"
	csplit -s -z -f "$2/c" -b %03d.mlir "$1" '/^\/\/ -----$/' '{*}'
}

chunkdiff_run() {
	local label=$1 dir=$2 n=0 k=0 c r1 r2
	shift 2
	for c in "$dir"/c*.mlir; do
		n=$((n + 1))
		timeout "$chunkdiff_timeout" "$ref" "$@" "$c" >"$c.ref" 2>&1
		r1=$?
		timeout "$chunkdiff_timeout" "$opt" "$@" "$c" >"$c.got" 2>&1
		r2=$?
		if [ $r1 = $r2 ] && cmp -s "$c.ref" "$c.got"; then
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
