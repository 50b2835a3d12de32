#!/bin/bash
# oneshot-diff.sh compares one-shot-bufferize with mlir-opt-22 on upstream
# MLIR test files, one `// -----` chunk per process (print-conflicts numbers
# its marks per process).
#
#   scripts/oneshot-diff.sh [-opt STRATA_OPT] [-base OTHER_OPT] [-with OPTIONS] [-v] FILE.mlir...
#
# Each FILE is an upstream test (for example
# mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-analysis.mlir
# of an llvm-project checkout). Every distinct option string of its RUN
# lines' `-one-shot-bufferize="..."` stages is run on every chunk through
# both tools with `-allow-unregistered-dialect`; a chunk is identical when
# the exit statuses and the outputs (stdout and stderr) are. It prints the
# chunks that differ (with -v, how: the first lines of a unified diff) and,
# per file and option string and in total, how many are identical. Without
# -opt it builds strata-opt. With -base, OTHER_OPT (another strata-opt
# build, say of the main branch) takes the place of mlir-opt-22, to see
# what a change changes. -with appends OPTIONS (for example
# "analysis-heuristic=top-down" or "copy-before-write") to every option
# string.
set -u
ref=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
opt=""
verbose=0
with=""
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
	-with)
		with=$2
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
# shellcheck source-path=SCRIPTDIR source=chunkdiff.sh
. "$(dirname "$0")/chunkdiff.sh"
for f in "$@"; do
	# The option strings of the file's RUN lines (continuations joined),
	# double-quoted, single-quoted or bare.
	mapfile -t optsets < <(sed -n 's|^// RUN:||p' "$f" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
		grep -o -- "-one-shot-bufferize\\(=\"[^\"]*\"\\|='[^']*'\\|=[^ ]*\\)\\?" |
		sed -e 's/^-one-shot-bufferize=\?//' -e 's/^["'"'"']//' -e 's/["'"'"']$//' | sort -u)
	[ ${#optsets[@]} -eq 0 ] && continue
	if [ -n "$with" ]; then
		for k in "${!optsets[@]}"; do
			optsets[k]="${optsets[k]:+${optsets[k]} }$with"
		done
	fi
	# A folder of its own for each file: files of one name in different
	# folders (one-shot-bufferize.mlir) must not share their chunks.
	nfile=$((${nfile:-0} + 1))
	dir=$work/$nfile-$(basename "$f" .mlir)
	chunkdiff_split "$f" "$dir"
	for o in "${optsets[@]}"; do
		chunkdiff_run "$f [$o]" "$dir" -allow-unregistered-dialect "--one-shot-bufferize=$o"
	done
done
echo "total: $chunkdiff_same of $chunkdiff_total chunks identical"
