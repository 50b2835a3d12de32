#!/bin/bash
# dialect-runs-diff.sh compares strata-opt with mlir-opt-22 on upstream MLIR test
# files by running every RUN line's mlir-opt pipeline, one `// -----` chunk
# per process.
#
#   scripts/dialect-runs-diff.sh [-opt STRATA_OPT] [-base OTHER_OPT] [-v] FILE.mlir...
#
# Each RUN line is split at its pipes; its mlir-opt stages (a leading `not`
# dropped) form the pipeline, and the other stages (FileCheck and the like)
# are left out. `%s`, `-split-input-file` and `-o FILE` are dropped from the
# stages' flags; everything else (the passes and their options,
# `-verify-diagnostics`) is kept, and `-allow-unregistered-dialect` is added.
# A chunk goes through the first stage, whose stdout feeds the next stage,
# and so on, until a stage exits non-zero. A chunk is identical when both
# tools exit alike and print the same stdout and stderr at every stage run.
# The script prints the chunks that differ (with -v, the first lines of a
# unified diff) and, per file and RUN line, how many chunks are identical.
# Without -opt it builds strata-opt. With -base, OTHER_OPT takes the place
# of mlir-opt-22 (to compare two strata-opt builds).
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

# stages FILE prints one line per RUN line: its mlir-opt stages separated by
# a tab, each stage's flags separated by \x1f.
stages() {
	python3 - "$1" <<'EOF'
import re, shlex, sys
text = open(sys.argv[1]).read()
runs, cur = [], None
for line in text.splitlines():
    m = re.match(r'\s*//\s*RUN:(.*)$', line)
    if not m:
        continue
    part = m.group(1).strip()
    cur = part if cur is None else cur + ' ' + part
    if cur.endswith('\\'):
        cur = cur[:-1]
        continue
    runs.append(cur)
    cur = None
for run in runs:
    out = []
    for stage in run.split('|'):
        words = shlex.split(stage)
        if words and words[0] == 'not':
            words = words[1:]
        if not words or words[0] != 'mlir-opt':
            continue
        flags, skip = [], False
        for w in words[1:]:
            if skip:
                skip = False
                continue
            if w in ('%s', '-split-input-file', '--split-input-file'):
                continue
            if w == '-o':
                skip = True
                continue
            flags.append(w)
        out.append('\x1f'.join(flags))
    if out:
        print('\t'.join(out))
EOF
}

# pipeline TOOL CHUNK OUT runs the RUN line in $line on CHUNK, writing every
# stage's output and exit status to OUT.
pipeline() {
	local tool=$1 in=$2 out=$3 s rc
	: >"$out"
	IFS=$'\t' read -r -a sts <<<"$line"
	for s in "${sts[@]}"; do
		IFS=$'\x1f' read -r -a flags <<<"$s"
		timeout 60 "$tool" -allow-unregistered-dialect "${flags[@]}" "$in" >"$out.stdout" 2>"$out.stderr"
		rc=$?
		{
			cat "$out.stdout" "$out.stderr"
			echo "exit $rc"
		} >>"$out"
		[ $rc != 0 ] && return
		cp "$out.stdout" "$out.next"
		in=$out.next
	done
}

total=0
same=0
i=0
for f in "$@"; do
	i=$((i + 1))
	dir=$work/$i
	mkdir -p "$dir" "$dir.out"
	csplit -s -z -f "$dir/c" -b %03d.mlir "$f" '/^\/\/ -----$/' '{*}'
	r=0
	while IFS= read -r line; do
		r=$((r + 1))
		n=0
		k=0
		for c in "$dir"/c*.mlir; do
			n=$((n + 1))
			o=$dir.out/$(basename "$c" .mlir)
			pipeline "$ref" "$c" "$o.ref"
			pipeline "$opt" "$c" "$o.got"
			if cmp -s "$o.ref" "$o.got"; then
				k=$((k + 1))
			else
				echo "differs: $f RUN $r chunk $((n - 1))"
				if [ $verbose = 1 ]; then
					diff -u "$o.ref" "$o.got" | sed -n '3,40p'
				fi
			fi
		done
		echo "$f RUN $r [${line//$'\x1f'/ }]: $k of $n identical"
		total=$((total + n))
		same=$((same + k))
	done < <(stages "$f")
done
echo "total: $same of $total chunks identical"
