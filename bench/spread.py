#!/usr/bin/env python3
"""How far apart several runs of bench.py are: for each case, the ratio to
the baseline (x cuBLAS for GEMMs, x copy for row kernels) and Strata's
time in each run, and their spread between runs (largest over smallest,
minus one). With runs made with --single, the one-burst figures of the
same processes are set beside the rounds' figures.

    python3 bench/spread.py p1.json p2.json p3.json

Each file is one process's --out. Only the standard library is used.
"""
import json
import sys

# A ratio's key in a case record, with the baseline's and Strata's
# milliseconds it is made of.
RATIOS = [("x_cublas", "cublas_ms"), ("x_copy", "copy_ms")]


def ratio(case):
    """The case's ratio to its baseline from the rounds (the median of the
    per-round ratios) and from the one-burst figures (None without
    --single), and the name of the baseline."""
    for key, base in RATIOS:
        if case.get(key):
            one = case.get("single") or {}
            burst = one[base] / one["strata_ms"] if one.get(base) and one.get("strata_ms") else None
            return case[key]["median"], burst, base[:-3]
        if "rounds" not in case and case.get(base) and case.get("strata_ms"):
            # A run of the bench from before rounds: one burst each.
            return None, case[base] / case["strata_ms"], base[:-3]
    return None, None, None


def spread(xs):
    """Largest over smallest, minus one, of the values present."""
    xs = [x for x in xs if x]
    return max(xs) / min(xs) - 1 if len(xs) > 1 else None


def table(runs):
    """Rows of (case, baseline, rounds ratios, burst ratios, Strata ms of
    the rounds, Strata ms of the bursts) over the runs, in the order of
    the first run."""
    cases = []
    for run in runs:
        for c in run.get("results", []):
            if "error" not in c and c["case"] not in cases:
                cases.append(c["case"])
    rows = []
    for name in cases:
        found = [next((c for c in run.get("results", []) if c.get("case") == name and "error" not in c), None) for run in runs]
        rr, br, ms, bms, base = [], [], [], [], None
        for c in found:
            if c is None:
                rr.append(None), br.append(None), ms.append(None), bms.append(None)
                continue
            r, b, base = ratio(c)
            one = c.get("single") or ({} if "rounds" in c else c)
            rr.append(r), br.append(b), ms.append(c.get("strata_ms") if "rounds" in c else None), bms.append(one.get("strata_ms"))
        if base:
            rows.append((name, base, rr, br, ms, bms))
    return rows


def fmt(xs, f):
    return " / ".join("-" if x is None else f % x for x in xs)


def pct(x):
    return "-" if x is None else f"{100 * x:.1f}%"


def main(paths):
    if not paths:
        print("usage: spread.py RUN.json [RUN.json ...]", file=sys.stderr)
        return 2
    runs = []
    for p in paths:
        try:
            with open(p) as f:
                runs.append(json.load(f))
        except (OSError, ValueError) as e:
            print(f"spread.py: {p}: {e}", file=sys.stderr)
            return 1
    print(f"{len(runs)} runs: " + ", ".join(f"{r.get('gpu', '?')} {r.get('date', '')} {r.get('time_utc', '')}".strip() for r in runs))
    print(f"{'case':52} {'x':>6} {'rounds':>24} {'spread':>6} {'burst':>24} {'spread':>6} {'Strata ms, rounds':>24} {'spread':>6} "
          f"{'Strata ms, burst':>24} {'spread':>6}")
    for name, base, rr, br, ms, bms in table(runs):
        print(f"{name:52} {base:>6} {fmt(rr, '%.3f'):>24} {pct(spread(rr)):>6} {fmt(br, '%.3f'):>24} {pct(spread(br)):>6} "
              f"{fmt(ms, '%.3f'):>24} {pct(spread(ms)):>6} {fmt(bms, '%.3f'):>24} {pct(spread(bms)):>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
