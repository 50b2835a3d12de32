#!/bin/bash
# rundiff.sh compares strata-opt with mlir-opt-22 on upstream MLIR test
# files under the pipelines of their RUN lines, one `// -----` chunk per
# process.
#
#   scripts/rundiff.sh [-opt STRATA_OPT] [-base OTHER_OPT] [-v] FILE.mlir...
#
# Each `mlir-opt %s ...` RUN line (continuations joined, up to its first
# pipe) is run on every chunk of its file through both tools with
# -allow-unregistered-dialect. The file is split here, so
# -split-input-file and -o are left out. A RUN line without
# -verify-diagnostics on a file with expected-* lines differs wherever
# those lines are: mlir-opt-22 reports each of them as not produced even
# then (upstream issue 222689), strata-opt does not. A pass that mlir-opt-22 has and
# strata-opt does not is left out of both pipelines, and the line says
# which ("without -eliminate-empty-tensors"); a line none of whose passes
# strata-opt has is skipped. A chunk is identical when the exit statuses
# and the outputs (stdout and stderr) are; per RUN line, per file and in
# total it prints how many are. -opt, -base and -v are as for
# oneshot-diff.sh, which compares the one-shot-bufferize stages alone.
set -u
ref=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
opt=""
verbose=0
while [ $# -gt 0 ]; do
	case "$1" in
	-opt)
		opt=$2
		shift 2
		;;
	-base)
		ref=$2
		shift 2
		;;
	-v)
		verbose=1
		shift
		;;
	*) break ;;
	esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$opt" ]; then
	opt=$work/strata-opt
	go build -o "$opt" "$(dirname "$0")/../tools/strata-opt" || exit 1
fi
. "$(dirname "$0")/chunkdiff.sh"

# passes TOOL prints the pass arguments TOOL registers, one a line.
passes() {
	"$1" --help 2>&1 | sed -n 's/^      --\([a-z][a-z0-9-]*\) .*/\1/p' | sort -u
}
passes "$opt" >"$work/ours"
passes "$ref" >"$work/theirs"

for f in "$@"; do
	dir=$work/$(basename "$f" .mlir)
	chunkdiff_split "$f" "$dir"
	# The RUN lines (continuations joined), each up to its first pipe.
	mapfile -t runs < <(sed -n 's|^// RUN:||p' "$f" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
		sed -n 's/^ *mlir-opt \([^|]*\).*/\1/p')
	i=0
	for r in "${runs[@]}"; do
		i=$((i + 1))
		eval "set -- ${r//%s/}"
		args=(-allow-unregistered-dialect)
		dropped=""
		kept=0
		while [ $# -gt 0 ]; do
			a=$1
			shift
			name=${a#-}
			name=${name#-}
			name=${name%%=*}
			case "$a" in
			-split-input-file | --split-input-file | -allow-unregistered-dialect | --allow-unregistered-dialect) ;;
			-o) shift ;;
			-*)
				if grep -qx -- "$name" "$work/theirs" && ! grep -qx -- "$name" "$work/ours"; then
					dropped="$dropped $a"
				else
					args+=("$a")
					kept=$((kept + 1))
				fi
				;;
			esac
		done
		label="$f RUN $i"
		[ -n "$dropped" ] && label="$label (without$dropped)"
		if [ $kept = 0 ]; then
			echo "$label: skipped"
			continue
		fi
		chunkdiff_run "$label" "$dir" "${args[@]}"
	done
done
echo "total: $chunkdiff_same of $chunkdiff_total chunks identical"
