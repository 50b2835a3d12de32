#!/bin/bash
# runline-diff.sh compares strata-opt with mlir-opt-22 on upstream MLIR test
# files by running the mlir-opt stages of each file's RUN lines, one
# `// -----` chunk per process where the RUN line splits its input.
#
#   scripts/runline-diff.sh [-opt STRATA_OPT] [-base OTHER_OPT] [-v] FILE.mlir...
#
# For every RUN line of a FILE (continuations joined), the stages of its
# shell pipeline that run mlir-opt (with or without `not`) make one
# command: their flags as written, without %s, -split-input-file, -o and
# redirections; two mlir-opt stages piped into each other are run the same
# way. A line with -split-input-file runs on each chunk of the file, one
# without on the whole file. A run is identical when both tools' exit
# statuses and outputs (stdout and stderr together, the last stage's) are.
# The script prints the runs that differ (with -v, how: the first lines of
# a unified diff) and, per file and command and in total, how many runs are
# identical. Without -opt it builds strata-opt. With -base, OTHER_OPT
# (another strata-opt build, say of the main branch) takes the place of
# mlir-opt-22, to see what a change changes.
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

# commands FILE prints one line per distinct mlir-opt command of FILE's RUN
# lines: "split" or "whole", a tab, then the stages' flags separated by
# " | ".
commands() {
	sed -n 's|^// RUN:||p' "$1" | sed -e ':a' -e '/\\$/N; s/\\\n\/\/ RUN:/ /; s/\\\n/ /; ta' |
		awk '{
		n = split($0, stages, "|")
		out = ""; split_ = "whole"
		for (i = 1; i <= n; i++) {
			s = stages[i]
			sub(/^[ \t]+/, "", s)
			sub(/^not[ \t]+/, "", s)
			if (s !~ /^mlir-opt([ \t]|$)/) {
				if (out != "") break
				continue
			}
			sub(/^mlir-opt/, "", s)
			m = split(s, w, /[ \t]+/)
			f = ""
			for (j = 1; j <= m; j++) {
				if (w[j] == "" || w[j] == "%s") continue
				if (w[j] ~ /^--?split-input-file$/) { split_ = "split"; continue }
				if (w[j] == "-o") { j++; continue }
				if (w[j] ~ /^[0-9]*>/ || w[j] ~ /^</) {
					if (w[j] ~ /^[0-9]*>&?$/ || w[j] == "<") j++
					continue
				}
				f = f " " w[j]
			}
			out = out (out == "" ? "" : " |") f
		}
		if (out != "") print split_ "\t" out
	}' | sort -u
}

# runcmd TOOL FLAGS INPUT runs the stages of FLAGS on INPUT with TOOL.
runcmd() {
	local tool=$1 flags=$2 in=$3 stage first=1 rc=0
	local -a stages
	IFS='|' read -r -a stages <<<"$flags"
	cp "$in" "$in.stage"
	for stage in "${stages[@]}"; do
		if [ $first = 0 ] && [ $rc != 0 ]; then
			break
		fi
		eval "set -- $stage"
		timeout 60 "$tool" "$@" "$in.stage" >"$in.out" 2>"$in.err"
		rc=$?
		cat "$in.out" "$in.err" >"$in.all"
		cp "$in.out" "$in.stage"
		first=0
	done
	return $rc
}

total=0
same=0
for f in "$@"; do
	dir=$work/$(basename "$f" .mlir)
	mkdir -p "$dir"
	csplit -s -z -f "$dir/c" -b %03d.mlir "$f" '/^\/\/ -----$/' '{*}'
	cp "$f" "$dir/whole.mlir"
	while IFS=$'\t' read -r mode flags; do
		if [ "$mode" = split ]; then
			inputs=("$dir"/c*.mlir)
		else
			inputs=("$dir/whole.mlir")
		fi
		n=0
		k=0
		for c in "${inputs[@]}"; do
			n=$((n + 1))
			runcmd "$ref" "$flags" "$c"
			r1=$?
			mv "$c.all" "$c.ref"
			runcmd "$opt" "$flags" "$c"
			r2=$?
			mv "$c.all" "$c.got"
			if [ $r1 = $r2 ] && cmp -s "$c.ref" "$c.got"; then
				k=$((k + 1))
			else
				echo "differs: $f chunk $((n - 1)) [$flags] (exit $r1 / $r2)"
				if [ $verbose = 1 ]; then
					diff -u "$c.ref" "$c.got" | sed -n '3,40p'
				fi
			fi
		done
		echo "$f [$flags]: $k of $n identical"
		total=$((total + n))
		same=$((same + k))
	done < <(commands "$f")
done
echo "total: $same of $total runs identical"
