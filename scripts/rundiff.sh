#!/bin/bash
# rundiff.sh compares strata-opt with mlir-opt-22 on upstream MLIR test
# files under the mlir-opt pipelines of their RUN lines.
#
#   scripts/rundiff.sh [-opt STRATA_OPT] [-base OTHER_OPT] [-timeout SECONDS] [-v] FILE.mlir...
#
# Each RUN line (continuations joined) whose first stage is `mlir-opt %s`
# (a leading `not` dropped) is run up to its first stage that is not
# mlir-opt: two mlir-opt stages piped into each other run that way, and
# FileCheck and the like are left out. The flags are kept as written
# (`-verify-diagnostics` included) less `%s`, `-o FILE` and redirections.
# Both tools register upstream's test dialect (dialects/test), which takes
# unknown `test.*` operations without `-allow-unregistered-dialect`. A line with
# `-split-input-file` runs on every `// -----` chunk of its file, one
# process per chunk; a line without it runs on the whole file. A pass that mlir-opt-22 has and
# strata-opt does not is left out of both pipelines, and the line says
# which ("without -eliminate-empty-tensors"); a line none of whose passes
# strata-opt has is skipped. A RUN line without -verify-diagnostics on a
# file with expected-* lines differs wherever those lines are: mlir-opt-22
# reports each of them as not produced even then, strata-opt does not.
# A chunk is identical when both tools print the same stdout and stderr
# and exit alike at every stage (scripts/chunkdiff.sh). The script prints
# the chunks that differ (with -v, how: the first lines of a unified diff)
# and, per RUN line, per file and in total, how many are identical.
# Without -opt it builds strata-opt. With -base, OTHER_OPT (another
# strata-opt build, say of the main branch) takes the place of mlir-opt-22,
# to see what a change changes. -timeout bounds each process (60 s by
# default). scripts/oneshot-diff.sh compares the one-shot-bufferize
# stages alone.
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
	-timeout)
		export CHUNKDIFF_TIMEOUT=$2
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

# passes TOOL prints the pass arguments TOOL registers, one a line.
passes() {
	"$1" --help 2>&1 | sed -n 's/^      --\([a-z][a-z0-9-]*\) .*/\1/p' | sort -u
}
passes "$opt" >"$work/ours"
passes "$ref" >"$work/theirs"

# runs FILE prints, for each RUN line of FILE whose first stage is
# mlir-opt, its number among those lines, "split", "whole" or "skip", the
# passes left out, and its flags (stages separated by a `|` word), the
# fields separated by \x1e and the flags by \x1f.
runs() {
	python3 - "$1" "$work/ours" "$work/theirs" <<'PY'
import re, shlex, sys
path, ours, theirs = sys.argv[1], *(set(open(p).read().split()) for p in sys.argv[2:])
lines, cur = [], ""
for line in open(path):
    m = re.match(r"\s*//\s*RUN:(.*)", line)
    if not m:
        continue
    cur += m.group(1).strip()
    if cur.endswith("\\"):
        cur = cur[:-1] + " "
        continue
    lines.append(cur)
    cur = ""
i = 0
for line in lines:
    try:
        words = shlex.split(line)
    except ValueError:
        continue
    stages = [[]]
    for w in words:
        if w == "|":
            stages.append([])
        else:
            stages[-1].append(w)
    flags, split, dropped, kept, n = [], False, [], False, 0
    for st in stages:
        if st[:1] == ["not"]:
            st = st[1:]
        if st[:1] != ["mlir-opt"]:
            break
        if n:
            flags.append("|")
        n += 1
        it = iter(st[1:])
        for w in it:
            name = w.lstrip("-").split("=")[0]
            if w == "%s":
                continue
            if name == "split-input-file":
                split = True
            elif w == "-o" or re.fullmatch(r"\d*(>>?|<)&?", w):
                next(it, None)  # the operator's target
            elif re.match(r"\d*(>>?|<)", w):
                pass  # a redirection with its target
            elif w.startswith("-") and name in theirs and name not in ours:
                dropped.append(w)
            else:
                flags.append(w)
                kept = kept or name in theirs or name == "pass-pipeline"
    if not n:
        continue
    i += 1
    mode = "skip" if dropped and not kept else "split" if split else "whole"
    print(i, mode, " ".join(dropped), "\x1f".join(flags), sep="\x1e")
PY
}

for f in "$@"; do
	# A folder of its own for each file: files of one name in different
	# folders (one-shot-bufferize.mlir) must not share their chunks.
	nfile=$((${nfile:-0} + 1))
	dir=$work/$nfile-$(basename "$f" .mlir)
	chunkdiff_split "$f" "$dir/split"
	mkdir -p "$dir/whole"
	cp "$f" "$dir/whole/c000.mlir"
	total=$chunkdiff_total
	same=$chunkdiff_same
	while IFS=$'\x1e' read -r i mode dropped flags; do
		IFS=$'\x1f' read -r -a args <<<"$flags"
		label="$f RUN $i"
		[ -n "$dropped" ] && label="$label (without $dropped)"
		if [ "$mode" = skip ]; then
			echo "$label: skipped"
		else
			chunkdiff_run "$label" "$dir/$mode" "${args[@]}"
		fi
	done < <(runs "$f")
	echo "$f: $((chunkdiff_same - same)) of $((chunkdiff_total - total)) identical"
done
echo "total: $chunkdiff_same of $chunkdiff_total chunks identical"
